"""Configuration: embedded defaults, an optional TOML file, then the environment.

The defaults run a whole server on one machine with nothing to set up: a
SQLite file under ``var/`` and the web app on loopback. ``CC_CONFIG`` names a
TOML file (``cc.toml`` in the working directory is read when present); the
``CC_*`` variables override both.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Config:
    home: Path
    database_url: str
    web_host: str
    web_port: int
    web_enabled: bool
    lang: str
    #: mark cookies Secure (set when the site is served over HTTPS)
    secure_cookies: bool
    #: the address players reach the site at, for links in mail
    base_url: str
    #: the gateway's address: players send moves here
    mail_address: str
    #: host:port of the SMTP listener that feeds the gateway ("" for none)
    mail_listen: str
    #: the listener speaks LMTP instead of SMTP
    mail_lmtp: bool
    #: host:port of the relay outgoing mail goes to ("" keeps it in var/outbox only)
    smtp_relay: str
    smtp_user: str
    smtp_password: str
    smtp_starttls: bool
    #: signs the reply tokens of the gateway ("" makes one under var/)
    secret_key: str
    #: how often the daily run looks for games whose day has come (0: this
    #: process never runs it; another process of the site does)
    daily_every_seconds: float
    #: the gateway's mailbox, read over IMAP ("" host: none)
    imap_host: str
    imap_port: int
    imap_user: str
    imap_password: str
    imap_folder: str
    #: directories of Syzygy tables for adjudication evidence ("" : the embedded
    #: 3-4 piece set); several separated by the OS path separator
    tablebases: str = ""
    #: what the gateway holds for the arbiter: "fail" (mail whose sender's
    #: domain disowns it), "pass" (all mail without an aligned pass), "off"
    mail_sender_policy: str = "fail"
    #: this process sends the queued mail (off: another process of the site does)
    mail_send: bool = True
    #: a line per web request on the log (off: a reverse proxy in front keeps it)
    web_access_log: bool = True
    #: the authserv-id of the site's receiving server, whose
    #: Authentication-Results are believed (RFC 8601)
    mail_authserv_id: str = ""
    #: the gateway verifies DKIM, checks SPF (its SMTP listener's mail) and
    #: looks up DMARC itself
    mail_verify_dkim: bool = False
    #: Web Push (VAPID, RFC 8292): the private key (base64url raw or DER, or
    #: PEM), the public key browsers subscribe with (base64url, uncompressed),
    #: and the contact push services may write to ("mailto:..."); all three
    #: set, or no push
    vapid_private_key: str = ""
    vapid_public_key: str = ""
    vapid_subject: str = ""

    @property
    def var_dir(self) -> Path:
        return self.home / "var"

    @property
    def outbox_dir(self) -> Path:
        return self.var_dir / "outbox"

    @property
    def push_enabled(self) -> bool:
        """Web Push is offered only with a whole VAPID identity."""
        return bool(self.vapid_private_key and self.vapid_public_key and self.vapid_subject)

    @property
    def site_url(self) -> str:
        """The address players reach the site at, for links in mail."""
        return self.base_url or f"http://{self.web_host}:{self.web_port}"


def load(environ: Mapping[str, str] | None = None) -> Config:
    env = os.environ if environ is None else environ
    home = Path(env.get("CC_HOME", ".")).resolve()
    path = env.get("CC_CONFIG")
    data: dict[str, dict[str, object]] = {}
    if path:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    elif (home / "cc.toml").is_file():
        data = tomllib.loads((home / "cc.toml").read_text(encoding="utf-8"))
    database = data.get("database", {})
    web = data.get("web", {})
    mail = data.get("mail", {})
    imap = data.get("imap", {})
    push = data.get("push", {})
    vapid_key = env.get("CC_VAPID_PRIVATE_KEY") or str(push.get("private_key", ""))
    vapid_key_file = env.get("CC_VAPID_PRIVATE_KEY_FILE") or str(push.get("private_key_file", ""))
    if not vapid_key and vapid_key_file:
        vapid_key = Path(vapid_key_file).read_text(encoding="utf-8").strip()
    default_url = f"sqlite:///{home / 'var' / 'cc.sqlite3'}"
    return Config(
        home=home,
        database_url=env.get("CC_DATABASE_URL") or str(database.get("url") or default_url),
        web_host=env.get("CC_WEB_HOST") or str(web.get("host", "127.0.0.1")),
        web_port=int(env.get("CC_WEB_PORT") or str(web.get("port", 8000))),
        web_enabled=(env.get("CC_WEB_ENABLED") or str(web.get("enabled", "true"))).lower()
        in ("1", "true", "yes"),
        lang=env.get("CC_LANG") or str(data.get("lang", "en")),
        secure_cookies=(
            env.get("CC_SECURE_COOKIES") or str(web.get("secure_cookies", "false"))
        ).lower()
        in ("1", "true", "yes"),
        base_url=env.get("CC_BASE_URL") or str(web.get("base_url", "")),
        mail_address=env.get("CC_MAIL_ADDRESS") or str(mail.get("address", "moves@localhost")),
        mail_listen=env.get("CC_MAIL_LISTEN", str(mail.get("listen", "127.0.0.1:2525"))),
        mail_lmtp=(env.get("CC_MAIL_LMTP") or str(mail.get("lmtp", "false"))).lower()
        in ("1", "true", "yes"),
        smtp_relay=env.get("CC_SMTP_RELAY") or str(mail.get("relay", "")),
        smtp_user=env.get("CC_SMTP_USER") or str(mail.get("user", "")),
        smtp_password=env.get("CC_SMTP_PASSWORD") or str(mail.get("password", "")),
        smtp_starttls=(env.get("CC_SMTP_STARTTLS") or str(mail.get("starttls", "false"))).lower()
        in ("1", "true", "yes"),
        secret_key=env.get("CC_SECRET_KEY") or str(data.get("secret_key", "")),
        daily_every_seconds=float(
            env.get("CC_DAILY_EVERY_SECONDS") or str(data.get("daily_every_seconds", 300))
        ),
        tablebases=env.get("CC_TABLEBASES") or str(data.get("tablebases", "")),
        mail_send=(env.get("CC_MAIL_SEND") or str(mail.get("send", "true"))).lower()
        in ("1", "true", "yes"),
        web_access_log=(env.get("CC_WEB_ACCESS_LOG") or str(web.get("access_log", "true"))).lower()
        in ("1", "true", "yes"),
        imap_host=env.get("CC_IMAP_HOST") or str(imap.get("host", "")),
        imap_port=int(env.get("CC_IMAP_PORT") or str(imap.get("port", 143))),
        imap_user=env.get("CC_IMAP_USER") or str(imap.get("user", "")),
        imap_password=env.get("CC_IMAP_PASSWORD") or str(imap.get("password", "")),
        imap_folder=env.get("CC_IMAP_FOLDER") or str(imap.get("folder", "INBOX")),
        mail_sender_policy=_choice(
            env.get("CC_MAIL_SENDER_POLICY") or str(mail.get("sender_policy", "fail")),
            ("fail", "pass", "off"),
            "CC_MAIL_SENDER_POLICY",
        ),
        mail_authserv_id=env.get("CC_MAIL_AUTHSERV_ID") or str(mail.get("authserv_id", "")),
        mail_verify_dkim=(env.get("CC_MAIL_VERIFY_DKIM") or str(mail.get("verify_dkim", "false")))
        .lower()
        .strip()
        in ("1", "true", "yes"),
        vapid_private_key=vapid_key,
        vapid_public_key=env.get("CC_VAPID_PUBLIC_KEY") or str(push.get("public_key", "")),
        vapid_subject=env.get("CC_VAPID_SUBJECT") or str(push.get("subject", "")),
    )


def _choice(value: str, allowed: tuple[str, ...], name: str) -> str:
    """A setting that takes one of a few words; anything else stops the start.

    >>> _choice("PASS", ("fail", "pass"), "X")
    'pass'
    """
    value = value.strip().lower()
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def ensure_sqlite_dir(url: str) -> None:
    """Create the folder of a SQLite file URL, so a first run just works."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and not url.endswith(":memory:"):
        Path(url[len(prefix) :]).parent.mkdir(parents=True, exist_ok=True)


def secret(config: Config) -> bytes:
    """The key that signs reply tokens: configured, or made once under var/."""
    if config.secret_key:
        return config.secret_key.encode()
    path = config.var_dir / "secret.key"
    if not path.exists():
        import os
        import secrets

        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32))
        os.chmod(path, 0o600)
    return path.read_text().strip().encode()


def host_port(text: str, default_port: int) -> tuple[str, int]:
    """``host:port`` (or ``host``) split.

    >>> host_port("127.0.0.1:2525", 25), host_port("mail.example.org", 25)
    (('127.0.0.1', 2525), ('mail.example.org', 25))
    """
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "")
    return host, int(port) if port else default_port
