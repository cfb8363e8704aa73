"""Secrets stay out of the access log.

A password reset link carries its token in its path (``/reset/<token>``),
and uvicorn's access log writes every request's path and query. The filter
here hides the token, and any ``token=`` in a query, before the line is
written by whatever handlers the site configures. The link's page moves the
token into a cookie on first use (cc.web.sign_in_pages), so only that one request
ever carries it.

Open pages ask ``/api/v1/me/pulse`` every few seconds (cc/web/static/live.js);
those polls are left out of the log when they succeed, so it keeps telling
what people did.
"""

from __future__ import annotations

import logging
import re

ACCESS_LOGGER = "uvicorn.access"
HIDDEN = "…"
#: a reset link's token: any last segment under /reset/ but the form's own page
_RESET_PATH = re.compile(r"(/reset/)(?!new(?:[?#]|$))[^/?#\s]+")
#: a one-click unsubscribe link's token (it stops someone's mail)
_UNSUBSCRIBE_PATH = re.compile(r"(/unsubscribe/)[^/?#\s]+")
_QUERY_SECRET = re.compile(r"([?&](?:token|password)=)[^&#\s]*", re.IGNORECASE)
#: what open pages poll: logged only when it fails
POLLED = frozenset({"/api/v1/me/pulse"})


def redact(path: str) -> str:
    """A request path and query as it may be logged.

    >>> redact("/reset/Qm9ndXMtdG9rZW4"), redact("/reset/new"), redact("/games/7?token=abc&x=1")
    ('/reset/…', '/reset/new', '/games/7?token=…&x=1')
    >>> redact("/unsubscribe/MS5tb3Zlcw.abc")
    '/unsubscribe/…'
    """
    path = _UNSUBSCRIBE_PATH.sub(r"\1" + HIDDEN, path)
    return _QUERY_SECRET.sub(r"\1" + HIDDEN, _RESET_PATH.sub(r"\1" + HIDDEN, path))


class HideSecrets(logging.Filter):
    """Rewrites the path of an access-log record (uvicorn gives it as the
    third argument: client, method, path, HTTP version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            if len(args) >= 5 and args[2] in POLLED and isinstance(args[4], int) and args[4] < 400:
                return False
            record.args = (*args[:2], redact(args[2]), *args[3:])
        return True


def hide_secrets() -> None:
    """Install the filter on uvicorn's access logger (once per process)."""
    logger = logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(f, HideSecrets) for f in logger.filters):
        logger.addFilter(HideSecrets())
