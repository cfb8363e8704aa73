"""The cases' test event: an arbiter, two appeal arbiters and players, in
email play with a control of 2 moves in 10 days, starting on 10 May."""

from __future__ import annotations

from datetime import date

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import OutboundMessage
from tests.support.days import at
from tests.support.events import OPERATOR, create_event, forget_start
from tests.support.mail import outbox

START = date(2026, 5, 10)


def setup_event(
    services: Services,
    players: int = 2,
    *,
    mode: str = "email",
    control: tuple[int, int] | None = (2, 10),
    end: date | None = None,
    code: str = "C1",
) -> dict[str, int]:
    """An event with an arbiter, two appeal arbiters and ``players`` players."""
    ids = {
        "arb": services.players.add(
            OPERATOR,
            login="arb",
            name="Arbiter",
            roles=["arbiter"],
            emails=["arb@example.org"],
            lang="ru",
        ),
        "ap1": services.players.add(
            OPERATOR, login="ap1", name="Appeal One", roles=["appeal_arbiter"], emails=["ap1@x.org"]
        ),
        "ap2": services.players.add(
            OPERATOR, login="ap2", name="Appeal Two", roles=["appeal_arbiter"]
        ),
    }
    for i in range(1, players + 1):
        ids[f"p{i}"] = services.players.add(
            OPERATOR, login=f"p{i}", name=f"Player {i}", emails=[f"p{i}@example.org"]
        )
    regs = {"control_moves": control[0], "control_days": control[1]} if control else {}
    create_event(
        services,
        code,
        "Cases Cup",
        START,
        mode=mode,
        end_date=end,
        timezone="Europe/Moscow",
        arbiter="arb",
        appeal_arbiters=("ap1", "ap2"),
        regulations=regs,
    )
    services.events.add_players(OPERATOR, code, [f"p{i}" for i in range(1, players + 1)])
    services.events.start(OPERATOR, code)
    forget_start(services, code)
    return ids


def player(ids: dict[str, int], name: str, door: Door = Door.WEB) -> Actor:
    return Actor.player(ids[name], door)


def move(services: Services, ids: dict[str, int], who: str, text: str, game: int = 1) -> None:
    services.games.submit_move(player(ids, who), game, text)


def mails_to(services: Services, address: str, *, containing: str = "") -> list[OutboundMessage]:
    return [m for m in outbox(services) if m.to_address == address and containing in m.body]


def overstepped(services: Services, clock: FixedClock, mode: str = "email") -> dict[str, int]:
    """The event set up on 1 May, and White's first move on 21 May: 11 days,
    over the limit of 10."""
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, mode=mode)
    at(clock, date(2026, 5, 21))
    move(services, ids, "p1", "e4")
    return ids
