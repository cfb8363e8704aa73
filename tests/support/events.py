"""The operator and the events the tests set up: a spec, a created event, a started one."""

from __future__ import annotations

from datetime import date

import sqlalchemy as sa

from cc.app.services import Services
from cc.base.kinds import Door
from cc.events.lifecycle import EventSpec
from cc.kernel.context import Actor
from cc.store.models import Event, Notification, OutboundMessage

OPERATOR = Actor.operator(Door.CLI, label="test-operator")


def event_spec(
    code: str, name: str, start: date, *, mode: str = "server", **fields: object
) -> EventSpec:
    """What the operator states for event ``code``: the other fields as given."""
    return EventSpec(code=code, name=name, mode=mode, start_date=start, **fields)  # type: ignore[arg-type]


def create_event(
    services: Services, code: str, name: str, start: date, *, mode: str = "server", **fields: object
) -> int:
    """The operator creates event ``code`` in draft; returns its id."""
    return services.events.create(OPERATOR, event_spec(code, name, start, mode=mode, **fields))


def make_event(
    services: Services,
    players: int = 2,
    *,
    code: str = "T1",
    mode: str = "server",
    start: date = date(2026, 5, 10),
    cycles: int = 1,
    start_it: bool = True,
    keep_start: bool = False,
) -> dict[str, int]:
    """Register an arbiter and ``players`` players, an event with them; start it.

    Returns the ids by login: ``arb`` and ``p1``..``pN``.
    """
    ids = {
        "arb": services.players.add(OPERATOR, login=f"arb{code}", name="Arbiter", roles=["arbiter"])
    }
    for i in range(1, players + 1):
        ids[f"p{i}"] = services.players.add(
            OPERATOR,
            login=f"{code.lower()}p{i}",
            name=f"Player {i}",
            emails=[f"{code.lower()}p{i}@example.org"],
        )
    create_event(
        services,
        code,
        f"Event {code}",
        start,
        mode=mode,
        timezone="Europe/Moscow",
        arbiter=f"arb{code}",
        cycles=cycles,
    )
    services.events.add_players(
        OPERATOR, code, [f"{code.lower()}p{i}" for i in range(1, players + 1)]
    )
    if start_it:
        services.events.start(OPERATOR, code)
        if not keep_start:
            forget_start(services, code)
    return ids


def forget_start(services: Services, code: str) -> None:
    """Drop the start's notices and mail (EVENT_STARTED, tests/notify/test_notice_kinds.py
    checks them), so a test sees only what follows the start."""
    with services.ctx.db.write() as session:
        event = session.scalar(sa.select(Event).where(Event.code == code))
        assert event is not None
        session.execute(
            sa.delete(Notification).where(
                Notification.event_id == event.id, Notification.kind == "event_started"
            )
        )
        session.execute(
            sa.delete(OutboundMessage).where(
                OutboundMessage.kind == "start", OutboundMessage.subject == f"[cc] {code}"
            )
        )
