"""The server's rating: Glicko-2 over rating periods. Pure, no I/O.

Glickman's system ("Example of the Glicko-2 system", 2012) as the
``glicko2-py`` library computes it: every player of a period is rated
against their opponents' ratings from before the period, all at once; a
player who played no game in the period only grows less certain (step 6).
A player rated for the first time starts at 1500, deviation 350, volatility
0.06, the paper's values; one on the federation's list starts at that
rating instead, as uncertain (:func:`newcomer`).

Only games actually played are given here (tournament rules, 33.2): the
service leaves out results given without play and annulled games.

The paper's worked example: a player at 1500 (deviation 200) beats a 1400
(30), loses to a 1550 (100) and to a 1700 (300).

>>> before = {
...     "p": Rating(1500, 200, 0.06),
...     "a": Rating(1400, 30, 0.06),
...     "b": Rating(1550, 100, 0.06),
...     "c": Rating(1700, 300, 0.06),
... }
>>> games = [RatedGame("p", "a", 1), RatedGame("b", "p", 1), RatedGame("c", "p", 1)]
>>> after = rate_period(before, games)
>>> round(after["p"].rating, 2), round(after["p"].deviation, 2), round(after["p"].volatility, 5)
(1464.05, 151.52, 0.06)

Someone who did not play keeps their rating and grows less certain:

>>> idle = rate_period({"q": Rating(1800, 50, 0.06)}, [])["q"]
>>> idle.rating, round(idle.deviation, 2)
(1800.0, 51.07)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from glicko2.math.algorithm import DEFAULT_TAU, update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

K = TypeVar("K", bound=Hashable)

#: an unrated player's start (the paper's values)
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: the system constant τ: how much the volatility may change in a period
TAU = DEFAULT_TAU


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: rating, deviation (RD), volatility."""

    rating: float
    deviation: float
    volatility: float

    def __post_init__(self) -> None:
        if not (self.deviation > 0 and self.volatility > 0):
            raise ValueError(
                f"rating {self.rating}: deviation {self.deviation} and volatility "
                f"{self.volatility} must both be above 0"
            )


#: where a player rated for the first time starts
UNRATED = Rating(START_RATING, START_DEVIATION, START_VOLATILITY)


def newcomer(federation_rating: int | None) -> Rating:
    """Where a player rated here for the first time starts: at their
    federation rating when they have one (a strong player is not paired and
    averaged as a 1500 for a whole period), with a newcomer's deviation,
    since that rating was earned in another pool of players.

    >>> newcomer(None) == UNRATED, newcomer(2345).rating, newcomer(2345).deviation
    (True, 2345.0, 350.0)
    """
    if federation_rating is None or federation_rating <= 0:
        return UNRATED
    return Rating(float(federation_rating), START_DEVIATION, START_VOLATILITY)


@dataclass(frozen=True)
class RatedGame(Generic[K]):
    """One game played: White, Black, and White's score (1, 1/2 or 0)."""

    white: K
    black: K
    score: float

    def __post_init__(self) -> None:
        if self.score not in (0, 0.5, 1):
            raise ValueError(
                f"game {self.white}-{self.black}: score {self.score} is not 1, 1/2 or 0"
            )
        if self.white == self.black:
            raise ValueError(f"game {self.white}-{self.black}: a player cannot meet themselves")


def rate_period(before: Mapping[K, Rating], games: Iterable[RatedGame[K]]) -> dict[K, Rating]:
    """Everyone's rating after one period: the players of ``before`` and those
    of ``games`` (a newcomer not given in ``before`` starts :data:`UNRATED`).

    Each game is counted once for each of its players, against the
    opponent's rating from before the period.
    """
    start = dict(before)
    played: defaultdict[K, list[tuple[float, float, float]]] = defaultdict(list)
    for game in games:
        white = start.setdefault(game.white, UNRATED)
        black = start.setdefault(game.black, UNRATED)
        played[game.white].append(_opponent(black, game.score))
        played[game.black].append(_opponent(white, 1 - game.score))
    after = {}
    for key, old in start.items():
        new = update_rating(
            rating_to_mu(old.rating),
            rd_to_phi(old.deviation),
            old.volatility,
            played.get(key, []),
            tau=TAU,
        )
        after[key] = Rating(mu_to_rating(new.mu), phi_to_rd(new.phi), new.sigma)
    return after


def _opponent(rating: Rating, score: float) -> tuple[float, float, float]:
    return (rating_to_mu(rating.rating), rd_to_phi(rating.deviation), score)
