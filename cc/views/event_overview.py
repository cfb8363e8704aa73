"""The officials' overview of an event: its games with both clocks, its
players' leaves."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import GameStatus
from cc.games.turns import move_number_of
from cc.kernel.access import is_official_of
from cc.kernel.context import Actor, describe, find_event, find_player
from cc.store.models import Game, PlayerLeave
from cc.text.i18n import N_


@dataclass(frozen=True)
class OverviewGame:
    """A game in the arbiter's overview, with both clocks' essentials."""

    id: int
    section: str
    round: int
    white: str
    black: str
    status: str
    result: str
    result_reason: str | None
    move_number: int
    to_move: str | None
    white_days: int
    black_days: int
    white_left: int
    black_left: int
    near_control: bool
    overstep_on: date | None
    overstepped_by: str | None
    #: the people by name, as pages show them (the logins above are for the API)
    white_name: str = ""
    black_name: str = ""
    to_move_name: str | None = None
    overstepped_by_name: str | None = None


@dataclass(frozen=True)
class EventOverview:
    code: str
    name: str
    mode: str
    status: str
    start_date: date
    games: list[OverviewGame]
    leaves: list[dict[str, Any]]


def event_overview(session: Session, actor: Actor, code: str, now: datetime) -> EventOverview:
    """An event's games with their clocks, and its players' leaves."""
    from cc.clock.ledger import LedgerService

    event = find_event(session, code)
    if not is_official_of(session, actor, event):
        raise errors.NotPermitted(
            who=describe(session, actor), action=N_("oversee event {code}", code=code)
        )
    games = []
    for game in session.scalars(
        select(Game)
        .where(Game.event_id == event.id)
        .order_by(Game.section_id, Game.round, Game.board)
    ):
        ledger = LedgerService.compute(session, game, now)
        ongoing = game.status == GameStatus.ONGOING
        over = None
        who = None
        for clock, player in ((ledger.white, game.white), (ledger.black, game.black)):
            if clock.overstep_on and (over is None or clock.overstep_on < over):
                over, who = clock.overstep_on, player
        to_move = game.player_to_move
        games.append(
            OverviewGame(
                id=game.id,
                section=game.section.name,
                round=game.round,
                white=game.white.login,
                black=game.black.login,
                status=game.status.value,
                result=game.result.value,
                result_reason=game.result_reason.value if game.result_reason else None,
                move_number=move_number_of(game.ply_count + 1, game.plies_before),
                to_move=to_move.login if to_move else None,
                white_days=ledger.white.total,
                black_days=ledger.black.total,
                white_left=ledger.white.days_left,
                black_left=ledger.black.days_left,
                near_control=ongoing and (ledger.white.near_control or ledger.black.near_control),
                overstep_on=over,
                overstepped_by=who.login if who else None,
                white_name=game.white.name,
                black_name=game.black.name,
                to_move_name=to_move.name if to_move else None,
                overstepped_by_name=who.name if who else None,
            )
        )
    players = {e.player_id for s in event.sections for e in s.entries}
    leaves = [
        {
            "player": find_player(session, lv.player_id).login,
            "player_name": find_player(session, lv.player_id).name,
            "id": lv.id,
            "first_day": lv.first_day,
            "last_day": lv.last_day,
            "status": lv.status.value,
        }
        for lv in session.scalars(
            select(PlayerLeave)
            .where(PlayerLeave.player_id.in_(players))
            .order_by(PlayerLeave.first_day)
        )
    ]
    return EventOverview(
        code=event.code,
        name=event.name,
        mode=event.mode.value,
        status=event.status.value,
        start_date=event.start_date,
        games=games,
        leaves=leaves,
    )
