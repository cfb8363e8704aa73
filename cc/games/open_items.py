"""Which games of a batch have conditional lines or draw offers open.

A game that ends lapses its open lines and offers (:meth:`Outcomes.finish`),
which costs two queries per game. The daily run, which may end hundreds of
games in one transaction, reads both for its whole batch in two statements
instead; a game outside the batch, or with no batch read, is queried as
before. The run creates neither lines nor offers, so what it read holds until
it forgets it at the end of the batch.

A move asks three such questions of its own game (is the mover on leave, is
a draw offer open, does the partner have lines to fire), and its ledger
reads both players' leaves; nearly always every answer is no:
:func:`game_for_move` reads the game and the answers in one statement, and
the move asks again only where the answer may be yes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any, Literal

from sqlalchemy import Date, Integer, Select, bindparam, exists, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import DrawOfferStatus, LeaveStatus, LineStatus
from cc.clock.known_leaves import know_no_leaves
from cc.store.loads import adopt_row, columns_of, read
from cc.store.memos import Memo
from cc.store.models import ConditionalLine, DrawOffer, Event, Game, Player, PlayerLeave

OPEN = Memo[tuple[frozenset[int], dict[str, set[int]]]](
    "cc.games.open_items.open",
    """A batch's games (their ids) and which of them have an active line or
    an open offer, read by :func:`read_open_once`; dropped by
    :func:`forget_open` when the batch ends.""",
)

Item = Literal["lines", "offers"]


def read_open_once(session: Session, game_ids: Sequence[int]) -> None:
    """Read which of ``game_ids`` have an active line or an open offer."""
    ids = sorted(set(game_ids))
    lines = set(
        session.scalars(
            select(ConditionalLine.game_id).where(
                ConditionalLine.game_id.in_(ids), ConditionalLine.status == LineStatus.ACTIVE
            )
        )
    )
    offers = set(
        session.scalars(
            select(DrawOffer.game_id).where(
                DrawOffer.game_id.in_(ids), DrawOffer.status == DrawOfferStatus.OPEN
            )
        )
    )
    OPEN.put(session, (frozenset(ids), {"lines": lines, "offers": offers}))


def may_have_open(session: Session, game_id: int, item: Item) -> bool:
    """False only when a batch read says the game has no open ``item``."""
    known = OPEN.get(session)
    if known is None or game_id not in known[0]:
        return True
    return game_id in known[1][item]


def forget_open(session: Session) -> None:
    OPEN.drop(session)


@dataclass(frozen=True, slots=True)
class MayBeOpen:
    """What a move must look up, as read with its game; False is certain."""

    #: a leave of either player that may cover ``around`` in any zone
    leave: bool
    #: any leave of either player, whenever (their ledgers need them)
    any_leave: bool
    #: an open draw offer
    offer: bool
    #: an active conditional line of either player
    lines: bool


@cache
def _game_for_move_statement() -> Select[Any]:
    """Built once: a move's commonest statement, its values bound per call.
    The game, its event and players by their tables' columns (see
    :mod:`cc.store.loads`), then the four answers."""
    games = columns_of(Game)
    theirs = (
        PlayerLeave.player_id.in_([games.c.white_id, games.c.black_id]),
        PlayerLeave.status == LeaveStatus.ACTIVE,
    )
    # A zone's date is within a day of the UTC date.
    leave = exists().where(
        *theirs,
        PlayerLeave.first_day <= bindparam("latest", type_=Date),
        PlayerLeave.last_day >= bindparam("earliest", type_=Date),
    )
    any_leave = exists().where(*theirs)
    offer = exists().where(
        DrawOffer.game_id == games.c.id, DrawOffer.status == DrawOfferStatus.OPEN
    )
    lines = exists().where(
        ConditionalLine.game_id == games.c.id, ConditionalLine.status == LineStatus.ACTIVE
    )
    return (
        _game_statement()
        .add_columns(leave, any_leave, offer, lines)
        # PostgreSQL: one writer per game at a time (as find_game's lock).
        .with_for_update(of=games)
    )


def _adopt_game(session: Session, row: Sequence[Any]) -> tuple[Game, Sequence[Any]]:
    (game, event, white, black), rest = adopt_row(session, (Game, Event, Player, Player), row)
    for name, value in (("event", event), ("white", white), ("black", black)):
        # What a joined load sets: the game's own references, not read again.
        game.__dict__.setdefault(name, value)
    return game, rest


@cache
def _game_statement() -> Select[Any]:
    """The game, its event and its players by their tables' columns (see
    :mod:`cc.store.loads`), built once."""
    games, events = columns_of(Game), columns_of(Event)
    white, black = columns_of(Player).alias("white"), columns_of(Player).alias("black")
    return (
        select(*games.c, *events.c, *white.c, *black.c)
        .join(events, events.c.id == games.c.event_id)
        .join(white, white.c.id == games.c.white_id)
        .join(black, black.c.id == games.c.black_id)
        .where(games.c.id == bindparam("game_id", type_=Integer))
    )


def game_with_players(session: Session, game_id: int) -> Game | None:
    """The game with its event and both players, read in one statement (as
    :func:`game_for_move` reads them, without its lock and its answers):
    what a message about a game reads first."""
    rows = read(session, _game_statement(), {"game_id": game_id})
    return _adopt_game(session, rows[0])[0] if rows else None


def game_for_move(session: Session, game_id: int, around: date) -> tuple[Game, MayBeOpen]:
    """The game locked for a change (as :func:`find_game` with ``lock``),
    with its event and players, and whether a leave, an offer or a line may
    stand in the way of a move made on the UTC date ``around``."""
    row = (
        session.connection()
        .execute(
            _game_for_move_statement(),
            {
                "game_id": game_id,
                "earliest": around - timedelta(days=1),
                "latest": around + timedelta(days=1),
            },
        )
        .one_or_none()
    )
    if row is None:
        raise errors.NotFound(kind="game", ref=game_id)
    game, rest = _adopt_game(session, row)
    on_leave, had_leave, offered, lined = rest
    if not had_leave:
        know_no_leaves(session, game)
    return game, MayBeOpen(bool(on_leave), bool(had_leave), bool(offered), bool(lined))


__all__ = [
    "MayBeOpen",
    "forget_open",
    "game_for_move",
    "game_with_players",
    "may_have_open",
    "read_open_once",
]
