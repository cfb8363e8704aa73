"""Messages per second through the gateway, from a real Dovecot mailbox.

N messages (each White's first move in its own game) are delivered into a
loopback Dovecot; the gateway reads, parses, applies and answers them into
the outbox. The baseline, measured in the same run on the same N messages,
is what a message cannot do without: a bare aioimaplib fetch in batches of
50, reading each message (:func:`mailgate.letters.read_letter`) and one
durable commit per message on the same kind of database. The goal is the
gateway within 3x of that sum. Each is measured ``--repeat`` times on fresh
mailboxes and games; the medians are compared.

    .venv/bin/python bench/mail_gateway.py [--messages 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from goals import verdict  # noqa: E402

from cc.app.services import Services  # noqa: E402
from cc.base.clock import SystemClock  # noqa: E402
from cc.base.kinds import Door, InboundStatus  # noqa: E402
from cc.base.regulations import Mode  # noqa: E402
from cc.events.lifecycle import EventSpec  # noqa: E402
from cc.kernel.context import Actor, ServiceContext  # noqa: E402
from cc.office.outbound import MailSettings  # noqa: E402
from cc.run.site import Site  # noqa: E402
from cc.store import migrate  # noqa: E402
from cc.store.db import Database  # noqa: E402
from cc.store.models import Game, InboundMessage  # noqa: E402
from mailgate.imap import ImapMailbox, drain  # noqa: E402
from mailgate.letters import read_letter  # noqa: E402
from tests.support.dovecot import DovecotServer  # noqa: E402
from tests.support.mail import raw_mail  # noqa: E402


def set_up(games: int) -> tuple[Services, list[tuple[str, str]]]:
    """A fresh database with ``games`` email games, and each White's
    (address, subject) to move in it."""
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


def commits(services: Services, raws: list[bytes]) -> float:
    """Seconds for one durable commit per message, each recording it."""
    now = datetime.now(UTC)
    start = time.perf_counter()
    for i, raw in enumerate(raws):
        with services.ctx.db.write() as session:
            session.add(
                InboundMessage(
                    key=f"floor-{i}-{time.time_ns()}",
                    sender="floor@bench.test",
                    message_id=None,
                    subject="floor",
                    arrived_at=now,
                    date_header=None,
                    source="imap",
                    status=InboundStatus.IGNORED,
                    outcome="floor",
                    attempts=1,
                    raw=raw,
                    processed_at=now,
                )
            )
    return time.perf_counter() - start


def one_run(n: int, run: int) -> tuple[float, float, float, float]:
    """(gateway, fetch, parse, commits) seconds for ``n`` messages."""
    services, letters = set_up(n)
    users = {f"bare{run}": "pw", f"gate{run}": "pw"}
    server = DovecotServer(users)
    server.start()
    try:
        now = datetime.now(UTC).timestamp()
        raws = [raw_mail(sender, subject, "1. 5254") for sender, subject in letters]
        for i, raw in enumerate(raws):
            server.deliver(f"bare{run}", raw, f"b{i}", now)
            server.deliver(f"gate{run}", raw, f"g{i}", now)
        start = time.perf_counter()
        fetched = asyncio.run(bare_fetch(server.port, f"bare{run}"))
        fetch = time.perf_counter() - start
        start = time.perf_counter()
        for raw in raws:
            read_letter(raw)
        parse = time.perf_counter() - start
        floor = commits(services, raws)
        start = time.perf_counter()
        handled = asyncio.run(gateway(server.port, f"gate{run}", services))
        full = time.perf_counter() - start
    finally:
        server.stop()
        services.ctx.db.dispose()
    assert fetched == handled == n, (fetched, handled, n)
    return full, fetch, parse, floor


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n = args.messages
    runs = [one_run(n, run) for run in range(args.repeat)]
    full, fetch, parse, floor = (statistics.median(r[i] for r in runs) for i in range(4))
    baseline = fetch + parse + floor
    print(f"{n} messages, medians of {args.repeat} runs (SQLite WAL + FULL)")
    print(f"bare aioimaplib fetch: {n / fetch:,.0f} msg/s ({fetch / n * 1e3:.2f} ms a message)")
    print(f"reading a message: {parse / n * 1e3:.2f} ms")
    print(f"one durable commit per message: {floor / n * 1e3:.2f} ms")
    print(
        f"gateway end to end (read, applied, answered into the outbox): {n / full:,.0f} "
        f"msg/s ({full / n * 1e3:.2f} ms a message)"
    )
    verdict("gateway / (fetch + read + a durable commit a message)", full / baseline, 3)
    print(f"gateway / bare fetch: {full / fetch:.1f}x (no goal)")


if __name__ == "__main__":
    main()
