"""Read one move written by a player, in the position it is played in.

Accepted now: SAN with English piece letters (``Nf3``, ``O-O``, ``0-0``,
``exd6``, ``e8=Q``, ``e8Q``) and UCI (``e2e4``, ``e7e8q``). Signs and words
the rules tell us to ignore (56.3.6) are dropped first.
"""

from __future__ import annotations

import re

import chess

from notation.errors import (
    AmbiguousMoveError,
    IllegibleMoveError,
    ImpossibleMoveError,
)

# Chess signs, comments and annotation marks that carry no move (56.3.6).
_IGNORED_WORDS = re.compile(r"\b(?:e\.p\.?|ep|check|mate|шах|мат)(?=\W|$)", re.IGNORECASE)
_IGNORED_SIGNS = re.compile(r"[+#!?]")
_UCI = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")
_SAN = re.compile(
    r"^(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]"
    r"|[a-h](?:x[a-h])?[1-8](?:=?[QRBN])?"
    r"|[a-h][1-8]x?[a-h][1-8](?:=?[QRBN])?"
    r"|O-O(?:-O)?)$"
)


def _clean(text: str) -> str:
    cleaned = _IGNORED_WORDS.sub("", text)
    cleaned = _IGNORED_SIGNS.sub("", cleaned)
    cleaned = cleaned.replace("×", "x").replace(":", "x")
    cleaned = re.sub(r"\s+", "", cleaned)
    return cleaned.replace("0-0-0", "O-O-O").replace("0-0", "O-O")


def read_move(board: chess.Board, text: str) -> chess.Move:
    """The one legal move in ``board`` that ``text`` writes.

    >>> read_move(chess.Board(), "e4").uci()
    'e2e4'
    >>> read_move(chess.Board(), "g1f3").uci()
    'g1f3'
    >>> read_move(chess.Board(), "Nf3+!").uci()
    'g1f3'
    >>> read_move(chess.Board(), "e5")
    Traceback (most recent call last):
    ...
    notation.errors.ImpossibleMoveError: impossible move 'e5' in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: no legal move fits it
    """  # noqa: E501
    fen = board.fen()
    original = text.strip()
    if original.lower() in {"any", "any move", "любой", "любой ход"}:
        raise IllegibleMoveError(original, fen, "'any move' is not a move (Art. 55.3.6)")
    cleaned = _clean(original)
    if not cleaned:
        raise IllegibleMoveError(original, fen, "no move written")
    lowered = cleaned.lower()
    if _UCI.match(lowered):
        move = chess.Move.from_uci(lowered)
        if board.is_legal(move):
            return move
        if move.promotion is None and any(
            m.from_square == move.from_square and m.to_square == move.to_square
            for m in board.legal_moves
        ):
            # Only a promotion fits: the pawn must name the piece it becomes.
            raise AmbiguousMoveError(original, fen, "the promotion piece is not named")
        raise ImpossibleMoveError(original, fen, "no legal move fits it")
    if not _SAN.match(cleaned):
        raise IllegibleMoveError(original, fen, "not written in a notation this server reads")
    try:
        return board.parse_san(cleaned)
    except chess.AmbiguousMoveError:
        raise AmbiguousMoveError(original, fen, "more than one legal move fits it") from None
    except (chess.IllegalMoveError, chess.InvalidMoveError):
        raise ImpossibleMoveError(original, fen, "no legal move fits it") from None
