"""Calendar days in the event's time zone (spec §3, §10.2).

The rules count reflection time in whole calendar days, and the dates are
those of the event's time zone, so an instant is always turned into a date
through the event's zone, never the server's.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo


def local_date(instant: datetime, zone: str) -> date:
    """The calendar date of ``instant`` in the time zone ``zone``.

    >>> from datetime import UTC
    >>> local_date(datetime(2026, 5, 10, 22, 30, tzinfo=UTC), "Europe/Moscow")
    datetime.date(2026, 5, 11)
    """
    if instant.tzinfo is None:
        raise ValueError(f"instant must be timezone-aware, got {instant!r}")
    return instant.astimezone(ZoneInfo(zone)).date()


def start_of_day(day: date, zone: str) -> datetime:
    """The first instant of ``day`` in the zone ``zone`` (aware).

    >>> from datetime import UTC
    >>> start_of_day(date(2026, 5, 11), "Europe/Moscow").astimezone(UTC).isoformat()
    '2026-05-10T21:00:00+00:00'
    """
    return datetime.combine(day, time(0), tzinfo=ZoneInfo(zone))


def end_of_day(day: date, zone: str, now: datetime) -> datetime:
    """The instant that stands for ``day``: ``now`` if it falls within it,
    else the day's last instant (the end of a day already over).

    Work done for a past day (a missed daily run caught up, a loss dated on
    the day of its overstep) counts the clocks to that day, never to today.

    >>> from datetime import UTC
    >>> now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    >>> end_of_day(date(2026, 5, 11), "UTC", now).isoformat()
    '2026-05-11T23:59:59.999999+00:00'
    >>> end_of_day(date(2026, 6, 1), "UTC", now) == now
    True
    """
    last = start_of_day(day + timedelta(days=1), zone) - timedelta(microseconds=1)
    return min(now, last)
