"""The daily run over many active games of which a few need work.

Fills a database with N active server games (by bulk inserts), a share of
them due today; then times a bare indexed query selecting the due games and
the daily run itself (examining and forfeiting them), in the same run.

    .venv/bin/python bench/daily_run.py [--games 1000000] [--due 0.01]
    CC_BENCH_DATABASE_URL=postgresql://... .venv/bin/python bench/daily_run.py
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cc import migrate  # noqa: E402
from cc.clock import FixedClock  # noqa: E402
from cc.db import Database  # noqa: E402
from cc.models import Door, Game, GameStatus  # noqa: E402
from cc.regulations import Mode  # noqa: E402
from cc.services import Actor, EventSpec, ServiceContext, Services  # noqa: E402
from cc.site import Site  # noqa: E402

START = date(2026, 5, 10)
DAY = START + timedelta(days=51)  # White's 51st day: the due games overstep today


def fill(services: Services, games: int, due: float) -> int:
    op = Actor.operator(Door.CLI)
    for login in ("white", "black"):
        services.players.add(op, login=login, name=login)
    services.events.create(
        op, EventSpec(code="BIG", name="Big", mode=Mode.SERVER, start_date=START)
    )
    services.events.add_players(op, "BIG", ["white", "black"])
    services.events.start(op, "BIG")  # one real game: its row is the template
    with services.ctx.db.read() as session:
        template = session.get(Game, 1)
        assert template is not None
        base = {
            c.name: getattr(template, c.key)
            for c in Game.__table__.columns
            if c.name not in ("id", "round", "board", "next_deadline", "alert_on")
        }
    every = max(1, round(1 / due)) if due > 0 else games + 1
    later = DAY + timedelta(days=30)
    rows = (
        {
            **base,
            "round": 1 + i // 1000,
            "board": 2 + i % 1000,
            "next_deadline": DAY if i % every == 0 else later,
            # The time alerts' index, due on the same games (the others were
            # told long ago, or have nothing to be told before ``later``).
            "alert_on": DAY if i % every == 0 else later,
        }
        for i in range(games - 1)
    )
    engine = services.ctx.db.engine
    insert = Game.__table__.insert()
    batch: list[dict[str, object]] = []
    with engine.begin() as conn:
        for row in rows:
            batch.append(row)
            if len(batch) == 20_000:
                conn.execute(insert, batch)
                batch.clear()
        if batch:
            conn.execute(insert, batch)
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            conn.exec_driver_sql("ANALYZE games")
        return int(
            conn.execute(
                sa.text("SELECT count(*) FROM games WHERE next_deadline <= :d"), {"d": DAY}
            ).scalar_one()
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--due", type=float, default=0.01)
    args = parser.parse_args()
    url = os.environ.get("CC_BENCH_DATABASE_URL") or (
        f"sqlite:///{tempfile.mkdtemp(prefix='cc-bench-daily-')}/bench.sqlite3"
    )
    migrate.upgrade(url)
    clock = FixedClock(datetime(2026, 5, 1, 9, tzinfo=UTC))
    services = Site(ServiceContext(Database(url), clock))
    start = time.perf_counter()
    due = fill(services, args.games, args.due)
    print(
        f"{services.ctx.db.backend}: {args.games:,} active games, {due:,} due "
        f"(filled in {time.perf_counter() - start:.0f} s)"
    )
    clock.set(datetime.combine(DAY, datetime.min.time(), UTC) + timedelta(hours=9))

    start = time.perf_counter()
    with services.ctx.db.read() as session:
        ids = session.scalars(
            sa.select(Game.id).where(Game.status == GameStatus.ONGOING, Game.next_deadline <= DAY)
        ).all()
    bare = time.perf_counter() - start
    assert len(ids) == due

    start = time.perf_counter()
    report = services.daily.run(DAY)
    run = time.perf_counter() - start
    assert len(report.forfeited) == due, (len(report.forfeited), due)
    again = services.daily.run(DAY)
    assert again.examined == 0
    print(f"baseline bare indexed query of the due games: {bare * 1e3:.1f} ms")
    print(
        f"daily run (examine and forfeit {due:,} games): {run:.2f} s = "
        f"{run / bare:,.0f}x the baseline, {run / due * 1e3:.2f} ms a due game"
    )


if __name__ == "__main__":
    main()
