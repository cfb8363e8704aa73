"""``cc rating``: the server's rating at the console.

``close-period`` rates the games finished by a day and not rated yet, played
games only (33.2), with the same :meth:`cc.ratings.periods.RatingService.close_period`
the office's button calls; ``list`` prints the list as ``/ratings`` shows it.
"""

from __future__ import annotations

from datetime import datetime

import click

from cc.console.base import State, _, emit_json, pass_state, refusals


@click.group()
def rating() -> None:
    """The server's rating (Glicko-2): close a rating period, list the ratings."""


@rating.command("close-period")
@click.option(
    "--until",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="The period's last day (UTC), YYYY-MM-DD; today by default.",
)
@pass_state
@refusals
def rating_close_period(state: State, until: datetime | None) -> None:
    """Rate every game finished by the period's last day and not rated yet."""
    closed = state.services.ratings.close_period(state.actor, until.date() if until else None)
    click.echo(
        _(
            "rating period {number} closed up to {day}: {games} games rated, {players} players",
            number=closed.number,
            day=closed.until.isoformat(),
            games=closed.games,
            players=closed.players,
        )
    )


@rating.command("list")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def rating_list(state: State, as_json_flag: bool) -> None:
    """The server's rating list, highest first, with each federation rating."""
    table = state.services.ratings.table()
    if as_json_flag:
        emit_json(table)
        return
    if not table.rows:
        click.echo(_("No one is rated yet."))
        return
    for r in table.rows:
        federation = str(r.federation) if r.federation is not None else "—"
        click.echo(
            f"{r.rank:>4}  {r.rating:>5} ±{r.deviation:<4} {r.games:>4}  {federation:>5}  "
            f"{r.login}  {r.name}"
        )
