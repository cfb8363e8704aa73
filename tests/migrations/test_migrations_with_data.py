"""A site made at any earlier revision upgrades with all its data, and steps back.

The rows are those the services write: a session of play is recorded once at
head (players, events with teams and appeal arbiters, games with moves, draw
offers, conditional lines, charges, leaves, accounts, mail in and out, a
case), then copied into a database at each earlier revision, as many columns
as that revision had. Upgraded to head, or one step up and back, every row of
every table must still be there with the same values, and the current code
must read the site and go on playing on it.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from base64 import urlsafe_b64encode
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door, GameStatus
from cc.kernel.context import Actor
from cc.store import migrate
from cc.store.db import Database, make_engine
from cc.store.models import Base, Game, Player
from notation.pgn import display_name
from tests.conftest import _create_pg_database, _pg_url
from tests.support.events import OPERATOR, create_event
from tests.support.mail import raw_mail
from tests.support.postgres import run_as_admin
from tests.support.sites import site_over

REVISIONS = [
    r.revision
    for r in ScriptDirectory.from_config(migrate.alembic_config("sqlite://")).walk_revisions()
][::-1]
HEAD = REVISIONS[-1]
EARLIER = REVISIONS[:-1]

#: columns whose values a revision rewrites on purpose, by that revision
REWRITTEN = {
    # email and post games get the next daily run's attention
    "0009": {("games", "next_deadline")},
}

START = datetime(2026, 5, 11, 9, 0, tzinfo=UTC)
#: the clock when the recorded session of play ends
END = datetime(2026, 5, 11, 14, 0, tzinfo=UTC)
GAMES = 11

Rows = dict[str, list[dict[str, Any]]]


class _SqliteSchemas:
    """Empty SQLite databases at each revision, made once and copied."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def template(self, revision: str) -> Path:
        path = self.folder / f"{revision}.sqlite3"
        if not path.exists():
            index = REVISIONS.index(revision)
            if index:
                shutil.copyfile(self.template(REVISIONS[index - 1]), path)
            migrate.upgrade(f"sqlite:///{path}", revision)
        return path

    def fresh(self, request: pytest.FixtureRequest, tmp_path: Path, revision: str) -> str:
        target = tmp_path / "cc.sqlite3"
        shutil.copyfile(self.template(revision), target)
        return f"sqlite:///{target}"


class _PostgresSchemas:
    """Empty PostgreSQL databases at each revision, made once and used as templates."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.names: dict[str, str] = {}

    def _admin(self, statement: str) -> None:
        run_as_admin(self.admin_url, statement)

    def template(self, revision: str) -> str:
        if revision not in self.names:
            index = REVISIONS.index(revision)
            source = f' TEMPLATE "{self.template(REVISIONS[index - 1])}"' if index else ""
            name = f"cc_revision_{os.getpid()}_{revision}"
            self._admin(f'DROP DATABASE IF EXISTS "{name}"')
            self._admin(f'CREATE DATABASE "{name}"{source}')
            migrate.upgrade(_pg_url(self.admin_url, name), revision)
            self.names[revision] = name
        return self.names[revision]

    def fresh(self, request: pytest.FixtureRequest, tmp_path: Path, revision: str) -> str:
        return _create_pg_database(request, "cc_rows", template=self.template(revision))

    def drop(self) -> None:
        for name in self.names.values():
            self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def sqlite_schemas(tmp_path_factory: pytest.TempPathFactory) -> _SqliteSchemas:
    return _SqliteSchemas(tmp_path_factory.mktemp("revisions"))


@pytest.fixture(scope="session")
def postgresql_schemas(postgres_admin_url: str) -> Iterator[_PostgresSchemas]:
    schemas = _PostgresSchemas(postgres_admin_url)
    yield schemas
    schemas.drop()


def _database_at(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path, revision: str
) -> str:
    """A new database of ``backend`` with the empty schema of ``revision``."""
    schemas: _SqliteSchemas | _PostgresSchemas = request.getfixturevalue(f"{backend}_schemas")
    return schemas.fresh(request, tmp_path, revision)


def _play(services: Services, clock: FixedClock) -> None:
    """What a small site has seen: the suite's kind of events and games."""
    ids: dict[str, int] = {}
    add = services.players.add
    ids["arb"] = add(OPERATOR, login="arb", name="Chief Arbiter", roles=["arbiter"], lang="ru")
    ids["apl"] = add(OPERATOR, login="apl", name="Appeals", roles=["appeal_arbiter", "adjudicator"])
    for i in range(1, 5):
        ids[f"p{i}"] = add(
            OPERATOR,
            login=f"p{i}",
            name=f"Игрок {i}",
            emails=[f"p{i}@example.org"],
            password="correct horse" if i == 1 else None,
        )
    for login in ("a1", "a2", "b1", "b2"):
        ids[login] = add(OPERATOR, login=login, name=login.upper())

    def me(login: str, door: Door = Door.WEB) -> Actor:
        return Actor.player(ids[login], door)

    events = services.events
    for code, mode in (("SRV", "server"), ("MAIL", "email"), ("TEAMS", "server")):
        create_event(
            services,
            code,
            f"Event {code}",
            date(2026, 5, 10),
            mode=mode,
            timezone="Europe/Moscow" if code == "SRV" else "UTC",
            arbiter="arb",
            appeal_arbiters=("apl",) if code == "SRV" else (),
            # the public sees MAIL's games two moves behind (0018)
            regulations={"public_moves_behind": 2} if code == "MAIL" else {},
        )
    events.add_players(OPERATOR, "SRV", ["p1", "p2", "p3", "p4"])
    events.add_players(OPERATOR, "MAIL", ["p1", "p2"])
    events.add_team(OPERATOR, "TEAMS", "Aces", ["a1", "a2"])
    events.add_team(OPERATOR, "TEAMS", "Bishops", ["b1", "b2"])
    for code in ("SRV", "MAIL", "TEAMS"):
        events.start(OPERATOR, code)

    games = services.games
    games.submit_move(me("p1"), 1, "e4")
    games.submit_move(me("p4"), 1, "c5")
    games.submit_move(me("p1"), 1, "Nf3", message="Играем дальше")
    games.add_line(me("p1"), 1, "d6 d4")
    clock.set(END)
    games.submit_move(me("p2"), 2, "d4", offer_draw=True)
    games.submit_move(me("p3"), 2, "Nf6")  # a move each: the game is rated (33.2)
    games.resign(me("p3"), 2)
    games.submit_move(me("p1", Door.EMAIL), 7, "e4")
    games.offer_draw(me("p2"), 7)
    games.submit_move(me("a1"), 8, "d4")
    services.ledgers.charge(me("arb"), 7, as_player=ids["p2"], reason="illegal move (56.3.3)")
    services.leaves.request(me("p3"), "p3", date(2026, 6, 1), date(2026, 6, 5), note="holiday")
    services.accounts.sign_in("p1", "correct horse", "192.0.2.1")
    with pytest.raises(errors.BadCredentials):
        services.accounts.sign_in("p1", "wrong", "192.0.2.9")
    services.accounts.create_token(me("p2", Door.API), "laptop")
    services.accounts.request_reset("p3", "http://cc.test")
    services.cases.file_complaint(me("p4"), 3, "The partner writes insults with the moves")
    services.mail.receive(raw_mail("stranger@example.net", "hello", "1. e4"), END, "test")
    # A rating period closed over the resigned game (0023).
    services.ratings.close_period(OPERATOR)
    # Next season's event, open for entry, with an application (0017).
    create_event(services, "NEXT", "Next", date(2026, 9, 1))
    services.entries.open_entry(OPERATOR, "NEXT", date(2026, 8, 1))
    services.entries.apply(me("p1"), "NEXT", note="first time")
    # A knockout cup (0027) of Chess960, a position drawn per round (0028),
    # and a thematic event whose section starts after an opening line.
    for login in ("k1", "k2"):
        ids[login] = add(OPERATOR, login=login, name=login.upper())
    create_event(
        services,
        "KO",
        "Cup",
        date(2026, 5, 10),
        system="knockout",
        chess960=True,
        chess960_seed="ko",
    )
    services.events.add_players(OPERATOR, "KO", ["k1", "k2"])
    services.events.start(OPERATOR, "KO")
    create_event(services, "THEME", "Theme", date(2026, 9, 1), opening="1.e4 c5")
    services.events.add_players(OPERATOR, "THEME", ["k1", "k2"])
    ending = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"
    services.themes.set_section(OPERATOR, "THEME", "A", start_fen=ending)
    # A browser that takes Web Push (0015), on a site with VAPID keys.
    services.ctx.notifications.push_enabled = True
    key = urlsafe_b64encode(b"\x04" + bytes(range(64))).decode().rstrip("=")
    secret = urlsafe_b64encode(bytes(range(16))).decode().rstrip("=")
    services.push.subscribe(me("p2", Door.API), "https://push.example.net/p2", key, secret)
    services.ctx.notifications.push_enabled = False
    with services.ctx.db.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO apscheduler_jobs (id, next_run_time, job_state) VALUES (:i, :t, :s)"
            ),
            {"i": "daily", "t": 1778508000.5, "s": b"\x80\x04job"},
        )


@pytest.fixture(scope="module")
def site_rows(tmp_path_factory: pytest.TempPathFactory, sqlite_schemas: _SqliteSchemas) -> Rows:
    """Every row of every table after a session of play at head."""
    path = tmp_path_factory.mktemp("site") / "site.sqlite3"
    shutil.copyfile(sqlite_schemas.template(HEAD), path)
    url = f"sqlite:///{path}"
    database = Database(url)
    clock = FixedClock(START)
    try:
        _play(site_over(database, clock), clock)
        with database.engine.connect() as conn:
            rows = {
                t.name: _rows(conn, t, set(t.columns.keys())) for t in Base.metadata.tables.values()
            }
    finally:
        database.dispose()
    assert len(rows["games"]) == GAMES
    return rows


def _plain(value: Any) -> Any:
    return bytes(value) if isinstance(value, memoryview) else value


def _rows(conn: sa.Connection, table: sa.Table, names: set[str]) -> list[dict[str, Any]]:
    """The rows of ``table``, in key order, with only the columns ``names``."""
    query = select(*[c for c in table.columns if c.name in names]).order_by(
        *table.primary_key.columns
    )
    return [{k: _plain(v) for k, v in row._mapping.items()} for row in conn.execute(query)]


def _layout(url: str) -> dict[str, set[str]]:
    """The tables of the database at ``url`` and their columns."""
    engine = make_engine(url)
    try:
        inspector = sa.inspect(engine)
        return {
            name: {c["name"] for c in inspector.get_columns(name)}
            for name in inspector.get_table_names()
            if name != "alembic_version"
        }
    finally:
        engine.dispose()


def _write(url: str, rows: Rows) -> dict[str, set[str]]:
    """Copy ``rows`` into the database at ``url``, each table with the columns
    it has there; returns those tables and columns."""
    layout = _layout(url)
    assert set(layout) <= set(Base.metadata.tables), "a table the models no longer know"
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            for table in Base.metadata.sorted_tables:  # parents first: foreign keys stay on
                if table.name not in layout:
                    continue
                names = layout[table.name]
                assert names <= set(table.columns.keys()), f"{table.name}: a column since dropped"
                assert rows[table.name], f"the session of play leaves {table.name} empty"
                # The head's column types, so values are written as the code writes them,
                # but none of its defaults, which name columns the revision may lack.
                target = sa.Table(
                    table.name,
                    sa.MetaData(),
                    *[sa.Column(c.name, c.type) for c in table.columns if c.name in names],
                )
                conn.execute(target.insert(), [{k: r[k] for k in names} for r in rows[table.name]])
            if engine.dialect.name == "postgresql":  # ids were given: move the sequences on
                for name in layout:
                    key = Base.metadata.tables[name].c.get("id")
                    if key is not None and isinstance(key.type, sa.Integer):
                        conn.execute(
                            sa.text(
                                f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                f"(SELECT MAX(id) FROM {name}))"
                            )
                        )
    finally:
        engine.dispose()
    return layout


def _read(url: str, layout: dict[str, set[str]]) -> Rows:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return {
                name: _rows(conn, Base.metadata.tables[name], names)
                for name, names in layout.items()
            }
    finally:
        engine.dispose()


def _expected(rows: Rows, layout: dict[str, set[str]], skip: set[tuple[str, str]]) -> Rows:
    return {
        name: [{k: r[k] for k in names if (name, k) not in skip} for r in rows[name]]
        for name, names in layout.items()
    }


def _without(rows: Rows, skip: set[tuple[str, str]]) -> Rows:
    return {
        name: [{k: v for k, v in r.items() if (name, k) not in skip} for r in table_rows]
        for name, table_rows in rows.items()
    }


def _rewritten_after(revision: str, upto: str = HEAD) -> set[tuple[str, str]]:
    later = REVISIONS[REVISIONS.index(revision) + 1 : REVISIONS.index(upto) + 1]
    return set().union(*(REWRITTEN.get(r, set()) for r in later))


def _goes_on(url: str) -> None:
    """The current code reads the upgraded site and goes on playing on it."""
    database = Database(url)
    services = site_over(database, FixedClock(END))
    try:
        listed = services.queries.games()
        assert len(listed) == GAMES
        for game in listed:
            assert services.queries.game(game.id).id == game.id
            services.ledgers.schedule(game.id)
        assert {s.section for s in services.standings.event("SRV")} == {"A"}
        services.queries.players()
        services.daily.run()
        with database.read() as session:
            ongoing = session.scalars(select(Game).where(Game.status == GameStatus.ONGOING)).all()
            # the daily run finds every game under way when its day comes
            assert ongoing and all(g.next_deadline is not None for g in ongoing)
            black = session.scalars(select(Game.black_id).where(Game.id == 1)).one()
            # whose move it is, stored since 0030, is the position's
            everyone = session.scalars(select(Game)).all()
            assert any(not g.white_to_move for g in everyone)
            assert all(g.white_to_move == (g.fen.split()[1] == "w") for g in everyone)
            # the surname and given names, kept apart since 0031, make the name
            people = session.scalars(select(Player)).all()
            assert all(p.surname for p in people)
            assert all(p.name == display_name(p.surname, p.given_names) for p in people)
        outcome = services.games.submit_move(Actor.player(black, Door.WEB), 1, "d6")
        assert outcome.ply == 4
        # a finished game is public whatever the revision the site was made at
        assert services.queries.game_for(None, 2).result in ("1-0", "0-1")
    finally:
        database.dispose()


@pytest.mark.parametrize("revision", EARLIER)
def test_a_site_made_at_an_earlier_revision_keeps_every_row_up_and_down(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path, site_rows: Rows, revision: str
) -> None:
    """One step up and back, then up to head: every row stays, and the code runs on it."""
    url = _database_at(request, backend, tmp_path, revision)
    layout = _write(url, site_rows)
    after = REVISIONS[REVISIONS.index(revision) + 1]
    migrate.upgrade(url, after)
    migrate.downgrade(url, revision)
    assert _layout(url) == layout
    skip = _rewritten_after(revision, after)
    assert _without(_read(url, layout), skip) == _expected(site_rows, layout, skip), "down"

    migrate.upgrade(url)
    skip = _rewritten_after(revision)
    assert _without(_read(url, layout), skip) == _expected(site_rows, layout, skip), "up"
    _goes_on(url)


def test_0031_splits_each_name_into_surname_and_given_names(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path, site_rows: Rows
) -> None:
    """A name kept in one text, surname first, is split: the first word is the
    surname, the rest the given names; a comma, where written, divides them."""
    url = _database_at(request, backend, tmp_path, "0030")
    _write(url, site_rows)
    names = {
        "p1": "Петров  Пётр Иванович",  # White in game 1
        "p2": "Smith, John",
        "p3": "Madonna",
        "p4": " Sidorov Ivan ",
    }
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            for login, name in names.items():
                rename = sa.text("UPDATE players SET name = :n WHERE login = :l")
                conn.execute(rename, {"n": name, "l": login})
        migrate.upgrade(url)
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text("SELECT login, surname, given_names, name FROM players ORDER BY id")
            ).all()
    finally:
        engine.dispose()
    split = {r[0]: (r[1], r[2], r[3]) for r in rows}
    assert [split[login] for login in names] == [
        ("Петров", "Пётр Иванович", "Петров Пётр Иванович"),
        ("Smith", "John", "Smith John"),
        ("Madonna", "", "Madonna"),
        ("Sidorov", "Ivan", "Sidorov Ivan"),
    ]
    assert split["arb"] == ("Chief", "Arbiter", "Chief Arbiter")
    assert split["a1"] == ("A1", "", "A1")
    database = Database(url)
    try:
        services = site_over(database, FixedClock(END))
        pgn = services.queries.pgn([1])
        assert '[White "Петров, Пётр Иванович"]' in pgn
        assert services.queries.player("p2").name == "Smith John"
    finally:
        database.dispose()


def _revision(url: str) -> str:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return str(conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar())
    finally:
        engine.dispose()


def test_a_failing_revision_leaves_the_database_where_it_was(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> None:
    url = _database_at(request, backend, tmp_path, "0004")
    engine = make_engine(url)
    with engine.begin() as conn:  # 0009 will fail to create it
        conn.execute(sa.text("CREATE TABLE cases (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    with pytest.raises(sa.exc.DBAPIError):
        migrate.upgrade(url)
    assert _revision(url) == "0004"
    layout = _layout(url)
    assert "mail_moves" not in layout["players"] and "inbound_messages" not in layout


def test_sqlite_refuses_to_commit_rows_that_refer_to_nothing(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    url = _database_at(request, "sqlite", tmp_path, "0004")
    raw = sqlite3.connect(sa.make_url(url).database or "")  # foreign keys off, as by default
    raw.execute("INSERT INTO player_emails (player_id, address) VALUES (7, 'lost@example.org')")
    raw.commit()
    raw.close()
    with pytest.raises(migrate.ForeignKeyViolation, match=r"player_emails row 1 .* players"):
        migrate.upgrade(url)
    assert _revision(url) == "0004"
    assert "mail_moves" not in _layout(url)["players"]


@pytest.fixture
def sqlite_connection(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[str, sa.Connection]]:
    """A connection of the caller's to a SQLite site at 0004 with a player and an address."""
    url = _database_at(request, "sqlite", tmp_path, "0004")
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO players (id, login, name, lang, created_at) "
                "VALUES (1, 'p1', 'P', 'en', '2026-05-11 09:00:00')"
            )
        )
        conn.execute(sa.text("INSERT INTO player_emails (player_id, address) VALUES (1, 'a@b.c')"))
    with engine.connect() as conn:
        yield url, conn
    engine.dispose()


def test_a_callers_sqlite_connection_is_migrated_and_given_back_as_it_was(
    sqlite_connection: tuple[str, sa.Connection],
) -> None:
    url, conn = sqlite_connection
    cfg = migrate.alembic_config(url)
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")
    assert not conn.in_transaction()
    assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    # the player's address is not lost to ON DELETE CASCADE when players is copied
    assert conn.exec_driver_sql("SELECT address FROM player_emails").scalars().all() == ["a@b.c"]
    conn.rollback()
    assert _revision(url) == HEAD


def test_a_callers_sqlite_connection_in_a_transaction_is_refused(
    sqlite_connection: tuple[str, sa.Connection],
) -> None:
    url, conn = sqlite_connection
    conn.execute(sa.text("SELECT 1"))  # begins a transaction
    cfg = migrate.alembic_config(url)
    cfg.attributes["connection"] = conn
    with pytest.raises(RuntimeError, match="inside a transaction"):
        command.upgrade(cfg, "head")
    conn.rollback()
    assert _revision(url) == "0004"
