"""The accounts' own mail: password links and address changes, written and queued here.

Every other mail goes through the notification seam (a service records a
Notice; :mod:`mailgate.notices` writes it). These do not: a notice is stored
as a row of the notification centre, with its parameters in clear, and goes
by mail only as the player chose for its group; a link to choose a password
would be kept there in clear, and both must reach the registered address
whatever the player chose. So they are queued here, in the transaction of
the change they announce, and sent after its commit like every other
message of the server.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from cc.base.kinds import OutboundStatus
from cc.office.outbox import message_id as new_message_id
from cc.store.models import OutboundMessage
from cc.text import i18n
from cc.text.i18n import N_


def queue(
    session: Session,
    kind: str,
    to: str,
    subject: str,
    body: str,
    now: datetime,
    *,
    cc: list[str] | None = None,
) -> None:
    """Queue one mail of the server's own (no game, no reply awaited) for the sender."""
    session.add(
        OutboundMessage(
            kind=kind,
            to_address=to,
            cc=cc or [],
            subject=subject,
            body=body,
            message_id=new_message_id("cc-server"),
            in_reply_to=None,
            game_id=None,
            ply=None,
            status=OutboundStatus.QUEUED,
            attempts=0,
            next_attempt_at=now,
            created_at=now,
        )
    )


def reset_text(lang: str, link: str, hours: int) -> tuple[str, str]:
    """The mail with the link a player asked for, valid ``hours``."""
    if lang == "ru":
        return (
            "Сброс пароля",
            f"Чтобы задать новый пароль, откройте ссылку (действует {hours} ч.):\n\n"
            f"{link}\n\nЕсли вы не просили сбросить пароль, ничего не делайте.\n",
        )
    return (
        "Password reset",
        f"To set a new password, open this link (valid for {hours} hours):\n\n"
        f"{link}\n\nIf you did not ask for this, do nothing.\n",
    )


def link_text(
    purpose: str, lang: str, login: str, link: str, site: str, days: int
) -> tuple[str, str]:
    """The organiser's mail with a link to choose a password, in the player's language."""
    if purpose == "invite":
        subject = N_("Choose a password for your account {login}", login=login)
        lines = [
            N_("An account with the login {login} is ready for you.", login=login),
            N_(
                "To choose its password, open this link (it works once, for {days} days):",
                days=days,
            ),
            link,
            N_("Then sign in at {site} with your login and that password.", site=site),
        ]
    else:
        subject = N_("Set a new password for your account {login}", login=login)
        lines = [
            N_(
                "The organiser asks you to set a new password for your account {login}.",
                login=login,
            ),
            N_("To choose it, open this link (it works once, for {days} days):", days=days),
            link,
            N_("If you did not expect this, tell the organiser."),
        ]
    return subject.localize(lang), "\n\n".join(i18n.localize(line, lang) for line in lines) + "\n"


def address_change_text(
    lang: str, login: str, old: list[str], new: list[str], now: datetime, site: str
) -> tuple[str, str]:
    """The notice to the old addresses that the registered ones were changed."""
    nothing = N_("no address").localize(lang)
    lines = [
        N_(
            "The email addresses registered for your account {login} were changed on {when}.",
            login=login,
            when=now.strftime("%Y-%m-%d %H:%M UTC"),
        ),
        i18n.join(
            "\n",
            [
                N_("Before: {addresses}", addresses=", ".join(old) or nothing),
                N_("Now: {addresses}", addresses=", ".join(new) or nothing),
            ],
        ),
        N_("Moves, notices and password reset links now go only to the new addresses."),
        N_(
            "If you did not make this change, someone else may have your password: "
            "tell the arbiter or the organiser at once."
        ),
        N_("Your account: {link}", link=f"{site}/account"),
    ]
    subject = N_("The email address of your account {login} was changed", login=login)
    return subject.localize(lang), "\n\n".join(line.localize(lang) for line in lines) + "\n"
