"""How the server's background workers are doing, for ``/healthz``.

The mail reader and the mail sender run on their own, and a worker that
fails quietly is worse than one that stops: mail waits and nobody knows.
Each worker beats a :class:`Heartbeat` after every round, good or bad; the
health page reports the last success and the reason of the last failure,
and says the site is unhealthy once a worker has failed without a single
success for longer than the grace period.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Heartbeat:
    """One worker's last success and its current run of failures."""

    name: str
    now: Callable[[], datetime] = _now
    #: whether its failing makes the site unhealthy; a listener that only
    #: answers when mail comes cannot show it has recovered, so it is reported
    #: but does not count
    vital: bool = True
    last_success: datetime | None = None
    failing_since: datetime | None = None
    last_error: str | None = None
    failures: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def ok(self) -> None:
        with self._lock:
            self.last_success = self.now()
            self.failing_since = None
            self.failures = 0

    def failed(self, reason: str) -> None:
        with self._lock:
            if self.failing_since is None:
                self.failing_since = self.now()
            self.failures += 1
            self.last_error = reason[:500]

    def failing_for(self) -> timedelta:
        """How long it has failed without a success in between (zero if it has not)."""
        with self._lock:
            since = self.failing_since
        return timedelta(0) if since is None else self.now() - since

    def report(self) -> dict[str, object]:
        with self._lock:
            return {
                "last_success": _iso(self.last_success),
                "failing_since": _iso(self.failing_since),
                "failures": self.failures,
                "last_error": self.last_error if self.failing_since else None,
            }


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="seconds") if moment else None


@dataclass
class Health:
    """The heartbeats of the workers this process runs."""

    #: a worker failing this long without a success makes the site unhealthy
    grace: timedelta = timedelta(minutes=3)
    beats: dict[str, Heartbeat] = field(default_factory=dict)
    now: Callable[[], datetime] = _now

    def heartbeat(self, name: str, *, vital: bool = True) -> Heartbeat:
        if name not in self.beats:
            self.beats[name] = Heartbeat(name, now=self.now, vital=vital)
        return self.beats[name]

    def unhealthy(self) -> list[str]:
        """The vital workers that have been failing for longer than the grace."""
        return [n for n, b in self.beats.items() if b.vital and b.failing_for() > self.grace]

    def report(self) -> dict[str, dict[str, object]]:
        return {name: beat.report() for name, beat in self.beats.items()}
