"""``cc leave``: players' leaves, taken, ended and counted (54.6, 55.7, 56.7)."""

from __future__ import annotations

from datetime import datetime

import click

from cc.base import errors
from cc.console.base import State, _, acting_as, emit_json, pass_state, refusals, word
from cc.text.i18n import N_


@click.group()
def leave() -> None:
    """Players' leaves (54.6, 55.7, 56.7)."""


@leave.command("take")
@click.argument("ref")
@click.option("--from", "first_day", type=click.DateTime(["%Y-%m-%d"]), required=True)
@click.option("--to", "last_day", type=click.DateTime(["%Y-%m-%d"]), required=True)
@click.option(
    "--grant",
    is_flag=True,
    help="Arbiter's exception: already begun or beyond the caps (56.7.7); needs --by.",
)
@click.option("--by", help="Act as this arbiter or player (login): the arbiter who grants.")
@click.option("--note")
@pass_state
@refusals
def leave_take(
    state: State,
    ref: str,
    first_day: datetime,
    last_day: datetime,
    grant: bool,
    by: str | None,
    note: str | None,
) -> None:
    """Take a leave for a player, first and last day inclusive."""
    if grant and by is None:
        raise errors.InvalidInput(
            field="--by",
            reason=N_("an arbiter grants leave out of the ordinary: name them (Art. 56.7.7)"),
        )
    leave_id = state.services.leaves.request(
        acting_as(state, by), ref, first_day.date(), last_day.date(), grant=grant, note=note
    )
    click.echo(
        _(
            "leave {id}: {login} {first} .. {last}",
            id=leave_id,
            login=ref,
            first=first_day.date(),
            last=last_day.date(),
        )
        + (" " + _("granted by {login}", login=by) if grant else "")
    )


@leave.command("end")
@click.argument("leave_id", type=int)
@click.option("--by", help="Act as this player or arbiter (login).")
@pass_state
@refusals
def leave_end(state: State, leave_id: int, by: str | None) -> None:
    """End a leave from today (56.7.3); one not yet begun is withdrawn."""
    view = state.services.leaves.end_early(acting_as(state, by), leave_id)
    click.echo(
        _(
            "leave {id}: {status}, last day {last}",
            id=view.id,
            status=word("status", view.status),
            last=view.last_day,
        )
    )


@leave.command("list")
@click.argument("ref")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def leave_list(state: State, ref: str, as_json_flag: bool) -> None:
    """A player's leaves and the days used and allowed."""
    leaves = state.services.leaves.leaves(ref)
    balance = state.services.leaves.balance(ref)
    if as_json_flag:
        emit_json({"leaves": leaves, "balance": balance})
        return
    for lv in leaves:
        granted = " " + _("granted by {login}", login=lv.granted_by) if lv.granted_by else ""
        days = _("{days} days", days=f"{lv.days:>3}")
        status = word("status", lv.status)
        click.echo(f"{lv.id:>4}  {lv.first_day} .. {lv.last_day}  {days}  {status}{granted}")
    cap = balance.cap_this_year if balance.cap_this_year is not None else "-"
    click.echo(
        _(
            "{period}: {used} of {cap} days used",
            period=balance.year,
            used=balance.used_this_year,
            cap=cap,
        )
    )
    for code, (used, event_cap) in balance.per_event.items():
        click.echo(
            _(
                "{period}: {used} of {cap} days used",
                period=code,
                used=used,
                cap=event_cap if event_cap is not None else "-",
            )
        )
