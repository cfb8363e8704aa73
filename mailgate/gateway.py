"""The email door: one message in, its effects and answers, exactly once.

A message is claimed by its key (Message-ID, or a digest of the raw message)
and sender in the same transaction that applies its effects and queues its
answers, so a redelivery, a crash or a second gateway process never applies
it twice; the caller flags it on the server only after the commit. Bounces
of our own mail are read first (:mod:`mailgate.bounces`); then the sender
is checked (:mod:`mailgate.authenticity`): a message its sender's domain
disowns is held for the arbiter, changing nothing, until an official
releases it. A message from a registered player with a good reply token is
done by :mod:`mailgate.requests` through the same services as every other
door's. The answers are written and queued by :mod:`mailgate.outgoing`;
what the services notify is mailed by :mod:`mailgate.notices`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cc.accounts.addresses import forget_senders
from cc.accounts.model import Player
from cc.app.services import Services
from cc.base.kinds import InboundStatus
from cc.clock.known_leaves import forget_leaves
from cc.games.model import Game, forget_move_lists
from cc.games.open_items import game_with_players
from cc.kernel.context import Actor
from cc.kernel.outages import unavailable
from cc.office import inbox
from cc.office.mail import RELEASED
from cc.views.letters import forget_letters
from mailgate import bounces
from mailgate.authenticity import (
    AuthSettings,
    Envelope,
    SenderCheck,
    SenderPolicy,
    TxtLookup,
    check_sender,
    stamp,
)
from mailgate.letters import Letter, read_letter
from mailgate.notices import MailNotices
from mailgate.outgoing import (
    ANSWERS_PER_DAY,
    Mailer,
    reply_subject,
)
from mailgate.replies import say, size_of
from mailgate.reply_tokens import reply_token
from mailgate.requests import GameRequests, Receipt

log = logging.getLogger(__name__)
MAX_SIZE = 1_000_000
#: a message that fails this often is set aside for the admin
MAX_ATTEMPTS = 3
#: one message as the reader hands it over: raw bytes, arrival, source
Incoming = tuple[bytes, datetime, str]


def forget_memos(session: Session) -> None:
    """Drop what was computed for one message, so the next message of a
    batch (or one rolled back to its savepoint) reads the state afresh."""
    forget_letters(session)
    forget_senders(session)
    forget_move_lists(session)
    forget_leaves(session)


def _reason(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


def _why_no_game(letter: Letter, game: Game | None) -> str:
    """Why a message is not taken as being about a game, for the office."""
    if letter.game_id is None:
        return "the subject names no game"
    if game is None:
        return f"game {letter.game_id}: no such game of the sender's"
    return f"game {letter.game_id}: the reply token is not the sender's, or has expired"


class MailGateway:
    """The email door over the services; :meth:`receive` takes each message."""

    def __init__(self, services: Services) -> None:
        self.ctx = services.ctx
        self.games = services.games
        self.ledgers = services.ledgers
        self.leaves = services.leaves
        self.cases = services.cases
        self.office = services.mail_office
        self.settings = services.mail_settings
        self.mailer = Mailer(self.ctx, self.ledgers, self.settings)
        #: what a message asks in a game (mailgate.requests)
        self.requests = GameRequests(services, self.mailer)
        #: how senders are checked (mailgate.authenticity)
        self.auth = AuthSettings(
            policy=SenderPolicy(self.settings.sender_policy),
            authserv_id=self.settings.authserv_id,
            verify_dkim=self.settings.verify_dkim,
            own_id=self.settings.address.rpartition("@")[2].lower() or "localhost",
        )
        #: DNS TXT lookups for DKIM, SPF and DMARC (None: the system's resolver)
        self.dns: TxtLookup | None = None
        #: the handler of the services' notifications, subscribed where the
        #: gateway is wired
        self.notices = MailNotices(
            self.mailer, services.standings, services.centre.unsubscribe_token
        )

    # ------------------------------------------------------------- tokens

    def token(self, game_id: int, player_id: int) -> str:
        """A fresh reply token of one player in one game (in the subject line)."""
        return self.mailer.token(game_id, player_id)

    def subject(self, game: Game, player_id: int) -> str:
        return self.mailer.subject(game, player_id)

    # ------------------------------------------------------------ receive

    def process_again(self, actor: Actor, message_id: int) -> Receipt:
        """The office has a refused or set-aside message read again, its cause
        fixed (a player's address registered, say). It is marked in one
        transaction and then taken like any message: it counts once even if
        asked twice, and a message already applied is refused."""
        with self.ctx.db.write() as session:
            raw = self.office.check_process_again(session, actor, message_id)
            arrived, source = inbox.arrival(session, message_id)
        return self.receive(raw, arrived, source)

    def release(self, actor: Actor, message_id: int) -> Receipt:
        """An official vouches for the sender of a held message (having asked
        the player, say): it is taken as if its sender had passed the check,
        dated by its arrival, and counts once."""
        with self.ctx.db.write() as session:
            raw = self.office.check_release(session, actor, message_id)
            arrived, source = inbox.arrival(session, message_id)
        return self.receive(raw, arrived, source)

    def receive(
        self,
        raw: bytes,
        arrived_at: datetime,
        source: str = "smtp",
        envelope: Envelope | None = None,
    ) -> Receipt:
        """Process one raw message; safe to call again with the same message.

        ``envelope``: what the SMTP listener knows of the sending server.
        Where the gateway verifies DKIM itself, SPF is checked for it and
        recorded on top of the message (:func:`mailgate.authenticity.stamp`),
        which is then kept and read as it was stamped.

        Never raises, so one message never stops the reader or the listener
        behind it. A fault of the message's own processing is recorded with
        its reason and tried again, up to :data:`MAX_ATTEMPTS` times, then
        set aside with the sender told once. A database that cannot be
        reached, is full or is read-only is no fault of the message: it is
        answered RETRY without counting a try (a listener says 451, the
        sending server keeps the message; the reader leaves it unseen).
        """
        if envelope is not None and self._checks_spf(source):
            raw = stamp(raw, envelope, self.auth.own_id, self.dns)
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

    def receive_many(self, incoming: Sequence[Incoming]) -> list[Receipt]:
        """Process a batch of raw messages (one IMAP fetch) in one transaction.

        Each message runs in a savepoint of its own: one that fails rolls
        back alone, its failure is recorded, and it is tried again alone on
        the next round, while the others commit together, once. The caller
        flags the batch on the server only after this returns, so a crash
        before the commit leaves every message of it unseen and unapplied.
        A database that cannot be used answers RETRY for the whole batch.
        """
        letters = [read_letter(raw) for raw, _, _ in incoming]
        receipts: list[Receipt] = []
        try:
            with self.ctx.db.write() as session:
                for letter, (raw, arrived_at, source) in zip(letters, incoming, strict=True):
                    receipts.append(self._in_savepoint(session, letter, raw, arrived_at, source))
        except Exception as exc:
            if unavailable(exc):
                log.warning("a batch of %d messages kept for later: %s", len(incoming), exc)
                return [
                    Receipt(InboundStatus.RETRY, "unavailable", detail=_reason(exc))
                    for _ in incoming
                ]
            # The batch's own commit failed: take its messages one by one.
            log.exception("a batch of %d messages failed; taken one by one", len(incoming))
            return [self.receive(raw, arrived_at, source) for raw, arrived_at, source in incoming]
        return receipts

    def _in_savepoint(
        self, session: Session, letter: Letter, raw: bytes, arrived_at: datetime, source: str
    ) -> Receipt:
        savepoint = session.begin_nested()
        try:
            receipt = self._take(session, letter, raw, arrived_at, source)
        except IntegrityError:
            # Another process claimed the message and has committed it.
            savepoint.rollback()
            return self._claimed(session, letter)
        except Exception as exc:
            savepoint.rollback()
            if unavailable(exc):
                raise
            log.exception("message %s from %s failed", letter.key, letter.sender)
            with session.begin_nested():
                return self._record_failure(session, letter, raw, arrived_at, source, exc)
        finally:
            # What was read for this message is not carried to the next one.
            forget_memos(session)
        savepoint.commit()
        return receipt

    def _receive(self, letter: Letter, raw: bytes, arrived_at: datetime, source: str) -> Receipt:
        try:
            with self.ctx.db.write() as session:
                return self._take(session, letter, raw, arrived_at, source)
        except IntegrityError:
            with self.ctx.db.read() as session:
                return self._claimed(session, letter)

    def _claimed(self, session: Session, letter: Letter) -> Receipt:
        """The receipt of a message another process has claimed and committed."""
        done = inbox.recorded(session, letter.key[:400], letter.sender[:320])
        if done is None:
            raise LookupError(f"message {letter.key} was claimed but is not recorded")
        return Receipt(done.status, done.outcome, done.game_id, duplicate=True)

    def _take(
        self, session: Session, letter: Letter, raw: bytes, arrived_at: datetime, source: str
    ) -> Receipt:
        """Claim the message by its key and do what it asks, in ``session``.

        Its row is read and written by column, not held as an object: each
        message runs in a savepoint, and the unit of work's flushes of the
        row's INSERT and UPDATE cost more than the statements themselves.
        """
        found = inbox.claim(session, letter.key[:400], letter.sender[:320])
        if found is not None and found.status != InboundStatus.RETRY:
            return Receipt(found.status, found.outcome, found.game_id, duplicate=True)
        if found is None:
            # Claimed first: a second process waits here, then finds it.
            row_id = inbox.received(session, self._new_values(letter, raw, arrived_at, source))
            vouched, attempts = False, 0
        else:
            row_id, attempts = found.id, found.attempts
            vouched = found.outcome == RELEASED or found.released_by_id is not None
        receipt = self._process(session, letter, raw, arrived_at, vouched=vouched, source=source)
        sender = self.mailer.player_by_address(session, letter.sender)
        inbox.moved_on(
            session,
            row_id,
            {
                "status": receipt.status,
                "outcome": receipt.outcome,
                "detail": receipt.detail,
                "game_id": receipt.game_id,
                "player_id": sender.id if sender else None,
                "attempts": attempts + 1,
                "processed_at": self.ctx.now(),
            },
        )
        return receipt

    @staticmethod
    def _new_values(
        letter: Letter, raw: bytes, arrived_at: datetime, source: str
    ) -> dict[str, object]:
        """A new message's row, by column, as it is claimed."""
        return {
            "key": letter.key[:400],
            "sender": letter.sender[:320],
            "message_id": letter.message_id,
            "subject": letter.subject,
            "arrived_at": arrived_at,
            "date_header": letter.date_header,
            "source": source,
            "status": InboundStatus.RETRY,
            "outcome": "processing",
            "attempts": 0,
            "raw": raw if len(raw) <= MAX_SIZE else None,
            "processed_at": arrived_at,
        }

    def _failed(
        self, letter: Letter, raw: bytes, arrived_at: datetime, source: str, exc: Exception
    ) -> Receipt:
        with self.ctx.db.write() as session:
            return self._record_failure(session, letter, raw, arrived_at, source, exc)

    def _record_failure(
        self,
        session: Session,
        letter: Letter,
        raw: bytes,
        arrived_at: datetime,
        source: str,
        exc: Exception,
    ) -> Receipt:
        """Count a failed try of the message; the last one sets it aside and
        tells the sender once."""
        row = inbox.failed_try(
            session,
            self._new_values(letter, raw, arrived_at, source),
            _reason(exc),
            self.ctx.now(),
            MAX_ATTEMPTS,
        )
        if row.status == InboundStatus.SET_ASIDE:
            player = self.mailer.player_by_address(session, letter.sender)
            if player is not None and not letter.automatic:
                self.mailer.queue(
                    session,
                    "notice",
                    letter.sender,
                    reply_subject(letter.subject),
                    say(player.lang, "set_aside"),
                    letter,
                )
        return Receipt(row.status, row.outcome, row.game_id, detail=row.detail)

    def _checks_spf(self, source: str) -> bool:
        """Whether SPF is checked, and its result read, for messages from
        ``source``: those the SMTP listener takes, where the gateway verifies
        DKIM itself. The listener stamps them and removes any header that
        claims to be its own; mail read over IMAP or handed over by LMTP
        comes through a server of the site's, whose job SPF is."""
        return (
            source == "smtp" and self.auth.verify_dkim and self.auth.policy is not SenderPolicy.OFF
        )

    # ------------------------------------------------------------ process

    def _process(
        self,
        session: Session,
        letter: Letter,
        raw: bytes,
        arrived_at: datetime,
        *,
        vouched: bool = False,
        source: str = "smtp",
    ) -> Receipt:
        # Bounces of our mail, and automatic mail, with the reason (mailgate.bounces).
        taken = bounces.take(self.ctx, session, letter, self.settings.address)
        if taken is not None:
            return Receipt(taken.status, taken.outcome, taken.game_id, detail=taken.detail)
        if letter.automatic or letter.sender == self.settings.address.lower():
            return Receipt(InboundStatus.IGNORED, "automatic")
        player = self.mailer.player_by_address(session, letter.sender)
        if letter.size > MAX_SIZE:
            if player is not None:
                self.mailer.answer(
                    session,
                    letter,
                    player.lang,
                    "instructions",
                    say(
                        player.lang,
                        "oversized",
                        size=size_of(letter.size, player.lang),
                        limit=size_of(MAX_SIZE, player.lang),
                    ),
                )
            return Receipt(
                InboundStatus.REFUSED,
                "oversized",
                detail=f"{letter.size} bytes; the limit is {MAX_SIZE}",
            )
        if player is None:
            self.mailer.answer(
                session,
                letter,
                "en",
                "instructions",
                say("en", "unknown_sender") + "\n\n" + say("ru", "unknown_sender"),
            )
            return Receipt(
                InboundStatus.IGNORED,
                "unknown_sender",
                detail=f"{letter.sender or '-'} is not a registered address",
            )
        # With its event and players, which the answers name.
        game = game_with_players(session, letter.game_id) if letter.game_id else None
        if game is not None and player.id not in (game.white_id, game.black_id):
            game = None
        if not vouched:
            check = check_sender(
                raw, self.auth, self.dns, spf_checked_here=self._checks_spf(source)
            )
            if self.auth.policy.holds(check.verdict):
                self._hold(session, letter, player, game, check)
                return Receipt(
                    InboundStatus.HELD,
                    "held_sender",
                    game.id if game is not None else None,
                    detail=check.evidence,
                )
        if game is None or not self.mailer.token_valid(letter.token, f"game:{game.id}", player.id):
            leave = self.requests.leave_without_game(session, letter, player)
            if leave is not None:
                return leave
            self.mailer.answer(
                session,
                letter,
                player.lang,
                "instructions",
                say(player.lang, "no_token", games=self.mailer.game_list(session, player)),
            )
            return Receipt(
                InboundStatus.REFUSED, "no_reply_token", detail=_why_no_game(letter, game)
            )
        return self.requests.act(session, letter, game, player, arrived_at)

    def _hold(
        self,
        session: Session,
        letter: Letter,
        player: Player,
        game: Game | None,
        check: SenderCheck,
    ) -> None:
        """Hold a message whose sender failed the check: nothing is read,
        applied or charged; the registered address hears of it at once (the
        real player, if the message was forged), with a copy to the arbiter
        of the game it names, who may release it."""
        if not self.mailer.may_answer(session, letter.sender, "held"):
            return
        body = say(
            player.lang,
            "held",
            subject=letter.subject or "-",
            arrived=self.ctx.now().strftime("%Y-%m-%d %H:%M UTC"),
            evidence=check.evidence,
        )
        cc = self.mailer.arbiter(game.event) if game is not None else []
        subject = say(player.lang, "held_subject")
        self.mailer.queue(session, "held", letter.sender, subject, body, letter, game=game, cc=cc)


__all__ = [
    "ANSWERS_PER_DAY",
    "MAX_ATTEMPTS",
    "Incoming",
    "MailGateway",
    "Receipt",
    "reply_token",
]
