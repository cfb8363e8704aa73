"""A 7-player event through its end date: agreed claims, a tablebase-backed
ruling appealed to a different arbiter, appeals refused for want of materials
and for lateness (Art. 56.9)."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from adjudication import tablebase
from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.cases.views import CaseSummary
from cc.store.models import Game
from tests.support.cases import player
from tests.support.days import at
from tests.support.events import OPERATOR, create_event

END = date(2026, 6, 1)
KQK = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1"


def setup(services: Services) -> dict[str, int]:
    ids = {
        "arb": services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter"]),
        "adj": services.players.add(
            OPERATOR, login="adj", name="Adjudicator", roles=["adjudicator", "appeal_arbiter"]
        ),
        "ap1": services.players.add(
            OPERATOR, login="ap1", name="Appeal One", roles=["appeal_arbiter"]
        ),
    }
    for i in range(1, 8):
        ids[f"p{i}"] = services.players.add(OPERATOR, login=f"p{i}", name=f"Player {i}")
    create_event(
        services,
        "A1",
        "Adjudication Cup",
        date(2026, 5, 10),
        end_date=END,
        timezone="Europe/Moscow",
        arbiter="arb",
        adjudicator="adj",
        appeal_arbiters=("adj", "ap1"),
        regulations={"control_moves": 10, "control_days": 300},
    )
    services.events.add_players(OPERATOR, "A1", [f"p{i}" for i in range(1, 8)])
    services.events.start(OPERATOR, "A1")
    return ids


def game_of(services: Services, a: str, b: str) -> Game:
    with services.ctx.db.read() as session:
        for g in session.scalars(select(Game)):
            if {g.white.login, g.black.login} == {a, b}:
                session.expunge(g)
                return g
    raise AssertionError(f"no game {a}-{b}")


def queen_against_king_after_the_end(
    services: Services, clock: FixedClock, ids: dict[str, int]
) -> tuple[Game, CaseSummary]:
    """p3-p4 has come down to queen against king (set here, not played) when
    the event ends; the daily run hands it to adjudication."""
    tb_game = game_of(services, "p3", "p4")
    with services.ctx.db.write() as session:
        g = session.get(Game, tb_game.id)
        assert g is not None
        g.fen = KQK
    at(clock, date(2026, 6, 2))
    services.daily.run(date(2026, 6, 2))
    (case,) = [
        c
        for c in services.cases.cases(player(ids, "adj"))
        if c.kind == "adjudication" and c.game_id == tb_game.id
    ]
    return tb_game, case


def colors(game: Game, ids: dict[str, int]) -> tuple[str, str]:
    names = {v: k for k, v in ids.items()}
    return names[game.white_id], names[game.black_id]


def test_an_event_through_its_end_date(services: Services, clock: FixedClock) -> None:
    at(clock, date(2026, 5, 11))
    ids = setup(services)
    played = game_of(services, "p1", "p2")
    services.games.resign(player(ids, colors(played, ids)[1]), played.id)
    tb_game = game_of(services, "p3", "p4")
    with services.ctx.db.write() as session:
        # The game has come down to queen against king (set here, not played).
        g = session.get(Game, tb_game.id)
        assert g is not None
        g.fen, g.repetition = KQK, [KQK.rsplit(" ", 2)[0]]
    at(clock, END)
    assert services.daily.run(END).adjudication == []
    at(clock, date(2026, 6, 2))
    report = services.daily.run(date(2026, 6, 2))
    assert len(report.adjudication) == 20  # all but the finished game
    assert services.queries.game(played.id).status == "finished"
    assert services.daily.run(date(2026, 6, 2)).adjudication == []
    cases = {
        c.game_id: c for c in services.cases.cases(player(ids, "adj")) if c.kind == "adjudication"
    }
    assert len(cases) == 20

    # Agreed claims close games without adjudication (56.9.5).
    agreed = game_of(services, "p1", "p3")
    w, b = colors(agreed, ids)
    services.cases.submit(player(ids, w), agreed.id, "draw", "Blocked position", move="e4")
    done = services.cases.submit(player(ids, b), agreed.id, "draw", "Nothing to play for")
    assert (done.status, done.decision) == ("closed", "draw")
    view = services.queries.game(agreed.id)
    assert (view.status, view.result, view.moves[-1].san) == ("finished", "1/2-1/2", "e4")
    conceded = game_of(services, "p1", "p4")
    w, b = colors(conceded, ids)
    services.cases.submit(player(ids, w), conceded.id, "win", "Extra piece", move="d4")
    services.cases.submit(player(ids, b), conceded.id, "loss", "I agree")
    assert services.queries.game(conceded.id).result == "1-0"

    # A disputed game the tablebase decides: ruled at once, appealed, confirmed.
    tb_case = cases[tb_game.id]
    assert tb_case.kind == "adjudication"
    w, b = colors(tb_game, ids)
    with pytest.raises(errors.InvalidInput):  # White is to move and must say the move
        services.cases.submit(player(ids, w), tb_game.id, "win", "Queen up")
    services.cases.submit(player(ids, w), tb_game.id, "win", "Queen up", move="Qb5+")
    view = services.cases.case(player(ids, "adj"), tb_case.id)
    assert view.details["tablebase"]["result"] == "1-0" and view.details["tablebase"]["wdl"] == -2
    assert "decide" in view.actions and "submit" not in view.actions
    with pytest.raises(errors.NotPermitted):
        services.cases.decide(player(ids, "ap1"), tb_case.id, "white_wins", "-")
    ruled = services.cases.decide(
        player(ids, "adj"), tb_case.id, "white_wins", "The tablebase: a win for White"
    )
    assert ruled.status == "decided"
    assert services.queries.game(tb_game.id).result_reason == "adjudication"
    with pytest.raises(errors.NoMaterials):  # Black sent nothing (56.9.7)
        services.cases.appeal(player(ids, b), tb_case.id, "I could hold it")
    services.cases.appeal(player(ids, w), tb_case.id, "Record the win as mate-in-n")
    with pytest.raises(errors.NotPermitted):  # the first arbiter is not assigned (56.9.10)
        services.cases.decide_appeal(player(ids, "adj"), tb_case.id, "draw", "-")
    final = services.cases.decide_appeal(player(ids, "ap1"), tb_case.id, "white_wins", "Right")
    assert (final.status, final.appeal_decision) == ("final", "white_wins")

    # One side only; ruled after the deadline; the silent side may not appeal,
    # and an appeal after 14 days is refused.
    lone = game_of(services, "p5", "p6")
    w, b = colors(lone, ids)
    lone_case = cases[lone.id]
    services.cases.submit(player(ids, w), lone.id, "draw", "Equal", move="Nf3")
    with pytest.raises(errors.SubmissionsOpen):
        services.cases.decide(player(ids, "adj"), lone_case.id, "draw", "Equal")
    at(clock, date(2026, 6, 17))
    with pytest.raises(errors.SubmissionTooLate):
        services.cases.submit(player(ids, b), lone.id, "win", "Too late")
    assert services.daily.run(date(2026, 6, 17)).cases  # the time for materials is over
    services.cases.decide(player(ids, "adj"), lone_case.id, "draw", "Equal position")
    with pytest.raises(errors.NoMaterials):
        services.cases.appeal(player(ids, b), lone_case.id, "I wanted to win")
    at(clock, date(2026, 7, 2))
    with pytest.raises(errors.AppealTooLate):
        services.cases.appeal(player(ids, w), lone_case.id, "Late")


def test_tablebase_evidence_is_the_same_twice() -> None:
    first = tablebase.probe("8/8/8/4k3/8/8/1Q6/K7 b - - 0 1")
    assert first is not None and first == tablebase.probe("8/8/8/4k3/8/8/1Q6/K7 b - - 0 1")
    assert (first.result, first.pieces) == ("1-0", 3)


def test_materials_and_the_ruling_on_the_pages(services: Services, clock: FixedClock) -> None:
    from tests.support.sites import give_passwords
    from tests.support.web import PASSWORD, client, csrf_of, sign_in, token_for

    at(clock, date(2026, 5, 11))
    ids = setup(services)
    give_passwords(services, PASSWORD)
    tb_game, case = queen_against_king_after_the_end(services, clock, ids)
    w, b = colors(tb_game, ids)
    white = sign_in(services, w, PASSWORD)
    page = white.get(f"/cases/{case.id}")
    assert 'id="submit-form"' in page.text and 'name="move"' in page.text
    assert "Tablebase (3 pieces): 1-0" in page.text
    white.post(
        f"/cases/{case.id}/submit",
        data={
            "csrf_token": csrf_of(page.text),
            "claim": "win",
            "move": "Qb5+",
            "reasoning": "Queen against king",
        },
    )
    # Black sends materials through the API; no move is asked of them.
    r = client(services).post(
        f"/api/v1/games/{tb_game.id}/adjudication",
        json={"claim": "draw", "reasoning": "Stalemate tricks", "analysis": "1... Kd4"},
        headers=token_for(services, ids[b]),
    )
    assert r.status_code == 200, r.text
    judge = sign_in(services, "adj", PASSWORD)
    page = judge.get(f"/cases/{case.id}")
    assert 'id="submissions"' in page.text and "Stalemate tricks" in page.text
    assert "Qb5+" in page.text and 'id="final-position"' in page.text
    judge.post(
        f"/cases/{case.id}/decide",
        data={"csrf_token": csrf_of(page.text), "decision": "white_wins", "reasons": "Tablebase"},
    )
    assert services.queries.game(tb_game.id).result == "1-0"


def test_engine_evidence_is_stored_and_the_same_twice(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 11))
    ids = setup(services)
    services.cases.engine_depth = 10
    tb_game, case = queen_against_king_after_the_end(services, clock, ids)
    w, b = colors(tb_game, ids)
    services.cases.submit(
        player(ids, w), tb_game.id, "win", "Mate follows", move="Qb5+", analysis="1... Kd4 2. Qb4+"
    )
    services.cases.submit(player(ids, b), tb_game.id, "draw", "Fortress", analysis="Kd4 Qxd4")
    with pytest.raises(errors.NotPermitted):
        services.cases.analyse(player(ids, w), case.id)
    first = services.cases.analyse(player(ids, "adj"), case.id).details["engine"]
    again = services.cases.analyse(player(ids, "adj"), case.id).details["engine"]
    assert first == again  # reproducible: one thread, fixed depth, fresh hash
    assert first["position"]["depth"] == 10 and first["position"]["score_cp"] > 300
    white_check = first["checks"]["white"]
    assert [m["san"] for m in white_check] == ["Kd4", "Qb4+"] and all(
        m["legal"] for m in white_check
    )
    assert first["checks"]["black"][0]["san"] == "Kd4" and len(first["checks"]["black"]) == 1


def test_the_event_closes_with_its_report_once_all_is_decided(
    services: Services, clock: FixedClock
) -> None:
    from cc.store.models import Event
    from tests.support.cases import mails_to, setup_event

    at(clock, date(2026, 5, 11))
    ids = setup_event(services, 2, mode="server", control=None, end=END)
    services.leaves.request(player(ids, "p1"), ids["p1"], date(2026, 5, 20), date(2026, 5, 22))
    # A server event's standings go to the centre and the digest; p2 asked
    # for them by mail too.
    services.centre.set_preferences(player(ids, "p2"), channels={"events": ["email", "centre"]})
    services.games.submit_move(player(ids, "p1"), 1, "e4")
    services.games.resign(player(ids, "p2"), 1)
    at(clock, date(2026, 6, 2))
    report = services.daily.run(date(2026, 6, 2))
    assert report.closed == ["C1"] and report.adjudication == []
    assert services.daily.run(date(2026, 6, 2)).closed == []
    with services.ctx.db.read() as session:
        event = session.scalar(select(Event))
        assert event is not None and event.status.value == "finished"
    (notice,) = mails_to(services, "p2@example.org", containing="final standings")
    assert "Player 1" in notice.body
    # p1 hears of them in the daily digest only, not in a mail of their own.
    for_p1 = mails_to(services, "p1@example.org", containing="final standings")
    assert [m.kind for m in for_p1] == ["digest"]
    assert "event_closed" in [n.kind for n in services.centre.items(player(ids, "p1"))]
    text = services.event_report.report(player(ids, "arb"), "C1")
    for heading in ("RESULTS", "CROSSTABLE", "LEAVES", "DECISIONS AND APPEALS", "GAMES (PGN)"):
        assert heading in text
    assert "1-0  (resignation, 1 plies)" in text and "[%ccsnt 2026.05.11]" in text
    assert "p1: 2026-05-20 - 2026-05-22 (active)" in text
    with pytest.raises(errors.NotPermitted):
        services.event_report.report(player(ids, "p1"), "C1")
