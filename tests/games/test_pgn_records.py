"""PGN out and in: the export every database reads, and the arbiter's
loading of a record (games played by post or away from the server, 56.9.1).

The round trip: an event's PGN, loaded into a fresh event of the same
players, gives every game the same schedule (Art. 60), clocks and result.
"""

from __future__ import annotations

import io
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import chess.pgn
import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.kernel.context import Actor, Door
from cc.store.models import Player
from tests.support.cases import player
from tests.support.days import at
from tests.support.events import OPERATOR, create_event
from tests.support.pgn import games, play

START = date(2026, 11, 9)
NAMES = {
    "p1": "Иванов Иван",
    "p2": "Ёлкина Анна Петровна",
    "p3": "Smith John",
    "p4": "Кузнецов Пётр",
}


def players(services: Services) -> dict[str, int]:
    for login, name in NAMES.items():
        if not any(p.login == login for p in services.queries.players()):
            services.players.add(OPERATOR, login=login, name=name)
    with services.ctx.db.write() as session:
        for p in session.scalars(select(Player)):
            if p.login == "p1":
                p.rating, p.country = 2412, "RUS"
    return {p.login: p.id for p in services.queries.players()}


def event(services: Services, code: str, mode: str = "server") -> None:
    create_event(services, code, f"Турнир {code}", START, mode=mode, timezone="Europe/Moscow")
    services.events.add_players(OPERATOR, code, list(NAMES))
    services.events.start(OPERATOR, code)


def test_the_export_every_database_reads(services: Services, clock: FixedClock) -> None:
    at(clock, START)
    ids = players(services)
    event(services, "EX")
    g = games(services, "EX")[(1, 1)]
    play(services, ids, g, "e4")
    clock.advance(days=3)
    play(services, ids, g, "e5")
    text = services.queries.pgn([g])
    read = chess.pgn.read_game(io.StringIO(text))
    assert read is not None and not read.errors
    h = read.headers
    assert h["TimeControl"] == "10/4320000" and h["TimeControlDays"] == "10/50"
    assert h["Mode"] == "XFCC" and h["Date"] == "2026.11.09" == h["EventDate"]
    view = services.queries.game(g)
    names = {view.white: h["White"], view.black: h["Black"]}
    assert names["p1"] == "Иванов, Иван" if "p1" in names else True
    assert set(names.values()) <= {
        "Иванов, Иван",
        "Ёлкина, Анна Петровна",
        "Smith, John",
        "Кузнецов, Пётр",
    }
    if "p1" in names:
        side = "White" if view.white == "p1" else "Black"
        assert h[f"{side}Elo"] == "2412" and h[f"{side}Country"] == "RUS"
    dates = [node.comment for node in read.mainline()]
    assert dates == ["[%ccsnt 2026.11.09]", "[%ccsnt 2026.11.12]"]


def test_a_round_trip_keeps_every_schedule(services: Services, clock: FixedClock) -> None:
    at(clock, START)
    ids = players(services)
    event(services, "RT-A")
    event(services, "RT-B")
    a, b = games(services, "RT-A"), games(services, "RT-B")
    assert a.keys() == b.keys() and len(a) == 6
    first, second, third, fourth, fifth, sixth = (a[k] for k in sorted(a))
    # Two weeks of play, a few days between moves, in several games at once.
    lines = {
        first: ["f3", "e5", "g4", "Qh4#"],
        second: ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6"],
        third: ["d4", "d5", "c4"],
        fourth: ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
        fifth: ["e4", "e5"],
        sixth: ["c4"],
    }
    for step in range(8):
        for g, moves in lines.items():
            if step < len(moves):
                play(services, ids, g, moves[step])
        clock.advance(days=1 + step % 3)
    # An agreed draw, a resignation, a draw claimed by repetition.
    view = services.queries.game(fifth)
    services.games.offer_draw(player(ids, view.white), fifth)
    services.games.accept_draw(player(ids, view.black), fifth)
    services.games.resign(player(ids, services.queries.game(third).black), third)
    services.games.claim_draw(player(ids, services.queries.game(fourth).white), fourth)
    clock.advance(days=2)

    exported = services.queries.pgn([a[k] for k in sorted(a)])
    loaded = services.records.load_event(OPERATOR, "RT-B", exported)
    assert [(r.added, r.note) for r in loaded] == [(len(lines[a[k]]), None) for k in sorted(a)]
    for key in sorted(a):
        original, copy = services.ledgers.schedule(a[key]), services.ledgers.schedule(b[key])
        assert copy.schedule == original.schedule, key
        assert copy.clocks == original.clocks, key
        assert (copy.status, copy.result) == (original.status, original.result), key
        assert (
            services.queries.game(b[key]).result_reason
            == services.queries.game(a[key]).result_reason
        )
    # And the copy exports as the original did, but for the event and the ids.
    again = services.queries.pgn([b[k] for k in sorted(b)])
    assert _moves_and_dates(again) == _moves_and_dates(exported)
    # Loading the same record again changes nothing: every move is kept.
    again_loaded = services.records.load_event(OPERATOR, "RT-B", exported)
    assert all(r.added == 0 for r in again_loaded)


def _moves_and_dates(pgn: str) -> list[list[tuple[str, str]]]:
    out = []
    stream = io.StringIO(pgn)
    while (game := chess.pgn.read_game(stream)) is not None:
        out.append([(n.move.uci(), n.comment) for n in game.mainline()])
    return out


def record(white: str, black: str, moves: str, result: str = "*", **tags: str) -> str:
    extra = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return (
        f'[Event "По переписке"]\n[Site "post"]\n[Date "2026.11.09"]\n[Round "1.1"]\n'
        f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n{extra}\n{moves} {result}\n'
    )


def test_loading_a_post_game_move_by_move(services: Services, clock: FixedClock) -> None:
    at(clock, START + timedelta(days=30))
    ids = players(services)
    event(services, "PO", mode="post")
    g = games(services, "PO")[(1, 1)]
    view = services.queries.game(g)
    white, black = (NAMES[view.white], NAMES[view.black])
    pw, pb = (", ".join(n.split(" ", 1)) for n in (white, black))
    arbiter = OPERATOR

    def load(text: str) -> object:
        return services.records.load_game(arbiter, g, text)

    def refused(text: str) -> str:
        with pytest.raises(errors.RecordRefused) as caught:
            load(text)
        return caught.value.message("en")

    # A player may not load records; the arbiter may.
    someone = Actor.player(ids[view.white], Door.WEB)
    with pytest.raises(errors.NotPermitted):
        services.records.load_game(someone, g, record(pw, pb, "1. e4 *"))
    # Each refusal names the move or tag; nothing is stored.
    assert "move 1.e4 has no sending date" in refused(record(pw, pb, "1. e4"))
    assert "stops being legal at move 2" in refused(
        record(pw, pb, "1. e4 {[%ccsnt 2026.11.10]} e5 {[%ccsnt 2026.11.12]} 2. Ke3")
    )
    assert "move 1...e5 is dated 2026-11-09, before it was received on 2026-11-10" in refused(
        record(pw, pb, "1. e4 {[%ccsnt 2026.11.10]} e5 {[%ccsnt 2026.11.09]}")
    )
    assert "after today" in refused(record(pw, pb, "1. e4 {[%ccsnt 2026.12.31]}"))
    assert "the record's white is Someone, Else" in refused(record("Someone, Else", pb, "1. e4"))
    assert "2026.02.30" in refused(record(pw, pb, "1. e4 {[%ccsnt 2026.02.30]}"))
    assert services.queries.game(g).moves == []
    # In Russian too.
    with pytest.raises(errors.RecordRefused) as caught:
        load(record(pw, pb, "1. e4"))
    assert caught.value.message("ru").startswith(f"Партия {g}: запись не загружена: ")

    # The first moves, with a time of day on one.
    first = "1. e4 {[%ccsnt 2026.11.10]} e5 {[%ccsnt 2026.11.14,18:30]}"
    loaded = load(record(pw, pb, first))
    assert (loaded.kept, loaded.added) == (0, 2)  # type: ignore[attr-defined]
    moves = services.queries.game(g).moves
    assert [(m.san, m.sent_on) for m in moves] == [
        ("e4", date(2026, 11, 10)),
        ("e5", date(2026, 11, 14)),
    ]
    # A later record must begin with the moves already on record.
    assert "move 1...c5 differs from the game's 1...e5" in refused(
        record(pw, pb, "1. e4 {[%ccsnt 2026.11.10]} c5 {[%ccsnt 2026.11.14]}")
    )
    # The rest of the game, ended by resignation: the result is registered.
    rest = first + " 2. Nf3 {[%ccsnt 2026.11.20]} Nc6 {[%ccsnt 2026.11.25]}"
    loaded = load(record(pw, pb, rest, "1-0", Termination="resignation"))
    view = services.queries.game(g)
    assert (loaded.kept, loaded.added) == (2, 2)  # type: ignore[attr-defined]
    assert (view.result, view.result_reason) == ("1-0", "resignation")
    schedule = services.ledgers.schedule(g).schedule
    assert schedule[1].white is not None and schedule[1].white.received_on == date(2026, 11, 14)
    assert schedule[1].white.sent_on == date(2026, 11, 20) and schedule[1].white.days == 6


def test_a_result_the_record_cannot_show_is_left_to_the_arbiter(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START + timedelta(days=10))
    players(services)
    event(services, "PX", mode="post")
    g = games(services, "PX")[(1, 1)]
    loaded = services.records.load_game(
        OPERATOR,
        g,
        record("?", "?", "1. d4 {[%ccsnt 2026.11.10]}", "0-1", Termination="time forfeit"),
    )
    assert loaded.added == 1 and loaded.result == "*"
    assert loaded.note is not None and "time forfeit" in loaded.note
    assert "решать арбитру" in loaded.note.localize("ru")


def test_the_console_loads_a_record(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    from tests.conftest import empty_database_url
    from tests.support.console import Console

    console = Console(empty_database_url(request, "sqlite", tmp_path), tmp_path)
    today = datetime.now(UTC).date()
    start = today - timedelta(days=20)
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Главный Арбитр", "--role", "arbiter")
    console.run("player", "add", "w1", "--name", "Иванов Иван")
    console.run("player", "add", "b1", "--name", "Петров Пётр")
    console.run(
        "event", "create", "POST-1", "--name", "Почтовый", "--mode", "post",
        "--start", start.isoformat(), "--tz", "Europe/Moscow", "--arbiter", "arb",
    )  # fmt: skip
    console.run("event", "add-player", "POST-1", "w1", "b1")
    console.run("event", "start", "POST-1")
    d1, d2 = (start + timedelta(days=n) for n in (2, 6))
    pgn = tmp_path / "game.pgn"
    pgn.write_text(
        record(
            "Иванов, Иван",
            "Петров, Пётр",
            f"1. d4 {{[%ccsnt {d1:%Y.%m.%d}]}} d5 {{[%ccsnt {d2:%Y.%m.%d}]}}",
        ),
        encoding="utf-8",
    )
    out = console.run("game", "load-pgn", str(pgn), "--game", "1").stdout
    assert out.strip() == "game 1: 0 moves kept, 2 added; *"
    shown = console.run("--lang", "ru", "game", "ledger", "1").stdout
    assert d2.strftime("%d.%m") in shown or d2.isoformat() in shown, shown
    pgn.write_text(record("Иванов, Иван", "Петров, Пётр", "1. e4"), encoding="utf-8")
    refused = console.run("--lang", "ru", "game", "load-pgn", str(pgn), "--game", "1", ok=False)
    assert refused.returncode == 1
    assert "запись не загружена: ход 1.e4 расходится с ходом партии 1.d4" in refused.stderr
    assert "--game" in console.run("game", "load-pgn", str(pgn), ok=False).stderr
