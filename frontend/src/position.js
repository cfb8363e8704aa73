// Positions and moves as the board's script handles them: chessops
// positions, squares as chessground's keys ("e2"), moves as UCI strings
// with castling written as the king's two-square step (e1g1), the way the
// server reads and writes them.
import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";

export function positionOf(fen) {
  const setup = parseFen(fen || "");
  if (setup.isErr) return null;
  const pos = Chess.fromSetup(setup.value);
  return pos.isErr ? null : pos.value;
}

export function lastMoveOf(uci) {
  return /^[a-h][1-8][a-h][1-8]/.test(uci || "") ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined;
}

export function squareOf(key) {
  return (key.charCodeAt(0) - 97) + 8 * (key.charCodeAt(1) - 49);
}

export function pieceOn(pos, key) {
  return pos.board.get(squareOf(key));
}

// Castling as the king's two-square step, whichever square was chosen
// (chessground also offers the rook's square). A king that does not start
// on the e-file (Chess960) castles onto its rook, the one unambiguous form,
// which the server reads as it is.
export function normalise(pos, orig, dest) {
  const piece = pieceOn(pos, orig);
  if (piece && piece.role === "king" && orig[1] === dest[1] && orig[0] === "e") {
    const from = orig.charCodeAt(0), to = dest.charCodeAt(0);
    if (Math.abs(to - from) > 1) return orig + (to > from ? "g" : "c") + orig[1];
  }
  return orig + dest;
}

// Whether a move from orig to dest is a pawn reaching its last rank.
export function promotes(pos, orig, dest) {
  const piece = pieceOn(pos, orig);
  return !!piece && piece.role === "pawn" && dest[1] === (piece.color === "white" ? "8" : "1");
}

// The position after a legal move, or null; pos itself is left as it was.
export function after(pos, uci) {
  const move = parseUci(uci);
  if (!move || !pos.isLegal(move)) return null;
  const next = pos.clone();
  next.play(move);
  return next;
}
