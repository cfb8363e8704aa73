"""An SMTP relay on loopback for the mail door's tests: aiosmtpd with a
handler that keeps what it is given, or answers with a set reply."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.policy import default
from typing import Any, NamedTuple

from aiosmtpd.controller import Controller

from tests.support.postgres import free_port


class Collector:
    """A relay that keeps what it is given, or answers with a set reply."""

    def __init__(self) -> None:
        self.messages: list[Any] = []
        self.answer = "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.answer.startswith("250"):
            self.messages.append(message_from_bytes(envelope.content, policy=default))
        return self.answer


class Relay(NamedTuple):
    """A running relay: its handler and its loopback port."""

    collector: Collector
    port: int


@contextmanager
def running_relay() -> Iterator[Relay]:
    """A Collector listening on a free loopback port until the block ends."""
    collector = Collector()
    port = free_port()
    controller = Controller(collector, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield Relay(collector, port)
    finally:
        controller.stop()
