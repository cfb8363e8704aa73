"""The arbiter records when a move was received (Art. 55.2.2, 56.2.3, spec §10.3).

A move costs its player the days from receipt of the partner's move to the
sending of the reply (55.4.4, 56.4.1; spec §10.1), so each line of the
schedule (Art. 60) and of the standard form (59.1) carries two dates. On the
server both are the server's own: the partner sees a move the moment it is
sent, and the gateway dates a forwarded move by its delivery (§10.3). By
post they are the postmarks' (55.2.2), and in email games played outside
the gateway the receiver gives the date of receipt with the reply (56.2.1,
56.2.3): the arbiter knows them, and enters them here.

The receipt of a player's move N is when the partner's previous move reached
that player: stored with the move once it is made (``Move.received_at`` and
``received_on``), and for the move being thought about it is the game's
``turn_started_at``, from which the running clock counts. Either way the
ledger reads it, so the schedule, the totals and the game's next deadline
follow. A receipt is never before the partner sent the move, never after the
player answered it, never in the future and never before the start (54.4.4).
Once a game is over its record stays as the result was decided on; while a
time claim suspends it (56.6.3) the arbiter may still correct the dates.

A date alone (a postmark) is the first instant of that day in the event's
zone, but not before the partner's sending on that same day. Midnight is how
the console reads a sending date alone (``cc game move --at 2026-05-18``), so
when both dates of a move are dates alone, ICCF counting (whole 24-hour
periods, §10.2) gives exactly the calendar difference that Art. 55.4.4 and
the 59.1 form count; any other hour would make the result depend on when in
the day the arbiter happened to enter the move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import GameStatus
from cc.clock.ledger import LedgerService
from cc.kernel.access import is_arbiter_of, require_official
from cc.kernel.context import Actor, ServiceContext, audit, find_game, find_player
from cc.store.models import Game, Move, Player
from cc.text.i18n import N_
from notation import start
from timekeeping import local_date, start_of_day

#: what may be given for a receipt: a date alone, or an instant
Moment = date | datetime

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_DAY_RU = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")


def read_moment(text: str, field: str = "received") -> Moment:
    """A date alone (``2026-05-17``, ``17.05.2026``) or an ISO instant.

    An instant without a zone is a wall-clock time of the event's zone (the
    service reads it so).

    >>> read_moment("2026-05-17"), read_moment("17.05.2026")
    (datetime.date(2026, 5, 17), datetime.date(2026, 5, 17))
    >>> read_moment("2026-05-17T10:30")
    datetime.datetime(2026, 5, 17, 10, 30)
    """
    text = text.strip()
    try:
        if _DAY.fullmatch(text):
            return date.fromisoformat(text)
        ru = _DAY_RU.fullmatch(text)
        if ru:
            return date(int(ru[3]), int(ru[2]), int(ru[1]))
        return datetime.fromisoformat(text)
    except ValueError:
        raise errors.InvalidInput(
            field=field,
            reason=N_(
                "{text} is not a date (2026-05-17) or an instant (2026-05-17T10:30)",
                text=repr(text),
            ),
        ) from None


def _as_moment(value: Moment | str, field: str) -> Moment:
    return read_moment(value, field) if isinstance(value, str) else value


def local_instant(value: Moment, zone: str) -> datetime:
    """The instant ``value`` names in ``zone``: a date alone is its first instant."""
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=ZoneInfo(zone))
    return start_of_day(value, zone)


@dataclass(frozen=True)
class ReceiptOutcome:
    """A receipt recorded: the new one and the one it replaced."""

    game_id: int
    player: str
    color: str
    move_number: int
    ply: int
    #: the move being thought about (the running clock), not one already made
    pending: bool
    received_at: datetime
    received_on: date
    previous_at: datetime
    previous_on: date


@dataclass(frozen=True)
class ReceiptChoice:
    """A line of the schedule whose receipt the arbiter may record."""

    player: str
    color: str
    move_number: int
    received_on: date
    pending: bool


def _shown(value: Moment, zone: str) -> str:
    if isinstance(value, datetime):
        return value.astimezone(ZoneInfo(zone)).isoformat(timespec="minutes")
    return value.isoformat()


def _written(move: Move, before: int = 0) -> str:
    """A move with its number, counted from the game's start (``before``)."""
    number = start.move_number(move.ply, before)
    white = start.white_ply(move.ply, before)
    return f"{number}. {move.san}" if white else f"{number}... {move.san}"


def apply_receipt(
    session: Session,
    actor: Actor,
    game: Game,
    player: Player,
    ply: int,
    received: Moment | str,
    *,
    now: datetime,
    reply_at: datetime | None = None,
    refresh: bool = True,
) -> ReceiptOutcome:
    """Check and store when ``player`` received the move before ``ply``.

    The caller holds the game's lock and has checked the actor's right.
    ``reply_at`` is the sending of the move being entered with it, if any
    (a made move's own sending is read from the record). Refused whole.
    """
    event = game.event
    zone = event.timezone
    given = _as_moment(received, "received")
    white = player.id == game.white_id
    number = start.move_number(ply, game.plies_before)
    params: dict[str, object] = {"game_id": game.id, "player": player.login}
    if game.status != GameStatus.ONGOING:
        # The result stands on the record as it was when the game ended.
        raise errors.GameOver(
            game_id=game.id,
            result=game.result.value,
            reason=game.result_reason.value if game.result_reason else game.status.value,
        )
    if ply > game.ply_count + 1:
        raise errors.ReceiptNotReached(
            **params,
            move_number=number,
            current=start.move_number(game.ply_count + 1, game.plies_before),
        )
    if ply == 1:
        raise errors.ReceiptOfFirstMove(game_id=game.id, start=event.start_date.isoformat())
    partner_move = session.scalar(select(Move).where(Move.game_id == game.id, Move.ply == ply - 1))
    made = session.scalar(select(Move).where(Move.game_id == game.id, Move.ply == ply))
    assert partner_move is not None
    if made is not None:
        reply_at = made.sent_at
    partner = game.black if white else game.white
    about = {**params, "partner": partner.login, "move": _written(partner_move, game.plies_before)}
    shown = _shown(given, zone)

    dated = not isinstance(given, datetime)
    instant = local_instant(given, zone)
    day = local_date(instant, zone)

    def later(a: datetime, b: datetime) -> bool:
        """``a`` after ``b``: by the day for a date alone, else by the instant."""
        return local_date(a, zone) > local_date(b, zone) if dated else a > b

    def show(at: datetime) -> str:
        return local_date(at, zone).isoformat() if dated else _shown(at, zone)

    if later(instant, now):
        raise errors.ReceiptInFuture(**params, received=shown, now=show(now))
    # Time before the official start is not counted (54.4.4, 55.4.5, 56.4.5).
    if day < event.start_date:
        raise errors.ReceiptBeforeStart(
            **params, received=shown, event=event.code, start=event.start_date.isoformat()
        )
    # The dates are the postmarks' or the letters' (55.2.2, 56.2.3): a move is
    # received after it was sent, and answered after it was received (55.4.4).
    if later(partner_move.sent_at, instant):
        raise errors.ReceiptBeforeSending(**about, received=shown, sent=show(partner_move.sent_at))
    if reply_at is not None and later(instant, reply_at):
        raise errors.ReceiptAfterReply(**about, received=shown, replied=show(reply_at))
    if dated:
        # Not before the partner's sending on that same day.
        instant = max(instant, partner_move.sent_at)
    instant = instant.astimezone(UTC)  # stored, audited and answered in UTC

    if made is not None:
        previous_at, previous_on = made.received_at, made.received_on
        made.received_at, made.received_on = instant, day
    else:
        previous_at = game.turn_started_at
        previous_on = max(local_date(previous_at, zone), event.start_date)
        game.turn_started_at = instant
    audit(
        session,
        actor,
        now,
        "receipt_recorded",
        event_id=event.id,
        game_id=game.id,
        player_id=player.id,
        ply=ply,
        move_number=number,
        pending=made is None,
        given=shown,
        old_received_at=previous_at.isoformat(),
        old_received_on=previous_on.isoformat(),
        received_at=instant.isoformat(),
        received_on=day.isoformat(),
    )
    if refresh:
        session.flush()
        LedgerService.refresh_deadline(session, game, now)
    return ReceiptOutcome(
        game_id=game.id,
        player=player.login,
        color="white" if white else "black",
        move_number=number,
        ply=ply,
        pending=made is None,
        received_at=instant,
        received_on=day,
        previous_at=previous_at,
        previous_on=previous_on,
    )


class ReceiptService:
    """The one door-independent entry for recording a receipt (console, API, pages)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def record_receipt(
        self,
        actor: Actor,
        game_id: int,
        *,
        as_player: int | str,
        received: Moment | str,
        move_number: int | None = None,
    ) -> ReceiptOutcome:
        """Record when ``as_player`` received the partner's move before their move.

        ``move_number`` is the player's own move (the line of the Art. 60
        schedule); by default the one they are thinking about, or else their
        last one. Only the event's arbiter or the operator may (§10.3), and
        the old and new value are audited. The ledger and the game's next
        deadline follow at once.
        """
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            require_official(session, actor, game.event, "record when a move was received")
            player = self._player_of(session, game, as_player)
            white = player.id == game.white_id
            color = chess.WHITE if white else chess.BLACK
            before = game.plies_before
            if move_number is None:
                # The move being thought about, or else the player's last one.
                to_move = game.white_to_move == white
                ply = game.ply_count + 1 if to_move else max(game.ply_count, 1)
                move_number = start.move_number(ply, before)
            ply = start.ply_at(move_number, color, before)
            if move_number < 1 or ply < 1:
                raise errors.InvalidInput(
                    field="move_number", reason=N_("{number} is no move", number=move_number)
                )
            return apply_receipt(session, actor, game, player, ply, received, now=now)

    def choices(self, actor: Actor, game_id: int) -> list[ReceiptChoice] | None:
        """The receipts the actor may record in a game, or None if they may not."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            if not is_arbiter_of(session, actor, game.event):
                return None
            if game.status != GameStatus.ONGOING:
                return []
            zone, first_day = game.event.timezone, game.event.start_date
            rows = [(m.ply, m.received_on) for m in game.moves if m.ply > 1]
            if game.ply_count >= 1:
                pending_on = max(local_date(game.turn_started_at, zone), first_day)
                rows.append((game.ply_count + 1, pending_on))
            before = game.plies_before
            return [
                ReceiptChoice(
                    player=(game.white if start.white_ply(ply, before) else game.black).login,
                    color="white" if start.white_ply(ply, before) else "black",
                    move_number=start.move_number(ply, before),
                    received_on=on,
                    pending=ply > game.ply_count,
                )
                for ply, on in rows
            ]

    def instant(self, game_id: int, value: Moment | str, field: str = "sent_at") -> datetime:
        """The instant a date or a wall-clock time names in the game's event zone.

        For doors that take a sending date as text: a date alone is its
        first instant, as for a receipt.
        """
        given = _as_moment(value, field)
        with self.ctx.db.read() as session:
            return local_instant(given, find_game(session, game_id).event.timezone)

    @staticmethod
    def _player_of(session: Session, game: Game, ref: int | str) -> Player:
        player = find_player(session, ref)
        if player.id not in (game.white_id, game.black_id):
            raise errors.NotYourGame(
                game_id=game.id, white=game.white.login, black=game.black.login, who=player.login
            )
        return player
