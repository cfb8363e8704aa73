// The record as a way through the game: every move the server listed
// (data-ply, data-fen, data-uci) shows the position after it when clicked
// or reached with the keys; the move shown is marked aria-current, and
// only it is in the Tab order (one stop for the whole list).

export function attachList(table, board) {
  const moves = [...table.querySelectorAll(".move[data-ply]")];
  if (!moves.length) return null;
  const byPly = new Map(moves.map(m => [Number(m.dataset.ply), m]));
  const last = Math.max(...byPly.keys());

  moves.forEach(m => {
    m.setAttribute("role", "button");
    m.tabIndex = -1;
    m.addEventListener("click", () => board.goTo(Number(m.dataset.ply)));
  });
  table.addEventListener("keydown", event => {
    const item = event.target.closest(".move[data-ply]");
    if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
    const ply = board.ply();
    const to = {
      ArrowLeft: ply - 1, ArrowUp: ply - 1, ArrowRight: ply + 1, ArrowDown: ply + 1,
      Home: 0, End: last, Enter: Number(item.dataset.ply), " ": Number(item.dataset.ply),
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    board.goTo(Math.max(0, Math.min(last, to)));
  });

  // The words for a ply: "12... Nf6".
  function label(ply) {
    const item = byPly.get(ply);
    if (!item) return "";
    const row = item.closest("tr");
    const number = row ? row.querySelector("th").textContent.trim() : "";
    const black = item.closest("td") !== (row && row.querySelector("td"));
    return (black ? number + ".. " : number + " ") + item.textContent.trim();
  }

  return {
    last,
    label,
    fen: ply => (byPly.get(ply) || {}).dataset?.fen,
    uci: ply => (byPly.get(ply) || {}).dataset?.uci,
    // Marks the move shown; the focus follows it if it was in the list.
    mark(ply) {
      const had = table.contains(document.activeElement);
      const current = byPly.get(ply) || byPly.get(Math.min(...byPly.keys()));
      moves.forEach(m => {
        if (m === byPly.get(ply)) m.setAttribute("aria-current", "step");
        else m.removeAttribute("aria-current");
        m.tabIndex = m === current ? 0 : -1;
      });
      if (had && current) current.focus();
    },
    enable(on) {
      table.classList.toggle("inert", !on);
      table.setAttribute("aria-disabled", on ? "false" : "true");
    },
  };
}
