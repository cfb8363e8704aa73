"""A weighted matching kept between calls, as the Dutch system's pairing
(:mod:`standings.dutch`) asks of it: edge weights set one by one, the maximum
weight matching read back, pairs fixed once chosen. Pure: no I/O, no clock.

The pairing sets a weight, asks for the matching, sets a few more and asks
again, many times a round. A weight of 0 is no edge. A pair fixed by
:meth:`Matcher.fix` stays matched: its two players leave the graph (the
weights the pairing would give them then, the highest on their own edge and
none elsewhere, allow nothing else), so each later matching is computed over
the players still open. The weights are Python integers of any size: the
pairing writes its criteria as the digits of one number.
"""

from __future__ import annotations

from standings.weighted_matching import max_weight_matching


class Matcher:
    """The players ``0 .. size-1`` and the weights between them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._weights: list[dict[int, int]] = [{} for _ in range(size)]
        self._fixed: dict[int, int] = {}
        self._mates: list[int] = list(range(size))
        self._stale = True

    def set(self, a: int, b: int, weight: int) -> None:
        """The weight of the edge ``a``-``b`` (0: no edge)."""
        if a == b:
            raise ValueError("a player is not paired with himself")
        old = self._weights[a].get(b, 0)
        if old == weight:
            return
        if weight:
            self._weights[a][b] = weight
            self._weights[b][a] = weight
        else:
            self._weights[a].pop(b, None)
            self._weights[b].pop(a, None)
        if a not in self._fixed and b not in self._fixed:
            self._stale = True

    def weight(self, a: int, b: int) -> int:
        return self._weights[a].get(b, 0)

    def fix(self, a: int, b: int) -> None:
        """``a`` and ``b`` are paired for good."""
        self._fixed[a] = b
        self._fixed[b] = a
        self._mates[a] = b
        self._mates[b] = a
        self._stale = True

    def mates(self) -> list[int]:
        """Each player's partner in a maximum weight matching (himself if he
        has none)."""
        if self._stale:
            self._compute()
        return list(self._mates)

    def _compute(self) -> None:
        edges = [
            (a, b, weight)
            for a in range(self.size)
            if a not in self._fixed
            for b, weight in self._weights[a].items()
            if b > a and b not in self._fixed
        ]
        mates = max_weight_matching(self.size, edges)
        for a, b in self._fixed.items():
            mates[a] = b
        self._mates = mates
        self._stale = False
