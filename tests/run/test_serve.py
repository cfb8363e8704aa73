"""`cc serve` on the embedded defaults: SQLite under var/, the web app on loopback."""

from __future__ import annotations

import os
import signal
import smtplib
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx

from cc.office.outbox import Outbox
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

    port, mail_port = free_port(), free_port()
    env["CC_MAIL_LISTEN"] = f"127.0.0.1:{mail_port}"
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
        # The built-in mail listener answers; the answer waits in var/outbox.
        raw = (
            b"From: stranger@example.org\r\nTo: moves@localhost\r\n"
            b"Subject: my move\r\nMessage-ID: <s1@example.org>\r\n\r\n1. 5254\r\n"
        )
        with smtplib.SMTP("127.0.0.1", mail_port, timeout=10) as smtp:
            smtp.sendmail("stranger@example.org", ["moves@localhost"], raw)
        outbox = Outbox(tmp_path / "var" / "outbox")
        deadline = time.monotonic() + 30
        while not outbox.messages():
            assert time.monotonic() < deadline, "no answer in var/outbox"
            time.sleep(0.3)
        (answer,) = outbox.messages()
        assert answer["To"] == "stranger@example.org"
        assert "not registered" in answer.get_content()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def _start(env: dict[str, str], cwd: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [CC, "serve", *args],
        env=env,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _stop(server: subprocess.Popen[str]) -> str:
    server.send_signal(signal.SIGINT)
    try:
        out, _ = server.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        out, _ = server.communicate()
    return out or ""


def test_web_processes_can_leave_the_sender_and_the_daily_run_to_a_worker(
    tmp_path: Path,
) -> None:
    """A web process with CC_MAIL_SEND=false and CC_DAILY_EVERY_SECONDS=0
    takes mail in but sends none and schedules no daily run; the worker
    started with the sender on sends what the web process queued."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CC_")}
    env["CC_HOME"] = str(tmp_path)
    subprocess.run(
        [CC, "db", "upgrade"], env=env, cwd=tmp_path, check=True, capture_output=True, timeout=120
    )
    port, mail_port = free_port(), free_port()
    web_env = env | {
        "CC_MAIL_LISTEN": f"127.0.0.1:{mail_port}",
        "CC_MAIL_SEND": "false",
        "CC_DAILY_EVERY_SECONDS": "0",
    }
    web = _start(web_env, tmp_path, "--port", str(port))
    outbox = Outbox(tmp_path / "var" / "outbox")
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert web.poll() is None, web.stdout.read() if web.stdout else ""
                assert time.monotonic() < deadline, "server did not come up in 60 s"
                time.sleep(0.2)
        raw = (
            b"From: stranger@example.org\r\nTo: moves@localhost\r\n"
            b"Subject: my move\r\nMessage-ID: <s2@example.org>\r\n\r\n1. 5254\r\n"
        )
        with smtplib.SMTP("127.0.0.1", mail_port, timeout=10) as smtp:
            smtp.sendmail("stranger@example.org", ["moves@localhost"], raw)
        time.sleep(3)
        assert outbox.messages() == []  # queued, not sent by the web process
    finally:
        _stop(web)
    with sqlite3.connect(tmp_path / "var" / "cc.sqlite3") as db:
        jobs = db.execute("SELECT count(*) FROM apscheduler_jobs").fetchone()
        assert jobs == (0,)  # no daily run was ever scheduled

    worker = _start(env | {"CC_WEB_ENABLED": "false", "CC_MAIL_LISTEN": ""}, tmp_path)
    try:
        deadline = time.monotonic() + 30
        while not outbox.messages():
            assert worker.poll() is None, worker.stdout.read() if worker.stdout else ""
            assert time.monotonic() < deadline, "the worker sent nothing"
            time.sleep(0.3)
        (answer,) = outbox.messages()
        assert answer["To"] == "stranger@example.org"
    finally:
        _stop(worker)
