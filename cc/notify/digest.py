"""The daily digest: one mail a day, at the hour the player chose, in their zone.

A player whose channels include the digest for any group of notices (the
default for server events, :func:`cc.kernel.notifications.default_channels`)
gets, once per day of their own time zone and at or after their
``digest_hour``, one digest: their games in which it is their move, fewest
days left first, each with the opponent, the event, the days left before
the control and the last day they may think (the first 30, by the next
deadline; the others counted); and the notices routed to the
digest that no digest has told yet. A day with nothing to say sends nothing,
and still counts as done.

The seam to the doors is the hub's (:meth:`Notifications.digest`): this
service builds a :class:`~cc.kernel.notifications.Digest` value, with the
moves already written in the player's notation, and hands it to the
subscribed digest handlers in the transaction that records the day as done
(``Player.digest_sent_on``) and marks the notices told (``digested_at``). The
mail door renders and queues it there, so the digest is sent if and only if
that transaction commits. Each player's row is locked and rows another
process holds are skipped (``SKIP LOCKED``), so a rerun or a second process
never sends a day's digest twice.

Players are read by the zones there are: per zone, those whose hour has come
and whose day is not done, so a run between the hours reads nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import chess
from sqlalchemy import and_, bindparam, false, func, or_, select, true
from sqlalchemy.orm import Session

import notation
from cc.base.kinds import GameStatus
from cc.base.regulations import Mode
from cc.clock.ledger import LedgerService
from cc.kernel.context import ServiceContext
from cc.kernel.notifications import (
    Channel,
    Digest,
    DigestGame,
    DigestItem,
    Group,
    Kind,
    Value,
    chosen_channels,
)
from cc.store import loads, move_list
from cc.store.models import Event, Game, Move, Notification, Player
from notation import start

#: players handled per transaction
BATCH = 100
#: at most this many games to move are listed (the rest are counted)
DIGEST_GAMES = 30
#: the games to move are counted up to this many ("more than" beyond):
#: counting a player's every game costs as many rows as they have
COUNT_UP_TO = 1000
_STYLES = frozenset(n.value for n in notation.Notation) - {notation.Notation.MIXED.value}


def local_now(now: datetime, zone: str) -> datetime | None:
    """``now`` in the player's zone (None for a zone that does not exist)."""
    try:
        return now.astimezone(ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return None


def notation_of(player: Player) -> str:
    """The notation the player reads moves in (SAN when theirs is unknown)."""
    return player.notation if player.notation in _STYLES else notation.Notation.SAN.value


def takes_digest(player: Player, modes: set[Mode | None]) -> bool:
    """The digest is among the player's channels for some group, in some
    mode of the events they play in (the defaults differ by mode)."""
    return any(
        Channel.DIGEST in chosen_channels(player, group, mode) for group in Group for mode in modes
    )


class Record:
    """A game's moves written in one notation, to say moves in the reader's."""

    def __init__(
        self, session: Session, game_id: int, style: str, start_at: chess.Board | None = None
    ) -> None:
        self.rows = loads.read(session, _RECORD, {"game_id": game_id})
        move_list.remember(session, game_id, [row.uci for row in self.rows])
        self.texts: dict[int, str] = {}
        # From the game's start (Art. 26: a thematic position).
        board = start_at.copy(stack=False) if start_at is not None else chess.Board()
        for ply, uci, _, _ in self.rows:
            move = chess.Move.from_uci(uci)
            self.texts[ply] = notation.write_move(board, move, style)
            board.push(move)

    def at(self, ply: int) -> str | None:
        return self.texts.get(ply)

    def find(self, san: str, before: datetime) -> str:
        """The latest move written ``san`` recorded by ``before``, in the notation."""
        for ply, _, written, recorded_at in reversed(self.rows):
            if written == san and recorded_at <= before:
                return self.texts[ply]
        return san


_RECORD = (
    select(Move.ply, Move.uci, Move.san, Move.recorded_at)
    .where(Move.game_id == bindparam("game_id"))
    .order_by(Move.ply)
)


class DigestService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def run(self, now: datetime) -> list[int]:
        """Send the digests whose hour has come; returns the players sent one."""
        with self.ctx.db.read() as session:
            zones = session.scalars(select(Player.timezone).distinct()).all()
        due = []
        for zone in zones:
            local = local_now(now, zone)
            if local is None:
                continue
            due.append(
                and_(
                    Player.timezone == zone,
                    Player.digest_hour <= local.hour,
                    or_(Player.digest_sent_on.is_(None), Player.digest_sent_on < local.date()),
                )
            )
        sent: list[int] = []
        if not due:
            return sent
        last_id = 0
        while True:
            with self.ctx.db.write() as session:
                players = session.scalars(
                    select(Player)
                    .where(or_(*due), Player.id > last_id)
                    .order_by(Player.id)
                    .limit(BATCH)
                    .with_for_update(skip_locked=True)
                ).all()
                if not players:
                    return sent
                for player in players:
                    last_id = player.id
                    if self.send(session, player, now):
                        sent.append(player.id)

    def send(self, session: Session, player: Player, now: datetime) -> bool:
        """The player's digest for their own today, if its hour has come and
        it is not done yet; True when there was something to say."""
        local = local_now(now, player.timezone)
        if local is None or local.hour < player.digest_hour:
            return False
        day = local.date()
        if player.digest_sent_on is not None and player.digest_sent_on >= day:
            return False
        player.digest_sent_on = day
        # The modes of the events the player has a game going in: asked of
        # each event (far fewer than games), each answered by the first such
        # game found, not by reading all the player's games. The player's
        # index finds it (``+ 0`` keeps the event's index out: an event may
        # hold thousands of games, none of them the player's in that colour).
        modes: set[Mode | None] = {
            Mode(m)
            for m in session.scalars(
                select(Event.mode)
                .distinct()
                .where(
                    or_(
                        *(
                            select(Game.id)
                            .where(
                                Game.event_id + 0 == Event.id,
                                side == player.id,
                                Game.status == GameStatus.ONGOING,
                            )
                            .exists()
                            for side in (Game.white_id, Game.black_id)
                        )
                    )
                )
            )
        } or {None}
        rows = [
            row
            for row in session.scalars(
                select(Notification)
                .where(Notification.recipient_id == player.id, Notification.digested_at.is_(None))
                .order_by(Notification.id)
            )
            if Channel.DIGEST.value in row.channels
        ]
        to_move: list[Game] = []
        more = 0
        more_than = False
        if takes_digest(player, modes):
            # The player's move: the side to move of the current position
            # (so a thematic start with Black to move counts too); a
            # suspended game waits for its case.
            theirs = and_(
                or_(
                    and_(Game.white_id == player.id, Game.white_to_move == true()),
                    and_(Game.black_id == player.id, Game.white_to_move == false()),
                ),
                Game.status == GameStatus.ONGOING,
                Game.suspended_by_case_id.is_(None),
            )
            # In the order of the next deadline: the ledgers of the first
            # few are computed, and sorted by the days really left. Each
            # colour, with and without a deadline, is read on its own, so
            # that the player's index (id, whose move, deadline) gives its
            # first few in order however many games the player has.
            found: list[Game] = []
            for side, white in ((Game.white_id, True), (Game.black_id, False)):
                for dated in (True, False):
                    query = select(Game).where(
                        side == player.id,
                        Game.white_to_move == white,
                        Game.status == GameStatus.ONGOING,
                        Game.suspended_by_case_id.is_(None),
                    )
                    if dated:
                        query = query.where(Game.next_deadline.is_not(None)).order_by(
                            Game.next_deadline, Game.id
                        )
                    else:
                        query = query.where(Game.next_deadline.is_(None)).order_by(Game.id)
                    # One beyond the list: a single colour may hold them all.
                    found.extend(session.scalars(query.limit(DIGEST_GAMES + 1)))
            found.sort(key=lambda g: (g.next_deadline is None, g.next_deadline, g.id))
            to_move = found[:DIGEST_GAMES]
            if len(found) > DIGEST_GAMES:
                counted = select(Game.id).where(theirs).limit(COUNT_UP_TO + 1).subquery()
                total = int(session.scalar(select(func.count()).select_from(counted)) or 0)
                more_than = total > COUNT_UP_TO
                more = min(total, COUNT_UP_TO) - DIGEST_GAMES
        for row in rows:
            row.digested_at = now
        # What the player already read in the centre is not told again.
        rows = [
            row for row in rows if row.read_at is None or Channel.CENTRE.value not in row.channels
        ]
        if not to_move and not rows:
            return False
        style = notation_of(player)
        records: dict[int, Record] = {}

        def record(game_id: int) -> Record:
            if game_id not in records:
                game = session.get(Game, game_id)
                start_at = game.start_board() if game is not None else None
                records[game_id] = Record(session, game_id, style, start_at)
            return records[game_id]

        lines = [self._game(session, g, player, now, record(g.id)) for g in to_move]
        lines.sort(key=lambda line: (line.days_left, line.deadline, line.game_id))
        items = [self._item(row, record) for row in rows]
        digest = Digest(player.id, day, tuple(lines), tuple(items), more, more_than)
        self.ctx.notifications.digest(session, digest)
        return True

    @staticmethod
    def _game(
        session: Session, game: Game, player: Player, now: datetime, record: Record
    ) -> DigestGame:
        ledger = LedgerService.compute(session, game, now)
        white = game.white_id == player.id
        clock = ledger.player(white)
        event = game.event
        return DigestGame(
            game_id=game.id,
            event_code=event.code,
            event_name=event.name,
            opponent=(game.black if white else game.white).name,
            white=white,
            move_number=start.move_number(game.ply_count + 1, game.plies_before),
            days_left=clock.days_left,
            deadline=date.fromordinal(ledger.today.toordinal() + max(clock.days_left, 0)),
            last_move=record.at(game.ply_count) if game.ply_count else None,
        )

    @staticmethod
    def _item(row: Notification, record: Callable[[int], Record]) -> DigestItem:
        params: dict[str, Value] = dict(row.params)
        if row.game_id is not None:
            params = written(params, record(row.game_id), row.created_at)
        return DigestItem(
            notification_id=row.id,
            kind=Kind(row.kind),
            game_id=row.game_id,
            case_id=row.case_id,
            event_id=row.event_id,
            params=params,
            created_at=row.created_at,
        )


def written(params: Mapping[str, Value], record: Record, at: datetime) -> dict[str, Value]:
    """A notice's moves (``move``, ``fired``: SAN as stored) in the record's
    notation: the move of the ``ply`` the notice names, else the latest
    move so written by the time of the notice."""
    out = dict(params)
    move = params.get("move")
    ply = params.get("ply")
    if isinstance(move, str):
        by_ply = record.at(ply) if isinstance(ply, int) else None
        out["move"] = by_ply or record.find(move, at)
    fired = params.get("fired")
    if isinstance(fired, list):
        out["fired"] = [record.find(san, at) for san in fired]
    return out


__all__ = ["DigestService", "Record", "local_now", "notation_of", "takes_digest", "written"]
