"""Read a raw email as a player wrote it: who, which game, the fresh text.

Pure: bytes in, a :class:`Letter` out. Bodies are decoded whatever their
charset (utf-8, windows-1251, koi8-r), transfer encoding (base64,
quoted-printable) and line format (format=flowed, RFC 3676); an HTML-only
mail is turned into text; attachments are ignored. Quoted earlier messages
and signatures are cut off, so that a quoted old move is never read as a
new one; the player's own text is read wherever it stands, above the quote
or below it (a reply written under the quote, as Thunderbird and The Bat!
can be set to write it).
"""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from typing import Final

from mailgate.dsn import Bounce, bounce_of

#: Lines that open a quoted earlier message, as mail clients write them.
_QUOTE_HEADERS: Final = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"^\s*On .{0,200}\bwrote:\s*$",  # Thunderbird, Gmail, Apple Mail
        r"^.{0,200}\bwrote:\s*$",
        r"^.{0,200}\bпишет:\s*$",  # Thunderbird in Russian
        r"^\s*Вы писали\b.{0,200}:\s*$",  # The Bat! in Russian
        r"^.{0,200}\bнаписал[аи]?( \(а\))?:\s*$",  # Gmail in Russian
        r"^.{0,200}<[^>@\s]+@[^>\s]+>:\s*$",  # Yandex, Mail.ru: "date, Name <a@b>:"
        r"^\s*-{2,}\s*(Original Message|Исходное сообщение|Пересылаемое сообщение|"
        r"Forwarded message)\s*-{2,}\s*$",
        r"^\s*(From|От|Von):\s.+$",  # Outlook's header block
        r"^_{10,}\s*$",  # Outlook's rule line
    )
]
_SIGNATURE: Final = re.compile(r"^(--|-- |—)\s*$")
#: a quote header's verb alone on its line, the rest broken onto the line above
_HEADER_VERB: Final = re.compile(
    r"^\s*(wrote|пишет|написал[аи]?( \(а\))?|писал[аи]?)\s*:\s*$", re.IGNORECASE
)
#: a quoted line: ">", "> >", or The Bat!'s initials before it ("PP> ")
_QUOTED: Final = re.compile(r"^\s*(?:[^\W\d_]{1,4})?>")
#: an innermost quoted block: one that holds no other
_HTML_BLOCKQUOTE: Final = re.compile(
    r"<blockquote\b(?:(?!<blockquote\b).)*?</blockquote>", re.IGNORECASE | re.S
)
_HTML_BREAKS: Final = re.compile(r"<\s*(br|/p|/div|/tr|/li|/h\d)\s*/?>", re.IGNORECASE)
_HTML_CELLS: Final = re.compile(r"<\s*/t[dh]\s*>", re.IGNORECASE)
_HTML_TAGS: Final = re.compile(r"<[^>]+>")
_HTML_DROP: Final = re.compile(r"<(script|style|head)\b.*?</\1>", re.IGNORECASE | re.S)
_AUTO_SENDERS: Final = re.compile(r"^(mailer-daemon|postmaster|no-?reply|bounce)", re.IGNORECASE)
#: The game and reply token the gateway puts in its subjects: [cc 12 4f2a9c1b]
_TOKEN: Final = re.compile(r"\[cc\s+(\d+)\s+([a-z0-9]{6,32})\]", re.IGNORECASE)
#: A leave asked without a game, to be confirmed: [cc leave 2026-07-01 2026-07-14 4f2a...]
_LEAVE_TOKEN: Final = re.compile(
    r"\[cc\s+leave\s+(\d{4}-\d{2}-\d{2})\s+(\d{4}-\d{2}-\d{2})\s+([a-z0-9]{6,32})\]",
    re.IGNORECASE,
)
#: what no database column takes: NUL, and the lone surrogates that stand
#: for undecodable bytes in a header
_UNSTORABLE: Final = re.compile("[\x00\ud800-\udfff]")


@dataclass(frozen=True)
class Letter:
    """What the gateway needs from one incoming message."""

    #: the Message-ID, or a digest of the raw message when it has none
    key: str
    message_id: str | None
    sender: str
    sender_name: str
    subject: str
    #: the Date: header as written: the player's statement, never the ledger's
    date_header: str | None
    references: tuple[str, ...]
    #: the game number and reply token named in the subject, if any
    game_id: int | None
    token: str | None
    #: auto-replies, out-of-office, bounces, lists: recorded, never answered
    automatic: bool
    #: the new text of the message above the quote: quotes and signature
    #: cut off
    text: str
    size: int
    recipients: tuple[str, ...] = field(default=())
    #: the dates of a leave confirmation's subject (its token in ``token``)
    leave_dates: tuple[str, str] | None = None
    #: a bounce of our own mail (a delivery report, a daemon's returned
    #: message), read by :mod:`mailgate.dsn`; None for any other message
    bounce: Bounce | None = None
    #: why it is automatic: the header that says so, as written ("" for a
    #: person's message), kept with the message for the office
    automatic_reason: str = ""
    #: the sender's own text below the quote (a reply written under it),
    #: read when the text above says no move (:mod:`mailgate.content`)
    below: str = ""

    @property
    def written(self) -> str:
        """All the sender's own text, above the quote and below it."""
        return "\n".join(part for part in (self.text, self.below) if part)


def read_letter(raw: bytes) -> Letter:
    """Decode a raw message; never raises, whatever the bytes.

    A header too broken for the email package's parser is read as written;
    a body in a charset that cannot be decoded is read as UTF-8 with
    replacement characters; every text is made safe to store (no NUL, no
    undecodable bytes). So one malformed message is recorded and answered
    like any other and never stops the reader behind it.

    >>> raw = (b"From: Ivan <ivan@example.org>\\r\\nSubject: Re: [cc 7 abc123ef] move\\r\\n"
    ...        b"Message-ID: <m1@x>\\r\\n\\r\\n1. 5254\\r\\n\\r\\n"
    ...        b"On Mon, Petr wrote:\\r\\n> 1. 4244\\r\\n")
    >>> letter = read_letter(raw)
    >>> (letter.sender, letter.game_id, letter.token, letter.text)
    ('ivan@example.org', 7, 'abc123ef', '1. 5254')
    >>> read_letter(b"From: <\\r\\n\\r\\n1. 5254").sender
    ''
    """
    digest = "sha256:" + hashlib.sha256(raw).hexdigest()
    try:
        message = message_from_bytes(raw, policy=policy.default)
    except Exception:  # the parser is lenient; this is the last resort
        return _unreadable(raw, digest)
    assert isinstance(message, EmailMessage)
    name, address = _address(_header(message, "From"))
    message_id = _header(message, "Message-ID").strip()[:400] or None
    subject = _header(message, "Subject")
    token_match = _TOKEN.search(subject)
    leave_match = None if token_match else _LEAVE_TOKEN.search(subject)
    why = automatic_reason(message, address)
    above, below = own_text(body_text(message))
    references = tuple(
        r
        for r in re.split(
            r"\s+", f"{_header(message, 'In-Reply-To')} {_header(message, 'References')}"
        )
        if r
    )
    return Letter(
        key=message_id or digest,
        message_id=message_id,
        sender=address,
        sender_name=name,
        subject=subject,
        date_header=_header(message, "Date")[:200] or None,
        references=references,
        game_id=_game_number(token_match.group(1)) if token_match else None,
        token=(
            token_match.group(2).lower()
            if token_match
            else leave_match.group(3).lower()
            if leave_match
            else None
        ),
        automatic=bool(why),
        text=safe_text(above),
        size=len(raw),
        recipients=_recipients(message),
        leave_dates=(leave_match.group(1), leave_match.group(2)) if leave_match else None,
        bounce=bounce_of(message),
        automatic_reason=why,
        below=safe_text(below),
    )


def _unreadable(raw: bytes, digest: str) -> Letter:
    """A message not even the lenient parser reads: kept, never answered."""
    return Letter(
        key=digest,
        message_id=None,
        sender="",
        sender_name="",
        subject="",
        date_header=None,
        references=(),
        game_id=None,
        token=None,
        automatic=True,
        text="",
        size=len(raw),
        automatic_reason="unreadable",
    )


def safe_text(value: str) -> str:
    """Text that every database stores: undecodable bytes and NUL replaced.

    >>> safe_text("a\\x00b\\udcff")
    'a\\ufffdb\\ufffd'
    """
    return _UNSTORABLE.sub("\ufffd", value)


def _header(message: EmailMessage, name: str) -> str:
    """One header's text: parsed when it parses, else as written."""
    try:
        value = message.get(name)
        text = "" if value is None else str(value)
    except Exception:  # a header the parser chokes on (e.g. "From: <")
        text = next((str(v) for k, v in message.raw_items() if k.lower() == name.lower()), "")
    return safe_text(text)


def _address(value: str) -> tuple[str, str]:
    try:
        name, address = parseaddr(value)
    except Exception:
        return "", ""
    return safe_text(name), safe_text(address.strip().lower())[:320]


def _recipients(message: EmailMessage) -> tuple[str, ...]:
    try:
        values = [str(v) for v in message.get_all("To", []) or []]
        return tuple(safe_text(a.lower()) for _, a in getaddresses(values))
    except Exception:
        return ()


def _game_number(digits: str) -> int | None:
    number = int(digits)
    return number if number < 2**31 else None


def is_automatic(message: EmailMessage, address: str) -> bool:
    """Auto-replies, out-of-office notes, bounces and list mail (RFC 3834)."""
    return bool(automatic_reason(message, address))


def automatic_reason(message: EmailMessage, address: str) -> str:
    """Why a message is automatic: the header that says so, as written (a
    fact any reader of the office's list reads); "" for a person's message.

    >>> from email import message_from_string
    >>> automatic_reason(message_from_string("Auto-Submitted: auto-replied\\n\\nx"), "a@b")
    'Auto-Submitted: auto-replied'
    >>> automatic_reason(message_from_string("From: a@b\\n\\nx"), "a@b")
    ''
    """
    auto = _header(message, "Auto-Submitted").strip()
    if (auto.lower() or "no") != "no":
        return f"Auto-Submitted: {auto}"[:200]
    precedence = _header(message, "Precedence").strip()
    if precedence.lower() in ("bulk", "junk", "list"):
        return f"Precedence: {precedence}"
    for name in ("X-Autoreply", "X-Autorespond", "List-Id"):
        value = _header(message, name).strip()
        if value:
            return f"{name}: {value}"[:200]
    try:
        if message.get_content_type() == "multipart/report":
            kind = message.get_param("report-type") or ""
            return f"Content-Type: multipart/report; report-type={kind}"[:200]
    except Exception:
        pass
    if not address:
        return "From: -"
    if _AUTO_SENDERS.match(address):
        return f"From: {address}"
    return ""


def body_text(message: EmailMessage) -> str:
    """The text body: the plain part, or the HTML part made into text."""
    try:
        plain = message.get_body(preferencelist=("plain",))
        if plain is not None:
            text = _content(plain)  # type: ignore[arg-type]
            if str(plain.get_param("format", "")).lower() == "flowed":
                delsp = str(plain.get_param("delsp", "")).lower() == "yes"
                return unflow(text, delsp=delsp)
            return text
        rich = message.get_body(preferencelist=("html",))
        if rich is not None:
            return html_to_text(_content(rich))  # type: ignore[arg-type]
    except Exception:  # a structure the parser cannot walk: no text
        return ""
    return ""


def _content(part: EmailMessage) -> str:
    """A part's text in its charset; UTF-8 when the charset is unknown,
    unusable (``idna``) or malformed (a NUL in its name)."""
    try:
        content = part.get_content()
    except Exception:
        try:
            payload = part.get_payload(decode=True) or b""
        except Exception:
            payload = b""
        content = bytes(payload).decode("utf-8", errors="replace")
    return content if isinstance(content, str) else content.decode("utf-8", errors="replace")


def unflow(text: str, *, delsp: bool = False) -> str:
    """A format=flowed body (RFC 3676) as the lines its writer typed: a line
    ending in a space goes on in the next line of the same quote depth;
    quoted lines keep their depth as "> " marks.

    >>> unflow("27.11.2026 10:00, Server <moves@cc.test> \\nпишет:\\n> 1. \\n> 5254\\n\\n1. 5254 5755")
    '27.11.2026 10:00, Server <moves@cc.test> пишет:\\n> 1. 5254\\n\\n1. 5254 5755'
    """  # noqa: E501
    out: list[str] = []
    pending: tuple[int, str] | None = None
    for raw in text.replace("\r\n", "\n").split("\n"):
        depth = len(raw) - len(raw.lstrip(">"))
        content = raw[depth:]
        if content.startswith(" "):  # space-stuffed, or the space after ">"
            content = content[1:]
        flowed = content.endswith(" ") and content.rstrip() != "--"
        if flowed and delsp:
            content = content[:-1]
        if pending is not None:
            if pending[0] == depth:
                content = pending[1] + content
            else:
                out.append(_at_depth(*pending))
            pending = None
        if flowed:
            pending = (depth, content)
        else:
            out.append(_at_depth(depth, content))
    if pending is not None:
        out.append(_at_depth(*pending))
    return "\n".join(out)


def _at_depth(depth: int, content: str) -> str:
    return f"{'>' * depth} {content}" if depth else content


def html_to_text(markup: str) -> str:
    """Plain text of an HTML body, a quoted block left as one ">" line, so
    that the text after it is read as the text after a quote.

    >>> html_to_text("<p>1. 5254</p><blockquote>1. 4244</blockquote><div>Ivan</div>")
    '1. 5254\\n>\\nIvan'
    >>> html_to_text("<blockquote>a<blockquote>1. 4244</blockquote>01. 5254</blockquote>b")
    '>\\nb'
    """
    text = _HTML_DROP.sub("", markup)
    quoted = None
    while quoted != text:  # quotes in quotes: the innermost first
        quoted, text = text, _HTML_BLOCKQUOTE.sub("\n>\n", text)
    text = _HTML_CELLS.sub(" ", text)
    text = _HTML_BREAKS.sub("\n", text)
    text = html.unescape(_HTML_TAGS.sub("", text)).replace("\xa0", " ")
    lines = [line.rstrip() for line in text.splitlines()]
    return "\n".join(line for line in lines if line.strip())


def fresh_text(text: str) -> str:
    """The text the sender wrote now above the quote: up to a quote header
    or the signature, quoted lines left out."""
    return own_text(text)[0]


def own_text(text: str) -> tuple[str, str]:
    """The sender's own text above the first quote, and below it.

    Quoted lines are the partner's and never the sender's move, and the line
    that opens a quote ("..., Name пишет:") goes with it. Below a quote, the
    lines outside quotes are the sender's too (a reply written under the
    quote), up to the signature. An earlier message copied in without quote
    marks (Outlook's "-----Original Message-----", a forward) ends the
    sender's text: what follows it is not theirs.

    >>> own_text("Hi\\n27.11.2026 10:00, Server пишет:\\n> 01. 5254\\n\\n1. 5254 5755\\n-- \\nPetr")
    ('Hi', '1. 5254 5755')
    >>> own_text("1. 5254 5755\\n-----Original Message-----\\nFrom: moves@cc.test\\n01. 5254")
    ('1. 5254 5755', '')
    """
    above: list[str] = []
    below: list[str] = []
    kept = above
    lines = text.replace("\r\n", "\n").split("\n")
    for at, line in enumerate(lines):
        if _SIGNATURE.match(line):
            break
        if any(p.match(line) for p in _QUOTE_HEADERS):
            if at and kept and kept[-1] == lines[at - 1].rstrip() and _header_goes_on(line):
                kept.pop()  # the header's first half, broken by the program
            if not _quote_follows(lines, at + 1):
                break
            kept = below
            continue
        if _QUOTED.match(line):
            continue
        kept.append(line.rstrip())
    return _trimmed(above), _trimmed(below)


def _trimmed(lines: list[str]) -> str:
    """The lines without the blank ones at either end."""
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    return "\n".join(lines)


def _header_goes_on(line: str) -> bool:
    """Whether a quote header's line is the second half of a longer one, as
    Gmail breaks a long "On ..., Name <address> wrote:" in plain text: it
    holds only the verb, or the end of an address begun on the line above.

    >>> _header_goes_on("moves@cc.test> wrote:"), _header_goes_on("пишет:")
    (True, True)
    >>> _header_goes_on("On Sun, 10 May 2026, Server <moves@cc.test> wrote:")
    False
    """
    if _HEADER_VERB.match(line):
        return True
    close = line.find(">")
    return close >= 0 and "<" not in line[:close]


def _quote_follows(lines: list[str], start: int) -> bool:
    """Whether the first line with text from ``start`` on is quoted."""
    for line in lines[start:]:
        if line.strip():
            return bool(_QUOTED.match(line))
    return False
