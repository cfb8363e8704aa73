"""Password hashing (argon2id) and token digests: no password or token is stored as such."""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


def token_digest(token: str) -> str:
    """What is stored of a token (a session cookie, an API token, a reset
    link): its SHA-256, so a copy of the database gives no one a way in."""
    return hashlib.sha256(token.encode()).hexdigest()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


@cache
def _stand_in() -> str:
    """A hash of a password nobody has, made once per process."""
    return _hasher.hash(secrets.token_urlsafe(32))


def verify_password(stored_hash: str | None, password: str) -> bool:
    """Whether ``password`` is the one hashed; as slow when there is no hash.

    Without a stored hash (an unknown login, a player without a password)
    the password is checked against a stand-in hash all the same, so the
    answer takes as long and tells nobody which logins exist.
    """
    if not stored_hash:
        verify_stand_in(password)
        return False
    try:
        return _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def verify_stand_in(password: str) -> None:
    """The work of checking a password, for a login that has none."""
    with contextlib.suppress(VerificationError, InvalidHashError):
        _hasher.verify(_stand_in(), password)
