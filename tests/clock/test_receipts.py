"""The arbiter records when a move was received (Art. 55.2.2, 56.2.3, spec §10.3).

The example of Art. 59.1 (event started 10 May; 1.4244 4745 2.7163 7776
3.3234) is entered with its received and sent dates at the console and
through the API, and the schedule of Art. 60 gives its times exactly:
White 0/0, 4/4, 3/7 and Black 0/0, 1/1.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import AuditEntry, Game, Move
from cc.text import i18n
from cc.text.refusals import REFUSALS
from tests.support.console import Console
from tests.support.events import OPERATOR, make_event
from tests.support.sites import give_passwords
from tests.support.web import client, csrf_of, sign_in, token_for

#: the example of Art. 59.1: (mover, numeric move, received, sent)
SEED = [
    ("white", "4244", None, "2026-05-10"),
    ("black", "4745", "2026-05-12", "2026-05-12"),
    ("white", "7163", "2026-05-12", "2026-05-16"),
    ("black", "7776", "2026-05-17", "2026-05-18"),
    ("white", "3234", "2026-05-19", "2026-05-22"),
]
#: the form's received / sent / time on the move / total, per side
WHITE = [
    ("2026-05-10", "2026-05-10", 0, 0),
    ("2026-05-12", "2026-05-16", 4, 4),
    ("2026-05-19", "2026-05-22", 3, 7),
]
BLACK = [("2026-05-12", "2026-05-12", 0, 0), ("2026-05-17", "2026-05-18", 1, 1)]


def sides(ledger: dict[str, Any], color: str) -> list[tuple[str, str, int, int]]:
    """The made moves of one colour in a schedule's JSON."""
    return [
        (e["received_on"], e["sent_on"], e["days"], e["total"])
        for row in ledger["schedule"]
        if (e := row[color]) and e["sent_on"]
    ]


# ------------------------------------------------------------------ console


def test_the_seed_example_at_the_console(console: Console) -> None:
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Arbiter", "--role", "arbiter")
    console.run("player", "add", "ivanov", "--name", "Иванов Иван")
    console.run("player", "add", "petrov", "--name", "Петров Пётр")
    console.run(
        *("event", "create", "POST-26", "--name", "Post 2026", "--mode", "post"),
        *("--start", "2026-05-10", "--tz", "Europe/Moscow", "--arbiter", "arb"),
    )
    console.run("event", "add-player", "POST-26", "ivanov", "petrov")
    console.run("event", "start", "POST-26")
    games = console.json("game", "list", "--event", "POST-26")
    assert isinstance(games, list) and len(games) == 1
    game = str(games[0]["id"])
    login = {"white": games[0]["white"], "black": games[0]["black"]}

    def move(color: str, text: str, sent: str, received: str | None = None) -> None:
        extra = ("--received", received) if received else ()
        console.run(
            "game", "move", game, "--player", login[color], "--move", text, "--at", sent, *extra
        )

    # Receipts given with the move, recorded later for a move made, and for
    # the move being thought about.
    move("white", "4244", "2026-05-10")
    move("black", "4745", "2026-05-12", "2026-05-12")
    move("white", "7163", "2026-05-16", "2026-05-12")
    move("black", "7776", "2026-05-18")  # its receipt comes from the postmark below
    said = console.run(
        *("game", "receipt", game, "--player", login["black"], "--move-number", "2"),
        *("--received", "2026-05-17"),
    ).stdout
    assert "received 2026-05-17 (was 2026-05-16)" in said
    said = console.run(
        "--lang",
        "ru",
        "game",
        "receipt",
        game,
        "--player",
        login["white"],
        "--received",
        "2026-05-19",
    ).stdout
    assert "получен 2026-05-19 (было 2026-05-18)" in said
    move("white", "3234", "2026-05-22")

    ledger = console.json("game", "ledger", game, "--notation", "numeric")
    assert isinstance(ledger, dict)
    assert sides(ledger, "white") == WHITE
    assert sides(ledger, "black") == BLACK
    assert [r["white"]["move"] for r in ledger["schedule"]] == ["4244", "7163", "3234"]
    for lang, received, sent in (("en", "Received", "Sent"), ("ru", "Пол.", "Отв.")):
        text = console.run("--lang", lang, "game", "ledger", game, "--notation", "numeric").stdout
        header = next(line for line in text.splitlines() if line.startswith("N "))
        assert header.split()[:6] == [
            "N",
            "White" if lang == "en" else "Белые",
            received,
            sent,
            "Time" if lang == "en" else "Время",
            "Total" if lang == "en" else "Всего",
        ]
        rows = {
            line.split()[0]: line.split() for line in text.splitlines() if re.match(r"0\d\. ", line)
        }
        assert rows["01."][1:11] == [
            *("4244", "2026-05-10", "2026-05-10", "0", "0"),
            *("4745", "2026-05-12", "2026-05-12", "0", "0"),
        ]
        assert rows["02."][1:11] == [
            *("7163", "2026-05-12", "2026-05-16", "4", "4"),
            *("7776", "2026-05-17", "2026-05-18", "1", "1"),
        ]
        assert rows["03."][1:6] == ["3234", "2026-05-19", "2026-05-22", "3", "7"]

    # A refusal at the console, in both languages, and the record unchanged.
    said = console.refused(
        *("game", "receipt", game, "--player", login["black"], "--move-number", "2"),
        *("--received", "2026-05-19"),
        code="receipt_after_reply",
    )
    assert "replied to" in said and "2026-05-18" in said
    said = console.refused(
        *("--lang", "ru", "game", "receipt", game, "--player", login["black"]),
        *("--move-number", "2", "--received", "2026-05-15"),
        code="receipt_before_sending",
    )
    assert "ход отправлен 2026-05-16" in said
    assert sides(console.json("game", "ledger", game), "black") == BLACK  # type: ignore[arg-type]


# ---------------------------------------------------------------------- API


@pytest.fixture
def email_game(services: Services, clock: FixedClock) -> dict[str, Any]:
    """An email event started on 10 May 2026; game 1, seen on 23 May."""
    clock.set(datetime(2026, 5, 23, 9, 0, tzinfo=UTC))
    ids = make_event(services, 2, mode="email")
    view = services.queries.game(1)
    by_login = {"t1p1": ids["p1"], "t1p2": ids["p2"]}
    return {
        **ids,
        "white": by_login[view.white],
        "black": by_login[view.black],
        "login": {"white": view.white, "black": view.black},
    }


def test_the_seed_example_through_the_api(services: Services, email_game: dict) -> None:
    c = client(services)
    arb = token_for(services, email_game["arb"])
    login = email_game["login"]
    for number, (color, text, received, sent) in enumerate(SEED):
        body: dict[str, Any] = {"move": text, "player": login[color], "sent_at": sent}
        if received and number != 3:
            body["received"] = received
        r = c.post("/api/v1/games/1/moves", json=body, headers=arb)
        assert r.status_code == 200, r.text
        if number == 3:
            # Black's 2nd move entered first, its postmark after it.
            r = c.post(
                "/api/v1/games/1/receipts",
                json={"player": login["black"], "move_number": 2, "received": received},
                headers=arb,
            )
            assert r.status_code == 200, r.text
            assert (r.json()["received_on"], r.json()["previous_on"]) == (received, "2026-05-16")
    ledger = c.get("/api/v1/games/1/ledger?notation=numeric", headers=arb).json()
    assert sides(ledger, "white") == WHITE
    assert sides(ledger, "black") == BLACK
    # The move being thought about: Black's receipt of 3234 cannot be
    # tomorrow; it is today, and Black's clock counts from it.
    r = c.post(
        "/api/v1/games/1/receipts",
        json={"player": login["black"], "received": "2026-05-24"},
        headers={**arb, "Accept-Language": "ru"},
    )
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "receipt_in_future"
    assert "позже, чем сейчас" in r.json()["error"]["message"]
    r = c.post(
        "/api/v1/games/1/receipts",
        json={"player": login["black"], "received": "2026-05-23"},
        headers=arb,
    )
    assert r.json()["pending"] is True and r.json()["move_number"] == 3
    ledger = c.get("/api/v1/games/1/ledger", headers=arb).json()
    assert ledger["schedule"][2]["black"]["received_on"] == "2026-05-23"
    assert ledger["clocks"]["black"]["running_days"] == 0
    assert ledger["clocks"]["white"]["total"] == 7

    # Players may not, not even for themselves.
    mine = token_for(services, email_game["black"])
    r = c.post(
        "/api/v1/games/1/receipts",
        json={"player": login["black"], "received": "2026-05-22"},
        headers=mine,
    )
    assert (r.status_code, r.json()["error"]["code"]) == (403, "not_permitted")
    spec = c.get("/api/v1/openapi.json").json()
    assert "/api/v1/games/{game_id}/receipts" in spec["paths"]
    assert "received" in spec["components"]["schemas"]["MoveIn"]["properties"]


# ----------------------------------------------------------------- refusals


def arbiter(game: dict[str, Any]) -> Actor:
    return Actor.player(game["arb"], Door.POST)


def state(services: Services) -> tuple[object, ...]:
    """Everything a receipt could change, to see that a refusal changed nothing."""
    with services.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        moves = s.execute(select(Move.ply, Move.received_at, Move.received_on)).all()
        audits = s.scalar(select(func.count()).select_from(AuditEntry))
        return (game.turn_started_at, game.next_deadline, game.ply_count, tuple(moves), audits)


@pytest.fixture
def two_moves(services: Services, email_game: dict, clock: FixedClock) -> dict[str, Any]:
    """1.d4 sent on 10 May, 1...d5 sent on 12 May at 13:00 Moscow; today 14 May."""
    clock.set(datetime(2026, 5, 14, 9, 0, tzinfo=UTC))
    arb = arbiter(email_game)
    services.games.submit_move(
        arb, 1, "d4", as_player=email_game["white"], sent_at=datetime(2026, 5, 10, 9, tzinfo=UTC)
    )
    services.games.submit_move(
        arb, 1, "d5", as_player=email_game["black"], sent_at=datetime(2026, 5, 12, 10, tzinfo=UTC)
    )
    return email_game


def refusal(
    services: Services, cls: type[errors.ServiceError], call: Any, *args: Any, **kw: Any
) -> errors.ServiceError:
    before = state(services)
    with pytest.raises(cls) as caught:
        call(*args, **kw)
    assert state(services) == before  # nothing changed
    assert caught.value.code in REFUSALS  # said in each language (see test_russian_wording)
    return caught.value


def test_a_receipt_before_the_partner_sent_the_move_is_refused(
    services: Services, two_moves: dict
) -> None:
    record = services.receipts.record_receipt
    arb, white = arbiter(two_moves), two_moves["white"]

    def before_sending(received: str) -> errors.ServiceError:
        return refusal(
            services,
            errors.ReceiptBeforeSending,
            record,
            arb,
            1,
            as_player=white,
            received=received,
        )

    exc = before_sending("2026-05-11")
    assert "it was sent on 2026-05-12" in exc.message("en")
    assert "ход отправлен 2026-05-12" in exc.message("ru")
    # By the instant: d5 left at 13:00 Moscow time.
    exc = before_sending("2026-05-12T12:59")
    assert "2026-05-12T13:00+03:00" in exc.message("en")
    # The same day as a date alone is the sending's own day: accepted, and
    # taken no earlier than the sending.
    out = record(arb, 1, as_player=white, received="2026-05-12")
    assert out.received_at == datetime(2026, 5, 12, 10, tzinfo=UTC)
    assert (out.received_on, out.pending, out.move_number) == (date(2026, 5, 12), True, 2)


def test_a_receipt_after_the_reply_is_refused(services: Services, two_moves: dict) -> None:
    arb, black = arbiter(two_moves), two_moves["black"]

    def after_reply(received: str) -> errors.ServiceError:
        return refusal(
            services,
            errors.ReceiptAfterReply,
            services.receipts.record_receipt,
            arb,
            1,
            as_player=black,
            move_number=1,
            received=received,
        )

    exc = after_reply("2026-05-13")
    assert "replied to" in exc.message("en") and "2026-05-12" in exc.message("en")
    assert "ответ на ход 1. d4" in exc.message("ru")
    after_reply("2026-05-12T13:01+03:00")
    # With a move: received after the move's own sending; the move is not made.
    refusal(
        services,
        errors.ReceiptAfterReply,
        services.games.submit_move,
        arb,
        1,
        "c4",
        as_player=two_moves["white"],
        sent_at=datetime(2026, 5, 13, 9, tzinfo=UTC),
        received="2026-05-14",
    )


def test_a_receipt_in_the_future_is_refused(services: Services, two_moves: dict) -> None:
    arb, white = arbiter(two_moves), two_moves["white"]
    for received in ("2026-05-15", "2026-05-14T12:01"):  # now: 12:00 in Moscow
        exc = refusal(
            services,
            errors.ReceiptInFuture,
            services.receipts.record_receipt,
            arb,
            1,
            as_player=white,
            received=received,
        )
        assert "later than now" in exc.message("en")
    refusal(
        services,
        errors.ReceiptInFuture,
        services.games.submit_move,
        arb,
        1,
        "c4",
        as_player=white,
        received="2026-05-15",
    )


def test_only_the_events_arbiter_records_a_receipt(services: Services, two_moves: dict) -> None:
    other = make_event(services, 2, code="T2")
    white = two_moves["white"]
    for actor in (
        Actor.player(white, Door.WEB),  # the player themself
        Actor.player(two_moves["black"], Door.API),
        Actor.player(other["arb"], Door.WEB),  # an arbiter of another event
    ):
        exc = refusal(
            services,
            errors.NotPermitted,
            services.receipts.record_receipt,
            actor,
            1,
            as_player=white,
            received="2026-05-13",
        )
        assert "record when a move was received" in exc.message("en")
    refusal(
        services,
        errors.NotPermitted,
        services.games.submit_move,
        Actor.player(white, Door.WEB),
        1,
        "c4",
        received="2026-05-13",
    )
    # The operator may.
    assert services.receipts.record_receipt(
        OPERATOR, 1, as_player=white, received="2026-05-13"
    ).received_on == date(2026, 5, 13)


def test_other_receipts_that_do_not_fit_the_record(services: Services, two_moves: dict) -> None:
    arb, white = arbiter(two_moves), two_moves["white"]
    record = services.receipts.record_receipt
    exc = refusal(
        services, errors.ReceiptBeforeStart, record, arb, 1, as_player=white, received="2026-05-09"
    )
    assert "54.4.4" in exc.message("ru")
    refusal(
        services,
        errors.ReceiptOfFirstMove,
        record,
        arb,
        1,
        as_player=white,
        move_number=1,
        received="2026-05-10",
    )
    refusal(
        services,
        errors.ReceiptNotReached,
        record,
        arb,
        1,
        as_player=white,
        move_number=4,
        received="2026-05-13",
    )
    refusal(services, errors.InvalidInput, record, arb, 1, as_player=white, received="13 May")
    outsider = make_event(services, 2, code="T3")["p1"]
    refusal(services, errors.NotYourGame, record, arb, 1, as_player=outsider, received="2026-05-13")
    services.games.resign(arb, 1, as_player=white)
    refusal(services, errors.GameOver, record, arb, 1, as_player=white, received="2026-05-13")


# --------------------------------------------------- audit, ledger, deadline


def test_a_receipt_is_audited_and_the_ledger_and_deadline_follow(
    services: Services, two_moves: dict
) -> None:
    white = two_moves["white"]
    with services.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        deadline = game.next_deadline
    assert deadline is not None
    assert services.ledgers.schedule(1).clocks["white"].running_days == 2
    out = services.receipts.record_receipt(
        arbiter(two_moves), 1, as_player=white, received="2026-05-14T08:30"
    )
    assert out.previous_on == date(2026, 5, 12) and out.received_on == date(2026, 5, 14)
    view = services.ledgers.schedule(1)
    assert view.schedule[1].white is not None
    assert view.schedule[1].white.received_on == date(2026, 5, 14)
    assert view.clocks["white"].running_days == 0
    with services.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None and game.next_deadline == deadline + timedelta(days=2)
        entry = s.scalars(select(AuditEntry).where(AuditEntry.action == "receipt_recorded")).one()
        assert entry.actor_id == two_moves["arb"] and entry.game_id == 1
        assert entry.details["player_id"] == white and entry.details["ply"] == 3
        assert entry.details["old_received_at"] == "2026-05-12T10:00:00+00:00"
        assert entry.details["old_received_on"] == "2026-05-12"
        assert entry.details["received_at"] == "2026-05-14T05:30:00+00:00"
        assert entry.details["received_on"] == "2026-05-14"
        assert entry.details["pending"] is True

    # The move is then made: its receipt stays the one recorded.
    services.games.submit_move(arbiter(two_moves), 1, "c4", as_player=white)
    with services.ctx.db.read() as s:
        row = s.scalar(select(Move).where(Move.ply == 3))
        assert row is not None and row.received_on == date(2026, 5, 14)


# -------------------------------------------------------------------- page


def test_the_arbiter_records_a_receipt_on_the_game_page(
    services: Services, two_moves: dict
) -> None:
    give_passwords(services, "pw-12345678")
    c = sign_in(services, "arbT1", "pw-12345678")
    page = c.get("/games/1")
    assert 'id="receipt-form"' in page.text
    csrf = csrf_of(page.text)
    white = two_moves["login"]["white"]
    refused = c.post(
        "/games/1/receipt",
        data={"entry": f"{white}:2", "received": "2026-05-11", "csrf_token": csrf},
    )
    assert refused.status_code == 422 and 'id="receipt-error"' in refused.text
    assert "it was sent on 2026-05-12" in refused.text
    done = c.post(
        "/games/1/receipt",
        data={"entry": f"{white}:2", "received": "2026-05-13", "csrf_token": csrf},
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert services.ledgers.schedule(1).clocks["white"].running_days == 1
    no_csrf = c.post("/games/1/receipt", data={"entry": f"{white}:2", "received": "2026-05-12"})
    assert no_csrf.status_code in (400, 403)
    player = sign_in(services, white, "pw-12345678")
    mine = player.get("/games/1")
    assert 'id="receipt-form"' not in mine.text
    r = player.post(
        "/games/1/receipt",
        data={"entry": f"{white}:2", "received": "2026-05-12", "csrf_token": csrf_of(mine.text)},
    )
    assert r.status_code == 403
    assert services.ledgers.schedule(1).clocks["white"].running_days == 1


def test_receipt_refusals_speak_both_languages() -> None:
    codes = [
        c.code
        for c in vars(errors).values()
        if isinstance(c, type)
        and issubclass(c, errors.ReceiptRefused)
        and c is not errors.ReceiptRefused
    ]
    assert len(codes) == 6
    for code in codes:
        assert i18n.gettext("ru", REFUSALS[code]) != REFUSALS[code]
