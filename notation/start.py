"""Where a game starts, and how its moves are numbered from there.

A thematic event (Art. 26: the organiser may set the opening of every game)
starts its games from a set position, from the position after an opening
line, or from a Chess960 position drawn for each round. Everything that
numbers or replays moves counts from that start: a game whose first move is
Black's 12th numbers its first ply ``12...``.

Plies are counted within the game: ply 1 is the first move made in it,
whoever makes it; ``before`` is the number of half-moves the start position
stands for (``chess.Board.ply()`` of it: 23 for Black to move at move 12).

Pure: python-chess only, no I/O, no clock. Refusals are :class:`StartError`
(a ``ValueError``) naming the input, with ``template`` and ``params`` for a
door to say them in its reader's language.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import chess

from notation.movelist import read_move_list

#: the number of Chess960 starting positions (Scharnagl's numbering, 518 = standard)
CHESS960_POSITIONS = 960

#: python-chess's status flags in words, the first that applies said first
_STATUS_WORDS: tuple[tuple[int, str], ...] = (
    (chess.STATUS_EMPTY, "the board is empty"),
    (chess.STATUS_NO_WHITE_KING, "White has no king"),
    (chess.STATUS_NO_BLACK_KING, "Black has no king"),
    (chess.STATUS_TOO_MANY_KINGS, "a side has more than one king"),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, "White has more than 8 pawns"),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, "Black has more than 8 pawns"),
    (chess.STATUS_PAWNS_ON_BACKRANK, "a pawn stands on the first or last rank"),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, "White has more than 16 pieces"),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, "Black has more than 16 pieces"),
    (chess.STATUS_BAD_CASTLING_RIGHTS, "the castling rights do not fit the kings and rooks"),
    (chess.STATUS_INVALID_EP_SQUARE, "the en passant square does not fit the last move"),
    (chess.STATUS_OPPOSITE_CHECK, "the side not to move is in check"),
    (chess.STATUS_TOO_MANY_CHECKERS, "the king is in check from more pieces than a move can give"),
    (chess.STATUS_IMPOSSIBLE_CHECK, "no last move could have given this check"),
)


class StartError(ValueError):
    """A start position or opening line that cannot begin a game.

    >>> try:
    ...     set_position("8/8/8/8/8/8/8/8 w - - 0 1")
    ... except StartError as exc:
    ...     print(exc)
    the position '8/8/8/8/8/8/8/8 w - - 0 1' is illegal: the board is empty
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


@dataclass(frozen=True)
class OpeningLine:
    """An opening line played out from the initial position."""

    #: the position after the line: the games start here
    fen: str
    #: the line in SAN, so the record can show it
    san: tuple[str, ...]


def set_position(fen: str, *, chess960: bool = False) -> str:
    """``fen`` checked as a position a game can start from, in its normal form.

    >>> set_position(" 4k3/8/8/8/8/8/4P3/4K3  b - - 0 12 ")
    '4k3/8/8/8/8/8/4P3/4K3 b - - 0 12'
    """
    text = " ".join(fen.split())
    if not text:
        raise StartError("no position is given")
    try:
        board = chess.Board(text, chess960=chess960)
    except ValueError as exc:
        raise StartError("{fen!r} is not a FEN: {error}", fen=text, error=str(exc)) from None
    status = board.status()
    for flag, words in _STATUS_WORDS:
        if status & flag:
            raise StartError("the position {fen!r} is illegal: {problem}", fen=text, problem=words)
    if board.is_checkmate() or board.is_stalemate():
        raise StartError(
            "the position {fen!r} is already over: the side to move has no legal move", fen=text
        )
    return board.fen()


def opening_line(text: str) -> OpeningLine:
    """The line ``text`` (SAN, numeric or any notation players write, with or
    without move numbers) played from the initial position.

    >>> line = opening_line("1.e4 e5 2. 7163")
    >>> line.san, line.fen
    (('e4', 'e5', 'Nf3'), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2')
    """
    listed = read_move_list(text)
    if listed.failure is not None:
        failure = listed.failure
        raise StartError(
            "the opening line stops being legal at move {number} ({move}): {reason}",
            number=failure.number,
            move=failure.text.strip(),
            reason=failure.error.reason,
        )
    if not listed.moves:
        raise StartError("the opening line {text!r} holds no move", text=text.strip())
    board = chess.Board()
    sans = []
    for item in listed.moves:
        sans.append(board.san(item.move))
        board.push(item.move)
    if board.is_game_over():
        raise StartError("the opening line {text!r} ends the game", text=text.strip())
    return OpeningLine(fen=board.fen(), san=tuple(sans))


def chess960_number(seed: str, round_no: int) -> int:
    """The Chess960 position drawn for round ``round_no``: the same seed and
    round always draw the same number, so the draw can be shown again.

    >>> chess960_number("s", 1) == chess960_number("s", 1)
    True
    """
    return random.Random(f"chess960:{seed}:{round_no}").randrange(CHESS960_POSITIONS)


def chess960_fen(number: int) -> str:
    """The start position of Chess960 position ``number`` (0-959).

    >>> chess960_fen(518) == chess.STARTING_FEN
    True
    """
    if not 0 <= number < CHESS960_POSITIONS:
        raise StartError("{number} is not a Chess960 position (0-959)", number=number)
    return chess.Board.from_chess960_pos(number).fen()


def start_board(fen: str | None, chess960: bool = False) -> chess.Board:
    """The board a game starts from (None: the initial position)."""
    return chess.Board(fen or chess.STARTING_FEN, chess960=chess960)


def plies_before(fen: str | None) -> int:
    """The half-moves the start position stands for, read from its move
    number and side to move.

    >>> plies_before(None), plies_before("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12")
    (0, 23)
    """
    if not fen:
        return 0
    fields = fen.split()
    black = len(fields) > 1 and fields[1] == "b"
    try:
        number = max(int(fields[5]), 1) if len(fields) > 5 else 1
    except ValueError:
        number = 1
    return 2 * (number - 1) + (1 if black else 0)


def move_number(ply: int, before: int = 0) -> int:
    """The record's move number of the game's ``ply``.

    >>> move_number(1), move_number(2), move_number(1, before=23), move_number(2, before=23)
    (1, 1, 12, 13)
    """
    return (before + ply + 1) // 2


def white_ply(ply: int, before: int = 0) -> bool:
    """Whether the game's ``ply`` is White's move.

    >>> white_ply(1), white_ply(1, before=23)
    (True, False)
    """
    return (before + ply) % 2 == 1


def ply_at(number: int, color: chess.Color, before: int = 0) -> int:
    """The game's ply of move ``number`` for ``color`` (0 or less: before the start).

    >>> ply_at(12, chess.BLACK, before=23), ply_at(13, chess.WHITE, before=23)
    (1, 2)
    """
    return 2 * number - (1 if color == chess.WHITE else 0) - before


def nth_move_ply(count: int, color: chess.Color, before: int = 0) -> int:
    """The game's ply of ``color``'s ``count``-th move made in the game (the
    time control counts these, not the record's numbers).

    >>> nth_move_ply(10, chess.WHITE), nth_move_ply(10, chess.BLACK, before=23)
    (19, 19)
    """
    first = chess.WHITE if before % 2 == 0 else chess.BLACK
    return 2 * count - (1 if color == first else 0)


def label(ply: int, text: str, before: int = 0) -> str:
    """A move as a refusal or a notice names it: ``12.Nf3``, ``12...Nf6``.

    >>> label(23, "Nf3"), label(1, "Nf6", before=23)
    ('12.Nf3', '12...Nf6')
    """
    number = move_number(ply, before)
    return f"{number}.{text}" if white_ply(ply, before) else f"{number}...{text}"


__all__ = [
    "CHESS960_POSITIONS",
    "OpeningLine",
    "StartError",
    "chess960_fen",
    "chess960_number",
    "label",
    "move_number",
    "nth_move_ply",
    "opening_line",
    "plies_before",
    "ply_at",
    "set_position",
    "start_board",
    "white_ply",
]
