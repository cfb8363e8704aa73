"""What the players of a game wrote to each other, each message with its move.

A message goes with a move (or with a draw offer or an acceptance made
without one, at Xfcc) and is part of the record between the two players
and their arbiter: it is never a chat beside the game. Others who may see a
game once it is public do not see the messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select

from cc.base import errors
from cc.games.moves import MESSAGE_LIMIT
from cc.kernel.access import is_official_of
from cc.kernel.context import Actor, ServiceContext, audit, find_game
from cc.store.models import AuditEntry, Game, Move, Player
from notation.start import move_number
from timekeeping import local_date


@dataclass(frozen=True)
class MessageView:
    """One message: who wrote it, when, and the move it came with (if any)."""

    author: str
    author_name: str
    color: str
    sent_at: datetime
    sent_on: date
    text: str
    #: the ply and the move it was sent with; None for one sent with an offer
    ply: int | None = None
    uci: str | None = None
    san: str | None = None
    #: the half-moves the game's start stands for (Art. 26, a thematic start)
    before: int = 0

    @property
    def move_number(self) -> int | None:
        return None if self.ply is None else move_number(self.ply, self.before)


class GameMessages:
    """The messages of a game, in the order they were written."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def send(self, actor: Actor, game_id: int, text: str) -> None:
        """Keep a message a player of the game sends without a move (with a
        draw offer, an acceptance, a claim or a resignation, at Xfcc): recorded
        as one sent with a move is, for the partner and the arbiter. A blank
        message keeps nothing."""
        text = text.strip()[:MESSAGE_LIMIT]
        if not text:
            return
        with self.ctx.db.write() as session:
            game = find_game(session, game_id)
            if actor.player_id not in (game.white_id, game.black_id):
                raise errors.NotYourGame(
                    game_id=game.id, white=game.white.login, black=game.black.login, who=actor.label
                )
            audit(
                session,
                actor,
                self.ctx.now(),
                "message_sent",
                event_id=game.event_id,
                game_id=game.id,
                player_id=actor.player_id,
                text=text,
            )

    def of(self, actor: Actor, game_id: int) -> list[MessageView]:
        """The game's messages, for its two players and its officials; none for others."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            if actor.player_id not in (game.white_id, game.black_id) and not is_official_of(
                session, actor, game.event
            ):
                return []
            zone = game.event.timezone
            people = {p.id: p for p in (game.white, game.black)}
            out: list[tuple[datetime, int, MessageView]] = []
            moved: set[tuple[int, datetime]] = set()
            for move in session.scalars(
                select(Move).where(Move.game_id == game.id, Move.message.is_not(None))
            ):
                moved.add((move.player_id, move.recorded_at))
                out.append(
                    (
                        move.recorded_at,
                        move.ply,
                        self._view(
                            game,
                            people,
                            move.player_id,
                            move.sent_at,
                            zone,
                            move.message or "",
                            move,
                        ),
                    )
                )
            for entry in session.scalars(
                select(AuditEntry)
                .where(AuditEntry.game_id == game.id, AuditEntry.action == "message_sent")
                .order_by(AuditEntry.id)
            ):
                author = entry.details.get("player_id")
                if not isinstance(author, int) or (author, entry.at) in moved:
                    continue
                text = str(entry.details.get("text", ""))
                out.append(
                    (entry.at, 10**9, self._view(game, people, author, entry.at, zone, text))
                )
            out.sort(key=lambda item: (item[0], item[1]))
            return [view for _, _, view in out]

    @staticmethod
    def _view(
        game: Game,
        people: dict[int, Player],
        author: int,
        at: datetime,
        zone: str,
        text: str,
        move: Move | None = None,
    ) -> MessageView:
        player = people.get(author)
        return MessageView(
            author=player.login if player else "",
            author_name=player.name if player else "",
            color="white" if author == game.white_id else "black",
            sent_at=at,
            sent_on=local_date(at, zone),
            text=text,
            ply=move.ply if move else None,
            uci=move.uci if move else None,
            san=move.san if move else None,
            before=game.plies_before,
        )
