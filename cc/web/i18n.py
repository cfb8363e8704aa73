"""Page translations: gettext catalogs (Babel), English message ids.

The Russian catalog lives as ``locale/ru/LC_MESSAGES/messages.po`` and is
compiled in memory at start (:func:`cc.text.i18n.translations`, shared with the
console and the services' texts), so there is no build step and no binary
file in the tree. The language is the signed-in player's setting, else a
``lang`` cookie, else the browser's Accept-Language.
"""

from __future__ import annotations

from cc.text.i18n import DEFAULT_LANGUAGE, LANGUAGES, LOCALE_DIR, translations

__all__ = ["LOCALE_DIR", "accepted_language", "pick_language", "translations"]


def accepted_language(header: str | None) -> str | None:
    """The first language of an Accept-Language header that we speak, if any.

    >>> accepted_language("de-DE,ru;q=0.9,en;q=0.8")
    'ru'
    >>> accepted_language("de") is None
    True
    """
    for part in (header or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return None


def pick_language(player_lang: str | None, cookie: str | None, accept: str | None) -> str:
    """The player's setting, then the cookie, then the browser's first known language.

    >>> pick_language(None, None, "ru-RU,ru;q=0.9,en;q=0.8")
    'ru'
    >>> pick_language("en", "ru", "ru")
    'en'
    """
    for candidate in (player_lang, cookie):
        if candidate in LANGUAGES:
            return candidate
    return accepted_language(accept) or DEFAULT_LANGUAGE
