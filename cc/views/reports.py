"""Text tables of the move schedule (Art. 60) and progress report (Art. 57).

Russian and English labels; the JSON forms come from the same views.
"""

from __future__ import annotations

from datetime import date

from cc.clock.ledger_views import ClockView, GameLedgerView, PlayerReport, SideEntry
from cc.text.i18n import N_, Text, localize

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "schedule": "Move schedule (Art. 60)",
        "game": "Game",
        "event": "Event",
        "start": "start",
        "control": "control",
        "days": "days",
        "as_of": "as of",
        "n": "N",
        "white": "White",
        "black": "Black",
        "received": "Received",
        "sent": "Sent",
        "time": "Time",
        "total": "Total",
        "notes": "Notes",
        "thinking": "(thinking)",
        "clock": "{who}: {total} days used ({penalty} penalty), {left} left to move {control}",
        "clock_over": "{who}: {total} days used ({penalty} penalty); over the limit since "
        "{since}, by {by} days",
        "near": "5 days or fewer left: copies go to the arbiter (56.4.10)",
        "overstep": "overstep on {on}",
        "restart": "count restarted from move {move} (55.6.4)",
        "note_overstep": "overstep",
        "note_overstep_fixed": "overstep fixed: the count restarts from the next move (55.6.4)",
        "report": "Progress report (Art. 57)",
        "player": "Player",
        "opponent": "Opponent",
        "color": "Colour",
        "moves_w": "Moves W",
        "moves_b": "Moves B",
        "time_w": "Time W",
        "time_b": "Time B",
        "last_received": "Last received",
        "last_sent": "Last sent",
        "leave": "leave",
        "penalty": "penalty",
        "grace": "grace",
        "adjustment": "adjustment",
        "w": "white",
        "b": "black",
    },
    "ru": {
        "schedule": "График переписки (ст. 60)",
        "game": "Партия",
        "event": "Турнир",
        "start": "старт",
        "control": "контроль",
        "days": "дней",
        "as_of": "на",
        "n": "N",
        "white": "Белые",
        "black": "Чёрные",
        "received": "Пол.",
        "sent": "Отв.",
        "time": "Время",
        "total": "Всего",
        "notes": "Примечания",
        "thinking": "(думает)",
        "clock": "{who}: израсходовано {total} дн. (штраф {penalty}), осталось {left} до "
        "{control}-го хода",
        "clock_over": "{who}: израсходовано {total} дн. (штраф {penalty}); лимит превышен "
        "с {since}, на {by} дн.",
        "near": "осталось 5 дней или меньше: копии арбитру (56.4.10)",
        "overstep": "просрочка {on}",
        "restart": "отсчёт заново с хода {move} (55.6.4)",
        "note_overstep": "просрочка",
        "note_overstep_fixed": "просрочка зафиксирована: отсчёт заново со следующего хода (55.6.4)",
        "report": "Отчёт участника (ст. 57)",
        "player": "Участник",
        "opponent": "Партнёр",
        "color": "Цвет",
        "moves_w": "Ходов Б",
        "moves_b": "Ходов Ч",
        "time_w": "Время Б",
        "time_b": "Время Ч",
        "last_received": "Посл. получен",
        "last_sent": "Посл. отправлен",
        "leave": "перерыв",
        "penalty": "штраф",
        "grace": "не засчитано",
        "adjustment": "поправка",
        "w": "белые",
        "b": "чёрные",
    },
}


def _d(day: date | None) -> str:
    return day.isoformat() if day else "-"


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows
    )


def _side(entry: SideEntry | None, t: dict[str, str]) -> tuple[list[str], list[str]]:
    if entry is None:
        return ["", "", "", "", ""], []
    notes = [f"{t[c.kind]} {c.days:+d}: {c.reason}" for c in entry.charges]
    if entry.leave_days:
        notes.append(f"{t['leave']} {entry.leave_days}")
    if entry.note:
        notes.append(t.get(f"note_{entry.note}", entry.note))
    return [
        entry.move or t["thinking"],
        _d(entry.received_on),
        _d(entry.sent_on),
        str(entry.days),
        str(entry.total),
    ], notes


def _clock_line(clock: ClockView, t: dict[str, str]) -> str:
    if clock.over_by:
        # Over the limit: that is all there is to say about this clock.
        return t["clock_over"].format(
            who=clock.player,
            total=clock.total,
            penalty=clock.penalty_days,
            since=clock.over_since.isoformat() if clock.over_since else "-",
            by=clock.over_by,
        )
    line = t["clock"].format(
        who=clock.player,
        total=clock.total,
        penalty=clock.penalty_days,
        left=clock.days_left,
        control=clock.next_control_move,
    )
    extra = []
    if clock.near_control:
        extra.append(t["near"])
    if clock.restarted_from_move:
        extra.append(t["restart"].format(move=clock.restarted_from_move))
    if clock.overstep_on:
        extra.append(t["overstep"].format(on=clock.overstep_on.isoformat()))
    return line + ("; " + "; ".join(extra) if extra else "")


def render_schedule(view: GameLedgerView, lang: str = "en") -> str:
    t = LABELS.get(lang, LABELS["en"])
    head = (
        f"{t['schedule']}\n{t['game']} {view.game_id}: {view.white_name} - {view.black_name}; "
        f"{t['event']} {view.event_name} ({t['start']} {view.start_date.isoformat()}); "
        f"{t['control']} {view.control} {t['days']}; {t['as_of']} {view.today.isoformat()}"
    )
    rows = [
        [
            t["n"],
            t["white"],
            t["received"],
            t["sent"],
            t["time"],
            t["total"],
            t["black"],
            t["received"],
            t["sent"],
            t["time"],
            t["total"],
            t["notes"],
        ]
    ]
    for row in view.schedule:
        white, white_notes = _side(row.white, t)
        black, black_notes = _side(row.black, t)
        notes = [f"{t['w']}: {n}" for n in white_notes] + [f"{t['b']}: {n}" for n in black_notes]
        rows.append([f"{row.move_number:02d}.", *white, *black, "; ".join(notes)])
    clocks = "\n".join(_clock_line(c, t) for c in view.clocks.values())
    counting = "".join(f"\n{localize(note, lang)}" for note in counting_notes(view))
    return f"{head}\n\n{_table(rows)}\n\n{clocks}{counting}"


def counting_notes(view: GameLedgerView) -> list[Text]:
    """How the event counts days, where it is not plain calendar days (spec §10.2)."""
    notes = []
    if view.day_counting == "iccf":
        notes.append(
            N_(
                "Days are counted as ICCF does (§10.2): whole 24-hour periods from the moment "
                "of receipt, so a reply within 23 hours costs 0 days."
            )
        )
    if view.iccf_double_after_20:
        notes.append(
            N_("Days beyond 20 on one move count double (§10.2): 23 days on a move show as 26.")
        )
    return notes


def render_report(report: PlayerReport, lang: str = "en") -> str:
    t = LABELS.get(lang, LABELS["en"])
    head = (
        f"{t['report']}\n{t['player']} {report.player_name} ({report.player}); "
        f"{t['event']} {report.event_name}; {t['as_of']} {report.today.isoformat()}"
    )
    rows = [
        [
            t["game"],
            t["opponent"],
            t["color"],
            t["moves_w"],
            t["moves_b"],
            t["time_w"],
            t["time_b"],
            t["last_received"],
            t["last_sent"],
            t["notes"],
        ]
    ]
    for g in report.games:
        rows.append(
            [
                str(g.game_id),
                g.opponent,
                t["w"] if g.color == "white" else t["b"],
                str(g.white_moves),
                str(g.black_moves),
                str(g.white_days),
                str(g.black_days),
                _d(g.last_received_on),
                _d(g.last_sent_on),
                localize(g.notes, lang),
            ]
        )
    return f"{head}\n\n{_table(rows)}"
