"""What a player's message says: the record, the new move, and plain words.

Pure. The standard form 59.1 (a table of dates, times and moves) and the
free form 59.2 are both read line by line: header lines ("Турнир", "Event",
"Белые", "White", ...) are set aside, dates and times are taken out, and
what remains of numbered lines is the move record in whatever notation.
Draw offers, acceptance, resignation, leave and a time claim can be written
as plain words in Russian or English.

The subject is part of the message (56.2.1): :func:`read_message` reads the
text above the quote, then the text below it when the text above says no
move (a reply written under the quote), then the subject's words when the
body says none (a move typed in the subject, the body left empty), and the
subject's commands when the body gives neither a move nor a command
("Re: ... Сдаюсь", "I accept the draw" with an empty body).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Final

from notation import classify, unpunctuated

_HEADER_LABELS: Final = re.compile(
    r"^\s*(турнир|соревнование|дата старта|белые|черные|чёрные|перерывы белых|"
    r"перерывы черных|перерывы чёрных|время белых|время черных|время чёрных|"
    r"event|tournament|start date|white|black|white's leaves|black's leaves|"
    r"white time|black time|time white|time black|пол\.|received)\b",
    re.IGNORECASE,
)
#: dates (10/05, 12.05.2026, 2026-05-12) and day counts (4/04) in the form's
#: columns; a span of days before a month ("12-15 мая", "21–25 May"), which
#: reads like numeric notation with a hyphen (Art. 58) but is no move
_DATES: Final = re.compile(
    r"\b(\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?)\b|(?<!\S)-{2,}(?!\S)"
    r"|\b\d{1,2}\s*[-\u2010-\u2014\u2212]\s*\d{1,2}(?=\s+(?i:янв|фев|мар|апр|ма[йя]|июн|июл|"
    r"авг|сен|окт|ноя|дек|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))"
)
#: the reply token of the gateway's subjects, a leave's and a case's
_SUBJECT_TOKEN: Final = re.compile(r"\[cc\b[^\]]*\]", re.IGNORECASE)
#: the prefixes mail programs put before a subject they answer or forward
_SUBJECT_PREFIXES: Final = re.compile(
    r"^(?:\s*(?:re|fwd?|aw|sv|vs|antw|ответ|отв|пересл)\s*(?:\[\d+\]|\(\d+\))?\s*:)+\s*",
    re.IGNORECASE,
)
#: what stands between the parts of the gateway's subject ("T1: A - B · ...")
_SUBJECT_SEPARATORS: Final = re.compile(r"(?<!\S)[:\-\u2010-\u2015\u2212\u00b7|]+(?!\S)")
#: a move number ("1.", "10. ...", "5…"); not the minutes of a time of
#: day ending a sentence ("в 14:35.")
_NUMBER: Final = re.compile(r"(?<![\w.])(?<!\d:)\d{1,3}\s*\.(?:\s*(?:\.\.\.?|…))?")
_DATE_WORD: Final = r"(\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{2}-\d{2})"
_LEAVE: Final = re.compile(
    rf"(?:перерыв|отпуск|leave)\s+(?:с|from)\s+{_DATE_WORD}\s+(?:по|to|until|till)\s+"
    rf"{_DATE_WORD}",
    re.IGNORECASE,
)


class Command(enum.StrEnum):
    OFFER_DRAW = "offer_draw"
    ACCEPT_DRAW = "accept_draw"
    DECLINE_DRAW = "decline_draw"
    RESIGN = "resign"
    #: the partner's time overstep claimed to the arbiter (56.6.1)
    CLAIM_TIME = "claim_time"
    #: the accused answers a claim (56.6.4)
    PROTEST = "protest"
    #: a party appeals the arbiter's decision (54.1.4)
    APPEAL = "appeal"
    #: the claimed result of a game sent to adjudication (56.9.4)
    CLAIM_WIN = "claim_win"
    CLAIM_DRAW = "claim_draw"
    CONCEDE = "concede"
    #: the player ends their leave early (56.7.3)
    END_LEAVE = "end_leave"


_COMMANDS: Final[list[tuple[Command, re.Pattern[str]]]] = [
    (
        Command.END_LEAVE,
        re.compile(
            r"(прерываю|заканчиваю|завершаю) (свой |мой )?(перерыв|отпуск)|"
            r"\b(i )?end (my )?leave\b|\bending (my )?leave\b|\bback from (my )?leave\b",
            re.IGNORECASE,
        ),
    ),
    (
        # "I accept the draw", and what players really write: "draw accepted",
        # "согласен на ничью", "ничья принята", "принимаю", a bare "accept";
        # never when a "not" comes before ("не согласен на ничью").
        Command.ACCEPT_DRAW,
        re.compile(
            r"(?<!не )принимаю (ваше |твоё |твое )?(предложение )?(ничь|о ничье)|"
            r"(?<!не )принимаю (ваше |твоё |твое )?предложение\b|"
            r"(?<!не )согласе?н(а)? на ничью|\bничь[яю] принят|\bничью принимаю|"
            r"предложение ничьей принимаю|"
            r"\bi (hereby )?accept (the |your )?(draw|offer)|"
            r"(?<!not )(?<!n't )\baccept(ing|ed)? (the |your )?draw|"
            r"\bdraw (offer )?(is )?(accepted|agreed)\b|"
            r"(?<!not )(?<!n't )\bagree(d|ing)? to (a |the |your )?draw|"
            r"^\s*(i\s+)?(accept(ed)?|agreed?|принимаю|согласе?н(а)?)\s*[.!]?\s*$",
            re.IGNORECASE | re.MULTILINE,
        ),
    ),
    (
        Command.DECLINE_DRAW,
        re.compile(
            r"отклоняю (ваше |твоё |твое )?(предложение )?ничь|не согласе?н(а)? на ничью|"
            r"не принимаю (ваше |твоё |твое )?(предложение )?ничь|\bничь[яю] не принят|"
            r"\bничью не принимаю|отказываюсь от ничьей|от ничьей отказываюсь|"
            r"\bi (decline|refuse|reject) (the |your )?(draw|offer)|"
            r"\bdraw (offer )?(is )?(declined|refused|rejected|not accepted)\b|"
            r"\bdecline the draw|"
            r"(\bnot|n't) (accept|agree to) (the |your |a )?draw",
            re.IGNORECASE,
        ),
    ),
    (
        Command.OFFER_DRAW,
        re.compile(
            r"предлагаю ничью|\bi offer (you )?a draw|\boffer(ing)? (you )?a draw|\bdraw offer\b|"
            r"\bdraw\?",
            re.IGNORECASE,
        ),
    ),
    (
        Command.RESIGN,
        re.compile(
            r"\bсдаюсь\b|\bпартию сдаю\b|\bi resign\b|^\s*resign(s|ed)?\s*[.!]?\s*$",
            re.IGNORECASE | re.MULTILINE,
        ),
    ),
    (
        Command.CLAIM_TIME,
        re.compile(
            r"заявляю о просрочке|заявление о просрочке|просрочк[аиу] времени|"
            r"\btime claim\b|\bclaim(ing)? (a |the |your )?(time )?overstep|"
            r"\bovers?step claim",
            re.IGNORECASE,
        ),
    ),
    (
        Command.PROTEST,
        re.compile(r"\bпротест\b|\bвозражаю\b|\bi protest\b|^\s*protest\b", re.I | re.M),
    ),
    (
        Command.CLAIM_WIN,
        re.compile(r"требую (победу|выигрыш)|\bi claim (a |the )?win\b|\bclaim:\s*win\b", re.I),
    ),
    (
        Command.CLAIM_DRAW,
        re.compile(r"требую ничью|\bi claim a draw\b|\bclaim:\s*draw\b", re.I),
    ),
    (
        Command.CONCEDE,
        re.compile(r"признаю поражение|\bi concede\b|\bclaim:\s*loss\b", re.I),
    ),
    (
        Command.APPEAL,
        re.compile(r"\bапелляци|\bобжалу|\bi appeal\b|^\s*appeal\b", re.I | re.M),
    ),
]


@dataclass(frozen=True)
class Statement:
    """What one message states, before any check against the game."""

    #: the numbered record as written ("1. 5254 5755 2. 7163"), dates taken out
    record: str
    #: move-like words on unnumbered lines ("5838", "My move: Nf6")
    loose_moves: tuple[str, ...]
    commands: frozenset[Command]
    #: a leave asked for in words: first and last day
    leave: tuple[date, date] | None
    #: the form's header lines, by label (the player's statement, kept as written)
    header: dict[str, str] = field(default_factory=dict)
    #: a leave asked for with dates that are no dates (31.02.2026), as written
    bad_leave: str | None = None


def read_statement(text: str) -> Statement:
    """Read the fresh text of a message.

    >>> s = read_statement("Турнир RU-CH 2026\\nПол. Отв. Время N Белые Черные\\n"
    ...                    "---  10/05  0/00  01.  4244  4745  12/05  12/05  0/00\\n"
    ...                    "12/05  16/05  4/04  02.  7163\\nпредлагаю ничью")
    >>> s.record, sorted(c.value for c in s.commands)
    ('01. 4244 4745 02. 7163', ['offer_draw'])
    """
    record: list[str] = []
    loose: list[str] = []
    header: dict[str, str] = {}
    for line in text.splitlines():
        label = _HEADER_LABELS.match(line)
        if label:
            header[label.group(1).lower()] = line[label.end() :].strip()
            continue
        stripped = _DATES.sub(" ", line)
        if _NUMBER.search(stripped):
            fragment = _numbered_fragment(stripped)
            if fragment:
                record.append(fragment)
            continue
        for word in stripped.replace(",", " ").split():
            # "Мой ход 5755.", "5755; предлагаю ничью": the sentence's
            # punctuation is an added sign (56.3.6), not part of the move.
            if classify(word) is not None:
                loose.append(unpunctuated(word))
    commands = frozenset(c for c, pattern in _COMMANDS if pattern.search(text))
    if Command.ACCEPT_DRAW in commands or Command.DECLINE_DRAW in commands:
        commands = commands - {Command.OFFER_DRAW}
    if Command.DECLINE_DRAW in commands:
        # Said both ways: a draw is never agreed on a doubt (a move may still
        # follow; an agreed draw cannot be undone).
        commands = commands - {Command.ACCEPT_DRAW}
    leave = bad_leave = None
    match = _LEAVE.search(text)
    if match:
        first, last = _date(match.group(1)), _date(match.group(2))
        if first is None or last is None:
            bad_leave = match.group(0)
        else:
            leave = (first, last)
    return Statement(" ".join(record), tuple(loose), commands, leave, header, bad_leave)


def states_move(statement: Statement) -> bool:
    """Whether a statement gives a move: a numbered record or a loose one."""
    return bool(statement.record or statement.loose_moves)


def read_message(text: str, below: str = "", subject: str = "") -> Statement:
    """What a whole message states: its text above the quote, then with the
    text below it, then its subject's moves, each read only when what came
    before says no move; then its subject's commands, when the body gives
    neither a move nor a command.

    A reply written under the quote is read like one above it, and a move
    written in the subject of a message whose body says none is the
    message's move: the subject is part of the message (56.2.1), and
    56.3.5 is for a message that holds no move anywhere. So is a command
    written only in the subject ("Сдаюсь", "I accept the draw"): its words
    are read as the body's would be, so a question ("ничья?") offers
    nothing there either. ``subject`` is the subject's words without the
    gateway's own (:func:`subject_words`).

    >>> read_message("", "1. 5254 5755").record
    '1. 5254 5755'
    >>> read_message("Спасибо!", "", "1. 5254 5755").record
    '1. 5254 5755'
    >>> read_message("1. 5254 5755", "2. 7163", "1. 4244").record
    '1. 5254 5755'
    >>> sorted(read_message("", "", "Сдаюсь").commands), read_message("", "", "ничья?").commands
    ([<Command.RESIGN: 'resign'>], frozenset())
    """
    statement = read_statement(text)
    if states_move(statement):
        return statement
    if below.strip():
        statement = read_statement(f"{text}\n{below}")
        if states_move(statement):
            return statement
    if subject.strip():
        titled = read_statement(subject)
        if states_move(titled):
            return replace(
                statement,
                record=titled.record,
                loose_moves=titled.loose_moves,
                commands=statement.commands | titled.commands,
            )
        if titled.commands and not (statement.commands or statement.leave or statement.bad_leave):
            return replace(statement, commands=titled.commands)
    return statement


def subject_words(subject: str, known: Iterable[str] = ()) -> str:
    """A subject's words as the player wrote them: without the gateway's
    reply token and the ``known`` words of the game's own subject (the
    event's code, the players' names), which may hold digits but never a
    move; without the prefixes of a reply or forward and the signs between
    the subject's parts, so that a word standing alone ("Принимаю",
    "Resign") is read as it would be alone in the body.

    >>> subject_words("Re: [cc 12 bei4f2a] Cup 2026: Ivanov - Petrov 5. ... 5755",
    ...               ["Cup 2026", "Ivanov", "Petrov"])
    '5. ... 5755'
    >>> subject_words("RE: [cc 12 bei4f2a] Cup: Ivanov - Petrov · [cc case 3] Cup: Принимаю",
    ...               ["Cup", "Ivanov", "Petrov"])
    'Принимаю'
    """
    words = _SUBJECT_TOKEN.sub(" ", subject)
    for word in sorted({k for k in known if k.strip()}, key=len, reverse=True):
        words = re.sub(re.escape(word), " ", words, flags=re.IGNORECASE)
    words = _SUBJECT_PREFIXES.sub("", " ".join(words.split()))
    return " ".join(_SUBJECT_SEPARATORS.sub(" ", words).split())


def _numbered_fragment(line: str) -> str:
    """From the first move number on, only the numbers and move-like words.

    The word right after a move number is a move, legible or not. After
    White's move, the next word is Black's move when it reads as one or
    looks like an attempt at one (it has a digit: ``9x9x``, ``525``), so an
    illegible reply is kept to be named, not dropped; plain words ("I offer
    a draw") and a bare day number are not moves.

    >>> _numbered_fragment("02. 7163 9x9x"), _numbered_fragment("2. 7163 I offer a draw")
    ('02. 7163 9x9x', '2. 7163')
    >>> _numbered_fragment("2. ... 9x9x 3. 525"), _numbered_fragment("1. 5254 on 12 May")
    ('2. ... 9x9x 3. 525', '1. 5254')
    """
    start = _NUMBER.search(line)
    assert start is not None
    words: list[str] = []
    slot = _NO_SLOT
    for token in re.findall(r"\d{1,3}\s*\.(?:\s*(?:\.\.\.?|…))?|\S+", line[start.start() :]):
        if _NUMBER.fullmatch(token.strip()):
            number = re.sub(r"\s+", " ", token.strip())
            words.append(number)
            black = number.count(".") > 1 or "…" in number
            slot = _ONLY_SLOT if black else _WHITE_SLOT
        elif classify(token) is not None or (slot != _NO_SLOT and _attempted(token, slot)):
            words.append(token)
            slot = _BLACK_SLOT if slot == _WHITE_SLOT else _NO_SLOT
        else:
            slot = _NO_SLOT
    return " ".join(words)


#: where a word stands after a move number: no move expected, the only or
#: White's move (any word), Black's move after White's (a move-like word)
_NO_SLOT, _ONLY_SLOT, _WHITE_SLOT, _BLACK_SLOT = range(4)


def _attempted(token: str, slot: int) -> bool:
    """Whether ``token`` is taken as a move, legible or not, in ``slot``."""
    if slot in (_ONLY_SLOT, _WHITE_SLOT):
        return True
    digits = any(c.isdigit() for c in token)
    return digits and not (token.isdigit() and len(token) <= 2)


def _date(text: str) -> date | None:
    """A written date, or None for one that is no date (31.02.2026, digits
    of another script).

    >>> _date("12.05.2026"), _date("31.02.2026"), _date("2026-05-1\u0663")
    (datetime.date(2026, 5, 12), None, None)
    """
    if not text.isascii():
        return None
    try:
        if "-" in text:
            return date.fromisoformat(text)
        day, month, year = (int(x) for x in text.split("."))
        return date(year, month, day)
    except ValueError:
        return None
