// The analysis board: from the game's position the pieces of both sides
// move (legal moves only), the line made is written in the player's
// notation, and it can be put into the game's forms: the conditional-line
// form when the partner is to move, the move form (the first move, then
// the rest as the conditional line) when the player is. It never sends
// anything itself: the player reads the form and sends it.
import { after, lastMoveOf } from "./position.js";
import { moveLabel, writeLine } from "./notation.js";

export function attachAnalysis(section, board) {
  const line = [];
  const text = section.querySelector("#analysis-line");
  const toLine = section.querySelector("#analysis-to-line");
  const toMove = section.querySelector("#analysis-to-move");
  const lineHint = section.querySelector("#analysis-line-hint");
  const moveHint = section.querySelector("#analysis-move-hint");
  const lineForm = document.getElementById("line-form");
  const lineInput = document.getElementById("line-input");
  const moveForm = document.getElementById("move-form");
  const moveInput = document.getElementById("move-input");
  const conditional = document.getElementById("conditional-input");
  const start = board.live.pos;
  const mine = start.turn === board.color;
  // Which form the line can go to: none once the game is over.
  const intoLine = !mine && !!lineForm && !!lineInput;
  const intoMove = mine && !!moveForm && !!moveInput;
  toLine.hidden = lineHint.hidden = !intoLine;
  toMove.hidden = moveHint.hidden = !intoMove;

  function position(plies = line.length) {
    let pos = start;
    for (const uci of line.slice(0, plies)) pos = after(pos, uci);
    return pos;
  }

  function draw(keep = false) {
    const pos = position();
    const written = writeLine(start, line, board.style);
    text.textContent = line.length ? written.numbered : text.dataset.empty || "";
    text.dataset.plain = written.plain;
    toLine.disabled = !(line.length >= 2 && line.length % 2 === 0);
    toMove.disabled = line.length % 2 === 0;
    // While there is a line, a change in the game does not replace the page under it.
    if (line.length) board.box.dataset.liveHold = "1";
    else delete board.box.dataset.liveHold;
    board.show(pos, line.length ? lastMoveOf(line[line.length - 1]) : board.live.last, "both", keep);
    const n = line.length;
    board.label(n ? moveLabel(position(n - 1), line[n - 1], board.style) : null);
  }

  function fill(input, value) {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  section.querySelector("#analysis-undo").addEventListener("click", () => {
    line.pop();
    draw();
  });
  section.querySelector("#analysis-reset").addEventListener("click", () => {
    line.length = 0;
    draw();
  });
  section.querySelector("#analysis-close").addEventListener("click", () => board.closeAnalysis());
  toLine.addEventListener("click", () => {
    fill(lineInput, text.dataset.plain);
    lineInput.focus();
  });
  toMove.addEventListener("click", () => {
    const [first, ...rest] = text.dataset.plain.split(" ");
    fill(moveInput, first);
    if (conditional) fill(conditional, rest.join(" "));
    moveInput.focus();
  });

  return {
    open() {
      section.hidden = false;
      draw();
    },
    close() {
      line.length = 0;
      delete board.box.dataset.liveHold;
      section.hidden = true;
    },
    // A legal move made on the board.
    play(uci) {
      if (!after(position(), uci)) return draw();
      line.push(uci);
      draw(true);
    },
    redraw: draw,
  };
}
