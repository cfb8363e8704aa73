"""Reading a move: SAN and UCI now; each fault named as the rules price it."""

from __future__ import annotations

import chess
import pytest

from notation import (
    AmbiguousMoveError,
    IllegibleMoveError,
    ImpossibleMoveError,
    NotationError,
    read_move,
)

ITALIAN = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
EN_PASSANT = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
PROMOTION = "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        (chess.STARTING_FEN, "e4", "e2e4"),
        (chess.STARTING_FEN, "Nf3", "g1f3"),
        (chess.STARTING_FEN, "g1f3", "g1f3"),
        (chess.STARTING_FEN, "G1F3", "g1f3"),
        (chess.STARTING_FEN, "  Nf3!?  ", "g1f3"),
        (ITALIAN, "O-O", "e1g1"),
        (ITALIAN, "0-0", "e1g1"),
        (ITALIAN, "O-O+", "e1g1"),
        (ITALIAN, "Bxf7+", "c4f7"),
        (ITALIAN, "Bxf7 check", "c4f7"),
        (ITALIAN, "Bf7", "c4f7"),
        (EN_PASSANT, "exf6", "e5f6"),
        (EN_PASSANT, "exf6 e.p.", "e5f6"),
        (EN_PASSANT, "e5:f6", "e5f6"),
        (EN_PASSANT, "e5f6", "e5f6"),
        (PROMOTION, "e8=Q", "e7e8q"),
        (PROMOTION, "e8Q", "e7e8q"),
        (PROMOTION, "e8=N", "e7e8n"),
        (PROMOTION, "e7e8r", "e7e8r"),
    ],
)
def test_reads_san_and_uci(fen: str, text: str, uci: str) -> None:
    assert read_move(chess.Board(fen), text).uci() == uci


@pytest.mark.parametrize(
    ("fen", "text", "error"),
    [
        (chess.STARTING_FEN, "e5", ImpossibleMoveError),
        (chess.STARTING_FEN, "O-O", ImpossibleMoveError),
        (chess.STARTING_FEN, "e2e5", ImpossibleMoveError),
        (chess.STARTING_FEN, "Zf3", IllegibleMoveError),
        (chess.STARTING_FEN, "just a note", IllegibleMoveError),
        (chess.STARTING_FEN, "+!", IllegibleMoveError),
        (chess.STARTING_FEN, "any move", IllegibleMoveError),
        (PROMOTION, "e7e8", AmbiguousMoveError),
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", AmbiguousMoveError),
    ],
)
def test_faults_are_told_apart(fen: str, text: str, error: type[NotationError]) -> None:
    with pytest.raises(error) as info:
        read_move(chess.Board(fen), text)
    assert isinstance(info.value, ValueError)
    assert info.value.text == text.strip()
    assert info.value.fen == chess.Board(fen).fen()
    assert text.strip() in str(info.value)
