"""What a player's message asks in a game, done through the services.

A message the gateway has taken in (its sender known, its reply token good)
is read (:mod:`mailgate.content`) and its requests go through the same
services as every other door's: moves through the move service, dated by
the message's arrival (§10.3); draw offers, resignation, claims, protests,
appeals and leave. Faults of the move itself (Art. 56.3.3-56.3.5) are
answered at once with the reason and charged the mode's penalty days
(Art. 56.4.7, §10.5); what the services refuse is answered and charged
nothing. Everything is written in the caller's transaction.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import date, datetime

import chess
from sqlalchemy.orm import Session

import notation
from cc.accounts.model import Player
from cc.app.services import Services
from cc.base import errors
from cc.base.kinds import Door, GameStatus, InboundStatus
from cc.base.regulations import Mode
from cc.games import offers
from cc.games.model import Game, game_ucis
from cc.games.move_text import notation_reason
from cc.kernel.context import Actor
from cc.notify.digest import notation_of
from cc.text.i18n import N_, localize, word
from mailgate.content import Command, Statement, read_message, subject_words
from mailgate.letters import Letter
from mailgate.outgoing import Mailer, written_plies
from mailgate.replies import days_of_penalty, say
from notation import start
from timekeeping import local_date

log = logging.getLogger(__name__)
#: a leave asked for without a game is recorded on a reply within this many days
LEAVE_CONFIRM_DAYS = 7
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})\s*\.(\s*(?:\.\.\.?|…))?")


@dataclass(frozen=True)
class Receipt:
    """What became of one incoming message."""

    status: InboundStatus
    outcome: str
    game_id: int | None = None
    duplicate: bool = False
    detail: str | None = None


class _Fault(Exception):
    """A fault of the message itself, answered and charged (§10.5)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class GameRequests:
    """A player's requests in one message, in the gateway's transaction."""

    def __init__(self, services: Services, mailer: Mailer) -> None:
        self.ctx = services.ctx
        self.games = services.games
        self.ledgers = services.ledgers
        self.leaves = services.leaves
        self.cases = services.cases
        self.mailer = mailer

    def act(
        self, session: Session, letter: Letter, game: Game, player: Player, arrived_at: datetime
    ) -> Receipt:
        """Do what the message asks in ``game``; a fault of the move is
        answered and charged here, and said in the receipt.

        The move is read wherever the player wrote it: above the quote, below
        it, or in the subject when the body says none (56.2.1: the subject is
        part of the message)."""
        statement = read_message(letter.text, letter.below, self._subject(letter, game))
        try:
            return self._act(
                session, letter, statement, game, player, self.actor(player), arrived_at
            )
        except _Fault as fault:
            self._fault(session, letter, game, player, fault, arrived_at)
            return Receipt(InboundStatus.REFUSED, fault.code, game.id, detail=fault.reason)

    @staticmethod
    def _subject(letter: Letter, game: Game) -> str:
        """The subject's words the player wrote, without the gateway's own:
        the reply token, the event's code and the players' names."""
        known = (game.event.code, game.white.name, game.black.name)
        return subject_words(letter.subject, known)

    @staticmethod
    def actor(player: Player) -> Actor:
        return Actor(
            player_id=player.id, door=Door.EMAIL, label=f"email:{player.login}", trusted=True
        )

    def leave_without_game(
        self, session: Session, letter: Letter, player: Player
    ) -> Receipt | None:
        """A leave covers all the player's games (56.7.1), so it may be asked
        for in a message that names none. Asked from the registered address
        without a reply token, it is confirmed first: the answer carries a
        token for exactly those dates, and a reply to it records the leave.
        None: the message asks for no leave."""
        lang = player.lang
        if letter.leave_dates is not None:
            try:
                first, last = (date.fromisoformat(d) for d in letter.leave_dates)
            except ValueError:
                return None
            purpose = f"leave:{first}:{last}"
            if not self.mailer.token_valid(letter.token, purpose, player.id, LEAVE_CONFIRM_DAYS):
                return None
            return self._take_leave(session, letter, None, player, first, last)
        statement = read_message(letter.text, letter.below)
        if statement.bad_leave is not None:
            reason = localize(
                N_("{text} does not give two real dates", text=statement.bad_leave), lang
            )
            self.mailer.answer(
                session, letter, lang, "instructions", say(lang, "leave_refused", reason=reason)
            )
            return Receipt(InboundStatus.REFUSED, "invalid_input", detail=statement.bad_leave)
        if statement.leave is None:
            return None
        first, last = statement.leave
        token = self.mailer.token(0, player.id, purpose=f"leave:{first}:{last}")
        subject = f"[cc leave {first} {last} {token}] " + say(lang, "leave_confirm_subject")
        body = say(lang, "leave_confirm", first=first, last=last, days=LEAVE_CONFIRM_DAYS)
        if self.mailer.may_answer(session, letter.sender, "instructions"):
            self.mailer.queue(session, "instructions", letter.sender, subject, body, letter)
        return Receipt(InboundStatus.REFUSED, "leave_to_confirm", detail=f"{first} - {last}")

    def _take_leave(
        self,
        session: Session,
        letter: Letter,
        game: Game | None,
        player: Player,
        first: date,
        last: date,
    ) -> Receipt:
        """Record a leave asked for by mail and say plainly whether it was,
        with its dates (56.7.1); the partners and the arbiter are told by
        the leave service, as from every door (56.7.2)."""
        lang = player.lang
        try:
            self.leaves.request(self.actor(player), player.id, first, last)
        except errors.ServiceError as exc:
            if game is not None:
                return self._refused(session, letter, game, lang, exc)
            body = say(lang, "leave_refused", reason=exc.message(lang))
            self.mailer.answer(session, letter, lang, "reply", body)
            return Receipt(InboundStatus.REFUSED, exc.code, detail=exc.message("en"))
        body = say(lang, "leave_taken", first=first, last=last)
        if game is not None:
            return self._applied(session, letter, game, lang, "leave_taken", body)
        self.mailer.answer(session, letter, lang, "reply", body)
        return Receipt(InboundStatus.APPLIED, "leave_taken")

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
            return self._take_leave(session, letter, game, player, first, last)
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
        if (
            command == Command.ACCEPT_DRAW
            and (statement.record or statement.loose_moves)
            and not self._partner_offers(session, game, player)
        ):
            # "Accept" beside a move, with no offer of the partner's to
            # accept: a word of courtesy or an old offer; the move stands.
            command = None
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
        claims = {Command.CLAIM_WIN: "win", Command.CLAIM_DRAW: "draw", Command.CONCEDE: "loss"}
        said = [claims[c] for c in claims if c in statement.commands]
        if said and self.cases.case_to_answer(game.id, player.id, "submit") is not None:
            move = statement.loose_moves[0] if statement.loose_moves else None
            try:
                view = self.cases.submit(actor, game.id, said[0], letter.written, move=move)
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
                    self.cases.protest(actor, case_id, letter.written)
                else:
                    self.cases.appeal(actor, case_id, letter.written)
            except errors.ServiceError as exc:
                return self._refused(session, letter, game, player.lang, exc)
            body = say(player.lang, f"{command.value}_received", case=case_id)
            return self._applied(session, letter, game, player.lang, command.value, body)
        return None

    @staticmethod
    def _partner_offers(session: Session, game: Game, player: Player) -> bool:
        """The partner has a draw offer open in the game."""
        offer = offers.open_offer_by(session, game.id)
        return offer is not None and offer != player.id

    def _refused(
        self, session: Session, letter: Letter, game: Game, lang: str, exc: errors.ServiceError
    ) -> Receipt:
        """The services refused the request (and changed nothing): say why."""
        body = say(lang, "refused", game=game.id, reason=exc.message(lang))
        self.mailer.answer(session, letter, lang, "reply", body, game)
        return Receipt(InboundStatus.REFUSED, exc.code, game.id, detail=exc.message("en"))

    def _applied(
        self, session: Session, letter: Letter, game: Game, lang: str, outcome: str, body: str
    ) -> Receipt:
        self.mailer.answer(session, letter, lang, "reply", body, game)
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
        try:
            if command == Command.CLAIM_TIME:
                # The case service answers the claimant and copies the partner
                # and the arbiter (56.6.2).
                self.cases.file_time_claim(actor, game.id, letter.written)
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
        # The sender's confirmation; the partner hears of it through the
        # services' notice (RESIGNED, DRAW_OFFERED, ...), as from every door.
        params = {"game": game.id, "player": player.name, "result": outcome.result.value}
        self.mailer.answer(session, letter, lang, "reply", say(lang, key, **params), game)
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
        style = notation_of(player)
        if game.status != GameStatus.ONGOING:
            # A decided game takes no move: say how it ended, and charge nothing.
            reason = game.result_reason.value if game.result_reason else game.status.value
            body = say(
                lang,
                "over_no_move",
                game=game.id,
                result=game.result.value,
                reason=word("reason", reason, lang),
            )
            self.mailer.answer(session, letter, lang, "reply", body, game)
            return Receipt(
                InboundStatus.REFUSED,
                "game_over",
                game.id,
                detail=f"{game.result.value} ({reason})",
            )
        color = chess.WHITE if player.id == game.white_id else chess.BLACK
        server = game_ucis(session, game)
        made = len(server)
        to_move_ply = made + 1
        if game.white_to_move != (color == chess.WHITE):
            # Not a move at all, whatever it says: the partner is to move.
            # Its record is not read, so that nothing in it (a reply guessed
            # before it was made, then an answer to it) is charged as a
            # fault of a move (56.4.7 charges the player's own moves).
            # The sender's own last move is the latest ply of their colour.
            mine = start.white_ply(made, game.plies_before) == (color == chess.WHITE)
            last_ply = made if mine else made - 1
            last = (
                written_plies(server, last_ply, last_ply, style, game.start_board())
                if last_ply > 0
                else "-"
            )
            body = say(lang, "not_your_turn", game=game.id, move=last)
            self.mailer.answer(session, letter, lang, "reply", body, game)
            return Receipt(
                InboundStatus.REFUSED, "not_your_turn", game.id, detail=f"last move {last}"
            )
        first_ply, listed = self._stated_moves(game, statement, server, lang, style)
        moves = [m.move.uci() for m in listed]
        # 56.3.3: the repeated moves must be the record's.
        for offset, uci in enumerate(moves):
            ply = first_ply + offset
            if ply > made:
                break
            if server[ply - 1] != uci:
                raise _Fault(
                    "wrong_repetition",
                    say(
                        lang,
                        "wrong_repetition",
                        where=_where(ply, lang, game.plies_before),
                        given=listed[offset].text,
                        expected=_written(server, ply, style, game.start_board()),
                    ),
                )
        new = moves[max(0, to_move_ply - first_ply) :]
        if not new:
            raise _Fault("no_move", say(lang, "no_move"))
        if made >= 1 and first_ply > made:
            expected = _written(server, made, style, game.start_board(), numbered=True)
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
            reason = say(lang, "refused_move", reason=exc.message(lang).rstrip("."))
            raise _Fault(exc.code, reason) from None
        except errors.ServiceError as exc:
            # Not a fault of the message (a leave, a suspended game, an event
            # not begun): answered with the reason and charged nothing (§10.5
            # charges only faults of the move itself).
            return self._refused(session, letter, game, lang, exc)
        self.mailer.confirm_move(session, letter, game, player, outcome.san, outcome.fired)
        return Receipt(InboundStatus.APPLIED, "move", game.id)

    def _stated_moves(
        self, game: Game, statement: Statement, server: list[str], lang: str, style: str
    ) -> tuple[int, tuple[notation.ListedMove, ...]]:
        """The ply the message's record starts at, and its moves as read.

        A move that cannot be read is a fault named with its text, its place
        in the game and the rules' article (56.3.4); one at a place the game
        has passed is a wrong repetition (56.3.3)."""
        made = len(server)
        if statement.record:
            number = _NUMBER.search(statement.record)
            assert number is not None
            black = bool(number.group(2)) or "..." in statement.record[: number.end() + 4]
            # Numbered from the game's start (Art. 26: a thematic position).
            first_ply = start.ply_at(
                int(number.group(1)), chess.BLACK if black else chess.WHITE, game.plies_before
            )
            text = statement.record
            stated = re.sub(r"\s+", " ", number.group(0))
        elif statement.loose_moves:
            # Unnumbered: the partner's last move, then the new one (or only the new one).
            words = list(statement.loose_moves)
            first_ply = made + 1 - (len(words) - 1) if made else 1
            first_ply = max(1, first_ply)
            text = " ".join(words)
            stated = text
        else:
            return made + 1, ()
        if not 1 <= first_ply <= made + 1:  # "0. e4" numbers no move either
            reason = say(
                lang, "sequence", text=stated, where=_where(made + 1, lang, game.plies_before)
            )
            raise _Fault("sequence", reason)
        board = game.start_board()
        for uci in server[: first_ply - 1]:
            board.push(chess.Move.from_uci(uci))
        read = notation.read_move_list(text, board)
        if read.failure is not None:
            failure = read.failure
            ply = first_ply + len(read.moves)
            kind = failure.error.kind
            if kind == "sequence":
                reason = say(
                    lang,
                    "sequence",
                    text=failure.text.strip(),
                    where=_where(ply, lang, game.plies_before),
                )
                raise _Fault("sequence", reason)
            if ply <= made:
                reason = say(
                    lang,
                    "wrong_repetition",
                    where=_where(ply, lang, game.plies_before),
                    given=failure.text,
                    expected=_written(server, ply, style, game.start_board()),
                )
                raise _Fault("wrong_repetition", reason)
            kind = kind if kind in ("illegible", "ambiguous") else "impossible"
            why = localize(notation_reason(failure.error), lang)
            reason = say(
                lang, kind, text=failure.text, where=_where(ply, lang, game.plies_before), why=why
            )
            raise _Fault(f"{kind}_move", reason)
        return first_ply, read.moves

    # ------------------------------------------------------------ answers

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
        if not self.mailer.may_answer(session, letter.sender, "fault"):
            return
        lang = player.lang
        event = game.event
        penalty = ""
        if event.penalty_days > 0 and game.status == GameStatus.ONGOING:
            # 56.4.7 by email; by post 55.4.9 (the regulations give the days)
            article = "55.4.9" if event.mode == Mode.POST else "56.4.7"
            operator = Actor.operator(Door.EMAIL, label="gateway")
            self.ledgers.charge(
                operator,
                game.id,
                as_player=player.id,
                reason=f"{fault.code}: {fault.reason}"[:500],
                at=min(arrived_at, self.ctx.now()),
            )
            days = days_of_penalty(event.penalty_days, lang)
            penalty = say(lang, "penalty", days=days, article=article)
        body = say(
            lang,
            "fault",
            game=game.id,
            reason=fault.reason,
            penalty=penalty,
            again=self._again(session, game, player),
        ).rstrip()
        self.mailer.answer(session, letter, lang, "fault", body, game, copy_arbiter=True)

    @staticmethod
    def _again(session: Session, game: Game, player: Player) -> str:
        """What a player whose message was faulty is asked to send: the move
        again, after the partner's last move, written in the player's notation."""
        server = game_ucis(session, game)
        white = player.id == game.white_id
        made = len(server)
        # The partner's latest ply (whose it is: counted from the start).
        last = made if start.white_ply(made, game.plies_before) != white else made - 1
        if last >= 1:
            moves = written_plies(server, last, last, notation_of(player), game.start_board())
            return say(player.lang, "again", last=moves)
        first_mover = chess.WHITE if game.plies_before % 2 == 0 else chess.BLACK
        return say(player.lang, "again_first") if white == (first_mover == chess.WHITE) else ""


def _where(ply: int, lang: str, before: int = 0) -> str:
    """Whose move ``ply`` is, and its number: "Black's move 2" (numbered
    from the game's start: ``before`` is :attr:`Game.plies_before`)."""
    key = "white_move" if start.white_ply(ply, before) else "black_move"
    return say(lang, key, number=start.move_number(ply, before))


def _written(
    server: list[str],
    ply: int,
    style: str,
    start_at: chess.Board | None = None,
    *,
    numbered: bool = False,
) -> str:
    """The record's move at ``ply`` in the player's notation (``style``),
    with its number ("2. 7163", "2. ... Кc6") if ``numbered``; played from
    the game's start ``start_at``."""
    shown = written_plies(server, ply, ply, style, start_at)
    return shown if numbered else shown.split()[-1]
