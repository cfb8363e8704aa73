// The game board: lichess's chessground, with the legal moves from chessops.
//
// Mounted on every #board that carries data-fen. A board the player may
// move on (data-interactive="1", their colour in data-color) lets them
// drag or click their own pieces to a legal square; the move is written in
// UCI into #move-input and the form sent: the server then asks to confirm
// it (Art. 54.3.1). A pawn reaching the last rank asks for the piece first.
// Without script the server's SVG board stays, and the text field works.
import { Chessground } from "@lichess-org/chessground";
import { Chess } from "chessops/chess";
import { chessgroundDests } from "chessops/compat";
import { parseFen } from "chessops/fen";

const ROLES = ["queen", "rook", "bishop", "knight"];
const LETTER = { queen: "q", rook: "r", bishop: "b", knight: "n" };

function positionOf(fen) {
  const setup = parseFen(fen);
  if (setup.isErr) return null;
  const pos = Chess.fromSetup(setup.value);
  return pos.isErr ? null : pos.value;
}

function lastMoveOf(uci) {
  return /^[a-h][1-8][a-h][1-8]/.test(uci || "") ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined;
}

// Castling as the king's two-square step, whichever square was chosen.
function normalise(pos, orig, dest) {
  const piece = pieceOn(pos, orig);
  if (piece && piece.role === "king" && orig[1] === dest[1]) {
    const from = orig.charCodeAt(0), to = dest.charCodeAt(0);
    if (Math.abs(to - from) > 1) return orig + (to > from ? "g" : "c") + orig[1];
  }
  return orig + dest;
}

function pieceOn(pos, key) {
  const square = (key.charCodeAt(0) - 97) + 8 * (key.charCodeAt(1) - 49);
  return pos.board.get(square);
}

function button(text, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  return b;
}

function mount(box) {
  if (box.dataset.mounted === "1" || !box.dataset.fen) return;
  const fen = box.dataset.fen;
  const pos = positionOf(fen);
  const color = box.dataset.color === "black" ? "black" : "white";
  const form = document.getElementById("move-form");
  const input = document.getElementById("move-input");
  const movable = box.dataset.interactive === "1" && !!pos && pos.turn === color && !!form && !!input;
  box.dataset.mounted = "1";

  const frame = document.createElement("div");
  frame.className = "board-frame";
  const wrap = document.createElement("div");
  wrap.className = "cg-wrap";
  frame.appendChild(wrap);
  box.replaceChildren(frame);
  // The picture of the position is the board proper; the chooser beside it stays reachable.
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", box.getAttribute("aria-label") || "");
  box.removeAttribute("role");
  box.removeAttribute("aria-label");

  const tools = document.createElement("div");
  tools.className = "board-tools";
  const flip = button(box.dataset.flipLabel || "Flip", "board-flip");
  flip.id = "board-flip";
  tools.appendChild(flip);
  box.after(tools);

  let chooser = null;
  const cg = Chessground(wrap, {
    fen,
    orientation: color,
    turnColor: pos ? pos.turn : "white",
    check: pos && pos.isCheck() ? pos.turn : false,
    lastMove: lastMoveOf(box.dataset.last),
    coordinates: true,
    viewOnly: !movable,
    animation: { enabled: true, duration: 150 },
    highlight: { lastMove: true, check: true },
    movable: {
      free: false,
      color: movable ? color : undefined,
      dests: movable ? chessgroundDests(pos) : new Map(),
      showDests: true,
      events: { after: (orig, dest) => played(orig, dest) },
    },
    premovable: { enabled: false },
    draggable: { enabled: movable, showGhost: true },
    selectable: { enabled: movable },
    drawable: { enabled: false, visible: false },
  });
  box.chessground = cg;
  flip.addEventListener("click", () => {
    cg.toggleOrientation();
    box.dataset.orientation = cg.state.orientation;
  });
  box.dataset.orientation = color;

  function send(uci) {
    input.value = uci;
    box.dataset.move = uci;
    form.submit();
  }

  function played(orig, dest) {
    const piece = pieceOn(pos, orig);
    const last = color === "white" ? "8" : "1";
    if (piece && piece.role === "pawn" && dest[1] === last) {
      choose(orig, dest);
      return;
    }
    send(normalise(pos, orig, dest));
  }

  // The pieces a pawn may become, over the board; Escape or "cancel" takes the move back.
  function choose(orig, dest) {
    chooser = document.createElement("div");
    chooser.className = "cg-wrap promotion-chooser";
    chooser.id = "promotion-chooser";
    chooser.setAttribute("role", "dialog");
    chooser.setAttribute("aria-label", box.dataset.promoteLabel || "Promote to");
    const names = (box.dataset.pieceNames || "queen,rook,bishop,knight").split(",");
    ROLES.forEach((role, i) => {
      const b = button("", "promote-to " + role);
      b.dataset.role = role;
      b.title = names[i] || role;
      b.setAttribute("aria-label", names[i] || role);
      const img = document.createElement("piece");
      img.className = role + " " + color;
      b.appendChild(img);
      b.addEventListener("click", () => send(orig + dest + LETTER[role]));
      chooser.appendChild(b);
    });
    const cancel = button(box.dataset.cancelLabel || "Cancel", "promote-cancel");
    cancel.addEventListener("click", back);
    chooser.appendChild(cancel);
    chooser.addEventListener("keydown", event => {
      if (event.key === "Escape") back();
    });
    frame.classList.add("choosing");
    frame.appendChild(chooser);
    chooser.querySelector("button").focus();
  }

  function back() {
    if (chooser) chooser.remove();
    chooser = null;
    frame.classList.remove("choosing");
    cg.set({
      fen,
      lastMove: lastMoveOf(box.dataset.last),
      turnColor: pos.turn,
      check: pos.isCheck() ? pos.turn : false,
      movable: { color, dests: chessgroundDests(pos) },
    });
  }
}

function start() {
  document.documentElement.classList.add("board-js");
  document.querySelectorAll("#board[data-fen]").forEach(mount);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
