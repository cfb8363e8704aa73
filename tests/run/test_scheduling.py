"""The daily run on APScheduler, with its job kept in the project's database."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime

from sqlalchemy import text

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.run.scheduling import JOB_ID, start_scheduler
from tests.support.events import make_event


def test_the_scheduled_run_forfeits_a_due_game(services: Services, clock: FixedClock) -> None:
    clock.set(datetime(2026, 5, 1, 9, 0, tzinfo=UTC))
    make_event(services, 2)
    clock.set(datetime(2026, 6, 30, 9, 0, tzinfo=UTC))  # White's 51st day without a move

    async def scenario() -> None:
        scheduler = start_scheduler(services, every_seconds=1)
        try:
            for _ in range(100):
                await asyncio.sleep(0.1)
                if services.queries.game(1).status == "finished":
                    break
            with services.ctx.db.read() as session:
                ids = session.execute(text("SELECT id FROM apscheduler_jobs")).scalars().all()
            assert ids == [JOB_ID]
        finally:
            scheduler.shutdown(wait=False)

    asyncio.run(scenario())
    view = services.queries.game(1)
    assert (view.result, view.result_reason) == ("0-1", "time_forfeit")
    assert services.ledgers.schedule(1).clocks["white"].overstep_on == date(2026, 6, 30)
