"""A player's list of games: each with its clock, draw offers, leaves and
claims, the games awaiting the player's move first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import DrawOfferStatus, EventStatus, GameResult, GameStatus, LeaveStatus
from cc.games.turns import move_number_of
from cc.store.models import DrawOffer, Game, PlayerLeave


@dataclass(frozen=True)
class MyGameRow:
    """One line of a player's list of games."""

    id: int
    event: str
    opponent: str
    opponent_name: str
    color: str
    move_number: int
    my_turn: bool
    status: str
    result: str
    result_reason: str | None
    days_used: int
    days_left: int
    next_control_move: int
    near_control: bool
    i_am_on_leave: bool
    opponent_on_leave: bool
    #: my move is awaited: the game goes on, it is my turn, its event is
    #: under way and no time claim suspends it (what the header counts)
    waiting: bool = False
    #: an open draw offer: the opponent's, waiting for my answer; or mine
    draw_offer_to_me: bool = False
    draw_offer_by_me: bool = False
    #: the opponent's overstep I may claim now (email and post, 56.6.1, 55.6.1)
    can_claim: bool = False
    #: the day the opponent sent their last move (in the event's zone)
    opponent_last_move_on: date | None = None
    #: finished: "won", "lost" or "drawn" from my side (None otherwise), and when
    outcome: str | None = None
    finished_on: date | None = None


def _outcome(result: GameResult, white: bool) -> str | None:
    """A finished game's result from one side: won, lost or drawn."""
    if result == GameResult.DRAW:
        return "drawn"
    if result == GameResult.UNFINISHED:
        return None
    return "won" if (result == GameResult.WHITE_WINS) == white else "lost"


def next_to_move(rows: list[MyGameRow]) -> MyGameRow | None:
    """The game awaiting my move with the fewest days left (the earliest
    listed of equals), or None when no game awaits me."""
    waiting = [r for r in rows if r.waiting]
    return min(waiting, key=lambda r: (r.days_left, r.id)) if waiting else None


def awaits_move(
    status: GameStatus,
    my_turn: bool,
    suspended: bool,
    event_status: EventStatus,
    start_date: date,
    today: date,
) -> bool:
    """One answer to "is my move awaited here?" for the list and the header:
    the game goes on, it is my turn, the event has begun (54.4.4) and no time
    claim suspends the game (56.6.3)."""
    return (
        status == GameStatus.ONGOING
        and my_turn
        and not suspended
        and event_status == EventStatus.STARTED
        and today >= start_date
    )


def my_games(session: Session, player_id: int, now: datetime) -> list[MyGameRow]:
    """A player's games: those awaiting their move first, the fewest days
    left first; then the others under way; then the finished ones, the
    latest first."""
    from cc.cases.oversteps import claim_basis_of
    from cc.clock.ledger import LedgerService
    from cc.clock.ledger_views import record_offset
    from timekeeping import local_date

    games = session.scalars(
        select(Game)
        .where(or_(Game.white_id == player_id, Game.black_id == player_id))
        .order_by(Game.id)
    ).all()
    leaves = session.scalars(
        select(PlayerLeave).where(PlayerLeave.status == LeaveStatus.ACTIVE)
    ).all()
    offers = {
        o.game_id: o.offered_by_id
        for o in session.scalars(
            select(DrawOffer).where(
                DrawOffer.game_id.in_([g.id for g in games]),
                DrawOffer.status == DrawOfferStatus.OPEN,
            )
        )
    }
    rows = []
    for game in games:
        white = game.white_id == player_id
        opponent = game.black if white else game.white
        ledger = LedgerService.compute(session, game, now)
        clock = ledger.player(white)
        event = game.event
        today = local_date(now, event.timezone)

        def on_leave(pid: int, today: date = today) -> bool:
            return any(
                lv.player_id == pid and lv.first_day <= today <= lv.last_day for lv in leaves
            )

        to_move = game.player_to_move
        my_turn = to_move is not None and to_move.id == player_id
        ongoing = game.status == GameStatus.ONGOING
        # Only an overstep on the opponent's clock can be claimed.
        claimable = False
        if ongoing and ledger.player(not white).oversteps:
            try:
                claim_basis_of(session, game, player_id, now)
                claimable = True
            except errors.ServiceError:
                pass
        theirs = [m for m in game.moves if m.player_id == opponent.id]
        offered_by = offers.get(game.id) if ongoing else None
        rows.append(
            MyGameRow(
                id=game.id,
                event=event.code,
                opponent=opponent.login,
                opponent_name=opponent.name,
                color="white" if white else "black",
                move_number=move_number_of(game.ply_count + 1, game.plies_before),
                my_turn=my_turn,
                status=game.status.value,
                result=game.result.value,
                result_reason=game.result_reason.value if game.result_reason else None,
                days_used=clock.total,
                days_left=clock.days_left,
                next_control_move=clock.next_control_move + record_offset(game, white),
                near_control=clock.near_control,
                i_am_on_leave=on_leave(player_id),
                opponent_on_leave=on_leave(opponent.id),
                waiting=awaits_move(
                    game.status,
                    my_turn,
                    game.suspended_by_case_id is not None,
                    event.status,
                    event.start_date,
                    today,
                ),
                draw_offer_to_me=offered_by == opponent.id,
                draw_offer_by_me=offered_by == player_id,
                can_claim=claimable,
                opponent_last_move_on=theirs[-1].sent_on if theirs else None,
                outcome=_outcome(game.result, white) if not ongoing else None,
                finished_on=(
                    local_date(game.finished_at, event.timezone)
                    if game.finished_at and not ongoing
                    else None
                ),
            )
        )
    rows.sort(
        key=lambda r: (
            r.status != "ongoing",
            not r.waiting,
            r.days_left if r.waiting else 0,
            -(r.finished_on or date.min).toordinal(),
            r.id,
        )
    )
    return rows
