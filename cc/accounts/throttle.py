"""Slowing down password guessing and floods of reset mail, without locking anyone out.

Nothing here locks an account. A wrong password makes the next attempt at
the same login, and from the same client address, wait a little: the first
few failures are free, then the waits grow (1 s, 2 s, 4 s ...) up to a short
cap, and failures are forgotten after a while. An attempt made while it must
wait is refused at once with the time left ("try again in 4 s"), without
checking the password and without being counted, so guessing cannot make the
owner's wait any longer than the cap.

- **Per login**: a few wrong passwords at one login slow the next attempts at
  it, from anywhere, capped at two minutes.
- **Per device**: a browser that signed in to a login before carries a
  signed "known device" cookie (OWASP's device cookies); for it, only the
  failures made from that device count against the login. Guesses elsewhere
  never keep the owner out, and a stolen cookie guesses no faster than anyone.
  A personal token (Xfcc) is a proof of its own and is not slowed per login.
- **Per address**: failures from one client address count across every login,
  so one client cannot try a few passwords on every account: waits that grow
  to five minutes, and a daily budget. IPv6 clients count by their /64
  network, as a single subscriber gets a whole one.

Reset requests are limited per address and per account (see
:data:`RESET_PER_ADDRESS`, :data:`RESET_PER_ACCOUNT`).

The rules are pure (:class:`Backoff`, :class:`Budget`: the history and
``now`` in, the wait out); the histories are rows of the database, so every
process of the server sees the same ones.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, text
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import ColumnElement

from cc.base import errors
from cc.store.models import LoginFailure, PasswordReset, ResetRequest
from cc.text.i18n import N_, Text

# ------------------------------------------------------------------ rules


@dataclass(frozen=True)
class Backoff:
    """Waits that grow with the recent failures: ``free`` failures cost
    nothing, then each attempt waits ``first``, twice as long after each
    further failure, never more than ``cap``; failures older than ``window``
    are forgotten. A wait runs from the last failure."""

    free: int
    first: timedelta
    cap: timedelta
    window: timedelta

    def wait(self, history: Iterable[datetime], now: datetime) -> timedelta:
        """How long, from ``now``, the next attempt must wait.

        >>> rule = Backoff(free=2, first=timedelta(seconds=1), cap=timedelta(seconds=5),
        ...                window=timedelta(hours=1))
        >>> t = datetime(2026, 5, 1, 12)
        >>> [rule.wait([t] * n, t).seconds for n in range(7)]
        [0, 0, 1, 2, 4, 5, 5]
        >>> rule.wait([t] * 4, t + timedelta(seconds=3)), rule.wait([t] * 9, t + timedelta(hours=2))
        (datetime.timedelta(seconds=1), datetime.timedelta(0))
        """
        recent = sorted(at for at in history if at > now - self.window)
        over = len(recent) - self.free
        if over < 0:
            return timedelta(0)
        # 2**over overflows timedelta long before it matters: cap the exponent.
        delay: timedelta = min(self.first * 2 ** min(over, 32), self.cap)
        return max(recent[-1] + delay - now, timedelta(0))


@dataclass(frozen=True)
class Budget:
    """At most ``limit`` events in any ``window``: the next one waits until
    the oldest of the last ``limit`` has left the window.

    >>> rule = Budget(limit=3, window=timedelta(hours=1))
    >>> t = datetime(2026, 5, 1, 12)
    >>> history = [t, t + timedelta(minutes=10), t + timedelta(minutes=20)]
    >>> rule.wait(history[:2], t), rule.wait(history, t + timedelta(minutes=30))
    (datetime.timedelta(0), datetime.timedelta(seconds=1800))
    """

    limit: int
    window: timedelta

    def wait(self, history: Iterable[datetime], now: datetime) -> timedelta:
        recent = sorted(at for at in history if at > now - self.window)
        if len(recent) < self.limit:
            return timedelta(0)
        return max(recent[-self.limit] + self.window - now, timedelta(0))


PER_LOGIN = Backoff(
    free=5, first=timedelta(seconds=1), cap=timedelta(minutes=2), window=timedelta(hours=1)
)
PER_ADDRESS = Backoff(
    free=10, first=timedelta(seconds=1), cap=timedelta(minutes=5), window=timedelta(hours=1)
)
#: every login together, from one address
ADDRESS_BUDGET = Budget(limit=100, window=timedelta(days=1))
#: reset links mailed to one account
RESET_PER_ACCOUNT = Budget(limit=3, window=timedelta(hours=1))
#: reset requests from one address, whatever they name
RESET_PER_ADDRESS = Budget(limit=10, window=timedelta(hours=1))
#: how long failures and requests are kept
KEPT = timedelta(days=1)

DEVICE_DAYS = 365
#: the known devices one browser remembers (people sharing a computer)
DEVICES_KEPT = 5


def seconds(wait: timedelta) -> int:
    """A wait in whole seconds, rounded up: never "try again in 0 s"."""
    return max(1, math.ceil(wait.total_seconds()))


def wait_text(wait: timedelta) -> Text:
    """A wait as the reader says it: seconds up to a minute and a half, then minutes.

    >>> wait_text(timedelta(seconds=4)), wait_text(timedelta(seconds=125))
    ('4\xa0s', '3\xa0min')
    """
    n = seconds(wait)
    # A no-break space keeps the number and its unit on one line.
    return N_("{n}\u00a0s", n=n) if n <= 90 else N_("{n}\u00a0min", n=math.ceil(n / 60))


def address_key(host: str) -> str:
    """The client an address stands for: itself, or an IPv6 address's /64.

    >>> address_key("192.0.2.7"), address_key("2001:db8:1:2:3:4:5:6")
    ('192.0.2.7', '2001:db8:1:2::/64')
    >>> address_key("::ffff:192.0.2.7"), address_key("testclient")
    ('192.0.2.7', 'testclient')
    """
    try:
        ip = ipaddress.ip_address(host.strip())
    except ValueError:
        return host.strip()[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


# --------------------------------------------------------- known devices


def _device_key(secret: bytes) -> bytes:
    return hmac.new(secret, b"cc known-device cookie", hashlib.sha256).digest()


def _device_mac(key: bytes, login: str, issued: str, nonce: str) -> str:
    message = f"{login}\n{issued}\n{nonce}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:32]


def known_device(secret: bytes, cookie: str | None, login: str, now: datetime) -> str | None:
    """The device's mark, if the cookie shows this browser signed in to ``login`` before.

    The cookie holds up to :data:`DEVICES_KEPT` entries ``issued.nonce.mac``,
    each signed with the server's key for one login (the login itself is not
    in it), valid :data:`DEVICE_DAYS` days.
    """
    if not cookie:
        return None
    key = _device_key(secret)
    for entry in cookie.split(":")[:DEVICES_KEPT]:
        issued, _, rest = entry.partition(".")
        nonce, _, mac = rest.partition(".")
        if not (issued.isdigit() and nonce and mac):
            continue
        if not hmac.compare_digest(mac, _device_mac(key, login, issued, nonce)):
            continue
        age = now.timestamp() - int(issued)
        if 0 <= age <= DEVICE_DAYS * 86400:
            return nonce
    return None


def remember_device(secret: bytes, cookie: str | None, login: str, now: datetime) -> str:
    """The cookie after a successful sign-in to ``login``: its entry first and fresh."""
    key = _device_key(secret)
    nonce = known_device(secret, cookie, login, now) or secrets.token_hex(8)
    issued = str(int(now.timestamp()))
    fresh = f"{issued}.{nonce}.{_device_mac(key, login, issued, nonce)}"
    others = [
        entry
        for entry in (cookie or "").split(":")[:DEVICES_KEPT]
        if entry and entry.split(".")[1:2] != [nonce]
    ]
    return ":".join([fresh, *others][:DEVICES_KEPT])


# --------------------------------------------------------------- sign-in


def _serialize(session: Session, *keys: str) -> None:
    """On PostgreSQL, one attempt at a time per login and per address, so that
    a burst of parallel guesses is counted like guesses in a row (SQLite's
    writers take the database's lock up front, which does the same)."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for key in keys:
        number = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)
        session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": number})


def _times(session: Session, *where: ColumnElement[bool]) -> Sequence[datetime]:
    return session.scalars(select(LoginFailure.at).where(*where)).all()


def sign_in_wait(
    session: Session,
    login: str,
    address: str,
    device: str | None,
    now: datetime,
    *,
    per_login: bool = True,
) -> timedelta:
    """How long an attempt at ``login`` from ``address`` must wait (0: go on).

    ``login`` is the folded login, ``address`` an :func:`address_key`,
    ``device`` the mark of a known device of this login, if any.
    """
    _serialize(session, f"login:{login}", f"address:{address}")
    since = now - KEPT
    by_address = _times(session, LoginFailure.address == address, LoginFailure.at > since)
    waits = [PER_ADDRESS.wait(by_address, now), ADDRESS_BUDGET.wait(by_address, now)]
    if per_login:
        mine = [LoginFailure.login == login, LoginFailure.at > now - PER_LOGIN.window]
        if device is not None:
            mine.append(LoginFailure.device == device)
        waits.append(PER_LOGIN.wait(_times(session, *mine), now))
    return max(waits)


def record_failure(
    session: Session, login: str, address: str, device: str | None, now: datetime
) -> LoginFailure:
    """Count an attempt as failed (before its password is checked: a success
    takes it back with :func:`forgive`), and forget what is too old to count."""
    session.execute(delete(LoginFailure).where(LoginFailure.at <= now - KEPT))
    failure = LoginFailure(login=login, address=address, device=device, at=now)
    session.add(failure)
    session.flush()
    return failure


def forgive(session: Session, failure_id: int | None, login: str, address: str) -> None:
    """After a success: this attempt, and the failures of this login from this
    address, no longer count (other addresses' guesses at it still do)."""
    session.execute(
        delete(LoginFailure).where(
            (LoginFailure.id == failure_id)
            | ((LoginFailure.login == login) & (LoginFailure.address == address))
        )
    )


def too_many_attempts(wait: timedelta) -> errors.TooManyAttempts:
    return errors.TooManyAttempts(seconds=seconds(wait), wait=wait_text(wait))


# ------------------------------------------------------------ reset mail


def check_reset_request(session: Session, address: str, now: datetime) -> None:
    """Count a reset request from ``address``, or refuse it while the address
    has used its budget (the same answer whatever the request names)."""
    _serialize(session, f"reset:{address}")
    session.execute(delete(ResetRequest).where(ResetRequest.at <= now - KEPT))
    history = session.scalars(
        select(ResetRequest.at).where(
            ResetRequest.address == address, ResetRequest.at > now - RESET_PER_ADDRESS.window
        )
    ).all()
    wait = RESET_PER_ADDRESS.wait(history, now)
    if wait:
        raise errors.TooManyResetRequests(seconds=seconds(wait), wait=wait_text(wait))
    session.add(ResetRequest(address=address, at=now))


def reset_mail_allowed(session: Session, player_id: int, now: datetime) -> bool:
    """Whether another reset link may be mailed to this account now."""
    since = now - RESET_PER_ACCOUNT.window
    sent = session.scalars(
        select(PasswordReset.created_at).where(
            PasswordReset.player_id == player_id, PasswordReset.created_at > since
        )
    ).all()
    return not RESET_PER_ACCOUNT.wait(sent, now)
