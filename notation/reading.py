"""Read one move written by a player, in the position it is played in.

Accepted, in any mix (see the README's table of examples):

- numeric (Art. 58): ``5254``, castling as the king's move ``5171``, a fifth
  digit for promotion ``57581``; a sign between the two squares is ignored
  as any added sign (56.3.6): a hyphen or dash ``52-54``, ``52–54``, a
  capture ``45x54``, ``45:54``;
- SAN with English or Russian piece letters: ``Nf3``, ``Кf3``, ``O-O``,
  ``0-0``, ``exd6``, ``e8=Q``, ``e8Ф``;
- long algebraic with ``-``, ``x``, ``:`` or ``×``, either letter set, either
  case for the first file: ``e2-e4``, ``E2-e4``, ``Ng1-f3``, ``Сf1:b5``,
  ``e7-e8Ф``;
- UCI: ``e2e4``, ``e7e8q``.

Signs and words the rules say to ignore (56.3.6, 55.3.5) are dropped: ``+``,
``++``, ``#``, ``!``, ``?``, "шах", "мат", "check", "mate", "e.p.". So is the
punctuation of the sentence a move stands in, another added sign (56.3.6):
a full stop, comma, semicolon, ellipsis or closing bracket after it
(``5755.``, ``Nf3,``, ``Кf3;``, ``e2-e4…``), an opening bracket or quotes
around it (``(5755)``, ``«5755»``, ``"e4"``).
"""

from __future__ import annotations

import re
from typing import Final

import chess

from notation.errors import (
    AmbiguousMoveError,
    IllegibleMoveError,
    ImpossibleMoveError,
)
from notation.kinds import DIGIT_PROMOTIONS, Notation

_IGNORED: Final = re.compile(
    r"(?:\b|(?<=\d))(?:e\.\s?p\.?|ep|check|mate|шах|мат)(?![\w])|[+#!?]",
    re.IGNORECASE,
)
_ANY_MOVE: Final = re.compile(r"^(?:any(?:\s+move)?|любой(?:\s+ход)?|any-move)$", re.IGNORECASE)
_NUMERIC: Final = re.compile(r"^[0-9]{4,5}$")
#: numeric notation with a sign between its squares, as many players write
#: it: a hyphen or any dash (a word processor's en-dash, a minus), or a
#: capture sign ("x", "×" after _clean, a Cyrillic "х", the Russian ":"); squares of the
#: digits 1-8 only, so a date ("12-05") or a score is never one
_NUMERIC_SEPARATORS: Final = "-\u2010\u2011\u2012\u2013\u2014\u2212x\u0445:"
_NUMERIC_SEPARATED: Final = re.compile(
    rf"^(?P<from>[1-8]{{2}})(?P<sep>[{_NUMERIC_SEPARATORS}])(?P<to>[1-8]{{2}}[0-9]?)$"
)
_CASTLING: Final = re.compile(r"^([O0О])-?([O0О])(?:-?([O0О]))?$")
_UCI: Final = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")
_PIECE: Final = r"(?P<piece>Кр|КР|[KQRBNФЛСКC])"
_LAN: Final = re.compile(
    rf"^{_PIECE}?(?P<from>[a-hA-H][1-8])(?P<sep>[-x:×]?)(?P<to>[a-h][1-8])"
    r"(?:=?(?P<promo>[QRBNФЛСКqrbn]))?$"
)
_SAN: Final = re.compile(
    r"^(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[QRBNqrbn])?)$"
)
_RU_TO_EN: Final = {"Ф": "Q", "Л": "R", "С": "B", "К": "N"}
_LETTER_PIECES: Final[dict[str, chess.PieceType]] = {
    "K": chess.KING,
    "Кр": chess.KING,
    "КР": chess.KING,
    "Q": chess.QUEEN,
    "Ф": chess.QUEEN,
    "R": chess.ROOK,
    "Л": chess.ROOK,
    "B": chess.BISHOP,
    "С": chess.BISHOP,
    "C": chess.BISHOP,  # a Latin C typed for the Cyrillic С
    "N": chess.KNIGHT,
    "К": chess.KNIGHT,
}
_PROMOTION_LETTERS: Final[dict[str, chess.PieceType]] = {
    "Q": chess.QUEEN,
    "R": chess.ROOK,
    "B": chess.BISHOP,
    "N": chess.KNIGHT,
    "Ф": chess.QUEEN,
    "Л": chess.ROOK,
    "С": chess.BISHOP,
    "К": chess.KNIGHT,
}
# Cyrillic letters that look like Latin files, as a Russian keyboard types them.
_LOOKALIKE_FILES: Final = str.maketrans({"а": "a", "с": "c", "е": "e", "в": "b"})
_RUSSIAN: Final = frozenset("КрРФЛС")
#: the digits numeric notation names files and ranks with (Art. 58.1)
_SQUARE_DIGITS: Final = frozenset("12345678")


#: the punctuation of a sentence around a move (56.3.6): opening brackets
#: and quotes before it; a full stop, comma, semicolon, ellipsis, closing
#: bracket or quotes after it ("!" and "?" are dropped as annotations)
_PUNCTUATION: Final = re.compile(
    "^[(\"'\u00ab\u201c\u201e\u2018\u201a]+|[.,;\u2026)\"'\u00bb\u201d\u201c\u2019]+$"
)


def unpunctuated(token: str) -> str:
    """``token`` without the punctuation of the sentence it stands in (56.3.6).

    >>> unpunctuated("5755."), unpunctuated("(Nf3),"), unpunctuated("«Кf3»;"), unpunctuated("e4!")
    ('5755', 'Nf3', 'Кf3', 'e4!')
    """
    return _PUNCTUATION.sub("", token.strip())


def _clean(text: str) -> str:
    cleaned = _IGNORED.sub("", text)
    cleaned = "".join(cleaned.split()).translate(_LOOKALIKE_FILES).replace("×", "x")
    return unpunctuated(cleaned)


def read_move(board: chess.Board, text: str) -> chess.Move:
    """The one legal move in ``board`` that ``text`` writes.

    >>> read_move(chess.Board(), "5254").uci()
    'e2e4'
    >>> read_move(chess.Board(), "Кf3").uci()
    'g1f3'
    >>> read_move(chess.Board(), "E2-e4").uci()
    'e2e4'
    >>> read_move(chess.Board(), "52-54").uci()
    'e2e4'
    >>> read_move(chess.Board(), "e5")
    Traceback (most recent call last):
    ...
    notation.errors.ImpossibleMoveError: impossible move 'e5' in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: no legal move fits it
    """  # noqa: E501
    return read_move_as(board, text)[0]


def read_move_as(board: chess.Board, text: str) -> tuple[chess.Move, Notation]:
    """The legal move ``text`` writes, and the notation it was written in."""
    original = text.strip()
    # The fast path: plain numeric notation, as most email players write.
    # isdigit() also takes "²" or "٩": _numeric refuses every digit but 1-8.
    if len(original) in (4, 5) and original.isdigit():
        return _numeric(board, original, original), Notation.NUMERIC
    if _ANY_MOVE.match(original):
        raise IllegibleMoveError(original, board.fen(), "'any move' is not a move (Art. 55.3.6)")
    cleaned = _clean(original)
    if not cleaned:
        raise IllegibleMoveError(original, board.fen(), "no move is written")
    if _NUMERIC.match(cleaned):
        return _numeric(board, cleaned, original), Notation.NUMERIC
    separated = _NUMERIC_SEPARATED.match(cleaned)
    if separated:
        # Art. 58 names the squares by digits; the sign between them is an
        # added sign, not read (56.3.6): "48-47" is d8-d7, as "4847" is.
        digits = separated.group("from") + separated.group("to")
        return _numeric(board, digits, original), Notation.NUMERIC
    castling = _CASTLING.match(cleaned)
    if castling:
        russian = "О" in cleaned or "0" in cleaned
        san = "O-O-O" if castling.group(3) else "O-O"
        return _san(board, san, original), Notation.SAN_RU if russian else Notation.SAN
    bishop_by_rank = False
    if _UCI.match(cleaned.lower()):
        try:
            return _from_to(board, cleaned.lower(), original, None), Notation.UCI
        except ImpossibleMoveError:
            # "B8e7" is also a bishop's move in SAN, told apart by its rank.
            if cleaned[0] != "B":
                raise
            bishop_by_rank = True
    lan = None if bishop_by_rank else _LAN.match(cleaned)
    if lan:
        piece = lan.group("piece")
        promo = lan.group("promo")
        russian = bool(piece and (piece[0] in _RUSSIAN or piece == "C")) or bool(
            promo and promo in "ФЛСК"
        )
        uci = lan.group("from").lower() + lan.group("to")
        expected = _LETTER_PIECES[piece] if piece else None
        try:
            move = _from_to(board, uci, original, promo, expected)
        except ImpossibleMoveError:
            # "B8xe5" is also a bishop's capture in SAN, told apart by its rank.
            if piece or cleaned[0] != "B":
                raise
        else:
            return move, Notation.LAN_RU if russian else Notation.LAN
    russian = any(c in _RUSSIAN for c in cleaned)
    if russian:
        cleaned = cleaned.replace("Кр", "K").replace("КР", "K")
        cleaned = "".join(_RU_TO_EN.get(c, c) for c in cleaned)
    elif cleaned[0] == "C" and len(cleaned) > 2:
        cleaned = "B" + cleaned[1:]  # a Latin C typed for the Cyrillic С
    if not _SAN.match(cleaned):
        raise IllegibleMoveError(
            original, board.fen(), "not written in any notation this server reads"
        )
    return _san(board, cleaned, original), Notation.SAN_RU if russian else Notation.SAN


def _numeric(board: chess.Board, digits: str, original: str) -> chess.Move:
    """Art. 58: file and rank of the from-square, then of the to-square.

    ``digits`` may hold any characters ``str.isdigit`` takes; only 1-8 name a
    square, and only 1-4 a promotion, so ``int`` sees nothing else.
    """
    if not _SQUARE_DIGITS.issuperset(digits[:4]):
        raise IllegibleMoveError(
            original, board.fen(), "numeric notation uses only the digits 1-8 for squares"
        )
    promotion = None
    if len(digits) == 5:
        promotion = DIGIT_PROMOTIONS.get(digits[4])
        if promotion is None:
            raise IllegibleMoveError(
                original,
                board.fen(),
                "the fifth digit names the promotion: 1 queen, 2 rook, 3 bishop, 4 knight",
            )
    from_square = chess.square(int(digits[0]) - 1, int(digits[1]) - 1)
    to_square = chess.square(int(digits[2]) - 1, int(digits[3]) - 1)
    if from_square == to_square:
        raise ImpossibleMoveError(
            original, board.fen(), "a move must leave the square it starts from"
        )
    return _legal(board, chess.Move(from_square, to_square, promotion), original)


def _from_to(
    board: chess.Board,
    uci: str,
    original: str,
    promo: str | None,
    expected: chess.PieceType | None = None,
) -> chess.Move:
    try:
        move = chess.Move.from_uci(uci[:4])
    except chess.InvalidMoveError:
        # python-chess takes "e2e2" for a malformed null move; here it is a
        # move that goes nowhere, which no legal move fits.
        raise ImpossibleMoveError(
            original, board.fen(), "a move must leave the square it starts from"
        ) from None
    if promo is not None:
        move.promotion = _PROMOTION_LETTERS[promo.upper() if promo.isascii() else promo]
    elif len(uci) == 5:
        move.promotion = chess.Piece.from_symbol(uci[4]).piece_type
    if expected is not None and board.piece_type_at(move.from_square) != expected:
        raise ImpossibleMoveError(
            original, board.fen(), "the piece named is not on the square it moves from"
        )
    return _legal(board, move, original)


def _castling_960(board: chess.Board, move: chess.Move) -> chess.Move | None:
    """In Chess960 (a thematic event, Art. 26) castling is the king onto its
    own rook, which python-chess takes as it is; the king's destination
    square (the g or c file) is read as castling too, where no ordinary king
    move goes there."""
    if board.piece_type_at(move.from_square) != chess.KING or move.promotion:
        return None
    if board.is_legal(move):
        return move
    rank = chess.square_rank(move.from_square)
    for castle in board.generate_castling_moves():
        if castle.from_square != move.from_square:
            continue
        king_file = 6 if board.is_kingside_castling(castle) else 2
        if move.to_square == chess.square(king_file, rank):
            return castle
    return None


def _legal(board: chess.Board, move: chess.Move, original: str) -> chess.Move:
    if board.chess960:
        castle = _castling_960(board, move)
        if castle is not None:
            return castle
    # python-chess also takes "king onto its own rook" as castling; here castling
    # is written only as the king's two-square move (Art. 58.2.1).
    king_onto_rook = not board.chess960 and (
        board.is_castling(move)
        and abs(chess.square_file(move.from_square) - chess.square_file(move.to_square)) != 2
    )
    if board.is_legal(move) and not king_onto_rook:
        return move
    if move.promotion is None and _promotes(board, move):
        raise AmbiguousMoveError(
            original, board.fen(), "the pawn promotes: name the piece it becomes"
        )
    raise ImpossibleMoveError(original, board.fen(), "no legal move fits it")


def _promotes(board: chess.Board, move: chess.Move) -> bool:
    """Whether some promotion from this move's squares is legal."""
    return board.piece_type_at(move.from_square) == chess.PAWN and any(
        board.is_legal(chess.Move(move.from_square, move.to_square, piece))
        for piece in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
    )


def _san(board: chess.Board, san: str, original: str) -> chess.Move:
    try:
        return board.parse_san(san)
    except chess.AmbiguousMoveError:
        raise AmbiguousMoveError(
            original, board.fen(), "more than one legal move fits it"
        ) from None
    except (chess.IllegalMoveError, chess.InvalidMoveError):
        raise ImpossibleMoveError(original, board.fen(), "no legal move fits it") from None
