"""Messages per second through the gateway, from a real Dovecot mailbox.

N messages (each White's first move in its own game) are delivered into a
loopback Dovecot; the gateway reads, parses, applies and answers them into
the outbox. The baseline, measured in the same run on the same N messages,
is a bare aioimaplib fetch in batches of 50.

    .venv/bin/python bench/mail_gateway.py [--messages 200]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cc import migrate  # noqa: E402
from cc.clock import SystemClock  # noqa: E402
from cc.db import Database  # noqa: E402
from cc.models import Door, Game  # noqa: E402
from cc.regulations import Mode  # noqa: E402
from cc.services import Actor, EventSpec, MailSettings, ServiceContext, Services  # noqa: E402
from cc.site import Site  # noqa: E402
from mailgate.imap import ImapMailbox, drain  # noqa: E402
from tests.mail_support import raw_mail  # noqa: E402
from tests.support.dovecot import DovecotServer  # noqa: E402


def set_up(games: int) -> tuple[Services, list[tuple[str, str]]]:
    url = f"sqlite:///{tempfile.mkdtemp(prefix='cc-bench-mail-')}/bench.sqlite3"
    migrate.upgrade(url)
    services = Site(
        ServiceContext(Database(url), SystemClock()),
        MailSettings(address="moves@cc.test", secret=b"bench"),
    )
    op = Actor.operator(Door.CLI)
    services.events.create(
        op, EventSpec(code="MB", name="Mail bench", mode=Mode.EMAIL, start_date=date(2026, 1, 1))
    )
    for g in range(games):
        pair = [f"w{g}", f"b{g}"]
        for login in pair:
            services.players.add(op, login=login, name=login, emails=[f"{login}@bench.test"])
        services.events.add_players(op, "MB", pair, section=f"S{g}")
    services.events.start(op, "MB")
    letters = []
    with services.ctx.db.read() as session:
        for game in session.query(Game).order_by(Game.id):
            letters.append(
                (f"{game.white.login}@bench.test", services.mail.subject(game, game.white_id))
            )
    return services, letters


async def bare_fetch(port: int, user: str) -> int:
    box = ImapMailbox("127.0.0.1", port, user, "pw", timeout=60)
    await box.open()
    uids = await box.unseen()
    fetched = await box.fetch(uids)
    await box.close()
    return len(fetched)


async def gateway(port: int, user: str, services: Services) -> int:
    box = ImapMailbox("127.0.0.1", port, user, "pw", timeout=60)
    await box.open()
    handled = (await drain(box, services.mail.receive_many)).handled
    await box.close()
    return handled


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=200)
    n = parser.parse_args().messages
    services, letters = set_up(n)
    server = DovecotServer({"bare": "pw", "gate": "pw"})
    server.start()
    try:
        now = datetime.now(UTC).timestamp()
        for i, (sender, subject) in enumerate(letters):
            raw = raw_mail(sender, subject, "1. 5254")
            server.deliver("bare", raw, f"b{i}", now)
            server.deliver("gate", raw, f"g{i}", now)
        start = time.perf_counter()
        fetched = asyncio.run(bare_fetch(server.port, "bare"))
        bare = time.perf_counter() - start
        start = time.perf_counter()
        handled = asyncio.run(gateway(server.port, "gate", services))
        full = time.perf_counter() - start
    finally:
        server.stop()
    assert fetched == handled == n, (fetched, handled, n)
    print(f"{n} messages")
    print(f"baseline bare aioimaplib fetch: {n / bare:,.0f} msg/s")
    print(
        f"gateway end to end (parsed, applied, answered into the outbox): {n / full:,.0f} "
        f"msg/s = {full / bare:.1f}x the baseline's time"
    )


if __name__ == "__main__":
    main()
