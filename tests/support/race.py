"""A worker process that submits moves in lock-step with a rival process."""

from __future__ import annotations

from datetime import datetime
from multiprocessing.synchronize import Barrier
from typing import Any

from sqlalchemy import text


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
