"""A throwaway Dovecot IMAP server on loopback, for the gateway's tests.

Debian's ``dovecot-imapd``, configured in a temporary folder (after the
loopback configuration measured on this kind of machine): plain logins, no
TLS, one mailbox per user, the mail tree owned by ``nobody``.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.postgres import free_port, wait_until_listening

CONF = """
base_dir = {dir}/run
state_dir = {dir}/state
instance_name = cctest{port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = {dir}/dovecot.log
mail_location = maildir:{dir}/mail/%u/Maildir
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = 1
mail_uid = {uid}
mail_gid = {gid}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {dir}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={dir}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
"""


class DovecotServer:
    def __init__(self, users: dict[str, str]) -> None:
        binary = shutil.which("dovecot") or "/usr/sbin/dovecot"
        if not Path(binary).exists():
            raise RuntimeError("Dovecot is missing: scripts/system-packages installs dovecot-imapd")
        self.binary = binary
        self.dir = Path(tempfile.mkdtemp(prefix="cc-dovecot-"))
        os.chmod(self.dir, 0o755)
        self.port = free_port()
        self.users = users
        nobody = pwd.getpwnam("nobody")
        self.uid, self.gid = nobody.pw_uid, nobody.pw_gid
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        (self.dir / "passwd").write_text(
            "".join(f"{u}:{{PLAIN}}{p}::::::\n" for u, p in self.users.items())
        )
        conf = self.dir / "dovecot.conf"
        conf.write_text(CONF.format(dir=self.dir, port=self.port, uid=self.uid, gid=self.gid))
        for user in self.users:
            for sub in ("cur", "new", "tmp"):
                (self.dir / "mail" / user / "Maildir" / sub).mkdir(parents=True, exist_ok=True)
        for path in (self.dir / "mail").rglob("*"):
            os.chown(path, self.uid, self.gid)
        os.chown(self.dir / "mail", self.uid, self.gid)
        self.process = subprocess.Popen(
            [self.binary, "-c", str(conf), "-F"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        wait_until_listening(self.port, "dovecot did not listen", self._exited)

    def _exited(self) -> None:
        """Raise with Dovecot's words and log if it has exited."""
        assert self.process is not None
        if self.process.poll() is not None:
            err = self.process.stderr.read().decode() if self.process.stderr else ""
            log = self.dir / "dovecot.log"
            raise RuntimeError(
                f"dovecot exited: {err}\n{log.read_text() if log.exists() else ''}"
            ) from None

    def deliver(self, user: str, raw: bytes, name: str, arrived: float | None = None) -> None:
        """Drop a message into the user's Maildir, as a delivery agent would.

        ``arrived`` (a POSIX time) sets the file's mtime, which Dovecot
        reports as the message's INTERNALDATE.
        """
        new = self.dir / "mail" / user / "Maildir" / "new"
        path = new / f"{time.time_ns()}.{name}.cctest"
        path.write_bytes(raw)
        os.chown(path, self.uid, self.gid)
        if arrived is not None:
            os.utime(path, (arrived, arrived))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def dovecot_fixture(users: list[str], password: str) -> Any:
    """A test module's ``dovecot`` fixture: one server for the module's tests,
    a mailbox for each of ``users``, all with ``password``."""

    @pytest.fixture(scope="module")
    def dovecot() -> Iterator[DovecotServer]:
        server = DovecotServer(dict.fromkeys(users, password))
        server.start()
        yield server
        server.stop()

    return dovecot
