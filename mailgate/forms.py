"""The standard form of Art. 59.1, as the gateway writes it to players.

Every move message carries the game header, the whole record with the dates
received and replied and the days on each move and in total, for both
players, and their leaves (56.2.1, 56.2.2); moves in numeric notation unless
the partners agreed on another (56.2.4). A move that carried a draw offer is
marked "(=)" beside it, as players mark it on paper, and a line under the
table says what the mark means.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Final


@dataclass(frozen=True)
class HalfMove:
    move: str
    received_on: date | None
    sent_on: date
    days: int
    total: int
    #: a draw was offered with this move
    offer: bool = False


@dataclass(frozen=True)
class FormRow:
    number: int
    white: HalfMove | None
    black: HalfMove | None


@dataclass(frozen=True)
class FormGame:
    event: str
    start_date: date
    white: str
    black: str
    rows: list[FormRow]
    white_leaves: list[tuple[date, date]] = field(default_factory=list)
    black_leaves: list[tuple[date, date]] = field(default_factory=list)
    #: a thematic start (Art. 26): the position the game began from (FEN),
    #: and the opening line that led there; the rows then begin at its
    #: move number
    start_fen: str | None = None
    start_line: str | None = None


_LABELS: Final = {
    "ru": (
        "Турнир",
        "Дата старта",
        "Белые",
        "Чёрные",
        "Перерывы белых",
        "Перерывы чёрных",
        ("Пол.", "Отв.", "Время", "N", "Белые", "Чёрные", "Пол.", "Отв.", "Время"),
        "с этим ходом предложена ничья",
    ),
    "en": (
        "Event",
        "Start date",
        "White",
        "Black",
        "White's leaves",
        "Black's leaves",
        ("Rec.", "Sent", "Time", "N", "White", "Black", "Rec.", "Sent", "Time"),
        "a draw offered with this move",
    ),
}


#: the lines of a thematic start, in the form's languages
_START_LABELS: Final = {
    "ru": ("Начальная позиция", "Дебют"),
    "en": ("Start position", "Opening"),
}


def _dm(day: date | None) -> str:
    return day.strftime("%d/%m") if day else "---"


#: beside a move that carried a draw offer
OFFER_MARK: Final = "(=)"


def _half(half: HalfMove | None) -> tuple[str, str, str, str]:
    if half is None:
        return "", "", "", ""
    move = f"{half.move} {OFFER_MARK}" if half.offer else half.move
    return _dm(half.received_on), _dm(half.sent_on), f"{half.days}/{half.total:02d}", move


def standard_form(game: FormGame, lang: str = "ru") -> str:
    """The 59.1 form of a game.

    >>> row = FormRow(1, HalfMove("4244", None, date(2026, 5, 10), 0, 0),
    ...               HalfMove("4745", date(2026, 5, 12), date(2026, 5, 12), 0, 0))
    >>> print(standard_form(FormGame("Cup", date(2026, 5, 10), "Ivanov", "Petrov", [row])))
    Турнир Cup
    Дата старта 10.05.2026
    Белые Ivanov
    Чёрные Petrov
    <BLANKLINE>
    Пол.  Отв.   Время  N    Белые  Чёрные  Пол.   Отв.   Время
    ---   10/05  0/00   01.  4244   4745    12/05  12/05  0/00

    A game started from a set position (Art. 26) says so, and its rows
    begin at its first move, here Black's 12th:

    >>> row = FormRow(12, None, HalfMove("5141", date(2026, 5, 10), date(2026, 5, 11), 1, 1))
    >>> print(standard_form(FormGame("Cup", date(2026, 5, 10), "A", "B", [row],
    ...                              start_fen="4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"), "en"))
    Event Cup
    Start date 10.05.2026
    White A
    Black B
    Start position 4k3/8/8/8/8/8/4P3/4K3 b - - 0 12
    <BLANKLINE>
    Rec.  Sent  Time  N    White  Black  Rec.   Sent   Time
                      12.         5141   10/05  11/05  1/01

    A move that carried a draw offer is marked, and the mark explained:

    >>> row = FormRow(1, HalfMove("4244", None, date(2026, 5, 10), 0, 0, offer=True), None)
    >>> print(standard_form(FormGame("Cup", date(2026, 5, 10), "A", "B", [row]), "en"))
    Event Cup
    Start date 10.05.2026
    White A
    Black B
    <BLANKLINE>
    Rec.  Sent   Time  N    White     Black  Rec.  Sent  Time
    ---   10/05  0/00  01.  4244 (=)
    <BLANKLINE>
    (=): a draw offered with this move
    """
    event, start, white, black, w_leave, b_leave, columns, offered = _LABELS.get(
        lang, _LABELS["ru"]
    )
    lines = [
        f"{event} {game.event}",
        f"{start} {game.start_date.strftime('%d.%m.%Y')}",
        f"{white} {game.white}",
        f"{black} {game.black}",
    ]
    for label, leaves in ((w_leave, game.white_leaves), (b_leave, game.black_leaves)):
        if leaves:
            spans = ", ".join(
                f"{a.strftime('%d.%m.%Y')}-{b.strftime('%d.%m.%Y')}" for a, b in leaves
            )
            lines.append(f"{label} {spans}")
    position, opening = _START_LABELS.get(lang, _START_LABELS["ru"])
    if game.start_line:
        lines.append(f"{opening} {game.start_line}")
    if game.start_fen:
        lines.append(f"{position} {game.start_fen}")
    table = [list(columns)]
    for row in game.rows:
        w_rec, w_sent, w_time, w_move = _half(row.white)
        b_rec, b_sent, b_time, b_move = _half(row.black)
        table.append(
            [w_rec, w_sent, w_time, f"{row.number:02d}.", w_move, b_move, b_rec, b_sent, b_time]
        )
    widths = [max(len(r[i]) for r in table) for i in range(len(columns))]
    lines.append("")
    for row_cells in table:
        lines.append("  ".join(c.ljust(widths[i]) for i, c in enumerate(row_cells)).rstrip())
    if any(h is not None and h.offer for row in game.rows for h in (row.white, row.black)):
        lines += ["", f"{OFFER_MARK}: {offered}"]
    return "\n".join(lines)
