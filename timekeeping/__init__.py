"""The day-based time ledger of correspondence chess (spec §3, §10).

A pure core: it takes dates, instants and regulations in and returns
results; it never reads a clock and does no I/O.
"""

from timekeeping.days import local_date, start_of_day

__all__ = ["local_date", "start_of_day"]
