"""``cc db``: the database schema, and what any command says of a database it cannot use.

The schema is the store's, reached through the site (:mod:`cc.run.schema`);
telling a database that is down is the kernel's (:mod:`cc.kernel.outages`).
"""

from __future__ import annotations

import sys

import click
from sqlalchemy.exc import OperationalError, ProgrammingError

from cc.console.base import State, _, pass_state, safe_url
from cc.kernel.outages import unavailable
from cc.run import config as config_mod


@click.group()
def db() -> None:
    """The database schema."""


@db.command("upgrade")
@click.option("--revision", default="head", show_default=True)
@pass_state
def db_upgrade(state: State, revision: str) -> None:
    """Bring the database up to the newest schema revision."""
    from cc.run import schema

    config_mod.ensure_sqlite_dir(state.config.database_url)
    missing = schema.upgrade(state.config.database_url, revision)
    if missing:
        click.echo(
            _(
                "The database {url} is marked as upgraded but lacks what this version "
                "needs: {missing}. A revision it is marked with never ran on it, so it "
                "is not at head.",
                url=safe_url(state.config.database_url),
                missing=", ".join(
                    _("table {table}", table=table)
                    if column is None
                    else _("column {table}.{column}", table=table, column=column)
                    for table, column in missing
                ),
            ),
            err=True,
        )
        sys.exit(1)
    click.echo(
        _(
            "database at {revision}: {url}",
            revision=revision,
            url=safe_url(state.config.database_url),
        )
    )


def failure_text(ctx: click.Context, exc: Exception) -> str | None:
    """What any command tells, in one line, of a database never upgraded or
    one that cannot be used (down, full, read-only); None for another failure."""
    if not isinstance(exc, OperationalError | ProgrammingError):
        return None
    if not _missing_schema(exc):
        if unavailable(exc):
            # Down, full or read-only: one line that says so, not a traceback.
            return _(
                "The database {url} cannot be used now: {reason}",
                url=safe_url(ctx.obj.config.database_url) if ctx.obj else "",
                reason=str(exc.orig).strip().splitlines()[0][:300],
            )
        return None
    return _(
        "The database {url} has no tables of this version: run cc db upgrade first.",
        url=safe_url(ctx.obj.config.database_url) if ctx.obj else "",
    )


def _missing_schema(exc: OperationalError | ProgrammingError) -> bool:
    """Whether a database error says the tables of this version are not there."""
    text = str(exc.orig).lower()
    sqlstate = getattr(exc.orig, "sqlstate", None)
    return (
        "no such table" in text
        or "no such column" in text
        or sqlstate in ("42P01", "42703")  # PostgreSQL: undefined table, undefined column
    )
