"""Read-side views of players, events and games, shared by every door."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any

import chess
import chess.pgn
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.games.turns import move_number_of
from cc.kernel.access import Sight, ended, game_sight, is_official_of
from cc.kernel.context import (
    Actor,
    ServiceContext,
    describe,
    find_event,
    find_game,
    find_player,
)
from cc.store.models import (
    DrawOffer,
    DrawOfferStatus,
    Event,
    EventStatus,
    Game,
    GameResult,
    GameStatus,
    LeaveStatus,
    Move,
    Player,
    PlayerLeave,
    ResultReason,
)
from cc.text.i18n import N_
from notation import start
from notation.pgn import (
    TERMINATION_DETAILS,
    Exporter,
    pgn_date,
    pgn_name,
    tag_value,
    time_control,
)

#: PGN's Mode tag per mode of play, as correspondence programs read it
PGN_MODES = {"server": "XFCC", "email": "EM", "post": "Postal"}
#: PGN's Termination per way a game ends, in the standard's words (a game
#: over on the board, resigned or drawn ends "normal"; a default for silence
#: and a withdrawal are games "abandoned"); the way itself is written in
#: words in the TerminationDetails tag (notation.pgn.TERMINATION_DETAILS)
PGN_TERMINATIONS = {
    ResultReason.CHECKMATE: "normal",
    ResultReason.RESIGNATION: "normal",
    ResultReason.AGREED_DRAW: "normal",
    ResultReason.STALEMATE: "normal",
    ResultReason.INSUFFICIENT_MATERIAL: "normal",
    ResultReason.THREEFOLD_REPETITION: "normal",
    ResultReason.FIFTY_MOVES: "normal",
    ResultReason.FIVEFOLD_REPETITION: "normal",
    ResultReason.SEVENTYFIVE_MOVES: "normal",
    ResultReason.TIME_FORFEIT: "time forfeit",
    ResultReason.ADJUDICATION: "adjudication",
    ResultReason.WITHDRAWAL: "abandoned",
    ResultReason.DEFAULT: "abandoned",
}


@dataclass(frozen=True)
class PlayerView:
    id: int
    login: str
    #: the display form, surname first ("Петров Пётр Иванович")
    name: str
    surname: str
    given_names: str
    lang: str
    emails: list[str]
    roles: list[str]
    #: whether a password is set (it is never shown)
    has_password: bool = False
    #: False for an account with neither a password nor an address to mail a
    #: link to choose one: nobody can ever sign in to it
    can_sign_in: bool = True


@dataclass(frozen=True)
class MoveView:
    ply: int
    move_number: int
    color: str
    san: str
    uci: str
    received_at: datetime
    sent_at: datetime
    received_on: date
    sent_on: date
    door: str
    stated_sent_on: date | None = None


@dataclass(frozen=True)
class GameSummary:
    id: int
    event: str
    section: str
    round: int
    board: int
    white: str
    black: str
    status: str
    result: str
    result_reason: str | None
    ply_count: int
    #: login of the player to move; None once the game is over
    to_move: str | None
    #: the full-move number of the next move
    move_number: int
    #: the event's system (Art. 26): a knockout names its rounds by bracket
    system: str = "round_robin"


@dataclass(frozen=True)
class GameView(GameSummary):
    fen: str = ""
    moves: list[MoveView] = field(default_factory=list)
    draw_offer_by: str | None = None
    white_name: str = ""
    black_name: str = ""
    #: the public's view of a game still being played, so many moves behind
    #: (the event's regulations); None when the view is the whole game
    moves_behind: int | None = None
    #: a thematic start (Art. 26): the position the game began from (None:
    #: the initial one), the opening line that led there, Chess960 castling
    start_fen: str | None = None
    start_line: str | None = None
    chess960: bool = False

    def board_text(self) -> str:
        """The position as text, White at the bottom."""
        return str(chess.Board(self.fen, chess960=self.chess960))


@dataclass(frozen=True)
class EventView:
    id: int
    code: str
    name: str
    mode: str
    status: str
    start_date: date
    end_date: date | None
    timezone: str
    cycles: int
    arbiter: str | None
    appeal_arbiters: list[str]
    regulations: dict[str, Any]
    #: section name -> logins in starting-number order
    sections: dict[str, list[str]]
    #: team sections: section name -> team name -> logins in board order
    teams: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    #: a thematic start (Art. 26): the position, the opening line (SAN) that
    #: leads to it, or Chess960 drawn per round from ``chess960_seed``
    start_fen: str | None = None
    start_line: str | None = None
    chess960: bool = False
    chess960_seed: str | None = None
    #: sections with a theme of their own: name -> (position, opening line)
    section_themes: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    #: the system of play (Art. 26); a Swiss's rounds and pairing system (31.7)
    system: str = "round_robin"
    rounds: int | None = None
    pairing_system: str | None = None


@dataclass(frozen=True)
class PublicGame:
    """A game in an event's public list: who plays whom, and the result once
    it ends (a game still being played shows "*", whatever its progress)."""

    id: int
    section: str
    round: int
    board: int
    white: str
    black: str
    white_name: str
    black_name: str
    ended: bool
    result: str
    result_reason: str | None


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


class QueryService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def players(self) -> list[PlayerView]:
        with self.ctx.db.read() as session:
            return [
                self._player_view(p) for p in session.scalars(select(Player).order_by(Player.id))
            ]

    def player(self, ref: str | int) -> PlayerView:
        with self.ctx.db.read() as session:
            return self._player_view(find_player(session, ref))

    @staticmethod
    def _player_view(player: Player) -> PlayerView:
        return PlayerView(
            id=player.id,
            login=player.login,
            name=player.name,
            surname=player.surname,
            given_names=player.given_names,
            lang=player.lang,
            emails=[e.address for e in player.emails],
            roles=sorted(r.role.value for r in player.roles),
            has_password=bool(player.password_hash),
            can_sign_in=bool(player.password_hash) or bool(player.emails),
        )

    def events(self) -> list[EventView]:
        with self.ctx.db.read() as session:
            return [self._event_view(e) for e in session.scalars(select(Event).order_by(Event.id))]

    def event(self, code: str) -> EventView:
        with self.ctx.db.read() as session:
            return self._event_view(find_event(session, code))

    @staticmethod
    def _event_view(event: Event) -> EventView:
        regs = event.regulations
        sections = {}
        for section in event.sections:
            entries = sorted(section.entries, key=lambda e: (e.number or 10**6, e.id))
            sections[section.name] = [e.player.login for e in entries]
        teams = {
            section.name: {
                t.name: [e.player.login for e in t.entries]
                for t in sorted(section.teams, key=lambda t: (t.number or 10**6, t.id))
            }
            for section in event.sections
            if section.teams
        }
        return EventView(
            id=event.id,
            code=event.code,
            name=event.name,
            mode=event.mode.value,
            status=event.status.value,
            start_date=event.start_date,
            end_date=event.end_date,
            timezone=event.timezone,
            cycles=event.cycles,
            arbiter=event.arbiter.login if event.arbiter else None,
            appeal_arbiters=[a.player.login for a in event.appeal_arbiters],
            regulations={k: getattr(regs, k) for k in regs.__dataclass_fields__},
            sections=sections,
            teams=teams,
            start_fen=event.start_fen,
            start_line=event.start_line,
            chess960=event.chess960,
            chess960_seed=event.chess960_seed,
            section_themes={
                s.name: (s.start_fen, s.start_line) for s in event.sections if s.start_fen
            },
            system=event.system,
            rounds=event.rounds,
            pairing_system=event.pairing_system,
        )

    def game_for(self, actor: Actor | None, game_id: int) -> GameView:
        """A game as ``actor`` (None: a visitor not signed in) may see it.

        Its players and its event's officials see all of it; anyone else
        what the regulations make public (:func:`cc.kernel.access.game_sight`):
        a finished game whole, a game being played not at all or as it stood
        some moves ago, without its result or draw offers.
        """
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            sight = game_sight(session, actor, game)
            return self._game_view(session, game, sight)

    def own_game(self, actor: Actor, game_id: int) -> GameView:
        """A game ``actor`` plays in (to resign it, to answer a draw offer)."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            if actor.player_id not in (game.white_id, game.black_id):
                raise errors.NotYourGame(
                    game_id=game.id,
                    white=game.white.login,
                    black=game.black.login,
                    who=describe(session, actor),
                )
            return self._game_view(session, game, Sight(full=True, plies=game.ply_count))

    def pgn_for(self, actor: Actor | None, game_id: int) -> str:
        """The game in PGN as ``actor`` may see it (see :meth:`game_for`): the
        public's copy of a game being played stops where its view does, with
        the result "*"."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            sight = game_sight(session, actor, game)
            return self._pgn(session, game, None if sight.full else sight.plies)

    def public_events(self) -> list[EventView]:
        """The events anyone may look at: all but those still in draft, unless
        they are open for entry."""
        with self.ctx.db.read() as session:
            events = session.scalars(
                select(Event)
                .where(or_(Event.status != EventStatus.DRAFT, Event.entry_open))
                .order_by(Event.id)
            )
            return [self._event_view(e) for e in events]

    def public_event(self, code: str) -> tuple[EventView, list[PublicGame]]:
        """An event as anyone may see it, with its games (the result of each
        once it ends); an event in draft is the organisers' only."""
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            if event.status == EventStatus.DRAFT and not event.entry_open:
                raise errors.NotFound(kind="event", ref=code)
            games = session.scalars(
                select(Game)
                .where(Game.event_id == event.id)
                .order_by(Game.section_id, Game.round, Game.board)
            ).all()
            rows = [
                PublicGame(
                    id=g.id,
                    section=g.section.name,
                    round=g.round,
                    board=g.board,
                    white=g.white.login,
                    black=g.black.login,
                    white_name=g.white.name,
                    black_name=g.black.name,
                    ended=ended(g),
                    result=g.result.value if ended(g) else "*",
                    result_reason=(g.result_reason.value if ended(g) and g.result_reason else None),
                )
                for g in games
            ]
            return self._event_view(event), rows

    def events_of_official(self, actor: Actor) -> list[EventView]:
        """The events ``actor`` is arbiter or adjudicator of (all, for admins)."""
        with self.ctx.db.read() as session:
            events = session.scalars(select(Event).order_by(Event.id)).all()
            return [self._event_view(e) for e in events if is_official_of(session, actor, e)]

    def event_overview(self, actor: Actor, code: str) -> EventOverview:
        """An event's games with their clocks, and its players' leaves."""
        from cc.clock.ledger import LedgerService

        now = self.ctx.now()
        with self.ctx.db.read() as session:
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
                        near_control=ongoing
                        and (ledger.white.near_control or ledger.black.near_control),
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

    def my_games(self, player_id: int) -> list[MyGameRow]:
        """A player's games: those awaiting their move first, the fewest days
        left first; then the others under way; then the finished ones, the
        latest first."""
        from cc.cases.service import claim_basis_of
        from cc.clock.ledger import LedgerService, record_offset
        from timekeeping import local_date

        now = self.ctx.now()
        with self.ctx.db.read() as session:
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
                        lv.player_id == pid and lv.first_day <= today <= lv.last_day
                        for lv in leaves
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

    def games(self, *, event: str | None = None, player: str | None = None) -> list[GameSummary]:
        with self.ctx.db.read() as session:
            query = select(Game).order_by(Game.event_id, Game.section_id, Game.round, Game.board)
            if event is not None:
                query = query.where(Game.event_id == find_event(session, event).id)
            if player is not None:
                pid = find_player(session, player).id
                query = query.where(or_(Game.white_id == pid, Game.black_id == pid))
            return [self._summary(g) for g in session.scalars(query)]

    def game(self, game_id: int) -> GameView:
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            return self._game_view(session, game, Sight(full=True, plies=game.ply_count))

    def _game_view(self, session: Session, game: Game, sight: Sight) -> GameView:
        if not sight.full:
            return self._public_view(game, sight)
        summary = self._summary(game)
        offer = session.scalar(
            select(DrawOffer).where(
                DrawOffer.game_id == game.id, DrawOffer.status == DrawOfferStatus.OPEN
            )
        )
        offered_by = None
        if offer is not None:
            by = game.white if offer.offered_by_id == game.white_id else game.black
            offered_by = by.login
        return GameView(
            **asdict(summary),
            fen=game.fen,
            moves=[self._move_view(m, game.plies_before) for m in game.moves],
            draw_offer_by=offered_by,
            white_name=game.white.name,
            black_name=game.black.name,
            start_fen=game.start_fen,
            start_line=game.start_line,
            chess960=game.chess960,
        )

    def _public_view(self, game: Game, sight: Sight) -> GameView:
        """A game being played as the public sees it: the record up to
        ``sight.plies``, the position then, who was to move then; no result,
        no draw offer."""
        moves = [m for m in game.moves if m.ply <= sight.plies]
        board = game.start_board()
        for move in moves:
            board.push(chess.Move.from_uci(move.uci))
        to_move = game.white if board.turn == chess.WHITE else game.black
        return GameView(
            id=game.id,
            event=game.event.code,
            section=game.section.name,
            round=game.round,
            board=game.board,
            white=game.white.login,
            black=game.black.login,
            status=GameStatus.ONGOING.value,
            result=GameResult.UNFINISHED.value,
            result_reason=None,
            ply_count=sight.plies,
            to_move=to_move.login,
            move_number=move_number_of(sight.plies + 1, game.plies_before),
            fen=board.fen(),
            moves=[self._move_view(m, game.plies_before) for m in moves],
            white_name=game.white.name,
            black_name=game.black.name,
            moves_behind=sight.moves_behind,
            start_fen=game.start_fen,
            start_line=game.start_line,
            chess960=game.chess960,
            system=str(game.event.system),
        )

    @staticmethod
    def _move_view(move: Move, before: int = 0) -> MoveView:
        """A move as shown, numbered from the game's start (``before``:
        :attr:`Game.plies_before`)."""
        return MoveView(
            ply=move.ply,
            move_number=move_number_of(move.ply, before),
            color="white" if start.white_ply(move.ply, before) else "black",
            san=move.san,
            uci=move.uci,
            received_at=move.received_at,
            sent_at=move.sent_at,
            received_on=move.received_on,
            sent_on=move.sent_on,
            door=move.door.value,
            stated_sent_on=move.stated_sent_on,
        )

    @staticmethod
    def _summary(game: Game) -> GameSummary:
        to_move = game.player_to_move
        return GameSummary(
            id=game.id,
            event=game.event.code,
            section=game.section.name,
            round=game.round,
            board=game.board,
            white=game.white.login,
            black=game.black.login,
            status=game.status.value,
            result=game.result.value,
            result_reason=game.result_reason.value if game.result_reason else None,
            ply_count=game.ply_count,
            to_move=to_move.login if to_move else None,
            move_number=move_number_of(game.ply_count + 1, game.plies_before),
            system=str(game.event.system),
        )

    # ------------------------------------------------------------------- PGN

    def pgn(self, game_ids: list[int]) -> str:
        """The games in PGN, the server's own record (spec §6)."""
        with self.ctx.db.read() as session:
            return "\n\n".join(self._pgn(session, find_game(session, gid)) for gid in game_ids)

    @staticmethod
    def _pgn(session: Session, game: Game, plies: int | None = None) -> str:
        """The game in PGN; with ``plies``, only that much of it and no result
        (the public's copy of a game being played)."""
        event = game.event
        tags: dict[str, str] = {
            "Event": event.name,
            "Site": f"{event.code} ({event.mode.value})",
            "Date": pgn_date(event.start_date),
            "Round": f"{game.round}.{game.board}",
            # "Surname, Given", as PGN and ICCF write names (notation.pgn.pgn_name).
            "White": pgn_name(game.white.surname, game.white.given_names),
            "Black": pgn_name(game.black.surname, game.black.given_names),
            "Result": game.result.value if plies is None else "*",
        }
        for side, who in (("White", game.white), ("Black", game.black)):
            if who.rating is not None:
                tags[f"{side}Elo"] = str(who.rating)
        tags["EventDate"] = pgn_date(event.start_date)
        tags["Section"] = game.section.name
        for side, player_id in (("White", game.white_id), ("Black", game.black_id)):
            team = next(
                (e.team for e in game.section.entries if e.player_id == player_id and e.team),
                None,
            )
            if team is not None:
                tags[f"{side}Team"] = team.name
        for side, who in (("White", game.white), ("Black", game.black)):
            if who.country:
                tags[f"{side}Country"] = who.country
        # PGN's moves/seconds, which every database reads, and the control
        # in days in a tag of its own for people (Art. 60's "10/50").
        tags["TimeControl"] = time_control(event.control_moves, event.control_days)
        tags["TimeControlDays"] = f"{event.control_moves}/{event.control_days}"
        # The Mode tag as correspondence programs read it (Scid: XFCC for a
        # server's games, which it then plays through Xfcc; EM; Postal).
        tags["Mode"] = PGN_MODES[event.mode.value]
        tags["GameId"] = str(game.id)
        if game.result_reason and plies is None:
            # The standard's word, and ours ("resignation") beside it.
            tags["Termination"] = PGN_TERMINATIONS[game.result_reason]
            tags[TERMINATION_DETAILS] = game.result_reason.value.replace("_", " ")
        record = chess.pgn.Game()
        for name, value in tags.items():
            # One line each, cut to fit (python-chess refuses a line break
            # in a tag of its own); Exporter escapes them as it writes.
            record.headers[name] = tag_value(name, value)
        node = _start_of(record, game)
        for move in game.moves:
            if plies is not None and move.ply > plies:
                break
            node = node.add_variation(chess.Move.from_uci(move.uci))
            # The sending date, as correspondence databases read it.
            node.comment = f"[%ccsnt {pgn_date(move.sent_on)}]"
        return record.accept(Exporter(headers=True, variations=False, comments=True))


def _start_of(record: chess.pgn.Game, game: Game) -> chess.pgn.GameNode:
    """Where the record's moves begin (Art. 26, a thematic start): an opening
    line is written as the record's first moves from the initial position,
    so every reader shows it; a set position as ``[SetUp "1"]`` and
    ``[FEN ...]``, with ``[Variant "Chess960"]`` for Chess960, as Scid and
    lichess write them."""
    node: chess.pgn.GameNode = record
    if game.start_line and not game.chess960:
        board = chess.Board()
        for san in game.start_line.split():
            move = board.parse_san(san)
            board.push(move)
            node = node.add_variation(move)
        if board.fen() == game.start_fen:
            return node
        node = record  # a line that does not lead to the start: the position says it
        record.variations.clear()
    if game.start_fen or game.chess960:
        record.setup(game.start_board())
        record.headers["SetUp"] = "1"
        record.headers["FEN"] = game.start_board().fen()
        if game.chess960:
            record.headers["Variant"] = "Chess960"
    return node
