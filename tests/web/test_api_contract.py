"""The API against its own OpenAPI document, judged from outside by Schemathesis.

A site is served as ``cc serve`` runs it, with an event under way and a
game with moves; Schemathesis reads ``/api/v1/openapi.json`` and sends what
the document allows (a fixed seed, a bounded number of examples, the path
ids steered to the site's real games, cases, leaves and event), anonymous
and with a player's token. Its checks: no 5xx, no status the document does
not list, every answer matching its documented schema and content type.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cc.base.kinds import Door
from cc.kernel.context import Actor, find_player
from cc.run import config as config_mod
from cc.run.bootstrap import build_services
from tests.support.served import console, served

pytestmark = pytest.mark.slow

BIN = Path(sys.executable).parent
CC = str(BIN / "cc")
ST = str(BIN / "st")
PASSWORD = "contract-pass-1"
CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "response_schema_conformance",
        "content_type_conformance",
    ]
)
#: path ids drawn from the site's own things most of the time, so answers
#: other than 404 are examined too
CONFIG = """
[dictionaries.ids]
values = [1, 2, 3]

[dictionaries.codes]
values = ["API"]

[parameters]
"path.game_id" = { dictionary = "ids", probability = 0.8 }
"path.case_id" = { dictionary = "ids", probability = 0.5 }
"path.leave_id" = { dictionary = "ids", probability = 0.5 }
"path.line_id" = { dictionary = "ids", probability = 0.5 }
"path.code" = { dictionary = "codes", probability = 0.8 }
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    home = tmp_path_factory.mktemp("contract")
    env, cc = console(CC, home)

    def player(login: str, name: str, *options: str) -> None:
        cc("player", "add", login, "--name", name, *options,
           "--password-stdin", stdin=PASSWORD + "\n")  # fmt: skip

    cc("db", "upgrade")
    player("arb", "Арбитр Главный", "--role", "arbiter")
    player("wanda", "White Wanda", "--email", "wanda@example.org")
    player("boris", "Чёрный Борис", "--lang", "ru")
    player("oscar", "Other Oscar")
    start = (datetime.now(UTC).date() - timedelta(days=3)).isoformat()
    cc("event", "create", "API", "--name", "Contract Cup", "--mode", "server",
       "--start", start, "--arbiter", "arb")  # fmt: skip
    cc("event", "add-player", "API", "wanda", "boris", "oscar")
    cc("event", "start", "API")
    services = build_services(config_mod.load(env))
    game = services.queries.game(1)
    for number, (white, black) in enumerate((("e4", "e5"), ("Nf3", "Nc6")), start=1):
        cc("game", "move", "1", "--player", game.white, "--move", white,
           "--move-number", str(number))  # fmt: skip
        cc("game", "move", "1", "--player", game.black, "--move", black,
           "--move-number", str(number))  # fmt: skip
    with services.ctx.db.read() as session:
        pid = find_player(session, game.white).id
    token = services.accounts.create_token(Actor.player(pid, Door.WEB), "contract")
    services.ctx.db.dispose()
    config = home / "schemathesis.toml"
    config.write_text(CONFIG)
    with served(CC, home, env) as base:
        yield base, token, config


def _run(base: str, config: Path, *options: str) -> None:
    """Schemathesis's command line, as an outside tester runs it, in the
    site's folder (where it keeps its cache)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCHEMATHESIS")}
    result = subprocess.run(
        [ST, "--no-color", "--config-file", str(config), "run",
         f"{base}/api/v1/openapi.json", "--checks", CHECKS, "--seed", "20261127",
         "--max-examples", "15", "--workers", "1", *options],
        env=env, cwd=config.parent, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    summary = result.stdout[-6000:]
    assert result.returncode == 0, summary
    assert "0 failures" in summary or " passed" in summary, summary


def test_anonymous_callers_get_only_documented_answers(site: tuple[str, str, Path]) -> None:
    base, _token, config = site
    _run(base, config)


def test_a_player_gets_only_documented_answers(site: tuple[str, str, Path]) -> None:
    """Everything a token may do, but revoking tokens: the run's own token
    would go, and every later call be a 401."""
    base, token, config = site
    _run(
        base,
        config,
        "--header",
        f"Authorization: Bearer {token}",
        "--exclude-path-regex",
        r"^/api/v1/me/tokens/",
    )
