"""What the doors show of a ledger: the schedule (Art. 60), clocks, progress report (Art. 57)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import chess
from sqlalchemy.orm import Session

import notation
from cc.base.kinds import GameStatus
from cc.base.regulations import DayCounting
from cc.store.models import Game
from cc.store.move_list import game_ucis
from cc.text.i18n import N_, code, join
from notation.start import move_number as record_number
from timekeeping import Ledger, PlayerClock


@dataclass(frozen=True)
class ChargeView:
    days: int
    kind: str
    reason: str
    on: date


@dataclass(frozen=True)
class SideEntry:
    """One player's half of a schedule line (Art. 60)."""

    move: str | None
    received_on: date
    sent_on: date | None
    days: int
    total: int
    leave_days: int
    charges: list[ChargeView]
    note: str


@dataclass(frozen=True)
class ScheduleRow:
    move_number: int
    white: SideEntry | None
    black: SideEntry | None


@dataclass(frozen=True)
class ClockView:
    player: str
    total: int
    penalty_days: int
    running_days: int
    next_control_move: int
    days_left: int
    near_control: bool
    overstep_on: date | None
    restarted_from_move: int | None
    oversteps: list[dict[str, object]] = field(default_factory=list)
    #: over the limit now: since the day of the overstep in force, by how many days
    over_since: date | None = None
    over_by: int = 0


@dataclass(frozen=True)
class GameLedgerView:
    game_id: int
    event: str
    event_name: str
    start_date: date
    white: str
    black: str
    white_name: str
    black_name: str
    control: str
    today: date
    status: str
    result: str
    to_move: str | None
    clocks: dict[str, ClockView]
    schedule: list[ScheduleRow]
    #: how the event counts days (spec §10.2): "calendar" or "iccf"
    day_counting: str = "calendar"
    #: the ICCF option: days beyond 20 on one move count double
    iccf_double_after_20: bool = False


@dataclass(frozen=True)
class ReportRow:
    """One game of a participant's progress report (Art. 57)."""

    game_id: int
    opponent: str
    color: str
    white_moves: int
    black_moves: int
    white_days: int
    black_days: int
    last_received_on: date | None
    last_sent_on: date | None
    #: in English; a :class:`cc.text.i18n.Text`, shown in another language with ``localize``
    notes: str


@dataclass(frozen=True)
class PlayerReport:
    player: str
    player_name: str
    event: str
    event_name: str
    today: date
    games: list[ReportRow]


def schedule_view(session: Session, game: Game, ledger: Ledger, style: str) -> GameLedgerView:
    """The move schedule of Art. 60 and both clocks, from the game's full
    ``ledger`` (:meth:`cc.clock.ledger.LedgerService.compute`), its moves
    written in ``style``."""
    texts = _move_texts(session, game, style)
    event = game.event
    rows: list[ScheduleRow] = []
    sides = {"white": ledger.white.moves, "black": ledger.black.moves}
    # Numbered from the game's start (Art. 26): Black's first move of
    # a game set at Black's move 12 stands alone on row 12.
    before = game.plies_before
    black_first = before % 2 == 1
    first_number = record_number(1, before)
    count = max(len(sides["white"]) + (1 if black_first else 0), len(sides["black"]))
    for i in range(count):
        entries: dict[str, SideEntry | None] = {}
        for color in ("white", "black"):
            # the i-th row's move of that colour: its index among the
            # colour's moves and among all the game's moves
            k = i - 1 if black_first and color == "white" else i
            index = 2 * k + (0 if (color == "white") != black_first else 1)
            moves = sides[color]
            if k < 0 or k >= len(moves):
                entries[color] = None
                continue
            e = moves[k]
            entries[color] = SideEntry(
                move=texts[index] if index < len(texts) else None,
                received_on=e.received_on,
                sent_on=e.sent_on,
                days=e.days,
                total=e.total,
                leave_days=e.leave_days,
                charges=[ChargeView(c.days, c.kind, c.reason, c.on) for c in e.charges],
                note=e.note,
            )
        rows.append(ScheduleRow(first_number + i, entries["white"], entries["black"]))
    to_move = game.player_to_move
    return GameLedgerView(
        game_id=game.id,
        event=event.code,
        event_name=event.name,
        start_date=event.start_date,
        white=game.white.login,
        black=game.black.login,
        white_name=game.white.name,
        black_name=game.black.name,
        control=f"{event.control_moves}/{event.control_days}",
        today=ledger.today,
        status=game.status.value,
        result=game.result.value,
        to_move=to_move.login if to_move else None,
        clocks={
            "white": _clock_view(game.white.login, ledger.white, record_offset(game, True)),
            "black": _clock_view(game.black.login, ledger.black, record_offset(game, False)),
        },
        schedule=rows,
        day_counting=DayCounting(event.day_counting).value,
        iccf_double_after_20=event.iccf_double_after_20,
    )


def report_row(game: Game, player_id: int, ledger: Ledger) -> ReportRow:
    """One game of a participant's progress report (Art. 57), from the
    game's full ``ledger``."""
    white = game.white_id == player_id
    mine = ledger.player(white)
    partners = ledger.player(not white)
    made = [e for e in mine.moves if e.sent_on is not None]
    partner_made = [e for e in partners.moves if e.sent_on is not None]
    last_received = mine.moves[-1].received_on if mine.moves else None
    notes: list[str] = []
    if game.status != GameStatus.ONGOING:
        reason = game.result_reason.value if game.result_reason else ""
        notes.append(
            N_(
                "{result} {reason}",
                result=game.result.value,
                reason=code("reason", reason),
            )
            if reason
            else game.result.value
        )
    if mine.overstep_on:
        notes.append(N_("overstep {on}", on=mine.overstep_on.isoformat()))
    if partners.overstep_on:
        notes.append(N_("opponent overstep {on}", on=partners.overstep_on.isoformat()))
    if game.status == GameStatus.ONGOING and mine.days_left < 0:
        since = mine.oversteps[-1].on.isoformat() if mine.oversteps else "-"
        notes.append(
            N_(
                "over the limit since {since}, by {days} days",
                since=since,
                days=-mine.days_left,
            )
        )
    elif game.status == GameStatus.ONGOING and mine.near_control:
        notes.append(N_("{days} days left: copy the arbiter (56.4.10)", days=mine.days_left))
    w_made = made if white else partner_made
    b_made = partner_made if white else made
    return ReportRow(
        game_id=game.id,
        opponent=(game.black if white else game.white).login,
        color="white" if white else "black",
        white_moves=len(w_made),
        black_moves=len(b_made),
        white_days=ledger.white.total,
        black_days=ledger.black.total,
        last_received_on=last_received,
        last_sent_on=made[-1].sent_on if made else None,
        notes=join("; ", notes),
    )


def _move_texts(session: Session, game: Game, style: str) -> list[str]:
    ucis = game_ucis(session, game)
    board = game.start_board()
    texts = []
    for uci in ucis:
        move = chess.Move.from_uci(uci)
        texts.append(notation.write_move(board, move, style))
        board.push(move)
    return texts


def record_offset(game: Game, white: bool) -> int:
    """What turns a player's count of moves in the game (the time control
    counts the moves made in it, Art. 26) into the record's move number:
    0 from the initial position; from a set position with Black to make
    move 12, Black's 1st move is move 12 (11) and White's is move 13 (12)."""
    before = game.plies_before
    black_first = before % 2 == 1
    first_ply = (2 if black_first else 1) if white else (1 if black_first else 2)
    return record_number(first_ply, before) - 1


def _clock_view(login: str, clock: PlayerClock, offset: int = 0) -> ClockView:
    """The clock as shown, its move numbers the record's (``offset``:
    :func:`record_offset`)."""
    return ClockView(
        player=login,
        total=clock.total,
        penalty_days=clock.penalty_days,
        running_days=clock.running_days,
        next_control_move=clock.next_control_move + offset,
        days_left=clock.days_left,
        near_control=clock.near_control,
        overstep_on=clock.overstep_on,
        restarted_from_move=(
            clock.restarted_from_move + offset if clock.restarted_from_move is not None else None
        ),
        oversteps=[
            {"move_number": o.move_number + offset, "limit": o.limit, "on": o.on}
            for o in clock.oversteps
        ],
        over_since=clock.oversteps[-1].on if clock.days_left < 0 and clock.oversteps else None,
        over_by=max(0, -clock.days_left),
    )


__all__ = [
    "ChargeView",
    "ClockView",
    "GameLedgerView",
    "PlayerReport",
    "ReportRow",
    "ScheduleRow",
    "SideEntry",
    "record_offset",
    "report_row",
    "schedule_view",
]
