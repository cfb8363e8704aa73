"""The daily run over many active games of which a few need work.

Fills a database with N active server games (by bulk inserts), a share of
them due today; then times the daily run itself (examining and forfeiting
them) against what it cannot avoid, measured in the same run: a bare
indexed query selecting the due games, one ledger per due game, and one
durable commit per batch of the run. Goal: within 3x of that sum. The
filled database is copied for each repeat (SQLite; on PostgreSQL the run is
timed once); the figures are medians.

That floor's commit is a commit of one small row. On SQLite the benchmark
also measures what the run cannot avoid writing: the very rows the run
wrote (its games' changed columns, its audit entries and notices, read
back raw), written again into a fresh copy of the filled database by the
driver itself, one ``executemany`` a table and one durable commit per
batch of the run's size. A second ratio compares the run with the query,
the ledgers and those writes: how far the service's own work is from what
the disk must do for it.

    .venv/bin/python bench/daily_run.py [--games 200000] [--due 0.01] [--repeat 3]
    CC_BENCH_DATABASE_URL=postgresql://... .venv/bin/python bench/daily_run.py
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from goals import median_time, verdict  # noqa: E402

from cc.app.daily import BATCH  # noqa: E402
from cc.app.services import Services  # noqa: E402
from cc.base.clock import FixedClock  # noqa: E402
from cc.base.kinds import Door, GameStatus  # noqa: E402
from cc.base.regulations import Mode  # noqa: E402
from cc.events.lifecycle import EventSpec  # noqa: E402
from cc.kernel.context import Actor, ServiceContext  # noqa: E402
from cc.run.site import Site  # noqa: E402
from cc.store import migrate  # noqa: E402
from cc.store.db import Database  # noqa: E402
from cc.store.models import Game  # noqa: E402
from timekeeping import Pending, Rules, compute_ledger  # noqa: E402

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


#: the tables whose new rows a forfeit writes
WRITTEN = ("audit_log", "notifications")


def _marks(engine: sa.Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {
            t: int(conn.exec_driver_sql(f"SELECT coalesce(max(id), 0) FROM {t}").scalar_one())
            for t in WRITTEN
        }


def _written(engine: sa.Engine, filled: Path, marks: dict[str, int]) -> Written:
    """What the run wrote, as the driver stores it: each forfeited game's
    changed columns (against the filled copy) and the new rows of each
    table, by game."""
    raw = engine.raw_connection()
    try:
        games = [c[1] for c in raw.execute("PRAGMA table_info(games)")]
        after = {r[0]: r for r in raw.execute("SELECT * FROM games WHERE status != 'ongoing'")}
        new = {
            t: raw.execute(f"SELECT * FROM {t} WHERE id > ? ORDER BY id", (marks[t],)).fetchall()
            for t in WRITTEN
        }
        columns = {t: [c[1] for c in raw.execute(f"PRAGMA table_info({t})")] for t in WRITTEN}
    finally:
        raw.close()
    with sqlite3.connect(filled) as before_db:
        before = {
            r[0]: r
            for r in before_db.execute(
                f"SELECT * FROM games WHERE id IN ({','.join(map(str, after))})"
            )
        }
    changed = sorted(
        {i for gid, row in after.items() for i, v in enumerate(row) if before[gid][i] != v}
    )
    return Written(
        game_columns=[games[i] for i in changed],
        games={gid: tuple(row[i] for i in changed) for gid, row in sorted(after.items())},
        columns={t: columns[t][1:] for t in WRITTEN},
        rows={t: [row[1:] for row in new[t]] for t in WRITTEN},
        game_of={t: columns[t].index("game_id") for t in WRITTEN},
    )


@dataclass
class Written:
    game_columns: list[str]
    games: dict[int, tuple[object, ...]]
    columns: dict[str, list[str]]
    rows: dict[str, list[tuple[object, ...]]]
    game_of: dict[str, int]


def write_again(url: str, written: Written) -> float:
    """The run's own rows written by the driver into a fresh copy, in the
    run's batches, one durable commit each (the connection the services
    use, so the same pragmas): seconds."""
    db = Database(url)
    raw = db.engine.raw_connection()
    driver = raw.driver_connection
    assert driver is not None
    sets = ", ".join(f"{c} = ?" for c in written.game_columns)
    update = f"UPDATE games SET {sets} WHERE id = ?"
    inserts = {
        t: f"INSERT INTO {t} ({', '.join(cs)}) VALUES ({', '.join('?' for _ in cs)})"
        for t, cs in written.columns.items()
    }
    ids = list(written.games)
    by_game: dict[str, dict[int, list[tuple[object, ...]]]] = {}
    for t, rows in written.rows.items():
        grouped: dict[int, list[tuple[object, ...]]] = {}
        for row in rows:
            grouped.setdefault(row[written.game_of[t] - 1], []).append(row)  # type: ignore[arg-type]
        by_game[t] = grouped
    start = time.perf_counter()
    for at in range(0, len(ids), BATCH):
        batch = ids[at : at + BATCH]
        driver.execute("BEGIN IMMEDIATE")
        driver.executemany(update, [(*written.games[g], g) for g in batch])
        for t, sql in inserts.items():
            driver.executemany(sql, [r for g in batch for r in by_game[t].get(g, ())])
        driver.execute("COMMIT")
    spent = time.perf_counter() - start
    raw.close()
    db.dispose()
    return spent


def run_once(url: str, due: int, filled: Path | None = None) -> tuple[float, float, float, float]:
    """(bare query, daily run, one durable commit, the run's rows written
    again by the driver) on the filled database (``filled``: its file, to
    write a fresh copy of; the writes are not measured without it)."""
    clock = FixedClock(datetime.combine(DAY, datetime.min.time(), UTC) + timedelta(hours=9))
    db = Database(url)
    services = Site(ServiceContext(db, clock))
    start = time.perf_counter()
    with services.ctx.db.read() as session:
        ids = session.scalars(
            sa.select(Game.id).where(Game.status == GameStatus.ONGOING, Game.next_deadline <= DAY)
        ).all()
    bare = time.perf_counter() - start
    assert len(ids) == due

    marks = _marks(db.engine) if filled else {}
    start = time.perf_counter()
    report = services.daily.run(DAY)
    run = time.perf_counter() - start
    assert len(report.forfeited) == due, (len(report.forfeited), due)
    writes = float("nan")
    if filled is not None:
        written = _written(db.engine, filled, marks)
        fresh = filled.with_name("again.sqlite3")
        shutil.copyfile(filled, fresh)
        writes = write_again(f"sqlite:///{fresh}", written)
        fresh.unlink()
    again = services.daily.run(DAY)
    assert again.examined == 0

    with db.engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY)")

    def one_commit() -> None:
        with db.write() as session:
            session.execute(sa.text("INSERT INTO bench_floor DEFAULT VALUES"))

    commit = median_time(one_commit, 30)
    db.dispose()
    return bare, run, commit, writes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--due", type=float, default=0.01)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pg_url = os.environ.get("CC_BENCH_DATABASE_URL")
    folder = Path(tempfile.mkdtemp(prefix="cc-bench-daily-"))
    url = pg_url or f"sqlite:///{folder}/filled.sqlite3"
    migrate.upgrade(url)
    clock = FixedClock(datetime(2026, 5, 1, 9, tzinfo=UTC))
    services = Site(ServiceContext(Database(url), clock))
    start = time.perf_counter()
    due = fill(services, args.games, args.due)
    services.ctx.db.dispose()
    print(
        f"{services.ctx.db.backend}: {args.games:,} active games, {due:,} due "
        f"(filled in {time.perf_counter() - start:.0f} s)"
    )
    runs = []
    for i in range(1 if pg_url else args.repeat):
        if pg_url:
            runs.append(run_once(pg_url, due))
            continue
        copy = folder / f"run{i}.sqlite3"
        shutil.copyfile(folder / "filled.sqlite3", copy)
        runs.append(run_once(f"sqlite:///{copy}", due, folder / "filled.sqlite3"))
        copy.unlink()
    bare = statistics.median(r[0] for r in runs)
    run = statistics.median(r[1] for r in runs)
    commit = statistics.median(r[2] for r in runs)
    writes = statistics.median(r[3] for r in runs)

    # One ledger per due game: a due game's own (White to move since the start).
    rules = Rules(control_moves=10, control_days=50)
    pending = Pending(START)
    ledger = median_time(
        lambda: [compute_ledger(rules, START, [], today=DAY, pending=pending) for _ in range(due)],
        5,
    )
    batches = -(-due // BATCH)
    floor = bare + ledger + batches * commit
    print(f"{len(runs)} runs, medians")
    print(f"baseline bare indexed query of the due games: {bare * 1e3:.1f} ms")
    print(f"baseline {due:,} ledgers: {ledger * 1e3:.1f} ms")
    print(
        f"baseline {batches} durable commits (one per batch of {BATCH}): "
        f"{batches * commit * 1e3:.1f} ms"
    )
    print(
        f"daily run (examine and forfeit {due:,} games): {run:.2f} s, "
        f"{run / due * 1e3:.2f} ms a due game"
    )
    print(f"daily run / bare query: {run / bare:,.0f}x (no goal of its own)")
    verdict("daily run / (query + ledgers + a commit per batch)", run / floor, 3)
    if pg_url:
        return
    print(
        f"the run's own rows written again by the driver, a durable commit per batch: "
        f"{writes * 1e3:.1f} ms, {writes / floor:.2f}x the floor above by themselves"
    )
    verdict(
        "daily run / (query + ledgers + the run's writes by the driver)",
        run / (bare + ledger + writes),
        3,
    )


if __name__ == "__main__":
    main()
