"""Read a bounce of our own mail: which message came back, for whom, and why.

Pure: bytes (or a parsed message) in, a :class:`Bounce` out, or None for a
message that is no bounce; it never raises, whatever the bytes.

A delivery status notification (RFC 3464, ``multipart/report;
report-type=delivery-status``) says it all in its ``message/delivery-status``
part: a block for each recipient with the address as we gave it
(``Original-Recipient``) and as it was last tried (``Final-Recipient``), the
``Action`` taken and the ``Status`` (RFC 3463: 5.x.x a permanent failure,
4.x.x a delay, 2.x.x delivered), with the receiving server's own words
(``Diagnostic-Code``). The headers of the message that came back
(``text/rfc822-headers``, or the whole of it as ``message/rfc822``) name
its ``Message-ID``, which is ours.

The common non-standard bounces (qmail's, Exim's, many a mail service's)
come from a mailer daemon with the original quoted below an explanation in
plain text: the failed addresses and the codes are read from the
explanation, the ``Message-ID`` from the quoted headers. A daemon's message
that quotes no ``Message-ID`` is no bounce of anything we can name: it is
left to be ignored as automatic mail.
"""

from __future__ import annotations

import base64
import quopri
import re
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from email.utils import getaddresses
from typing import Final

#: the longest diagnostic kept, in characters
DIAGNOSTIC_CHARS: Final = 300

_DAEMONS: Final = re.compile(r"^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@", re.I)
_ADDRESS: Final = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
#: an enhanced status code (RFC 3463), not a part of a dotted number
_STATUS: Final = re.compile(r"(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![\d.])")
#: an SMTP reply code, as servers write it before their words
_REPLY: Final = re.compile(r"(?<![\d.:\w])([245])\d\d(?=[ -][A-Za-z<#(])")
_MESSAGE_ID: Final = re.compile(
    r"(?im)^[ \t>]*message-id[ \t]*:[ \t]*(<[^<>\s]+>|[^<>\s]+@[^<>\s]+)"
)
#: where a daemon's explanation ends and the quoted original begins
_QUOTE_START: Final = re.compile(
    r"(?im)^(?:.*\b(?:copy of the message|below this line|original message follows|"
    r"original message headers|message headers follow|returned message|undelivered message)\b"
    r"|[ \t]*-{2,}[ \t]*original message[ \t]*-{2,}"
    r"|(?:return-path|received|message-id)[ \t]*:)"
)
#: a daemon's words for a delay, when it gives no code
_DELAY: Final = re.compile(
    r"\b(?:delayed|delay|not yet been delivered|will (?:continue|keep) (?:trying|to try)|"
    r"still (?:being )?retr|will be retried|warning)\b",
    re.I,
)
_ACTION_STATUS: Final = {"failed": "5.0.0", "delayed": "4.0.0"}


@dataclass(frozen=True)
class Recipient:
    """What a bounce says of one recipient of the returned message."""

    #: the address as we gave it (Original-Recipient), else as last tried;
    #: lower-cased, "" when the report names none
    address: str
    #: the address as last tried (Final-Recipient), "" when not said
    final: str
    #: the status (RFC 3463), "5.1.1"; always three numbers
    status: str
    #: the receiving server's words, on one line
    diagnostic: str

    @property
    def failed(self) -> bool:
        """A permanent failure: only 5.x.x is one."""
        return self.status.startswith("5.")

    @property
    def delayed(self) -> bool:
        return self.status.startswith("4.")


@dataclass(frozen=True)
class Bounce:
    """A report that our message could not be delivered (or was delayed)."""

    #: the returned message's Message-ID, with its angle brackets
    original_id: str | None
    #: what the report says of each recipient (may be empty: a daemon that
    #: names no address speaks of the message's one recipient)
    recipients: tuple[Recipient, ...]
    #: the status said for the message as a whole, when no recipient is named
    status: str
    #: the explanation's words, when no recipient is named
    diagnostic: str
    #: a delivery status notification (RFC 3464), not a daemon's plain text
    standard: bool


def read_bounce(raw: bytes) -> Bounce | None:
    """The bounce in ``raw``, or None when it is no bounce; never raises.

    >>> read_bounce(b"From: ivan@example.org\\r\\nSubject: 1. e4\\r\\n\\r\\n1. e4") is None
    True
    """
    try:
        message = message_from_bytes(raw, policy=policy.default)
    except Exception:
        return None
    assert isinstance(message, EmailMessage)
    return bounce_of(message)


def bounce_of(message: EmailMessage) -> Bounce | None:
    """The bounce a parsed message is, or None; never raises."""
    try:
        return _bounce(message)
    except Exception:  # a structure too broken to walk: not read as a bounce
        return None


def _bounce(message: EmailMessage) -> Bounce | None:
    parts: list[Message] = list(message.walk())
    reports = [p for p in parts if p.get_content_type() == "message/delivery-status"]
    if reports:
        recipients: list[Recipient] = []
        for report in reports:
            recipients += _report_recipients(report)
        text = _explanation(parts)
        status = recipients[0].status if recipients else (_status_in(text) or "5.0.0")
        return Bounce(
            _original_id(parts), tuple(recipients), status, _one_line(text), standard=True
        )
    # A player's own message (nearly every one) is told by its headers alone;
    # only a daemon's is searched for the returned message's id.
    if not _from_a_daemon(message):
        return None
    original_id = _original_id(parts)
    if original_id is None:
        return None
    text = _explanation(parts)
    failed = _header_addresses(message, "X-Failed-Recipients")
    named = list(dict.fromkeys(failed + [a.lower() for a in _ADDRESS.findall(text)]))
    status = _status_in(text) or ("4.0.0" if _DELAY.search(text) else "5.0.0")
    found = []
    for address in named:
        words = _words_about(address, named, text)
        if address not in failed and not _status_in(words):
            continue  # an address merely mentioned ("write to postmaster@...")
        found.append(Recipient(address, address, _status_in(words) or status, _one_line(words)))
    return Bounce(original_id, tuple(found), status, _one_line(text), standard=False)


# ------------------------------------------------------------ the report


def _report_recipients(report: Message) -> list[Recipient]:
    """The per-recipient blocks of a ``message/delivery-status`` part."""
    blocks = _blocks(report)
    found = []
    for fields in blocks[1:] if len(blocks) > 1 else blocks:
        final = _typed_address(fields.get("final-recipient", ""))
        original = _typed_address(fields.get("original-recipient", ""))
        if not (final or original):
            continue
        diagnostic = re.sub(r"^\s*[\w-]+\s*;\s*", "", fields.get("diagnostic-code", ""))
        status = _status_in(fields.get("status", "")) or _status_in(diagnostic)
        if not status:
            status = _ACTION_STATUS.get(fields.get("action", "").strip().lower(), "2.0.0")
        found.append(Recipient(original or final, final, status, _one_line(diagnostic)))
    return found


def _blocks(report: Message) -> list[dict[str, str]]:
    """The report's blocks of fields, each by lower-cased name: the first
    is the message's own, the rest one per recipient."""
    payload = report.get_payload()
    encoding = str(report.get("Content-Transfer-Encoding", "")).strip().lower()
    if encoding not in ("base64", "quoted-printable") and isinstance(payload, list):
        return [
            {str(k).lower(): _unfolded(v) for k, v in block.items()}
            for block in payload
            if isinstance(block, Message)
        ]
    # Written encoded (as some servers do): the parser left it as one text.
    if isinstance(payload, list):
        payload = "\n".join(str(b.get_payload()) for b in payload if isinstance(b, Message))
    data = str(payload or "").encode("ascii", "replace")
    try:
        if encoding == "base64":
            data = base64.b64decode(data)
        elif encoding == "quoted-printable":
            data = quopri.decodestring(data)
    except ValueError:  # broken base64: what is left of it is read as it is
        pass
    blocks: list[dict[str, str]] = []
    for chunk in re.split(r"\r?\n[ \t]*\r?\n", data.decode("utf-8", "replace").strip()):
        fields: dict[str, str] = {}
        name = ""
        for line in chunk.splitlines():
            if line[:1] in (" ", "\t") and name:
                fields[name] += " " + line.strip()
            elif ":" in line:
                name, _, value = line.partition(":")
                name = name.strip().lower()
                fields[name] = value.strip()
        if fields:
            blocks.append(fields)
    return blocks


def _typed_address(value: str) -> str:
    """``rfc822; Ivan@Example.org`` as ``ivan@example.org``."""
    _, _, address = value.rpartition(";")
    address = address.strip().strip("<>").strip().lower()
    return address if "@" in address else ""


# ------------------------------------------------------------ the original


def _original_id(parts: list[Message]) -> str | None:
    """The returned message's Message-ID: from its headers when they came
    back as a part, else from the headers quoted in the text."""
    for part in parts:
        kind = part.get_content_type()
        if kind in ("text/rfc822-headers", "message/global-headers"):
            found = _MESSAGE_ID.search(_text(part))
            if found:
                return _bracketed(found.group(1))
        elif kind in ("message/rfc822", "message/global"):
            inner = part.get_payload()
            if isinstance(inner, list) and inner and isinstance(inner[0], Message):
                value = inner[0].get("Message-ID")
                if value:
                    return _bracketed(str(value))
            found = _MESSAGE_ID.search(_text(part))
            if found:
                return _bracketed(found.group(1))
    for part in parts:
        if part.get_content_maintype() == "text":
            found = _MESSAGE_ID.search(_text(part))
            if found:
                return _bracketed(found.group(1))
    return None


def _bracketed(value: str) -> str | None:
    value = value.strip().strip("<>").strip()
    return f"<{value}>"[:400] if value and " " not in value else None


# ------------------------------------------------------------ the words


def _explanation(parts: list[Message]) -> str:
    """The daemon's own words: its first text part, up to the quoted original."""
    for part in parts:
        if part.get_content_type() in ("text/plain", "text/html") and not _inside_returned(
            part, parts
        ):
            text = _text(part)
            if part.get_content_type() == "text/html":
                text = re.sub(r"<[^>]+>", " ", text)
            cut = _QUOTE_START.search(text)
            return text[: cut.start()] if cut else text
    return ""


def _inside_returned(part: Message, parts: list[Message]) -> bool:
    """Whether ``part`` is a part of a returned message (not the daemon's)."""
    for outer in parts:
        if outer.get_content_type() in ("message/rfc822", "message/global"):
            inner = outer.get_payload()
            if isinstance(inner, list) and any(
                part is p for m in inner if isinstance(m, Message) for p in m.walk()
            ):
                return True
        if outer.get_content_type() == "message/delivery-status":
            inner = outer.get_payload()
            if isinstance(inner, list) and any(part is m for m in inner):
                return True
    return False


def _words_about(address: str, named: list[str], text: str) -> str:
    """What the explanation says after ``address``, up to the next address."""
    lower = text.lower()
    start = lower.find(address)
    if start < 0:
        return ""
    end = len(text)
    for other in named:
        if other == address:
            continue
        at = lower.find(other, start + len(address))
        if at >= 0:
            end = min(end, at)
    return text[start:end]


def _status_in(text: str) -> str:
    """The first status code in ``text``: enhanced, else an SMTP reply's class."""
    found = _STATUS.search(text)
    if found:
        return ".".join(found.groups())
    reply = _REPLY.search(text)
    return f"{reply.group(1)}.0.0" if reply else ""


def _from_a_daemon(message: EmailMessage) -> bool:
    """Sent by a mail server, not a person: a daemon's address, an empty
    return path, or Exim's list of failed recipients."""
    if _header_addresses(message, "X-Failed-Recipients"):
        return True
    if str(message.get("Return-Path", "x")).strip() == "<>":
        return True
    return any(_DAEMONS.match(a) for a in _header_addresses(message, "From"))


def _header_addresses(message: Message, name: str) -> list[str]:
    try:
        values = [str(v) for v in message.get_all(name, []) or []]
    except Exception:
        values = [str(v) for k, v in message.raw_items() if k.lower() == name.lower()]
    return [a.strip().lower() for _, a in getaddresses(values) if "@" in a]


def _text(part: Message) -> str:
    try:
        content = part.get_content()  # type: ignore[attr-defined]
        if isinstance(content, str):
            return content
    except Exception:
        pass
    try:
        data = part.get_payload(decode=True)
    except Exception:
        data = None
    if isinstance(data, bytes):
        return data.decode("utf-8", "replace")
    payload = part.get_payload()
    return payload if isinstance(payload, str) else ""


def _unfolded(value: object) -> str:
    return " ".join(str(value).split())


def _one_line(text: str) -> str:
    """Words on one line, at most :data:`DIAGNOSTIC_CHARS` long, safe to store."""
    line = " ".join(text.replace("\x00", " ").split()).strip(" :<>")
    line = line.encode("utf-8", "replace").decode("utf-8")
    if len(line) > DIAGNOSTIC_CHARS:
        line = line[: DIAGNOSTIC_CHARS - 1].rstrip() + "…"
    return line


__all__ = ["DIAGNOSTIC_CHARS", "Bounce", "Recipient", "bounce_of", "read_bounce"]
