"""Two processes racing in lock-step on one database: the race, and its
workers (one submits moves, one runs the day)."""

from __future__ import annotations

import multiprocessing
import queue
import time
from collections.abc import Callable
from datetime import datetime
from multiprocessing.synchronize import Barrier
from typing import Any

from sqlalchemy import text


def race(target: Callable[..., None], *args: Any, count: int) -> list[Any]:
    """Run ``target(*args, barrier, results)`` in two spawned processes at
    once; returns the ``count`` results they put, once both exited cleanly."""
    spawn = multiprocessing.get_context("spawn")
    barrier = spawn.Barrier(2)
    results = spawn.Queue()
    workers = [spawn.Process(target=target, args=(*args, barrier, results)) for _ in range(2)]
    for w in workers:
        w.start()
    outcomes = collect(results, workers, count)
    for w in workers:
        w.join(timeout=60)
        assert w.exitcode == 0
    return outcomes


def collect(results: Any, workers: list[Any], count: int) -> list[Any]:
    """Read ``count`` results, failing at once if a worker died before sending them."""
    outcomes: list[Any] = []
    deadline = time.monotonic() + 120
    while len(outcomes) < count:
        try:
            outcomes.append(results.get(timeout=1))
        except queue.Empty:
            if all(not w.is_alive() for w in workers) and results.empty():
                raise AssertionError(
                    f"workers exited after {len(outcomes)} of {count} results: "
                    f"{[w.exitcode for w in workers]}"
                ) from None
            assert time.monotonic() < deadline, "the race did not finish in 120 s"
    return outcomes


def submit_in_lockstep(
    url: str,
    instant: str,
    requests: list[tuple[int, int, str, int | None]],
    barrier: Barrier,
    results: Any,
) -> None:
    """For each (game, player, move, move number): wait for the rival, then submit."""
    from cc.base.clock import FixedClock
    from cc.base.errors import ServiceError
    from cc.base.kinds import Door
    from cc.kernel.context import Actor
    from cc.store.db import Database
    from tests.support.sites import site_over

    db = Database(url)
    services = site_over(db, FixedClock(datetime.fromisoformat(instant)))
    with db.engine.connect() as conn:  # warm the pool before the race
        conn.execute(text("SELECT 1"))
    for game_id, player_id, move, number in requests:
        barrier.wait(timeout=60)
        try:
            out = services.games.submit_move(
                Actor.player(player_id, Door.API), game_id, move, move_number=number
            )
            results.put((game_id, "already_applied" if out.already_applied else "applied"))
        except ServiceError as exc:
            results.put((game_id, exc.code))
    db.dispose()


def run_day_in_lockstep(url: str, instant: str, day: str, barrier: Barrier, results: Any) -> None:
    """Run the daily run for ``day`` at the same moment as a rival process."""
    from datetime import date

    from cc.base.clock import FixedClock
    from cc.store.db import Database
    from tests.support.sites import site_over

    db = Database(url)
    services = site_over(db, FixedClock(datetime.fromisoformat(instant)))
    with db.engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    barrier.wait(timeout=60)
    report = services.daily.run(date.fromisoformat(day))
    results.put(report.forfeited)
    db.dispose()
