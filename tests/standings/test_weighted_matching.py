"""The exact maximum weight matching (:mod:`standings.weighted_matching`)
against networkx's on random graphs, small weights with many ties and huge
ones alike, and against every matching of the smallest graphs."""

from __future__ import annotations

import random
from itertools import combinations

import networkx as nx
import pytest

from standings.weighted_matching import max_weight_matching

Edge = tuple[int, int, int]


def random_weight(rng: random.Random, kind: str) -> int:
    if kind == "ties":
        return rng.randint(0, 4)
    if kind == "huge":
        return rng.getrandbits(rng.choice((64, 300, 700)))
    # As the pairing writes its criteria: small numbers in groups of digits.
    return sum(rng.randint(0, 3) << shift for shift in (0, 100, 200, 300))


def random_graph(rng: random.Random, kind: str, largest: int = 40) -> tuple[int, list[Edge]]:
    n = rng.randint(0, largest)
    density = rng.random()
    edges = [
        (a, b, random_weight(rng, kind))
        for a, b in combinations(range(n), 2)
        if rng.random() < density
    ]
    rng.shuffle(edges)
    return n, edges


def networkx_mates(n: int, edges: list[Edge]) -> list[int]:
    """networkx's matching, the graph built edge by edge as given."""
    graph: nx.Graph[int] = nx.Graph()
    for a, b, weight in edges:
        graph.add_edge(a, b, weight=weight)
    mates = list(range(n))
    for a, b in nx.max_weight_matching(graph, maxcardinality=False):
        mates[a] = b
        mates[b] = a
    return mates


def total(n: int, edges: list[Edge], mates: list[int]) -> int:
    """The weight of the matching, once it is checked to be one."""
    weights = {(min(a, b), max(a, b)): weight for a, b, weight in edges}
    assert len(mates) == n
    weight = 0
    for a, b in enumerate(mates):
        assert mates[b] == a
        if a < b:
            assert (a, b) in weights, "matched along no edge"
            weight += weights[a, b]
    return weight


@pytest.mark.parametrize("kind", ["ties", "huge", "digits"])
@pytest.mark.parametrize("seed", range(4))
def test_as_heavy_as_networkx(kind: str, seed: int) -> None:
    rng = random.Random(f"{kind}-{seed}")
    for _ in range(40):
        n, edges = random_graph(rng, kind)
        mates = max_weight_matching(n, edges)
        assert total(n, edges, mates) == total(n, edges, networkx_mates(n, edges))


@pytest.mark.parametrize("kind", ["ties", "huge", "digits"])
def test_the_same_matching_as_networkx_among_equals(kind: str) -> None:
    # Same steps in the same order: among matchings of equal weight the same
    # one, whatever the order and direction the edges come in.
    rng = random.Random(kind)
    for _ in range(60):
        n, edges = random_graph(rng, kind)
        edges = [(b, a, w) if rng.random() < 0.5 else (a, b, w) for a, b, w in edges if w > 0]
        assert max_weight_matching(n, edges) == networkx_mates(n, edges)


def heaviest(n: int, edges: list[Edge]) -> int:
    """The weight of the heaviest matching, every matching tried."""
    best = 0

    def extend(i: int, used: frozenset[int], weight: int) -> None:
        nonlocal best
        best = max(best, weight)
        for j in range(i, len(edges)):
            a, b, w = edges[j]
            if a not in used and b not in used:
                extend(j + 1, used | {a, b}, weight + w)

    extend(0, frozenset(), 0)
    return best


def test_as_heavy_as_the_heaviest_of_all_matchings() -> None:
    rng = random.Random("all")
    for _ in range(300):
        n, edges = random_graph(rng, rng.choice(["ties", "huge"]), largest=8)
        assert total(n, edges, max_weight_matching(n, edges)) == heaviest(n, edges)


def test_no_edges_no_pairs() -> None:
    assert max_weight_matching(0, []) == []
    assert max_weight_matching(3, []) == [0, 1, 2]
    # A weight of 0 adds nothing: left out.
    assert max_weight_matching(2, [(0, 1, 0)]) == [0, 1]


def test_vertices_without_edges_stay_alone() -> None:
    assert max_weight_matching(6, [(1, 4, 7), (4, 5, 3)]) == [0, 4, 2, 3, 1, 5]


def test_not_the_most_pairs_but_the_most_weight() -> None:
    # The path 0-1-2-3: the middle edge outweighs both ends together.
    assert max_weight_matching(4, [(0, 1, 2), (1, 2, 5), (2, 3, 2)]) == [0, 2, 1, 3]


def test_weights_beyond_any_machine_word() -> None:
    big = 1 << 500
    # Two pairs of big + 1 beat one of 2 * big + 1 by one unit.
    edges = [(0, 1, big + 1), (2, 3, big + 1), (1, 2, 2 * big + 1)]
    assert max_weight_matching(4, edges) == [1, 0, 3, 2]
    edges[2] = (1, 2, 2 * big + 3)
    assert max_weight_matching(4, edges) == [0, 2, 1, 3]


def test_a_large_sparse_graph() -> None:
    # Blossoms within blossoms, many stages: no recursion, the same weight.
    rng = random.Random("large")
    n = 300
    edges = [(a, b, rng.randint(1, 6)) for a, b in combinations(range(n), 2) if rng.random() < 0.02]
    mates = max_weight_matching(n, edges)
    assert total(n, edges, mates) == total(n, edges, networkx_mates(n, edges))


# The blossom cases of van Rantwijk's and networkx's own tests: each builds,
# relabels, expands or augments through blossoms in one particular way.
BLOSSOMS: dict[str, tuple[list[Edge], set[tuple[int, int]]]] = {
    "S-blossom, augmented through": (
        [(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)],
        {(1, 6), (2, 3), (4, 5)},
    ),
    "S-blossom relabelled T, augmented through": (
        [(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)],
        {(1, 2), (3, 6), (4, 5)},
    ),
    "nested S-blossom, augmented through": (
        [(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)],
        {(1, 3), (2, 4), (5, 6)},
    ),
    "S-blossom relabelled S, nested": (
        [
            (1, 2, 10),
            (1, 7, 10),
            (2, 3, 12),
            (3, 4, 20),
            (3, 5, 20),
            (4, 5, 25),
            (5, 6, 10),
            (6, 7, 10),
            (7, 8, 8),
        ],
        {(1, 2), (3, 4), (5, 6), (7, 8)},
    ),
    "nested S-blossom, expanded recursively": (
        [
            (1, 2, 8),
            (1, 3, 8),
            (2, 3, 10),
            (2, 4, 12),
            (3, 5, 12),
            (4, 5, 14),
            (4, 6, 12),
            (5, 7, 12),
            (6, 7, 14),
            (7, 8, 12),
        ],
        {(1, 2), (3, 5), (4, 6), (7, 8)},
    ),
    "S-blossom relabelled T, expanded": (
        [
            (1, 2, 23),
            (1, 5, 22),
            (1, 6, 15),
            (2, 3, 25),
            (3, 4, 22),
            (4, 5, 25),
            (4, 8, 14),
            (5, 7, 13),
        ],
        {(1, 6), (2, 3), (4, 8), (5, 7)},
    ),
    "nested S-blossom relabelled T, expanded": (
        [
            (1, 2, 19),
            (1, 3, 20),
            (1, 8, 8),
            (2, 3, 25),
            (2, 4, 18),
            (3, 5, 18),
            (4, 5, 13),
            (4, 7, 7),
            (5, 6, 7),
        ],
        {(1, 8), (2, 3), (4, 7), (5, 6)},
    ),
    "blossom relabelled T two ways, expanded": (
        [
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 35),
            (5, 7, 26),
            (9, 10, 5),
        ],
        {(1, 6), (2, 3), (4, 8), (5, 7), (9, 10)},
    ),
    "the same, slightly otherwise": (
        [
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 26),
            (5, 7, 40),
            (9, 10, 5),
        ],
        {(1, 6), (2, 3), (4, 8), (5, 7), (9, 10)},
    ),
    "expanded into a new least-slack edge to a free vertex": (
        [
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 28),
            (5, 7, 26),
            (9, 10, 5),
        ],
        {(1, 6), (2, 3), (4, 8), (5, 7), (9, 10)},
    ),
    "outer blossom expanded, the inner on the augmenting path": (
        [
            (1, 2, 45),
            (1, 7, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 95),
            (4, 6, 94),
            (5, 6, 94),
            (6, 7, 50),
            (1, 8, 30),
            (3, 11, 35),
            (5, 9, 36),
            (7, 10, 26),
            (11, 12, 5),
        ],
        {(1, 8), (2, 3), (4, 6), (5, 9), (7, 10), (11, 12)},
    ),
    "nested S-blossom relabelled S, expanded recursively": (
        [
            (1, 2, 40),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ],
        {(1, 2), (3, 5), (4, 9), (6, 7), (8, 10)},
    ),
    # Found among random graphs: a T-blossom expands when one of its
    # sub-blossoms has just been made S through a neighbour outside it.
    "a sub-blossom already S when its T-blossom expands": (
        [
            (0, 1, 27),
            (0, 2, 3),
            (0, 3, 18),
            (0, 4, 29),
            (0, 5, 30),
            (0, 6, 23),
            (0, 7, 27),
            (0, 8, 9),
            (1, 2, 9),
            (1, 3, 14),
            (1, 4, 14),
            (1, 5, 25),
            (1, 6, 17),
            (1, 7, 18),
            (1, 8, 14),
            (2, 3, 12),
            (2, 5, 23),
            (2, 6, 25),
            (2, 7, 6),
            (2, 8, 28),
            (3, 4, 1),
            (3, 5, 11),
            (3, 6, 27),
            (3, 7, 21),
            (3, 8, 10),
            (4, 5, 27),
            (4, 6, 1),
            (4, 7, 6),
            (4, 8, 25),
            (5, 6, 14),
            (5, 7, 19),
            (5, 8, 22),
            (6, 7, 21),
            (6, 8, 26),
            (7, 8, 26),
        ],
        {(0, 7), (2, 8), (3, 6), (4, 5)},
    ),
}


@pytest.mark.parametrize("case", list(BLOSSOMS))
def test_blossoms(case: str) -> None:
    edges, pairs = BLOSSOMS[case]
    n = 1 + max(max(a, b) for a, b, _ in edges)
    mates = max_weight_matching(n, edges)
    assert {(a, b) for a, b in enumerate(mates) if a < b} == pairs
