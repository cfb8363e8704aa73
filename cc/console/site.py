"""The site's own commands: `cc daily` runs its day, `cc demo` seeds it, `cc serve` serves it."""

from __future__ import annotations

import asyncio
import sys
from datetime import datetime

import click

from cc.console.base import State, _, _lang, emit_json, pass_state, refusals, safe_url
from cc.text import i18n
from cc.text.i18n import N_


@click.command()
@click.option(
    "--date",
    "day",
    type=click.DateTime(["%Y-%m-%d"]),
    help="The day to do (default: each event's today); catch up missed days in order.",
)
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def daily(state: State, day: datetime | None, as_json_flag: bool) -> None:
    """Do a day's work: time forfeits and the other rules of the calendar."""
    report = state.services.daily.run(day.date() if day else None)
    if as_json_flag:
        emit_json(report)
        return
    label = report.day.isoformat() if report.day else _("today")
    click.echo(
        _(
            "{day}: {examined} game(s) examined, {forfeited} lost on time {games}",
            day=label,
            examined=report.examined,
            forfeited=len(report.forfeited),
            games=report.forfeited or "",
        ).rstrip()
    )
    others: dict[str, list[int] | list[str]] = {
        N_("reminders sent"): report.reminded,
        N_("oversteps reported"): report.overstep_told,
        N_("silence cases"): report.silenced,
        N_("cases moved on"): report.cases,
        N_("leave notices"): report.leaves,
        N_("games to adjudication"): report.adjudication,
        N_("events closed"): report.closed,
    }
    for what, items in others.items():
        if items:
            click.echo(f"  {i18n.localize(what, _lang())}: {len(items)} {items}")


# -------------------------------------------------------------------- demo


@click.command()
@click.option("--if-empty", is_flag=True, help="Do nothing (quietly) if there are players.")
@pass_state
@refusals
def demo(state: State, if_empty: bool) -> None:
    """Create a demo event with two players and an arbiter, and print their passwords."""
    from cc.run.demo import seed_demo

    path = state.config.var_dir / "demo-passwords.txt"
    credentials = seed_demo(state.services, state.actor, path)
    if credentials is None:
        if not if_empty:
            click.echo(_("the database already has players: no demo created"), err=True)
            sys.exit(1)
        return
    click.echo(_("Demo event DEMO created. Sign in at the address below as:"))
    for login, password in credentials:
        click.echo("  " + _("{login} password {password}", login=f"{login:<8}", password=password))
    click.echo(_("(kept in {path})", path=path))


# ------------------------------------------------------------------- serve


@click.command()
@click.option("--host", help="Address to listen on (default from configuration).")
@click.option("--port", type=int, help="Port to listen on (default from configuration).")
@pass_state
def serve(state: State, host: str | None, port: int | None) -> None:
    """Run the server: the web app and whatever else is configured."""
    from dataclasses import replace

    from cc.run.serve import serve as run

    conf = replace(
        state.config,
        web_host=host or state.config.web_host,
        web_port=port or state.config.web_port,
    )
    click.echo(
        _(
            "serving on {address} with {url}",
            address=f"http://{conf.web_host}:{conf.web_port}/",
            url=safe_url(conf.database_url),
        )
    )
    if conf.mail_listen:
        click.echo(
            _(
                "mail for {address} taken on {listen}; sent mail kept in {outbox}",
                address=conf.mail_address,
                listen=conf.mail_listen,
                outbox=conf.outbox_dir,
            )
        )
    asyncio.run(run(conf, state.site))
