"""Knockout brackets (Art. 26), checked against tables written out by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from standings.knockout import (
    Bracket,
    KnockoutError,
    MatchStatus,
    Rules,
    TieBreak,
    play,
)

#: seed ``s`` is player ``100 + s``
SEEDS16 = [100 + s for s in range(1, 17)]


def seed(player: int | None) -> int | None:
    return None if player is None else player - 100


def higher_seed_wins(key: str, top: int, bottom: int, index: int) -> float:
    """The top player's points in game ``index``: the better seed wins 1.5-0.5."""
    better = top if top < bottom else bottom
    if index == 1:
        return 0.5
    return 1.0 if better == top else 0.0


def run(
    seeds: list[int],
    rules: Rules,
    result: Callable[[str, int, int, int], float] = higher_seed_wins,
) -> tuple[Bracket, list[str]]:
    """Play every game the bracket asks for until it is over; the order matches began."""
    games: dict[str, list[float | None]] = {}
    began: list[str] = []
    for _ in range(200):
        bracket = play(seeds, rules, games)
        new = bracket.new_games()
        if not new:
            return bracket, began
        for g in new:
            m = bracket.match(g.match)
            assert m.top is not None and m.bottom is not None
            if g.match not in games:
                began.append(g.match)
            games.setdefault(g.match, []).append(result(g.match, m.top, m.bottom, g.index))
    raise AssertionError("the bracket never ended")


def pairs(bracket: Bracket, prefix: str) -> dict[str, tuple[int | None, int | None]]:
    return {
        m.key: (seed(m.top), seed(m.bottom)) for m in bracket.matches if m.key.startswith(prefix)
    }


def test_sixteen_single_elimination_pairs_seeds_and_places_by_round() -> None:
    bracket, _ = run(SEEDS16, Rules())
    assert pairs(bracket, "W1-") == {
        "W1-1": (1, 16), "W1-2": (8, 9), "W1-3": (4, 13), "W1-4": (5, 12),
        "W1-5": (2, 15), "W1-6": (7, 10), "W1-7": (3, 14), "W1-8": (6, 11),
    }  # fmt: skip
    assert pairs(bracket, "W2-") == {"W2-1": (1, 8), "W2-2": (4, 5), "W2-3": (2, 7), "W2-4": (3, 6)}
    assert pairs(bracket, "W3-") == {"W3-1": (1, 4), "W3-2": (2, 3)}
    assert pairs(bracket, "W4-") == {"W4-1": (1, 2)}
    assert seed(bracket.champion) == 1
    assert bracket.match("W4-1").score == (1.5, 0.5)
    assert bracket.match("W4-1").decided_by == "games"
    placings = {seed(p): place for p, place in (bracket.placings or {}).items()}
    assert placings == {
        1: (1, 1), 2: (2, 2), 3: (3, 4), 4: (3, 4),
        **{s: (5, 8) for s in (5, 6, 7, 8)},
        **{s: (9, 16) for s in range(9, 17)},
    }  # fmt: skip
    assert {seed(p): key for p, key in bracket.out.items()}[9] == "W1-2"


def test_sixteen_double_elimination_feeds_the_losers_bracket_in_reverse() -> None:
    bracket, began = run(SEEDS16, Rules(double=True))
    assert pairs(bracket, "W2-") == {"W2-1": (1, 8), "W2-2": (4, 5), "W2-3": (2, 7), "W2-4": (3, 6)}
    assert pairs(bracket, "L") == {
        # the losers of the first round, in order
        "L1-1": (16, 9), "L1-2": (13, 12), "L1-3": (15, 10), "L1-4": (14, 11),
        # the losers of winners' round 2 drop in reverse order
        "L2-1": (9, 6), "L2-2": (12, 7), "L2-3": (10, 5), "L2-4": (11, 8),
        "L3-1": (6, 7), "L3-2": (5, 8),
        "L4-1": (6, 3), "L4-2": (5, 4),
        "L5-1": (3, 4),
        "L6-1": (3, 2),
    }  # fmt: skip
    assert pairs(bracket, "GF") == {"GF": (1, 2)}
    assert seed(bracket.champion) == 1
    placings = {seed(p): place for p, place in (bracket.placings or {}).items()}
    assert placings == {
        1: (1, 1), 2: (2, 2), 3: (3, 3), 4: (4, 4), 5: (5, 6), 6: (5, 6), 7: (7, 8), 8: (7, 8),
        **{s: (9, 12) for s in (9, 10, 11, 12)},
        **{s: (13, 16) for s in (13, 14, 15, 16)},
    }  # fmt: skip
    assert began[-1] == "GF"


def test_a_loser_of_the_first_round_waits_only_for_the_matches_feeding_theirs() -> None:
    games: dict[str, list[float | None]] = {"W1-1": [1.0, 1.0], "W1-2": [1.0, None]}
    bracket = play(SEEDS16, Rules(double=True), games)
    assert bracket.match("L1-1").status == MatchStatus.WAITING
    assert bracket.match("W2-1").status == MatchStatus.WAITING
    games["W1-2"][1] = 1.0
    bracket = play(SEEDS16, Rules(double=True), games)
    assert bracket.match("L1-1").status == MatchStatus.PLAYING
    assert (seed(bracket.match("L1-1").top), seed(bracket.match("L1-1").bottom)) == (16, 9)
    assert bracket.match("W2-1").status == MatchStatus.PLAYING
    assert bracket.match("W2-2").status == MatchStatus.WAITING
    new = [(g.match, g.index, seed(g.white), seed(g.black)) for g in bracket.new_games()]
    assert ("W2-1", 0, 1, 8) in new and ("W2-1", 1, 8, 1) in new
    assert ("L1-1", 0, 16, 9) in new and ("L1-1", 1, 9, 16) in new


def test_bracket_reset_is_played_when_the_losers_champion_wins_the_final() -> None:
    def upset_in_final(key: str, top: int, bottom: int, index: int) -> float:
        if key.startswith("GF"):
            return 0.0 if top == 101 else 1.0  # seed 2 beats seed 1 in the finals
        return higher_seed_wins(key, top, bottom, index)

    bracket, began = run(SEEDS16, Rules(double=True, bracket_reset=True), upset_in_final)
    assert began[-2:] == ["GF", "GF2"]
    assert seed(bracket.champion) == 2
    assert bracket.placings is not None and bracket.placings[101] == (2, 2)

    bracket, began = run(SEEDS16, Rules(double=True, bracket_reset=False), upset_in_final)
    assert began[-1] == "GF" and seed(bracket.champion) == 2

    bracket, began = run(SEEDS16, Rules(double=True, bracket_reset=True))
    assert began[-1] == "GF"
    assert bracket.match("GF2").status == MatchStatus.EMPTY
    assert seed(bracket.champion) == 1


def test_thirteen_players_give_the_three_top_seeds_byes() -> None:
    seeds = SEEDS16[:13]
    bracket = play(seeds, Rules())
    byes = {m.key: seed(m.winner) for m in bracket.matches if m.status == MatchStatus.BYE}
    assert byes == {"W1-1": 1, "W1-5": 2, "W1-7": 3}
    assert {g.match for g in bracket.new_games()} == {"W1-2", "W1-3", "W1-4", "W1-6", "W1-8"}
    assert pairs(bracket, "W1-")["W1-3"] == (4, 13)
    final, _ = run(seeds, Rules())
    placings = {seed(p): place for p, place in (final.placings or {}).items()}
    assert placings[1] == (1, 1) and placings[2] == (2, 2)
    assert {s for s, place in placings.items() if place == (9, 13)} == {9, 10, 11, 12, 13}
    assert len(placings) == 13


def test_thirteen_players_double_elimination_carries_byes_into_the_losers_bracket() -> None:
    seeds = SEEDS16[:13]
    bracket, _ = run(seeds, Rules(double=True))
    assert pairs(bracket, "L1-") == {
        "L1-1": (None, 9), "L1-2": (13, 12), "L1-3": (None, 10), "L1-4": (None, 11),
    }  # fmt: skip
    assert bracket.match("L1-1").status == MatchStatus.BYE
    assert seed(bracket.champion) == 1
    assert bracket.placings is not None and len(bracket.placings) == 13
    assert sorted(bracket.placings.values())[-1] == (13, 13)


def test_a_tied_match_is_decided_by_an_extra_pair() -> None:
    games: dict[str, list[float | None]] = {"W1-1": [0.5, 0.5]}
    seeds = [1, 2]
    bracket = play(seeds, Rules(), games)
    m = bracket.match("W1-1")
    assert m.status == MatchStatus.PLAYING and m.games_needed == 4
    assert [(g.index, g.white, g.black) for g in bracket.new_games()] == [(2, 1, 2), (3, 2, 1)]
    games["W1-1"] += [1.0, None]
    assert play(seeds, Rules(), games).match("W1-1").status == MatchStatus.PLAYING
    games["W1-1"][3] = 0.0  # 1-1 again: a second extra pair
    bracket = play(seeds, Rules(), games)
    assert bracket.match("W1-1").games_needed == 6
    games["W1-1"] += [0.0, 0.5]
    bracket = play(seeds, Rules(), games)
    assert bracket.champion == 2 and bracket.match("W1-1").decided_by == "extra_pair"
    assert bracket.match("W1-1").score == (2.5, 3.5)
    assert bracket.placings == {2: (1, 1), 1: (2, 2)}


def test_ties_beyond_the_cap_go_to_a_lot_that_can_be_drawn_again() -> None:
    games: dict[str, list[float | None]] = {"W1-1": [0.5] * 4}
    rules = Rules(extra_pairs=1, lots_seed=7)
    first = play([1, 2], rules, games)
    assert first.match("W1-1").decided_by == "lots"
    assert play([1, 2], rules, games).champion == first.champion
    winners = {play([1, 2], Rules(extra_pairs=0, lots_seed=s), games).champion for s in range(20)}
    assert winners == {1, 2}


def test_the_higher_seed_advances_when_the_regulations_say_so() -> None:
    games: dict[str, list[float | None]] = {"W1-1": [1.0, 0.0]}
    bracket = play([5, 3], Rules(tie_break=TieBreak.HIGHER_SEED), games)
    assert bracket.champion == 5 and bracket.match("W1-1").decided_by == "higher_seed"


def test_a_clinched_match_is_decided_before_its_last_game_ends() -> None:
    bracket = play([1, 2], Rules(games_per_match=4), {"W1-1": [1.0, 1.0, 1.0, None]})
    assert bracket.champion == 1


def test_a_withdrawn_player_forfeits_the_match_being_played_and_the_next() -> None:
    games: dict[str, list[float | None]] = {"W1-1": [1.0, None], "W1-2": [0.0, 0.0]}
    bracket = play([1, 2, 3, 4], Rules(), games, withdrawn=frozenset({1}))
    assert bracket.match("W1-1").winner == 4 and bracket.match("W1-1").decided_by == "forfeit"
    assert bracket.match("W2-1").status == MatchStatus.PLAYING
    games = {"W1-1": [1.0, 1.0], "W1-2": [0.0, 0.0]}
    bracket = play([1, 2, 3, 4], Rules(), games, withdrawn=frozenset({1}))
    assert bracket.match("W1-1").winner == 1  # a match won stays won
    assert bracket.champion == 3 and bracket.match("W2-1").decided_by == "forfeit"


def test_bad_inputs_are_named() -> None:
    with pytest.raises(KnockoutError, match="players"):
        play([1], Rules())
    with pytest.raises(KnockoutError, match="seeds"):
        play([1, 1], Rules())
    with pytest.raises(KnockoutError, match="games_per_match"):
        Rules(games_per_match=0)
    with pytest.raises(KnockoutError, match="no match"):
        play([1, 2], Rules(), {"W9-1": [1.0]})
