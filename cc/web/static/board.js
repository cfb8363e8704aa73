// Click a piece, then its square: the move goes to the "send" form (the
// player still confirms it on the next page, Art. 54.3.1).
(function () {
  "use strict";
  var box = document.getElementById("board");
  if (!box || box.dataset.interactive !== "1") { return; }
  var form = document.getElementById("move-form");
  var input = document.getElementById("move-input");
  var placement = (box.dataset.fen || "").split(" ")[0];
  var from = null;

  function pieceAt(square) {
    var file = square.charCodeAt(0) - 97, rank = parseInt(square[1], 10);
    var rows = placement.split("/");
    var row = rows[8 - rank] || "", col = 0;
    for (var i = 0; i < row.length; i++) {
      var c = row[i];
      if (/[1-8]/.test(c)) { col += parseInt(c, 10); continue; }
      if (col === file) { return c; }
      col += 1;
    }
    return null;
  }

  function squareOf(target) {
    var rect = target.closest ? target.closest("rect.square") : null;
    if (!rect) { return null; }
    for (var i = 0; i < rect.classList.length; i++) {
      if (/^[a-h][1-8]$/.test(rect.classList[i])) { return rect; }
    }
    return null;
  }

  function nameOf(rect) {
    for (var i = 0; i < rect.classList.length; i++) {
      if (/^[a-h][1-8]$/.test(rect.classList[i])) { return rect.classList[i]; }
    }
    return null;
  }

  box.addEventListener("click", function (event) {
    var rect = squareOf(event.target);
    if (!rect) { return; }
    var square = nameOf(rect);
    if (from === null) {
      if (!pieceAt(square)) { return; }
      from = square;
      rect.classList.add("picked");
      box.dataset.from = square;
      return;
    }
    var picked = box.querySelector("rect.picked");
    if (picked) { picked.classList.remove("picked"); }
    if (square === from) { from = null; delete box.dataset.from; return; }
    var move = from + square;
    var piece = pieceAt(from);
    if ((piece === "P" && square[1] === "8") || (piece === "p" && square[1] === "1")) {
      move += document.getElementById("promotion").value || "q";
    }
    from = null;
    input.value = move;
    form.submit();
  });
})();
