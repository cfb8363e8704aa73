"""What the gateway writes: reply tokens, subjects, the record, the queue.

Every message about a game carries the game and the recipient's reply token
in its subject (``[cc 12 4f2a9c1b0d] ...``), so only mail the server sent
can be answered; mail to a player who plays by email carries the game in
the standard form 59.1, with both clocks and the position (a diagram and
its FEN), and its moves elsewhere in the player's own notation. Each message is
queued in the caller's transaction: it goes out after, and only with, the
change it reports. Copies go to the arbiter when a player is near the
control (56.4.10) and with every fault answer.

Every link in a message is absolute, made from the site's configured
address (:meth:`Mailer.link`), and a message about a game carries its page.
A notice the player chose to have by mail ends with a :class:`Footer` that
stops that kind of mail in one click (RFC 8058), in its body and in its
``List-Unsubscribe`` headers; the mail the rules require says instead where
the other notifications are set.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta

import chess
from sqlalchemy.orm import Session

import notation
from cc.accounts.addresses import registered_address
from cc.accounts.model import Player
from cc.base.kinds import GameStatus
from cc.clock.ledger import LedgerService
from cc.clock.ledger_views import GameLedgerView
from cc.events.model import Event
from cc.events.thematic import numbered_line
from cc.games import offers
from cc.games.model import Game, game_ucis
from cc.kernel.context import ServiceContext
from cc.notify.digest import notation_of
from cc.office import queue
from cc.office.outbound import MailSettings
from cc.office.outbox import message_id as new_message_id
from cc.text.i18n import word
from cc.views import letters
from mailgate.forms import FormGame, FormRow, HalfMove, standard_form
from mailgate.letters import Letter
from mailgate.replies import say
from mailgate.reply_tokens import reply_token, token_issued
from notation import start

#: at most this many fault or instruction answers to one address a day
ANSWERS_PER_DAY = 5
#: the answers that count towards it: a flood of faulty or forged mail in a
#: player's name never floods the player
LIMITED = ("fault", "instructions", "held")
#: the prefixes mail programs put before a subject they answer or forward
_PREFIXES = re.compile(
    r"^(?:\s*(?:re|fwd?|aw|sv|vs|antw|ответ|отв|пересл)\s*(?:\[\d+\]|\(\d+\))?\s*:)+\s*",
    re.IGNORECASE,
)


def reply_subject(subject: str) -> str:
    """The subject of an answer: one "Re:" before the subject without the
    prefixes mail programs added before.

    >>> reply_subject("Re: RE: Fwd: Ответ: move"), reply_subject("Re[2]: move")
    ('Re: move', 'Re: move')
    >>> reply_subject("Regarding my move"), reply_subject("")
    ('Re: Regarding my move', 'cc-server')
    """
    bare = _PREFIXES.sub("", subject).strip()
    return f"Re: {bare}" if bare else "cc-server"


def written_plies(
    ucis: Sequence[str], first: int, last: int, style: str, start_at: chess.Board | None = None
) -> str:
    """Plies ``first`` to ``last`` (from 1) of a game's moves ``ucis``,
    numbered and written in ``style``, as a player writes them in a record;
    played from ``start_at``, the game's start (:meth:`Game.start_board`),
    so a thematic game's moves carry its own numbers.

    >>> written_plies(["d2d4", "d7d5", "g1f3"], 2, 3, "numeric")
    '1. ... 4745 2. 7163'
    >>> written_plies(["d2d4", "d7d5", "g1f3"], 3, 3, "san-ru")
    '2. Кf3'
    """
    board = start_at.copy(stack=False) if start_at is not None else chess.Board()
    for uci in ucis[: first - 1]:
        board.push(chess.Move.from_uci(uci))
    moves = [chess.Move.from_uci(uci) for uci in ucis[first - 1 : last]]
    return notation.write_moves(moves, style, board=board)


@dataclass(frozen=True)
class Footer:
    """The last lines of a notice: how to stop it, or where it is set."""

    #: said when the recipient alone gets the message
    text: str
    #: said when others get a copy (an arbiter must not unsubscribe the player)
    shared: str
    #: headers for the recipient alone (List-Unsubscribe, ...)
    headers: Mapping[str, str] = field(default_factory=dict)


class Mailer:
    """Renders the gateway's mail and queues it in the caller's session."""

    def __init__(self, ctx: ServiceContext, ledgers: LedgerService, settings: MailSettings) -> None:
        self.ctx = ctx
        self.ledgers = ledgers
        self.settings = settings

    # ------------------------------------------------------------- tokens

    def token(self, game_id: int, player_id: int, purpose: str | None = None) -> str:
        """A fresh reply token of one player in one game, for one message."""
        return reply_token(
            self.settings.secret,
            purpose or f"game:{game_id}",
            player_id,
            self.ctx.now().date(),
            os.urandom(2),
        )

    def token_valid(
        self, token: str | None, purpose: str, player_id: int, days: int | None = None
    ) -> bool:
        """A token we issued for ``purpose`` and the player, not yet expired
        (``days``, or ``MailSettings.token_days``, after its day)."""
        issued = token_issued(self.settings.secret, token, purpose, player_id)
        if issued is None:
            return False
        today = self.ctx.now().date()
        limit = self.settings.token_days if days is None else days
        return issued <= today + timedelta(days=1) and (today - issued).days <= limit

    def subject(self, game: Game, player_id: int) -> str:
        return (
            f"[cc {game.id} {self.token(game.id, player_id)}] {game.event.code}: "
            f"{game.white.name} - {game.black.name}"
        )

    def link(self, path: str) -> str:
        """An absolute link to ``path`` on the site, for mail."""
        return f"{self.settings.site_url.rstrip('/')}/{path.lstrip('/')}"

    def with_game_link(self, body: str, game: Game, lang: str) -> str:
        """``body`` with the game's page, unless it names it already: a reader
        opens the board from any message about the game."""
        link = self.link(f"/games/{game.id}")
        if link in body:
            return body
        return f"{body}\n\n{say(lang, 'game_link', link=link)}"

    # ------------------------------------------------------------ answers

    def confirm_move(
        self,
        session: Session,
        letter: Letter,
        game: Game,
        player: Player,
        san: str,
        fired: tuple[str, ...],
    ) -> None:
        """Confirm a move to the email player who sent it: the move (``san``)
        and the conditional moves that followed it at once (``fired``), in
        the player's notation and numbered."""
        lang = player.lang
        ucis = game_ucis(session, game)
        ply = len(ucis) - len(fired)
        style = notation_of(player)
        body = say(
            lang,
            "accepted",
            move=written_plies(ucis, ply, ply, style, game.start_board()) if ply >= 1 else san,
            game=game.id,
            arrived=self.ctx.now().strftime("%Y-%m-%d %H:%M UTC"),
        )
        if fired:
            # An odd number: the partner's line answered last, so it is the
            # sender's move; an even one: the sender's own line answered too.
            key = "fired_yours" if len(fired) % 2 else "fired_theirs"
            if len(fired) == 1:
                key = "fired"
            moves = written_plies(ucis, ply + 1, len(ucis), style, game.start_board())
            body += "\n" + say(lang, key, moves=moves)
        if self.has_open_offer(session, game, player):
            body += "\n" + say(lang, "offer_sent")
        if game.status != GameStatus.ONGOING:
            body += "\n" + say(
                lang,
                "over",
                game=game.id,
                result=game.result.value,
                reason=word("reason", game.result_reason.value, lang) if game.result_reason else "",
            )
        self.answer(
            session,
            letter,
            lang,
            "reply",
            body,
            game,
            copy_arbiter=self.near_control(session, game),
        )

    @staticmethod
    def has_open_offer(session: Session, game: Game, player: Player) -> bool:
        """Whether the player's own draw offer stands in the game."""
        return offers.has_open_offer(session, game.id, player.id)

    def answer(
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
        if not self.may_answer(session, letter.sender, kind):
            return
        cc = self.arbiter(game.event) if copy_arbiter and game is not None else []
        if game is not None:
            player = self.player_by_address(session, letter.sender)
            body = self.with_game_link(body, game, lang) + "\n\n" + self.record(session, game, lang)
            subject = self.subject(game, player.id) if player else reply_subject(letter.subject)
        else:
            subject = reply_subject(letter.subject)
        self.queue(session, kind, letter.sender, subject, body, letter, game=game, cc=cc)

    def may_answer(self, session: Session, address: str, kind: str) -> bool:
        """At most :data:`ANSWERS_PER_DAY` fault and instruction answers to
        one address in 24 hours; other answers always go."""
        if kind not in LIMITED:
            return True
        since = self.ctx.now() - timedelta(days=1)
        return queue.queued_to(session, address, LIMITED, since) < ANSWERS_PER_DAY

    # ------------------------------------------------------------ notices

    def notice(
        self,
        session: Session,
        player: Player,
        subject: str,
        body: str,
        *,
        game: Game | None = None,
        cc: list[str] | None = None,
        footer: Footer | None = None,
        kind: str = "notice",
    ) -> None:
        """A notice that every participant or official gets by email, whether
        or not they play by email (the arbiter's cases, 54.1.2): the web shows
        the same on the case's page."""
        if not player.emails:
            return
        if game is not None and player.id in (game.white_id, game.black_id, game.event.arbiter_id):
            # Only those who may open the game's page (not an appeal arbiter).
            body = self.with_game_link(body, game, player.lang)
        self.queue(
            session,
            kind,
            player.mail_address,
            subject,
            body,
            None,
            game=game,
            cc=cc,
            footer=footer,
        )

    def tell(
        self,
        session: Session,
        player: Player,
        game: Game,
        body: str,
        kind: str = "notice",
        *,
        copy_arbiter: bool = False,
        ply: int | None = None,
        footer: Footer | None = None,
    ) -> None:
        """Mail a player who plays by email about their game, with its record."""
        if not player.mail_moves or not player.emails:
            return
        cc = self.arbiter(game.event) if copy_arbiter else []
        body = self.with_game_link(body, game, player.lang)
        body = body + "\n\n" + self.record(session, game, player.lang)
        self.queue(
            session,
            kind,
            player.mail_address,
            self.subject(game, player.id),
            body,
            None,
            game=game,
            cc=cc,
            ply=ply,
            footer=footer,
        )

    def queue(
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
        footer: Footer | None = None,
    ) -> None:
        """Queue one message in ``session``; a footer is said after a
        signature separator, so a reader quoting the message leaves it out."""
        now = self.ctx.now()
        headers: dict[str, str] = {}
        if footer is not None:
            body = f"{body}\n\n-- \n{footer.shared if cc else footer.text}"
            if not cc:
                headers = dict(footer.headers)
        domain = self.settings.address.rpartition("@")[2] or "localhost"
        queue.add(
            session,
            kind=kind,
            to=to,
            subject=subject,
            body=body,
            message_id=new_message_id(domain),
            now=now,
            cc=cc,
            in_reply_to=letter.message_id if letter else None,
            game_id=game.id if game else None,
            ply=ply,
            headers=headers,
        )

    # ------------------------------------------------------------- record

    def record(self, session: Session, game: Game, lang: str) -> str:
        """The game in the standard form 59.1, with the position: a diagram
        in the reader's letters, and its FEN. Written once per state of the
        game and language within a transaction: a move's forward and its
        confirmation carry the same form when both players read one
        language."""
        return letters.form(session, game, lang, lambda: self._record(session, game, lang))

    def _record(self, session: Session, game: Game, lang: str) -> str:
        event: Event = game.event
        schedule = self._schedule(session, game)
        offered, leaves = letters.record_parts(session, game)
        rows = []
        for row in schedule.schedule:
            halves: list[HalfMove | None] = []
            # Plies of this game, numbered from its start (Art. 26).
            white_ply = start.ply_at(row.move_number, chess.WHITE, game.plies_before)
            for ply, side in ((white_ply, row.white), (white_ply + 1, row.black)):
                if side is None or side.sent_on is None or side.move is None:
                    halves.append(None)
                else:
                    # The game's first move answers no move: nothing received.
                    received = None if ply == 1 else side.received_on
                    halves.append(
                        HalfMove(
                            side.move,
                            received,
                            side.sent_on,
                            side.days,
                            side.total,
                            offer=ply in offered,
                        )
                    )
            if halves[0] or halves[1]:
                rows.append(FormRow(row.move_number, halves[0], halves[1]))
        form = standard_form(
            FormGame(
                event=event.name,
                start_date=event.start_date,
                white=game.white.name,
                black=game.black.name,
                rows=rows,
                white_leaves=leaves[game.white_id],
                black_leaves=leaves[game.black_id],
                start_fen=game.start_board().fen() if game.start_fen or game.chess960 else None,
                start_line=numbered_line(game.start_line) if game.start_line else None,
            ),
            "ru" if lang == "ru" else "en",
        )
        clocks = schedule.clocks
        times = (
            f"{'Время белых' if lang == 'ru' else 'White time'} {clocks['white'].total}; "
            f"{'Время чёрных' if lang == 'ru' else 'Black time'} {clocks['black'].total}"
        )
        board = game.position()
        position = "\n".join(
            (
                say(lang, "diagram_white" if board.turn == chess.WHITE else "diagram_black"),
                notation.diagram(board, lang),
                say(lang, "diagram_legend"),
                say(lang, "position", fen=game.fen),
            )
        )
        return f"{form}\n\n{times}\n\n{position}"

    # ------------------------------------------------------------ helpers

    def _schedule(self, session: Session, game: Game) -> GameLedgerView:
        """The game's schedule, computed once per state within a transaction."""
        return letters.schedule(session, self.ledgers, game)

    def near_control(self, session: Session, game: Game) -> bool:
        """Copy the arbiter: either player has 5 days or fewer before the control
        (56.4.10), or this answers a move that was sent again (56.5.1)."""
        answered_reminder = (
            game.reminded_ply is not None and game.ply_count == game.reminded_ply + 1
        )
        clocks = self._schedule(session, game).clocks
        near = game.status == GameStatus.ONGOING and any(c.near_control for c in clocks.values())
        return near or answered_reminder

    @staticmethod
    def arbiter(event: Event) -> list[str]:
        """The event's arbiter's address, for a copy (none without one)."""
        arbiter = event.arbiter
        return [arbiter.mail_address] if arbiter and arbiter.mail_address else []

    @staticmethod
    def player_by_address(session: Session, address: str) -> Player | None:
        """The player an address is registered to, looked up once per message."""
        row = registered_address(session, address)
        return None if row is None else row.player

    def game_list(self, session: Session, player: Player) -> str:
        """The player's running games, one subject a line, to reply to."""
        games = letters.running_games(session, player.id)
        return "\n".join(f"  {self.subject(g, player.id)}" for g in games) or "  -"
