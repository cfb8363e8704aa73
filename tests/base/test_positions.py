"""Boards kept by FEN are the boards the FEN reads as, each caller's own."""

from __future__ import annotations

import chess
import pytest

from cc.base import positions


def same(a: chess.Board, b: chess.Board) -> None:
    assert a.fen() == b.fen()
    assert a.ep_square == b.ep_square
    assert a.chess960 == b.chess960
    assert sorted(m.uci() for m in a.legal_moves) == sorted(m.uci() for m in b.legal_moves)
    assert a._transposition_key() == b._transposition_key()


def test_a_kept_board_is_a_copy_the_caller_may_change() -> None:
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    first = positions.board(fen)
    first.push_san("Bb5")
    again = positions.board(fen)
    same(again, chess.Board(fen))
    assert again.move_stack == []


@pytest.mark.parametrize(
    ("moves", "usable"),
    [
        # A double step no pawn can take: the square is not kept.
        (["e4"], False),
        # Black's d-pawn passes White's e5 pawn: en passant is a legal reply.
        (["e4", "a6", "e5", "d5"], True),
    ],
)
def test_a_pushed_board_is_kept_as_its_fen_reads(moves: list[str], usable: bool) -> None:
    board = chess.Board()
    for san in moves:
        board.push_san(san)
    fen = board.fen()
    positions.remember(fen, board)
    board.push(next(iter(board.legal_moves)))  # the caller goes on; the kept one does not
    kept = positions.board(fen)
    same(kept, chess.Board(fen))
    assert (kept.ep_square is not None) is usable


def test_chess960_and_classical_boards_of_one_fen_are_kept_apart() -> None:
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    shuffled = positions.board(fen, chess960=True)
    assert shuffled.chess960
    assert not positions.board(fen).chess960


def test_the_kept_boards_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(positions, "LIMIT", 3)
    board = chess.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3"]:
        board.push_san(san)
        positions.remember(board.fen(), board)
    assert len(positions._BOARDS) <= 3
    same(positions.board(chess.STARTING_FEN), chess.Board())
