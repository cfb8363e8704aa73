"""The email door: one message in, its effects and answers, exactly once.

A message is claimed by its key (Message-ID, or a digest of the raw message)
and sender in the same transaction that applies its effects and queues its
answers, so a redelivery, a crash or a second gateway process never applies
it twice; the caller flags it on the server only after the commit. Moves go
through the same move service as every other door, dated by the message's
arrival (§10.3). Faults are answered at once with the reason and charged the
mode's penalty days (§10.5); copies go to the arbiter when a player is near
the control (56.4.10) and with every fault answer.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
from base64 import b32encode
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import make_msgid
from typing import TYPE_CHECKING

import chess
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import notation
from cc import errors
from cc.db import unavailable
from cc.i18n import N_, localize, word
from cc.models import (
    Case,
    Door,
    Event,
    Game,
    GameStatus,
    InboundMessage,
    InboundStatus,
    LeaveStatus,
    Move,
    OutboundMessage,
    OutboundStatus,
    Player,
    PlayerEmail,
    PlayerLeave,
)
from cc.regulations import Mode
from cc.services.context import Actor, ServiceContext

if TYPE_CHECKING:
    from cc.services.cases import CaseService
from cc.services.games import GameService, notation_reason
from cc.services.leaves import LeaveService
from cc.services.ledger import GameLedgerView, LedgerService
from cc.services.notifications import Kind, Notice, Value
from cc.services.standings import StandingsService
from mailgate.content import Command, Statement, read_statement
from mailgate.forms import FormGame, FormRow, HalfMove, standard_form
from mailgate.letters import Letter, read_letter
from mailgate.replies import say
from timekeeping import local_date

log = logging.getLogger(__name__)
MAX_SIZE = 1_000_000
#: at most this many fault or instruction answers to one address a day
ANSWERS_PER_DAY = 5
#: a message that fails this often is set aside for the admin
MAX_ATTEMPTS = 3
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})\s*\.(\s*(?:\.\.\.?|…))?")
#: the parameters of a case's notice that are codes, said in the reader's words
_CODES = ("decision", "verdict")


@dataclass(frozen=True)
class MailSettings:
    #: the gateway's own address: players send moves here
    address: str = "moves@localhost"
    #: signs the reply tokens in subjects, so only mail we sent can be answered
    secret: bytes = b"change-me"


@dataclass(frozen=True)
class Receipt:
    """What became of one incoming message."""

    status: InboundStatus
    outcome: str
    game_id: int | None = None
    duplicate: bool = False
    detail: str | None = None


def _reason(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


def reply_token(secret: bytes, game_id: int, player_id: int) -> str:
    """A short signature of (game, player): only mail we sent carries it."""
    digest = hmac.new(secret, f"{game_id}:{player_id}".encode(), hashlib.sha256).digest()
    return b32encode(digest).decode()[:10].lower()


class _Fault(Exception):
    """A fault of the message itself, answered and charged (§10.5)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class MailService:
    def __init__(
        self,
        ctx: ServiceContext,
        games: GameService,
        ledgers: LedgerService,
        leaves: LeaveService,
        settings: MailSettings | None = None,
    ) -> None:
        self.ctx = ctx
        self.games = games
        self.ledgers = ledgers
        self.leaves = leaves
        self.settings = settings or MailSettings()
        #: the arbiter's cases, for a time claim made in words (set by Services)
        self.cases: CaseService | None = None

    # ------------------------------------------------------------- tokens

    def token(self, game_id: int, player_id: int) -> str:
        """The reply token of one player in one game (in the subject line)."""
        return reply_token(self.settings.secret, game_id, player_id)

    def subject(self, game: Game, player_id: int) -> str:
        return (
            f"[cc {game.id} {self.token(game.id, player_id)}] {game.event.code}: "
            f"{game.white.name} - {game.black.name}"
        )

    # ------------------------------------------------------------ receive

    def receive(self, raw: bytes, arrived_at: datetime, source: str = "smtp") -> Receipt:
        """Process one raw message; safe to call again with the same message.

        Never raises, so one message never stops the reader or the listener
        behind it. A fault of the message's own processing is recorded with
        its reason and tried again, up to :data:`MAX_ATTEMPTS` times, then
        set aside with the sender told once. A database that cannot be
        reached, is full or is read-only is no fault of the message: it is
        answered RETRY without counting a try (a listener says 451, the
        sending server keeps the message; the reader leaves it unseen).
        """
        letter = read_letter(raw)
        try:
            return self._receive(letter, raw, arrived_at, source)
        except Exception as exc:
            if unavailable(exc):
                log.warning("message %s kept for later: %s", letter.key, exc)
                return Receipt(InboundStatus.RETRY, "unavailable", detail=_reason(exc))
            log.exception("message %s from %s failed", letter.key, letter.sender)
            try:
                return self._failed(letter, raw, arrived_at, source, exc)
            except Exception as again:
                log.exception("message %s: the failure itself could not be recorded", letter.key)
                outcome = "unavailable" if unavailable(again) else "error"
                return Receipt(InboundStatus.RETRY, outcome, detail=_reason(again))

    def _receive(self, letter: Letter, raw: bytes, arrived_at: datetime, source: str) -> Receipt:
        try:
            with self.ctx.db.write() as session:
                row = session.scalar(
                    select(InboundMessage)
                    .where(
                        InboundMessage.key == letter.key[:400],
                        InboundMessage.sender == letter.sender[:320],
                    )
                    .with_for_update()
                )
                if row is not None and row.status != InboundStatus.RETRY:
                    return Receipt(row.status, row.outcome, row.game_id, duplicate=True)
                if row is None:
                    # Claimed first: a second process waits here, then finds it.
                    row = self._new_row(letter, raw, arrived_at, source)
                    session.add(row)
                    session.flush()
                receipt = self._process(session, letter, arrived_at)
                row.status = receipt.status
                row.outcome = receipt.outcome
                row.detail = receipt.detail
                row.game_id = receipt.game_id
                row.player_id = self._player_id(session, letter.sender)
                row.attempts += 1
                row.processed_at = self.ctx.now()
                return receipt
        except IntegrityError:
            with self.ctx.db.read() as session:
                done = session.scalar(
                    select(InboundMessage).where(
                        InboundMessage.key == letter.key[:400],
                        InboundMessage.sender == letter.sender[:320],
                    )
                )
                if done is None:
                    raise
                return Receipt(done.status, done.outcome, done.game_id, duplicate=True)

    def _new_row(
        self, letter: Letter, raw: bytes, arrived_at: datetime, source: str
    ) -> InboundMessage:
        return InboundMessage(
            key=letter.key[:400],
            sender=letter.sender[:320],
            message_id=letter.message_id,
            subject=letter.subject,
            arrived_at=arrived_at,
            date_header=letter.date_header,
            source=source,
            status=InboundStatus.RETRY,
            outcome="processing",
            attempts=0,
            raw=raw if len(raw) <= MAX_SIZE else None,
            processed_at=arrived_at,
        )

    def _failed(
        self, letter: Letter, raw: bytes, arrived_at: datetime, source: str, exc: Exception
    ) -> Receipt:
        with self.ctx.db.write() as session:
            row = session.scalar(
                select(InboundMessage)
                .where(
                    InboundMessage.key == letter.key[:400],
                    InboundMessage.sender == letter.sender[:320],
                )
                .with_for_update()
            )
            if row is None:
                row = self._new_row(letter, raw, arrived_at, source)
                session.add(row)
            row.attempts += 1
            row.detail = _reason(exc)
            row.processed_at = self.ctx.now()
            if row.attempts >= MAX_ATTEMPTS:
                row.status = InboundStatus.SET_ASIDE
                row.outcome = "set_aside"
                player = self._player(session, letter.sender)
                if player is not None and not letter.automatic:
                    self._queue(
                        session,
                        "notice",
                        letter.sender,
                        f"Re: {letter.subject}",
                        say(player.lang, "set_aside"),
                        letter,
                    )
            else:
                row.status = InboundStatus.RETRY
                row.outcome = "error"
            return Receipt(row.status, row.outcome, row.game_id, detail=row.detail)

    # ------------------------------------------------------------ process

    def _process(self, session: Session, letter: Letter, arrived_at: datetime) -> Receipt:
        if letter.automatic or letter.sender == self.settings.address.lower():
            return Receipt(InboundStatus.IGNORED, "automatic")
        player = self._player(session, letter.sender)
        if letter.size > MAX_SIZE:
            if player is not None:
                self._answer(
                    session,
                    letter,
                    player.lang,
                    "instructions",
                    say(player.lang, "oversized", size=letter.size),
                )
            return Receipt(InboundStatus.REFUSED, "oversized")
        if player is None:
            self._answer(
                session,
                letter,
                "en",
                "instructions",
                say("en", "unknown_sender") + "\n\n" + say("ru", "unknown_sender"),
            )
            return Receipt(InboundStatus.IGNORED, "unknown_sender")
        game = session.get(Game, letter.game_id) if letter.game_id else None
        if (
            game is None
            or player.id not in (game.white_id, game.black_id)
            or not hmac.compare_digest(letter.token or "", self.token(game.id, player.id))
        ):
            self._answer(
                session,
                letter,
                player.lang,
                "instructions",
                say(player.lang, "no_token", games=self._game_list(session, player)),
            )
            return Receipt(InboundStatus.REFUSED, "no_reply_token")
        actor = Actor(
            player_id=player.id, door=Door.EMAIL, label=f"email:{player.login}", trusted=True
        )
        statement = read_statement(letter.text)
        try:
            return self._act(session, letter, statement, game, player, actor, arrived_at)
        except _Fault as fault:
            self._fault(session, letter, game, player, fault, arrived_at)
            return Receipt(InboundStatus.REFUSED, fault.code, game.id, detail=fault.reason)

    def _act(
        self,
        session: Session,
        letter: Letter,
        statement: Statement,
        game: Game,
        player: Player,
        actor: Actor,
        arrived_at: datetime,
    ) -> Receipt:
        lang = player.lang
        if statement.bad_leave is not None:
            reason = N_("{text} does not give two real dates", text=statement.bad_leave)
            return self._refused(
                session, letter, game, lang, errors.InvalidInput(field="dates", reason=reason)
            )
        if statement.leave is not None:
            first, last = statement.leave
            try:
                self.leaves.request(actor, player.id, first, last)
            except errors.ServiceError as exc:
                return self._refused(session, letter, game, lang, exc)
            body = say(lang, "leave_taken", first=first, last=last)
            return self._applied(session, letter, game, lang, "leave_taken", body)
        if Command.END_LEAVE in statement.commands:
            # 56.7.3: the leave ends today; a move in the same letter is then made.
            today = local_date(self.ctx.now(), game.event.timezone)
            running = [
                v
                for v in self.leaves.leaves(player.id)
                if v.status == "active" and v.last_day >= today
            ]
            try:
                for view in running:
                    self.leaves.end_early(actor, view.id)
            except errors.ServiceError as exc:
                return self._refused(session, letter, game, lang, exc)
            if not (statement.record or statement.loose_moves):
                body = say(lang, "leave_ended_early")
                return self._applied(session, letter, game, lang, "leave_ended", body)
        answered = self._case_words(session, letter, statement, game, player, actor)
        if answered is not None:
            return answered
        command = self._command(statement)
        if command is not None:
            return self._command_act(session, letter, command, game, player, actor)
        return self._move(session, letter, statement, game, player, actor, arrived_at)

    def _case_words(
        self,
        session: Session,
        letter: Letter,
        statement: Statement,
        game: Game,
        player: Player,
        actor: Actor,
    ) -> Receipt | None:
        """A protest, an appeal or materials for adjudication in words, when
        the player has such a case to answer."""
        assert self.cases is not None, "the case service is wired in Services"
        claims = {Command.CLAIM_WIN: "win", Command.CLAIM_DRAW: "draw", Command.CONCEDE: "loss"}
        said = [claims[c] for c in claims if c in statement.commands]
        if said and self.cases.case_to_answer(game.id, player.id, "submit") is not None:
            move = statement.loose_moves[0] if statement.loose_moves else None
            try:
                view = self.cases.submit(actor, game.id, said[0], letter.text, move=move)
            except errors.ServiceError as exc:
                return self._refused(session, letter, game, player.lang, exc)
            body = say(player.lang, "submitted", case=view.id)
            return self._applied(session, letter, game, player.lang, "submitted", body)
        for command in (Command.PROTEST, Command.APPEAL):
            if command not in statement.commands:
                continue
            case_id = self.cases.case_to_answer(game.id, player.id, command.value)
            if case_id is None:
                continue
            try:
                if command == Command.PROTEST:
                    self.cases.protest(actor, case_id, letter.text)
                else:
                    self.cases.appeal(actor, case_id, letter.text)
            except errors.ServiceError as exc:
                return self._refused(session, letter, game, player.lang, exc)
            body = say(player.lang, f"{command.value}_received", case=case_id)
            return self._applied(session, letter, game, player.lang, command.value, body)
        return None

    def _refused(
        self, session: Session, letter: Letter, game: Game, lang: str, exc: errors.ServiceError
    ) -> Receipt:
        """The services refused the request (and changed nothing): say why."""
        body = say(lang, "refused", game=game.id, reason=exc.message(lang))
        self._answer(session, letter, lang, "reply", body, game)
        return Receipt(InboundStatus.REFUSED, exc.code, game.id)

    def _applied(
        self, session: Session, letter: Letter, game: Game, lang: str, outcome: str, body: str
    ) -> Receipt:
        self._answer(session, letter, lang, "reply", body, game)
        return Receipt(InboundStatus.APPLIED, outcome, game.id)

    @staticmethod
    def _command(statement: Statement) -> Command | None:
        # A claim comes first: made with the reply move, it must reach the
        # arbiter before the move closes its window (56.6.1).
        order = (Command.CLAIM_TIME, Command.RESIGN, Command.ACCEPT_DRAW, Command.DECLINE_DRAW)
        for command in order:
            if command in statement.commands:
                return command
        if Command.OFFER_DRAW in statement.commands and not (
            statement.record or statement.loose_moves
        ):
            return Command.OFFER_DRAW
        return None

    def _command_act(
        self,
        session: Session,
        letter: Letter,
        command: Command,
        game: Game,
        player: Player,
        actor: Actor,
    ) -> Receipt:
        lang = player.lang
        partner = game.black if player.id == game.white_id else game.white
        try:
            if command == Command.CLAIM_TIME:
                # The case service answers the claimant and copies the partner
                # and the arbiter (56.6.2).
                assert self.cases is not None, "the case service is wired in Services"
                self.cases.file_time_claim(actor, game.id, letter.text)
                return Receipt(InboundStatus.APPLIED, command.value, game.id)
            if command == Command.RESIGN:
                outcome = self.games.resign(actor, game.id)
                key = "resigned"
            elif command == Command.ACCEPT_DRAW:
                outcome = self.games.accept_draw(actor, game.id)
                key = "draw_agreed"
            elif command == Command.DECLINE_DRAW:
                outcome = self.games.decline_draw(actor, game.id)
                key = "draw_declined"
            else:
                outcome = self.games.offer_draw(actor, game.id)
                key = "draw_agreed" if outcome.status == GameStatus.FINISHED else "draw_offered"
        except errors.ServiceError as exc:
            return self._refused(session, letter, game, lang, exc)
        params = {"game": game.id, "player": player.name, "result": outcome.result.value}
        self._answer(session, letter, lang, "reply", say(lang, key, **params), game)
        self._tell(session, partner, game, say(partner.lang, key, **params), "notice")
        return Receipt(InboundStatus.APPLIED, command.value, game.id)

    def _move(
        self,
        session: Session,
        letter: Letter,
        statement: Statement,
        game: Game,
        player: Player,
        actor: Actor,
        arrived_at: datetime,
    ) -> Receipt:
        lang = player.lang
        if game.status != GameStatus.ONGOING:
            # A decided game takes no move: say how it ended, and charge nothing.
            reason = game.result_reason.value if game.result_reason else game.status.value
            body = say(
                lang,
                "over",
                game=game.id,
                result=game.result.value,
                reason=word("reason", reason, lang),
            )
            self._answer(session, letter, lang, "reply", body, game)
            return Receipt(InboundStatus.REFUSED, "game_over", game.id)
        color = chess.WHITE if player.id == game.white_id else chess.BLACK
        server = list(
            session.scalars(select(Move.uci).where(Move.game_id == game.id).order_by(Move.ply))
        )
        first_ply, moves = self._stated_moves(statement, server, color, lang)
        made = len(server)
        to_move_ply = made + 1
        sender_to_move = game.status == GameStatus.ONGOING and (made % 2 == 0) == (
            color == chess.WHITE
        )
        # 56.3.3: the repeated moves must be the record's.
        for offset, uci in enumerate(moves):
            ply = first_ply + offset
            if ply > made:
                break
            if server[ply - 1] != uci:
                given = self._san_at(server, ply, uci)
                expected = self._san_at(server, ply, server[ply - 1])
                raise _Fault(
                    "wrong_repetition",
                    say(
                        lang,
                        "wrong_repetition",
                        number=f"{(ply + 1) // 2}{'.' if ply % 2 else '...'}",
                        given=given,
                        expected=expected,
                    ),
                )
        new = moves[max(0, to_move_ply - first_ply) :]
        if not sender_to_move:
            # The sender's own last move is the latest ply of their colour.
            last_ply = made if (made % 2 == 1) == (color == chess.WHITE) else made - 1
            last = self._san_at(server, last_ply, server[last_ply - 1]) if last_ply > 0 else "-"
            self._answer(
                session, letter, lang, "reply", say(lang, "not_your_turn", move=last), game
            )
            return Receipt(InboundStatus.REFUSED, "not_your_turn", game.id)
        if not new:
            raise _Fault("no_move", say(lang, "no_move"))
        if made >= 1 and first_ply > made:
            expected = self._san_at(server, made, server[made - 1])
            raise _Fault("no_repetition", say(lang, "no_repetition", expected=expected))
        # Arrival, but never before the position reached the player nor after
        # now: the mail server's clock may differ from ours by a little.
        sent_at = min(max(arrived_at, game.turn_started_at), self.ctx.now())
        continuation = " ".join(new[1:]) or None
        try:
            outcome = self.games.submit_move(
                actor,
                game.id,
                new[0],
                sent_at=sent_at,
                offer_draw=Command.OFFER_DRAW in statement.commands,
                conditional=continuation if continuation and len(new[1:]) % 2 == 0 else None,
            )
        except errors.MoveRefused as exc:
            raise _Fault(exc.code, exc.message(lang)) from None
        except errors.ServiceError as exc:
            # Not a fault of the message (a leave, a suspended game, an event
            # not begun): answered with the reason and charged nothing (§10.5
            # charges only faults of the move itself).
            return self._refused(session, letter, game, lang, exc)
        self._after_move(session, letter, game, player, outcome.san, outcome.fired)
        return Receipt(InboundStatus.APPLIED, "move", game.id)

    def _stated_moves(
        self, statement: Statement, server: list[str], color: chess.Color, lang: str
    ) -> tuple[int, list[str]]:
        """The ply the message's record starts at, and its moves as UCI."""
        made = len(server)
        if statement.record:
            number = _NUMBER.search(statement.record)
            assert number is not None
            black = bool(number.group(2)) or "..." in statement.record[: number.end() + 4]
            first_ply = 2 * int(number.group(1)) - (0 if black else 1)
            text = statement.record
        elif statement.loose_moves:
            # Unnumbered: the partner's last move, then the new one (or only the new one).
            words = list(statement.loose_moves)
            first_ply = made + 1 - (len(words) - 1) if made else 1
            first_ply = max(1, first_ply)
            text = " ".join(words)
        else:
            return made + 1, []
        if not 1 <= first_ply <= made + 1:  # "0. e4" numbers no move either
            raise _Fault("sequence", say(lang, "no_move"))
        board = chess.Board()
        for uci in server[: first_ply - 1]:
            board.push(chess.Move.from_uci(uci))
        read = notation.read_move_list(text, board)
        moves = [m.move.uci() for m in read.moves]
        if read.failure is not None:
            ply = first_ply + len(moves)
            if ply <= made:
                raise _Fault(
                    "wrong_repetition",
                    say(
                        lang,
                        "wrong_repetition",
                        number=f"{(ply + 1) // 2}",
                        given=read.failure.text,
                        expected=self._san_at(server, ply, server[ply - 1]),
                    ),
                )
            code = {
                "illegible": "illegible_move",
                "ambiguous": "ambiguous_move",
                "sequence": "sequence",
            }.get(read.failure.error.kind, "impossible_move")
            reason = f"{read.failure.text!r}: {localize(notation_reason(read.failure.error), lang)}"
            raise _Fault(code, reason)
        return first_ply, moves

    @staticmethod
    def _san_at(server: list[str], ply: int, uci: str) -> str:
        board = chess.Board()
        for earlier in server[: ply - 1]:
            board.push(chess.Move.from_uci(earlier))
        move = chess.Move.from_uci(uci)
        return board.san(move) if board.is_legal(move) else uci

    # ------------------------------------------------------------ answers

    def _after_move(
        self,
        session: Session,
        letter: Letter,
        game: Game,
        player: Player,
        san: str,
        fired: tuple[str, ...],
    ) -> None:
        """Confirm a move to the email player who sent it."""
        lang = player.lang
        body = say(
            lang,
            "accepted",
            move=san,
            game=game.id,
            arrived=self.ctx.now().strftime("%Y-%m-%d %H:%M UTC"),
        )
        if fired:
            body += "\n" + say(lang, "fired", moves=" ".join(fired))
        if game.status != GameStatus.ONGOING:
            body += "\n" + say(
                lang,
                "over",
                game=game.id,
                result=game.result.value,
                reason=word("reason", game.result_reason.value, lang) if game.result_reason else "",
            )
        self._answer(
            session,
            letter,
            lang,
            "reply",
            body,
            game,
            copy_arbiter=self._near_control(session, game),
        )

    def _forward_move(self, session: Session, game: Game, partner: Player, notice: Notice) -> None:
        """Every move of an email event, whatever its door, reaches the partner
        who plays by email, in the standard form (56.2.1)."""
        if game.event.mode != Mode.EMAIL:
            return
        if game.status != GameStatus.ONGOING:
            body = say(
                partner.lang,
                "over",
                game=game.id,
                result=game.result.value,
                reason=(
                    word("reason", game.result_reason.value, partner.lang)
                    if game.result_reason
                    else ""
                ),
            )
            self._tell(session, partner, game, body, "notice")
            return
        params = notice.params
        body = say(
            partner.lang, "forward", player=params["player"], move=params["move"], game=game.id
        )
        # Its delivery dates the partner's receipt (§10.3), unless their own
        # conditional line already answered.
        self._tell(
            session,
            partner,
            game,
            body,
            "forward",
            copy_arbiter=self._near_control(session, game),
            ply=None if params.get("fired") else game.ply_count,
        )

    def _fault(
        self,
        session: Session,
        letter: Letter,
        game: Game,
        player: Player,
        fault: _Fault,
        arrived_at: datetime,
    ) -> None:
        """Answer a fault at once, charging the mode's penalty days (§10.5),
        dated on the day the letter arrived, not the day it was processed.

        The charge goes with the answer: past the day's limit of answers a
        faulty message is recorded but neither answered nor charged, so a
        flood (a looping mail program) costs no more than the player was
        told of."""
        if not self._may_answer(session, letter.sender, "fault"):
            return
        lang = player.lang
        event = game.event
        penalty = ""
        if event.penalty_days > 0 and game.status == GameStatus.ONGOING:
            operator = Actor.operator(Door.EMAIL, label="gateway")
            self.ledgers.charge(
                operator,
                game.id,
                as_player=player.id,
                reason=f"{fault.code}: {fault.reason}"[:500],
                at=min(arrived_at, self.ctx.now()),
            )
            penalty = say(lang, "penalty", days=event.penalty_days)
        body = say(lang, "fault", game=game.id, reason=fault.reason, penalty=penalty)
        self._answer(session, letter, lang, "fault", body, game, copy_arbiter=True)

    def _answer(
        self,
        session: Session,
        letter: Letter,
        lang: str,
        kind: str,
        body: str,
        game: Game | None = None,
        *,
        copy_arbiter: bool = False,
    ) -> None:
        """A reply to the sender, rate-limited for faults and instructions."""
        if not self._may_answer(session, letter.sender, kind):
            return
        cc = self._arbiter(game.event) if copy_arbiter and game is not None else []
        if game is not None:
            player = self._player(session, letter.sender)
            body = body + "\n\n" + self._record(session, game, lang)
            subject = self.subject(game, player.id) if player else f"Re: {letter.subject}"
        else:
            subject = f"Re: {letter.subject}" if letter.subject else "cc-server"
        self._queue(session, kind, letter.sender, subject, body, letter, game=game, cc=cc)

    def _may_answer(self, session: Session, address: str, kind: str) -> bool:
        """At most :data:`ANSWERS_PER_DAY` fault and instruction answers to
        one address in 24 hours; other answers always go."""
        if kind not in ("fault", "instructions"):
            return True
        since = self.ctx.now() - timedelta(days=1)
        sent = session.scalar(
            select(func.count())
            .select_from(OutboundMessage)
            .where(
                OutboundMessage.to_address == address,
                OutboundMessage.kind.in_(("fault", "instructions")),
                OutboundMessage.created_at >= since,
            )
        )
        return (sent or 0) < ANSWERS_PER_DAY

    # ------------------------------------------------------ notifications

    def deliver(self, session: Session, notice: Notice) -> None:
        """The services' notification, as mail in the recipient's language,
        queued in the notifying transaction."""
        person = session.get(Player, notice.recipient_id)
        if person is None:
            return
        game = session.get(Game, notice.game_id) if notice.game_id is not None else None
        case = session.get(Case, notice.case_id) if notice.case_id is not None else None
        event = (
            case.event
            if case is not None
            else game.event
            if game is not None
            else session.get(Event, notice.event_id)
            if notice.event_id is not None
            else None
        )
        cc = self._arbiter(event) if notice.copy_arbiter and event is not None else []
        lang = person.lang
        params = dict(notice.params)
        kind = notice.kind
        if case is not None:
            self._case_notice(session, notice, person, case, cc)
        elif kind == Kind.MOVE:
            assert game is not None
            self._forward_move(session, game, person, notice)
        elif kind in (Kind.FORFEIT, Kind.REMINDER):
            # To a player who plays by mail, with the record (54.5.2, 56.5.1).
            assert game is not None
            body = say(lang, kind.value, game=game.id, **params)
            self._tell(session, person, game, body, "notice", copy_arbiter=notice.copy_arbiter)
        elif kind in (Kind.OVERSTEP_OPEN, Kind.POST_NO_REPLY, Kind.POST_NO_FIRST_MOVE):
            # In the game's own subject: the answer reaches the gateway.
            assert game is not None
            body = say(lang, kind.value, game=game.id, **params)
            self.notice(session, person, self.subject(game, person.id), body, game=game, cc=cc)
        elif kind in (Kind.LEAVE_STARTED, Kind.LEAVE_ENDED):
            body = say(lang, kind.value, **params)
            self.notice(session, person, f"[cc] {params['player']}", body)
        elif kind == Kind.EVENT_CLOSED:
            assert event is not None
            body = say(lang, kind.value, event=event.name, tables=self._tables(session, event))
            self.notice(session, person, f"[cc] {event.code}", body)

    def _case_notice(
        self, session: Session, notice: Notice, person: Player, case: Case, cc: list[str]
    ) -> None:
        """A case, told to each party and official in their language; a
        decision or a verdict is said in words."""
        lang = person.lang
        params: dict[str, Value] = dict(notice.params)
        for name in _CODES:
            code = params.get(name)
            if isinstance(code, str):
                params[name] = say(lang, code)
        key = notice.kind.value
        if notice.kind == Kind.SUBMISSIONS_CLOSED:
            key = "case_opened"
            params["summary"] = (
                f"game {params.pop('game')}: the time for materials is over (Art. 56.9.4)"
            )
        body = say(lang, key, case=case.id, kind=say(lang, f"kind_{case.kind.value}"), **params)
        subject = f"[cc case {case.id}] {case.event.code}"
        game = case.game
        if game is not None and person.id in (game.white_id, game.black_id):
            # The game's own subject, so a reply reaches the gateway: a
            # protest or an appeal by email (56.6.4, 54.1.4).
            subject = f"{self.subject(game, person.id)} · {subject}"
        self.notice(session, person, subject, body, game=game, cc=cc)

    def _tables(self, session: Session, event: Event) -> str:
        """The event's final standings as text, computed once per transaction."""
        memo = session.info.setdefault("cc_final_tables", {})
        if event.id not in memo:
            memo[event.id] = "\n\n".join(
                f"{s.section}\n{s.text()}" for s in StandingsService(self.ctx).event(event.code)
            )
        return memo[event.id]  # type: ignore[no-any-return]

    def notice(
        self,
        session: Session,
        player: Player,
        subject: str,
        body: str,
        *,
        game: Game | None = None,
        cc: list[str] | None = None,
    ) -> None:
        """A notice that every participant or official gets by email, whether
        or not they play by email (the arbiter's cases, 54.1.2): the web shows
        the same on the case's page."""
        if not player.emails:
            return
        self._queue(
            session, "notice", player.emails[0].address, subject, body, None, game=game, cc=cc
        )

    def _tell(
        self,
        session: Session,
        player: Player,
        game: Game,
        body: str,
        kind: str,
        *,
        copy_arbiter: bool = False,
        ply: int | None = None,
    ) -> None:
        """Mail a player who plays by email about their game."""
        if not player.mail_moves or not player.emails:
            return
        cc = self._arbiter(game.event) if copy_arbiter else []
        body = body + "\n\n" + self._record(session, game, player.lang)
        self._queue(
            session,
            kind,
            player.emails[0].address,
            self.subject(game, player.id),
            body,
            None,
            game=game,
            cc=cc,
            ply=ply,
        )

    def _queue(
        self,
        session: Session,
        kind: str,
        to: str,
        subject: str,
        body: str,
        letter: Letter | None,
        *,
        game: Game | None = None,
        cc: list[str] | None = None,
        ply: int | None = None,
    ) -> None:
        now = self.ctx.now()
        domain = self.settings.address.rpartition("@")[2] or "localhost"
        session.add(
            OutboundMessage(
                kind=kind,
                to_address=to,
                cc=cc or [],
                subject=subject,
                body=body,
                message_id=make_msgid(domain=domain),
                in_reply_to=letter.message_id if letter else None,
                game_id=game.id if game else None,
                ply=ply,
                status=OutboundStatus.QUEUED,
                attempts=0,
                next_attempt_at=now,
                created_at=now,
            )
        )

    def _record(self, session: Session, game: Game, lang: str) -> str:
        """The game in the standard form 59.1, with the position."""
        event: Event = game.event
        schedule = self._schedule(session, game)
        rows = []
        for row in schedule.schedule:
            halves: list[HalfMove | None] = []
            for side in (row.white, row.black):
                if side is None or side.sent_on is None or side.move is None:
                    halves.append(None)
                else:
                    received = (
                        None if row.move_number == 1 and side is row.white else (side.received_on)
                    )
                    halves.append(
                        HalfMove(side.move, received, side.sent_on, side.days, side.total)
                    )
            if halves[0] or halves[1]:
                rows.append(FormRow(row.move_number, halves[0], halves[1]))
        leaves = {
            pid: [
                (lv.first_day, lv.last_day)
                for lv in session.scalars(
                    select(PlayerLeave).where(
                        PlayerLeave.player_id == pid, PlayerLeave.status == LeaveStatus.ACTIVE
                    )
                )
            ]
            for pid in (game.white_id, game.black_id)
        }
        form = standard_form(
            FormGame(
                event=event.name,
                start_date=event.start_date,
                white=game.white.name,
                black=game.black.name,
                rows=rows,
                white_leaves=leaves[game.white_id],
                black_leaves=leaves[game.black_id],
            ),
            "ru" if lang == "ru" else "en",
        )
        clocks = schedule.clocks
        times = (
            f"{'Время белых' if lang == 'ru' else 'White time'} {clocks['white'].total}; "
            f"{'Время черных' if lang == 'ru' else 'Black time'} {clocks['black'].total}"
        )
        return f"{form}\n\n{times}\n{say(lang, 'position', fen=game.fen)}"

    # ------------------------------------------------------------ helpers

    def _schedule(self, session: Session, game: Game) -> GameLedgerView:
        """The game's schedule, computed once per state within a transaction."""
        memo = session.info.setdefault("cc_schedules", {})
        key = (game.id, game.ply_count, game.status)
        if key not in memo:
            memo[key] = self.ledgers.schedule(game.id, style="numeric")
        return memo[key]  # type: ignore[no-any-return]

    def _near_control(self, session: Session, game: Game) -> bool:
        """Copy the arbiter: either player has 5 days or fewer before the control
        (56.4.10), or this answers a move that was sent again (56.5.1)."""
        answered_reminder = (
            game.reminded_ply is not None and game.ply_count == game.reminded_ply + 1
        )
        clocks = self._schedule(session, game).clocks
        near = game.status == GameStatus.ONGOING and any(c.near_control for c in clocks.values())
        return near or answered_reminder

    @staticmethod
    def _arbiter(event: Event) -> list[str]:
        arbiter = event.arbiter
        return [arbiter.emails[0].address] if arbiter and arbiter.emails else []

    @staticmethod
    def _player(session: Session, address: str) -> Player | None:
        row = session.scalar(select(PlayerEmail).where(PlayerEmail.address == address))
        return row.player if row else None

    def _player_id(self, session: Session, address: str) -> int | None:
        player = self._player(session, address)
        return player.id if player else None

    def _game_list(self, session: Session, player: Player) -> str:
        from sqlalchemy import or_

        games = session.scalars(
            select(Game)
            .where(
                or_(Game.white_id == player.id, Game.black_id == player.id),
                Game.status == GameStatus.ONGOING,
            )
            .order_by(Game.id)
        ).all()
        return "\n".join(f"  {self.subject(g, player.id)}" for g in games) or "  -"
