"""PGN as correspondence databases write and read it.

Pure: python-chess only, no I/O, no clock. Writing: the tag values every
database reads (:func:`pgn_name`, :func:`time_control`, :func:`pgn_date`),
and tag lines as the PGN standard writes them (:func:`tag_line`, used by
:class:`Exporter`): on one line, ``"`` and ``\\`` escaped, at most 255 bytes;
names kept as surname and given names (:func:`split_name`, :func:`display_name`).
Reading: :func:`read_record` takes one game's PGN and returns its tags and
moves, each with the sending date of its ``[%ccsnt ...]`` comment, checked
move by move from the initial position or the record's ``[FEN]``. Its refusals are :class:`PgnError`
(a ``ValueError``) naming the input: the move's number and text, or the tag.
"""

from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, time

import chess
import chess.pgn

from notation.start import label, move_number, plies_before

#: a day in seconds: PGN's time controls count seconds
DAY = 86_400

#: ``[%ccsnt 2026.05.10]``, ``[%ccsnt 2026.05.10,14:03]``, ``[%ccsnt 2026.5.10, 14:03:59]``
_CCSNT = re.compile(
    r"\[%ccsnt\s+(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})"
    r"(?:\s*,\s*(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*\]"
)
_TAG = re.compile(r'^\s*\[[A-Za-z0-9_]+\s+"', re.MULTILINE)
_DATE = re.compile(r"^(\d{4})\.(\d{1,2})\.(\d{1,2})$")
#: the PGN standard's two escapes in a string: ``\\"`` and ``\\\\``
_ESCAPED = re.compile(r'\\([\\"])')
#: the characters a tag value cannot hold (control characters, line and
#: paragraph separators, lone surrogates), by Unicode category
_NOT_IN_A_TAG = frozenset({"Cc", "Cs", "Zl", "Zp"})

#: the longest line the PGN standard allows, and database programs read:
#: counted here in bytes of UTF-8, as those programs count it
LINE_BYTES = 255
#: the PGN standard's Termination values
TERMINATIONS = (
    "abandoned",
    "adjudication",
    "death",
    "emergency",
    "normal",
    "rules infraction",
    "time forfeit",
    "unterminated",
)
#: the tag of this server that says in words how a game ended, where
#: Termination gives only the standard's word ("resignation" for "normal")
TERMINATION_DETAILS = "TerminationDetails"


def pgn_date(day: date) -> str:
    """A date as PGN writes it: always ``YYYY.MM.DD``, zero-padded.

    >>> pgn_date(date(2026, 11, 9))
    '2026.11.09'
    """
    return f"{day.year:04d}.{day.month:02d}.{day.day:02d}"


def time_control(moves: int, days: int) -> str:
    """A correspondence control in PGN's ``moves/seconds`` kind, which every
    database and client reads (Scid divides the part after ``/`` by a day's
    seconds to show days).

    >>> time_control(10, 50)
    '10/4320000'
    """
    return f"{moves}/{days * DAY}"


def split_name(name: str) -> tuple[str, str]:
    """A name written in one text, surname first, as (surname, given names).

    The convention of Russian records and the federations' lists ("Иванов
    Иван Петрович"): the first word is the surname, the rest the given names
    (a patronymic among them); a one-word name is a surname only. A name
    written with a comma ("Smith, John") has its surname before the comma.

    >>> split_name("Иванов Иван Петрович"), split_name("Smith, John"), split_name(" Petrov ")
    (('Иванов', 'Иван Петрович'), ('Smith', 'John'), ('Petrov', ''))
    """
    if "," in name:
        surname, given = name.split(",", 1)
        return " ".join(surname.split()), " ".join(given.replace(",", " ").split())
    words = name.split()
    return (words[0], " ".join(words[1:])) if words else ("", "")


def display_name(surname: str, given_names: str) -> str:
    """A player's name as tables, pages and mail show it: surname first,
    as Russian records and the federations' lists write it.

    >>> display_name("Петров", "Пётр Иванович"), display_name("Liddell", "Alice")
    ('Петров Пётр Иванович', 'Liddell Alice')
    >>> display_name("Madonna", "")
    'Madonna'
    """
    return " ".join(f"{surname} {given_names}".split())


def pgn_name(surname: str, given_names: str | None = None) -> str:
    """A player's name as PGN and ICCF write it: "Surname, Given names".

    From the surname and the given names (a patronymic among them); a name
    without given names is the surname alone. Given one text only, it is
    read surname first (:func:`split_name`).

    >>> pgn_name("Петров", "Пётр Иванович"), pgn_name("Liddell", "Alice"), pgn_name("Cher", "")
    ('Петров, Пётр Иванович', 'Liddell, Alice', 'Cher')
    >>> pgn_name("Иванов Иван Петрович"), pgn_name("Player 1"), pgn_name("Smith, John")
    ('Иванов, Иван Петрович', 'Player, 1', 'Smith, John')
    >>> pgn_name("  Petrov  ")
    'Petrov'
    """
    if given_names is None:
        surname, given_names = split_name(surname)
    surname, given = " ".join(surname.split()), " ".join(given_names.split())
    return f"{surname}, {given}" if given else surname


def plain_name(name: str) -> str:
    """The stored form of a PGN name: "Surname, Given" back to "Surname Given".

    >>> plain_name("Иванов, Иван"), plain_name("Player 1")
    ('Иванов Иван', 'Player 1')
    """
    return " ".join(name.replace(",", " ").split())


def one_line(value: str) -> str:
    """A tag value on one line: each control character (a line break, a tab
    ...) becomes a space, so the value cannot end its tag or start another.

    >>> one_line('Cup\\n[Annotator "x"]\\tA')
    'Cup [Annotator "x"] A'
    """
    return "".join(" " if unicodedata.category(c) in _NOT_IN_A_TAG else c for c in value)


def escape(value: str) -> str:
    """A PGN string's text: ``\\`` and ``"`` escaped by a backslash.

    >>> print(escape('O"Brien \\\\ Co'))
    O\\"Brien \\\\ Co
    """
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unescape(text: str) -> str:
    """A PGN string's value: its ``\\"`` and ``\\\\`` read back.

    >>> print(unescape(r'O\\"Brien \\\\ Co'))
    O"Brien \\ Co
    """
    return _ESCAPED.sub(r"\1", text)


def tag_value(name: str, value: str) -> str:
    """The value a tag line of :func:`tag_line` holds: on one line
    (:func:`one_line`), and cut, a whole character at a time, where the
    line would grow beyond :data:`LINE_BYTES` bytes, its escapes counted.

    >>> len(tag_value("Event", "Ж" * 200)), len(tag_line("Event", "Ж" * 200).encode())
    (122, 254)
    >>> tag_value("Event", "Ж" * 122 + "\\\\") == "Ж" * 122  # no backslash left alone
    True
    """
    text = one_line(value)
    room = LINE_BYTES - len(f'[{name} ""]'.encode())
    for end, char in enumerate(text):
        room -= len(escape(char).encode())
        if room < 0:
            return text[:end]
    return text


def tag_line(name: str, value: str) -> str:
    """A tag pair as the PGN standard writes it: ``[Name "value"]`` on one
    line of at most :data:`LINE_BYTES` bytes, the value escaped.

    >>> print(tag_line("White", 'O"Brien\\nJr'))
    [White "O\\"Brien Jr"]
    """
    return f'[{name} "{escape(tag_value(name, value))}"]'


class Exporter(chess.pgn.StringExporter):
    """python-chess's PGN writer, each tag written by :func:`tag_line`
    (python-chess writes a value as it is given: unescaped, uncut)."""

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(tag_line(tagname, tagvalue))


class PgnError(ValueError):
    """A PGN that cannot be read as one game's record; the text says where.

    ``template`` and ``params`` give the message in parts, for a door to
    show it in its reader's language.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


@dataclass(frozen=True)
class RecordMove:
    """One move of a record: where it stands, what it is, when it was sent."""

    ply: int
    uci: str
    san: str
    #: the ``%ccsnt`` date, if the record gives one
    sent_on: date | None
    #: the ``%ccsnt`` time of day, if given (in the event's zone, as written)
    sent_time: time | None = None


@dataclass(frozen=True)
class Record:
    """One game as a PGN gives it."""

    tags: dict[str, str]
    moves: list[RecordMove] = field(default_factory=list)
    #: "1-0", "0-1", "1/2-1/2" or "*"
    result: str = "*"
    #: the position the record starts from (``[FEN]``, a thematic start);
    #: None for the initial position. Plies count from it.
    start_fen: str | None = None
    #: ``[Variant "Chess960"]`` (or castling rights only Chess960 has)
    chess960: bool = False

    def tag(self, name: str) -> str:
        return self.tags.get(name, "")


def move_label(ply: int, text: str, before: int = 0) -> str:
    """How a move is named in a refusal: ``12.Nf3``, ``12...Nf6``; ``before``
    is the half-moves a set start position stands for (notation.start).

    >>> move_label(23, "Nf3"), move_label(24, "Nf6"), move_label(1, "Nf6", 23)
    ('12.Nf3', '12...Nf6', '12...Nf6')
    """
    return label(ply, text, before)


def read_date(value: str) -> date | None:
    """A PGN date tag's value; None where it is unknown (``????.??.??``).

    >>> read_date("2026.11.9"), read_date("2026.??.??")
    (datetime.date(2026, 11, 9), None)
    """
    match = _DATE.match(value.strip())
    if match is None:
        return None
    try:
        return date(*(int(g) for g in match.groups()))
    except ValueError:
        return None


def read_record(text: str) -> Record:
    """The one game of ``text``, each move checked as it is played.

    >>> r = read_record('[Result "*"]\\n\\n1. e4 { [%ccsnt 2026.05.10] } e5 *')
    >>> [(m.san, m.sent_on) for m in r.moves]
    [('e4', datetime.date(2026, 5, 10)), ('e5', None)]
    """
    stream = io.StringIO(text)
    game = chess.pgn.read_game(stream)
    if game is None or (_TAG.search(text) is None and not game.errors and game.next() is None):
        raise PgnError("the text holds no PGN game")
    if chess.pgn.read_game(stream) is not None:
        raise PgnError("the text holds more than one game; give one game's record")
    set_up = "FEN" in game.headers
    before = plies_before(game.headers.get("FEN")) if set_up else 0
    if game.errors:
        played = len(list(game.mainline_moves()))
        raise PgnError(
            "the record stops being legal at move {move}: {error}",
            move=move_number(played + 1, before),
            error=str(game.errors[0]),
        )
    # A thematic game's record starts from its set position ([SetUp "1"],
    # [FEN ...], [Variant "Chess960"]); the caller checks it is the game's.
    try:
        board = game.board()
    except ValueError as exc:
        raise PgnError("the FEN tag is not a position: {error}", error=str(exc)) from None
    chess960 = board.chess960
    start_fen = board.fen() if set_up or chess960 else None
    moves: list[RecordMove] = []
    for ply, node in enumerate(game.mainline(), start=1):
        move = node.move
        if not board.is_legal(move):  # pragma: no cover - read_game stops at an illegal move
            raise PgnError("move {move} is not legal", move=move_label(ply, move.uci(), before))
        san = board.san(move)
        sent_on, sent_time = _sent(node.comment, move_label(ply, san, before))
        moves.append(RecordMove(ply, move.uci(), san, sent_on, sent_time))
        board.push(move)
    result = game.headers.get("Result", "*")
    if result not in ("1-0", "0-1", "1/2-1/2", "*"):
        raise PgnError("the Result tag {result} is none of 1-0, 0-1, 1/2-1/2, *", result=result)
    return Record(
        # python-chess gives a tag's text as written: its escapes read here
        tags={name: unescape(value) for name, value in game.headers.items()},
        moves=moves,
        result=result,
        start_fen=start_fen,
        chess960=chess960,
    )


def _sent(comment: str, where: str) -> tuple[date | None, time | None]:
    match = _CCSNT.search(comment or "")
    if match is None:
        return None, None
    year, month, day, hour, minute, second = match.groups()
    try:
        on = date(int(year), int(month), int(day))
        at = time(int(hour), int(minute), int(second or 0)) if hour is not None else None
    except ValueError:
        raise PgnError(
            "move {move}: {date} is not a real date", move=where, date=match.group(0)
        ) from None
    return on, at


__all__ = [
    "DAY",
    "LINE_BYTES",
    "TERMINATIONS",
    "TERMINATION_DETAILS",
    "Exporter",
    "PgnError",
    "Record",
    "RecordMove",
    "display_name",
    "escape",
    "move_label",
    "one_line",
    "pgn_date",
    "pgn_name",
    "plain_name",
    "read_date",
    "read_record",
    "split_name",
    "tag_line",
    "tag_value",
    "time_control",
    "unescape",
]
