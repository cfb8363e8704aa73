"""Russian texts that read as a Russian would write them, wherever they are
kept: the catalog (pages, console, refusals, code words, the gateway's mail),
the report labels, the move in words and the 59.1 form; and every message the
code can show has them.

- A player may be a man or a woman, and a name does not say which: no past
  tense or short participle right after a player's name ("{player}
  превысил"); the texts say "{player}: лимит времени превышен".
- ё is written (Чёрные, ещё, партнёр), as the rest of the texts do.
- "Not found" agrees with what is missing: "Партия 9 не найдена", "Дело 5
  не найдено", "Участник «x» не найден", for every kind the services raise.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

import chess
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from cc.base import errors
from cc.text import i18n, mail
from cc.text.refusals import NOT_FOUND, REFUSALS
from cc.text.words import WORDS
from cc.views.reports import LABELS
from mailgate.forms import FormGame, FormRow, HalfMove, standard_form
from notation import describe_move
from standings.crosstable import _show
from tests.support.paths import ROOT

CATALOG = ROOT / "cc/text/locale/ru/LC_MESSAGES/messages.po"
#: the placeholders that hold a person's name or login
PERSON = (
    r"(?:\{(?:player|who|login|claimant|partner|accused|appellant|name)(?:![rs])?\}"
    r"|%\(player\)s)"
)
#: a past tense or a short participle right after a name that opens a clause
#: ("Перерыв {player} окончился" agrees with the leave, and is fine)
GENDERED = re.compile(
    r"(?:^|[:;.,—(]\s*)" + PERSON + r"\s+(?:не\s+)?([а-яё]+(?:л|ла|лся|лась|ен|ена|ан|ана))\b"
)
#: words spelled with ё, and their spelling without it
YO = {
    "черн(?:ы|ая|ое|ого|ому|ую|ой)": "чёрн",
    "еще": "ещё",
    "учет": "учёт",
    "счет": "счёт",
    "отчет": "отчёт",
    "партнер": "партнёр",
    "зачет": "зачёт",
    "расчет": "расчёт",
    "подсчет": "подсчёт",
    "отсчет": "отсчёт",
}
#: the 59.1 form's and the move's words, with a sample game and move
SAMPLE_FORM = standard_form(
    FormGame(
        "Cup",
        date(2026, 5, 10),
        "Ivanov",
        "Petrova",
        [FormRow(1, HalfMove("5254", None, date(2026, 5, 10), 0, 0), None)],
        black_leaves=[(date(2026, 6, 1), date(2026, 6, 3))],
    ),
    "ru",
)


def russian_catalog() -> Catalog:
    with CATALOG.open("rb") as fh:
        return read_po(fh)


def russian_texts() -> dict[str, str]:
    """Every Russian text the project keeps, by where it is."""
    texts = {
        f"po {m.context + ' ' if m.context else ''}{m.id!r}": m.string
        for m in russian_catalog()
        if m.id and isinstance(m.string, str)
    }
    texts |= {f"report {key}": text for key, text in LABELS["ru"].items()}
    board = chess.Board("4k3/8/8/8/8/8/8/4K3 b - - 0 1")
    texts["move in words"] = describe_move(board, chess.Move.from_uci("e8d8"), "ru")
    texts["59.1 form"] = SAMPLE_FORM
    return texts


def table_messages() -> dict[str, tuple[str | None, str]]:
    """The English of the tables (refusals, the agreeing "not found", code
    words, the gateway's mail) by where it is: its context and message id."""
    found = {f"refusal {code}": (None, text) for code, text in REFUSALS.items()}
    found |= {f"not found {kind}": (None, text) for kind, text in NOT_FOUND.items()}
    found |= {
        f"word {category} {code}": (None, text)
        for category, words in WORDS.items()
        for code, text in words.items()
    }
    found |= {
        f"mail {key}": (key if key in mail.IN_CONTEXT else None, text)
        for key, text in mail.TEXTS.items()
    }
    return found


def extracted_messages() -> dict[str, tuple[str | None, str | tuple[str, ...]]]:
    """Every message babel.cfg extracts (pages, console, refusal reasons) by
    where it is: its context and message id (a tuple for a plural)."""
    assert (ROOT / "babel.cfg").read_text().split() == [
        "[python:",
        "cc/**.py]",
        "[jinja2:",
        "cc/web/templates/**.html]",
    ]
    return {
        f"{path}:{line}": (context, msgid)
        for path, line, msgid, _, context in extract_from_dir(
            str(ROOT / "cc"),
            method_map=[("**.py", "python"), ("web/templates/**.html", "jinja2")],
        )
    }


def test_every_message_has_both_languages() -> None:
    """Every message the code can show has its Russian entry, with the same
    placeholders: what babel.cfg extracts and the English of the tables; and
    the catalog holds each message once (a second entry would silently win)."""
    catalog = russian_catalog()
    translated = {
        (m.context, m.id): m.string
        for m in catalog
        if m.id and (m.string if isinstance(m.string, str) else all(m.string))
    }
    extracted = extracted_messages()
    missing = [
        f"{where}: {context + ' ' if context else ''}{msgid!r}"
        for where, (context, msgid) in (extracted | table_messages()).items()
        if (context, msgid) not in translated
    ]
    assert extracted
    assert not missing, "\n".join(sorted(missing))
    for (_, msgid), msgstr in translated.items():
        if isinstance(msgid, str) and isinstance(msgstr, str):
            placeholders = sorted(re.findall(r"\{[^{}]*\}|%\(\w+\)s", msgid))
            assert placeholders == sorted(re.findall(r"\{[^{}]*\}|%\(\w+\)s", msgstr)), msgid
    entries = CATALOG.read_text().count("\nmsgid ") - 1  # less the header
    assert entries == len(catalog), "a message has two entries in the catalog"


def test_no_text_guesses_a_players_gender() -> None:
    found = [
        f"{where}: {m.group(0)!r}"
        for where, text in russian_texts().items()
        for m in GENDERED.finditer(text)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_gendered_verb() -> None:
    assert GENDERED.search("Партия {game}: {player} превысил лимит времени")
    assert GENDERED.search("%(player)s превысил контроль времени")
    assert GENDERED.search("{who} не прислал материалов")
    assert not GENDERED.search("{player}: лимит времени превышен {day}")
    assert not GENDERED.search("{player} в перерыве с {first} по {last}")
    assert not GENDERED.search("Перерыв {player} окончился {last}")


def test_yo_is_written() -> None:
    found = []
    for where, text in russian_texts().items():
        for plain, yo in YO.items():
            for m in re.finditer(rf"(?i)(?<![а-яё]){plain}", text):
                found.append(f"{where}: {m.group(0)!r} for {yo!r} in {text[:80]!r}")
    assert not found, "\n".join(found)
    assert "Чёрные" in SAMPLE_FORM and "Перерывы чёрных" in SAMPLE_FORM


def test_not_found_agrees_with_every_kind_the_services_raise() -> None:
    raised = set()
    for path in [*(ROOT / "cc").rglob("*.py"), *(ROOT / "mailgate").rglob("*.py")]:
        raised |= set(re.findall(r'NotFound\(\s*kind="([^"]+)"', path.read_text()))
    raised |= {"page"}  # the guard's refusal of an address (cc/web/guard.py)
    assert raised and raised <= set(NOT_FOUND), raised - set(NOT_FOUND)
    assert raised <= set(WORDS["kind"]), raised - set(WORDS["kind"])
    said = {kind: errors.NotFound(kind=kind, ref=5).message("ru") for kind in raised}
    assert said["game"] == "Партия 5 не найдена."
    assert said["case"] == "Дело 5 не найдено."
    assert said["player"] == "Участник 5 не найден."
    assert errors.NotFound(kind="event", ref="X").message("ru") == "Соревнование «X» не найдено."
    assert errors.NotFound(kind="game", ref=5).message("en") == "No game 5 here."
    for kind, text in said.items():
        assert re.fullmatch(r"\S.* не найден[аоы]?\.", text), (kind, text)


def test_scores_take_a_decimal_comma_in_russian() -> None:
    assert i18n.number(Fraction(5, 2), "ru") == "2,5"
    assert i18n.number(Fraction(5, 2), "en") == "2.5"
    assert _show(Fraction(5, 2)) == "2½"
    assert _show(Fraction(9, 4), decimal_comma=True) == "2,25"
    assert i18n.word("result", "1/2-1/2", "ru") == "½–½"
    assert i18n.word("result", "1/2-1/2", "en") == "1/2-1/2"
    assert i18n.render(
        "game_over", "ru", {"game_id": 3, "result": "1/2-1/2", "reason": "stalemate"}
    ) == ("Партия 3 окончена: ½–½ (пат).")
