"""A site run as ``cc`` runs it: set up at its console, and ``cc serve`` as a
subprocess on a free loopback port (for the browser tests and the API's
contract)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from tests.support.postgres import free_port

#: the console of the venv the tests run in
CC = str(Path(sys.executable).parent / "cc")
#: the password of every player a ``ConsoleSite`` adds
PASSWORD = "play-well-2026"


def start_server(cc: str, home: Path, env: dict[str, str], *args: str, output: bool = False) -> Any:
    """``cc serve`` of ``home`` started with ``args``; its output kept (to read
    on failure) when ``output`` is true."""
    return subprocess.Popen(
        [cc, "serve", *args],
        env=env,
        cwd=home,
        stdout=subprocess.PIPE if output else subprocess.DEVNULL,
        stderr=subprocess.STDOUT if output else subprocess.DEVNULL,
        text=True,
    )


def wait_up(process: Any, base: str, within: float = 60) -> httpx.Response:
    """Waits until the server at ``base`` answers its health check; that answer."""
    deadline = time.monotonic() + within
    while True:
        try:
            return httpx.get(f"{base}/healthz", timeout=2)
        except httpx.TransportError:
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            assert time.monotonic() < deadline, f"server did not come up in {within:g} s"
            time.sleep(0.2)


def stop_server(process: Any) -> str:
    """Stops the server as Ctrl-C would (killed if it lingers); its output, if kept."""
    process.send_signal(signal.SIGINT)
    try:
        out, _ = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    return out or ""


@contextmanager
def served(cc: str, home: Path, env: dict[str, str]) -> Iterator[str]:
    """Run the server of ``home`` until the block ends; yields its base URL."""
    port = free_port()
    env = {**env, "CC_MAIL_LISTEN": f"127.0.0.1:{free_port()}"}
    process = start_server(cc, home, env, "--port", str(port))
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(process, base)
        yield base
    finally:
        stop_server(process)


def console(cc: str, home: Path) -> tuple[dict[str, str], Callable[..., str]]:
    """The environment of a site at ``home`` (none of the caller's ``CC_*``
    settings), and a function that runs ``cc`` there and returns its output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CC_")}
    env["CC_HOME"] = str(home)

    def run(*args: str, stdin: str | None = None) -> str:
        return subprocess.run(
            [cc, *args], env=env, cwd=home, check=True, capture_output=True, text=True,
            input=stdin, timeout=120,
        ).stdout  # fmt: skip

    return env, run


class ConsoleSite:
    """A site at ``home`` set up with ``cc`` commands as an operator would
    (its database upgraded first), then served by ``cc serve``."""

    def __init__(self, home: Path, password: str = PASSWORD) -> None:
        self.home = home
        self.password = password
        self.env, self.cc = console(CC, home)
        self.cc("db", "upgrade")

    def player(self, login: str, name: str, lang: str = "en", *options: str) -> None:
        """Adds a player (``options`` as ``cc player add`` takes them) with the site's password."""
        self.cc("player", "add", login, "--name", name, "--lang", lang, *options,
                "--password-stdin", stdin=self.password + "\n")  # fmt: skip

    def event(
        self,
        code: str,
        name: str,
        players: tuple[str, ...] = (),
        *options: str,
        mode: str = "server",
        start: date | int = -1,
        arbiter: str | None = "arb",
    ) -> None:
        """Creates an event starting on ``start`` (a day, or so many days from
        today: yesterday unless told), with ``options`` as ``cc event create``
        takes them; with ``players``, enters them and starts it."""
        if isinstance(start, int):
            start = datetime.now(UTC).date() + timedelta(days=start)
        officials = ("--arbiter", arbiter) if arbiter else ()
        self.cc("event", "create", code, "--name", name, "--mode", mode,
                "--start", start.isoformat(), *officials, *options)  # fmt: skip
        if players:
            self.cc("event", "add-player", code, *players)
            self.cc("event", "start", code)

    def overdue_email_event(self, code: str, *options: str) -> None:
        """An email event (10 moves in 10 days) 20 days old whose White, Sam
        Slow (``slow``, in English), has not moved: over the limit, so Black,
        Ксения Зоркая (``keen``, in Russian), may claim."""
        self.player("slow", "Sam Slow", "en", "--email", "slow@example.org")
        self.player("keen", "Ксения Зоркая", "ru", "--email", "keen@example.org")
        self.event(code, "Email Cup", ("slow", "keen"), "--tc", "10/10", *options,
                   mode="email", start=-20)  # fmt: skip

    def games(
        self, players: list[tuple[str, str, str]], events: list[tuple[str, str, str, str]]
    ) -> dict[str, dict[str, Any]]:
        """Adds the arbiter ``arb`` and ``players`` (login, name, language),
        then for each of ``events`` (code, name, one player, the other) a
        server event of the two, started yesterday; each event's game."""
        self.player("arb", "Arbiter", "en", "--role", "arbiter")
        for login, name, lang in players:
            self.player(login, name, lang)
        for code, name, one, two in events:
            self.event(code, name, (one, two))
        return {code: self.game(code) for code, *_ in events}

    def game(self, event: str) -> dict[str, Any]:
        """The one game of ``event``, as ``cc game list --json`` gives it."""
        [game] = json.loads(self.cc("game", "list", "--event", event, "--json"))
        return dict(game)

    def play(self, game: dict[str, Any], moves: list[str]) -> None:
        """Plays ``moves`` in ``game`` from its start, White and Black in turn."""
        for number, move in enumerate(moves):
            player = game["black" if number % 2 else "white"]
            self.cc("game", "move", str(game["id"]), "--player", player, "--move", move)

    def served(self) -> AbstractContextManager[str]:
        """The site's ``cc serve`` for a block; yields its base URL."""
        return served(CC, self.home, self.env)
