"""Loading a game's record from PGN: games played by post or away from the
server, whose record reaches the arbiter as a file (56.9.1-56.9.2: "PGN
preferred").

The arbiter loads one game's PGN into that game, or an event's PGN into the
event's games (each found by its Round tag ``round.board`` and checked
against its players). The record is read by :mod:`notation.pgn` from the
initial position, move by move: the moves already on record must be its
first moves, and each new one must be legal and carry its sending date
(``[%ccsnt YYYY.MM.DD]``, optionally ``,HH:MM``), no earlier than the move
before it and no later than today. Each new move is recorded as the move
service records a move, received when the move before it was sent (the
partner's sending on the server and by email; a post game's receipts are
then recorded from the postmarks, 55.2.2), so the schedule of Art. 60 and
the clocks follow from the record. The result is registered when the
record gives one (56.9.1): the board's own end (mate, stalemate ...), a
resignation or an agreed draw, a threefold repetition or 50-move draw the
position bears out. A result the record cannot show (a loss on time, an
adjudication, a default) is left to the arbiter's decision and said so.
Nothing is stored when any move is refused.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import chess
import chess.pgn
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import (
    DrawOfferStatus,
    EventStatus,
    GameResult,
    GameStatus,
    LineStatus,
    ResultReason,
)
from cc.clock.ledger import LedgerService
from cc.events.thematic import numbered_line
from cc.games.moves import GameService
from cc.kernel.access import is_arbiter_of, require_official
from cc.kernel.context import Actor, ServiceContext, audit, find_event, find_game
from cc.store.models import ConditionalLine, DrawOffer, Event, Game, Move
from cc.text.i18n import N_, Text, code
from notation.pgn import (
    TERMINATION_DETAILS,
    PgnError,
    Record,
    move_label,
    pgn_name,
    plain_name,
    read_record,
    tag_value,
)
from timekeeping import local_date

#: how a record says a game ended: this server's words in TerminationDetails
#: beside the standard's Termination ("normal"), or in Termination itself as
#: the server wrote them before ("resignation") and other programs write them
_RESIGNED = {"", "resignation", "normal"}
_AGREED = {"", "agreed draw", "normal"}
_CLAIMED = {
    "threefold repetition": ResultReason.THREEFOLD_REPETITION,
    "fifty moves": ResultReason.FIFTY_MOVES,
}
#: a move whose record gives a date but no time is taken as sent at noon
NOON = time(12, 0)


@dataclass(frozen=True)
class LoadedRecord:
    """What loading a record did to one game."""

    game_id: int
    #: moves the record shared with the game's record already
    kept: int
    #: moves added from the record
    added: int
    status: str
    result: str
    result_reason: str | None
    #: what was not applied and why (None: everything was)
    note: Text | None = None


def _refused(game_id: int, reason: Text) -> errors.RecordRefused:
    return errors.RecordRefused(game_id=game_id, reason=reason)


class RecordService:
    def __init__(self, ctx: ServiceContext, games: GameService) -> None:
        self.ctx = ctx
        self.games = games

    def may_load(self, actor: Actor, game_id: int) -> bool:
        """Whether ``actor`` may load records into this game (its arbiter)."""
        with self.ctx.db.read() as session:
            return is_arbiter_of(session, actor, find_game(session, game_id).event)

    def load_game(self, actor: Actor, game_id: int, pgn: str) -> LoadedRecord:
        """Load one game's PGN into game ``game_id`` (its arbiter only)."""
        record = self._read(game_id, pgn)
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            require_official(session, actor, game.event, N_("load a game's record"))
            return self._load(session, actor, game, record)

    def load_event(self, actor: Actor, event_code: str, pgn: str) -> list[LoadedRecord]:
        """Load every game of an event's PGN, each into the game its Round tag
        (``round.board``) names; all or nothing."""
        with self.ctx.db.read() as session:
            event = find_event(session, event_code)
            require_official(session, actor, event, N_("load a game's record"))
        chunks = _split_games(pgn)
        if not chunks:
            raise errors.InvalidInput(field="pgn", reason=N_("the text holds no PGN game"))
        records = [(chunk, self._read(0, chunk)) for chunk in chunks]
        out: list[LoadedRecord] = []
        with self.ctx.db.write() as session:
            event = find_event(session, event_code, lock=True)
            for _chunk, record in records:
                game = self._game_of(session, event, record)
                out.append(self._load(session, actor, game, record))
        return out

    # ---------------------------------------------------------------- steps

    @staticmethod
    def _read(game_id: int, pgn: str) -> Record:
        try:
            return read_record(pgn)
        except PgnError as exc:
            raise _refused(game_id, N_(exc.template, **exc.params)) from None

    @staticmethod
    def _from_start(game: Game, record: Record) -> Record:
        """The record's moves counted from the game's start (Art. 26): a
        record that starts where the game did, or (for an opening line) from
        the initial position through the line, which is then left out."""
        start = game.start_board()
        if game.start_line and record.start_fen is None:
            line = game.start_line.split()
            given = [m.san for m in record.moves[: len(line)]]
            if given != line:
                raise _refused(
                    game.id,
                    N_(
                        "the record does not begin with the event's opening {line}",
                        line=numbered_line(game.start_line),
                    ),
                )
            rest = [replace(m, ply=m.ply - len(line)) for m in record.moves[len(line) :]]
            return replace(record, moves=rest, start_fen=start.fen())
        same = (record.start_fen or chess.STARTING_FEN).split()[:4] == start.fen().split()[:4]
        if not same or record.chess960 != game.chess960:
            raise _refused(
                game.id,
                N_(
                    "the record starts from {given}, the game from {start}",
                    given=record.start_fen or N_("the initial position"),
                    start=start.fen(),
                ),
            )
        return record

    @staticmethod
    def _game_of(session: Session, event: Event, record: Record) -> Game:
        round_tag = record.tag("Round")
        try:
            round_no, board = (int(x) for x in round_tag.split("."))
        except ValueError:
            raise errors.InvalidInput(
                field="Round",
                reason=N_(
                    "the game {white} - {black} has Round {round}, not round.board",
                    white=record.tag("White"),
                    black=record.tag("Black"),
                    round=round_tag or "?",
                ),
            ) from None
        game = session.scalar(
            select(Game).where(
                Game.event_id == event.id, Game.round == round_no, Game.board == board
            )
        )
        if game is None:
            raise errors.NotFound(kind="game", ref=f"{event.code} {round_tag}")
        return game

    def _load(self, session: Session, actor: Actor, game: Game, record: Record) -> LoadedRecord:
        now = self.ctx.now()
        event = game.event
        if event.status != EventStatus.STARTED:
            raise errors.EventNotRunning(event=event.code, status=event.status.value)
        self._check_players(game, record)
        record = self._from_start(game, record)
        recorded = list(
            session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.ply))
        )
        for old, new in zip(recorded, record.moves, strict=False):
            if old.uci != new.uci:
                raise _refused(
                    game.id,
                    N_(
                        "move {move} differs from the game's {recorded}",
                        move=move_label(new.ply, new.san, game.plies_before),
                        recorded=move_label(old.ply, old.san, game.plies_before),
                    ),
                )
        if len(record.moves) < len(recorded):
            raise _refused(
                game.id,
                N_(
                    "the record has {given} moves, fewer than the {kept} the game has",
                    given=len(record.moves),
                    kept=len(recorded),
                ),
            )
        new_moves = record.moves[len(recorded) :]
        if new_moves and game.status != GameStatus.ONGOING:
            raise errors.GameOver(
                game_id=game.id,
                result=game.result.value,
                reason=game.result_reason.value if game.result_reason else game.status.value,
            )
        if new_moves and session.scalar(
            select(ConditionalLine.id).where(
                ConditionalLine.game_id == game.id, ConditionalLine.status == LineStatus.ACTIVE
            )
        ):
            raise _refused(
                game.id,
                N_("a conditional line is set in the game; it would answer the loaded moves"),
            )
        board = game.position()
        if new_moves:
            # An open offer is answered by the next move, as on the web.
            for offer in session.scalars(
                select(DrawOffer).where(
                    DrawOffer.game_id == game.id, DrawOffer.status == DrawOfferStatus.OPEN
                )
            ):
                offer.status = DrawOfferStatus.LAPSED
                offer.answered_at = now
        for move in new_moves:
            if game.status != GameStatus.ONGOING:
                raise _refused(
                    game.id,
                    N_(
                        "the game ended before move {move}",
                        move=move_label(move.ply, move.san, game.plies_before),
                    ),
                )
            when = self._sent_at(game, move.ply, move.san, move.sent_on, move.sent_time, now)
            mover = game.white if board.turn == chess.WHITE else game.black
            self.games.record_move(
                session,
                actor,
                game,
                event,
                mover,
                board,
                chess.Move.from_uci(move.uci),
                when,
                now,
                None,
            )
        note = self._result(session, actor, game, board, record, now)
        audit(
            session,
            actor,
            now,
            "record_loaded",
            event_id=event.id,
            game_id=game.id,
            kept=len(recorded),
            added=len(new_moves),
            result=game.result.value,
        )
        LedgerService.refresh_deadline(session, game, now)
        return LoadedRecord(
            game_id=game.id,
            kept=len(recorded),
            added=len(new_moves),
            status=game.status.value,
            result=game.result.value,
            result_reason=game.result_reason.value if game.result_reason else None,
            note=note,
        )

    @staticmethod
    def _check_players(game: Game, record: Record) -> None:
        """The record's White and Black, where it names them, are the game's."""
        for side, player in (("White", game.white), ("Black", game.black)):
            given = record.tag(side).strip()
            if given in ("", "?"):
                continue
            if plain_name(given).casefold() not in {
                plain_name(player.name).casefold(),
                # a name too long for a tag line, as the server's PGN cuts it
                plain_name(
                    tag_value(side, pgn_name(player.surname, player.given_names))
                ).casefold(),
                player.login.casefold(),
            }:
                raise _refused(
                    game.id,
                    N_(
                        "the record's {side} is {given}, the game's is {name}",
                        side=code("color", side.lower()),
                        given=given,
                        name=player.name,
                    ),
                )

    @staticmethod
    def _sent_at(
        game: Game,
        ply: int,
        san: str,
        on: date | None,
        at: time | None,
        now: datetime,
    ) -> datetime:
        """The instant a recorded move was sent: its date (and time, or noon)
        in the event's zone, never before its receipt nor after now."""
        label = move_label(ply, san, game.plies_before)
        zone = game.event.timezone
        if on is None:
            raise _refused(
                game.id, N_("move {move} has no sending date ([%ccsnt YYYY.MM.DD])", move=label)
            )
        received = game.turn_started_at
        received_on = local_date(received, zone)
        today = local_date(now, zone)
        if on < received_on:
            raise _refused(
                game.id,
                N_(
                    "move {move} is dated {on}, before it was received on {received}",
                    move=label,
                    on=on.isoformat(),
                    received=received_on.isoformat(),
                ),
            )
        if on > today:
            raise _refused(
                game.id,
                N_("move {move} is dated {on}, after today", move=label, on=on.isoformat()),
            )
        when = datetime.combine(on, at or NOON, tzinfo=ZoneInfo(zone))
        return min(max(when, received), now)

    def _result(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        board: chess.Board,
        record: Record,
        now: datetime,
    ) -> Text | None:
        """Register the record's result where the record shows how it came
        (56.9.1); otherwise say what is left to the arbiter."""
        if record.result == "*":
            return None
        if game.status != GameStatus.ONGOING:
            if game.result.value != record.result:
                return N_(
                    "the record gives {given}, the game ended {result}",
                    given=record.result,
                    result=game.result.value,
                )
            return None
        termination = (
            record.tag(TERMINATION_DETAILS).strip() or record.tag("Termination").strip()
        ).lower()
        last = session.scalar(
            select(Move).where(Move.game_id == game.id, Move.ply == game.ply_count)
        )
        when = max(last.sent_at if last else game.turn_started_at, game.turn_started_at)
        reason: ResultReason | None = None
        result = GameResult(record.result)
        if result == GameResult.DRAW:
            if termination in _CLAIMED:
                reason = _CLAIMED[termination]
                holds = (
                    game.repetition.count(board.epd(en_passant="legal")) >= 3
                    if reason == ResultReason.THREEFOLD_REPETITION
                    else board.halfmove_clock >= 100
                )
                if not holds:
                    return N_(
                        "the record's {result} ({termination}) is not borne out by the "
                        "position: the game goes on until the arbiter decides",
                        result=record.result,
                        termination=termination,
                    )
            elif termination in _AGREED:
                reason = ResultReason.AGREED_DRAW
        elif termination in _RESIGNED:
            reason = ResultReason.RESIGNATION
        if reason is None:
            return N_(
                "the record's {result} ({termination}) was not registered: it is for the "
                "arbiter to decide",
                result=record.result,
                termination=termination or "?",
            )
        self.games.finish(session, actor, game, result, reason, when)
        return None


def _split_games(pgn: str) -> list[str]:
    """The games of a PGN file, each its own text."""
    stream = io.StringIO(pgn)
    chunks: list[str] = []
    while True:
        start = stream.tell()
        if chess.pgn.read_headers(stream) is None:
            break
        chunks.append(pgn[start : stream.tell()])
    return [c for c in chunks if c.strip()]


__all__ = ["LoadedRecord", "RecordService"]
