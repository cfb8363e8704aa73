"""The services' notifications, as mail.

The gateway subscribes :meth:`MailNotices.deliver` to the services'
notifications where it is wired (:mod:`cc.run.site`). Each notice is put into
the recipient's language and queued in the notifying transaction:

- a move in an email event reaches the partner who plays by email, in the
  standard form (56.2.1), the move numbered in the partner's notation; its
  delivery dates the partner's receipt (§10.3);
- a loss on time and a reminder go to players who play by email, with the
  record (54.5.2, 56.5.1);
- an overstep the partner may claim, and post play's notices, go in the
  game's own subject, so the answer reaches the gateway (§10.4, 55.5.1);
- a case goes to each party and official, a player of its game in that
  game's subject (a protest or an appeal by email, 56.6.4, 54.1.4);
- draw offers, their answers, resignations and results reach the partner
  in email and post events as moves do, with the record; a draw offered
  with a move rides on the move's own mail;
- an event's start, with each game's subject to answer (55.4.6), leaves of
  partners, told to them and the arbiter when recorded, begun, ended or
  withdrawn (56.7.2), and an event's final standings;
- the player's own time (running low, five days left, no move for 14, 28
  or 35 days), when the player takes it by mail, in the game's subject with
  the partner's move in the player's notation; a protest's or an appeal's
  last three days (56.6.4, 54.1.4);
- any other notice the player chose to have by mail, in its words with the
  absolute link to its page;
- the daily digest (:meth:`MailNotices.digest`), handed over by the digest
  service in the transaction that records the player's day as done.

Mail the rules require (:attr:`Delivery.formal`) says where the other
notifications are set; mail the player chose ends with a link that stops
that group's mail, and carries it in ``List-Unsubscribe`` for one click
(RFC 8058).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from sqlalchemy.orm import Session

import notation
from cc.accounts.addresses import read_emails, status_meaning
from cc.accounts.model import Player
from cc.base.kinds import GameStatus
from cc.base.regulations import Mode
from cc.cases.model import Case
from cc.cases.rules import appeal_article
from cc.events.model import Event
from cc.events.standings import StandingsService
from cc.events.systems.knockout_text import paired_stage
from cc.events.thematic import describe as describe_theme
from cc.games.model import Game, game_ucis
from cc.kernel.notifications import (
    GROUP_OF,
    Delivery,
    Digest,
    DigestItem,
    Group,
    Kind,
    Notice,
    Value,
    digest_recipient,
    item_event,
    recipient,
    subjects,
)
from cc.notify.digest import Record, notation_of, written
from cc.text.i18n import localize, word
from cc.views import letters
from mailgate.notice_lines import SAID, digest_line, listed, notice_page, said
from mailgate.outgoing import Footer, Mailer, written_plies
from mailgate.replies import say, say_notice

#: where a player sets their notifications (a path on the site)
SETTINGS_PAGE = "/notifications/settings"

#: the parameters of a case's notice that are codes, said in the reader's words
_CODES = ("decision", "verdict")
#: the player's own time, told by the daily run (cc.clock.alerts)
_TIME_ALERTS = (Kind.TIME_LOW, Kind.FIVE_DAYS, Kind.NO_MOVE)
#: a partner's leave: recorded, begun, ended, withdrawn (56.7.2)
_LEAVES = (Kind.LEAVE_RECORDED, Kind.LEAVE_STARTED, Kind.LEAVE_ENDED, Kind.LEAVE_WITHDRAWN)
#: the rules' notices mailed with the game's record, to email players only
_WITH_RECORD = (Kind.FORFEIT, Kind.REMINDER)
#: the notices that say how a decision is appealed, with the mode's article
_APPEALABLE = (Kind.CASE_DECIDED, Kind.APPEAL_DECIDED, Kind.CASE_DEADLINE)


class MailNotices:
    """Turns each notification into mail, through the gateway's mailer."""

    def __init__(
        self,
        mailer: Mailer,
        standings: StandingsService,
        unsubscribe_token: Callable[[int, Group], str] | None = None,
    ) -> None:
        self.mailer = mailer
        self.standings = standings
        #: signs the one-click links (NotificationCentre.unsubscribe_token)
        self.unsubscribe_token = unsubscribe_token

    def footer(self, person: Player, delivery: Delivery) -> Footer:
        """How the recipient stops this mail, or, for mail the rules require,
        where the rest is set: in their language, with absolute links."""
        lang = person.lang
        settings = self.mailer.link(SETTINGS_PAGE)
        shared = say(lang, "footer_shared", settings=settings)
        if delivery.formal or self.unsubscribe_token is None:
            formal = say(lang, "footer_formal", settings=settings)
            return Footer(formal, formal if delivery.formal else shared)
        group = GROUP_OF[delivery.notice.kind]
        url = self.mailer.link(f"/unsubscribe/{self.unsubscribe_token(person.id, group)}")
        text = say(
            lang,
            "footer_chosen",
            group=say(lang, f"group_{group.value}"),
            unsubscribe=url,
            settings=settings,
        )
        headers = {
            "List-Unsubscribe": f"<{url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
        return Footer(text, shared, headers)

    def deliver(self, session: Session, delivery: Delivery) -> None:
        """The notice as mail in the recipient's language, queued in
        ``session``, when it goes by mail (:attr:`Delivery.by_email`)."""
        if not delivery.by_email:
            return
        notice = delivery.notice
        person = recipient(session, notice)
        if person is None:
            return
        read_emails(session, person)
        if (
            delivery.formal
            and notice.kind in _WITH_RECORD
            and notice.case_id is None
            and not (person.mail_moves and person.emails)
        ):
            return  # mailed only to a player who plays by email (Mailer.tell)
        game, case, event = subjects(session, notice)
        mail = self.mailer
        cc = mail.arbiter(event) if notice.copy_arbiter and event is not None else []
        lang = person.lang
        kind = notice.kind
        if event is not None and kind in _APPEALABLE:
            # The mode's own article of the appeal (54.1.4, 55.1.6, 56.1.10).
            article = appeal_article(event.mode)
            notice = replace(notice, params={**notice.params, "appeal_article": article})
        names_moves = "move" in notice.params or "fired" in notice.params
        if delivery.formal and game is not None and kind not in _TIME_ALERTS and names_moves:
            # The moves a notice names (SAN as stored), in the reader's notation.
            record = Record(session, game.id, notation_of(person), game.start_board())
            notice = replace(notice, params=written(notice.params, record, mail.ctx.now()))
        params = dict(notice.params)
        footer = self.footer(person, delivery)
        if kind in _TIME_ALERTS and game is not None:
            self._time_alert(session, delivery, person, game, footer)
        elif kind == Kind.EMAIL_BOUNCED and event is not None:
            self._bounced(session, person, event, params, footer)
        elif not delivery.formal:
            self._informal(session, delivery, person, game, event, footer)
        elif case is not None:
            self._case(session, notice, person, case, cc, footer)
        elif kind in (Kind.MOVE, Kind.DRAW_OFFERED) and "move" in params:
            assert game is not None
            if game.event.mode == Mode.EMAIL:  # post moves go by post
                self._move(session, game, person, notice, footer)
        elif kind in _WITH_RECORD:
            assert game is not None
            key = kind.value
            if kind == Kind.REMINDER and "move" not in params:
                key = "reminder_first"  # the game's first move has not come
                # White's, or Black's in a game from a set position (Art. 26)
                side = "with_black" if game.plies_before % 2 else "with_white"
                params["with_side"] = say(lang, side)
            params.pop("ply", None)
            body = say(lang, key, game=game.id, **params)
            mail.tell(session, person, game, body, copy_arbiter=notice.copy_arbiter, footer=footer)
        elif kind in (Kind.OVERSTEP_OPEN, Kind.POST_NO_REPLY, Kind.POST_NO_FIRST_MOVE):
            assert game is not None
            body = say(lang, kind.value, game=game.id, **params)
            mail.notice(
                session,
                person,
                mail.subject(game, person.id),
                body,
                game=game,
                cc=cc,
                footer=footer,
            )
        elif kind in _LEAVES:
            body = say(lang, kind.value, **params)
            mail.notice(session, person, f"[cc] {params['player']}", body, footer=footer)
        elif kind == Kind.EVENT_CLOSED:
            assert event is not None
            body = say(
                lang, kind.value, event=event.name, tables=self._tables(session, event, lang)
            )
            link = mail.link(f"/events/{event.code}/crosstable")
            mail.notice(session, person, f"[cc] {event.code}", f"{body}\n\n{link}", footer=footer)
        elif kind in (Kind.ENTRY_ACCEPTED, Kind.ENTRY_REFUSED):
            assert event is not None
            body = say(lang, kind.value, **params)
            if params.get("note"):
                body += "\n\n" + say(lang, "entry_note", note=params["note"])
            link = mail.link(f"/events/{event.code}/regulations")
            mail.notice(session, person, f"[cc] {event.code}", f"{body}\n\n{link}", footer=footer)
        elif kind == Kind.EVENT_STARTED:
            assert event is not None
            body = said(lang, notice)
            games = self._games_of(session, event, person)
            if not params.get("bye"):
                body += "\n\n" + self._games(event, person, games)
            # A thematic event: the players must know where their games begin,
            # the section's own theme if it has one (as their games do).
            first = games[0] if games else None
            theme = (
                describe_theme(first.start_fen, first.start_line, first.chess960)
                if first is not None
                else describe_theme(event.start_fen, event.start_line, event.chess960)
            )
            if theme is not None:
                body += "\n\n" + theme.localize(lang)
                if first is not None and first.start_fen:
                    body += "\n\n" + notation.diagram(first.start_board(), lang)
            mail.notice(session, person, f"[cc] {event.code}", body, kind="start", footer=footer)
        elif game is not None:
            # The correspondence of an email or post game: with its record.
            # A game paired from a set position with Black to move (Art. 26).
            key = "paired_black" if params.get("black_first") else kind.value
            body = (
                said(lang, notice, game.id)
                if kind in SAID
                else say_notice(lang, key, game=game.id, **self._words(params, lang))
            )
            mail.tell(session, person, game, body, copy_arbiter=notice.copy_arbiter, footer=footer)
        else:
            self._informal(session, delivery, person, game, event, footer)

    def _informal(
        self,
        session: Session,
        delivery: Delivery,
        person: Player,
        game: Game | None,
        event: Event | None,
        footer: Footer,
    ) -> None:
        """A notice the player chose to have by mail: its words, its moves in
        the player's notation, and the absolute link to the page it is about."""
        notice = delivery.notice
        if game is not None and ("move" in notice.params or "fired" in notice.params):
            record = Record(session, game.id, notation_of(person), game.start_board())
            notice = replace(notice, params=written(notice.params, record, self.mailer.ctx.now()))
        lang = person.lang
        params: dict[str, object] = dict(self._words(dict(notice.params), lang))
        if game is not None:
            params.setdefault("game", game.id)
        if notice.case_id is not None:
            params.setdefault("case", notice.case_id)
        if event is not None:
            params.setdefault("event", event.name)
            if notice.kind == Kind.EVENT_CLOSED:
                params.setdefault("tables", self._tables(session, event, lang))
        link = self.mailer.link(notice_page(notice, game, event))
        params.setdefault("link", link)
        body = (
            said(lang, notice, game.id if game is not None else None)
            if notice.kind in SAID
            else say_notice(lang, notice.kind.value, **params)
        )
        if link not in body:
            body = f"{body}\n\n{link}"
        subject = self.mailer.subject(game, person.id) if game is not None else "[cc]"
        if game is None and event is not None:
            subject = f"[cc] {event.code}"
        self.mailer.notice(session, person, subject, body, game=game, footer=footer)

    def _bounced(
        self,
        session: Session,
        person: Player,
        event: Event,
        params: dict[str, Value],
        footer: Footer,
    ) -> None:
        """A player's mail bounced (56.1.6): to the event's arbiter, in their
        language, with the receiving server's words and the arbiter's desk."""
        lang = person.lang
        status = str(params.get("status") or "5.0.0")
        reason = f"{localize(status_meaning(status), lang)} ({status})"
        words = {
            "player": params.get("player"),
            "address": params.get("address"),
            "diagnostic": params.get("diagnostic") or "-",
            "reason": reason,
            "event": event.code,
            "link": self.mailer.link(f"/arbiter/events/{event.code}"),
        }
        subject = say(lang, "email_bounced_subject", **words)
        self.mailer.notice(
            session, person, subject, say(lang, "email_bounced", **words), footer=footer
        )

    def _time_alert(
        self, session: Session, delivery: Delivery, person: Player, game: Game, footer: Footer
    ) -> None:
        """Time running low, five days left, no move for so many days: in the
        game's subject (an email player may answer with their move), the
        partner's move in the player's notation, with the game's link."""
        notice = delivery.notice
        lang = person.lang
        record = Record(session, game.id, notation_of(person), game.start_board())
        params = written(notice.params, record, self.mailer.ctx.now())
        key = f"alert_{notice.kind.value}"
        if notice.kind == Kind.NO_MOVE and not params.get("move"):
            key = "alert_no_move_first"
        body = say(lang, key, game=game.id, **params)
        if notice.kind == Kind.FIVE_DAYS and delivery.mode in (Mode.EMAIL, Mode.POST):
            # 56.4.10: copies to the arbiter; 55.4.12: registered mail
            body += say(lang, f"alert_five_days_{delivery.mode.value}")
        subject = self.mailer.subject(game, person.id)
        self.mailer.notice(session, person, subject, body, game=game, footer=footer)

    def digest(self, session: Session, digest: Digest) -> None:
        """One player's daily digest, in their language, queued in the
        transaction that records their day as done: their games to move,
        fewest days left first, then what happened since the last digest,
        each with an absolute link."""
        person = digest_recipient(session, digest)
        if person is None or not person.emails:
            return
        lang = person.lang
        link = self.mailer.link
        day = digest.day.isoformat()
        parts = [say(lang, "digest_intro", day=day)]
        if digest.games:
            over = "_over" if digest.more_than else ""
            count = len(digest.games) + digest.more
            lines = [say(lang, f"digest_to_move{over}", count=count)]
            for g in digest.games:
                head = say(
                    lang,
                    "digest_game",
                    game=g.game_id,
                    event=g.event_name,
                    opponent=g.opponent,
                    color=say(lang, "digest_white" if g.white else "digest_black"),
                    number=g.move_number,
                )
                if g.last_move:
                    head += say(lang, "digest_after", move=g.last_move)
                if g.days_left >= 0:
                    left = say(
                        lang, "digest_left", days_left=g.days_left, deadline=g.deadline.isoformat()
                    )
                else:
                    left = say(lang, "digest_over", days=-g.days_left)
                lines.append(f"  * {head}\n    {left}\n    {link(f'/games/{g.game_id}')}")
            if digest.more:
                more = say(lang, f"digest_more{over}", more=digest.more, link=link("/"))
                lines.append("  " + more)
            parts.append("\n".join(lines))
        if digest.items:
            lines = [say(lang, "digest_since")]
            for item in digest.items:
                text = digest_line(lang, item)
                lines.append(f"  - {text}\n    {link(self._item_page(session, item))}")
            parts.append("\n".join(lines))
        parts.append(say(lang, "digest_settings", link=link(SETTINGS_PAGE)))
        self.mailer.queue(
            session,
            "digest",
            person.mail_address,
            say(lang, "digest_subject", day=day),
            "\n\n".join(parts),
            None,
        )

    @staticmethod
    def _item_page(session: Session, item: DigestItem) -> str:
        if item.case_id is not None:
            return f"/cases/{item.case_id}"
        if item.game_id is not None:
            return f"/games/{item.game_id}"
        event = item_event(session, item)
        if event is not None:
            return f"/events/{event.code}/crosstable"
        return "/notifications"

    @staticmethod
    def _words(params: dict[str, Value], lang: str) -> dict[str, Value]:
        """Codes a notice carries, said in the reader's words."""
        said = dict(params)
        reason = said.get("reason")
        if isinstance(reason, str):
            said["reason"] = word("reason", reason, lang)
        what = said.get("what")
        if isinstance(what, str) and what in ("protest", "appeal"):
            said["what"] = say(lang, what)
        for name in ("line", "fired"):
            value = said.get(name)
            if isinstance(value, list):
                said[name] = " ".join(value)
        if "round" in said or "match" in said:
            # A Swiss round or a knockout's match, in words (PAIRED).
            said["stage"] = paired_stage(params).localize(lang)
        return said

    def _move(
        self, session: Session, game: Game, partner: Player, notice: Notice, footer: Footer
    ) -> None:
        """Every move of an email event, whatever its door, reaches the partner
        who plays by email, in the standard form (56.2.1), with what came with
        it: a draw offer, the answer to the partner's own offer, the moves
        conditional lines played at once, a message."""
        lang = partner.lang
        params = dict(notice.params)
        player = params["player"]
        fired = listed(params.get("fired"))
        # Numbered, as the partner repeats it in the reply (Art. 58: "2. ... 7776").
        ucis = game_ucis(session, game)
        ply = len(ucis) - len(fired)
        if ply >= 1:
            style = notation_of(partner)
            params["move"] = written_plies(ucis, ply, ply, style, game.start_board())
            fired = (
                [written_plies(ucis, ply + 1, len(ucis), style, game.start_board())]
                if fired
                else []
            )
        lines: list[str] = []
        if params.get("draw_declined"):
            lines.append(say(lang, "declined_by_move", player=player))
        if game.status != GameStatus.ONGOING:
            lines.append(
                say(
                    lang,
                    "over",
                    game=game.id,
                    result=game.result.value,
                    reason=(
                        word("reason", game.result_reason.value, lang) if game.result_reason else ""
                    ),
                )
            )
        elif notice.kind == Kind.DRAW_OFFERED:
            # The offer said with the move, then how to answer it: in words,
            # or by a move, which declines it.
            lines.append(
                say(lang, "forward_offer", player=player, move=params["move"], game=game.id)
            )
        elif fired:
            lines.append(
                say(
                    lang,
                    "forward_fired",
                    player=player,
                    move=params["move"],
                    game=game.id,
                    fired=" ".join(fired),
                )
            )
            # The recipient's reply came first: an even count leaves them to move.
            to_move = len(fired) % 2 == 0
            lines.append(
                say(lang, "your_move") if to_move else say(lang, "their_move", player=player)
            )
        else:
            lines.append(say(lang, "forward", player=player, move=params["move"], game=game.id))
        if params.get("message"):
            lines.append(say(lang, "message", player=player, message=params["message"]))
        body = "\n".join(lines)
        if game.status != GameStatus.ONGOING:
            self.mailer.tell(session, partner, game, body, footer=footer)
            return
        # Its delivery dates the partner's receipt (§10.3), unless their own
        # conditional line already answered.
        self.mailer.tell(
            session,
            partner,
            game,
            body,
            "forward",
            copy_arbiter=self.mailer.near_control(session, game),
            ply=None if fired else game.ply_count,
            footer=footer,
        )

    @staticmethod
    def _games_of(session: Session, event: Event, person: Player) -> Sequence[Game]:
        """The player's games in ``event``, in order."""
        return letters.games_in_event(session, event.id, person.id)

    def _games(self, event: Event, person: Player, games: Sequence[Game]) -> str:
        """The player's games in ``event``, each with the subject to answer."""
        if event.mode == Mode.SERVER:
            # Played on the site: each game's page, not a subject to answer.
            rows = "\n".join(
                f"  {g.white.name} - {g.black.name}: {self.mailer.link(f'/games/{g.id}')}"
                for g in games
            )
            return f"{say(person.lang, 'event_games_web')}\n{rows}"
        rows = "\n".join(f"  {self.mailer.subject(g, person.id)}" for g in games)
        # A set position with Black to move (Art. 26): Black moves first.
        black_first = bool(games) and all(g.plies_before % 2 for g in games)
        key = "event_games_black" if black_first else "event_games"
        return f"{say(person.lang, key)}\n{rows}"

    def _case(
        self,
        session: Session,
        notice: Notice,
        person: Player,
        case: Case,
        cc: list[str],
        footer: Footer,
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
        if notice.kind == Kind.CASE_DEADLINE:
            # 56.6.4, 54.1.4: whose time ends, said in its own words
            key = f"case_deadline_{params.get('what')}"
        if notice.kind == Kind.SUBMISSIONS_CLOSED:
            key = Kind.CASE_OPENED.value
            params["summary"] = (
                f"game {params.pop('game')}: the time for materials is over (Art. 56.9.4)"
            )
        params.setdefault("link", self.mailer.link(f"/cases/{case.id}"))
        body = say_notice(
            lang, key, case=case.id, kind=say(lang, f"kind_{case.kind.value}"), **params
        )
        link = str(params["link"])
        if link not in body:
            body = f"{body}\n\n{link}"
        subject = f"[cc case {case.id}] {case.event.code}"
        game = case.game
        if game is not None and person.id in (game.white_id, game.black_id):
            # The game's own subject, so a reply reaches the gateway: a
            # protest or an appeal by email (56.6.4, 54.1.4).
            subject = f"{self.mailer.subject(game, person.id)} · {subject}"
        self.mailer.notice(session, person, subject, body, game=game, cc=cc, footer=footer)

    def _tables(self, session: Session, event: Event, lang: str) -> str:
        """The event's final standings as text in ``lang`` (its headings and
        numbers), computed once per language and transaction."""
        return letters.final_tables(session, self.standings, event, lang)
