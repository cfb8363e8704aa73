// The board by keyboard: the board takes the focus, a framed square (the
// cursor) moves with the arrow keys, and Enter or Space does what a click
// on that square does (chessground's selectSquare), so picking, legality
// and the promotion chooser are those of the mouse. Each step is said to
// screen readers ("e2, white pawn") through a polite live region.

const LETTER = { king: "k", queen: "q", rook: "r", bishop: "b", knight: "n", pawn: "p" };
const STEPS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// The words for the piece on a square: "white pawn", "empty".
export function describe(cg, words, key) {
  const piece = cg.state.pieces.get(key);
  if (!piece) return words.empty || "empty";
  const letter = LETTER[piece.role];
  const code = piece.color === "white" ? letter.toUpperCase() : letter;
  return words[code] || piece.color + " " + piece.role;
}

// Arrow keys move the cursor as the board is seen: up is away from the player.
function stepped(key, [df, dr], orientation) {
  const sign = orientation === "black" ? -1 : 1;
  const file = key.charCodeAt(0) - 97 + sign * df;
  const rank = key.charCodeAt(1) - 49 + sign * dr;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return key;
  return String.fromCharCode(97 + file) + String.fromCharCode(49 + rank);
}

export function attachCursor(board) {
  const { wrap, cg, words } = board;
  let cursor = null;

  function draw(on) {
    cg.set({ highlight: { custom: on && cursor ? new Map([[cursor, "kb-cursor"]]) : new Map() } });
    wrap.dataset.cursor = on && cursor ? cursor : "";
  }

  function say() {
    let text = cursor + ", " + describe(cg, words, cursor);
    if (cg.state.selected === cursor) text += ", " + (words.selected || "selected");
    board.speak(text);
  }

  function start() {
    if (cursor) return;
    const last = cg.state.lastMove;
    cursor = cg.state.selected || (last && last[1]) || (cg.state.orientation === "black" ? "e7" : "e2");
  }

  wrap.tabIndex = 0;
  wrap.addEventListener("focus", () => {
    // Not for a focus given after a click (the analysis opened with the mouse).
    if (!wrap.matches(":focus-visible")) return;
    start();
    draw(true);
    say();
  });
  wrap.addEventListener("blur", () => draw(false));
  wrap.addEventListener("keydown", event => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = STEPS[event.key];
    if (step && !event.shiftKey) {
      event.preventDefault();
      start();
      cursor = stepped(cursor, step, cg.state.orientation);
      draw(true);
      say();
    } else if ((event.key === "Enter" || event.key === " ") && !event.shiftKey) {
      event.preventDefault();
      start();
      if (cg.state.selected === cursor) cg.selectSquare(null);
      else cg.selectSquare(cursor);
      // A move made by it may have moved the focus (the promotion chooser, a new page).
      if (document.activeElement === wrap) say();
    } else if (event.key === "Escape" && cg.state.selected) {
      event.preventDefault();
      cg.selectSquare(null);
      say();
    } else {
      board.key(event);
    }
  });

  // A square touched with the mouse becomes the cursor's square too (asked
  // at once: chessground tells its own events a moment later).
  wrap.addEventListener("pointerdown", event => {
    const key = cg.getKeyAtDomPos([event.clientX, event.clientY]);
    if (!key) return;
    cursor = key;
    if (document.activeElement === wrap) draw(true);
  });
}
