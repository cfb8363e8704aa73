"""`cc serve` on the embedded defaults: SQLite under var/, the web app on loopback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.support.postgres import free_port

CC = str(Path(sys.executable).parent / "cc")


def test_server_comes_up_on_embedded_defaults(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CC_")}
    env["CC_HOME"] = str(tmp_path)
    upgrade = subprocess.run(
        [CC, "db", "upgrade"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert upgrade.returncode == 0, upgrade.stderr
    assert (tmp_path / "var" / "cc.sqlite3").is_file()
    subprocess.run(
        [CC, "player", "add", "ivanov", "--name", "Иванов"],
        env=env,
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=120,
    )

    port = free_port()
    server = subprocess.Popen(
        [CC, "serve", "--port", str(port)],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                assert time.monotonic() < deadline, "server did not come up in 60 s"
                time.sleep(0.2)
        assert health.status_code == 200
        assert health.json()["status"] == "ok"
        home = httpx.get(f"http://127.0.0.1:{port}/", timeout=5, follow_redirects=True)
        assert home.url.path == "/login" and "Sign in" in home.text
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
