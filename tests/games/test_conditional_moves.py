"""Conditional moves (54.3.3, 56.3.7, §10.6): private lines that answer at once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from tests.support.events import create_event, make_event


@pytest.fixture
def two(services: Services) -> dict[str, Actor]:
    ids = make_event(services, 2)
    return {"white": Actor.player(ids["p1"], Door.WEB), "black": Actor.player(ids["p2"], Door.API)}


def sans(services: Services) -> list[str]:
    return [m.san for m in services.queries.game(1).moves]


def test_a_line_fires_move_by_move(
    services: Services, two: dict[str, Actor], clock: FixedClock
) -> None:
    g = services.games
    g.submit_move(two["white"], 1, "e4")
    g.submit_move(two["black"], 1, "e5")
    line = g.add_line(two["black"], 1, "2. Nf3 Nc6 3. Bb5 a6")
    assert [v.text for v in g.lines(two["black"], 1)] == ["2. Nf3 Nc6 3. Bb5 a6"]
    assert g.lines(two["white"], 1) == []  # private to its owner
    clock.advance(days=3)
    out = g.submit_move(two["white"], 1, "Nf3")
    assert out.fired == ("Nc6",)
    assert sans(services) == ["e4", "e5", "Nf3", "Nc6"]
    assert services.queries.game(1).to_move == "t1p1"
    clock.advance(days=2)
    assert g.submit_move(two["white"], 1, "Bb5").fired == ("a6",)
    assert g.lines(two["black"], 1) == []  # completed
    # Fired moves are dated when the triggering move was sent: they cost 0 (§10.6).
    schedule = services.ledgers.schedule(1)
    assert [r.black.days for r in schedule.schedule[:3] if r.black] == [0, 0, 0]
    assert schedule.schedule[1].white and schedule.schedule[1].white.days == 3
    with pytest.raises(errors.InvalidInput, match="completed"):
        g.cancel_line(two["black"], line)


def test_branches_and_lapsing(services: Services, two: dict[str, Actor]) -> None:
    g = services.games
    g.submit_move(two["white"], 1, "e4")
    g.submit_move(two["black"], 1, "c5")
    g.add_line(two["black"], 1, "Nf3 d6")
    g.add_line(two["black"], 1, "Nc3 Nc6")
    with pytest.raises(errors.Conflict):
        g.add_line(two["black"], 1, "Nf3 e6")  # another answer to the same move
    assert g.submit_move(two["white"], 1, "Nc3").fired == ("Nc6",)
    assert g.lines(two["black"], 1) == []  # the Nf3 branch lapsed
    assert g.submit_move(two["white"], 1, "Nf3").fired == ()


def test_a_move_sent_with_its_continuation(services: Services, two: dict[str, Actor]) -> None:
    g = services.games
    g.submit_move(two["white"], 1, "d4")
    preview = g.preview_move(two["black"], 1, "Кf6", conditional="c4 e6")
    assert (preview.san, preview.line) == ("Nf6", ("c4", "e6"))
    g.submit_move(two["black"], 1, "Кf6", conditional="c4 e6", move_number=1)
    assert g.submit_move(two["white"], 1, "c2c4").fired == ("e6",)


def test_lines_of_both_players_answer_each_other(services: Services, two: dict[str, Actor]) -> None:
    g = services.games
    g.submit_move(two["white"], 1, "e4")
    g.add_line(two["white"], 1, "e5 Nf3 Nc6 Bb5")
    out = g.submit_move(two["black"], 1, "e5", conditional="Nf3 Nc6")
    assert out.fired == ("Nf3", "Nc6", "Bb5")
    assert sans(services) == ["e4", "e5", "Nf3", "Nc6", "Bb5"]


def test_cancelled_lines_do_not_fire(services: Services, two: dict[str, Actor]) -> None:
    g = services.games
    g.submit_move(two["white"], 1, "e4")
    line = g.add_line(two["white"], 1, "e5 Nf3")
    with pytest.raises(errors.NotFound):
        g.cancel_line(two["black"], line)  # only its owner
    g.cancel_line(two["white"], line)
    assert g.submit_move(two["black"], 1, "e5").fired == ()
    assert services.queries.game(1).to_move == "t1p1"


def test_a_draw_offer_stops_the_lines(services: Services, two: dict[str, Actor]) -> None:
    g = services.games
    g.submit_move(two["white"], 1, "e4")
    g.add_line(two["white"], 1, "e5 Nf3")
    assert g.submit_move(two["black"], 1, "e5", offer_draw=True).fired == ()
    assert services.queries.game(1).draw_offer_by == "t1p2"


def test_refusals(services: Services, two: dict[str, Actor]) -> None:
    g = services.games
    with pytest.raises(errors.InvalidInput, match="your move"):
        g.add_line(two["white"], 1, "e4 e5")
    with pytest.raises(errors.InvalidInput, match="in pairs"):
        g.add_line(two["black"], 1, "e4")
    with pytest.raises(errors.ImpossibleMove, match="move 1"):
        g.add_line(two["black"], 1, "e4 e4")
    with pytest.raises(errors.NotYourGame):
        outsider = make_event(services, 2, code="T2")
        g.add_line(Actor.player(outsider["p1"], Door.WEB), 1, "e4 e5")
    assert g.lines(two["black"], 1) == []


def test_not_where_the_regulations_forbid(services: Services, clock: FixedClock) -> None:
    from cc.base.regulations import Mode
    from tests.support.events import OPERATOR

    for login in ("x1", "x2"):
        services.players.add(OPERATOR, login=login, name=login)
    create_event(
        services,
        "NOC",
        "No conditionals",
        clock.now().date() - timedelta(days=1),
        mode=Mode.SERVER,
        regulations={"conditional_moves": False},
    )
    services.events.add_players(OPERATOR, "NOC", ["x1", "x2"])
    services.events.start(OPERATOR, "NOC")
    game = services.queries.games(event="NOC")[0]
    black = services.queries.player(game.black).id
    with pytest.raises(errors.InvalidInput, match="regulations"):
        services.games.add_line(Actor.player(black, Door.WEB), game.id, "e4 e5")


def test_the_game_ending_lapses_lines(services: Services, two: dict[str, Actor]) -> None:
    g = services.games
    g.submit_move(two["white"], 1, "e4")
    g.add_line(two["white"], 1, "e5 Nf3")
    g.resign(two["white"], 1)
    assert g.lines(two["white"], 1) == []
