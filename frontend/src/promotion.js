// The pieces a pawn may become, over the board. The chooser takes the focus
// (Tab or the arrow keys go from piece to piece, Enter or Space chooses);
// Escape or "cancel" takes the move back and gives the focus back.

const ROLES = ["queen", "rook", "bishop", "knight"];
const LETTER = { queen: "q", rook: "r", bishop: "b", knight: "n" };

export function button(text, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  return b;
}

// Shows the chooser in frame for a pawn of color; chosen(letter) or
// cancelled() is called once, after the chooser is gone.
export function choosePromotion(box, frame, color, chosen, cancelled) {
  const chooser = document.createElement("div");
  chooser.className = "cg-wrap promotion-chooser";
  chooser.id = "promotion-chooser";
  chooser.setAttribute("role", "dialog");
  chooser.setAttribute("aria-label", box.dataset.promoteLabel || "Promote to");
  const names = (box.dataset.pieceNames || "queen,rook,bishop,knight").split(",");

  function close(then) {
    chooser.remove();
    frame.classList.remove("choosing");
    then();
  }

  ROLES.forEach((role, i) => {
    const b = button("", "promote-to " + role);
    b.dataset.role = role;
    b.title = names[i] || role;
    b.setAttribute("aria-label", names[i] || role);
    const img = document.createElement("piece");
    img.className = role + " " + color;
    b.appendChild(img);
    b.addEventListener("click", () => close(() => chosen(LETTER[role])));
    chooser.appendChild(b);
  });
  const cancel = button(box.dataset.cancelLabel || "Cancel", "promote-cancel");
  cancel.addEventListener("click", () => close(cancelled));
  chooser.appendChild(cancel);
  chooser.addEventListener("keydown", event => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(cancelled);
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const buttons = [...chooser.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    buttons[(at + step + buttons.length) % buttons.length].focus();
  });
  frame.classList.add("choosing");
  frame.appendChild(chooser);
  chooser.querySelector("button").focus();
  return chooser;
}
