"""``cc event trf`` and ``cc event import-trf``: FIDE's tournament report file
(TRF) written from an event's section, and a Swiss started from one.

Both join the ``cc event`` group in :mod:`cc.console.events`.
"""

from __future__ import annotations

from pathlib import Path

import click

from cc.console.base import State, _, pass_state, refusals


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
