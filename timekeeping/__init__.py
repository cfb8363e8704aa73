"""The day-based time ledger of correspondence chess (spec §3, §10).

A pure core: it takes dates, instants and regulations in and returns
results; it never reads a clock and does no I/O.
"""

from timekeeping.days import end_of_day, local_date, start_of_day
from timekeeping.ledger import (
    Charge,
    DayCounting,
    Leave,
    Ledger,
    MoveEntry,
    MoveTimes,
    Overstep,
    Pending,
    PlayerClock,
    Rules,
    compute_ledger,
    overstep_deadline,
)

__all__ = [
    "Charge",
    "DayCounting",
    "Leave",
    "Ledger",
    "MoveEntry",
    "MoveTimes",
    "Overstep",
    "Pending",
    "PlayerClock",
    "Rules",
    "compute_ledger",
    "end_of_day",
    "local_date",
    "overstep_deadline",
    "start_of_day",
]
