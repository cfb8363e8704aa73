"""``cc event trf`` and ``cc event import-trf``: FIDE's tournament report file
(TRF) written from an event's section, and a Swiss started from one.

Both join the ``cc event`` group in :mod:`cc.console.events`.
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

import click

from cc.base.regulations import Mode
from cc.console.base import State, _, _lang, pass_state, refusals
from cc.events.trf_import import ImportRequest, read_text


@click.command("trf")
@click.argument("code")
@click.option("--section", help="The section (default: the first).")
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the file here (default: standard output).",
)
@pass_state
@refusals
def event_trf(state: State, code: str, section: str | None, output: Path | None) -> None:
    """Write a section of a Swiss or a round robin as a FIDE TRF file (finished rounds)."""
    text = state.services.trf.export(state.actor, code, section)
    if output is None:
        click.echo(text, nl=False)
        return
    output.write_text(text, encoding="utf-8")
    click.echo(_("{path} written", path=str(output)))


@click.command("import-trf")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path, allow_dash=True))
@click.option("--code", required=True, help="The new event's code.")
@click.option("--name", help="The event's name (default: the file's, 012).")
@click.option("--mode", type=click.Choice([m.value for m in Mode]), default="server")
@click.option(
    "--start",
    "start_date",
    type=click.DateTime(["%Y-%m-%d"]),
    help="Official start date (default: the file's, 042).",
)
@click.option("--tz", "timezone", default="UTC", show_default=True, help="Event time zone.")
@click.option("--arbiter", help="The arbiter's login.")
@pass_state
@refusals
def event_import_trf(
    state: State,
    path: Path,
    code: str,
    name: str | None,
    mode: str,
    start_date: datetime | None,
    timezone: str,
    arbiter: str | None,
) -> None:
    """Start or continue a Swiss from a FIDE TRF file (Swiss Manager, Vega): its
    players, start numbers, ratings and results; then pair the next round."""
    data = sys.stdin.buffer.read() if str(path) == "-" else path.read_bytes()
    request = ImportRequest(
        code=code,
        name=name,
        mode=mode,
        start=start_date.date() if start_date else None,
        timezone=timezone,
        arbiter=arbiter,
    )
    done = state.services.trf.import_swiss(state.actor, read_text(data), request)
    click.echo(
        _(
            "event {code} imported: {played} of {rounds} rounds played; "
            "{created} players registered, {found} found",
            code=done.code,
            played=done.played,
            rounds=done.rounds,
            created=len(done.created),
            found=len(done.found),
        )
    )
    if done.paired is not None:
        click.echo(_("round {round} paired", round=done.paired))
    elif done.not_paired is not None:
        click.echo(
            _("the next round is not paired: {reason}", reason=done.not_paired.message(_lang())),
            err=True,
        )
