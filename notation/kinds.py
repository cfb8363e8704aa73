"""The notations players write moves in, and the piece letters of each."""

from __future__ import annotations

import enum
from typing import Final

import chess


class Notation(enum.StrEnum):
    """A way of writing moves; the values are the CLI's ``--as`` names."""

    NUMERIC = "numeric"  # Art. 58: 5254 = e2-e4
    SAN = "san"  # Nf3, O-O, exd6, e8=Q
    SAN_RU = "san-ru"  # Кf3, 0-0, exd6, e8Ф
    LAN = "lan"  # Ng1-f3, e2-e4, Bf1xb5, e7-e8=Q
    LAN_RU = "lan-ru"  # Кg1-f3, e2-e4, Сf1:b5, e7-e8Ф
    UCI = "uci"  # g1f3, e7e8q
    #: only from detect_notation: a text mixing several notations
    MIXED = "mixed"


#: the notations a move can be written in (every one but MIXED), as settings
#: and the API's ``notation`` parameters name them
WRITTEN: Final[tuple[str, ...]] = tuple(n.value for n in Notation if n is not Notation.MIXED)


#: English piece letters, as SAN writes them.
EN_LETTERS: Final[dict[chess.PieceType, str]] = {
    chess.KING: "K",
    chess.QUEEN: "Q",
    chess.ROOK: "R",
    chess.BISHOP: "B",
    chess.KNIGHT: "N",
}

#: Russian piece letters: король, ферзь, ладья, слон, конь.
RU_LETTERS: Final[dict[chess.PieceType, str]] = {
    chess.KING: "Кр",
    chess.QUEEN: "Ф",
    chess.ROOK: "Л",
    chess.BISHOP: "С",
    chess.KNIGHT: "К",
}

#: Numeric notation's promotion digits (Art. 58.3).
PROMOTION_DIGITS: Final[dict[chess.PieceType, str]] = {
    chess.QUEEN: "1",
    chess.ROOK: "2",
    chess.BISHOP: "3",
    chess.KNIGHT: "4",
}
DIGIT_PROMOTIONS: Final[dict[str, chess.PieceType]] = {d: p for p, d in PROMOTION_DIGITS.items()}
