"""The server's rating: Glicko-2 over the periods the organiser closes.

Closing a period rates every game finished by its last day (UTC) that no
earlier period rated, each game once, all at once against the ratings from
before the period (:mod:`standings.ratings`). Only games actually played
count (tournament rules, 33.2): a result given without play (a default, a
withdrawal) and a game annulled by an exclusion change no one's rating.
Every rated player's rating, deviation and volatility after the period is
kept, so each has a history; a rated player who played nothing in the
period grows less certain. A player's federation rating (the list imported
from CSV, ``players.rating``) is where they start when first rated here,
is shown beside the server's and is never changed here. A day is closed
once: closing it again would only make everyone less certain for nothing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import GameResult, GameStatus, ResultReason
from cc.kernel.context import Actor, ServiceContext, audit, find_player, require_admin
from cc.store.models import Game, PeriodGame, Player, PlayerRating, RatingPeriod
from cc.text.i18n import N_
from standings.ratings import RatedGame, Rating, newcomer, rate_period

#: results given without play: not rated (33.2), nor games in which a
#: player made no move (resigned, agreed drawn or lost on time before it)
UNPLAYED = (ResultReason.WITHDRAWAL, ResultReason.DEFAULT)
_WHITE_SCORE = {GameResult.WHITE_WINS: 1.0, GameResult.BLACK_WINS: 0.0, GameResult.DRAW: 0.5}


@dataclass(frozen=True)
class ClosedPeriod:
    number: int
    until: date
    games: int
    players: int


@dataclass(frozen=True)
class RatingRow:
    """A player's line in the list: their latest server rating."""

    rank: int
    login: str
    name: str
    country: str | None
    rating: int
    deviation: int
    #: rated games, all periods together
    games: int
    #: the federation's list (players.rating)
    federation: int | None


@dataclass(frozen=True)
class HistoryRow:
    period: int
    until: date
    rating: int
    deviation: int
    volatility: float
    games: int
    points: float
    #: average rating of the period's opponents (38.1)
    opponents_average: int | None


@dataclass(frozen=True)
class PlayerHistory:
    login: str
    name: str
    federation: int | None
    #: oldest period first
    rows: list[HistoryRow]

    @property
    def current(self) -> HistoryRow | None:
        return self.rows[-1] if self.rows else None


@dataclass(frozen=True)
class RatingList:
    rows: list[RatingRow]
    #: the last period closed: its number and last day
    last: tuple[int, date] | None


def _day_end(day: date) -> datetime:
    return datetime.combine(day + timedelta(days=1), time(), tzinfo=UTC)


def _latest(session: Session) -> dict[int, PlayerRating]:
    """Each rated player's rating after the last period that rated them."""
    last = (
        select(PlayerRating.player_id, func.max(PlayerRating.period_id).label("period_id"))
        .group_by(PlayerRating.player_id)
        .subquery()
    )
    rows = session.scalars(
        select(PlayerRating).join(
            last,
            (PlayerRating.player_id == last.c.player_id)
            & (PlayerRating.period_id == last.c.period_id),
        )
    )
    return {r.player_id: r for r in rows}


def ranking_ratings(session: Session, player_ids: list[int]) -> dict[int, int | None]:
    """The rating each player is ranked by (a Swiss's starting order, 38.1's
    average): the federation's list where the player is on it, else the
    server's rating where a closed period rated them, else None (unrated)."""
    players = {p.id: p for p in session.scalars(select(Player).where(Player.id.in_(player_ids)))}
    latest = _latest(session)
    out: dict[int, int | None] = {}
    for pid in player_ids:
        player = players.get(pid)
        if player is not None and player.rating is not None:
            out[pid] = player.rating
        elif pid in latest:
            out[pid] = round(latest[pid].rating)
        else:
            out[pid] = None
    return out


class RatingService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def close_period(self, actor: Actor, until: date | None = None) -> ClosedPeriod:
        """Rate the games finished by ``until`` (today by default) and not rated yet."""
        now = self.ctx.now()
        today = now.astimezone(UTC).date()
        day = until or today
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("close a rating period"))
            if day > today:
                raise errors.InvalidInput(
                    field="until", reason=N_("{day} has not come yet", day=day.isoformat())
                )
            if session.get_bind().dialect.name == "postgresql":
                # Two officials closing at once: the second waits, then finds
                # the first's period (SQLite writers already queue).
                session.execute(text("LOCK TABLE rating_periods IN SHARE ROW EXCLUSIVE MODE"))
            previous = session.scalar(select(RatingPeriod).order_by(RatingPeriod.id.desc()))
            if previous is not None and day <= previous.until:
                raise errors.InvalidInput(
                    field="until",
                    reason=N_(
                        "the period up to {day} is already closed", day=previous.until.isoformat()
                    ),
                )
            games = list(
                session.scalars(
                    select(Game)
                    .where(
                        Game.status == GameStatus.FINISHED,
                        Game.result != GameResult.UNFINISHED,
                        Game.finished_at < _day_end(day),
                        Game.result_reason.is_(None) | Game.result_reason.not_in(UNPLAYED),
                        # Only games actually played (33.2): each player moved.
                        Game.ply_count >= 2,
                        ~select(PeriodGame.game_id).where(PeriodGame.game_id == Game.id).exists(),
                    )
                    .order_by(Game.id)
                )
            )
            latest = _latest(session)
            before = {pid: Rating(r.rating, r.deviation, r.volatility) for pid, r in latest.items()}
            rated = [RatedGame(g.white_id, g.black_id, _WHITE_SCORE[g.result]) for g in games]
            newcomers = {p for g in rated for p in (g.white, g.black)} - before.keys()
            if newcomers:
                for player_id, federation in session.execute(
                    select(Player.id, Player.rating).where(Player.id.in_(sorted(newcomers)))
                ):
                    before[player_id] = newcomer(federation)
            opponents: defaultdict[int, list[float]] = defaultdict(list)
            points: defaultdict[int, float] = defaultdict(float)
            for game in rated:
                for me, them, score in (
                    (game.white, game.black, game.score),
                    (game.black, game.white, 1 - game.score),
                ):
                    opponents[me].append(before[them].rating)
                    points[me] += score
            after = rate_period(before, rated)
            period = RatingPeriod(until=day, closed_at=now, games=len(games))
            session.add(period)
            session.flush()
            session.add_all(PeriodGame(game_id=g.id, period_id=period.id) for g in games)
            for player_id, new in sorted(after.items()):
                faced = opponents.get(player_id, [])
                session.add(
                    PlayerRating(
                        period_id=period.id,
                        player_id=player_id,
                        rating=new.rating,
                        deviation=new.deviation,
                        volatility=new.volatility,
                        games=len(faced),
                        points=points.get(player_id, 0.0),
                        opponents_average=sum(faced) / len(faced) if faced else None,
                    )
                )
            audit(
                session,
                actor,
                now,
                "rating_period_closed",
                period=period.id,
                until=day.isoformat(),
                games=len(games),
                players=len(after),
            )
            return ClosedPeriod(period.id, day, len(games), len(after))

    def table(self) -> RatingList:
        """The server's rating list, highest first: public."""
        with self.ctx.db.read() as session:
            latest = _latest(session)
            totals = dict(
                session.execute(
                    select(PlayerRating.player_id, func.sum(PlayerRating.games)).group_by(
                        PlayerRating.player_id
                    )
                ).all()
            )
            players = {
                p.id: p
                for p in session.scalars(
                    select(Player).where(Player.id.in_(latest), Player.merged_into_id.is_(None))
                )
            }
            ordered = sorted(
                (r for r in latest.values() if r.player_id in players),
                key=lambda r: (-r.rating, r.deviation, players[r.player_id].name),
            )
            last = session.scalar(select(RatingPeriod).order_by(RatingPeriod.id.desc()))
            return RatingList(
                rows=[
                    RatingRow(
                        rank=i,
                        login=players[r.player_id].login,
                        name=players[r.player_id].name,
                        country=players[r.player_id].country,
                        rating=round(r.rating),
                        deviation=round(r.deviation),
                        games=int(totals.get(r.player_id) or 0),
                        federation=players[r.player_id].rating,
                    )
                    for i, r in enumerate(ordered, start=1)
                ],
                last=(last.id, last.until) if last else None,
            )

    def history(self, login: str) -> PlayerHistory:
        """One player's rating after each period that rated them: public."""
        with self.ctx.db.read() as session:
            player = find_player(session, login)
            if player.merged_into_id is not None:
                raise errors.NotFound(kind="player", ref=login)
            rows = session.execute(
                select(PlayerRating, RatingPeriod.until)
                .join(RatingPeriod, RatingPeriod.id == PlayerRating.period_id)
                .where(PlayerRating.player_id == player.id)
                .order_by(PlayerRating.period_id)
            ).all()
            return PlayerHistory(
                login=player.login,
                name=player.name,
                federation=player.rating,
                rows=[
                    HistoryRow(
                        period=r.period_id,
                        until=until,
                        rating=round(r.rating),
                        deviation=round(r.deviation),
                        volatility=r.volatility,
                        games=r.games,
                        points=r.points,
                        opponents_average=(
                            round(r.opponents_average) if r.opponents_average is not None else None
                        ),
                    )
                    for r, until in rows
                ],
            )
