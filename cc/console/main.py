"""The ``cc`` command: the operator's console over the same services.

Scripts and arbiters rely on these shapes: every listing and ``show`` takes
``--json``; a refusal prints the reason on stderr (in ``--lang``) and exits 1.

Every line a person reads is a catalog message, written ``_("...", name=value)``
and shown in ``--lang`` (see :mod:`cc.text.i18n`); the JSON keeps the codes.

This module is the root group alone. Each command lives in a module of its
own, imported only when it is run (click's lazy loading of subcommands), so
that ``cc --help`` starts without the services, the store or the web app.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from cc.console import base

#: each command of ``cc``: the module it lives in, and its help as ``cc --help``
#: shortens it (the first paragraph of the command's own; a test keeps them equal)
COMMANDS: dict[str, tuple[str, str]] = {
    "case": (
        "cc.console.cases",
        "The arbiter's cases: claims, withdrawals, protests and appeals.",
    ),
    "daily": (
        "cc.console.site",
        "Do a day's work: time forfeits and the other rules of the calendar.",
    ),
    "db": ("cc.console.db", "The database schema."),
    "demo": (
        "cc.console.site",
        "Create a demo event with two players and an arbiter, and print their passwords.",
    ),
    "event": ("cc.console.events", "Events, their sections and their start."),
    "game": ("cc.console.games", "Games: list, show, play, export."),
    "leave": ("cc.console.leaves", "Players' leaves (54.6, 55.7, 56.7)."),
    "mail": (
        "cc.console.mail",
        "The site's mail: what came in and what became of it, what failed to go out.",
    ),
    "notation": ("cc.console.notation", "Read and write moves in every notation players use."),
    "player": ("cc.console.players", "Players and officials."),
    "rating": (
        "cc.console.ratings",
        "The server's rating (Glicko-2): close a rating period, list the ratings.",
    ),
    "serve": ("cc.console.site", "Run the server: the web app and whatever else is configured."),
    "token": (
        "cc.console.tokens",
        "Players' personal API tokens (also their passwords for desktop programs).",
    ),
}


class Console(click.Group):
    """The ``cc`` group: its commands loaded as they are run, and a database
    never upgraded, or one that cannot be used (down, full, read-only), told so
    in one line, whatever the command."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module = importlib.import_module(COMMANDS[cmd_name][0])
        command = getattr(module, cmd_name)
        assert isinstance(command, click.Command), command
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            # Suggest the close names ("Did you mean ...") as a group that holds them does.
            raise click.exceptions.NoSuchCommand(
                exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx
            ) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, written by click from stand-ins that carry
        the help of :data:`COMMANDS`: listing them imports none."""
        stand_ins = click.Group(
            commands={name: click.Command(name, help=text) for name, (_, text) in COMMANDS.items()}
        )
        stand_ins.format_commands(ctx, formatter)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except Exception as exc:
            from cc.console.db import failure_text

            text = failure_text(ctx, exc)
            if text is None:
                raise
            click.echo(text, err=True)
            sys.exit(1)


@click.group(cls=Console)
@click.option("--lang", type=click.Choice(["en", "ru"]), help="Language of messages.")
@click.pass_context
def cli(ctx: click.Context, lang: str | None) -> None:
    """Correspondence chess server."""
    ctx.obj = base.State(lang)


def main() -> None:
    cli(prog_name="cc")
