"""Whatever bytes arrive, reading them gives a letter and a statement, never
an exception: the reader behind a malformed message must go on."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mailgate.content import Statement, read_statement
from mailgate.letters import Letter, read_letter

#: pieces of headers and bodies that have broken mail parsers
_HEADER_NAMES = ["From", "To", "Subject", "Message-ID", "Date", "Content-Type", "References"]
_HEADER_VALUES = [
    "<",
    "<>",
    '"',
    "@",
    "a@b",
    "=?utf-8?q?=FF?=",
    "=?x-unknown?b?AAAA?=",
    "text/plain; charset=idna",
    'text/plain; charset="utf\x00-8"',
    "text/plain; charset=x-no-such",
    "multipart/mixed; boundary=",
    "multipart/alternative; boundary=b",
    "[cc 1 abcdefgh]",
    "[cc 99999999999999999999999 abcdefgh]",
    "[cc \u0663 abcdefgh]",
]
_BODIES = [
    "1. 5254",
    "--b\r\n\r\nx\r\n--b--",
    "=FF=00",
    "\u0663. e2e2",
    "перерыв с 31.02.2026 по 1.03.2026",
]


def _storable(text: str) -> bool:
    return "\x00" not in text and text == text.encode("utf-8", "strict").decode("utf-8")


def _assert_storable(letter: Letter) -> None:
    for value in (letter.key, letter.sender, letter.sender_name, letter.subject, letter.text):
        assert _storable(value), value
    assert letter.date_header is None or len(letter.date_header) <= 200
    assert letter.game_id is None or letter.game_id < 2**31


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_any_bytes_read_as_a_letter(raw: bytes) -> None:
    _assert_storable(read_letter(raw))


@st.composite
def _messages(draw: st.DrawFn) -> bytes:
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        name = draw(st.sampled_from(_HEADER_NAMES))
        value = draw(st.one_of(st.sampled_from(_HEADER_VALUES), st.text(max_size=40)))
        lines.append(f"{name}: {value}")
    body = draw(st.one_of(st.sampled_from(_BODIES), st.text(max_size=200)))
    encoding = draw(st.sampled_from(["utf-8", "latin-1", "cp1251"]))
    text = "\r\n".join(lines) + "\r\n\r\n" + body
    return text.encode(encoding, errors="replace") + draw(st.binary(max_size=20))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_messages())
def test_any_headers_and_bodies_read_as_a_letter(raw: bytes) -> None:
    _assert_storable(read_letter(raw))


_WORDS = [
    "1.",
    "01.",
    "5254",
    "e2e2",
    "5²54",
    "5٩61",
    "предлагаю ничью",
    "сдаюсь",
    "перерыв с",
    "по",
    "31.02.2026",
    "2026-02-30",
    "12.05.2026",
    "٣١.٠٢.٢٠٢٦",
    "leave from",
    "to",
    "\n",
]


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(), st.lists(st.sampled_from(_WORDS)).map(" ".join)))
def test_any_text_reads_as_a_statement(text: str) -> None:
    statement = read_statement(text)
    assert isinstance(statement, Statement)
    if statement.leave is not None:
        first, last = statement.leave
        assert first.year > 0 and last.year > 0
