"""Telling a database that is down from a fault: what the doors answer "try later"."""

from __future__ import annotations

from sqlalchemy import exc as sa_exc


def unavailable(error: BaseException) -> bool:
    """The database cannot serve now (down, unreachable, full, read-only,
    locked too long): no fault of the request, which may be tried again.

    Doors answer it as "try later" (HTTP 503, SMTP 451, an unseen message
    left for the next round), never as a refusal or a permanent failure.
    """
    if isinstance(error, sa_exc.DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, sa_exc.OperationalError | sa_exc.InterfaceError | sa_exc.TimeoutError)
