"""What a game's ledger is counted from, read from the store for timekeeping's one call.

The event's rules, the moves' times, the leaves and pauses, the charges,
the oversteps a decision fixed, and the key the kept tallies were counted
under: each read once and handed to :mod:`timekeeping` whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from cc.base.kinds import CaseKind, CaseStatus, GameStatus, LeaveStatus, ResultReason
from cc.base.regulations import DayCounting, Mode
from cc.clock.known_leaves import KNOWN_LEAVES
from cc.store import loads
from cc.store.models import Case, Event, Game, Move, PlayerLeave, TimeCharge
from timekeeping import Charge, Leave, MoveTimes, Pending, Rules, local_date


def rules_for(event: Event) -> Rules:
    """The ledger rules of an event's regulations (read from its columns,
    as :attr:`Event.regulations` does, without checking the rest of them
    on every move)."""
    return Rules(
        control_moves=event.control_moves,
        control_days=event.control_days,
        timezone=event.timezone,
        counting=DayCounting(event.day_counting),
        double_after_20=event.iccf_double_after_20,
        # Post play: the first overstep restarts the count (55.6.4) unless the
        # regulations make it a loss (55.6.11).
        restart_after_first_overstep=event.mode == Mode.POST and not event.first_overstep_loses,
    )


#: the kept tallies' format; a different one is counted again
TALLY_FORMAT = 1


def receipt_shift(event: Event) -> timedelta | None:
    """Email convention: a move counts as received the next day (§10.3)."""
    return timedelta(days=1) if event.mode == Mode.EMAIL and event.next_day_receipt else None


def counted_times(
    shift: timedelta | None,
    ply: int,
    received_on: date,
    received_at: datetime,
    sent_on: date,
    sent_at: datetime,
) -> MoveTimes:
    """A stored move's dates as the ledger counts them."""
    if shift and ply > 1:
        received_on, received_at = received_on + shift, received_at + shift
    return MoveTimes(received_on, sent_on, received_at, sent_at)


def pending_of(
    game: Game, now: datetime, shift: timedelta | None
) -> tuple[datetime, Pending | None]:
    """The moment the running clock counts to, and the receipt of the move
    being thought about (None once the game is over)."""
    pending = None
    lost_on_time = game.result_reason == ResultReason.TIME_FORFEIT
    if lost_on_time and game.finished_at is not None:
        # The evidence stays: the unanswered move counts up to the forfeit.
        now = min(now, game.finished_at)
    if game.status == GameStatus.ONGOING or lost_on_time:
        received_at = game.turn_started_at
        if shift and game.ply_count > 0:
            received_at = received_at + shift
        pending = Pending(local_date(received_at, game.event.timezone), received_at)
    return now, pending


def pause_leaves(game: Game) -> list[Leave]:
    """A suspended game (56.6.3) stands still for both players."""
    out = []
    for first, last in game.pauses or ():
        assert first is not None
        out.append(Leave(date.fromisoformat(first), date.fromisoformat(last) if last else date.max))
    return out


def all_leaves(session: Session, game: Game) -> dict[int, list[Leave]]:
    players = (game.white_id, game.black_id)
    leaves: dict[int, list[Leave]] = {p: [] for p in players}
    known = KNOWN_LEAVES.get(session)
    if known is not None and known[0] == date.min and all(p in known[1] for p in players):
        for p in players:
            leaves[p].extend(known[1][p])
    else:
        leaves.update(_read_all_leaves(session, players))
    pauses = pause_leaves(game)
    for player_leaves in leaves.values():
        player_leaves.extend(pauses)
    return leaves


def _read_all_leaves(session: Session, players: tuple[int, int]) -> dict[int, list[Leave]]:
    leaves: dict[int, list[Leave]] = {p: [] for p in players}
    for player_id, first, last in session.execute(
        select(PlayerLeave.player_id, PlayerLeave.first_day, PlayerLeave.last_day).where(
            PlayerLeave.player_id.in_(players), PlayerLeave.status == LeaveStatus.ACTIVE
        )
    ):
        leaves[player_id].append(Leave(first, last))
    return leaves


def leaves_between(
    session: Session, game: Game, player_id: int, after: date, upto: date
) -> list[Leave]:
    """The player's leaves (and the game's pauses) with a day ``d``,
    ``after < d <= upto``: all that can change a count over those days."""
    known = KNOWN_LEAVES.get(session)
    if known is not None and after >= known[0] and player_id in known[1]:
        leaves = [lv for lv in known[1][player_id] if lv.last_day > after and lv.first_day <= upto]
        return leaves + pause_leaves(game)
    leaves = [
        Leave(first, last)
        for first, last in session.execute(
            select(PlayerLeave.first_day, PlayerLeave.last_day).where(
                PlayerLeave.player_id == player_id,
                PlayerLeave.status == LeaveStatus.ACTIVE,
                PlayerLeave.last_day > after,
                PlayerLeave.first_day <= upto,
            )
        )
    ]
    return leaves + pause_leaves(game)


def charges_of(session: Session, game: Game) -> dict[int, list[Charge]]:
    charges: dict[int, list[Charge]] = {game.white_id: [], game.black_id: []}
    rows = loads.read(session, _CHARGES, {"game_id": game.id})
    for player_id, move_number, days, reason, on, kind in rows:
        charges[player_id].append(Charge(move_number, days, reason, on, kind.value))
    return charges


#: a game's charges as values (built once: cc.store.loads.read)
_CHARGES = select(
    TimeCharge.player_id,
    TimeCharge.move_number,
    TimeCharge.days,
    TimeCharge.reason,
    TimeCharge.on,
    TimeCharge.kind,
).where(TimeCharge.game_id == bindparam("game_id"))

#: a game's moves' dates and times, in order
_MOVE_TIMES = (
    select(Move.ply, Move.received_on, Move.received_at, Move.sent_on, Move.sent_at)
    .where(Move.game_id == bindparam("game_id"))
    .order_by(Move.ply)
)


def move_times_of(session: Session, game: Game) -> Sequence[Any]:
    return loads.read(session, _MOVE_TIMES, {"game_id": game.id})


def fixed_pair(session: Session, game: Game, rules: Rules) -> tuple[bool, bool]:
    if not rules.restart_after_first_overstep:
        return False, False
    fixed = fixed_oversteps(session, game)
    return game.white_id in fixed, game.black_id in fixed


def game_tally_key(
    game: Game, rules: Rules, shift: timedelta | None, fixed: tuple[bool, bool]
) -> list[object]:
    """What kept tallies were counted under, as JSON values: the regulations,
    the start, next-day receipt, the game's pauses and the fixed oversteps."""
    return tally_key(game.event, rules, shift, game.pauses or [], fixed)


def tally_key(
    event: Event,
    rules: Rules,
    shift: timedelta | None,
    pauses: list[list[str | None]],
    fixed: tuple[bool, bool],
) -> list[object]:
    return [
        TALLY_FORMAT,
        rules.control_moves,
        rules.control_days,
        rules.counting.value,
        rules.double_after_20,
        rules.restart_after_first_overstep,
        rules.timezone,
        event.start_date.isoformat(),
        shift is not None,
        [list(p) for p in pauses],
        fixed[0],
        fixed[1],
    ]


def fixed_oversteps(session: Session, game: Game) -> set[int]:
    """The players whose first overstep a decision has fixed (55.6.4).

    A time claim upheld without losing the game (post play's first overstep)
    fixes it; a decision reversed on appeal no longer does, and a claim
    rejected or not yet decided never did.
    """
    rows = session.execute(
        select(Case.respondent_id, Case.decision, Case.appeal_decision, Case.details).where(
            Case.game_id == game.id,
            Case.kind == CaseKind.TIME_CLAIM,
            Case.status.in_((CaseStatus.DECIDED, CaseStatus.APPEALED, CaseStatus.FINAL)),
        )
    )
    return {
        respondent
        for respondent, decision, appeal_decision, details in rows
        if respondent is not None
        and (appeal_decision or decision) == "upheld"
        and not (details or {}).get("decisive", True)
    }


def black_first(game: Game) -> bool:
    """Whether Black made the game's first move (a thematic start, Art. 26)."""
    return game.plies_before % 2 == 1


__all__ = [
    "TALLY_FORMAT",
    "all_leaves",
    "black_first",
    "charges_of",
    "counted_times",
    "fixed_oversteps",
    "fixed_pair",
    "game_tally_key",
    "leaves_between",
    "move_times_of",
    "pause_leaves",
    "pending_of",
    "receipt_shift",
    "rules_for",
    "tally_key",
]
