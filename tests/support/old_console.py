"""Runs a list of ``cc`` commands with the console of an earlier commit.

Started as a script with ``PYTHONPATH`` set to that commit's exported tree,
so ``cc`` is the code of that commit (this file imports nothing of the
project's own): the plan comes as JSON on stdin, ``{"sites": [{"env": {...},
"steps": [{"args": [...], "input": "..."}]}]}``, one site after the other in
the same process (the environment names each site's ``CC_HOME`` and
``CC_DATABASE_URL``), and one JSON line per step goes to stdout with the
site's index, the exit code and what the command printed. A step whose command
or options that console did not have yet is skipped, not run, so one plan
serves every commit.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import click
from click.testing import CliRunner


def _command(group: click.Command, args: list[str]) -> click.Command | None:
    """The command ``args`` name, if this console has it and every option given."""
    command = group
    rest = list(args)
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        found = command.get_command(click.Context(command), rest.pop(0))
        if found is None:
            return None
        command = found
    known = {opt for p in command.params for opt in (*p.opts, *p.secondary_opts)}
    for arg in rest:
        if arg.startswith("--") and arg.split("=", 1)[0] not in known:
            return None
    return command


def main() -> None:
    plan: dict[str, Any] = json.load(sys.stdin)
    os.environ.pop("CC_CONFIG", None)
    try:
        # the console of the commits before it became a package of its own
        from cc.cli import cli
    except ImportError:
        from cc.console.main import cli

    runner = CliRunner()
    for index, site in enumerate(plan["sites"]):
        os.environ.update(site["env"])
        for step in site["steps"]:
            args = step["args"]
            line: dict[str, Any] = {"site": index, "args": args, "skipped": True}
            if _command(cli, args) is not None:
                result = runner.invoke(cli, args, input=step.get("input"), catch_exceptions=True)
                error = None
                if result.exception is not None and not isinstance(result.exception, SystemExit):
                    error = repr(result.exception)
                line.update(
                    skipped=False,
                    exit_code=result.exit_code,
                    output=result.output[-2000:],
                    error=error,
                )
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
