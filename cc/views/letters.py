"""What the email door's letters read: a player's games, the parts of a
game's standard form (59.1) besides its moves, an event's final tables.

A move's answers (the partner's forward, the mover's confirmation, a copy
to the arbiter) each carry the game's form: what they read is kept for the
transaction, once per state of the game, and the email gateway forgets it
between messages (:func:`forget_letters`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base.kinds import GameStatus, LeaveStatus
from cc.clock.known_leaves import known_to_have_no_leaves
from cc.clock.ledger import LedgerService
from cc.clock.ledger_views import GameLedgerView
from cc.events.standings import StandingsService
from cc.games.offers import offer_plies
from cc.store.memos import Memo
from cc.store.models import Event, Game, PlayerLeave

FORMS = Memo[dict[tuple[int, int, GameStatus, str], str]](
    "cc.views.letters.forms",
    """Games' forms as written (:func:`form`), by game, ply count, status and
    language, for every reader of the transaction; the email gateway drops
    them between messages.""",
)
SCHEDULES = Memo[dict[tuple[int, int, GameStatus], GameLedgerView]](
    "cc.views.letters.schedules",
    """Games' schedules, by game, ply count and status, for the forms of the
    transaction; the email gateway drops them between messages.""",
)
RECORD_PARTS = Memo[
    dict[tuple[int, int, GameStatus], tuple[set[int], dict[int, list[tuple[date, date]]]]]
](
    "cc.views.letters.record_parts",
    """The plies marked as offers and both players' leaves of games' forms,
    by game, ply count and status; the email gateway drops them between
    messages.""",
)
FINAL_TABLES = Memo[dict[tuple[int, str], str]](
    "cc.views.letters.final_tables",
    """Events' final standings as text, by event id and language, for every
    reader of the transaction; the email gateway drops them between
    messages.""",
)


def form(session: Session, game: Game, lang: str, write: Callable[[], str]) -> str:
    """The game's form in ``lang`` as ``write`` writes it, written once per
    state of the game and language within a transaction: a move's forward
    and its confirmation carry the same form when both players read one
    language."""
    memo = FORMS.setdefault(session, dict)
    key = (game.id, game.ply_count, game.status, lang)
    if key not in memo:
        memo[key] = write()
    return memo[key]


def schedule(session: Session, ledgers: LedgerService, game: Game) -> GameLedgerView:
    """The game's schedule, computed once per state within a transaction."""
    memo = SCHEDULES.setdefault(session, dict)
    key = (game.id, game.ply_count, game.status)
    if key not in memo:
        memo[key] = ledgers.schedule(game.id, style="numeric")
    return memo[key]


def record_parts(
    session: Session, game: Game
) -> tuple[set[int], dict[int, list[tuple[date, date]]]]:
    """The plies marked as offers and both players' leaves, read once per
    state of the game for every reader's copy of the form."""
    memo = RECORD_PARTS.setdefault(session, dict)
    key = (game.id, game.ply_count, game.status)
    if key not in memo:
        leaves: dict[int, list[tuple[date, date]]] = {game.white_id: [], game.black_id: []}
        rows = (
            ()
            if known_to_have_no_leaves(session, game)
            else session.execute(
                select(PlayerLeave.player_id, PlayerLeave.first_day, PlayerLeave.last_day)
                .where(
                    PlayerLeave.player_id.in_((game.white_id, game.black_id)),
                    PlayerLeave.status == LeaveStatus.ACTIVE,
                )
                .order_by(PlayerLeave.id)
            )
        )
        for pid, first, last in rows:
            leaves[pid].append((first, last))
        memo[key] = (offer_plies(session, game), leaves)
    return memo[key]


def final_tables(session: Session, standings: StandingsService, event: Event, lang: str) -> str:
    """The event's final standings as text in ``lang`` (its headings and
    numbers), computed once per language and transaction."""
    memo = FINAL_TABLES.setdefault(session, dict)
    if (event.id, lang) not in memo:
        memo[event.id, lang] = "\n\n".join(
            f"{s.section}\n{s.text(lang)}" for s in standings.event(event.code)
        )
    return memo[event.id, lang]


def running_games(session: Session, player_id: int) -> Sequence[Game]:
    """The player's games under way, in order."""
    return session.scalars(
        select(Game)
        .where(
            or_(Game.white_id == player_id, Game.black_id == player_id),
            Game.status == GameStatus.ONGOING,
        )
        .order_by(Game.id)
    ).all()


def games_in_event(session: Session, event_id: int, player_id: int) -> Sequence[Game]:
    """The player's games in the event, in order."""
    return session.scalars(
        select(Game)
        .where(
            Game.event_id == event_id,
            or_(Game.white_id == player_id, Game.black_id == player_id),
        )
        .order_by(Game.id)
    ).all()


def forget_letters(session: Session) -> None:
    """Drop what the letters read in the transaction, so that the next
    message of an email batch (or one rolled back to its savepoint) reads
    the state afresh."""
    for memo in (FORMS, SCHEDULES, RECORD_PARTS, FINAL_TABLES):
        memo.drop(session)
