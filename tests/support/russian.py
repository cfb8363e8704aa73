"""What a Russian reader is shown, and the project's English that must not
be in it: the catalog's English words, the text a page shows, and the codes
and English left in it. The Russian tests and the pages' tests share these.
"""

from __future__ import annotations

import html
import itertools
import re
from enum import StrEnum

from babel.messages.pofile import read_po

from cc.accounts.preferences import NOTATIONS
from cc.base import kinds
from cc.store import models
from cc.text.refusals import REFUSALS
from cc.text.words import WORDS
from cc.views.reports import LABELS
from tests.support.paths import ROOT

#: English words a Russian text may show on purpose: names of programs and
#: organisations, formats (PGN's ``[%ccsnt ...]``), the language switch's own "English", and the
#: names of keys as keyboards print them.
ALLOWED_WORDS = {
    "iccf",
    "xfcc",
    "ccsnt",
    "chessbase",
    "fritz",
    "scid",
    "arena",
    "chess",
    "assistant",
    "lucas",
    "stockfish",
    "syzygy",
    "english",
    "enter",
    "home",
    "shift",
}

#: a word: Latin letters not joined to other letters, digits or "_" (codes)
WORD = re.compile(r"(?<![\w])[A-Za-z]{4,}(?![\w])")


def english_words() -> set[str]:
    """The project's English vocabulary of 4 letters or more, minus :data:`ALLOWED_WORDS`."""
    with (ROOT / "cc/text/locale/ru/LC_MESSAGES/messages.po").open("rb") as fh:
        catalog = read_po(fh)
    texts = [m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id]
    texts += list(LABELS["en"].values())
    words: set[str] = set()
    for text in texts:
        text = re.sub(r"\{[^{}]*\}|%\(\w+\)s", " ", text)
        words |= {w.lower() for w in WORD.findall(text)}
    return words - ALLOWED_WORDS


ENGLISH = english_words()


def english_in(text: str) -> list[str]:
    """The project's English words in ``text``, with a little context each.

    PGN's tag pairs (``[White "..."]``) are the format's own and not checked.
    """
    text = re.sub(r'(?m)^\[[A-Za-z]+ ".*"\]$', "", text)
    found = []
    for match in WORD.finditer(text):
        if match.group().lower() in ENGLISH:
            line = text[: match.start()].rsplit("\n", 1)[-1] + text[match.start() :].split("\n")[0]
            found.append(f"{match.group()!r} in {line.strip()!r}")
    return found


def page_text(page: str) -> str:
    """What a reader sees of a page: its text and its tooltips and placeholders."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    shown = re.findall(r'\s(?:title|placeholder|alt|aria-label)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", "\n", page)
    return html.unescape("\n".join([text, *shown]))


#: Latin words a Russian page may show: formats, programs, organisations, keys
ALLOWED_ON_PAGES = {
    "PGN", "API", "Xfcc", "UCI", "ICCF", "UTC", "SAN", "FEN", "OK", "ChessBase", "Fritz",
    "Scid", "Arena", "Chess", "Assistant", "Lucas", "Stockfish", "Syzygy", "English",
    "Bearer", "Europe", "Moscow", "VAPID", "Web", "Push",
    # the names printed on the keys themselves
    "Tab", "Enter", "Home", "End", "Shift", "Esc", "Escape", "PgUp", "PgDn",
}  # fmt: skip

#: attributes whose values a reader sees or hears, besides the text
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
#: data- attributes whose words the scripts or the style sheet show
SHOWN_DATA = re.compile(
    r"data-(?:[a-z-]+-label|label|piece-names|default|done|denied|failed|live-changed)"
)

SAN = re.compile(
    r"^(?:[KQRBN]|Кр|[ФЛСК])?[a-h]?[1-8]?[x:×]?[a-h][1-8](?:=?[QRBNФЛСК])?[+#]?$"
    r"|^(?:O-O(?:-O)?|0-0(?:-0)?)[+#]?$"
)
LATIN_WORD = re.compile(r"(?<![\w@./-])[A-Za-z][A-Za-z'’-]*[A-Za-z](?![\w@/])")


def _codes() -> set[str]:
    """Codes that must never reach a Russian reader as they are."""
    found: set[str] = set(NOTATIONS) - {"uci"}
    for module in (kinds, models):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, StrEnum) and value is not StrEnum:
                found |= {str(member.value) for member in value}
    for category in WORDS.values():
        found |= {key for key in category if re.fullmatch(r"[a-z_ -]+", key)}
    found |= set(REFUSALS)
    # one-letter and digit codes (results, colours as "w") say nothing in words
    return {c for c in found if len(c) > 1 and not re.search(r"\d", c)}


CODES = _codes()


def shown_text(page: str) -> str:
    """What a reader sees of an HTML page: text between tags, the attributes
    that are shown (tooltips, placeholders, accessible names, the labels the
    scripts show), and the words of submit inputs; not what is marked as
    code, which is meant to be read as it is."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    # <code> marks text meant literally (a token, an address, a file's columns)
    page = re.sub(r"<code\b[^>]*>.*?</code>", " ", page, flags=re.S)
    shown: list[str] = []
    for tag in re.findall(r"<[a-zA-Z][^>]*>", page):
        for name, value in re.findall(r'\s([a-zA-Z-]+)="([^"]*)"', tag):
            name = name.lower()
            if (
                name in SHOWN_ATTRIBUTES
                or SHOWN_DATA.fullmatch(name)
                or (name == "value" and re.match(r'<input\b[^>]*type="(submit|button)"', tag))
            ):
                shown.append(value)
    text = re.sub(r"<[^>]+>", "\n", page)
    return html.unescape("\n".join([text, *shown]))


def foreign(text: str, names: set[str]) -> list[str]:
    """Raw codes and English in ``text``, each with its line."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"https?://\S+|[\w.+-]+@[\w.-]+|/[\w./{}-]+", " ", text)
    # PGN's tag pairs ([White "..."]) are the format's own, as in the files
    text = re.sub(r'(?m)^\s*\[[A-Za-z]+ ".*"\]\s*$', "", text)
    problems = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        words = [m for m in LATIN_WORD.finditer(line) if not SAN.match(m.group())]
        for m in words:
            if m.group() in CODES:
                problems.append(f"code {m.group()!r} in {line!r}")
        for m in re.finditer(r"\b[a-z]+(?:_[a-z]+)+\b", line):
            problems.append(f"code {m.group()!r} in {line!r}")
        english = [m for m in words if m.group() not in ALLOWED_ON_PAGES]
        for a, b in itertools.pairwise(english):
            if re.fullmatch(r"[\s,;:()'\"«»]*", line[a.end() : b.start()]):
                problems.append(f"English {a.group()} {b.group()!r} in {line!r}")
                break
        problems += english_in(" ".join(m.group() for m in english))
    return problems
