"""The daily run on a schedule: APScheduler 3, jobs kept in the project's database.

One job runs the day's work every few minutes. The run is idempotent and
reads only the games whose deadline has come, so running often is cheap and
makes every event's day start on time in its own zone; a restart or a
missed run catches up by itself. The job refers to a module-level function
by name, as a persistent job store requires; the services it uses are the
ones this process registered.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from cc.app.services import Services

log = logging.getLogger(__name__)
JOB_ID = "cc-daily-run"
_services: Services | None = None


def daily_job() -> None:
    """Do the day's work for every event that has reached a new day."""
    if _services is None:
        log.warning("daily run skipped: no services registered in this process")
        return
    report = _services.daily.run()
    if report.examined:
        log.info("daily run: %d examined, %d lost on time", report.examined, len(report.forfeited))
    if report.alerted or report.digests:
        log.info(
            "daily run: time alerts in %d games, %d digests",
            len(report.alerted),
            len(report.digests),
        )


def start_scheduler(services: Services, *, every_seconds: float = 300) -> AsyncIOScheduler:
    """Start the scheduler in the running event loop, with the job stored in the database."""
    global _services
    _services = services
    scheduler = AsyncIOScheduler(
        # The job store writes too: on SQLite it takes the lock up front like
        # every writer, instead of meeting the run's lock halfway.
        jobstores={"default": SQLAlchemyJobStore(engine=services.ctx.db.write_engine)},
        job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": 3600},
    )
    scheduler.add_job(
        daily_job,
        "interval",
        seconds=every_seconds,
        id=JOB_ID,
        replace_existing=True,
        # The scheduler keeps wall-clock time; the run itself asks the services' clock.
        next_run_time=datetime.now(UTC),
    )
    scheduler.start()
    return scheduler
