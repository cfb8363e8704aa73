// Moves written in the player's notation, as the server writes them
// (notation/writing.py): the analysis line reads like the record, and the
// server reads it back when it fills a form.
import { makeSan } from "chessops/san";
import { parseUci } from "chessops/util";
import { pieceOn } from "./position.js";

const LETTERS = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N" };
const RUSSIAN = { K: "Кр", Q: "Ф", R: "Л", B: "С", N: "К" };
const PROMOTION = { q: "Q", r: "R", b: "B", n: "N" };
const DIGITS = { q: "1", r: "2", b: "3", n: "4" };

function files(key) {
  return String(key.charCodeAt(0) - 96) + key[1];
}

function russianSan(san) {
  if (san.startsWith("O-O")) return san.replace(/O/g, "0");
  let head = (RUSSIAN[san[0]] || san[0]) + san.slice(1);
  const at = head.indexOf("=");
  if (at >= 0) head = head.slice(0, at) + RUSSIAN[head[at + 1]] + head.slice(at + 2);
  return head;
}

function suffixAfter(pos, move) {
  const next = pos.clone();
  next.play(move);
  return next.isCheckmate() ? "#" : next.isCheck() ? "+" : "";
}

function lan(pos, uci, move, russian) {
  const orig = uci.slice(0, 2), dest = uci.slice(2, 4);
  const piece = pieceOn(pos, orig);
  const suffix = suffixAfter(pos, move);
  if (piece.role === "king" && Math.abs(orig.charCodeAt(0) - dest.charCodeAt(0)) === 2) {
    const text = dest[0] === "c" ? "O-O-O" : "O-O";
    return (russian ? text.replace(/O/g, "0") : text) + suffix;
  }
  const letter = piece.role === "pawn" ? "" : LETTERS[piece.role];
  const taken = !!pieceOn(pos, dest) || (piece.role === "pawn" && orig[0] !== dest[0]);
  const sep = taken ? (russian ? ":" : "x") : "-";
  let text = (russian ? RUSSIAN[letter] || "" : letter) + orig + sep + dest;
  const promoted = PROMOTION[uci[4]];
  if (promoted) text += russian ? RUSSIAN[promoted] : "=" + promoted;
  return text + suffix;
}

// One legal move (UCI, castling as the king's step) in the given notation.
export function writeMove(pos, uci, style) {
  const move = parseUci(uci);
  switch (style) {
    case "numeric":
      return files(uci.slice(0, 2)) + files(uci.slice(2, 4)) + (DIGITS[uci[4]] || "");
    case "uci":
      return uci;
    case "san-ru":
      return russianSan(makeSan(pos, move));
    case "lan":
      return lan(pos, uci, move, false);
    case "lan-ru":
      return lan(pos, uci, move, true);
    default:
      return makeSan(pos, move);
  }
}

// A line of moves from pos: numbered as a record ("12. ... Nf6 13. e4")
// and plain, as the server's forms read it ("Nf6 e4").
export function writeLine(pos, ucis, style) {
  const numbered = [], plain = [];
  const at = pos.clone();
  ucis.forEach((uci, i) => {
    if (at.turn === "white") numbered.push(at.fullmoves + ".");
    else if (i === 0) numbered.push(at.fullmoves + ".", "...");
    const text = writeMove(at, uci, style);
    numbered.push(text);
    plain.push(text);
    at.play(parseUci(uci));
  });
  return { numbered: numbered.join(" "), plain: plain.join(" ") };
}

// One move with its number, as a caption: "13. e4", "12... Nf6".
export function moveLabel(pos, uci, style) {
  return pos.fullmoves + (pos.turn === "white" ? ". " : "... ") + writeMove(pos, uci, style);
}
