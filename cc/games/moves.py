"""The move service: the one entry point through which every door plays.

A move is checked against the game's stored current position (no replay of
the game), recorded exactly once (unique per game and ply, and the caller's
expected move number turns a retry into "already applied"), and ends the
game where the position does. Draw offers, resignation and draw claims go
through here too. Nothing is stored when a request is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

import notation
from cc.base import errors, positions
from cc.base.regulations import Mode
from cc.clock.ledger import LedgerService
from cc.clock.receipts import apply_receipt
from cc.events import progression
from cc.games.conditionals import ConditionalMoves, LineView, notation_reason
from cc.games.forfeits import Forfeits
from cc.games.open_items import game_for_move, may_have_open
from cc.kernel.access import require_official
from cc.kernel.context import (
    Actor,
    ServiceContext,
    audit,
    find_game,
)
from cc.kernel.notifications import Kind, Notice, Value
from cc.store import rows as bulk_rows
from cc.store.models import (
    Door,
    DrawOffer,
    DrawOfferStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    GameStatus,
    LeaveStatus,
    Move,
    Player,
    PlayerLeave,
    ResultReason,
)
from cc.text.i18n import N_
from notation import start
from timekeeping import local_date

#: the longest message a player may send with a move or an offer (characters)
MESSAGE_LIMIT = 2000


def ply_of(move_number: int, color: chess.Color, before: int = 0) -> int:
    """The game's ply of full move ``move_number`` for ``color``; ``before``
    is :attr:`Game.plies_before`, the half-moves a thematic start stands for
    (Art. 26), so a game started at Black's move 12 has that move as ply 1.

    >>> ply_of(1, chess.WHITE), ply_of(1, chess.BLACK), ply_of(10, chess.BLACK)
    (1, 2, 20)
    >>> ply_of(12, chess.BLACK, 23), ply_of(13, chess.WHITE, 23)
    (1, 2)
    """
    return start.ply_at(move_number, color, before)


def move_number_of(ply: int, before: int = 0) -> int:
    """The full-move number of the game's ``ply``, counted from its start
    position (``before``: :attr:`Game.plies_before`).

    >>> move_number_of(1), move_number_of(2), move_number_of(3)
    (1, 1, 2)
    >>> move_number_of(1, 23), move_number_of(2, 23)
    (12, 13)
    """
    return start.move_number(ply, before)


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


@dataclass(frozen=True)
class GameOutcome:
    """The state of a game after a draw or resignation request."""

    game_id: int
    status: GameStatus
    result: GameResult
    result_reason: ResultReason | None


def _color_name(color: chess.Color) -> str:
    return "white" if color == chess.WHITE else "black"


class GameService(ConditionalMoves):
    """Moves, draw offers, resignation and draw claims; conditional moves
    come from :class:`ConditionalMoves`.

    Each change tells whom it concerns, in its own transaction: the partner
    of a move (MOVE), of a draw offer or an answer to one (DRAW_OFFERED,
    DRAW_ACCEPTED, DRAW_DECLINED), of a resignation (RESIGNED), of a draw
    claimed (GAME_OVER). The player who acted knows and is not told.
    """

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx
        #: server games lost on time (54.5.2), found by any late request too
        self.forfeits = Forfeits(self._finish, ctx.notifications)

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
            player = self._acting_player(
                session, actor, game, as_player, "enter moves for another player"
            )
            if sent_at is not None and not actor.trusted:
                require_official(session, actor, event, N_("date a move"))
            color = chess.WHITE if player.id == game.white_id else chess.BLACK

            if move_number is not None:
                retried = self._check_move_number(session, game, player, color, move_number, text)
                if retried is not None:
                    return retried

            self._require_playable(game, event, now)
            to_move = self._to_move(game)
            if to_move != color:
                raise self._not_your_turn(session, game, player)
            when = sent_at or now
            if may.leave:
                self._require_not_on_leave(session, game, player, when)

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
            self._refuse_if_lost(session, game, when, now)
            board = game.position()
            move = self._read(board, text, game)
            offer = self._open_offer(session, game) if may.offer else None
            declined = offer is not None and offer.offered_by_id != player.id
            if offer is not None and declined:
                # Replying with a move declines the partner's offer.
                offer.status = DrawOfferStatus.DECLINED
                offer.answered_at = when
            if conditional:
                after = board.copy(stack=False)
                after.push(move)
                line = self._parse_line(game, after, conditional)
            still_open = offer is not None and offer.status == DrawOfferStatus.OPEN
            offered = offer_draw and not still_open
            if offered:
                # Offered with the move, so the partner's lines do not answer it.
                self._new_offer(session, actor, game, player, when)
            if conditional:
                # Stored first, so that a reply fired by the partner's own line
                # can set it off in turn.
                self._store_line(
                    session, actor, game, player, line, now, next_ply=game.ply_count + 2
                )
            fired: list[str] = []
            text = (message or "").strip()[:MESSAGE_LIMIT]
            recorded = self._record_move(
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
            bulk_rows.write_changes(session, game)
            self._tell_partner(session, game, player, kind, params)
            return outcome

    def record_stated_move(
        self, session: Session, actor: Actor, game: Game, player: Player, text: str, when: datetime
    ) -> str:
        """56.9.4: at adjudication the player to move states their move, which
        counts as made; it is checked like any other. Returns its SAN."""
        color = chess.WHITE if player.id == game.white_id else chess.BLACK
        if self._to_move(game) != color:
            raise self._not_your_turn(session, game, player)
        board = game.position()
        move = self._read(board, text, game)
        san = board.san(move)
        self._record_move(
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
            player = self._acting_player(session, actor, game, as_player, N_("enter moves"))
            self._require_playable(game, game.event, now)
            color = chess.WHITE if player.id == game.white_id else chess.BLACK
            if self._to_move(game) != color:
                raise self._not_your_turn(session, game, player)
            self._require_not_on_leave(session, game, player, now)
            board = game.position()
            move = self._read(board, text, game)
            san = board.san(move)
            fen_before = board.fen()
            board.push(move)
            line: list[str] = []
            if conditional:
                after = board.copy(stack=False)
                for uci in self._parse_line(game, board.copy(stack=False), conditional):
                    step = chess.Move.from_uci(uci)
                    line.append(after.san(step))
                    after.push(step)
            return MovePreview(
                game_id=game.id,
                move_number=move_number_of(game.ply_count + 1, game.plies_before),
                color=_color_name(color),
                uci=move.uci(),
                san=san,
                fen_before=fen_before,
                fen_after=board.fen(),
                line=tuple(line),
                chess960=game.chess960,
            )

    def _record_move(
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
        bulk_rows.insert_now(
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
        self._end_if_over(session, actor, game, board, repetition.count(position), color, when)
        # Written with the rest at the commit (or by the next read that
        # needs it): one flush a move.
        if lines_open and game.status == GameStatus.ONGOING:
            self._fire_lines(
                session, game, event, player, ply, move.uci(), san, before_fen, when, now, fired
            )
        LedgerService.refresh_deadline(session, game, now)
        return MoveOutcome(
            game_id=game.id,
            ply=ply,
            move_number=move_number_of(ply, game.plies_before),
            color=_color_name(color),
            uci=move.uci(),
            san=san,
            sent_at=when,
            already_applied=False,
            status=game.status,
            result=game.result,
            result_reason=game.result_reason,
            fen=game.fen,
        )

    def _end_if_over(
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
            self._finish(session, actor, game, result, ResultReason.CHECKMATE, when)
        elif board.is_stalemate():
            self._finish(session, actor, game, GameResult.DRAW, ResultReason.STALEMATE, when)
        elif board.is_insufficient_material():
            self._finish(
                session, actor, game, GameResult.DRAW, ResultReason.INSUFFICIENT_MATERIAL, when
            )
        elif occurrences >= 5:
            self._finish(
                session, actor, game, GameResult.DRAW, ResultReason.FIVEFOLD_REPETITION, when
            )
        elif board.halfmove_clock >= 150:
            self._finish(
                session, actor, game, GameResult.DRAW, ResultReason.SEVENTYFIVE_MOVES, when
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
                color=_color_name(color),
                uci=recorded.uci,
                san=recorded.san,
                sent_at=recorded.sent_at,
                already_applied=True,
                status=game.status,
                result=game.result,
                result_reason=game.result_reason,
                fen=game.fen,
            )
        if self._to_move(game) != color:
            raise self._not_your_turn(session, game, player)
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
    def _read(board: chess.Board, text: str, game: Game) -> chess.Move:
        try:
            return notation.read_move(board, text)
        except notation.IllegibleMoveError as exc:
            raise errors.IllegibleMove(
                text=exc.text, game_id=game.id, fen=exc.fen, reason=notation_reason(exc)
            ) from None
        except notation.AmbiguousMoveError as exc:
            raise errors.AmbiguousMove(
                text=exc.text, game_id=game.id, fen=exc.fen, reason=notation_reason(exc)
            ) from None
        except notation.ImpossibleMoveError as exc:
            raise errors.ImpossibleMove(
                text=exc.text, game_id=game.id, fen=exc.fen, reason=notation_reason(exc)
            ) from None

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

    # ------------------------------------------------------ draws, resignation

    @contextmanager
    def _playing(
        self, actor: Actor, game_id: int, as_player: int | None, action: str
    ) -> Iterator[tuple[Session, Game, Player, datetime]]:
        """One locked transaction on a playable game, in a player's name."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            player = self._acting_player(session, actor, game, as_player, action)
            self._require_playable(game, game.event, now)
            self._refuse_if_lost(session, game, now, now)
            yield session, game, player, now

    def _partners_offer(self, session: Session, game: Game, player: Player) -> DrawOffer:
        offer = self._open_offer(session, game)
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
            self._finish(session, actor, game, result, ResultReason.RESIGNATION, now)
            self._tell_partner(
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
            offer = self._open_offer(session, game)
            if offer is not None and offer.offered_by_id == player.id:
                raise errors.DrawOfferOpen(who=player.login, game_id=game.id)
            if offer is not None:
                self._accept(session, actor, game, player, offer, now)
            else:
                self._new_offer(session, actor, game, player, now)
                # Whether the partner may answer with a move: not when the
                # offer is made on the offerer's own turn, before their move.
                white_to_move = game.white_to_move
                partner_to_move = white_to_move != (player.id == game.white_id)
                self._tell_partner(
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
            self._tell_partner(session, game, player, Kind.DRAW_DECLINED, {"player": player.name})
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
            if self._to_move(game) != color:
                raise self._not_your_turn(session, game, player)
            board = game.position()
            repetition = list(game.repetition)
            move = None
            san: str | None = None
            if text is not None:
                move = self._read(board, text, game)
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
                offer = self._open_offer(session, game)
                if offer is not None and offer.offered_by_id != player.id:
                    offer.status = DrawOfferStatus.DECLINED
                    offer.answered_at = now
                san = self._record_move(
                    session, actor, game, game.event, player, board, move, now, now, None
                ).san
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
                self._finish(session, actor, game, GameResult.DRAW, reason, now)
                # The partner hears of the claim and, if made with one, its move.
                params: dict[str, Value] = {
                    "player": player.name,
                    "result": GameResult.DRAW.value,
                    "reason": reason.value,
                }
                if san is not None:
                    params["move"] = san
                self._tell_partner(session, game, player, Kind.GAME_OVER, params)
            elif san is not None:
                # The move itself ended the game: told as any such move.
                self._tell_partner(
                    session, game, player, Kind.MOVE, {"player": player.name, "move": san}
                )
            return self._outcome(game)

    # ---------------------------------------------------------------- helpers

    @staticmethod
    def _to_move(game: Game) -> chess.Color:
        return chess.WHITE if game.white_to_move else chess.BLACK

    @staticmethod
    def _outcome(game: Game) -> GameOutcome:
        return GameOutcome(
            game_id=game.id,
            status=game.status,
            result=game.result,
            result_reason=game.result_reason,
        )

    def _not_your_turn(self, session: Session, game: Game, player: Player) -> errors.NotYourTurn:
        to_move = game.white if game.white_to_move else game.black
        return errors.NotYourTurn(
            game_id=game.id,
            to_move=to_move.login,
            move_number=move_number_of(game.ply_count + 1, game.plies_before),
            who=player.login,
        )

    def _acting_player(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        as_player: int | None,
        action: str,
    ) -> Player:
        """The player in whose name the request acts; checks the actor may."""
        player_id = as_player if as_player is not None else actor.player_id
        if player_id is None:
            raise errors.InvalidInput(field="player", reason=N_("say which player acts"))
        player = session.get(Player, player_id)
        if player is None:
            raise errors.NotFound(kind="player", ref=player_id)
        if player_id not in (game.white_id, game.black_id):
            raise errors.NotYourGame(
                game_id=game.id, white=game.white.login, black=game.black.login, who=player.login
            )
        if actor.player_id != player_id:
            require_official(session, actor, game.event, action)
        return player

    def _require_playable(self, game: Game, event: Event, now: datetime) -> None:
        if game.status != GameStatus.ONGOING:
            raise errors.GameOver(
                game_id=game.id,
                result=game.result.value,
                reason=game.result_reason.value if game.result_reason else game.status.value,
            )
        if game.suspended_by_case_id is not None:
            raise errors.GameSuspended(game_id=game.id, case_id=game.suspended_by_case_id)
        if event.status != EventStatus.STARTED:
            raise errors.EventNotRunning(event=event.code, status=event.status.value)
        if local_date(now, event.timezone) < event.start_date:
            # No time before the official start counts (54.4.4, 55.4.5, 56.4.5).
            article = {Mode.SERVER: "54.4.4", Mode.POST: "55.4.5"}.get(Mode(event.mode), "56.4.5")
            raise errors.EventNotStarted(
                event=event.code, start_date=event.start_date.isoformat(), article=article
            )

    def _refuse_if_lost(self, session: Session, game: Game, when: datetime, now: datetime) -> None:
        """54.5.2: a request sent once the player to move is over the limit
        finds the game lost: the loss is recorded (dated on the overstep) and
        the request refused, in one transaction."""
        day = local_date(when, game.event.timezone)
        forfeit = self.forfeits.settle(session, game, day, now)
        if forfeit is not None:
            loser = game.white if forfeit.loser_id == game.white_id else game.black
            raise errors.LostOnTime(
                game_id=game.id,
                player=loser.login,
                day=forfeit.on.isoformat(),
                total=forfeit.total,
                limit=forfeit.limit,
            )

    @staticmethod
    def _require_not_on_leave(session: Session, game: Game, player: Player, now: datetime) -> None:
        """56.7.4: during a leave the player's clocks stand, so no move of theirs
        is made, by any door and whoever enters it, until they end it (56.7.3).
        ``now`` is when the move was made: one an arbiter dates before the leave
        began is recorded."""
        today = local_date(now, game.event.timezone)
        leave = session.scalar(
            select(PlayerLeave).where(
                PlayerLeave.player_id == player.id,
                PlayerLeave.status == LeaveStatus.ACTIVE,
                PlayerLeave.first_day <= today,
                PlayerLeave.last_day >= today,
            )
        )
        if leave is not None:
            raise errors.OnLeave(
                player=player.login,
                first=leave.first_day.isoformat(),
                last=leave.last_day.isoformat(),
            )

    @staticmethod
    def _open_offer(session: Session, game: Game) -> DrawOffer | None:
        return session.scalar(
            select(DrawOffer).where(
                DrawOffer.game_id == game.id, DrawOffer.status == DrawOfferStatus.OPEN
            )
        )

    @staticmethod
    def _new_offer(
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
        self._finish(session, actor, game, GameResult.DRAW, ResultReason.AGREED_DRAW, now)
        self._tell_partner(session, game, player, Kind.DRAW_ACCEPTED, {"player": player.name})

    def _tell_partner(
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

    def _finish(
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
        self._lapse_all(session, actor, game, when)
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


__all__ = [
    "Door",
    "GameOutcome",
    "GameService",
    "LineView",
    "MoveOutcome",
    "MovePreview",
    "move_number_of",
    "notation_reason",
    "ply_of",
]
