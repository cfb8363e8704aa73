"""Every reference round of ``dutch_reference/`` (1,249 rounds of 170
tournaments of 7 to 60 players, paired by bbpPairings, the FIDE-endorsed
program) paired again by :mod:`standings.dutch` from the same state: the same
pairs, the same colours, the same boards and the same bye, every one."""

from __future__ import annotations

import pytest

from standings.dutch import pair
from tests.support.dutch_reference import Case, cases, entrants

CASES = cases()


def test_the_reference_holds_rounds_of_every_kind() -> None:
    assert len(CASES) >= 1_000
    assert len({c.file for c in CASES}) >= 150


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_round_is_paired_as_bbppairings_pairs_it(case: Case) -> None:
    t, players = entrants(case)
    got = pair(players, rounds=t.rounds, first_colour=t.first, points=t.points)
    assert [(int(p.white), int(p.black)) for p in got.pairs] == list(case.pairs)
    assert (int(got.bye) if got.bye else None) == case.bye
