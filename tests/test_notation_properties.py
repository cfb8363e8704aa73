"""Properties over random positions: every notation reads back what it writes.

Positions come from random play and from positions built to hold the hard
cases: castling both ways, en passant, every promotion piece, and two
knights or two rooks that reach the same square.
"""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import ImpossibleMoveError, Notation, read_move, write_move
from notation.kinds import EN_LETTERS, PROMOTION_DIGITS, RU_LETTERS

WRITABLE = [n for n in Notation if n != Notation.MIXED]

HARD_CASES = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  # castling both ways, both sides
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # en passant
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
    "1n2k3/P1P5/8/8/8/8/5p1p/4K1N1 w - - 0 1",  # promotions, with captures
    "1n2k3/P1P5/8/8/8/8/5p1p/4K1N1 b - - 0 1",
    "4k3/8/8/2N3N1/8/8/8/R3K2R w - - 0 1",  # two knights reach e4/e6; rooks share a file
    "4k3/8/8/8/3N4/8/3N4/R6R w - - 0 1",  # knights on one file; rooks on one rank
    "k7/8/8/8/1Q3Q2/8/1Q3Q2/K7 w - - 0 1",  # queens needing full disambiguation
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",  # castling on one side only
]


def random_position(seed: int, plies: int) -> chess.Board:
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return chess.Board(board.fen())


positions = st.one_of(
    st.builds(random_position, st.integers(0, 2**32), st.integers(0, 140)),
    st.sampled_from(HARD_CASES).map(chess.Board),
)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_every_legal_move_reads_back_in_every_notation(board: chess.Board) -> None:
    for move in board.legal_moves:
        for notation in WRITABLE:
            text = write_move(board, move, notation)
            assert read_move(board, text) == move, (board.fen(), notation, text)


def write_illegal(board: chess.Board, move: chess.Move, notation: Notation) -> str:
    """An illegal move as a player would write it, naming its from-square."""
    piece = board.piece_type_at(move.from_square)
    frm, to = chess.square_name(move.from_square), chess.square_name(move.to_square)
    promo = move.promotion
    if notation == Notation.NUMERIC:
        digits = (
            f"{chess.square_file(move.from_square) + 1}{chess.square_rank(move.from_square) + 1}"
        )
        digits += f"{chess.square_file(move.to_square) + 1}{chess.square_rank(move.to_square) + 1}"
        return digits + (PROMOTION_DIGITS[promo] if promo else "")
    if notation == Notation.UCI:
        return move.uci()
    letters = RU_LETTERS if notation in (Notation.SAN_RU, Notation.LAN_RU) else EN_LETTERS
    letter = letters[piece] if piece and piece != chess.PAWN else ""
    sep = "-" if notation in (Notation.LAN, Notation.LAN_RU) else ""
    tail = (
        ("=" + letters[promo] if notation in (Notation.SAN, Notation.LAN) else letters[promo])
        if promo
        else ""
    )
    return f"{letter}{frm}{sep}{to}{tail}"


@settings(max_examples=100, deadline=None)
@given(positions, st.integers(0, 2**32))
def test_illegal_moves_read_as_impossible_never_as_another_move(
    board: chess.Board, seed: int
) -> None:
    rng = random.Random(seed)
    legal = set(board.legal_moves)
    candidates = []
    for frm in chess.SQUARES:
        for to in chess.SQUARES:
            if frm == to:
                continue
            promo = None
            if board.piece_type_at(frm) == chess.PAWN and chess.square_rank(to) in (0, 7):
                promo = rng.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT])
            move = chess.Move(frm, to, promo)
            if move not in legal:
                candidates.append(move)
    for move in rng.sample(candidates, min(40, len(candidates))):
        for notation in WRITABLE:
            text = write_illegal(board, move, notation)
            with pytest.raises(ImpossibleMoveError):
                got = read_move(board, text)
                raise AssertionError(f"{text!r} ({notation}) read as {got} in {board.fen()}")
