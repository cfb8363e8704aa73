"""A demo event for a newcomer's first run: two players and an arbiter.

Created only on an empty database. The passwords are random, printed once
and kept in ``var/demo-passwords.txt`` (readable by the owner only), so a
newcomer can sign in as both players in two browser windows and play.
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

from sqlalchemy import func, select

from cc.app.services import Services
from cc.base.regulations import Mode
from cc.events.lifecycle import EventSpec
from cc.kernel.context import Actor
from cc.store.models import Event, Player
from timekeeping import local_date

#: login, surname, given names, language, roles: PGN writes "Liddell, Alice"
DEMO_PLAYERS = (
    ("alice", "Liddell", "Alice", "en", ("player",)),
    ("boris", "Борисов", "Борис Петрович", "ru", ("player",)),
    ("arbiter", "Hargreaves", "Reginald", "en", ("arbiter",)),
)


def seed_demo(
    services: Services, actor: Actor, passwords_file: Path | None = None
) -> list[tuple[str, str]] | None:
    """Create the demo event if the database holds no players; returns the logins
    and passwords, or None when there was something already."""
    with services.ctx.db.read() as session:
        if (session.scalar(select(func.count()).select_from(Player)) or 0) > 0:
            return None
        if (session.scalar(select(func.count()).select_from(Event)) or 0) > 0:
            return None
    credentials = []
    for login, surname, given_names, lang, roles in DEMO_PLAYERS:
        password = secrets.token_urlsafe(9)
        services.players.add(
            actor,
            login=login,
            surname=surname,
            given_names=given_names,
            lang=lang,
            roles=roles,
            password=password,
            emails=[f"{login}@localhost.localdomain"],
        )
        credentials.append((login, password))
    today = local_date(services.ctx.now(), "UTC")
    services.events.create(
        actor,
        EventSpec(
            code="DEMO",
            name="Demo server event",
            mode=Mode.SERVER,
            start_date=today,
            end_date=today + timedelta(days=365),
            timezone="UTC",
            arbiter="arbiter",
        ),
    )
    services.events.add_players(actor, "DEMO", ["alice", "boris"])
    services.events.start(actor, "DEMO")
    if passwords_file is not None:
        passwords_file.parent.mkdir(parents=True, exist_ok=True)
        passwords_file.write_text("".join(f"{u} {p}\n" for u, p in credentials))
        os.chmod(passwords_file, 0o600)
    return credentials
