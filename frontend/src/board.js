// The game board: lichess's chessground, with the legal moves from chessops.
//
// Mounted on every #board that carries data-fen. A board the player may
// move on (data-interactive="1", their colour in data-color) lets them
// drag or click their own pieces to a legal square, or do the same by
// keyboard (cursor.js); the move is written in UCI into #move-input and the
// form sent: the server then asks to confirm it (Art. 54.3.1). A pawn
// reaching the last rank asks for the piece first (promotion.js).
//
// On the game page (data-review="1") the board also shows any earlier
// position of the record (movelist.js) and, for the players, an analysis
// board (analysis.js). The board is then in one of three modes: "live"
// (the game's position, moves go to the server), "review" (an earlier
// position, nothing moves) and "analysis" (both sides move, nothing is sent).
//
// Without script the server's SVG board stays, and the text field works.
// The page may run this file again after replacing <main> (live.js): only
// elements inside the board's page get listeners, never the document.
import { Chessground } from "@lichess-org/chessground";
import { chessgroundDests } from "chessops/compat";
import { INITIAL_FEN, makeBoardFen } from "chessops/fen";
import { attachAnalysis } from "./analysis.js";
import { attachCursor } from "./cursor.js";
import { attachList } from "./movelist.js";
import { lastMoveOf, normalise, pieceOn, positionOf, promotes } from "./position.js";
import { button, choosePromotion } from "./promotion.js";

function wordsOf(box) {
  try {
    return JSON.parse(box.dataset.words || "{}");
  } catch (e) {
    return {};
  }
}

function mount(box) {
  if (box.dataset.mounted === "1" || !box.dataset.fen) return;
  box.dataset.mounted = "1";
  const fen = box.dataset.fen;
  const pos = positionOf(fen);
  const color = box.dataset.color === "black" ? "black" : "white";
  const form = document.getElementById("move-form");
  const input = document.getElementById("move-input");
  const movable = box.dataset.interactive === "1" && !!pos && pos.turn === color && !!form && !!input;
  const review = box.dataset.review === "1" && !!pos;

  const frame = document.createElement("div");
  frame.className = "board-frame";
  const wrap = document.createElement("div");
  wrap.className = "cg-wrap";
  frame.appendChild(wrap);
  box.replaceChildren(frame);
  // The board proper is the focusable picture of the position; the chooser beside it stays reachable.
  const liveLabel = box.getAttribute("aria-label") || "";
  wrap.setAttribute("role", "application");
  wrap.setAttribute("aria-label", liveLabel);
  const keys = document.getElementById("board-keys");
  if (keys) wrap.setAttribute("aria-describedby", keys.id);
  box.removeAttribute("role");
  box.removeAttribute("aria-label");

  const tools = document.createElement("div");
  tools.className = "board-tools";
  const speech = document.createElement("p");
  speech.className = "sr-only";
  speech.id = "board-speech";
  speech.setAttribute("aria-live", "polite");
  box.after(tools, speech);

  const cg = Chessground(wrap, {
    fen,
    orientation: color,
    turnColor: pos ? pos.turn : "white",
    check: pos && pos.isCheck() ? pos.turn : false,
    lastMove: lastMoveOf(box.dataset.last),
    coordinates: true,
    // A board that may later take moves (the game page) listens from the start.
    viewOnly: !movable && !review,
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

  const board = {
    box, wrap, cg, color,
    words: wordsOf(box),
    style: box.dataset.notation || "san",
    live: { fen, pos, last: lastMoveOf(box.dataset.last) },
    mode: "live",
    shown: pos,
    plyShown: 0,
  };
  let spoken = 0;
  board.speak = text => {
    // A repeated text is changed a little, so that it is said again.
    spoken += 1;
    speech.textContent = text + (spoken % 2 ? "" : "\u00a0");
  };
  board.label = text => {
    const words = board.words.after;
    wrap.setAttribute("aria-label", text && words ? words.replace("%(move)s", text) : liveLabel);
  };
  // A piece picked while the last move was being taken stays picked (keep).
  board.show = (shown, last, who, keep = false) => {
    board.shown = shown;
    cg.set({
      fen: makeBoardFen(shown.board),
      turnColor: shown.turn,
      check: shown.isCheck() ? shown.turn : false,
      lastMove: last,
      movable: { color: who, dests: who ? chessgroundDests(shown) : new Map() },
      draggable: { enabled: !!who },
      selectable: { enabled: !!who },
    });
    if (!keep) cg.selectSquare(null);
  };

  const flip = button(box.dataset.flipLabel || "Flip", "board-flip");
  flip.id = "board-flip";
  flip.addEventListener("click", () => {
    cg.toggleOrientation();
    box.dataset.orientation = cg.state.orientation;
  });
  box.dataset.orientation = color;

  const table = review ? document.getElementById("record") : null;
  const list = table ? attachList(table, board) : null;
  const last = list ? list.last : 0;
  board.plyShown = last;

  const back = button(box.dataset.liveLabel || "Back to the game", "board-live");
  back.id = "board-live";
  back.hidden = true;
  back.addEventListener("click", () => goLive());

  const section = review && box.dataset.analyseLabel ? document.getElementById("analysis") : null;
  const analysis = section ? attachAnalysis(section, board) : null;
  const analyse = section ? button(box.dataset.analyseLabel, "board-analyse") : null;
  if (analyse) {
    analyse.id = "board-analyse";
    analyse.setAttribute("aria-controls", section.id);
    analyse.setAttribute("aria-expanded", "false");
    analyse.addEventListener("click", () => (board.mode === "analysis" ? board.closeAnalysis() : openAnalysis()));
    tools.appendChild(analyse);
  }
  tools.append(back, flip);

  function setMode(mode) {
    board.mode = mode;
    box.dataset.mode = mode;
    back.hidden = mode !== "review";
    if (analyse) analyse.setAttribute("aria-expanded", String(mode === "analysis"));
    if (list) list.enable(mode !== "analysis");
    closeChooser();
  }

  function goLive() {
    if (board.mode === "analysis") analysis.close();
    setMode("live");
    board.plyShown = last;
    box.dataset.ply = String(last);
    board.show(pos, board.live.last, movable ? color : undefined);
    board.label(null);
    if (list) list.mark(last);
  }

  board.goTo = ply => {
    if (!list || board.mode === "analysis") return;
    if (ply >= last) return goLive();
    setMode("review");
    board.plyShown = ply;
    box.dataset.ply = String(ply);
    // Before the first move: the game's start (a thematic position, Art. 26).
    const start = box.dataset.startFen || INITIAL_FEN;
    board.show(positionOf(ply ? list.fen(ply) : start), lastMoveOf(ply ? list.uci(ply) : ""));
    if (ply) board.label(list.label(ply));
    else wrap.setAttribute("aria-label", board.words.start || liveLabel);
    list.mark(ply);
  };
  board.ply = () => board.plyShown;

  // Keys the cursor leaves to the board: Home, End and Shift with an arrow step through the record.
  board.key = event => {
    if (!list || board.mode === "analysis") return;
    const ply = board.plyShown;
    const to = event.key === "Home" ? 0 : event.key === "End" ? last
      : event.shiftKey && event.key === "ArrowLeft" ? ply - 1
      : event.shiftKey && event.key === "ArrowRight" ? ply + 1 : undefined;
    if (to === undefined) return;
    event.preventDefault();
    board.goTo(Math.max(0, Math.min(last, to)));
    board.speak(board.plyShown ? list.label(board.plyShown) : board.words.start || "");
  };

  function openAnalysis() {
    setMode("analysis");
    analysis.open();
    wrap.focus();
  }
  board.closeAnalysis = () => {
    goLive();
    if (analyse) analyse.focus();
  };

  function send(uci) {
    input.value = uci;
    box.dataset.move = uci;
    form.submit();
  }

  // A move made on the board, by mouse or keyboard, in whatever mode allows one.
  function take(uci) {
    if (board.mode === "analysis") analysis.play(uci);
    else if (board.mode === "live" && movable) send(uci);
  }

  let chooser = null;
  function played(orig, dest) {
    const at = board.shown;
    if (!at) return;
    if (promotes(at, orig, dest)) {
      const wasFocused = document.activeElement === wrap;
      chooser = choosePromotion(box, frame, pieceOn(at, orig).color,
        letter => { chooser = null; take(orig + dest + letter); },
        () => { chooser = null; redraw(); if (wasFocused) wrap.focus(); });
      return;
    }
    take(normalise(at, orig, dest));
  }

  function closeChooser() {
    if (chooser) chooser.remove();
    chooser = null;
    frame.classList.remove("choosing");
  }

  // The current mode's position again (a promotion taken back).
  function redraw() {
    if (board.mode === "analysis") analysis.redraw();
    else if (board.mode === "live") goLive();
    else board.goTo(board.plyShown);
  }

  attachCursor(board);
  box.dataset.mode = "live";
  box.dataset.ply = String(last);
  if (list) list.mark(last);
}

function start() {
  document.documentElement.classList.add("board-js");
  document.querySelectorAll("#board[data-fen]").forEach(mount);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
