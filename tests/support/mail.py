"""Raw messages as players write them, for the gateway's tests."""

from __future__ import annotations

import itertools
import re
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from sqlalchemy import select

from cc.app.services import Services
from cc.store.models import Game, OutboundMessage

_ids = itertools.count(1)


def raw_mail(
    sender: str,
    subject: str,
    body: str,
    *,
    charset: str = "utf-8",
    headers: dict[str, str] | None = None,
    message_id: str | None = "auto",
    html: str | None = None,
) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "moves@cc.test"
    message["Subject"] = subject
    from datetime import UTC, datetime

    message["Date"] = format_datetime(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    if message_id == "auto":
        message["Message-ID"] = make_msgid(idstring=str(next(_ids)), domain="player.test")
    elif message_id is not None:
        message["Message-ID"] = message_id
    for key, value in (headers or {}).items():
        message[key] = value
    if html is not None:
        message.set_content(html, subtype="html", charset=charset)
    else:
        message.set_content(body, charset=charset)
    return bytes(message)


_TOKEN = re.compile(r"(\[cc \d+) [a-z0-9]+\]")


def thread(subject: str) -> str:
    """A subject without its reply token, which is new in every message:
    what stays the same from one message of a game to the next.

    >>> thread("Re: [cc 12 beiq3f2a9c1b0dxy] T1: A - B")
    'Re: [cc 12] T1: A - B'
    """
    return _TOKEN.sub(r"\1]", subject)


def outbox(services: Services) -> list[OutboundMessage]:
    with services.ctx.db.read() as session:
        return list(session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))


def subject(services: Services, player_id: int, game_id: int = 1) -> str:
    """The subject of the game's mail to the player, with a fresh reply token."""
    with services.ctx.db.read() as session:
        game = session.get(Game, game_id)
        assert game is not None
        return services.mail.subject(game, player_id)


def game_subjects(services: Services, white: int, black: int, game_id: int = 1) -> dict[str, str]:
    """The subjects of the game's mail to White and to Black."""
    return {"white": subject(services, white, game_id), "black": subject(services, black, game_id)}
