"""The console as its users run it: real ``cc`` processes over one database,
each with the site's home as its working directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

CC = str(Path(sys.executable).parent / "cc")


class Console:
    """``cc`` run as a newcomer runs it, over the database at ``url``: each
    command a process of its own, its output kept for the test to read."""

    def __init__(self, url: str, home: Path) -> None:
        self.env = {**os.environ, "CC_DATABASE_URL": url, "CC_HOME": str(home)}
        self.env.pop("CC_CONFIG", None)
        self.home = home

    def run(
        self, *args: str, ok: bool = True, stdin: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [CC, *args],
            env=self.env,
            cwd=self.home,
            capture_output=True,
            text=True,
            timeout=120,
            input=stdin,
        )
        if ok:
            assert result.returncode == 0, result.stderr
        return result

    def json(self, *args: str) -> object:
        return json.loads(self.run(*args, "--json").stdout)

    def event(
        self,
        code: str,
        name: str,
        start: date,
        players: tuple[str, ...],
        *options: str,
        mode: str = "server",
    ) -> str:
        """Creates event ``code`` starting on ``start`` (``options`` as ``cc event
        create`` takes them), enters ``players`` and starts it; what starting said."""
        self.run(
            "event",
            "create",
            code,
            "--name",
            name,
            "--mode",
            mode,
            "--start",
            start.isoformat(),
            *options,
        )
        self.run("event", "add-player", code, *players)
        return self.run("event", "start", code).stdout

    def refused(self, *args: str, code: str) -> str:
        result = self.run(*args, ok=False)
        assert result.returncode == 1, (result.stdout, result.stderr)
        said = "refused" if "ru" not in args[:2] else "отказано"
        assert f"{said} [{code}]" in result.stderr, result.stderr
        return result.stderr
