"""A throwaway PostgreSQL server on loopback, started and stopped by the tests.

Uses Debian's ``postgresql`` binaries. ``initdb`` refuses to run as root, so
as root the server runs as the ``postgres`` system user that the package
creates.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa


def find_bindir() -> Path | None:
    pg_config = shutil.which("pg_config")
    if pg_config:
        out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True)
        candidate = Path(out.stdout.strip())
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    for path in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(path, "initdb").exists():
            return Path(path)
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_as_admin(admin_url: str, statement: str) -> None:
    """Run one statement that no transaction may hold (CREATE or DROP DATABASE)."""
    engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql(statement)
    finally:
        engine.dispose()


def wait_until_listening(port: int, what: str, exited: Callable[[], None] | None = None) -> None:
    """Wait up to 30 s for ``what`` to accept connections on loopback ``port``;
    ``exited`` raises if the server has died meanwhile."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if exited is not None:
                exited()
            time.sleep(0.1)
    raise RuntimeError(f"{what} within 30 s")


class PostgresServer:
    def __init__(self, base: Path | None = None) -> None:
        bindir = find_bindir()
        if bindir is None:
            raise RuntimeError(
                "PostgreSQL binaries not found: install Debian's 'postgresql' package "
                "(scripts/test does), or set CC_TEST_BACKENDS=sqlite"
            )
        self.bindir = bindir
        # Its own folder directly under the temp dir: the server's user must
        # be able to reach it, which a test's private folder does not allow.
        self.base = base or Path(tempfile.mkdtemp(prefix="cc-pg-"))
        self.data = self.base / "data"
        self.port = free_port()
        self.user = "cc"
        self.run_as = "postgres" if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/postgres"

    def url_for(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.run_as:
            command = ["runuser", "-u", self.run_as, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            log = self.base / "server.log"
            tail = log.read_text()[-3000:] if log.exists() else ""
            raise RuntimeError(
                f"{' '.join(command)} failed ({result.returncode}):\n"
                f"{result.stdout}\n{result.stderr}\n{tail}"
            )

    def start(self) -> None:
        self.base.mkdir(parents=True, exist_ok=True)
        if self.run_as:
            entry = pwd.getpwnam(self.run_as)
            os.chown(self.base, entry.pw_uid, entry.pw_gid)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        self._serve()

    def _serve(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.base} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.base / "server.log"),
            "-w",
            "-t",
            "60",
            "start",
        )
        wait_until_listening(self.port, "PostgreSQL did not accept connections")

    def pause(self) -> None:
        """Stop the server, cutting every connection, and keep its data.

        A fast stop, not an immediate one: with ``synchronous_commit=off``
        an immediate stop may lose commits already acknowledged, which a
        real server (synchronous) never does."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start it again on the same port after :meth:`pause`."""
        self._serve()

    def stop(self) -> None:
        if self.data.exists():
            with contextlib.suppress(RuntimeError):
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.base, ignore_errors=True)
