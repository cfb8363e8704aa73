"""Read a numbered list of moves as it stands in a message.

"1. 5254 5755 2. 7163", "10. ... 5838", "01. 4244 4745", "1.e4 e5 2.Кf3 Кc6":
numbers are checked against the position, notations may be mixed, and the
first move that fails is reported with its number and colour.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import chess

from notation.errors import NotationError
from notation.kinds import Notation
from notation.reading import (
    _CASTLING,
    _LAN,
    _NUMERIC,
    _NUMERIC_SEPARATED,
    _SAN,
    _UCI,
    _clean,
    read_move_as,
)

_TOKEN: Final = re.compile(
    r"(?P<number>(?<![\w.])\d{1,3}\s*\.(?:\s*(?:\.\.\.?|…))?)"
    r"|(?P<any>(?:any\s+move|любой\s+ход))"
    r"|(?P<move>[^\s,;]+(?:\s+(?:e\.\s?p\.?|шах|мат|check|mate)(?![\w]))*)",
    re.IGNORECASE,
)
_RESULTS: Final = frozenset({"1-0", "0-1", "1/2-1/2", "½-½", "*", "+-", "-+", "="})


class SequenceError(NotationError):
    """A move number that does not fit the position the list has reached."""

    kind = "sequence"

    def __init__(self, text: str, fen: str, number: int, color: chess.Color) -> None:
        #: the move number and colour the record has reached
        self.number = number
        self.color = color
        side = "White" if color == chess.WHITE else "Black"
        super().__init__(text, fen, f"the record is at move {number} for {side} here")


@dataclass(frozen=True)
class ListedMove:
    number: int
    color: chess.Color
    text: str
    move: chess.Move
    notation: Notation


@dataclass(frozen=True)
class ListFailure:
    number: int
    color: chess.Color
    text: str
    error: NotationError


@dataclass(frozen=True)
class MoveList:
    """The moves read, in order, and the first failure if any."""

    moves: tuple[ListedMove, ...]
    failure: ListFailure | None
    #: the position after the moves read
    board: chess.Board

    @property
    def notation(self) -> Notation | None:
        return _combine([m.notation for m in self.moves])


def _tokens(text: str) -> list[tuple[str, str]]:
    out = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "move"
        value = match.group(kind)
        if kind == "move" and value.strip(".") in _RESULTS:
            break
        if kind == "move" and not _clean(value):
            continue  # a lone sign such as "+" or "!"
        out.append((kind, value))
    return out


def read_move_list(text: str, board: chess.Board | None = None) -> MoveList:
    """Read every move of ``text``, played from ``board`` (default: the start).

    >>> result = read_move_list("1. 5254 5755 2. 7163")
    >>> [(m.number, m.move.uci()) for m in result.moves], result.failure
    ([(1, 'e2e4'), (1, 'e7e5'), (2, 'g1f3')], None)
    >>> bad = read_move_list("1.e4 e5 2.Кf3 Кf6 3. Лb5")
    >>> bad.failure.number, bad.failure.color, bad.failure.error.kind
    (3, True, 'impossible')
    """
    position = board.copy(stack=False) if board is not None else chess.Board()
    moves: list[ListedMove] = []
    for kind, value in _tokens(text):
        number, color = position.fullmove_number, position.turn
        if kind == "number":
            stated = int(re.match(r"\d+", value).group())  # type: ignore[union-attr]
            # "10." is White's move 10; "10. ...", "10..." and "10.…" are Black's.
            black = value.count(".") > 1 or "…" in value
            stated_color = chess.BLACK if black else chess.WHITE
            if (stated, stated_color) != (number, color):
                error = SequenceError(value.strip(), position.fen(), number, color)
                return MoveList(
                    tuple(moves), ListFailure(stated, stated_color, value, error), position
                )
            continue
        try:
            move, notation = read_move_as(position, value)
        except NotationError as error:
            return MoveList(tuple(moves), ListFailure(number, color, value, error), position)
        moves.append(ListedMove(number, color, value, move, notation))
        position.push(move)
    return MoveList(tuple(moves), None, position)


def classify(token: str) -> Notation | None:
    """The notation a single move token is written in, read without a board.

    Castling reads the same in SAN and long algebraic, so it is classified by
    its letters only (``0-0`` Russian, ``O-O`` English). Numeric notation
    with a sign between its squares (56.3.6) is numeric, but not with a
    colon: out of a numbered record "14:35" is a time of day, not a move
    (in a record, where a move stands, :func:`read_move_as` reads it).
    The punctuation of the sentence around a move is an added sign too
    (56.3.6): "5755." and "(Nf3)," are moves; "1." and "14:35." are not.

    >>> classify("48-47"), classify("48–47"), classify("52x54"), classify("14:35")
    (<Notation.NUMERIC: 'numeric'>, <Notation.NUMERIC: 'numeric'>, <Notation.NUMERIC: 'numeric'>, None)
    >>> classify("5755."), classify("Кf3;"), classify("1."), classify("14:35."), classify("12.05.")
    (<Notation.NUMERIC: 'numeric'>, <Notation.SAN_RU: 'san-ru'>, None, None, None)
    """  # noqa: E501
    stripped = token.strip()
    if len(stripped) in (4, 5) and stripped.isdigit():
        return Notation.NUMERIC
    cleaned = _clean(stripped)
    if not cleaned:
        return None
    if _NUMERIC.match(cleaned):
        return Notation.NUMERIC
    separated = _NUMERIC_SEPARATED.match(cleaned)
    if separated:
        return None if separated.group("sep") == ":" else Notation.NUMERIC
    if _CASTLING.match(cleaned):
        return Notation.SAN_RU if ("0" in cleaned or "О" in cleaned) else Notation.SAN
    if _UCI.match(cleaned.lower()):
        return Notation.UCI
    russian = any(c in "КрФЛС" for c in cleaned)
    if _LAN.match(cleaned):
        return Notation.LAN_RU if russian else Notation.LAN
    latin = cleaned.replace("Кр", "K")
    for ru, en in (("Ф", "Q"), ("Л", "R"), ("С", "B"), ("К", "N")):
        latin = latin.replace(ru, en)
    if _SAN.match(latin):
        return Notation.SAN_RU if russian else Notation.SAN
    return None


def _combine(kinds: list[Notation]) -> Notation | None:
    found = set(kinds)
    # Castling and plain pawn moves read alike in both letter sets.
    if len(found) > 1 and found <= {Notation.SAN, Notation.SAN_RU}:
        return Notation.SAN_RU
    if len(found) > 1 and found <= {Notation.LAN, Notation.LAN_RU}:
        return Notation.LAN_RU
    if not found:
        return None
    return found.pop() if len(found) == 1 else Notation.MIXED


def detect_notation(text: str) -> Notation | None:
    """The notation of a text's moves: one of them, MIXED, or None if no move.

    >>> detect_notation("1. 5254 5755 2. 7163").value
    'numeric'
    >>> detect_notation("1.e4 e5 2.Кf3 Кc6").value
    'san-ru'
    >>> detect_notation("1. e2-e4 5755").value
    'mixed'
    """
    kinds = []
    for kind, value in _tokens(text):
        if kind == "move":
            found = classify(value)
            if found is not None:
                kinds.append(found)
    return _combine(kinds)
