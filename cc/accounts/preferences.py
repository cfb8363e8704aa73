"""A player's own settings: the registered addresses (56.1.2), language, notation, mail.

The registered addresses, where reset links go, change only with the
current password, and the old addresses are told.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.accounts import mail
from cc.accounts.addresses import replace_addresses
from cc.accounts.passwords import check_current_password
from cc.accounts.players import checked_addresses
from cc.base import errors
from cc.kernel.context import Actor, ServiceContext, audit, find_player, require_admin
from cc.store.models import Player, PlayerEmail
from cc.text import i18n
from cc.text.i18n import N_
from notation.kinds import WRITTEN

NOTATIONS = WRITTEN


class PreferenceService:
    def __init__(self, ctx: ServiceContext, site_url: str = "http://127.0.0.1:8000") -> None:
        self.ctx = ctx
        #: the site's configured address: every link mailed starts with it
        self.site_url = site_url.rstrip("/")
        #: told, in its transaction, when a player's registered addresses change
        #: (a lost email's case closes, 56.1.6)
        self.email_hooks: list[Callable[[Session, Actor, Player], None]] = []

    def set_emails(
        self,
        actor: Actor,
        emails: list[str],
        *,
        current_password: str | None = None,
        player: str | None = None,
    ) -> list[str]:
        """Replace the player's registered addresses (56.1.2), first one first.

        The gateway reads moves only from these, and mails to the first, reset
        links included: a player changes their own only with their current
        password; the organiser names the ``player``. The old addresses are
        told of the change, in the player's language. The change is audited
        with the old and new addresses for the arbiter.
        """
        addresses = checked_addresses(emails)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            if player is not None:
                require_admin(session, actor, N_("change other players' addresses"))
                target = find_player(session, player)
            else:
                found = session.get(Player, actor.player_id or 0)
                if found is None:
                    raise errors.NotSignedIn()
                target = found
                # Before anything else, so a stolen session learns nothing,
                # not even which addresses others have.
                check_current_password(target, current_password or "")
            for address in addresses:
                owner = session.scalar(
                    select(PlayerEmail.player_id).where(PlayerEmail.address == address)
                )
                if owner is not None and owner != target.id:
                    raise errors.Conflict(what=N_("email address"), ref=address)
            old = [e.address for e in target.emails]
            replace_addresses(target, addresses)
            audit(
                session, actor, now, "emails_changed", player_id=target.id, old=old, new=addresses
            )
            if addresses != old:
                if old:
                    subject, body = mail.address_change_text(
                        target.lang, target.login, old, addresses, now, self.site_url
                    )
                    mail.queue(session, "address_changed", old[0], subject, body, now, cc=old[1:])
                for hook in self.email_hooks:
                    hook(session, actor, target)
            return addresses

    def set_preferences(
        self,
        actor: Actor,
        *,
        lang: str | None = None,
        notation: str | None = None,
        mail_moves: bool | None = None,
    ) -> None:
        """Language, notation, and whether the partner's moves are mailed."""
        if lang is not None and lang not in i18n.LANGUAGES:
            raise errors.InvalidInput(
                field="lang", reason=N_("{lang!r} is not one of en, ru", lang=lang)
            )
        if notation is not None and notation not in NOTATIONS:
            raise errors.InvalidInput(
                field="notation", reason=N_("{notation!r} is not a notation", notation=notation)
            )
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = session.get(Player, actor.player_id or 0)
            if player is None:
                raise errors.NotSignedIn()
            if lang:
                player.lang = lang
            if notation:
                player.notation = notation
            if mail_moves is not None:
                player.mail_moves = mail_moves
            audit(
                session,
                actor,
                now,
                "preferences_set",
                lang=lang,
                notation=notation,
                mail_moves=mail_moves,
            )
