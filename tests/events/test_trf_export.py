"""An event's section written as FIDE's TRF (:mod:`cc.events.trf`): a Swiss
played a few rounds, its byes, a draw, a game lost without play, a withdrawn
player's later rounds, the round still in play left out; a round robin; and
who may have the file."""

from __future__ import annotations

import os
from datetime import date, timedelta
from fractions import Fraction as F
from pathlib import Path

import pytest
from sqlalchemy import select, update

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.store.models import Game, Player
from standings.trf import TrfGame, read_trf
from tests.support.bbp import BBP, complaints
from tests.support.cases import player
from tests.support.days import at
from tests.support.events import OPERATOR, create_event, make_event
from tests.support.paths import TESTS

START = date(2026, 5, 10)


def seven_player_swiss(services: Services) -> dict[str, int]:
    """Swiss SW of 4 rounds: players p1-p7 rated in that order, arbiter arb."""
    ids = {"arb": services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter"])}
    for n in range(1, 8):
        ids[f"p{n}"] = services.players.add(
            OPERATOR, login=f"p{n}", name=f"Player {n}", emails=[f"p{n}@example.org"]
        )
    with services.ctx.db.write() as session:
        for n in range(1, 8):
            session.execute(
                update(Player)
                .where(Player.id == ids[f"p{n}"])
                .values(rating=2300 - 50 * n, federation_id=str(24100000 + n), country="RUS")
            )
    create_event(services, "SW", "Swiss Cup", START, arbiter="arb", system="swiss", rounds=4)
    services.events.add_players(OPERATOR, "SW", [f"p{n}" for n in range(1, 8)])
    services.events.start(OPERATOR, "SW")
    return ids


def games_of(services: Services, rnd: int) -> list[Game]:
    with services.ctx.db.read() as session:
        games = session.scalars(select(Game).where(Game.round == rnd).order_by(Game.board)).all()
        for g in games:
            _ = (g.white.login, g.black.login)
        return list(games)


def play_round(services: Services, ids: dict[str, int], rnd: int, *, leave: int = 0) -> None:
    """The higher-rated player wins each game, but board 2 of round 1 is
    drawn and ``leave`` games at the bottom are left being played."""
    games = games_of(services, rnd)
    for g in games[: len(games) - leave]:
        if g.status != "ongoing":
            continue
        if rnd == 1 and g.board == 2:
            services.games.offer_draw(player(ids, g.white.login), g.id)
            services.games.accept_draw(player(ids, g.black.login), g.id)
            continue
        loser = max(g.white.login, g.black.login)
        services.games.resign(player(ids, loser), g.id)


def test_a_swiss_is_written_round_by_round(
    services: Services, clock: FixedClock, tmp_path: Path
) -> None:
    at(clock, START - timedelta(days=2))
    ids = seven_player_swiss(services)
    at(clock, START + timedelta(days=3))
    play_round(services, ids, 1)
    at(clock, START + timedelta(days=6))
    # p7 withdraws in round 2: his game is lost without play (Art. 37)
    (g7,) = [g for g in games_of(services, 2) if "p7" in (g.white.login, g.black.login)]
    case = services.cases.open_withdrawal(player(ids, "arb"), "SW", "p7", "ill")
    services.cases.decide(player(ids, "arb"), case.id, "loss", "Doctor's letter")
    play_round(services, ids, 2)
    at(clock, START + timedelta(days=9))
    play_round(services, ids, 3, leave=1)

    text = services.trf.export(player(ids, "arb"), "SW")
    t = read_trf(text)
    assert (t.name, t.start, t.arbiter, t.rounds) == ("Swiss Cup", "2026/05/10", "Arbiter", 4)
    assert t.played_rounds == 2  # round 3 is still being played
    assert [p.number for p in t.players] == list(range(1, 8))
    first = t.players[0]
    assert (first.name, first.rating, first.fide_id, first.federation) == (
        "Player, 1",  # surname first, as FIDE's lists write it
        2250,
        "24100001",
        "RUS",
    )
    for p in t.players:
        assert sum((t.points.of(g) for g in p.games), F(0)) == p.points
    # every round has one bye (seven players) and the draw of round 1 is there
    for rnd in (1, 2):
        assert sum(1 for p in t.players if p.game(rnd) == TrfGame(rnd, None, "-", "U")) == 1
    assert sum(1 for p in t.players if p.game(1) and p.game(1).result == "=") == 2
    seventh = t.players[6]
    game2 = seventh.game(2)
    assert game2 is not None and game2.result == "-" and game2.opponent is not None
    opponent = t.players[game2.opponent - 1].game(2)
    assert opponent is not None and opponent.result == "+"
    assert g7.round == 2
    assert sorted(p.rank for p in t.players if p.rank) == list(range(1, 8))

    # p7 no longer plays: once round 3 is over, it is written with him absent
    last = games_of(services, 3)[-1]
    services.games.resign(player(ids, max(last.white.login, last.black.login)), last.id)
    text = services.trf.export(OPERATOR, "SW")
    t = read_trf(text)
    assert t.played_rounds == 3
    assert t.players[6].game(3) == TrfGame(3, None, "-", "-")
    _as_checked(text, "exported-swiss-7.trf", tmp_path)


def _as_checked(text: str, name: str, folder: Path) -> None:
    """The export is the file kept in ``tests/data/trf`` that bbpPairings'
    checker read with no complaint (and reads so again where it is built)."""
    kept = TESTS / "data" / "trf" / name
    if os.environ.get("CC_KEEP_TRF"):
        kept.write_text(text, encoding="utf-8")
    assert text == kept.read_text(encoding="utf-8")
    if BBP.is_file():
        assert complaints(text, folder) == []


def test_a_swiss_of_sixteen_read_by_bbppairings(
    services: Services, clock: FixedClock, tmp_path: Path
) -> None:
    """Two rounds of sixteen players, every result decisive: bbpPairings'
    checker reads the file and pairs both rounds as the server did."""
    at(clock, START - timedelta(days=2))
    ids = {"arb": services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter"])}
    for n in range(1, 17):
        ids[f"p{n:02d}"] = services.players.add(OPERATOR, login=f"p{n:02d}", name=f"P {n}")
    with services.ctx.db.write() as session:
        for n in range(1, 17):
            session.execute(
                update(Player).where(Player.id == ids[f"p{n:02d}"]).values(rating=2500 - 10 * n)
            )
    create_event(services, "SW", "Swiss", START, arbiter="arb", system="swiss", rounds=5)
    services.events.add_players(OPERATOR, "SW", [f"p{n:02d}" for n in range(1, 17)])
    services.events.start(OPERATOR, "SW")
    for rnd in (1, 2):
        at(clock, START + timedelta(days=3 * rnd))
        for g in games_of(services, rnd):
            services.games.resign(player(ids, max(g.white.login, g.black.login)), g.id)
    text = services.trf.export(player(ids, "arb"), "SW")
    assert read_trf(text).played_rounds == 2
    _as_checked(text, "exported-swiss-16.trf", tmp_path)


def test_a_round_robin_and_who_may_have_it(services: Services, clock: FixedClock) -> None:
    at(clock, START - timedelta(days=2))
    ids = make_event(services, 4, code="RR", start=START)
    at(clock, START + timedelta(days=3))
    for g in games_of(services, 1):
        services.games.resign(player(ids, f"p{int(max(g.white.login, g.black.login)[-1])}"), g.id)
    arbiter = player(ids, "arb")
    t = read_trf(services.trf.export(arbiter, "RR"))
    assert t.kind == "Round robin" and t.rounds == 3
    assert t.played_rounds == 1  # rounds 2 and 3 are still being played
    assert all(p.game(1) is not None and p.game(1).played for p in t.players)
    assert services.trf.sections(arbiter, "RR") == ["A"]
    assert services.trf.sections(player(ids, "p1"), "RR") == []
    with pytest.raises(errors.NotPermitted):
        services.trf.export(player(ids, "p1"), "RR")
    with pytest.raises(errors.NotFound):
        services.trf.export(arbiter, "RR", "B")


def test_what_cannot_be_written(services: Services, clock: FixedClock) -> None:
    at(clock, START - timedelta(days=2))
    make_event(services, 3, code="D1", start_it=False)
    with pytest.raises(errors.EventStateError, match="it has not started"):
        services.trf.export(OPERATOR, "D1")
    create_event(services, "KO", "Cup", START, system="knockout")
    with pytest.raises(errors.EventStateError, match="only a Swiss or a round robin"):
        services.trf.export(OPERATOR, "KO")
