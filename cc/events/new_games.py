"""A paired game's creation, the same for every system: a round robin's or a
team event's whole schedule at the start (spec §9), a Swiss round when it is
paired (Art. 31.7); in a thematic event, from the event's start (Art. 26).
And the section's entries every system starts from.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import chess
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import GameResult, GameStatus
from cc.base.regulations import Mode
from cc.clock.alerts import first_alert_on
from cc.clock.ledger import LedgerService, reminder_after
from cc.events.thematic import place_start
from cc.kernel.notifications import Kind, Notice, Notifications, Value
from cc.store.models import Event, Game, Player, Section, SectionEntry
from cc.text.i18n import N_
from timekeeping import local_date

START_EPD = chess.Board().epd(en_passant="legal")


def entries_to_pair(
    event: Event, section: Section, rng: random.Random | None = None
) -> list[SectionEntry]:
    """The section's entries, in the order of entry or of a drawing of lots
    (``rng``, Art. 31.1); refused with fewer than two players."""
    entries = list(section.entries)
    if len(entries) < 2:
        raise errors.EventStateError(
            event=event.code,
            reason=N_("section {section} needs at least 2 players", section=section.name),
        )
    if rng is not None:
        rng.shuffle(entries)
    return entries


def new_game(
    session: Session,
    event: Event,
    section: Section,
    rnd: int,
    board: int,
    white_id: int,
    black_id: int,
    begins: datetime,
) -> Game:
    """A game paired to begin at ``begins``: the event's official start (spec
    §9), or the moment a Swiss round is paired. White's time runs from then."""
    day = max(local_date(begins, event.timezone), event.start_date)
    # White oversteps on the (N+1)th day after the start (54.5.2; by email
    # and post the partner is told, §10.4); by email a first move 14 days
    # late is asked for (56.5.1), by post after 30 (55.5.1).
    mode = Mode(event.mode)
    wait = event.control_days
    if mode != Mode.SERVER:
        wait = min(wait, reminder_after(mode))
    game = Game(
        event_id=event.id,
        section=section,
        round=rnd,
        board=board,
        white_id=white_id,
        black_id=black_id,
        status=GameStatus.ONGOING,
        result=GameResult.UNFINISHED,
        fen=chess.STARTING_FEN,
        white_to_move=True,
        ply_count=0,
        repetition=[START_EPD],
        turn_started_at=begins,
        next_deadline=day + timedelta(days=wait + 1),
        alert_on=first_alert_on(event, _low_time_percent(session, white_id), day),
        ledger_state=LedgerService.fresh_state(event),
    )
    session.add(game)
    # A thematic event's games start from its theme (Art. 26).
    place_start(session, None, event, game, begins)
    return game


def tell_paired(
    session: Session,
    hub: Notifications,
    event: Event,
    game: Game,
    round: str,
    match: str | None = None,
) -> None:
    """PAIRED to both players of a game paired during the event (a Swiss
    round, a knockout match), once per game; ``round`` as stored, ``match``
    a knockout's match ("W2-1", cc.events.systems.knockout_text.stage)."""
    params: dict[str, Value] = {
        "event": event.name,
        "code": event.code,
        "round": round,
        "white": game.white.name,
        "black": game.black.name,
    }
    if match is not None:
        params["match"] = match
    if game.plies_before % 2:
        # A set position with Black to move (Art. 26): Black moves first.
        params["black_first"] = True
    for player_id in (game.white_id, game.black_id):
        hub.notify(
            session,
            Notice(
                recipient_id=player_id,
                kind=Kind.PAIRED,
                game_id=game.id,
                event_id=event.id,
                params=params,
                key=f"paired:{game.id}",
            ),
        )


def _low_time_percent(session: Session, player_id: int) -> int:
    """The share of the period at which the player is told their time runs low."""
    player = session.get(Player, player_id)
    return player.low_time_percent if player is not None else 20
