"""The token in the subject of the server's mail: which game (or leave) and
which player a reply answers, signed, and the day it was issued.

A reply is taken as the player's only when its token is genuine for them,
so the token is the gateway's first check of who writes (spec §9).
"""

from __future__ import annotations

import hashlib
import hmac
from base64 import b32decode, b32encode
from datetime import date, timedelta

#: the first day a reply token counts from (two bytes of days cover 179 years)
_TOKEN_EPOCH = date(2020, 1, 1)
_TOKEN_BYTES = 10


def reply_token(secret: bytes, purpose: str, player_id: int, issued: date, nonce: bytes) -> str:
    """A reply token: the day it was issued, a per-message nonce and a
    signature over them, the purpose (``game:12``, ``leave:...``) and the
    player. Each message gets its own; none is a fixed value a quoted or
    forwarded message would give away for good.

    >>> token = reply_token(b"k", "game:7", 2, date(2026, 5, 1), b"ab")
    >>> len(token), token_issued(b"k", token, "game:7", 2)
    (16, datetime.date(2026, 5, 1))
    >>> token_issued(b"k", token, "game:8", 2) is None
    True
    """
    head = (issued - _TOKEN_EPOCH).days.to_bytes(2, "big") + nonce[:2].rjust(2, b"\0")
    mac = hmac.new(secret, f"{purpose}:{player_id}:".encode() + head, hashlib.sha256).digest()
    return b32encode(head + mac[: _TOKEN_BYTES - 4]).decode().lower()


def token_issued(secret: bytes, token: str | None, purpose: str, player_id: int) -> date | None:
    """The day a genuine token for ``purpose`` and the player was issued;
    None for anything else (another game's, another player's, a forgery)."""
    try:
        raw = b32decode((token or "").upper())
    except (ValueError, TypeError):
        return None
    if len(raw) != _TOKEN_BYTES:
        return None
    head = raw[:4]
    mac = hmac.new(secret, f"{purpose}:{player_id}:".encode() + head, hashlib.sha256).digest()
    if not hmac.compare_digest(raw[4:], mac[: _TOKEN_BYTES - 4]):
        return None
    return _TOKEN_EPOCH + timedelta(days=int.from_bytes(raw[:2], "big"))
