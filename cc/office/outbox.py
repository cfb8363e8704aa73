"""Outgoing mail: written to a local Maildir outbox.

In the embedded default nothing leaves the machine: messages (password
reset links, notices) wait in ``var/outbox`` where an operator can read
them; the email gateway sends from the same outbox when it is configured.
A message is written only after the transaction it reports has committed.
"""

from __future__ import annotations

import mailbox
import secrets
import time
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path


def message_id(domain: str) -> str:
    """A Message-ID unique whatever the state of Python's shared ``random``:
    ``make_msgid`` draws its number from it, so a caller that seeds it (or
    processes forked with one state) repeats an id within the same 10 ms,
    and the outbound table keeps ids unique. 80 secret bits make it so, and
    the id stays short enough for its header line not to fold."""
    return f"<{int(time.time())}.{secrets.token_hex(10)}@{domain}>"


class Outbox:
    def __init__(self, path: Path, sender: str = "cc-server@localhost") -> None:
        self.path = path
        self.sender = sender

    def send(self, to: str, subject: str, body: str) -> str:
        """Queue one plain-text message; returns its Message-ID."""
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = message_id("cc-server")
        message.set_content(body)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        box = mailbox.Maildir(str(self.path), create=True)
        try:
            box.add(message)
        finally:
            box.close()
        return str(message["Message-ID"])

    def add(self, message: EmailMessage) -> None:
        """Keep a copy of a message as it was sent."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        box = mailbox.Maildir(str(self.path), create=True)
        try:
            box.add(message)
        finally:
            box.close()

    def messages(self) -> list[EmailMessage]:
        """Every queued message, oldest first (for operators and tests)."""
        if not all((self.path / sub).is_dir() for sub in ("tmp", "new", "cur")):
            return []  # not yet a maildir, or one being made by another process
        from email import message_from_bytes
        from email.policy import default

        box = mailbox.Maildir(str(self.path), create=False)
        try:
            found = sorted(
                (m.get_date(), message_from_bytes(m.as_bytes(), policy=default)) for m in box
            )
        finally:
            box.close()
        return [m for _, m in found]
