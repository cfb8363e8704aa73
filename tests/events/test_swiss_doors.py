"""The Swiss system at its doors: the office's form, the console, the event
page and the crosstable, in English and Russian (Art. 26, 31.7, 39.3.4)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import httpx
import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.store.models import AuditEntry, Game
from tests.support.cases import player
from tests.support.console import Console
from tests.support.days import at
from tests.support.events import OPERATOR, create_event
from tests.support.web import OFFICE_PASSWORD as PASSWORD
from tests.support.web import assert_documented, client, form, sign_in, with_the_office

START = date(2026, 5, 10)


@pytest.fixture
def site(services: Services) -> Services:
    return with_the_office(services)


def test_the_office_creates_a_swiss_with_its_rounds(site: Services) -> None:
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/events/new")
    assert "Швейцарская система" in page.text and 'name="rounds"' in page.text

    def new_swiss(code: str, name: str, **fields: str) -> httpx.Response:
        """The office's form for a new server Swiss from 1 June, sent."""
        data = form(
            c.get("/office/events/new").text,
            code=code,
            name=name,
            mode="server",
            start_date="2026-06-01",
            system="swiss",
            **fields,
        )
        return c.post("/office/events/new", data=data, follow_redirects=False)

    r = new_swiss(
        "SW26",
        "Швейцарка 2026",
        timezone="Europe/Moscow",
        rounds="7",
        bye_points="1/2",
        arbiter="judge",
    )
    assert r.status_code == 303, r.text
    event = site.queries.event("SW26")
    assert (event.system, event.rounds, event.pairing_system) == ("swiss", 7, "dutch")
    # 39.3.4 by default; the bye as the organiser chose
    assert event.regulations["tiebreaks"] == (
        "head_to_head,wins,black,buchholz_cut1,buchholz,sonneborn_berger"
    )
    assert event.regulations["bye_points"] == "1/2"
    shown = c.get(r.headers["location"]).text
    assert "Швейцарская система, 7 туров, пары по голландской системе (ст. 31.7)" in shown
    assert "за пропуск тура начисляется ½ очка" in shown and "Усечённый Бухгольц-1" in shown
    # A Swiss without its number of rounds, or with a round robin's Koya, is refused.
    bad = new_swiss("SW27", "X", rounds="5", tiebreak_0="koya")
    assert bad.status_code == 422 and "koya" in bad.text
    assert client(site).get("/events/SW27").status_code == 404


def swiss_of_four(services: Services) -> dict[str, int]:
    ids = {"arb": services.players.add(OPERATOR, login="arb", name="Arb", roles=["arbiter"])}
    for name in ["Anna", "Boris", "Vera", "Gleb"]:
        ids[name] = services.players.add(OPERATOR, login=name.lower(), name=name)
    create_event(services, "SW", "Swiss", START, arbiter="arb", system="swiss", rounds=3)
    services.events.add_players(OPERATOR, "SW", ["anna", "boris", "vera", "gleb"])
    services.events.start(OPERATOR, "SW")
    return ids


def test_the_crosstable_prints_rounds_and_tie_breaks_in_both_languages(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = swiss_of_four(services)  # no ratings: numbered by name, Anna first
    with services.ctx.db.read() as session:
        games = session.scalars(select(Game).order_by(Game.board)).all()
        pairs = [(g.white.login, g.black.login, g.id) for g in games]
    # 1 Anna, 2 Boris, 3 Gleb, 4 Vera: 1-3, 4-2
    assert [(w, b) for w, b, _ in pairs] == [("anna", "gleb"), ("vera", "boris")]
    services.games.resign(player(ids, "Gleb"), pairs[0][2])
    page = client(services).get("/events/SW/crosstable", headers={"Accept-Language": "en"})
    assert "Buchholz cut 1" in page.text and "Rd 3" in page.text
    assert f'data-game="{pairs[0][2]}">3w1</a>' in page.text  # Anna: 3, White, won
    # Round 1 not over: the arbiter cannot pair round 2 yet.
    console_said = services.standings.event("SW")[0]
    assert console_said.swiss is not None and not console_said.final
    services.games.resign(player(ids, "Boris"), pairs[1][2])
    # The last result paired round 2 at once: Anna and Vera on 1 point meet;
    # both had White, so Anna, the higher, has the Black she wants.
    with services.ctx.db.read() as session:
        second = session.scalars(select(Game).where(Game.round == 2)).all()
        assert sorted((g.white.login, g.black.login) for g in second) == [
            ("boris", "gleb"),
            ("vera", "anna"),
        ]
    ru = client(services).get("/events/SW/crosstable", headers={"Accept-Language": "ru"})
    assert "Усечённый Бухгольц-1" in ru.text and "Тур 3" in ru.text and "3б1" in ru.text
    assert (
        "Швейцарская система, 3 тура"
        in client(services).get("/events/SW", headers={"Accept-Language": "ru"}).text
    )
    c = client(services)
    answer = c.get("/api/v1/events/SW/crosstable")
    assert_documented(c, "GET", "/api/v1/events/{code}/crosstable", answer)
    [api] = answer.json()
    assert api["kind"] == "swiss" and api["rounds"] == 3
    anna = api["rows"][0]
    assert anna["rounds"][1] == {
        "round": 2,
        "opponent": "vera",
        "opponent_number": 4,
        "colour": "b",
        "result": "*",
        "bye": False,
        "game": anna["rounds"][1]["game"],
    }
    # a round still being played counts nothing in Buchholz yet: Gleb's 0
    assert anna["tiebreaks"]["buchholz"] == 0


@pytest.mark.slow
def test_the_console_creates_and_pairs_a_swiss(console: Console) -> None:
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Arbiter", "--role", "arbiter")
    for login in ("anna", "boris", "vera"):
        console.run("player", "add", login, "--name", login.title())
    today = datetime.now(UTC).date().isoformat()  # the console's clock is the real one
    console.run(
        "event", "create", "SW", "--name", "Swiss", "--mode", "server", "--start",
        today, "--arbiter", "arb", "--system", "swiss", "--rounds", "2",
    )  # fmt: skip
    console.refused(
        "event", "create", "RR", "--name", "RR", "--mode", "server", "--start", "2026-05-10",
        "--rounds", "2", code="invalid_input",
    )  # fmt: skip
    console.run("event", "add-player", "SW", "anna", "boris", "vera")
    console.run("event", "start", "SW")
    shown = console.run("event", "show", "SW").stdout
    assert "Swiss system: 2 rounds, paired by the Dutch system" in shown
    # Vera, the lowest, has the bye; Anna-Boris is still being played.
    table = console.json("event", "crosstable", "SW")
    [section] = table if isinstance(table, list) else table["sections"]  # type: ignore[index]
    assert section["kind"] == "swiss"
    vera = next(r for r in section["rows"] if r["player"] == "vera")
    assert vera["rounds"][0]["bye"] and vera["points"] == 1
    said = console.refused("event", "pair-next", "SW", code="event_state")
    assert "round 1 has games still being played" in said
    console.run("game", "resign", "1", "--player", "boris")
    # The result paired round 2 by itself; after it nothing more is paired.
    console.run("game", "resign", "2", "--player", "vera")
    said = console.refused("event", "pair-next", "SW", code="event_state")
    assert "all 2 rounds are paired" in said
    # Why each round is what it is: the bye, the pairs' score groups and colours.
    first = console.run("event", "round", "SW", "1").stdout
    assert "SW section A: round 1 of 2" in first
    assert "  1  Anna (1), 0; none; –  -  Boris (2), 0; none; –" in first
    assert "E.5: neither has a preference; Anna, ranked higher, has White" in first
    assert "Vera (3): pairing-allocated bye: score 0, eligible" in first
    second = console.run("--lang", "ru", "event", "round", "SW", "2", "--section", "A").stdout
    assert "SW, группа A: тур 2 из 2" in second and "очковая группа 1" in second
    assert "Anna (1), 1; чёрные, сильное; –" in second  # White in round 1, no float
    assert "Vera (3), 1; нет; ↓1" in second  # the bye floated her down
    assert "E.1: оба цветовых предпочтения удовлетворены" in second
    data = console.json("event", "round", "SW", "2")
    assert isinstance(data, dict) and data["round"] == 2 and data["bye"]["login"] == "boris"
    [board] = data["boards"]
    assert (board["white"]["login"], board["black"]["login"]) == ("vera", "anna")
    assert board["white"]["floats"] == [[1, "↓"]] and board["as_the_rules"]
    console.refused("event", "round", "SW", "3", code="event_state")


def test_a_round_that_cannot_be_paired_leaves_the_result_standing(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = {"arb": services.players.add(OPERATOR, login="arb", name="Arb", roles=["arbiter"])}
    for name in ("Anna", "Boris"):
        ids[name] = services.players.add(OPERATOR, login=name.lower(), name=name)
    create_event(services, "TWO", "Two", START, arbiter="arb", system="swiss", rounds=2)
    services.events.add_players(OPERATOR, "TWO", ["anna", "boris"])
    services.events.start(OPERATOR, "TWO")
    services.games.resign(player(ids, "Boris"), 1)
    # Round 2 would pair Anna and Boris again (absolute): not paired, the
    # resignation stands, and the arbiter is told why when he tries.
    assert services.queries.game(1).result == "1-0"
    with services.ctx.db.read() as session:
        assert session.scalars(select(Game)).all()[-1].round == 1
        noted = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "swiss_round_not_paired")
        ).one()
        assert "repeat" in noted.details["reason"]
    with pytest.raises(errors.EventStateError, match="repeat"):
        services.swiss.pair_next(player(ids, "arb"), "TWO")
    with pytest.raises(errors.NotPermitted):
        services.swiss.pair_next(player(ids, "Anna"), "TWO")
    # Every game is decided, but a round is still to come: the event stays open.
    assert services.daily.run(START + timedelta(days=1)).closed == []
    assert services.queries.event("TWO").status == "started"


def swiss_played_two_rounds(services: Services, clock: FixedClock) -> dict[str, int]:
    """The Swiss of four after two rounds: Anna 2, Vera 1, Boris 1, Gleb 0;
    round 3 paired by the last result."""
    at(clock, START)
    ids = swiss_of_four(services)
    for loser, rnd in (("Gleb", 1), ("Boris", 1), ("Vera", 2), ("Gleb", 2)):
        with services.ctx.db.read() as session:
            game = session.scalars(select(Game).where(Game.round == rnd, Game.result == "*")).all()
            gid = next(g.id for g in game if ids[loser] in (g.white_id, g.black_id))
        services.games.resign(player(ids, loser), gid)
    return ids


def test_the_arbiter_sees_why_each_pair_of_a_round_is_what_it_is(
    services: Services, clock: FixedClock
) -> None:
    ids = swiss_played_two_rounds(services, clock)
    arb = player(ids, "arb")
    assert services.round_report.paired_rounds(arb, "SW") == {"A": 3}
    # Round 2: 1 point each: both had White (a strong preference for Black);
    # Anna (number 1) ranks higher and has it (E.4); 0 each: Boris (2) has White
    second = services.round_report.round(arb, "SW", 2)
    assert [(b.white.login, b.black.login) for b in second.boards] == [
        ("vera", "anna"),
        ("boris", "gleb"),
    ]
    one, two = second.boards
    assert one.bracket == "1" and one.down is None and one.floaters == ""
    assert one.colours.startswith("E.4") and "Anna" in one.colours
    assert str(one.black.preference) == "Black, strong" and one.as_the_rules
    assert two.bracket == "0" and two.colours.startswith("E.4") and "Boris" in two.colours
    assert one.white.floats == ((1, "-"),)
    # Round 3: Anna (2) has met Vera and Gleb: she floats down to Boris (1);
    # Vera (1) down to Gleb (0). Each pair wants opposite colours (E.1).
    third = services.round_report.round(arb, "SW", 3)
    assert [(b.white.login, b.black.login) for b in third.boards] == [
        ("anna", "boris"),
        ("gleb", "vera"),
    ]
    first, last = third.boards
    assert (first.bracket, first.down, first.up) == ("2", "anna", "boris")
    assert str(first.floaters) == "Anna floats down, Boris up"
    assert (last.bracket, last.down, last.up) == ("1", "vera", "gleb")
    assert all(b.colours.startswith("E.1") and b.as_the_rules for b in third.boards)
    assert str(last.black.preference) == "Black, absolute"  # two Whites
    assert last.black.floats == ((2, "-"), (1, "-"))
    assert third.bye is None and third.absent == []
    # The officials only; a round not paired, or a system without rounds, is refused.
    with pytest.raises(errors.NotPermitted):
        services.round_report.round(player(ids, "Anna"), "SW", 3)
    with pytest.raises(errors.EventStateError, match="it has 3 rounds"):
        services.round_report.round(arb, "SW", 4)
    with pytest.raises(errors.NotFound):
        services.round_report.round(arb, "SW", 1, "B")


def test_the_round_page_for_the_officials_in_both_languages(
    services: Services, clock: FixedClock
) -> None:
    swiss_played_two_rounds(services, clock)
    services.players.add(OPERATOR, login="office", name="Ольга", roles=["admin"], lang="ru")
    from tests.support.sites import give_passwords
    from tests.support.web import PASSWORD, sign_in

    give_passwords(services, PASSWORD)
    arb = sign_in(services, "arb", PASSWORD)  # reads English
    assert 'href="/arbiter/events/SW/rounds/3?section=A"' in arb.get("/arbiter/events/SW").text
    page = arb.get("/arbiter/events/SW/rounds/3")
    assert page.status_code == 200
    en = page.text
    assert 'id="round-boards"' in en and 'data-label="Score group">2</td>' in en
    assert "<strong>Anna</strong> (1), 2" in en and "preference: White, mild" in en
    assert "Anna floats down, Boris up" in en and "Vera floats down, Gleb up" in en
    assert en.count("E.1: both preferences granted") == 2
    assert "Black, absolute; floats: –" in en
    second = arb.get("/arbiter/events/SW/rounds/2").text
    assert "E.4: the higher-ranked player&#39;s preference granted (Anna)" in second
    # The office (an admin, reading Russian) finds it from the event's page.
    office = sign_in(services, "office", PASSWORD)
    assert 'id="swiss-rounds"' in office.get("/office/events/SW").text
    ru = office.get("/arbiter/events/SW/rounds/3").text
    assert "Очковая группа" in ru and "Anna спускается, Boris поднимается" in ru
    assert "E.1: оба цветовых предпочтения удовлетворены" in ru
    assert "цветовое предпочтение: чёрные, абсолютное" in ru
    # A player of the event is refused the page; there is no round 4.
    anna = sign_in(services, "anna", PASSWORD)
    assert anna.get("/arbiter/events/SW/rounds/3").status_code == 403
    assert arb.get("/arbiter/events/SW/rounds/4").status_code in (409, 422)
