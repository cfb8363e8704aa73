"""A Swiss moved in from a TRF through the services (:mod:`cc.events.trf_import`):
a file bbpPairings generated comes back out as it went in; who may import;
a game both players forfeited; names that match more than one account."""

from __future__ import annotations

from datetime import date
from fractions import Fraction as F
from pathlib import Path

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door, GameStatus
from cc.events.trf_import import ImportRequest
from cc.kernel.context import Actor
from cc.store.models import Game
from standings.trf import TrfGame, TrfPlayer, TrfTournament, read_trf, write_trf
from tests.support.bbp import BBP, complaints
from tests.support.days import at
from tests.support.events import OPERATOR
from tests.support.paths import TESTS

START = date(2026, 5, 10)
GENERATED = TESTS / "data" / "trf" / "bbp-8-players-4-rounds.trf"


def test_a_generated_tournament_comes_back_out_as_it_went_in(
    services: Services, clock: FixedClock, tmp_path: Path
) -> None:
    at(clock, START)
    text = GENERATED.read_text(encoding="utf-8") + "\rXXR 6\r"
    done = services.trf.import_swiss(OPERATOR, text, ImportRequest(code="G", start=START))
    assert (done.played, done.rounds, done.paired, len(done.created)) == (4, 6, 5, 8)
    before = read_trf(text)
    after = read_trf(services.trf.export(OPERATOR, "G"))
    assert after.played_rounds == 4
    for old, new in zip(before.players, after.players, strict=True):
        assert (new.number, new.rating, new.points) == (old.number, old.rating, old.points)
        # an absence is written "-" whatever the file called it ("Z")
        assert new.games == tuple(
            TrfGame(g.round, None, "-", "-") if g.result == "Z" else g for g in old.games
        )
    with services.ctx.db.read() as session:
        fifth = session.scalars(select(Game).where(Game.round == 5)).all()
    assert len(fifth) == 4 and all(g.status == GameStatus.ONGOING for g in fifth)
    if BBP.is_file():
        assert complaints(services.trf.export(OPERATOR, "G"), tmp_path) == []


def _two(first: str, second: str) -> TrfTournament:
    """Two players, one round of three played: the results as each line gives it."""
    points = {"1": F(1), "0": F(0), "-": F(0)}
    return TrfTournament(
        rounds=3,
        players=(
            TrfPlayer(1, "Alpha, Anna", points=points[first], games=(TrfGame(1, 2, "w", first),)),
            TrfPlayer(2, "Beta, Boris", points=points[second], games=(TrfGame(1, 1, "b", second),)),
        ),
    )


def test_who_may_import_and_what_a_double_forfeit_is(services: Services, clock: FixedClock) -> None:
    at(clock, START)
    pid = services.players.add(OPERATOR, login="someone", name="Someone Else")
    with pytest.raises(errors.NotPermitted):
        services.trf.import_swiss(
            Actor.player(pid, Door.CLI), write_trf(_two("1", "0")), ImportRequest(code="X")
        )
    done = services.trf.import_swiss(
        OPERATOR, write_trf(_two("-", "-")), ImportRequest(code="FF", start=START)
    )
    # a game forfeited on both sides was not played: the two may meet
    # (C.04.1, as bbpPairings pairs them), and round 2 pairs them
    assert done.paired == 2 and done.not_paired is None
    with services.ctx.db.read() as session:
        (first,) = session.scalars(select(Game).where(Game.round == 1)).all()
        assert first.status == GameStatus.ANNULLED
        (second,) = session.scalars(select(Game).where(Game.round == 2)).all()
        assert {second.white_id, second.black_id} == {first.white_id, first.black_id}
    assert read_trf(services.trf.export(OPERATOR, "FF")).players[0].games == (
        TrfGame(1, 2, "-", "-"),
    )


def test_what_the_records_cannot_hold(services: Services, clock: FixedClock) -> None:
    at(clock, START)
    with pytest.raises(errors.InvalidInput, match="give different results"):
        services.trf.import_swiss(OPERATOR, write_trf(_two("1", "1")), ImportRequest(code="X"))
    services.players.add(OPERATOR, login="alpha1", name="Alpha Anna")
    services.players.add(OPERATOR, login="alpha2", name="Alpha Anna")
    with pytest.raises(errors.InvalidInput, match="2 accounts are called Alpha, Anna"):
        services.trf.import_swiss(OPERATOR, write_trf(_two("1", "0")), ImportRequest(code="X"))
    assert services.queries.events() == []


def test_a_name_cut_to_the_field_finds_its_account_and_new_names_read_in_latin(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    long = services.players.add(
        OPERATOR, login="volkov", name="Волков-Задунайский Константин Константинович"
    )
    t = TrfTournament(
        rounds=3,
        players=(
            # the 33 characters a TRF holds: "Волков-Задунайский, Константин Ко"
            TrfPlayer(
                1,
                "Волков-Задунайский, Константин Константинович"[:33],
                points=F(1),
                games=(TrfGame(1, 2, "w", "1"),),
            ),
            TrfPlayer(2, "Щукина, Юлия", points=F(0), games=(TrfGame(1, 1, "b", "0"),)),
        ),
    )
    done = services.trf.import_swiss(OPERATOR, write_trf(t), ImportRequest(code="LN", start=START))
    assert done.found == ["volkov"] and done.created == ["shchukinaiu"]
    with services.ctx.db.read() as session:
        (first,) = session.scalars(select(Game).where(Game.round == 1)).all()
        assert first.white_id == long
