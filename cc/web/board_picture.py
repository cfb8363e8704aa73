"""The board on a page: its picture, and its position in words for screen
readers."""

from __future__ import annotations

import chess
import chess.svg

from cc.web.i18n import translations


def board_svg(fen: str, *, flipped: bool, lastmove: str | None = None, size: int = 440) -> str:
    board = chess.Board(fen)
    last = chess.Move.from_uci(lastmove) if lastmove else None
    check = board.king(board.turn) if board.is_check() else None
    return chess.svg.board(board, flipped=flipped, lastmove=last, check=check, size=size)


def board_label(fen: str, lang: str) -> str:
    """The position in words, for screen readers (the board's aria-label)."""
    tr = translations(lang)
    board = chess.Board(fen)
    names = {
        chess.KING: tr.gettext("King"),
        chess.QUEEN: tr.gettext("Queen"),
        chess.ROOK: tr.gettext("Rook"),
        chess.BISHOP: tr.gettext("Bishop"),
        chess.KNIGHT: tr.gettext("Knight"),
        chess.PAWN: tr.gettext("Pawn"),
    }
    sides = []
    for color, side in ((chess.WHITE, tr.gettext("White")), (chess.BLACK, tr.gettext("Black"))):
        pieces = [
            f"{names[kind]} {', '.join(chess.square_name(s) for s in board.pieces(kind, color))}"
            for kind in names
            if board.pieces(kind, color)
        ]
        sides.append(f"{side}: {'; '.join(pieces)}.")
    turn = tr.gettext("White to move.") if board.turn else tr.gettext("Black to move.")
    return " ".join([tr.gettext("Chess board."), *sides, turn])
