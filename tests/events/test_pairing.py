"""Round-robin pairings equal the Berger tables of Art. 31.5 and 31.6."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from cc.events.systems.berger import berger_rounds, round_robin
from tests.support.paths import TESTS

TABLE_TEXT = (TESTS / "data" / "berger-31.5.ru.txt").read_text(encoding="utf-8")


def parse_article_tables(text: str) -> dict[int, list[list[tuple[int, int]]]]:
    """The tables as the article prints them: {even player count: rounds}."""
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    current: int | None = None
    for line in text.splitlines():
        heading = re.match(r"^(\d+) или (\d+) игрок", line)
        if heading:
            current = int(heading.group(2))
            tables[current] = []
            continue
        for number, games in re.findall(r"Тур (\d+): ([\d\-, ]+)\.", line):
            assert current is not None
            assert int(number) == len(tables[current]) + 1
            tables[current].append(
                [tuple(map(int, g.split("-"))) for g in games.split(", ")]  # type: ignore[misc]
            )
    return tables


ARTICLE = parse_article_tables(TABLE_TEXT)


def test_the_article_text_holds_every_table_from_4_to_14() -> None:
    assert sorted(ARTICLE) == [4, 6, 8, 10, 12, 14]
    for n, rounds in ARTICLE.items():
        assert len(rounds) == n - 1
        assert all(len(games) == n // 2 for games in rounds)


@pytest.mark.parametrize("players", range(3, 15))
def test_berger_table_equals_article_31_5(players: int) -> None:
    even = players + players % 2
    assert berger_rounds(players) == ARTICLE[even]


@pytest.mark.parametrize("players", range(3, 15))
def test_single_round_robin_everyone_meets_once_bye_left_out(players: int) -> None:
    schedule = round_robin(players)
    pairs = Counter(frozenset((g.white, g.black)) for g in schedule)
    assert len(schedule) == players * (players - 1) // 2
    assert set(pairs.values()) == {1}
    assert all(max(g.white, g.black) <= players for g in schedule)
    even = players + players % 2
    expected = [
        (r, w, b)
        for r, games in enumerate(ARTICLE[even], start=1)
        for w, b in games
        if max(w, b) <= players
    ]
    assert [(g.round, g.white, g.black) for g in schedule] == expected


def test_five_players_use_the_table_for_six_with_six_as_the_bye() -> None:
    schedule = round_robin(5)
    assert [(g.round, g.board, g.white, g.black) for g in schedule] == [
        (1, 1, 2, 5),
        (1, 2, 3, 4),
        (2, 1, 5, 3),
        (2, 2, 1, 2),
        (3, 1, 3, 1),
        (3, 2, 4, 5),
        (4, 1, 1, 4),
        (4, 2, 2, 3),
        (5, 1, 4, 2),
        (5, 2, 5, 1),
    ]


@pytest.mark.parametrize("players", range(3, 15))
def test_double_round_robin_art_31_6(players: int) -> None:
    schedule = round_robin(players, cycles=2)
    even = players + players % 2
    rounds = even - 1
    single = berger_rounds(players)
    by_round: dict[int, list[tuple[int, int]]] = {}
    for g in schedule:
        by_round.setdefault(g.round, []).append((g.white, g.black))

    def real(games: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(w, b) for w, b in games if max(w, b) <= players]

    # First cycle: the table with its last two rounds swapped (31.6) ...
    first_order = [*range(1, rounds - 1), rounds, rounds - 1] if rounds >= 2 else [1]
    for played, source in enumerate(first_order, start=1):
        assert by_round.get(played, []) == real(single[source - 1])
    # ... second cycle: the table again with colours reversed.
    for r in range(1, rounds + 1):
        assert by_round.get(rounds + r, []) == real([(b, w) for w, b in single[r - 1]])
    # Every pair meets twice, once with each colour.
    meetings = Counter((g.white, g.black) for g in schedule)
    assert set(meetings.values()) == {1}
    assert all((b, w) in meetings for (w, b) in meetings)
    # The purpose of the swap: nobody plays three games running with one colour.
    for p in range(1, players + 1):
        colours = "".join(
            "W" if g.white == p else "B"
            for g in sorted(schedule, key=lambda g: g.round)
            if p in (g.white, g.black)
        )
        assert "WWW" not in colours and "BBB" not in colours, (p, colours)


def test_without_the_swap_someone_would_play_three_blacks_running() -> None:
    """Pins why 31.6 swaps the rounds: the plain doubled table fails the colour rule."""
    table = berger_rounds(4)
    doubled = table + [[(b, w) for w, b in games] for games in table]
    colours = "".join("W" if w == 1 else "B" for games in doubled for w, b in games if 1 in (w, b))
    assert "BBB" in colours or "WWW" in colours


def test_two_players_play_one_game_and_one_player_is_refused() -> None:
    assert [(g.white, g.black) for g in round_robin(2)] == [(1, 2)]
    with pytest.raises(ValueError, match="at least 2 players"):
        round_robin(1)
