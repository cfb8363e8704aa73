"""The public games' test event: an event whose games the public sees some
moves behind, who plays which side, and moves played in turn."""

from __future__ import annotations

from datetime import date

from cc.app.services import Services
from cc.base.kinds import Door
from cc.kernel.context import Actor
from tests.support.events import OPERATOR, create_event, forget_start

START = date(2026, 5, 10)


def setup_event(
    services: Services,
    *,
    behind: int | None = None,
    players: int = 3,
    mode: str = "server",
    code: str = "P1",
    control: tuple[int, int] | None = None,
    start_it: bool = True,
) -> dict[str, int]:
    """An event with an arbiter, an appeal arbiter, an admin and players
    ``{code}p1``..; the public sees its games ``behind`` moves behind."""
    low = code.lower()
    ids = {
        "arb": services.players.add(OPERATOR, login=f"arb{low}", name="Arb", roles=["arbiter"]),
        "apl": services.players.add(
            OPERATOR, login=f"apl{low}", name="Appeals", roles=["appeal_arbiter"]
        ),
        "adm": services.players.add(OPERATOR, login=f"adm{low}", name="Admin", roles=["admin"]),
    }
    for i in range(1, players + 1):
        ids[f"p{i}"] = services.players.add(
            OPERATOR, login=f"{low}p{i}", name=f"Player {i}", emails=[f"{low}p{i}@example.org"]
        )
    regs: dict[str, object] = {"public_moves_behind": behind}
    if control:
        regs |= {"control_moves": control[0], "control_days": control[1]}
    create_event(
        services,
        code,
        f"Public {code}",
        START,
        mode=mode,
        timezone="Europe/Moscow",
        arbiter=f"arb{low}",
        appeal_arbiters=(f"apl{low}",),
        regulations=regs,
    )
    services.events.add_players(OPERATOR, code, [f"{low}p{i}" for i in range(1, players + 1)])
    if start_it:
        services.events.start(OPERATOR, code)
        forget_start(services, code)
    return ids


def who(ids: dict[str, int], name: str) -> Actor:
    return Actor.player(ids[name], Door.WEB)


def sides(services: Services, ids: dict[str, int], game_id: int) -> tuple[str, str, str]:
    """The names (keys of ``ids``) of White, Black and a player of the event
    who does not play in the game."""
    view = services.queries.game(game_id)
    logins = {services.queries.player(pid).login: name for name, pid in ids.items()}
    white, black = logins[view.white], logins[view.black]
    other = next(n for n in ids if n.startswith("p") and n not in (white, black))
    return white, black, other


def play(services: Services, ids: dict[str, int], game_id: int, *moves: str) -> None:
    white, black, _ = sides(services, ids, game_id)
    for i, text in enumerate(moves):
        services.games.submit_move(who(ids, white if i % 2 == 0 else black), game_id, text)
