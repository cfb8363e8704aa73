"""Draw offers, resignation and draw claims, and the game's end they and
a move come to (:meth:`Outcomes.finish`).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import DrawOfferStatus, GameResult, GameStatus, ResultReason
from cc.events import progression
from cc.games import turns
from cc.games.conditionals import ConditionalMoves, PlayMove
from cc.games.forfeits import Forfeits
from cc.games.move_text import read_move
from cc.games.open_items import may_have_open
from cc.kernel.context import Actor, ServiceContext, audit
from cc.kernel.notifications import Kind, Notice, Value
from cc.store.models import DrawOffer, Game, Player
from cc.text.i18n import N_


@dataclass(frozen=True)
class GameOutcome:
    """The state of a game after a draw or resignation request."""

    game_id: int
    status: GameStatus
    result: GameResult
    result_reason: ResultReason | None


class Outcomes:
    """Resignation, draw offers and their answers, draw claims; and the end
    of a game however it comes.

    Each change tells whom it concerns, in its own transaction: the partner
    of a draw offer or an answer to one (DRAW_OFFERED, DRAW_ACCEPTED,
    DRAW_DECLINED), of a resignation (RESIGNED), of a draw claimed
    (GAME_OVER). The player who acted knows and is not told.
    """

    def __init__(
        self,
        ctx: ServiceContext,
        forfeits: Forfeits,
        conditionals: ConditionalMoves,
        *,
        play: PlayMove,
    ) -> None:
        self.ctx = ctx
        self.forfeits = forfeits
        #: whose lines lapse when the game ends
        self.conditionals = conditionals
        #: records the move a draw claim is made with
        self.play = play

    def _playing(
        self, actor: Actor, game_id: int, as_player: int | None, action: str
    ) -> AbstractContextManager[tuple[Session, Game, Player, datetime]]:
        """One locked transaction on a playable game, in a player's name."""
        return turns.playing(self.ctx, self.forfeits, actor, game_id, as_player, action)

    def _partners_offer(self, session: Session, game: Game, player: Player) -> DrawOffer:
        offer = turns.open_offer(session, game)
        if offer is None or offer.offered_by_id == player.id:
            raise errors.NoDrawOffer(who=player.login, game_id=game.id)
        return offer

    def resign(self, actor: Actor, game_id: int, *, as_player: int | None = None) -> GameOutcome:
        with self._playing(actor, game_id, as_player, N_("resign for a player")) as (
            session,
            game,
            player,
            now,
        ):
            result = GameResult.BLACK_WINS if player.id == game.white_id else GameResult.WHITE_WINS
            audit(
                session,
                actor,
                now,
                "resigned",
                event_id=game.event_id,
                game_id=game.id,
                player_id=player.id,
            )
            self.finish(session, actor, game, result, ResultReason.RESIGNATION, now)
            self.tell_partner(
                session,
                game,
                player,
                Kind.RESIGNED,
                {"player": player.name, "result": result.value},
            )
            return self._outcome(game)

    def offer_draw(
        self, actor: Actor, game_id: int, *, as_player: int | None = None
    ) -> GameOutcome:
        """Offer a draw; if the partner's own offer is open, that is agreement."""
        with self._playing(actor, game_id, as_player, N_("offer draws for a player")) as (
            session,
            game,
            player,
            now,
        ):
            offer = turns.open_offer(session, game)
            if offer is not None and offer.offered_by_id == player.id:
                raise errors.DrawOfferOpen(who=player.login, game_id=game.id)
            if offer is not None:
                self._accept(session, actor, game, player, offer, now)
            else:
                self.new_offer(session, actor, game, player, now)
                # Whether the partner may answer with a move: not when the
                # offer is made on the offerer's own turn, before their move.
                white_to_move = game.white_to_move
                partner_to_move = white_to_move != (player.id == game.white_id)
                self.tell_partner(
                    session,
                    game,
                    player,
                    Kind.DRAW_OFFERED,
                    {"player": player.name, "partner_to_move": partner_to_move},
                )
            return self._outcome(game)

    def accept_draw(
        self, actor: Actor, game_id: int, *, as_player: int | None = None
    ) -> GameOutcome:
        with self._playing(actor, game_id, as_player, N_("answer draw offers")) as (
            session,
            game,
            player,
            now,
        ):
            offer = self._partners_offer(session, game, player)
            self._accept(session, actor, game, player, offer, now)
            return self._outcome(game)

    def decline_draw(
        self, actor: Actor, game_id: int, *, as_player: int | None = None
    ) -> GameOutcome:
        with self._playing(actor, game_id, as_player, N_("answer draw offers")) as (
            session,
            game,
            player,
            now,
        ):
            offer = self._partners_offer(session, game, player)
            offer.status = DrawOfferStatus.DECLINED
            offer.answered_at = now
            audit(
                session,
                actor,
                now,
                "draw_declined",
                event_id=game.event_id,
                game_id=game.id,
                offer_id=offer.id,
                player_id=player.id,
            )
            self.tell_partner(session, game, player, Kind.DRAW_DECLINED, {"player": player.name})
            return self._outcome(game)

    def claim_draw(
        self,
        actor: Actor,
        game_id: int,
        *,
        as_player: int | None = None,
        text: str | None = None,
    ) -> GameOutcome:
        """Claim a draw by threefold repetition or the 50-move rule (FIDE 9.2, 9.3).

        The claimant must be the player to move. With ``text``, the claim is
        for the position after that move: if it holds, the move is recorded
        and the game drawn; if not, nothing is recorded and the player may
        send a move as usual.
        """
        with self._playing(actor, game_id, as_player, N_("claim draws")) as (
            session,
            game,
            player,
            now,
        ):
            color = chess.WHITE if player.id == game.white_id else chess.BLACK
            if turns.to_move(game) != color:
                raise turns.not_your_turn(game, player)
            board = game.position()
            repetition = list(game.repetition)
            move = None
            san: str | None = None
            if text is not None:
                move = read_move(board, text, game)
                irreversible = board.is_irreversible(move)
                board.push(move)
                repetition = [] if irreversible else repetition
                repetition.append(board.epd(en_passant="legal"))
            occurrences = repetition.count(board.epd(en_passant="legal"))
            if occurrences >= 3:
                reason = ResultReason.THREEFOLD_REPETITION
            elif board.halfmove_clock >= 100:
                reason = ResultReason.FIFTY_MOVES
            else:
                raise errors.DrawClaimInvalid(
                    game_id=game.id, repetitions=occurrences, halfmoves=board.halfmove_clock
                )
            if move is not None:
                board.pop()
                offer = turns.open_offer(session, game)
                if offer is not None and offer.offered_by_id != player.id:
                    offer.status = DrawOfferStatus.DECLINED
                    offer.answered_at = now
                san = board.san(move)
                self.play(session, actor, game, game.event, player, board, move, now, now, None)
            if game.status == GameStatus.ONGOING:
                audit(
                    session,
                    actor,
                    now,
                    "draw_claimed",
                    event_id=game.event_id,
                    game_id=game.id,
                    player_id=player.id,
                    reason=reason.value,
                    occurrences=occurrences,
                )
                self.finish(session, actor, game, GameResult.DRAW, reason, now)
                # The partner hears of the claim and, if made with one, its move.
                params: dict[str, Value] = {
                    "player": player.name,
                    "result": GameResult.DRAW.value,
                    "reason": reason.value,
                }
                if san is not None:
                    params["move"] = san
                self.tell_partner(session, game, player, Kind.GAME_OVER, params)
            elif san is not None:
                # The move itself ended the game: told as any such move.
                self.tell_partner(
                    session, game, player, Kind.MOVE, {"player": player.name, "move": san}
                )
            return self._outcome(game)

    @staticmethod
    def _outcome(game: Game) -> GameOutcome:
        return GameOutcome(
            game_id=game.id,
            status=game.status,
            result=game.result,
            result_reason=game.result_reason,
        )

    @staticmethod
    def new_offer(
        session: Session, actor: Actor, game: Game, player: Player, when: datetime
    ) -> None:
        offer = DrawOffer(
            game_id=game.id,
            offered_by_id=player.id,
            ply=game.ply_count,
            offered_at=when,
            status=DrawOfferStatus.OPEN,
        )
        session.add(offer)
        session.flush()
        audit(
            session,
            actor,
            when,
            "draw_offered",
            event_id=game.event_id,
            game_id=game.id,
            offer_id=offer.id,
            player_id=player.id,
            ply=game.ply_count,
        )

    def _accept(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        player: Player,
        offer: DrawOffer,
        now: datetime,
    ) -> None:
        """The partner's offer accepted by ``player``: the game is drawn, and
        the offerer told who accepted."""
        offer.status = DrawOfferStatus.ACCEPTED
        offer.answered_at = now
        audit(
            session,
            actor,
            now,
            "draw_accepted",
            event_id=game.event_id,
            game_id=game.id,
            offer_id=offer.id,
        )
        self.finish(session, actor, game, GameResult.DRAW, ResultReason.AGREED_DRAW, now)
        self.tell_partner(session, game, player, Kind.DRAW_ACCEPTED, {"player": player.name})

    def tell_partner(
        self,
        session: Session,
        game: Game,
        player: Player,
        kind: Kind,
        params: dict[str, Value],
    ) -> None:
        """``kind`` to the partner of ``player`` in ``game``."""
        partner_id = game.black_id if player.id == game.white_id else game.white_id
        self.ctx.notifications.notify(
            session,
            Notice(
                recipient_id=partner_id,
                kind=kind,
                game_id=game.id,
                event_id=game.event_id,
                params=params,
            ),
        )

    def end_if_over(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        board: chess.Board,
        occurrences: int,
        mover: chess.Color,
        when: datetime,
    ) -> None:
        """End the game where the position itself ends it (FIDE Laws 5, 9.6)."""
        if board.is_checkmate():
            result = GameResult.WHITE_WINS if mover == chess.WHITE else GameResult.BLACK_WINS
            self.finish(session, actor, game, result, ResultReason.CHECKMATE, when)
        elif board.is_stalemate():
            self.finish(session, actor, game, GameResult.DRAW, ResultReason.STALEMATE, when)
        elif board.is_insufficient_material():
            self.finish(
                session, actor, game, GameResult.DRAW, ResultReason.INSUFFICIENT_MATERIAL, when
            )
        elif occurrences >= 5:
            self.finish(
                session, actor, game, GameResult.DRAW, ResultReason.FIVEFOLD_REPETITION, when
            )
        elif board.halfmove_clock >= 150:
            self.finish(session, actor, game, GameResult.DRAW, ResultReason.SEVENTYFIVE_MOVES, when)

    def finish(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        result: GameResult,
        reason: ResultReason,
        when: datetime,
    ) -> None:
        game.status = GameStatus.FINISHED
        game.result = result
        game.result_reason = reason
        game.finished_at = when
        game.next_deadline = None
        self.conditionals.lapse_all(session, actor, game, when)
        if may_have_open(session, game.id, "offers"):
            for offer in session.scalars(
                select(DrawOffer).where(
                    DrawOffer.game_id == game.id, DrawOffer.status == DrawOfferStatus.OPEN
                )
            ):
                offer.status = DrawOfferStatus.LAPSED
                offer.answered_at = when
        audit(
            session,
            actor,
            when,
            "game_finished",
            event_id=game.event_id,
            game_id=game.id,
            result=result.value,
            reason=reason.value,
        )
        progression.game_finished(session, game, when, self.ctx.notifications)


__all__ = ["GameOutcome", "Outcomes"]
