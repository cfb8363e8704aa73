"""A game as the doors show it: its summary, its moves, its position, whole
or as the public may see it while it is played."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base.kinds import DrawOfferStatus, GameResult, GameStatus
from cc.games.turns import move_number_of
from cc.kernel.access import Sight
from cc.store.models import DrawOffer, Game, Move
from notation import start


@dataclass(frozen=True)
class MoveView:
    ply: int
    move_number: int
    color: str
    san: str
    uci: str
    received_at: datetime
    sent_at: datetime
    received_on: date
    sent_on: date
    door: str
    stated_sent_on: date | None = None


@dataclass(frozen=True)
class GameSummary:
    id: int
    event: str
    section: str
    round: int
    board: int
    white: str
    black: str
    status: str
    result: str
    result_reason: str | None
    ply_count: int
    #: login of the player to move; None once the game is over
    to_move: str | None
    #: the full-move number of the next move
    move_number: int
    #: the event's system (Art. 26): a knockout names its rounds by bracket
    system: str = "round_robin"


@dataclass(frozen=True)
class GameView(GameSummary):
    fen: str = ""
    moves: list[MoveView] = field(default_factory=list)
    draw_offer_by: str | None = None
    white_name: str = ""
    black_name: str = ""
    #: the public's view of a game still being played, so many moves behind
    #: (the event's regulations); None when the view is the whole game
    moves_behind: int | None = None
    #: a thematic start (Art. 26): the position the game began from (None:
    #: the initial one), the opening line that led there, Chess960 castling
    start_fen: str | None = None
    start_line: str | None = None
    chess960: bool = False

    def board_text(self) -> str:
        """The position as text, White at the bottom."""
        return str(chess.Board(self.fen, chess960=self.chess960))


def game_view(session: Session, game: Game, sight: Sight) -> GameView:
    """The game as ``sight`` lets its reader see it."""
    if not sight.full:
        return public_view(game, sight)
    summary = game_summary(game)
    offer = session.scalar(
        select(DrawOffer).where(
            DrawOffer.game_id == game.id, DrawOffer.status == DrawOfferStatus.OPEN
        )
    )
    offered_by = None
    if offer is not None:
        by = game.white if offer.offered_by_id == game.white_id else game.black
        offered_by = by.login
    return GameView(
        **asdict(summary),
        fen=game.fen,
        moves=[move_view(m, game.plies_before) for m in game.moves],
        draw_offer_by=offered_by,
        white_name=game.white.name,
        black_name=game.black.name,
        start_fen=game.start_fen,
        start_line=game.start_line,
        chess960=game.chess960,
    )


def public_view(game: Game, sight: Sight) -> GameView:
    """A game being played as the public sees it: the record up to
    ``sight.plies``, the position then, who was to move then; no result,
    no draw offer."""
    moves = [m for m in game.moves if m.ply <= sight.plies]
    board = game.start_board()
    for move in moves:
        board.push(chess.Move.from_uci(move.uci))
    to_move = game.white if board.turn == chess.WHITE else game.black
    return GameView(
        id=game.id,
        event=game.event.code,
        section=game.section.name,
        round=game.round,
        board=game.board,
        white=game.white.login,
        black=game.black.login,
        status=GameStatus.ONGOING.value,
        result=GameResult.UNFINISHED.value,
        result_reason=None,
        ply_count=sight.plies,
        to_move=to_move.login,
        move_number=move_number_of(sight.plies + 1, game.plies_before),
        fen=board.fen(),
        moves=[move_view(m, game.plies_before) for m in moves],
        white_name=game.white.name,
        black_name=game.black.name,
        moves_behind=sight.moves_behind,
        start_fen=game.start_fen,
        start_line=game.start_line,
        chess960=game.chess960,
        system=str(game.event.system),
    )


def move_view(move: Move, before: int = 0) -> MoveView:
    """A move as shown, numbered from the game's start (``before``:
    :attr:`Game.plies_before`)."""
    return MoveView(
        ply=move.ply,
        move_number=move_number_of(move.ply, before),
        color="white" if start.white_ply(move.ply, before) else "black",
        san=move.san,
        uci=move.uci,
        received_at=move.received_at,
        sent_at=move.sent_at,
        received_on=move.received_on,
        sent_on=move.sent_on,
        door=move.door.value,
        stated_sent_on=move.stated_sent_on,
    )


def game_summary(game: Game) -> GameSummary:
    to_move = game.player_to_move
    return GameSummary(
        id=game.id,
        event=game.event.code,
        section=game.section.name,
        round=game.round,
        board=game.board,
        white=game.white.login,
        black=game.black.login,
        status=game.status.value,
        result=game.result.value,
        result_reason=game.result_reason.value if game.result_reason else None,
        ply_count=game.ply_count,
        to_move=to_move.login if to_move else None,
        move_number=move_number_of(game.ply_count + 1, game.plies_before),
        system=str(game.event.system),
    )
