"""A site for the browser tests: its console, and ``cc serve`` as a subprocess
on a free loopback port."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.support.postgres import free_port


@contextmanager
def served(cc: str, home: Path, env: dict[str, str]) -> Iterator[str]:
    """Run the server of ``home`` until the block ends; yields its base URL."""
    port = free_port()
    env = {**env, "CC_MAIL_LISTEN": f"127.0.0.1:{free_port()}"}
    process = subprocess.Popen(
        [cc, "serve", "--port", str(port)],
        env=env,
        cwd=home,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{base}/healthz", timeout=2)
            break
        except httpx.TransportError:
            assert process.poll() is None and time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)
    try:
        yield base
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


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
