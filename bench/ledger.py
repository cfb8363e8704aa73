"""Ledgers per second for 80-move games, against a bare loop over the same dates.

The baseline only subtracts the 160 (received, sent) date pairs of the game,
measured in the same run; the goal is at most 5x that loop. Also the cost of
carrying a ledger forward over one move (timekeeping.tally), which a move
pays instead of a whole ledger. Medians of repeated runs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from goals import verdict

from timekeeping.ledger import Leave, MoveTimes, Pending, Rules, compute_ledger
from timekeeping.tally import advance, carried_ledger, tally_of


def game(seed: int) -> list[MoveTimes]:
    rng = random.Random(seed)
    day = date(2026, 5, 10)
    moves = []
    for _ in range(160):
        received = day + timedelta(days=rng.randrange(0, 2))
        sent = received + timedelta(days=rng.randrange(0, 6))
        moves.append(MoveTimes(received, sent))
        day = sent
    return moves


def per_second(fn, repeat: int = 7, inner: int = 200) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - start) / inner)
    return 1 / statistics.median(samples)


def main() -> None:
    moves = game(1)
    rules = Rules(control_moves=10, control_days=50)
    today = moves[-1].sent_on + timedelta(days=3)
    pending = Pending(moves[-1].sent_on)
    leaves = [Leave(date(2026, 7, 1), date(2026, 7, 20))]

    def bare() -> None:
        total = 0
        for m in moves:
            total += (m.sent_on - m.received_on).days

    def ledger() -> None:
        compute_ledger(rules, date(2026, 5, 10), moves, today=today, pending=pending)

    def ledger_with_leave() -> None:
        compute_ledger(
            rules,
            date(2026, 5, 10),
            moves,
            today=today,
            pending=pending,
            white_leaves=leaves,
            black_leaves=leaves,
        )

    white = tally_of(rules, date(2026, 5, 10), moves[:-1:2])
    black = tally_of(rules, date(2026, 5, 10), moves[1:-1:2])
    last = moves[-1]

    def carried() -> None:
        tally = advance(rules, black, last, start=date(2026, 5, 10))
        carried_ledger(rules, white, tally, start=date(2026, 5, 10), today=today, pending=pending)

    base = per_second(bare)
    print(f"baseline bare loop over 160 date pairs: {base:,.0f} games/s")
    for name, fn in (("ledger", ledger), ("ledger with a leave each", ledger_with_leave)):
        rate = per_second(fn)
        print(f"{name}: {rate:,.0f} ledgers/s")
        verdict(f"{name} / bare loop, time", base / rate, 5)
    rate = per_second(carried)
    print(
        f"one move carried forward and both clocks: {1e6 / rate:.1f} µs "
        f"= {base / rate:.2f}x the bare loop over the whole game (no goal)"
    )


if __name__ == "__main__":
    main()
