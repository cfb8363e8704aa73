"""The move service: the one entry point through which every door plays.

A move is checked against the game's stored current position (no replay of
the game), recorded exactly once (unique per game and ply, and the caller's
expected move number turns a retry into "already applied"), and ends the
game where the position does. Draw offers, resignation and draw claims go
through here too (:mod:`cc.games.outcomes`), as do conditional moves
(:mod:`cc.games.conditionals`). Nothing is stored when a request is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

import notation
from cc.base import errors, positions
from cc.base.kinds import DrawOfferStatus, GameResult, GameStatus, ResultReason
from cc.clock.ledger import LedgerService
from cc.clock.receipts import apply_receipt
from cc.games import turns
from cc.games.conditionals import ConditionalMoves, LineView
from cc.games.forfeits import Forfeits
from cc.games.move_text import read_move
from cc.games.open_items import game_for_move
from cc.games.outcomes import GameOutcome, Outcomes
from cc.games.turns import color_name, move_number_of, ply_of
from cc.kernel.access import require_official
from cc.kernel.context import Actor, ServiceContext, audit, find_game
from cc.kernel.notifications import Kind, Value
from cc.store import rows
from cc.store.models import Event, Game, Move, Player
from cc.text.i18n import N_
from timekeeping import local_date

#: the longest message a player may send with a move or an offer (characters)
MESSAGE_LIMIT = 2000


@dataclass(frozen=True)
class MoveOutcome:
    """What became of a submitted move."""

    game_id: int
    ply: int
    move_number: int
    color: str
    uci: str
    san: str
    sent_at: datetime
    #: True when this exact move had been recorded before (a retried request)
    already_applied: bool
    status: GameStatus
    result: GameResult
    result_reason: ResultReason | None
    fen: str
    #: the partner's conditional replies this move set off, in SAN
    fired: tuple[str, ...] = ()


@dataclass(frozen=True)
class MovePreview:
    """A move checked and not yet made: what the player is asked to confirm."""

    game_id: int
    move_number: int
    color: str
    uci: str
    san: str
    fen_before: str
    fen_after: str
    #: the conditional continuation, in SAN, if one was given
    line: tuple[str, ...] = ()
    #: Chess960 castling rules (a thematic event, Art. 26)
    chess960: bool = False


class GameService:
    """Moves, draw offers, resignation and draw claims, conditional moves:
    the move is made here; offers, resignation, claims and the game's end
    by :class:`Outcomes`, lines by :class:`ConditionalMoves`.

    Each change tells whom it concerns, in its own transaction: the partner
    of a move (MOVE), of a draw offer or an answer to one (DRAW_OFFERED,
    DRAW_ACCEPTED, DRAW_DECLINED), of a resignation (RESIGNED), of a draw
    claimed (GAME_OVER). The player who acted knows and is not told.
    """

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx
        #: server games lost on time (54.5.2), found by any late request too
        self.forfeits = Forfeits(self.finish, ctx.notifications)
        #: lines that answer the partner's moves, each played by the move itself
        self.conditionals = ConditionalMoves(ctx, self.forfeits, play=self.record_move)
        self.outcomes = Outcomes(ctx, self.forfeits, self.conditionals, play=self.record_move)

    # ----------------------------------------------------------------- moves

    def submit_move(
        self,
        actor: Actor,
        game_id: int,
        text: str,
        *,
        as_player: int | None = None,
        move_number: int | None = None,
        offer_draw: bool = False,
        sent_at: datetime | None = None,
        stated_sent_on: date | None = None,
        conditional: str | None = None,
        received: date | datetime | str | None = None,
        message: str | None = None,
    ) -> MoveOutcome:
        """Make a move in a game.

        ``as_player`` lets an arbiter (or the operator) enter a move for a
        player, and ``sent_at`` gives the real instant of a move that arrived
        by post or was lost; both are audited. ``move_number`` is the full-move
        number the caller believes it is sending: a retry of a recorded move
        is answered as already applied, never applied twice. ``conditional``
        continues the move with a line "their reply, my answer, ..." (54.3.3).
        ``received`` is when the player received the partner's last move, as
        the arbiter knows it from a postmark or the player's letter (55.2.2,
        56.2.3): checked and recorded as :meth:`ReceiptService.record_receipt`
        does, before the move is dated against it. ``message`` is what the
        player writes to the partner with the move (Xfcc's ``myMessage``): it
        reaches the partner with the move's notice.

        The partner is told once: DRAW_OFFERED (with ``move``) when the move
        carries a draw offer (made with it, or the player's own offer still
        standing), else MOVE (``fired`` for the partner's conditional replies
        it set off); ``draw_declined`` when the move answered the partner's
        own offer.
        """
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            game, may = game_for_move(session, game_id, (sent_at or now).astimezone(UTC).date())
            event = game.event
            player = turns.acting_player(
                session, actor, game, as_player, "enter moves for another player"
            )
            if sent_at is not None and not actor.trusted:
                require_official(session, actor, event, N_("date a move"))
            color = chess.WHITE if player.id == game.white_id else chess.BLACK

            if move_number is not None:
                retried = self._check_move_number(session, game, player, color, move_number, text)
                if retried is not None:
                    return retried

            turns.require_playable(game, event, now)
            if turns.to_move(game) != color:
                raise turns.not_your_turn(game, player)
            when = sent_at or now
            if may.leave:
                turns.require_not_on_leave(session, game, player, when)

            if received is not None:
                require_official(session, actor, event, "record when a move was received")
                apply_receipt(
                    session,
                    actor,
                    game,
                    player,
                    game.ply_count + 1,
                    received,
                    now=now,
                    reply_at=when,
                    refresh=False,
                )
            if sent_at is not None:
                self._check_sent_at(game, sent_at, now)
            turns.refuse_if_lost(self.forfeits, session, game, when, now)
            board = game.position()
            move = read_move(board, text, game)
            offer = turns.open_offer(session, game) if may.offer else None
            declined = offer is not None and offer.offered_by_id != player.id
            if offer is not None and declined:
                # Replying with a move declines the partner's offer.
                offer.status = DrawOfferStatus.DECLINED
                offer.answered_at = when
            if conditional:
                after = board.copy(stack=False)
                after.push(move)
                line = self.conditionals.parse_line(game, after, conditional)
            still_open = offer is not None and offer.status == DrawOfferStatus.OPEN
            offered = offer_draw and not still_open
            if offered:
                # Offered with the move, so the partner's lines do not answer it.
                self.outcomes.new_offer(session, actor, game, player, when)
            if conditional:
                # Stored first, so that a reply fired by the partner's own line
                # can set it off in turn.
                self.conditionals.store_line(
                    session, actor, game, player, line, now, next_ply=game.ply_count + 2
                )
            fired: list[str] = []
            text = (message or "").strip()[:MESSAGE_LIMIT]
            recorded = self.record_move(
                session,
                actor,
                game,
                event,
                player,
                board,
                move,
                when,
                now,
                stated_sent_on,
                fired=fired,
                message=text,
                # Only a line stored just now or read as open can fire.
                lines_open=may.lines or bool(conditional),
            )
            outcome = replace(
                recorded,
                fired=tuple(fired),
                status=game.status,
                result=game.result,
                result_reason=game.result_reason,
                fen=game.fen,
            )
            if text:
                audit(
                    session,
                    actor,
                    now,
                    "message_sent",
                    event_id=game.event_id,
                    game_id=game.id,
                    player_id=player.id,
                    text=text,
                )
            # The partner hears of it (the gateway forwards it by email, 56.2.1).
            params: dict[str, Value] = {"player": player.name, "move": outcome.san}
            kind = Kind.MOVE
            if (offered or still_open) and game.status == GameStatus.ONGOING:
                # One notice: the offer goes with the move (its lines lapsed),
                # whether made with it or standing from before.
                kind = Kind.DRAW_OFFERED
            else:
                params["fired"] = list(fired)
            if declined:
                params["draw_declined"] = True
            if text:
                params["message"] = text
            # Most moves change the game's row alone: one UPDATE, no flush.
            # Written before the partner is told, whose mail (the email
            # door's form) reads the database, and would flush it first.
            rows.write_changes(session, game)
            self.outcomes.tell_partner(session, game, player, kind, params)
            return outcome

    def record_stated_move(
        self, session: Session, actor: Actor, game: Game, player: Player, text: str, when: datetime
    ) -> str:
        """56.9.4: at adjudication the player to move states their move, which
        counts as made; it is checked like any other. Returns its SAN."""
        color = chess.WHITE if player.id == game.white_id else chess.BLACK
        if turns.to_move(game) != color:
            raise turns.not_your_turn(game, player)
        board = game.position()
        move = read_move(board, text, game)
        san = board.san(move)
        self.record_move(
            session, actor, game, game.event, player, board, move, when, self.ctx.now(), None
        )
        return san

    def preview_move(
        self,
        actor: Actor,
        game_id: int,
        text: str,
        *,
        as_player: int | None = None,
        conditional: str | None = None,
    ) -> MovePreview:
        """The "send" step (54.3.1): every check of a move, nothing stored.

        The player then confirms the previewed move, which submits it with
        its move number, so a confirmation sent twice is applied once.
        """
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            player = turns.acting_player(session, actor, game, as_player, N_("enter moves"))
            turns.require_playable(game, game.event, now)
            color = chess.WHITE if player.id == game.white_id else chess.BLACK
            if turns.to_move(game) != color:
                raise turns.not_your_turn(game, player)
            turns.require_not_on_leave(session, game, player, now)
            board = game.position()
            move = read_move(board, text, game)
            san = board.san(move)
            fen_before = board.fen()
            board.push(move)
            line: list[str] = []
            if conditional:
                after = board.copy(stack=False)
                for uci in self.conditionals.parse_line(game, board.copy(stack=False), conditional):
                    step = chess.Move.from_uci(uci)
                    line.append(after.san(step))
                    after.push(step)
            return MovePreview(
                game_id=game.id,
                move_number=move_number_of(game.ply_count + 1, game.plies_before),
                color=color_name(color),
                uci=move.uci(),
                san=san,
                fen_before=fen_before,
                fen_after=board.fen(),
                line=tuple(line),
                chess960=game.chess960,
            )

    def record_move(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        event: Event,
        player: Player,
        board: chess.Board,
        move: chess.Move,
        when: datetime,
        now: datetime,
        stated_sent_on: date | None,
        fired: list[str] | None = None,
        message: str | None = None,
        lines_open: bool = True,
    ) -> MoveOutcome:
        """Record one legal move inside the caller's transaction: the move
        row, the board, the day ledger, the audit entry, and what follows (a
        conditional line answering, a game ended by the move). Every door's
        move, a conditional line and a record loaded by the arbiter all come
        here, so that a move is recorded one way whoever brings it."""
        color = board.turn
        san = board.san(move)
        # Only a line that lapses names the position before the move.
        before_fen = board.fen() if lines_open else ""
        irreversible = board.is_irreversible(move)
        board.push(move)
        position = board.epd(en_passant="legal")
        repetition = [] if irreversible else list(game.repetition)
        repetition.append(position)

        ply = game.ply_count + 1
        received_at = game.turn_started_at
        received_on = max(local_date(received_at, event.timezone), event.start_date)  # 54.4.4
        sent_on = local_date(when, event.timezone)
        # Nothing reads the move back as an object in this transaction:
        # written at once as a row, outside the unit of work.
        rows.insert_now(
            session,
            Move,
            {
                "game_id": game.id,
                "ply": ply,
                "uci": move.uci(),
                "san": san,
                "received_at": received_at,
                "sent_at": when,
                "received_on": received_on,
                "sent_on": sent_on,
                "stated_sent_on": stated_sent_on,
                "door": actor.door,
                "player_id": player.id,
                "entered_by_id": None if actor.player_id == player.id else actor.player_id,
                "recorded_at": now,
                "message": message or None,
            },
        )
        game.fen = f"{position} {board.halfmove_clock} {board.fullmove_number}"  # board.fen()
        positions.remember(game.fen, board)
        game.white_to_move = board.turn == chess.WHITE
        game.ply_count = ply
        game.repetition = repetition
        # The mover's day ledger carried over this move (spec §3).
        LedgerService.carry(session, game, player.id, (received_on, received_at, sent_on, when))
        # On the server the partner sees the move at once: it is their receipt.
        game.turn_started_at = when
        audit(
            session,
            actor,
            now,
            "move",
            event_id=event.id,
            game_id=game.id,
            ply=ply,
            uci=move.uci(),
            san=san,
            player_id=player.id,
            sent_at=when.isoformat(),
            backdated=when != now,
        )
        self.outcomes.end_if_over(
            session, actor, game, board, repetition.count(position), color, when
        )
        # Written with the rest at the commit (or by the next read that
        # needs it): one flush a move.
        if lines_open and game.status == GameStatus.ONGOING:
            self.conditionals.fire_lines(
                session, game, event, player, ply, move.uci(), san, before_fen, when, now, fired
            )
        LedgerService.refresh_deadline(session, game, now)
        return MoveOutcome(
            game_id=game.id,
            ply=ply,
            move_number=move_number_of(ply, game.plies_before),
            color=color_name(color),
            uci=move.uci(),
            san=san,
            sent_at=when,
            already_applied=False,
            status=game.status,
            result=game.result,
            result_reason=game.result_reason,
            fen=game.fen,
        )

    def _check_move_number(
        self,
        session: Session,
        game: Game,
        player: Player,
        color: chess.Color,
        move_number: int,
        text: str,
    ) -> MoveOutcome | None:
        """Answer a retry of a recorded move, or refuse a number that does not fit."""
        if move_number < 1:
            raise errors.InvalidInput(
                field="move_number", reason=N_("{number} is not a move", number=move_number)
            )
        expected_ply = ply_of(move_number, color, game.plies_before)
        next_ply = game.ply_count + 1
        if expected_ply == next_ply:
            return None
        if 1 <= expected_ply < next_ply:
            recorded = session.scalar(
                select(Move).where(Move.game_id == game.id, Move.ply == expected_ply)
            )
            assert recorded is not None
            board = self._board_before(session, game, expected_ply)
            try:
                same = notation.read_move(board, text).uci() == recorded.uci
            except notation.NotationError:
                same = False
            if not same:
                raise errors.AlreadyAppliedDifferently(
                    game_id=game.id, move_number=move_number, san=recorded.san
                )
            return MoveOutcome(
                game_id=game.id,
                ply=recorded.ply,
                move_number=move_number,
                color=color_name(color),
                uci=recorded.uci,
                san=recorded.san,
                sent_at=recorded.sent_at,
                already_applied=True,
                status=game.status,
                result=game.result,
                result_reason=game.result_reason,
                fen=game.fen,
            )
        if turns.to_move(game) != color:
            raise turns.not_your_turn(game, player)
        raise errors.MoveNumberMismatch(
            game_id=game.id,
            sent=move_number,
            expected=move_number_of(next_ply, game.plies_before),
            who=player.login,
        )

    @staticmethod
    def _board_before(session: Session, game: Game, ply: int) -> chess.Board:
        """The position before ``ply``: a replay, used only to answer retries."""
        board = game.start_board()
        for uci in session.scalars(
            select(Move.uci).where(Move.game_id == game.id, Move.ply < ply).order_by(Move.ply)
        ):
            board.push(chess.Move.from_uci(uci))
        return board

    @staticmethod
    def _check_sent_at(game: Game, sent_at: datetime, now: datetime) -> None:
        if sent_at.tzinfo is None:
            raise errors.BadTime(at=sent_at.isoformat(), reason=N_("it gives no time zone"))
        if sent_at > now:
            raise errors.BadTime(at=sent_at.isoformat(), reason=N_("it is in the future"))
        if sent_at < game.turn_started_at:
            raise errors.BadTime(
                at=sent_at.isoformat(),
                reason=N_(
                    "it is before the player received the position ({received})",
                    received=game.turn_started_at.isoformat(),
                ),
            )

    # ------------------------------------- draws, resignation, conditional moves

    def resign(self, actor: Actor, game_id: int, *, as_player: int | None = None) -> GameOutcome:
        return self.outcomes.resign(actor, game_id, as_player=as_player)

    def offer_draw(
        self, actor: Actor, game_id: int, *, as_player: int | None = None
    ) -> GameOutcome:
        """Offer a draw; if the partner's own offer is open, that is agreement."""
        return self.outcomes.offer_draw(actor, game_id, as_player=as_player)

    def accept_draw(
        self, actor: Actor, game_id: int, *, as_player: int | None = None
    ) -> GameOutcome:
        return self.outcomes.accept_draw(actor, game_id, as_player=as_player)

    def decline_draw(
        self, actor: Actor, game_id: int, *, as_player: int | None = None
    ) -> GameOutcome:
        return self.outcomes.decline_draw(actor, game_id, as_player=as_player)

    def claim_draw(
        self,
        actor: Actor,
        game_id: int,
        *,
        as_player: int | None = None,
        text: str | None = None,
    ) -> GameOutcome:
        """Claim a draw by threefold repetition or the 50-move rule (FIDE 9.2, 9.3):
        :meth:`Outcomes.claim_draw`."""
        return self.outcomes.claim_draw(actor, game_id, as_player=as_player, text=text)

    def add_line(
        self, actor: Actor, game_id: int, text: str, *, as_player: int | None = None
    ) -> int:
        """Register conditional moves while the partner is to move (54.3.3):
        :meth:`ConditionalMoves.add_line`."""
        return self.conditionals.add_line(actor, game_id, text, as_player=as_player)

    def cancel_line(self, actor: Actor, line_id: int) -> None:
        self.conditionals.cancel_line(actor, line_id)

    def lines(self, actor: Actor, game_id: int, style: str = "san") -> list[LineView]:
        """The caller's own active lines in a game: :meth:`ConditionalMoves.lines`."""
        return self.conditionals.lines(actor, game_id, style)

    def finish(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        result: GameResult,
        reason: ResultReason,
        when: datetime,
    ) -> None:
        """The game ends (:meth:`Outcomes.finish`) inside the caller's
        transaction: a case's decision and a record loaded by the arbiter end
        games this way too."""
        self.outcomes.finish(session, actor, game, result, reason, when)


__all__ = [
    "MESSAGE_LIMIT",
    "GameService",
    "MoveOutcome",
    "MovePreview",
]
