"""The gateway's own words to players, in the reader's language: the texts of
:mod:`cc.text.mail`, filled."""

from __future__ import annotations

import math

from cc.text.i18n import gettext, number, pgettext, word
from cc.text.mail import IN_CONTEXT, TEXTS

#: texts with a singular of their own (``key_one``) for a count of 1, by the
#: count's parameter (the Russian texts abbreviate, "дн.", and say the 1 as a
#: number there)
_COUNTED = {
    "digest_to_move": "count",
    "digest_left": "days_left",
    "digest_over": "days",
    "digest_more": "more",
}


def text_of(lang: str, key: str) -> str:
    """The text ``key`` in ``lang`` (English when unknown), still to be filled.

    >>> text_of("ru", "digest_white"), text_of("en", "digest_white")
    ('белыми', 'White')
    """
    english = TEXTS[key]
    return pgettext(lang, key, english) if key in IN_CONTEXT else gettext(lang, english)


def say(lang: str, key: str, **params: object) -> str:
    """A text in ``lang`` (English when unknown).

    >>> say("ru", "over", game=3, result="1-0", reason="мат")
    'Партия 3 окончена: 1-0 (мат).'
    >>> say("en", "digest_to_move", count=1)
    'Your move in 1 game:'
    """
    counted = _COUNTED.get(key)
    if counted is not None and params.get(counted) == 1 and f"{key}_one" in TEXTS:
        key = f"{key}_one"
    return text_of(lang, key).format(**_said(params, lang))


def _said(params: dict[str, object], lang: str) -> dict[str, object]:
    """A game's result as the reader's language writes it (½–½ in Russian)."""
    result = params.get("result")
    if isinstance(result, str):
        return {**params, "result": word("result", result, lang)}
    return params


class _Blank(dict[str, object]):
    """A parameter a notice did not carry is said as a dash, never a failure:
    a mail must not undo the move it reports."""

    def __missing__(self, key: str) -> str:
        return "-"


def say_notice(lang: str, key: str, **params: object) -> str:
    """A notification's text in ``lang``; a kind without its own text is said
    as a bare notice with its link, and a missing parameter as a dash. A
    kind whose name the gateway's answers use already has its text under
    ``notice_`` and the kind.

    >>> say_notice("en", "no_move", game=4)
    'Game 4: no move has been made for - days.'
    >>> say_notice("ru", "no_such_kind", link="https://cc.test/notifications")
    'Уведомление: https://cc.test/notifications'
    """
    own = next((k for k in (f"notice_{key}", key) if k in TEXTS), "notice")
    return text_of(lang, own).format_map(_Blank(_said(params, lang)))


def days_of_penalty(days: int, lang: str) -> str:
    """A number of penalty days as ``lang`` says it, the noun agreeing.

    >>> days_of_penalty(2, "en"), days_of_penalty(1, "en")
    ('2 penalty days', '1 penalty day')
    >>> [days_of_penalty(n, "ru") for n in (1, 2, 5, 11, 21, 22)]  # doctest: +NORMALIZE_WHITESPACE
    ['1 штрафной день', '2 штрафных дня', '5 штрафных дней', '11 штрафных дней',
     '21 штрафной день', '22 штрафных дня']
    """
    if days % 10 == 1 and days % 100 != 11:
        key = "penalty_day"
    elif 2 <= days % 10 <= 4 and not 12 <= days % 100 <= 14:
        key = "penalty_days_few"
    else:
        key = "penalty_days"
    return say(lang, key, days=days)


def size_of(octets: int, lang: str) -> str:
    """A message's size in kilobytes or megabytes (of 1000), as ``lang`` writes
    numbers, rounded up: a message over a limit never reads as the limit.

    >>> size_of(1_000_000, "en"), size_of(1_000_400, "en"), size_of(1_250_000, "ru")
    ('1 MB', '1.1 MB', '1,3 МБ')
    >>> size_of(20_480, "ru"), size_of(300, "en")
    ('21 КБ', '1 KB')
    """
    if octets >= 1_000_000:
        tenths = math.ceil(octets / 100_000)
        shown, key = f"{tenths // 10}.{tenths % 10}".removesuffix(".0"), "megabytes"
    else:
        shown, key = str(math.ceil(octets / 1000)) if octets else "0", "kilobytes"
    return say(lang, key, size=number(shown, lang))
