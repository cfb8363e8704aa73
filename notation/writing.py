"""Write moves and whole games in every notation players use.

Numeric notation is written exactly as Art. 58 gives it; SAN and long
algebraic with English or Russian letters (Russian writes castling with
zeros and captures in long algebraic with a colon, as the seeds do).
"""

from __future__ import annotations

from collections.abc import Iterable

import chess

from notation.kinds import EN_LETTERS, PROMOTION_DIGITS, RU_LETTERS, Notation

_SAN_TO_RU = {EN_LETTERS[p]: RU_LETTERS[p] for p in EN_LETTERS}


def write_move(board: chess.Board, move: chess.Move, notation: Notation | str) -> str:
    """``move`` (legal in ``board``) written in ``notation``.

    >>> b = chess.Board()
    >>> [write_move(b, chess.Move.from_uci("g1f3"), n) for n in
    ...  ("numeric", "san", "san-ru", "lan", "lan-ru", "uci")]
    ['7163', 'Nf3', 'Кf3', 'Ng1-f3', 'Кg1-f3', 'g1f3']
    """
    style = Notation(notation)
    if not board.is_legal(move):
        raise ValueError(f"{move.uci()} is not a legal move in {board.fen()}")
    if style == Notation.NUMERIC:
        return numeric(move)
    if style == Notation.UCI:
        return move.uci()
    if style == Notation.SAN:
        return board.san(move)
    if style == Notation.SAN_RU:
        return _russian_san(board.san(move))
    if style in (Notation.LAN, Notation.LAN_RU):
        return _lan(board, move, russian=style == Notation.LAN_RU)
    raise ValueError(f"cannot write moves as {style.value!r}")


def numeric(move: chess.Move) -> str:
    """Art. 58: from-square then to-square, files a-h as 1-8; promotion digit.

    Castling is the king's move: two squares (``5171``) in chess, and in
    Chess960 the king onto its own rook (``2111`` for a king on b1 castling
    with the rook on a1), the one form no ordinary king move can share; the
    reader also takes the king's destination square where it is unambiguous
    (notation.reading).

    >>> numeric(chess.Move.from_uci("e7e8q")), numeric(chess.Move.from_uci("h2h1n"))
    ('57581', '82814')
    """
    digits = "".join(
        f"{chess.square_file(sq) + 1}{chess.square_rank(sq) + 1}"
        for sq in (move.from_square, move.to_square)
    )
    if move.promotion:
        digits += PROMOTION_DIGITS[move.promotion]
    return digits


def _russian_san(san: str) -> str:
    if san.startswith("O-O"):
        return san.replace("O", "0")
    head = _SAN_TO_RU.get(san[0], san[0]) + san[1:]
    if "=" in head:
        before, _, after = head.partition("=")
        head = before + _SAN_TO_RU[after[0]] + after[1:]
    return head


def _lan(board: chess.Board, move: chess.Move, *, russian: bool) -> str:
    suffix = ""
    board.push(move)
    try:
        if board.is_checkmate():
            suffix = "#"
        elif board.is_check():
            suffix = "+"
    finally:
        board.pop()
    if board.is_castling(move):
        # The side, not the square: a Chess960 castling goes king onto rook.
        text = "O-O" if board.is_kingside_castling(move) else "O-O-O"
        return (text.replace("O", "0") if russian else text) + suffix
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    letters = RU_LETTERS if russian else EN_LETTERS
    letter = "" if piece == chess.PAWN else letters[piece]
    sep = (":" if russian else "x") if board.is_capture(move) else "-"
    text = letter + chess.square_name(move.from_square) + sep + chess.square_name(move.to_square)
    if move.promotion:
        text += letters[move.promotion] if russian else "=" + letters[move.promotion]
    return text + suffix


def write_moves(
    moves: Iterable[chess.Move],
    notation: Notation | str,
    *,
    board: chess.Board | None = None,
    numbered: bool = True,
    form: bool = False,
) -> str:
    """A sequence of moves from ``board`` (default: the start), as a record.

    Numbered as players write it (``1. e4 e5 2. Nf3``; ``10. ... 5838`` when
    Black moves first); with ``form``, one line per move number with two-digit
    numbers, as the table of the 59.1 form lays it out.

    >>> moves = [chess.Move.from_uci(u) for u in ("d2d4", "d7d5", "g1f3")]
    >>> write_moves(moves, "numeric")
    '1. 4244 4745 2. 7163'
    >>> print(write_moves(moves, "numeric", form=True))
    01. 4244 4745
    02. 7163
    """
    position = board.copy(stack=False) if board is not None else chess.Board()
    lines: list[list[str]] = []
    for move in moves:
        text = write_move(position, move, notation)
        if numbered and (position.turn == chess.WHITE or not lines):
            number = position.fullmove_number
            label = f"{number:02d}." if form else f"{number}."
            lines.append([label] if position.turn == chess.WHITE else [label, "..."])
        elif not lines:
            lines.append([])
        lines[-1].append(text)
        position.push(move)
    if form:
        return "\n".join(" ".join(line) for line in lines)
    return " ".join(" ".join(line) for line in lines)
