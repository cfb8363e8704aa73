"""`cc serve` on the embedded defaults: SQLite under var/, the web app on loopback."""

from __future__ import annotations

import smtplib
import sqlite3
import subprocess
import time
from email.message import EmailMessage
from pathlib import Path

import httpx

from cc.office.outbox import Outbox
from tests.support.postgres import free_port
from tests.support.served import CC, console, start_server, stop_server, wait_up


def send_stranger_mail(mail_port: int, message_id: str) -> None:
    """A move mailed to the site's listener by someone it does not know."""
    raw = (
        b"From: stranger@example.org\r\nTo: moves@localhost\r\n"
        b"Subject: my move\r\nMessage-ID: <" + message_id.encode() + b">\r\n\r\n1. 5254\r\n"
    )
    with smtplib.SMTP("127.0.0.1", mail_port, timeout=10) as smtp:
        smtp.sendmail("stranger@example.org", ["moves@localhost"], raw)


def the_answer(outbox: Outbox, server: subprocess.Popen[str] | None, what: str) -> EmailMessage:
    """The one message in ``outbox``, waited for (30 s at most) while ``server`` runs."""
    deadline = time.monotonic() + 30
    while not outbox.messages():
        if server is not None:
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
        assert time.monotonic() < deadline, what
        time.sleep(0.3)
    (answer,) = outbox.messages()
    return answer


def test_server_comes_up_on_embedded_defaults(tmp_path: Path) -> None:
    env, _cc = console(CC, tmp_path)
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
    server = start_server(CC, tmp_path, env, "--port", str(port), output=True)
    try:
        health = wait_up(server, f"http://127.0.0.1:{port}")
        assert health.status_code == 200
        assert health.json()["status"] == "ok"
        home = httpx.get(f"http://127.0.0.1:{port}/", timeout=5, follow_redirects=True)
        assert home.url.path == "/login" and "Sign in" in home.text
        # The built-in mail listener answers; the answer waits in var/outbox.
        send_stranger_mail(mail_port, "s1@example.org")
        answer = the_answer(Outbox(tmp_path / "var" / "outbox"), None, "no answer in var/outbox")
        assert answer["To"] == "stranger@example.org"
        assert "not registered" in answer.get_content()
    finally:
        stop_server(server)


def test_web_processes_can_leave_the_sender_and_the_daily_run_to_a_worker(
    tmp_path: Path,
) -> None:
    """A web process with CC_MAIL_SEND=false and CC_DAILY_EVERY_SECONDS=0
    takes mail in but sends none and schedules no daily run; the worker
    started with the sender on sends what the web process queued."""
    env, cc = console(CC, tmp_path)
    cc("db", "upgrade")
    port, mail_port = free_port(), free_port()
    web_env = env | {
        "CC_MAIL_LISTEN": f"127.0.0.1:{mail_port}",
        "CC_MAIL_SEND": "false",
        "CC_DAILY_EVERY_SECONDS": "0",
    }
    web = start_server(CC, tmp_path, web_env, "--port", str(port), output=True)
    outbox = Outbox(tmp_path / "var" / "outbox")
    try:
        wait_up(web, f"http://127.0.0.1:{port}")
        send_stranger_mail(mail_port, "s2@example.org")
        time.sleep(3)
        assert outbox.messages() == []  # queued, not sent by the web process
    finally:
        stop_server(web)
    with sqlite3.connect(tmp_path / "var" / "cc.sqlite3") as db:
        jobs = db.execute("SELECT count(*) FROM apscheduler_jobs").fetchone()
        assert jobs == (0,)  # no daily run was ever scheduled

    worker_env = env | {"CC_WEB_ENABLED": "false", "CC_MAIL_LISTEN": ""}
    worker = start_server(CC, tmp_path, worker_env, output=True)
    try:
        answer = the_answer(outbox, worker, "the worker sent nothing")
        assert answer["To"] == "stranger@example.org"
    finally:
        stop_server(worker)
