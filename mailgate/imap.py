"""Read the gateway's mailbox over IMAP (aioimaplib), each message once.

Unseen messages are fetched in batches of at most 50 (aioimaplib hangs on a
large FETCH) with every call under a timeout, handed to the pipeline in
arrival (UID) order, dated by their INTERNALDATE, and flagged \\Seen only
after the pipeline committed. A crash in between leaves the message unseen:
it is fetched again and the pipeline knows it, so nothing is applied twice
and nothing is lost. New mail is waited for with IDLE, or by polling.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import aioimaplib

from cc.base.health import Heartbeat
from cc.base.kinds import InboundStatus
from mailgate.gateway import Receipt

log = logging.getLogger(__name__)
BATCH = 50
T = TypeVar("T")
_UID = re.compile(rb"UID (\d+)")
_DATE = re.compile(rb'INTERNALDATE "([^"]+)"')


class ImapError(Exception):
    """The server refused a command or did not answer in time."""


@dataclass(frozen=True)
class Fetched:
    uid: int
    arrived_at: datetime
    raw: bytes


def parse_fetch(lines: Sequence[Any]) -> list[Fetched]:
    """Pair each FETCH header line with the literal that follows it.

    >>> parse_fetch([b'1 FETCH (UID 7 INTERNALDATE "21-Nov-2026 14:00:53 +0000" BODY[] {2}',
    ...              bytearray(b"hi"), b")", b"Fetch completed."])[0].uid
    7
    """
    out: list[Fetched] = []
    header: bytes | None = None
    for line in lines:
        if isinstance(line, bytearray):
            if header is None:
                continue
            uid, date = _UID.search(header), _DATE.search(header)
            if uid and date:
                arrived = datetime.strptime(date.group(1).decode(), "%d-%b-%Y %H:%M:%S %z")
                out.append(Fetched(int(uid.group(1)), arrived, bytes(line)))
            header = None
        elif isinstance(line, bytes) and b" FETCH (" in line:
            header = line
    return sorted(out, key=lambda f: f.uid)


class ImapMailbox:
    def __init__(
        self,
        host: str,
        port: int,
        user: str,
        password: str,
        *,
        folder: str = "INBOX",
        timeout: float = 30.0,
    ) -> None:
        self.host, self.port = host, port
        self.user, self.password = user, password
        self.folder, self.timeout = folder, timeout
        self._client: aioimaplib.IMAP4 | None = None

    async def _call(self, awaitable: Awaitable[T]) -> T:
        try:
            return await asyncio.wait_for(awaitable, self.timeout)
        except TimeoutError as exc:
            raise ImapError(f"no answer from {self.host}:{self.port} in {self.timeout} s") from exc

    @staticmethod
    def _ok(response: Any, what: str) -> Any:
        if response.result != "OK":
            raise ImapError(f"{what}: {response.result} {response.lines!r}"[:500])
        return response

    async def open(self) -> None:
        client = aioimaplib.IMAP4(host=self.host, port=self.port, timeout=self.timeout)
        await self._call(client.wait_hello_from_server())
        self._ok(await self._call(client.login(self.user, self.password)), "LOGIN")
        self._ok(await self._call(client.select(self.folder)), "SELECT")
        self._client = client

    @property
    def client(self) -> aioimaplib.IMAP4:
        if self._client is None:
            raise ImapError("not connected")
        return self._client

    async def unseen(self) -> list[int]:
        response = self._ok(await self._call(self.client.uid_search("UNSEEN")), "SEARCH")
        first = response.lines[0] if response.lines else b""
        return sorted(int(x) for x in bytes(first).split() if x.isdigit())

    async def fetch(self, uids: Sequence[int]) -> list[Fetched]:
        found: list[Fetched] = []
        for start in range(0, len(uids), BATCH):
            chunk = ",".join(str(u) for u in uids[start : start + BATCH])
            response = self._ok(
                await self._call(self.client.uid("fetch", chunk, "(UID INTERNALDATE BODY.PEEK[])")),
                "FETCH",
            )
            found.extend(parse_fetch(response.lines))
        return found

    async def done(self, uids: Sequence[int]) -> None:
        """Flag messages seen, all in one command (a round trip to the
        server each would cost more than the rest of a message's reading)."""
        if uids:
            flagged = self.client.uid("store", uid_set(uids), "+FLAGS", "(\\Seen)")
            self._ok(await self._call(flagged), "STORE")

    async def wait_for_news(self, seconds: float) -> None:
        """IDLE until the server pushes news or ``seconds`` pass; else poll."""
        client = self.client
        if not client.has_capability("IDLE"):
            await asyncio.sleep(seconds)
            return
        idle = await self._call(client.idle_start(timeout=seconds))
        try:
            await asyncio.wait_for(client.wait_server_push(), seconds)
        except TimeoutError:
            pass
        finally:
            client.idle_done()
            await self._call(idle)

    async def close(self) -> None:
        if self._client is not None:
            with contextlib.suppress(TimeoutError, OSError, aioimaplib.Abort):
                await asyncio.wait_for(self._client.logout(), 5)
            self._client = None


def uid_set(uids: Sequence[int]) -> str:
    """An IMAP sequence set of ``uids``, runs written as ranges (RFC 3501).

    >>> uid_set([7, 3, 4, 5, 9, 10])
    '3:5,7,9:10'
    """
    runs: list[list[int]] = []
    for uid in sorted(set(uids)):
        if runs and uid == runs[-1][1] + 1:
            runs[-1][1] = uid
        else:
            runs.append([uid, uid])
    return ",".join(str(a) if a == b else f"{a}:{b}" for a, b in runs)


#: takes one fetched batch (raw, arrival, source) and answers a receipt each,
#: in order (:meth:`mailgate.gateway.MailGateway.receive_many`)
ReceiveMany = Callable[[Sequence[tuple[bytes, datetime, str]]], list[Receipt]]


@dataclass(frozen=True)
class Round:
    """What one pass over the mailbox did."""

    handled: int = 0
    #: messages left unseen to be tried again soon
    retry: int = 0
    #: the database could not be used: the round stopped at that message
    unavailable: str | None = None


async def drain(mailbox: ImapMailbox, receive: ReceiveMany) -> Round:
    """Process every unseen message once, in arrival order, a fetched batch
    in one transaction.

    Messages are flagged only after their batch committed. A message the
    pipeline could not finish is left unseen for the next round; when the
    database itself cannot be used the round stops there, since every
    message behind it would meet the same.
    """
    handled = retry = 0
    uids = await mailbox.unseen()
    for start in range(0, len(uids), BATCH):
        batch = await mailbox.fetch(uids[start : start + BATCH])
        receipts = await asyncio.to_thread(receive, [(f.raw, f.arrived_at, "imap") for f in batch])
        unavailable: str | None = None
        done: list[int] = []
        for fetched, receipt in zip(batch, receipts, strict=True):
            if receipt.status == InboundStatus.RETRY:
                retry += 1
                if receipt.outcome == "unavailable":
                    unavailable = receipt.detail or "database unavailable"
                continue  # left unseen: tried again on the next round
            done.append(fetched.uid)
        await mailbox.done(done)
        handled += len(done)
        if unavailable is not None:
            return Round(handled, retry, unavailable)
    return Round(handled, retry)


async def run_imap(
    mailbox: ImapMailbox,
    receive: ReceiveMany,
    *,
    idle_seconds: float = 60.0,
    max_backoff: float = 60.0,
    heartbeat: Heartbeat | None = None,
) -> None:
    """Read the mailbox forever; nothing but cancellation stops it.

    A lost connection is opened again, and any other failure of the loop
    is logged as an error and the loop started again, both with a backoff
    that grows to ``max_backoff``. Messages left unseen to be tried again
    (the database was down, or a message failed) are tried again after the
    same backoff rather than waiting for news: IDLE would not tell of them.
    """
    beat = heartbeat or Heartbeat("imap")
    backoff = 1.0
    while True:
        try:
            await mailbox.open()
            while True:
                done = await drain(mailbox, receive)
                if done.unavailable:
                    beat.failed(done.unavailable)
                else:
                    beat.ok()
                if done.retry:
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, max_backoff)
                    continue
                backoff = 1.0
                await mailbox.wait_for_news(idle_seconds)
        except asyncio.CancelledError:
            await mailbox.close()
            raise
        except (ImapError, OSError, aioimaplib.Abort, aioimaplib.CommandTimeout) as exc:
            log.warning("IMAP %s:%s: %s; again in %.0f s", mailbox.host, mailbox.port, exc, backoff)
            beat.failed(f"{type(exc).__name__}: {exc}")
        except Exception as exc:
            log.exception("IMAP reader failed; started again in %.0f s", backoff)
            beat.failed(f"{type(exc).__name__}: {exc}")
        await mailbox.close()
        await asyncio.sleep(backoff)
        backoff = min(backoff * 2, max_backoff)
