"""A move in words, for the confirmation step of sending a move (54.3.1).

The player confirms what they are about to send, so the words say exactly
which piece goes from where to where, and what it captures, promotes to, or
gives, in the player's language.
"""

from __future__ import annotations

from typing import Final

import chess

_PIECES: Final[dict[str, dict[chess.PieceType, str]]] = {
    "en": {
        chess.PAWN: "pawn",
        chess.KNIGHT: "knight",
        chess.BISHOP: "bishop",
        chess.ROOK: "rook",
        chess.QUEEN: "queen",
        chess.KING: "king",
    },
    "ru": {
        chess.PAWN: "пешка",
        chess.KNIGHT: "конь",
        chess.BISHOP: "слон",
        chess.ROOK: "ладья",
        chess.QUEEN: "ферзь",
        chess.KING: "король",
    },
}
_PIECES_ACC: Final[dict[chess.PieceType, str]] = {
    chess.PAWN: "пешку",
    chess.KNIGHT: "коня",
    chess.BISHOP: "слона",
    chess.ROOK: "ладью",
    chess.QUEEN: "ферзя",
    chess.KING: "короля",
}
_PROMO_RU: Final[dict[chess.PieceType, str]] = {
    chess.KNIGHT: "коня",
    chess.BISHOP: "слона",
    chess.ROOK: "ладью",
    chess.QUEEN: "ферзя",
}


def describe_move(board: chess.Board, move: chess.Move, lang: str = "en") -> str:
    """``move`` (legal in ``board``) in words.

    >>> b = chess.Board()
    >>> describe_move(b, chess.Move.from_uci("g1f3"))
    'White knight from g1 to f3'
    >>> describe_move(b, chess.Move.from_uci("e2e4"), "ru")
    'Белые: пешка с e2 на e4'
    """
    if not board.is_legal(move):
        raise ValueError(f"{move.uci()} is not a legal move in {board.fen()}")
    ru = lang == "ru"
    names = _PIECES["ru" if ru else "en"]
    side = ("Белые" if board.turn else "Чёрные") if ru else ("White" if board.turn else "Black")
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    frm, to = chess.square_name(move.from_square), chess.square_name(move.to_square)
    if board.is_castling(move):
        long = not board.is_kingside_castling(move)
        if ru:
            text = f"{side}: рокировка в {'длинную' if long else 'короткую'} сторону ({frm}-{to})"
        else:
            text = f"{side} castles {'queenside' if long else 'kingside'} ({frm}-{to})"
    elif ru:
        text = f"{side}: {names[piece]} с {frm} на {to}"
    else:
        text = f"{side} {names[piece]} from {frm} to {to}"
    if board.is_capture(move) and not board.is_castling(move):
        captured_square = move.to_square
        if board.is_en_passant(move):
            captured_square = chess.square(
                chess.square_file(move.to_square), chess.square_rank(move.from_square)
            )
        captured = board.piece_type_at(captured_square)
        assert captured is not None
        if ru:
            text += f", берёт {_PIECES_ACC[captured]}"
            text += " на проходе" if board.is_en_passant(move) else ""
        else:
            text += f", taking the {names[captured]}"
            text += " en passant" if board.is_en_passant(move) else ""
    if move.promotion:
        text += (
            f", превращается в {_PROMO_RU[move.promotion]}"
            if ru
            else f", promoting to a {names[move.promotion]}"
        )
    board.push(move)
    try:
        if board.is_checkmate():
            text += ", мат" if ru else ", checkmate"
        elif board.is_check():
            text += ", шах" if ru else ", check"
    finally:
        board.pop()
    return text
