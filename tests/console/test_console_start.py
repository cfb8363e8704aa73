"""``cc --help`` starts about as fast as click itself: the console loads a
command's module only when that command runs.

The cause is tested as well as the time: listing the commands imports no
service, no SQLAlchemy and no FastAPI.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

from cc.console.main import COMMANDS, cli
from tests.support.paths import ROOT

CC = str(Path(sys.executable).parent / "cc")
#: ``cc --help`` against ``python -c "import click"``, medians of five runs each
GOAL = 3.0


def _env(home: Path) -> dict[str, str]:
    env = {**os.environ, "CC_HOME": str(home)}
    env.pop("CC_CONFIG", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return env


def _seconds(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True, timeout=60)
    return time.perf_counter() - start


def test_cc_help_starts_within_three_times_click(tmp_path: Path) -> None:
    env = _env(tmp_path)
    console, bare = [], []
    for _ in range(5):  # taken in turn, so that a busy moment weighs on both
        console.append(_seconds([CC, "--help"], env))
        bare.append(_seconds([sys.executable, "-c", "import click"], env))
    ratio = statistics.median(console) / statistics.median(bare)
    print(f"cc --help / import click: {ratio:.2f}x")
    assert ratio <= GOAL


#: run in a fresh interpreter: what ``cc --help`` leaves in ``sys.modules``
LOADED = """
import json, sys
from click.testing import CliRunner
from cc.console.main import cli
result = CliRunner().invoke(cli, ["--help"], prog_name="cc")
assert result.exit_code == 0, result.output
print(json.dumps(sorted(sys.modules)))
"""


def test_cc_help_imports_no_service_no_store_and_no_web(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", LOADED],
        env=_env(tmp_path),
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    loaded = json.loads(out)
    heavy = ("sqlalchemy", "fastapi", "cc.app", "cc.store", "cc.kernel", "cc.run.site")
    assert [m for m in loaded if m.startswith(heavy)] == []


@pytest.mark.parametrize("width", [40, 60, 80])
def test_the_commands_listed_say_what_the_commands_themselves_do(width: int) -> None:
    """``cc --help`` from the table reads as it would with every command loaded."""
    ctx = click.Context(cli, info_name="cc")
    commands = [c for c in (cli.get_command(ctx, name) for name in COMMANDS) if c]
    loaded = click.Group("cc", commands=commands, params=cli.params, help=cli.help)
    lazy = cli.get_help(click.Context(cli, info_name="cc", terminal_width=width))
    eager = loaded.get_help(click.Context(loaded, info_name="cc", terminal_width=width))
    assert lazy == eager


def test_each_command_is_found_under_its_name() -> None:
    ctx = click.Context(cli, info_name="cc")
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None and command.name == name
    assert cli.get_command(ctx, "evnt") is None
