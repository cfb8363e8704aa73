"""A Swiss moved in from a TRF that bbpPairings' generator wrote, cut after a
round, pairs its next round as bbpPairings paired it (the reference rounds of
``tests/standings/dutch_reference/``): pairs, colours, boards and the bye,
through the import, the event's records and the Swiss service."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.events.trf_import import ImportRequest
from cc.store.models import Game, SectionEntry
from standings.trf import TrfPlayer, TrfTournament, read_trf, write_trf
from tests.support.days import at
from tests.support.dutch_reference import DATA
from tests.support.events import OPERATOR

START = date(2026, 5, 10)


def _importable() -> list[dict[str, object]]:
    """Rounds whose state the server's records hold: 1/½/0 with a bye of a
    point, no bye asked for, nobody absent in the round (one absent before has
    no game there); a spread of sizes, odd and even, from round 3 on."""
    rows = [json.loads(line) for line in (DATA / "rounds.jsonl").read_text().splitlines()]
    asked = {r["file"] for r in rows if r["half_point_byes"]}
    fit = [
        r
        for r in rows
        if r["points"] == "1/0.5/0"
        and r["file"] not in asked
        and not r["zero_point_byes"]
        and r["round"] >= 3
    ]
    chosen: dict[tuple[int, int], dict[str, object]] = {}
    for r in fit:
        chosen.setdefault((int(r["players"]) // 12, int(r["players"]) % 2), r)
    return [chosen[k] for k in sorted(chosen)]


CASES = _importable()


def _before(t: TrfTournament, rnd: int) -> TrfTournament:
    """The tournament as it stood before round ``rnd``."""
    players = []
    for p in t.players:
        games = tuple(g for g in p.games if g.round < rnd)
        points = sum((t.points.of(g) for g in games), Fraction(0))
        players.append(TrfPlayer(p.number, p.name, p.rating, points, None, games=games))
    return TrfTournament(
        name=t.name,
        rounds=t.rounds,
        first_colour=t.first_colour,
        points=t.points,
        players=tuple(players),
    )


def test_the_cases_span_the_sizes() -> None:
    sizes = [int(c["players"]) for c in CASES]
    assert len(CASES) >= 6 and min(sizes) < 14 and max(sizes) > 40
    assert any(c["bye"] for c in CASES) and any(not c["bye"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['file']}:{c['round']}" for c in CASES])
def test_an_imported_swiss_pairs_its_next_round_as_bbppairings(
    services: Services, clock: FixedClock, case: dict[str, object]
) -> None:
    at(clock, START)
    rnd = int(case["round"])  # type: ignore[call-overload]
    t = read_trf((DATA / str(case["file"])).read_text(encoding="utf-8"))
    done = services.trf.import_swiss(
        OPERATOR, write_trf(_before(t, rnd)), ImportRequest(code="REF", start=START)
    )
    assert done.played == rnd - 1 and done.paired == rnd, done.not_paired
    with services.ctx.db.read() as session:
        number = {e.player_id: e.number for e in session.scalars(select(SectionEntry)).all()}
        games = session.scalars(select(Game).where(Game.round == rnd).order_by(Game.board)).all()
        got = [[number[g.white_id], number[g.black_id]] for g in games]
        bye = [e.number for e in session.scalars(select(SectionEntry)).all() if e.bye_round == rnd]
    assert got == case["pairs"]
    assert bye == ([case["bye"]] if case["bye"] else [])
