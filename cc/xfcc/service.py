"""Xfcc's two calls over the application services.

GetMyGames lists a player's games as desktop programs show them, the time
left taken from the day ledger; MakeAMove plays, offers, accepts, claims or
resigns through :class:`GameService`, exactly as the web does, and turns
each refusal into the protocol's result code. Credentials come with every
call and are checked, and throttled, like the web's sign-in.

Only the 13 codes ICCF's server gives are answered, since Scid and Lucas
Chess show nothing for any other; what a code stands for in a given case is
written to the log with the refusal's own words. Where the protocol leaves
room:

- ``InvalidGameID``: no game has that id, or the id is beyond any a game
  can have (2^31 and up, 0 and below).
- ``InvalidMoveNumber``: ``movecount`` is not the move now due, or the move
  due under it was already played by the player's conditional line, and
  differently. A retry of the move already recorded under that number is
  ``Success`` and applied once.
- ``InvalidMove``: the move is not one legal move; a draw claim
  (``claimDraw``) where neither threefold repetition nor the 50-move rule
  holds, before or after the move sent (nothing is recorded: a draw can only
  be offered); an offer sent together with a resignation; a move or a
  message holding a character XML cannot carry (a control character, a
  lone surrogate, U+FFFE, U+FFFF), which no answer could write back: nothing
  is recorded. (The wire admits none: the parser refuses a reference to one
  and reads the raw byte of one as U+FFFD, see :mod:`cc.xfcc.soap`.)
- ``NotYourTurn``: the partner is to move, the game is over or suspended,
  or the event has not yet begun (games exist only once an event is
  started; before its first day nobody is to move).
- ``FeatureUnavailable``: a claim in a game awaiting adjudication, whose
  claims go with their reasoning through the adjudication (56.9.4); a second
  conditional line in one game (a line sent while the partner is to move,
  ``myMove`` holding the partner's expected move and the answer, ``"e5
  Nf3"``, 54.3.3): Xfcc keeps one line per game, as ICCF's conditionals are
  linear.
- ``LostOnTime``: the game ended by the caller's time forfeit.
- ``YouAreOnLeave``: the player's leave is running (56.7.4); they end it
  first (56.7.3).
- A draw offer while the player's own offer is still open is ``Success``:
  the offer stands.

Scid sends a claim or an offer made without a new move with the last move
on the board and that move's number (the partner's last move on one's own
turn, one's own last move otherwise). Such an echo of the last move on
record, under its own number, is no move: the claim or the offer is made
as if ``myMove`` were empty, as resignations and acceptances always are.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import date, datetime

from cc.accounts.sessions import AccountService
from cc.base import errors
from cc.base.kinds import Door, EventStatus, GameResult, GameStatus, ResultReason
from cc.clock.ledger import LedgerService
from cc.games.messages import GameMessages
from cc.games.model import Game
from cc.games.moves import GameService
from cc.games.turns import move_number_of, ply_of
from cc.kernel.context import Actor, ServiceContext, find_game
from cc.views import xfcc_games
from cc.xfcc.soap import NOT_XML, XfccGame
from cc.xfcc.soap import GameResult as XResult
from cc.xfcc.soap import MakeAMoveResult as Code
from notation import start
from notation.pgn import pgn_date, pgn_name, time_control
from timekeeping import local_date, overstep_deadline, start_of_day
from timekeeping.ledger import PlayerClock

log = logging.getLogger(__name__)

#: "e5xd6 ep", "exd6e.p.": the en-passant mark some clients add
_EP = re.compile(r"\s*e\.?\s?p\.?\s*$", re.IGNORECASE)
_UNPLAYED = (ResultReason.TIME_FORFEIT, ResultReason.WITHDRAWAL, ResultReason.DEFAULT)
#: the largest id an integer column holds (the web's guard refuses larger ones)
MAX_ID = 2**31 - 1


@dataclass(frozen=True)
class MoveRequest:
    """MakeAMove's parameters, named as the protocol names them."""

    gameId: int | None
    resign: bool = False
    acceptDraw: bool = False
    movecount: int | None = None
    myMove: str = ""
    offerDraw: bool = False
    claimDraw: bool = False
    myMessage: str = ""


def move_text(san_moves: list[str], before: int = 0) -> str:
    """PGN movetext with numbers and no spaces after them, as ICCF writes it,
    numbered from the game's start (``before``: :attr:`Game.plies_before`;
    a game set at Black's move 12 begins ``12...``, as PGN writes a move of
    Black's with no White move before it).

    >>> move_text(["e4", "e5", "Nf3"])
    '1.e4 e5 2.Nf3'
    >>> move_text(["Kd7", "Kd2"], before=23)
    '12...Kd7 13.Kd2'
    """
    parts = []
    for ply, san in enumerate(san_moves, start=1):
        number = start.move_number(ply, before)
        if start.white_ply(ply, before):
            parts.append(f"{number}.{san}")
        else:
            parts.append(f"{number}...{san}" if ply == 1 else san)
    return " ".join(parts)


def _set_up(game: Game) -> bool:
    """Whether the game starts from a position of its own, sent as ``fen``
    (a game after an opening line sends the line as its first moves)."""
    return game.chess960 or (game.start_fen is not None and not game.start_line)


def _moves_of(game: Game) -> str:
    """The game's movetext: from its set position, or the opening line and then
    the moves made (Art. 26, thematic starts)."""
    sans = [m.san for m in game.moves]
    if _set_up(game):
        return move_text(sans, game.plies_before)
    line = game.start_line.split() if game.start_line else []
    return move_text([*line, *sans])


def event_date(day: date) -> str:
    """The event's date as clients copy it into PGN's Date tag: zero-padded,
    since Scid cannot read ``2026.11.9``.

    >>> event_date(date(2026, 11, 9))
    '2026.11.09'
    """
    return pgn_date(day)


def _same_text(a: str, b: str) -> bool:
    """Two SAN texts of one move, whatever check marks or zeros they use."""

    def norm(t: str) -> str:
        return t.strip().rstrip("+#!?").replace("0", "O")

    return norm(a) == norm(b)


class XfccService:
    def __init__(
        self,
        ctx: ServiceContext,
        games: GameService,
        accounts: AccountService,
        messages: GameMessages,
    ) -> None:
        self.ctx = ctx
        self.games = games
        self.accounts = accounts
        self.messages = messages

    # ------------------------------------------------------------ GetMyGames

    def my_games(
        self, username: str, password: str, address: str = "", link_base: str = ""
    ) -> list[XfccGame]:
        """The caller's games in running events; refuses wrong credentials.
        ``link_base``: the site's address, for each game's ``gameLink``."""
        player_id = self.accounts.authenticate(username, password, address)
        now = self.ctx.now()
        out = []
        with self.ctx.db.read() as session:
            for game in xfcc_games.games_of(session, player_id):
                event = game.event
                if event.status != EventStatus.STARTED:
                    continue
                white = game.white_id == player_id
                ledger = LedgerService.compute(session, game, now)
                mine, theirs = ledger.player(white), ledger.player(not white)
                to_move = game.player_to_move
                today = local_date(now, event.timezone)
                my_turn = (
                    to_move is not None
                    and to_move.id == player_id
                    and game.suspended_by_case_id is None
                    and today >= event.start_date
                )

                partner_moving = to_move is not None and to_move.id != player_id
                i_move = to_move is not None and to_move.id == player_id
                dp, hp, mp = _time_left(game, mine, i_move, now, today)
                do, ho, mo = _time_left(game, theirs, partner_moving, now, today)
                offer = xfcc_games.open_offer(session, game.id)
                out.append(
                    XfccGame(
                        id=game.id,
                        white=pgn_name(game.white.surname, game.white.given_names),
                        black=pgn_name(game.black.surname, game.black.given_names),
                        event=event.name,
                        site=f"{event.code} ({event.mode.value})",
                        myTurn=my_turn,
                        hasWhite=white,
                        daysPlayer=dp,
                        hoursPlayer=hp,
                        minutesPlayer=mp,
                        daysOpponent=do,
                        hoursOpponent=ho,
                        minutesOpponent=mo,
                        moves=_moves_of(game),
                        drawOffered=offer is not None and offer.offered_by_id != player_id,
                        result=_result(game),
                        message=xfcc_games.partners_message(session, game, player_id),
                        # A thematic start (Art. 26): ICCF's setup and fen,
                        # which Scid writes into the PGN's FEN tag. An
                        # opening line is sent as moves instead.
                        setup=_set_up(game),
                        fen=game.start_board().fen() if _set_up(game) else None,
                        eventDate=event_date(event.start_date),
                        timeControl=time_control(event.control_moves, event.control_days),
                        # Always sent, 0 when unrated: Lucas Chess reads the
                        # field without asking whether it is there, and takes
                        # 0 as no rating (as ICCF's own clients do).
                        whiteElo=game.white.rating or 0,
                        blackElo=game.black.rating or 0,
                        noEngines=event.no_engines,
                        noDatabases=event.no_databases,
                        noOpeningBooks=event.no_opening_books,
                        noTablebases=event.no_tablebases,
                        gameLink=f"{link_base}/games/{game.id}" if link_base else None,
                        round=f"{game.round}.{game.board}",
                        whiteCountry=game.white.country,
                        blackCountry=game.black.country,
                    )
                )
        return out

    # ------------------------------------------------------------- MakeAMove

    def make_a_move(
        self, username: str, password: str, request: MoveRequest, address: str = ""
    ) -> Code:
        """Do what the call asks and answer with its result code."""
        try:
            player_id = self.accounts.authenticate(username, password, address)
        except (errors.BadCredentials, errors.TooManyAttempts):
            return Code.AUTHENTICATION_FAILED
        actor = Actor.player(player_id, Door.XFCC)
        try:
            return self._make_a_move(actor, player_id, request)
        except errors.ServiceError as exc:
            code = self._code_for(exc, player_id, request)
            log.info(
                "Xfcc MakeAMove of %s in game %s answered %s: %s",
                username,
                request.gameId,
                code.value,
                exc,
            )
            return code
        except Exception:  # the protocol has a code for it; the log has the rest
            log.exception("Xfcc MakeAMove failed for %s in game %s", username, request.gameId)
            return Code.SERVER_ERROR

    @staticmethod
    def _refused(code: Code, r: MoveRequest, detail: str) -> Code:
        """A refusal decided here: its code, and in the log what it stands for."""
        log.info("Xfcc MakeAMove in game %s answered %s: %s", r.gameId, code.value, detail)
        return code

    def _make_a_move(self, actor: Actor, player_id: int, r: MoveRequest) -> Code:
        if r.gameId is None or not 0 < r.gameId <= MAX_ID:
            return self._refused(Code.INVALID_GAME_ID, r, "no game can have that id")
        if NOT_XML.search(r.myMove) or NOT_XML.search(r.myMessage):
            detail = "the move or the message holds a character XML cannot carry"
            return self._refused(Code.INVALID_MOVE, r, detail)
        check = self._precheck(player_id, r)
        if check is not None:
            return check
        text = _EP.sub("", r.myMove.strip())
        if text and (r.claimDraw or r.offerDraw) and self._echoes_last_move(r, text):
            text = ""
        # One transaction: the service calls join it, so the message to the
        # partner commits with the move or not at all. A move carries it in
        # its notice to the partner; with another request the game's messages
        # keep it.
        with self.ctx.db.write():
            code, moved = self._act(actor, player_id, r, text)
            if code is not None:
                return code
            if r.myMessage.strip() and not moved:
                self.messages.send(actor, r.gameId, r.myMessage)
        return Code.SUCCESS

    def _act(
        self, actor: Actor, player_id: int, r: MoveRequest, text: str
    ) -> tuple[Code | None, bool]:
        """Resign, accept, claim, offer, add a line or move; a code if refused
        here, and whether a move was sent (with the message)."""
        assert r.gameId is not None
        if r.resign:
            if r.offerDraw:
                return self._refused(Code.INVALID_MOVE, r, "a draw offer with a resignation"), False
            self.games.resign(actor, r.gameId)
        elif r.acceptDraw:
            self.games.accept_draw(actor, r.gameId)
        elif r.claimDraw:
            self.games.claim_draw(actor, r.gameId, text=text or None)
        elif not text:
            if not r.offerDraw:
                return self._refused(Code.INVALID_MOVE, r, "no move was sent"), False
            if not self._own_offer_open(player_id, r.gameId):
                self.games.offer_draw(actor, r.gameId)
        elif not self._my_turn(player_id, r.gameId, r.movecount):
            # The partner is to move: the text is a conditional line (54.3.3).
            if len(text.split()) < 2:
                return self._refused(Code.NOT_YOUR_TURN, r, "the partner is to move"), False
            if self._has_line(player_id, r.gameId):
                detail = "a conditional line is already set in this game (one line per game)"
                return self._refused(Code.FEATURE_UNAVAILABLE, r, detail), False
            self.games.add_line(actor, r.gameId, text)
        else:
            move, _, line = text.partition(" ")
            self.games.submit_move(
                actor,
                r.gameId,
                move,
                move_number=r.movecount,
                offer_draw=r.offerDraw,
                conditional=line.strip() or None,
                message=r.myMessage,
            )
            return None, True
        return None, False

    def _precheck(self, player_id: int, r: MoveRequest) -> Code | None:
        """The answers that do not depend on the move itself."""
        assert r.gameId is not None
        with self.ctx.db.read() as session:
            game = xfcc_games.game(session, r.gameId)
            if game is None:
                return Code.INVALID_GAME_ID
            if player_id not in (game.white_id, game.black_id):
                return Code.NOT_YOUR_GAME
            if game.status == GameStatus.ADJUDICATION and r.claimDraw:
                detail = "the game awaits adjudication: claims go with its materials (56.9.4)"
                return self._refused(Code.FEATURE_UNAVAILABLE, r, detail)
            if (
                game.status == GameStatus.FINISHED
                and game.result_reason == ResultReason.TIME_FORFEIT
            ):
                lost = (game.result == GameResult.WHITE_WINS) == (player_id == game.black_id)
                if lost:
                    return Code.LOST_ON_TIME
        return None

    def _own_offer_open(self, player_id: int, game_id: int) -> bool:
        with self.ctx.db.read() as session:
            return xfcc_games.own_offer_open(session, player_id, game_id)

    def _echoes_last_move(self, r: MoveRequest, text: str) -> bool:
        """Whether ``text`` repeats the last move on record under that move's
        own number (or with no number): Scid's way of sending no move."""
        assert r.gameId is not None
        with self.ctx.db.read() as session:
            game = find_game(session, r.gameId)
            if game.ply_count == 0:
                return False
            if r.movecount is not None and r.movecount != move_number_of(
                game.ply_count, game.plies_before
            ):
                return False
            last = xfcc_games.move_san(session, game.id, game.ply_count)
            return last is not None and _same_text(text, last)

    def _my_turn(self, player_id: int, game_id: int, movecount: int | None) -> bool:
        """Whether the move goes to the move service: the player is to move, the
        game is over (it answers why), or ``movecount`` names a move of theirs
        already on record (a retry, or one their conditional line played)."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            to_move = game.player_to_move
            if to_move is None or to_move.id == player_id:
                return True
            white = player_id == game.white_id
            return (
                movecount is not None
                and 0 < ply_of(movecount, white, game.plies_before) <= game.ply_count
            )

    def _has_line(self, player_id: int, game_id: int) -> bool:
        with self.ctx.db.read() as session:
            return xfcc_games.has_line(session, player_id, game_id)

    def _code_for(self, exc: errors.ServiceError, player_id: int, r: MoveRequest) -> Code:
        if isinstance(exc, errors.AmbiguousMove):
            return Code.MOVE_IS_AMBIGUOUS
        mapping: list[tuple[type[errors.ServiceError], Code]] = [
            # A different move is on record under ``movecount`` (the player's
            # own, or one their conditional line played): the number is stale.
            (errors.AlreadyAppliedDifferently, Code.INVALID_MOVE_NUMBER),
            (errors.NotFound, Code.INVALID_GAME_ID),
            (errors.NotYourGame, Code.NOT_YOUR_GAME),
            (errors.NotYourTurn, Code.NOT_YOUR_TURN),
            (errors.GameOver, Code.NOT_YOUR_TURN),
            (errors.GameSuspended, Code.NOT_YOUR_TURN),
            (errors.EventNotRunning, Code.NOT_YOUR_TURN),
            (errors.EventNotStarted, Code.NOT_YOUR_TURN),
            (errors.MoveNumberMismatch, Code.INVALID_MOVE_NUMBER),
            (errors.MoveRefused, Code.INVALID_MOVE),
            (errors.NoDrawOffer, Code.NO_DRAW_WAS_OFFERED),
            (errors.DrawOfferOpen, Code.SUCCESS),
            (errors.DrawClaimInvalid, Code.INVALID_MOVE),
            (errors.OnLeave, Code.YOU_ARE_ON_LEAVE),
        ]
        for kind, code in mapping:
            if isinstance(exc, kind):
                return code
        if isinstance(exc, errors.InvalidInput):
            field = exc.params.get("field")
            if field == "move_number":
                return Code.INVALID_MOVE_NUMBER
            return Code.INVALID_MOVE
        log.warning("Xfcc MakeAMove refused with %s: %s", exc.code, exc)
        return Code.SERVER_ERROR


def _time_left(
    game: Game, clock: PlayerClock, moving: bool, now: datetime, today: date
) -> tuple[int, int, int]:
    """Days, hours and minutes before the next control: for the player to move,
    until the first instant of the day their overstep would fall on; for the
    other, the whole days in reserve."""
    if game.status != GameStatus.ONGOING:
        return (0, 0, 0)
    if not moving:
        return (max(clock.days_left, 0), 0, 0)
    deadline = start_of_day(overstep_deadline(clock, today), game.event.timezone)
    minutes = max(int((deadline - now).total_seconds() // 60), 0)
    return (minutes // 1440, minutes % 1440 // 60, minutes % 60)


def _result(game: Game) -> XResult:
    """The protocol's result of a game."""
    if game.status == GameStatus.ADJUDICATION:
        return XResult.ADJUDICATION_PENDING
    if game.status == GameStatus.ANNULLED:
        return XResult.CANCELLED
    if game.status != GameStatus.FINISHED:
        return XResult.ONGOING
    result, reason = game.result, game.result_reason
    if reason == ResultReason.ADJUDICATION:
        return {
            GameResult.WHITE_WINS: XResult.WHITE_WIN_ADJUDICATED,
            GameResult.BLACK_WINS: XResult.BLACK_WIN_ADJUDICATED,
        }.get(result, XResult.DRAW_ADJUDICATED)
    if reason in _UNPLAYED and result != GameResult.DRAW:
        # The side that lost without finishing the game defaulted.
        return (
            XResult.BLACK_DEFAULTED if result == GameResult.WHITE_WINS else XResult.WHITE_DEFAULTED
        )
    return {
        GameResult.WHITE_WINS: XResult.WHITE_WINS,
        GameResult.BLACK_WINS: XResult.BLACK_WINS,
    }.get(result, XResult.DRAW)
