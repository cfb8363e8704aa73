"""Days on the tests' clock: noon in Moscow, where the test events play."""

from __future__ import annotations

from datetime import UTC, date, datetime

from cc.base.clock import FixedClock


def noon(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 9, 0, tzinfo=UTC)  # noon in Moscow


def at(clock: FixedClock, day: date) -> None:
    clock.set(noon(day))
