"""A knockout cup run through the services: matches begin as their feeders end.

Sixteen players seeded by rating play matches of two games; each match's
better seed wins 1.5-0.5 (a resignation and an agreed draw). The next match
of a pair is created, and its players told, as soon as both matches that
feed it are decided, and not before.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import select, text

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import GameStatus
from cc.store.db import make_engine
from cc.store.models import AuditEntry, Notification, Player, SectionEntry
from cc.web.notice_words import say
from tests.support.cases import mails_to, player
from tests.support.console import Console
from tests.support.days import at
from tests.support.events import OPERATOR, create_event
from tests.support.knockout import START, matches, setup_cup, win_by_better_seed
from tests.support.web import assert_documented, client


def paired_notices(services: Services, login_id: int) -> list[str]:
    with services.ctx.db.read() as session:
        return [
            str(n.params["match"])
            for n in session.scalars(
                select(Notification)
                .where(Notification.recipient_id == login_id, Notification.kind == "paired")
                .order_by(Notification.id)
            )
        ]


def test_a_sixteen_player_cup_is_played_to_the_end(services: Services, clock: FixedClock) -> None:
    at(clock, START)
    ids = setup_cup(services)
    with services.ctx.db.read() as session:
        seeds = {e.player.login: e.number for e in session.scalars(select(SectionEntry))}
    assert seeds == {f"p{i}": i for i in range(1, 17)}
    first = matches(services)
    assert sorted(first) == [f"W1-{n}" for n in range(1, 9)]
    w11 = first["W1-1"]
    assert [(g.white.login, g.black.login) for g in w11] == [("p1", "p16"), ("p16", "p1")]

    # The first match of the pair ends: the quarter-final waits for the other.
    at(clock, START + timedelta(days=3))
    win_by_better_seed(services, ids, "W1-1")
    assert "W2-1" not in matches(services)
    # Half the other match is not enough either.
    services.games.resign(player(ids, "p9"), matches(services)["W1-2"][0].id)
    assert "W2-1" not in matches(services)
    services.games.offer_draw(player(ids, "p9"), matches(services)["W1-2"][1].id)
    services.games.accept_draw(player(ids, "p8"), matches(services)["W1-2"][1].id)
    now = matches(services)
    assert [(g.white.login, g.black.login) for g in now["W2-1"]] == [("p1", "p8"), ("p8", "p1")]
    assert all(g.status == GameStatus.ONGOING for g in now["W2-1"])
    # Their games start the next day, and both players are told of both games.
    assert now["W2-1"][0].turn_started_at.date() == START + timedelta(days=3)  # 00:00 Moscow
    assert paired_notices(services, ids["p8"]) == ["W2-1", "W2-1"]
    mailed = mails_to(services, "p8@example.org", containing="round 2, match W2-1: ")
    assert sorted(m.subject.split("] ")[1] for m in mailed) == [
        "CUP: Player 1 - Player 8",
        "CUP: Player 8 - Player 1",
    ]
    # The quarter-final is played while the rest of the first round goes on.
    assert "W2-2" not in now
    win_by_better_seed(services, ids, "W2-1")
    assert "W3-1" not in matches(services)

    day = START + timedelta(days=4)
    for round_keys in (
        [f"W1-{n}" for n in range(3, 9)],
        ["W2-2", "W2-3", "W2-4"],
        ["W3-1", "W3-2"],
        ["W4-1"],
    ):
        at(clock, day)
        # The cup is not over while a match is to be played.
        assert services.daily.run(day).closed == []
        for key in round_keys:
            win_by_better_seed(services, ids, key)
        day += timedelta(days=5)

    assert len(matches(services)) == 15
    # The final decided, the next daily run closes the cup.
    assert services.daily.run(day - timedelta(days=5)).closed == ["CUP"]
    assert services.queries.event("CUP").status == "finished"
    # The results as mail, the console and the report print them: the
    # bracket's matches and the final placing, not a crosstable.
    (standings,) = services.standings.event("CUP")
    assert standings.table is None and standings.knockout is not None
    en, ru = standings.text("en"), standings.text("ru")
    assert en.splitlines()[0] == "Round 1" and "\nQuarter-finals\n" in en
    assert "\nFinal\n  Player 1 + - Player 2  1½:½\n" in en
    assert "\nФинал\n  Player 1 + - Player 2  1½:½\n" in ru
    assert "Итоговые места\n      1. Player 1\n      2. Player 2\n    3–4. Player 3" in ru
    assert standings.as_dict()["kind"] == "knockout"
    c = client(services)
    assert_documented(
        c, "GET", "/api/v1/events/{code}/crosstable", c.get("/api/v1/events/CUP/crosstable")
    )
    view = services.knockout.bracket("CUP")
    (section,) = view.sections
    assert [(r.bracket, r.round, len(r.matches)) for r in section.rounds] == [
        ("W", 1, 8),
        ("W", 2, 4),
        ("W", 3, 2),
        ("W", 4, 1),
    ]
    final = section.rounds[-1].matches[0]
    assert (final.top, final.bottom, final.score, final.winner) == (
        "Player 1",
        "Player 2",
        (1.5, 0.5),
        "top",
    )
    places = {name: shown for _, shown, name in section.placings}
    assert places["Player 1"] == "1" and places["Player 2"] == "2"
    assert places["Player 3"] == places["Player 4"] == "3–4"
    assert places["Player 16"] == "9–16"
    with services.ctx.db.read() as session:
        decided = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "knockout_match_decided")
        ).all()
    assert len(decided) == 15


def test_a_tie_gets_an_extra_pair_and_a_withdrawal_forfeits(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = setup_cup(services, 4, system="double_knockout")
    first = matches(services)
    # W1-1: p1 v p4 drawn twice: an extra pair is made at once.
    for game in first["W1-1"]:
        services.games.offer_draw(player(ids, "p1"), game.id)
        services.games.accept_draw(player(ids, "p4"), game.id)
    extra = matches(services)["W1-1"]
    assert len(extra) == 4
    assert [(g.white.login, g.black.login) for g in extra[2:]] == [("p1", "p4"), ("p4", "p1")]
    services.games.resign(player(ids, "p4"), extra[2].id)
    services.games.offer_draw(player(ids, "p1"), extra[3].id)
    services.games.accept_draw(player(ids, "p4"), extra[3].id)
    win_by_better_seed(services, ids, "W1-2")
    now = matches(services)
    assert {"W2-1", "L1-1"} <= set(now)
    assert [(g.white.login, g.black.login) for g in now["L1-1"]] == [("p4", "p3"), ("p3", "p4")]
    with services.ctx.db.read() as session:
        how = [
            a.details["decided_by"]
            for a in session.scalars(
                select(AuditEntry).where(AuditEntry.action == "knockout_match_decided")
            )
        ]
    assert how == ["extra_pair", "games"]
    # p3 withdraws (Art. 33): the losers' match is forfeited to p4.
    case = services.cases.open_withdrawal(player(ids, "arb"), "CUP", "p3", "Ill health")
    services.cases.decide(player(ids, "arb"), case.id, "exclusion", "Medical certificate")
    l11 = services.knockout.bracket("CUP").sections[0].rounds
    (losers_first,) = [r for r in l11 if (r.bracket, r.round) == ("L", 1)]
    assert (losers_first.matches[0].winner, losers_first.matches[0].decided_by) == (
        "top",
        "forfeit",
    )
    assert "L2-1" not in matches(services)  # waits for the loser of W2-1
    win_by_better_seed(services, ids, "W2-1")
    now = matches(services)
    assert [(g.white.login, g.black.login) for g in now["L2-1"]] == [("p4", "p2"), ("p2", "p4")]
    win_by_better_seed(services, ids, "L2-1")
    final = matches(services)["GF"][0]
    assert (final.white.login, final.black.login) == ("p1", "p2")
    win_by_better_seed(services, ids, "GF")
    with services.ctx.db.read() as session:
        decided = {
            a.details["match"]: a.details["decided_by"]
            for a in session.scalars(
                select(AuditEntry).where(AuditEntry.action == "knockout_match_decided")
            )
        }
    assert decided == {
        "W1-1": "extra_pair",
        "W1-2": "games",
        "L1-1": "forfeit",
        "W2-1": "games",
        "L2-1": "games",
        "GF": "games",
    }
    (section,) = services.knockout.bracket("CUP").sections
    assert [(shown, name) for _, shown, name in section.placings] == [
        ("1", "Player 1"),
        ("2", "Player 2"),
        ("3", "Player 4"),
        ("4", "Player 3"),
    ]


def test_a_cup_from_the_console(console: Console) -> None:
    start = (datetime.now(UTC).date() - timedelta(days=1)).isoformat()
    console.run("db", "upgrade")
    for i in range(1, 6):
        console.run("player", "add", f"c{i}", "--name", f"Cup Player {i}")
    console.run(
        "event", "create", "CC", "--name", "Console Cup", "--mode", "server", "--start", start,
        "--system", "knockout", "--games-per-match", "4", "--tie-break", "lots",
    )  # fmt: skip
    console.run("event", "add-player", "CC", *[f"c{i}" for i in range(1, 6)])
    assert "games created: 8" in console.run("event", "start", "CC").stdout
    engine = make_engine(console.env["CC_DATABASE_URL"])
    try:
        with engine.connect() as conn:
            rules = conn.execute(
                text("SELECT games_per_match, tie_break, lots_seed FROM knockout_rules")
            ).one()
            matches = conn.execute(
                text("SELECT DISTINCT match FROM knockout_games ORDER BY match")
            ).all()
    finally:
        engine.dispose()
    assert rules[:2] == (4, "lots") and rules[2] is not None
    # Five players: seeds 1-3 have byes, seeds 4 and 5 play the one first-round
    # match, and seeds 2 and 3, both through on byes, meet at once in round 2.
    assert [m[0] for m in matches] == ["W1-2", "W2-2"]
    refused = console.refused(
        "event", "create", "RR", "--name", "R", "--mode", "server", "--start", start,
        "--games-per-match", "4", code="invalid_input",
    )  # fmt: skip
    assert "knockout" in refused


def test_matches_lost_on_time_by_the_daily_run_are_decided_once_and_paired(
    services: Services, clock: FixedClock
) -> None:
    """The top seed's first game is resigned; then nobody moves, and on
    White's 51st day the daily run forfeits the other three games in one
    batch: the top match is decided 2-0, the other is tied 1-1 (each White
    lost) and gets its extra pair. Each decision is audited once, though the
    batch writes its audit entries together at its end and the second
    match's results look at the whole bracket again."""
    clock.set(datetime(2026, 5, 9, 9, 0, tzinfo=UTC))
    ids = setup_cup(services, 4)
    first = matches(services)
    top = next(
        k for k, games in first.items() if "p1" in (games[0].white.login, games[0].black.login)
    )
    opening = first[top][0]
    loser = opening.black.login if opening.white.login == "p1" else opening.white.login
    clock.set(datetime(2026, 5, 12, 9, 0, tzinfo=UTC))
    services.games.resign(player(ids, loser), opening.id)
    clock.set(datetime(2026, 6, 30, 9, 0, tzinfo=UTC))
    report = services.daily.run(date(2026, 6, 30))
    assert len(report.forfeited) == 3
    after = matches(services)
    other = next(k for k in first if k != top)
    assert len(after[top]) == 2 and len(after[other]) == 4  # the tie's extra pair
    with services.ctx.db.read() as session:
        decided = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "knockout_match_decided")
        ).all()
        paired = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "knockout_games_paired")
        ).all()
    assert [(e.details["match"], e.details["score"]) for e in decided] == [(top, [2, 0])]
    assert len(paired) == 1  # the extra pair, once


def test_seeds_come_from_the_federation_list_else_the_server_rating(
    services: Services,
) -> None:
    """Seeding ranks as a Swiss does: a player not on the federation's list
    but rated here is seeded by the server's rating; the unrated come last."""
    from cc.store.models import PlayerRating, RatingPeriod

    ids = {}
    for login, federation in (("fed", 2300), ("srv", None), ("none", None), ("low", 1800)):
        ids[login] = services.players.add(OPERATOR, login=login, name=login)
        with services.ctx.db.write() as session:
            person = session.get(Player, ids[login])
            assert person is not None
            person.rating = federation
    with services.ctx.db.write() as session:
        period = RatingPeriod(until=START, closed_at=datetime(2026, 5, 1, tzinfo=UTC), games=0)
        session.add(period)
        session.flush()
        session.add(
            PlayerRating(
                period_id=period.id, player_id=ids["srv"], rating=2412.4, deviation=80,
                volatility=0.06, games=9, points=6, opponents_average=2200,
            )
        )  # fmt: skip
    create_event(services, "SEED", "Seeds", START, system="knockout")
    services.events.add_players(OPERATOR, "SEED", ["none", "low", "fed", "srv"])
    services.events.start(OPERATOR, "SEED")
    with services.ctx.db.read() as session:
        seeds = {
            e.player.login: e.number
            for e in session.scalars(select(SectionEntry).join(SectionEntry.section))
            if e.section.event.code == "SEED"
        }
    assert seeds == {"srv": 1, "fed": 2, "low": 3, "none": 4}


def test_a_top_seed_with_a_first_round_bye_hears_of_the_start(
    services: Services,
) -> None:
    ids = setup_cup(services, 6, russian=("p2",))  # a bracket of 8: p1 and p2 wait
    with services.ctx.db.read() as session:
        started = {
            n.recipient_id: n
            for n in session.scalars(
                select(Notification).where(Notification.kind == "event_started")
            )
        }
    assert set(started) == {ids[f"p{i}"] for i in range(1, 7)}
    top, second, third = (started[ids[p]] for p in ("p1", "p2", "p3"))
    assert top.params["bye"] is True and top.params["games"] == 0
    assert second.params["bye"] is True
    assert "bye" not in third.params and third.params["games"] == 2
    # On the site and by mail, in each one's language.
    assert say(top, "en") == (
        "Federation Cup has started; you have a bye in the first round: you will be told "
        "when your first match is paired"
    )
    assert "в первом круге вы свободны от игры" in say(second, "ru")
    (mail,) = mails_to(services, "p1@example.org")
    assert "You have a bye in the first round (Art. 26)" in mail.body
    (mail,) = mails_to(services, "p2@example.org")
    assert "В первом круге вы свободны от игры (ст. 26)" in mail.body
    (mail,) = mails_to(services, "p3@example.org")
    assert "Your games: 2" in mail.body


def test_the_console_names_a_knockouts_losers_rounds_and_grand_finals() -> None:
    """Stored from 101 and 201 (cc.events.systems.knockout), named as the pages do."""
    from cc.console.games import _bracket_round

    assert _bracket_round("double_knockout", 101) == "Losers' round 1"
    assert _bracket_round("double_knockout", 103) == "Losers' round 3"
    assert _bracket_round("double_knockout", 201) == "Grand final"
    assert _bracket_round("double_knockout", 202) == "Grand final, second match"
    assert _bracket_round("knockout", 2) is None
    assert _bracket_round("round_robin", 101) is None


def test_a_bracket_its_games_no_longer_fit_stays_open_and_the_run_goes_on(
    services: Services, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game decided, but the bracket cannot be read from them (an
    arbiter's correction gone wrong): the cup is not closed, and the daily
    run finishes its other work instead of failing."""
    from cc.events.systems import knockout

    at(clock, START)
    ids = setup_cup(services, 2)
    win_by_better_seed(services, ids, "W1-1")

    def unreadable(*_: object) -> None:
        raise errors.EventStateError(event="CUP", reason="stored games no longer fit")

    monkeypatch.setattr(knockout, "_bracket", unreadable)
    assert services.daily.run(START + timedelta(days=1)).closed == []
    assert services.queries.event("CUP").status == "started"
    monkeypatch.undo()
    assert services.daily.run(START + timedelta(days=1)).closed == ["CUP"]
