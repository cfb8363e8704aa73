"""The one source of "now" for the application services.

The services never call ``datetime.now()``: they are handed a clock, so that
tests, and an arbiter re-running a missed day, can set the time they act at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the current instant as an aware UTC datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The real clock of the machine."""

    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass
class FixedClock:
    """A clock that stands still until told to move; for tests and replays.

    >>> c = FixedClock(datetime(2026, 5, 10, 12, tzinfo=UTC))
    >>> c.advance(days=2).now().isoformat()
    '2026-05-12T12:00:00+00:00'
    """

    instant: datetime = field(default_factory=lambda: datetime(2026, 1, 1, tzinfo=UTC))

    def __post_init__(self) -> None:
        if self.instant.tzinfo is None:
            raise ValueError(f"FixedClock needs an aware datetime, got {self.instant!r}")

    def now(self) -> datetime:
        return self.instant

    def set(self, instant: datetime) -> FixedClock:
        if instant.tzinfo is None:
            raise ValueError(f"FixedClock needs an aware datetime, got {instant!r}")
        self.instant = instant
        return self

    def advance(self, **delta: float) -> FixedClock:
        self.instant = self.instant + timedelta(**delta)
        return self
