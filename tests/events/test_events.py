"""Events: regulations per mode, entries, and the start that creates every game."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select

from cc.app.services import Services
from cc.base import errors
from cc.base.kinds import Door
from cc.base.regulations import Mode
from cc.events.lifecycle import EventSpec
from cc.events.systems.berger import round_robin
from cc.kernel.context import Actor
from cc.store.models import AuditEntry, Game
from tests.support.events import OPERATOR, make_event


def spec(**kw: object) -> EventSpec:
    base: dict[str, object] = {
        "code": "E1",
        "name": "Email Cup",
        "mode": Mode.EMAIL,
        "start_date": date(2026, 5, 10),
    }
    base.update(kw)
    return EventSpec(**base)  # type: ignore[arg-type]


def test_regulations_default_per_mode_and_can_be_overridden(services: Services) -> None:
    services.events.create(OPERATOR, spec())
    services.events.create(OPERATOR, spec(code="P1", mode=Mode.POST))
    services.events.create(
        OPERATOR,
        spec(
            code="S1",
            mode=Mode.SERVER,
            regulations={"control_moves": 15, "control_days": 60, "leave_days_per_event": 40},
        ),
    )
    email, post, server = (services.queries.event(c).regulations for c in ("E1", "P1", "S1"))
    assert (email["control_days"], email["leave_days_per_year"], email["penalty_days"]) == (
        60,
        30,
        2,
    )
    assert (post["control_days"], post["penalty_days"], post["penalty_days_repeat"]) == (30, 5, 10)
    assert post["first_overstep_loses"] is False
    assert (server["control_moves"], server["control_days"]) == (15, 60)
    assert (server["leave_days_per_year"], server["leave_days_per_event"]) == (45, 40)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"code": "two words"}, "code"),
        ({"timezone": "Mars/Olympus"}, "timezone"),
        ({"end_date": date(2026, 5, 1)}, "end_date"),
        ({"cycles": 3}, "cycles"),
        ({"regulations": {"control_days": 0}}, "regulations"),
        ({"regulations": {"no_such_setting": 1}}, "regulations"),
    ],
)
def test_bad_event_settings_are_refused(
    services: Services, changes: dict[str, object], field: str
) -> None:
    with pytest.raises(errors.InvalidInput) as info:
        services.events.create(OPERATOR, spec(**changes))
    assert info.value.params["field"] == field
    assert services.queries.events() == []


def test_officials_need_their_roles_and_the_arbiter_cannot_hear_appeals(
    services: Services,
) -> None:
    services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter", "appeal_arbiter"])
    services.players.add(OPERATOR, login="plain", name="Plain Player")
    with pytest.raises(errors.InvalidInput, match="role arbiter"):
        services.events.create(OPERATOR, spec(arbiter="plain"))
    with pytest.raises(errors.InvalidInput, match=r"34\.2"):
        services.events.create(OPERATOR, spec(arbiter="arb", appeal_arbiters=("arb",)))
    with pytest.raises(errors.NotFound):
        services.events.create(OPERATOR, spec(arbiter="nobody"))


def test_only_admins_create_events_and_codes_are_unique(services: Services) -> None:
    pid = services.players.add(OPERATOR, login="pl", name="P")
    with pytest.raises(errors.NotPermitted):
        services.events.create(Actor.player(pid, Door.WEB), spec())
    admin = services.players.add(OPERATOR, login="adm", name="Admin", roles=["admin"])
    services.events.create(Actor.player(admin, Door.WEB), spec())
    with pytest.raises(errors.Conflict):
        services.events.create(OPERATOR, spec())


def test_five_players_get_ten_games_by_the_berger_table_for_six(services: Services) -> None:
    make_event(services, 5)
    games = services.queries.games(event="T1")
    number = {f"t1p{i}": i for i in range(1, 6)}
    # the table itself, five players with six as the bye: tests/events/test_pairing.py
    table = [(g.round, g.board, g.white, g.black) for g in round_robin(5)]
    assert [(g.round, g.board, number[g.white], number[g.black]) for g in games] == table
    assert len(table) == 10
    assert all(g.status == "ongoing" and g.ply_count == 0 for g in games)
    assert services.queries.event("T1").sections == {"A": [f"t1p{i}" for i in range(1, 6)]}
    assert services.queries.event("T1").status == "started"


def test_double_round_robin_creates_both_cycles(services: Services) -> None:
    make_event(services, 4, cycles=2)
    games = services.queries.games(event="T1")
    assert len(games) == 12
    pairs = {(g.white, g.black) for g in games}
    assert all((b, w) in pairs for (w, b) in pairs)


def test_drawing_lots_is_reproducible_from_its_recorded_seed(services: Services) -> None:
    ids = make_event(services, 6, start_it=False)
    services.events.start(OPERATOR, "T1", draw_lots=True, seed=42)
    drawn = services.queries.event("T1").sections["A"]
    assert sorted(drawn) == sorted(f"t1p{i}" for i in range(1, 7))
    with services.ctx.db.read() as s:
        entry = s.scalars(select(AuditEntry).where(AuditEntry.action == "event_started")).one()
        assert entry.details["seed"] == 42
        assert entry.details["numbering"]["A"] == [ids[f"p{login[-1]}"] for login in drawn]
    import random

    order = [f"t1p{i}" for i in range(1, 7)]
    random.Random(42).shuffle(order)
    assert drawn == order


def test_start_refusals_store_nothing(services: Services) -> None:
    make_event(services, 1, start_it=False)
    with pytest.raises(errors.EventStateError, match="at least 2 players"):
        services.events.start(OPERATOR, "T1")
    with pytest.raises(errors.InvalidInput, match="arbiter"):
        services.events.add_players(OPERATOR, "T1", ["arbT1"])
    with pytest.raises(errors.Conflict):
        services.events.add_players(OPERATOR, "T1", ["t1p1"])
    services.players.add(OPERATOR, login="late", name="Late Entry")
    services.events.add_players(OPERATOR, "T1", ["late"])
    services.events.start(OPERATOR, "T1")
    with pytest.raises(errors.EventStateError, match="already been started"):
        services.events.start(OPERATOR, "T1")
    with pytest.raises(errors.EventStateError):
        services.events.add_players(OPERATOR, "T1", ["arbT1"])
    with services.ctx.db.read() as s:
        assert s.scalar(select(func.count()).select_from(Game)) == 1


def test_players_are_validated_and_unique(services: Services) -> None:
    services.players.add(
        OPERATOR,
        login="ivanov",
        name="Иванов Иван",
        emails=["Ivanov@Example.org"],
        lang="ru",
        password="correct horse",
    )
    assert services.queries.player("ivanov").emails == ["ivanov@example.org"]
    with pytest.raises(errors.Conflict):
        services.players.add(OPERATOR, login="ivanov", name="Other")
    with pytest.raises(errors.Conflict):
        services.players.add(OPERATOR, login="other", name="Other", emails=["IVANOV@example.org"])
    for bad in (
        {"login": "1abc"},
        {"emails": ["not-an-address"]},
        {"lang": "de"},
        {"password": "short"},
        {"roles": ["king"]},
        {"name": " "},
    ):
        kw: dict[str, object] = {"login": "newbie", "name": "New Bie"}
        kw.update(bad)
        with pytest.raises(errors.InvalidInput):
            services.players.add(OPERATOR, **kw)  # type: ignore[arg-type]
    with services.ctx.db.read() as s:
        from cc.store.models import Player

        stored = s.scalars(select(Player)).one()
        assert stored.password_hash and stored.password_hash.startswith("$argon2")
        assert "correct horse" not in stored.password_hash
