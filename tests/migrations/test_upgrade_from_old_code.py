"""A site deployed at any earlier commit of main upgrades whole with today's code.

For every commit of main's first-parent line that added or changed a
revision, that commit's own tree is exported and its own console makes a site
(players, one with a password, a server event with moves, a leave, a penalty,
an email event: whatever that console offered then), on SQLite and on
PostgreSQL. Today's ``cc db upgrade`` must then bring it to a schema without
drift, every row must still be there, and today's console must show the game
and its ledger. :mod:`tests.migrations.test_migrations_with_data` copies rows made by
today's code into each revision's schema; this test starts from what old code
wrote and from the revisions as they stood then (so a site stamped with a
revision since renumbered or moved shows up here, not there).

The old consoles run in one process per commit (``tests/support/old_console.py``),
a few commits ahead of the test in the background; each makes its sites for
every backend under test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from click.testing import CliRunner

from cc.console import base as console_base
from cc.console.main import cli
from cc.store.db import make_engine
from tests.conftest import BACKENDS, _pg_url
from tests.support.paths import TESTS
from tests.support.postgres import run_as_admin
from tests.support.revision_history import (
    ROOT,
    NoHistory,
    first_parent_commits,
    head_of,
    state_at,
    state_today,
)
from tests.support.schema import drift

pytestmark = pytest.mark.slow

OLD_CONSOLE = TESTS / "support" / "old_console.py"
#: how many old consoles make their sites at once, ahead of the tests
AHEAD = 2


def _commits() -> list[Any]:
    """Each commit that changed a revision and whose head is not today's."""
    try:
        commits = first_parent_commits(ROOT)
    except NoHistory:
        return [
            pytest.param(
                None,
                marks=pytest.mark.skip(
                    reason=f"{ROOT} has no git history (an exported tree): the sites of "
                    "earlier commits cannot be made; run the tests in a clone"
                ),
                id="no-history",
            )
        ]
    today = head_of(state_today(ROOT))
    cache: dict[str, Any] = {}
    params = []
    for commit in commits:
        head = head_of(state_at(ROOT, commit, cache))
        if head != today:
            params.append(pytest.param(commit, id=f"{commit[:7]}-{head}"))
    return params


def _plan() -> list[dict[str, Any]]:
    """What an operator does on a new site (the old console skips what it lacks)."""
    today = date.today()
    start = (today - timedelta(days=3)).isoformat()

    def step(*args: str, stdin: str | None = None) -> dict[str, Any]:
        return {"args": list(args), "input": stdin}

    return [
        step("db", "upgrade"),
        step("player", "add", "arb", "--name", "Chief Arbiter", "--role", "arbiter"),
        step(
            "player",
            "add",
            "p1",
            "--name",
            "Player 1",
            "--email",
            "p1@example.org",
            "--password-stdin",
            stdin="correct horse battery staple\n",
        ),
        *(
            step("player", "add", f"p{i}", "--name", f"Player {i}", "--email", f"p{i}@example.org")
            for i in range(2, 5)
        ),
        step(
            "event",
            "create",
            "T1",
            "--name",
            "Server event",
            "--mode",
            "server",
            "--start",
            start,
            "--tz",
            "Europe/Moscow",
            "--arbiter",
            "arb",
        ),
        step("event", "add-player", "T1", "p1", "p2"),
        step("event", "start", "T1"),
        step("game", "move", "1", "--player", "p1", "--move", "e4"),
        step("game", "move", "1", "--player", "p2", "--move", "e5"),
        step("game", "move", "1", "--player", "p1", "--move", "Nf3"),
        step(
            "leave",
            "take",
            "p2",
            "--from",
            (today + timedelta(days=20)).isoformat(),
            "--to",
            (today + timedelta(days=24)).isoformat(),
        ),
        step(
            "game",
            "charge",
            "1",
            "--player",
            "p2",
            "--kind",
            "penalty",
            "--days",
            "2",
            "--reason",
            "a late answer",
        ),
        step(
            "event",
            "create",
            "E1",
            "--name",
            "Email event",
            "--mode",
            "email",
            "--start",
            start,
            "--tz",
            "Europe/Moscow",
            "--arbiter",
            "arb",
        ),
        step("event", "add-player", "E1", "p3", "p4"),
        step("event", "start", "E1"),
        step("game", "move", "2", "--player", "p3", "--move", "d4"),
    ]


class OldSites:
    """Sites made by the consoles of earlier commits, each once per run."""

    def __init__(self, folder: Path, postgres_admin_url: str | None) -> None:
        self.folder = folder
        self.admin_url = postgres_admin_url
        self.pool = ThreadPoolExecutor(max_workers=AHEAD)
        self.futures: dict[str, Future[dict[str, Any]]] = {}
        self.databases: list[str] = []
        self.drops = ThreadPoolExecutor(max_workers=1)

    def _admin(self, statement: str) -> None:
        assert self.admin_url is not None
        run_as_admin(self.admin_url, statement)

    def _url(self, commit: str, backend: str, home: Path) -> str:
        if backend == "sqlite":
            return f"sqlite:///{home / 'cc.sqlite3'}"
        assert self.admin_url is not None
        name = f"cc_old_{os.getpid()}_{commit[:10]}"
        self._admin(f'DROP DATABASE IF EXISTS "{name}"')
        self._admin(f'CREATE DATABASE "{name}"')
        self.databases.append(name)
        return _pg_url(self.admin_url, name)

    def _make(self, commit: str) -> dict[str, Any]:
        tree = self.folder / commit[:10] / "tree"
        tree.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "cc", "migrations", ":!*tablebases*"]
            + [
                p
                for p in ("notation", "timekeeping", "mailgate", "adjudication", "standings")
                if _in_tree(commit, p)
            ],
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        sites: list[dict[str, Any]] = []
        for backend in BACKENDS:
            home = self.folder / commit[:10] / backend
            home.mkdir()
            url = self._url(commit, backend, home)
            sites.append(
                {"backend": backend, "env": {"CC_HOME": str(home), "CC_DATABASE_URL": url}}
            )
        plan = {"sites": [{**site, "steps": _plan()} for site in sites]}
        env = {**os.environ, "PYTHONPATH": str(tree)}
        env.pop("CC_CONFIG", None)
        done = subprocess.run(
            [sys.executable, str(OLD_CONSOLE)],
            input=json.dumps(plan),
            capture_output=True,
            text=True,
            cwd=tree,
            env=env,
            timeout=600,
        )
        shutil.rmtree(tree)
        lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        return {
            "returncode": done.returncode,
            "stderr": done.stderr[-3000:],
            "sites": {
                site["backend"]: {
                    "url": site["env"]["CC_DATABASE_URL"],
                    "home": site["env"]["CC_HOME"],
                    "steps": [line for line in lines if line["site"] == i],
                }
                for i, site in enumerate(sites)
            },
        }

    def start(self, commits: list[str]) -> None:
        for commit in commits:
            if commit not in self.futures:
                self.futures[commit] = self.pool.submit(self._make, commit)

    def get(self, commit: str, backend: str) -> dict[str, Any]:
        self.start([commit])
        made = self.futures[commit].result()
        assert made["returncode"] == 0, made["stderr"]
        return dict(made["sites"][backend])

    def done(self, url: str) -> None:
        """The site at ``url`` is no longer needed: its PostgreSQL database is
        dropped in the background."""
        name = sa.engine.make_url(url).database
        if name in self.databases:
            self.databases.remove(name)
            self.drops.submit(self._admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)
        self.drops.shutdown()
        for name in self.databases:
            self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _in_tree(commit: str, path: str) -> bool:
    return (
        subprocess.run(
            ["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}:{path}"], capture_output=True
        ).returncode
        == 0
    )


COMMITS = _commits()


@pytest.fixture(scope="module")
def old_sites(request: pytest.FixtureRequest) -> Iterator[OldSites]:
    admin = request.getfixturevalue("postgres_admin_url") if "postgresql" in BACKENDS else None
    with tempfile.TemporaryDirectory(prefix="cc-old-sites-") as folder:
        sites = OldSites(Path(folder), admin)
        selected = [
            item.callspec.params["commit"]
            for item in request.session.items
            if getattr(item, "module", None) is sys.modules[__name__] and hasattr(item, "callspec")
        ]
        sites.start([c for c in dict.fromkeys(selected) if c is not None])
        try:
            yield sites
        finally:
            sites.close()


def _counts(url: str) -> dict[str, int]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            tables = set(sa.inspect(conn).get_table_names()) - {"alembic_version"}
            return {
                t: conn.execute(sa.text(f'SELECT count(*) FROM "{t}"')).scalar_one()
                for t in sorted(tables)
            }
    finally:
        engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("commit", COMMITS)
def test_a_site_made_by_an_earlier_commit_upgrades_whole(
    old_sites: OldSites, commit: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = old_sites.get(commit, backend)
    ran = [s for s in site["steps"] if not s["skipped"]]
    for step in ran:
        assert step["exit_code"] == 0 and step["error"] is None, step
    assert [s["args"][:2] for s in ran][:1] == [["db", "upgrade"]]
    assert any(s["args"][:2] == ["game", "move"] for s in ran)
    before = _counts(site["url"])
    assert before["games"] == 2 and before["moves"] >= 3 and before["players"] == 5, before

    runner = CliRunner()
    env = {"CC_HOME": site["home"], "CC_DATABASE_URL": site["url"], "CC_CONFIG": None}
    states: list[console_base.State] = []

    class State(console_base.State):
        """The console's state, kept to close its database connections."""

        def __init__(self, lang: str | None) -> None:
            super().__init__(lang)
            states.append(self)

    monkeypatch.setattr(console_base, "State", State)

    def cc(*args: str) -> str:
        result = runner.invoke(cli, list(args), env=env, catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
        return result.output

    try:
        assert "database at head" in cc("db", "upgrade")
        assert drift(site["url"]) == []
        after = _counts(site["url"])
        assert {t: after[t] for t in before} == before
        assert "e4" in cc("game", "show", "1")
        cc("game", "ledger", "1")
        cc("game", "show", "2")
    finally:
        for state in states:
            if state._site is not None:
                state._site.ctx.db.dispose()
        old_sites.done(site["url"])
