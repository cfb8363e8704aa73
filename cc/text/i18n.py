"""Messages in the players' languages.

Russian and English are both first-class: every refusal the services raise
has a stable code and a text in each language, chosen per caller.

Everything a person reads (pages, console lines, refusals and the fragments
inside them, the gateway's mail) is a gettext message with an English id,
translated by the one catalog ``cc/text/locale/ru/LC_MESSAGES/messages.po``,
compiled in memory:

- ``N_("{first} is after {last}", first=..., last=...)`` makes a :class:`Text`:
  a ``str`` holding the English, which also keeps its message id and
  parameters, so whoever shows it later renders it in the reader's language
  with :func:`localize`. Services raise their reasons and build their notes
  this way; JSON, the database and the logs get the English.
- Codes that are shown as words (statuses, modes, results, case kinds ...)
  stay codes in data and in English; :func:`word` gives their label in
  another language, and refusal parameters named in :data:`PARAM_WORDS` are
  put into words the same way.
- Refusals (:func:`render`), code words (:func:`word`) and the gateway's
  mail (:func:`mailgate.replies.say`) keep their English in tables by code:
  :mod:`cc.text.refusals`, :mod:`cc.text.words`, :mod:`cc.text.mail`. Where
  one English text is said otherwise in another place, the catalog holds it
  under a context (msgctxt, :func:`pgettext`).
- ``pybabel extract`` finds ``_(...)`` and ``N_(...)`` calls (babel.cfg), not
  the tables; the catalog's test checks both have their Russian.
"""

from __future__ import annotations

import gettext as gettext_mod
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final

from cc.text.refusals import NOT_FOUND, REFUSALS
from cc.text.words import WORDS

LANGUAGES: Final = ("en", "ru")
DEFAULT_LANGUAGE: Final = "en"
#: the languages that write a decimal comma (0,5), not a point
DECIMAL_COMMA: Final = frozenset({"ru"})

#: the gettext catalogs, one directory per language
LOCALE_DIR: Final = Path(__file__).parent / "locale"


@cache
def translations(lang: str) -> gettext_mod.NullTranslations:
    """The catalog of ``lang``, compiled in memory (English: the ids themselves)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT_LANGUAGE or not po.exists():
        return gettext_mod.NullTranslations()
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext_mod.GNUTranslations(buffer)


def gettext(lang: str, msgid: str) -> str:
    """The catalog's translation of ``msgid`` (the id itself when there is none)."""
    return translations(lang).gettext(msgid)


def pgettext(lang: str, context: str, msgid: str) -> str:
    """The catalog's translation of ``msgid`` said in ``context`` (its msgctxt)."""
    return translations(lang).pgettext(context, msgid)


class Text(str):
    """English text that remembers its message id and parameters.

    >>> t = N_("{days} days left: copy the arbiter (56.4.10)", days=3)
    >>> t, localize(t, "ru")
    ('3 days left: copy the arbiter (56.4.10)', 'осталось 3 дн.: копии арбитру (56.4.10)')
    """

    msgid: str
    params: dict[str, object]
    #: the category of a code word (see :func:`code`), else None
    category: str | None
    #: whether the id is a catalog message (False: a plain template, see :func:`join`)
    catalog: bool

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, object] | None = None,
        *,
        category: str | None = None,
        catalog: bool = True,
    ) -> Text:
        values = dict(params or {})
        english = msgid if category is not None else _fill(msgid, values, DEFAULT_LANGUAGE)
        self = super().__new__(cls, english)
        self.msgid = msgid
        self.params = values
        self.category = category
        self.catalog = catalog
        return self

    def __getnewargs__(self) -> tuple[str, dict[str, object]]:  # type: ignore[override]
        return (self.msgid, self.params)

    def localize(self, lang: str) -> str:
        if self.category is not None:
            return word(self.category, self.msgid, lang)
        template = gettext(lang, self.msgid) if self.catalog else self.msgid
        return _fill(template, self.params, lang)


def N_(msgid: str, /, **params: object) -> Text:
    """A catalog message with its parameters, rendered when shown."""
    return Text(msgid, params)


def code(category: str, value: str) -> Text:
    """A code shown as a word: itself in English, its label in other languages.

    >>> reason = code("reason", "checkmate")
    >>> reason, localize(reason, "ru")
    ('checkmate', 'мат')
    """
    return Text(value, category=category)


def join(separator: str, parts: Iterable[str]) -> Text:
    """Texts joined, each shown in the reader's language.

    >>> notes = join("; ", [N_("overstep {on}", on="2026-05-01"), "1-0"])
    >>> notes, localize(notes, "ru")
    ('overstep 2026-05-01; 1-0', 'просрочка 2026-05-01; 1-0')
    """
    items = list(parts)
    template = (
        separator.replace("{", "{{").replace("}", "}}").join(f"{{p{i}}}" for i in range(len(items)))
    )
    return Text(template, {f"p{i}": part for i, part in enumerate(items)}, catalog=False)


def localize(text: str, lang: str) -> str:
    """A :class:`Text` in ``lang``; any other string as it is."""
    return text.localize(lang) if isinstance(text, Text) else text


def exc_text(exc: BaseException) -> str:
    """An exception's message, as a :class:`Text` when it was raised with one."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


def _value(value: object, lang: str) -> object:
    return value.localize(lang) if isinstance(value, Text) else value


def _fill(template: str, params: Mapping[str, object], lang: str) -> str:
    if not params:
        return template
    return template.format(**{k: _value(v, lang) for k, v in params.items()})


#: refusal parameters that hold codes, and the categories that put them into words
PARAM_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "result": ("result",),
    "reason": ("reason",),
    "status": ("status",),
    "mode": ("mode",),
    "kind": ("kind",),
    "field": ("field",),
    "who": ("who",),
}


def word(category: str, value: str, lang: str) -> str:
    """A code of ``category`` in ``lang``: the code in English, else its label.

    >>> word("status", "decided", "ru"), word("status", "decided", "en")
    ('решено, можно обжаловать', 'decided')
    >>> word("status", "no such code", "ru")
    'no such code'
    """
    if lang == DEFAULT_LANGUAGE:
        return value
    label = WORDS.get(category, {}).get(value)
    return value if label is None else gettext(lang, label)


def number(value: object, lang: str) -> str:
    """A number (a score, a tie-break) as ``lang`` writes it.

    >>> number(2.5, "en"), number(2.5, "ru"), number(3, "ru"), number(Fraction(1, 2), "ru")
    ('2.5', '2,5', '3', '0,5')
    """
    shown = f"{float(value):g}" if isinstance(value, int | float | Fraction) else str(value)
    return shown.replace(".", ",") if lang in DECIMAL_COMMA else shown


def _param(name: str, value: object, lang: str) -> object:
    if isinstance(value, Text):
        return value.localize(lang)
    if isinstance(value, str) and lang != DEFAULT_LANGUAGE:
        for category in PARAM_WORDS.get(name, ()):
            if value in WORDS[category]:
                return word(category, value, lang)
    return value


def render(code: str, lang: str, params: dict[str, object]) -> str:
    """Render the message ``code`` in ``lang`` (English when unknown).

    Parameters that are :class:`Text` are shown in ``lang``, and so are the
    codes of :data:`PARAM_WORDS`.

    >>> render("game_over", "ru", {"game_id": 7, "result": "1-0", "reason": "checkmate"})
    'Партия 7 окончена: 1-0 (мат).'
    >>> render("invalid_input", "ru", {"field": "last_day", "reason": N_("it is over already")})
    'последний день: перерыв уже закончился.'
    """
    template = gettext(lang, REFUSALS[code])
    kind = params.get("kind")
    if code == "not_found" and isinstance(kind, str) and kind in NOT_FOUND:
        agreeing = gettext(lang, NOT_FOUND[kind])
        if agreeing != NOT_FOUND[kind]:  # the language words it by the kind
            template = agreeing
            params = {**params, "ref": _reference(params.get("ref"), lang)}
    return template.format(**{k: _param(k, v, lang) for k, v in params.items()})


def _reference(ref: object, lang: str) -> str:
    """What a refusal did not find, as a sentence names it: a number as it
    is, a phrase in the reader's language, a name or code in quotes.

    >>> render("not_found", "ru", {"kind": "game", "ref": 999})
    'Партия 999 не найдена.'
    >>> render("not_found", "ru", {"kind": "event", "ref": "RU-CH"})
    'Соревнование «RU-CH» не найдено.'
    >>> render("not_found", "en", {"kind": "case", "ref": 5})
    'No case 5 here.'
    """
    if isinstance(ref, Text):
        return ref.localize(lang)
    text = str(ref)
    return text if text.isdigit() else f"«{text}»"
