"""The day's work, done once: what the calendar alone decides.

Reads only the games whose next deadline has come (an indexed column the
services keep current), each under a row lock that other processes skip
(``SKIP LOCKED`` on PostgreSQL; SQLite has one writer), so several server
processes share the work and every game is handled once. Running a day
again changes nothing; a missed day is caught up by running it.

Server games (54.5.2): a player over the limit loses on the day the
overstep happens; both players and the arbiter are told.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc import errors
from cc.models import Door, Game, GameResult, GameStatus, ResultReason
from cc.regulations import Mode
from cc.services.context import Actor, ServiceContext, audit
from cc.services.games import GameService
from cc.services.ledger import REMINDER_AFTER_DAYS, LedgerService
from cc.services.mail import MailService
from mailgate.replies import say
from timekeeping import local_date

BATCH = 200


@dataclass
class DayReport:
    day: date | None
    examined: int = 0
    forfeited: list[int] = field(default_factory=list)
    reminded: list[int] = field(default_factory=list)


def moment_of(day: date, zone: str, now: datetime) -> datetime:
    """The instant a run for ``day`` acts at: now, if today; else the day's end."""
    tz = ZoneInfo(zone)
    end = datetime.combine(day + timedelta(days=1), time(0), tz) - timedelta(microseconds=1)
    return min(now, end)


class DailyService:
    def __init__(self, ctx: ServiceContext, games: GameService, mail: MailService) -> None:
        self.ctx = ctx
        self.games = games
        self.mail = mail

    def run(self, day: date | None = None) -> DayReport:
        """Do the work of ``day`` (each event's own today when None)."""
        now = self.ctx.now()
        if day is not None and day > now.date() + timedelta(days=1):
            raise errors.BadTime(at=day.isoformat(), reason="that day has not begun")
        # Event days run ahead of UTC by up to 14 hours.
        bound = day or (now + timedelta(hours=14)).date()
        report = DayReport(day)
        last_id = 0
        while True:
            with self.ctx.db.write() as session:
                games = session.scalars(
                    select(Game)
                    .where(
                        Game.status == GameStatus.ONGOING,
                        Game.next_deadline <= bound,
                        Game.id > last_id,
                    )
                    .order_by(Game.id)
                    .limit(BATCH)
                    .with_for_update(skip_locked=True)
                ).all()
                if not games:
                    return report
                for game in games:
                    last_id = game.id
                    self._handle(session, game, day, now, report)

    def _handle(
        self, session: Session, game: Game, day: date | None, now: datetime, report: DayReport
    ) -> None:
        zone = game.event.timezone
        the_day = day or local_date(now, zone)
        if game.next_deadline is None or game.next_deadline > the_day:
            return  # another zone's today, not yet this game's
        report.examined += 1
        at = moment_of(the_day, zone, now)
        ledger = LedgerService.compute(session, game, at)
        clock = ledger.player(game.white_to_move)
        if game.event.mode == Mode.SERVER:
            if clock.overstep_on is not None and clock.overstep_on <= the_day:
                # The ledger's own limit: the total past it is the evidence.
                limit = clock.total + clock.days_left
                self._forfeit(session, game, clock.overstep_on, clock.total, limit, at)
                report.forfeited.append(game.id)
                return
        elif (
            game.event.mode == Mode.EMAIL
            and game.reminded_ply != game.ply_count
            and (clock.running_days > REMINDER_AFTER_DAYS)
        ):
            self._remind(session, game, clock.running_days, at)
            report.reminded.append(game.id)
        LedgerService.refresh_deadline(session, game, at)

    def _remind(self, session: Session, game: Game, days: int, at: datetime) -> None:
        """56.5.1: after 14 days without an answer the move is sent again,
        with a copy to the arbiter; the answer is copied to the arbiter too."""
        silent = game.white if game.white_to_move else game.black
        game.reminded_ply = game.ply_count
        audit(
            session,
            Actor.operator(Door.SYSTEM, label="daily run"),
            at,
            "reminder_sent",
            event_id=game.event_id,
            game_id=game.id,
            player_id=silent.id,
            ply=game.ply_count,
            days=days,
        )
        last = game.moves[-1].san if game.moves else "-"
        text = say(silent.lang, "reminder", game=game.id, move=last, days=days)
        self.mail.tell(session, silent, game, text, copy_arbiter=True)

    def _forfeit(
        self, session: Session, game: Game, on: date, total: int, limit: int, at: datetime
    ) -> None:
        """54.5.2: the player over the limit loses, on the day it happened."""
        loser = game.white if game.white_to_move else game.black
        result = GameResult.BLACK_WINS if game.white_to_move else GameResult.WHITE_WINS
        event = game.event
        actor = Actor.operator(Door.SYSTEM, label="daily run")
        audit(
            session,
            actor,
            at,
            "time_forfeit",
            event_id=event.id,
            game_id=game.id,
            player_id=loser.id,
            overstep_on=on.isoformat(),
            total=total,
            limit=limit,
        )
        self.games._finish(session, actor, game, result, ResultReason.TIME_FORFEIT, at)
        for player in (game.white, game.black):
            text = say(
                player.lang,
                "forfeit",
                game=game.id,
                player=loser.name,
                day=on.isoformat(),
                total=total,
                limit=limit,
                result=result.value,
            )
            self.mail.tell(session, player, game, text, copy_arbiter=player is loser)
