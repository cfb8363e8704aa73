"""``cc mail``: the mail as the office sees it, at the console.

``list`` the incoming messages (or ``--out`` the outgoing failures), ``show``
one with its text, ``again`` to have a refused or set-aside message read
again once its cause is fixed, ``release`` to vouch for the sender of a
message held by the sender check, ``retry`` to queue a failed outgoing one.
The same services as the office's pages (:mod:`cc.office.mail`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cc.console.base import State, _, emit_json, pass_state, refusals, word

if TYPE_CHECKING:
    from mailgate.gateway import Receipt


@click.group()
def mail() -> None:
    """The site's mail: what came in and what became of it, what failed to go out."""


@mail.command("list")
@click.option(
    "--status",
    type=click.Choice(["applied", "refused", "ignored", "retry", "set_aside", "held"]),
    help="Only the incoming messages of this state.",
)
@click.option("--out", "outgoing", is_flag=True, help="The outgoing messages that failed.")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def mail_list(state: State, status: str | None, outgoing: bool, as_json_flag: bool) -> None:
    office = state.services.mail_office
    if outgoing:
        rows = office.outbound(state.actor, failed_only=True)
        if as_json_flag:
            emit_json(rows)
            return
        for o in rows:
            click.echo(f"{o.id:>6}  {o.created_at:%Y-%m-%d %H:%M}  {o.to_address}  {o.subject}")
            click.echo(
                "        " + _("tries {n}: {error}", n=o.attempts, error=o.last_error or "-")
            )
        return
    inbound = office.inbound(state.actor, status)
    if as_json_flag:
        emit_json(inbound)
        return
    for m in inbound:
        click.echo(
            f"{m.id:>6}  {m.arrived_at:%Y-%m-%d %H:%M}  {m.sender}  "
            f"{word('mail', m.status)} ({m.outcome})  {m.subject}"
        )


@mail.command("show")
@click.argument("message_id", type=int)
@pass_state
@refusals
def mail_show(state: State, message_id: int) -> None:
    detail = state.services.mail_office.inbound_message(state.actor, message_id)
    m = detail.row
    click.echo(_("message {id} from {sender}, {at}", id=m.id, sender=m.sender, at=m.arrived_at))
    click.echo(f"  {m.subject}")
    click.echo("  " + f"{word('mail', m.status)} ({m.outcome}) {m.detail or ''}")
    click.echo("")
    click.echo(detail.raw or detail.text or "")


@mail.command("again")
@click.argument("message_id", type=int)
@pass_state
@refusals
def mail_again(state: State, message_id: int) -> None:
    """Read a refused, held or set-aside message again (it counts once)."""
    _said(message_id, state.site.mail.process_again(state.actor, message_id))


@mail.command("release")
@click.argument("message_id", type=int)
@pass_state
@refusals
def mail_release(state: State, message_id: int) -> None:
    """Release a held message, vouching for its sender (it counts once)."""
    _said(message_id, state.site.mail.release(state.actor, message_id))


@mail.command("retry")
@click.argument("message_id", type=int)
@pass_state
@refusals
def mail_retry(state: State, message_id: int) -> None:
    """Queue a failed outgoing message again."""
    state.services.mail_office.retry_outbound(state.actor, message_id)
    click.echo(_("message {id} queued again", id=message_id))


def _said(message_id: int, receipt: Receipt) -> None:
    """What became of a message read again, in a line."""
    click.echo(
        _(
            "message {id}: {status} ({outcome})",
            id=message_id,
            status=word("mail", receipt.status.value),
            outcome=receipt.outcome,
        )
    )
