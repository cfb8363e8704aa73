"""Round-robin pairings by the Berger tables (Art. 31.5, 31.6).

A pure function of the number of players: it returns, round by round, the
(White, Black) pairs of starting numbers, in the order the tables print them.
An odd number of players uses the next even table, the highest number being
the bye (31.5); a double round robin swaps the last two rounds of the first
cycle and plays the second cycle with colours reversed (31.6).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pairing:
    """One game of the schedule, by starting numbers (1-based)."""

    round: int
    board: int
    white: int
    black: int


def _wrap(value: int, modulus: int) -> int:
    """``value`` reduced into 1..modulus (not 0..modulus-1)."""
    return (value - 1) % modulus + 1


def berger_rounds(players: int) -> list[list[tuple[int, int]]]:
    """The Berger table for ``players`` (odd counts use the next even table).

    Player ``n`` (the highest) meets, in round ``r``, the player ``x`` with
    ``2x = r + 1 (mod n-1)``; board ``k`` pairs ``x + k - 1`` with ``x - k + 1``.
    Colours: ``n`` is Black in odd rounds and White in even ones; of two other
    players the lower number has White when their sum is odd.

    >>> berger_rounds(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    if players < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {players}")
    n = players + players % 2
    if n == 2:
        return [[(1, 2)]]
    m = n - 1
    rounds: list[list[tuple[int, int]]] = []
    for r in range(1, n):
        x = next(a for a in range(1, n) if (2 * a - (r + 1)) % m == 0)
        games = [(x, n) if r % 2 else (n, x)]
        for k in range(2, n // 2 + 1):
            a, b = _wrap(x + k - 1, m), _wrap(x - k + 1, m)
            low, high = min(a, b), max(a, b)
            games.append((low, high) if (a + b) % 2 else (high, low))
        rounds.append(games)
    return rounds


def round_robin(players: int, *, cycles: int = 1) -> list[Pairing]:
    """Every game of a single or double round robin, byes left out.

    >>> [(p.round, p.white, p.black) for p in round_robin(3)]
    [(1, 2, 3), (2, 1, 2), (3, 3, 1)]
    """
    if cycles not in (1, 2):
        raise ValueError(f"a round robin has 1 or 2 cycles, got {cycles}")
    table = berger_rounds(players)
    if cycles == 2:
        first = [*table[:-2], table[-1], table[-2]] if len(table) >= 2 else table
        second = [[(b, w) for (w, b) in games] for games in table]
        table = first + second
    schedule: list[Pairing] = []
    for number, games in enumerate(table, start=1):
        board = 0
        for white, black in games:
            if white > players or black > players:
                continue  # the bye of an odd section (31.5)
            board += 1
            schedule.append(Pairing(round=number, board=board, white=white, black=black))
    return schedule
