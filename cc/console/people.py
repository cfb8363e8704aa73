"""``cc player import``: a federation's list from CSV, at the console.

The same :meth:`cc.accounts.people.PeopleService.import_csv` the office's
page calls: the whole list or nothing, every bad line named.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cc.console.base import State, _, pass_state, refusals


@click.command("import")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path, allow_dash=True))
@click.option("--invite", is_flag=True, help="Mail each new person a link to choose a password.")
@pass_state
@refusals
def player_import(state: State, path: Path, invite: bool) -> None:
    """Add or update people from a CSV list (surname, given_names, email, lang, federation_id,
    rating, country; or one name column instead of the first two, read surname first)."""
    data = sys.stdin.buffer.read() if str(path) == "-" else path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1251")
    report = state.services.people.import_csv(
        state.actor, text, invite=invite, site_url=state.config.site_url
    )
    if report.problems:
        for number, problem in report.problems:
            click.echo(_("line {n}: {problem}", n=number, problem=problem), err=True)
        raise SystemExit(1)
    click.echo(
        _(
            "imported: {created} added, {updated} updated, {invited} invited",
            created=len(report.created),
            updated=len(report.updated),
            invited=len(report.invited),
        )
    )
