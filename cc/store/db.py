"""Engines and units of work for SQLite (default) and PostgreSQL.

SQLite runs in WAL mode with ``synchronous=FULL`` so a committed move
survives a power cut, and a writer takes the database lock up front with
``BEGIN IMMEDIATE``: two writers then queue instead of both reading a game
and failing at commit. On PostgreSQL the services lock the rows they change
(``SELECT ... FOR UPDATE``).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, UOWTransaction, sessionmaker

_WRITE_OPTION = "cc_write"
#: what runs before a flush (SQLAlchemy's ``before_flush``): the session, the
#: flush under way, and the objects it was given (None: all)
FlushListener = Callable[[Session, UOWTransaction, Any], None]


def normalise_url(url: str) -> str:
    """Pick the psycopg 3 driver for a bare ``postgresql://`` URL.

    >>> normalise_url("postgresql://u@localhost/cc")
    'postgresql+psycopg://u@localhost/cc'
    >>> normalise_url("sqlite:///var/cc.sqlite3")
    'sqlite:///var/cc.sqlite3'
    """
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event, not the driver, open transactions,
        # so that writers can say BEGIN IMMEDIATE.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # Said to the driver itself: SQLAlchemy's statement machinery costs
        # more than the BEGIN, on every transaction. A failure (the lock not
        # had within the busy timeout, a file that cannot be opened) is
        # wrapped as that machinery would wrap it, so that the doors still
        # answer it as "try later" (:func:`cc.kernel.outages.unavailable`).
        write = connection.get_execution_options().get(_WRITE_OPTION)
        statement = "BEGIN IMMEDIATE" if write else "BEGIN"
        try:
            connection.connection.driver_connection.execute(statement)
        except sqlite3.Error as exc:
            raise sa_exc.DBAPIError.instance(
                statement, (), exc, sqlite3.Error, dialect=connection.dialect
            ) from exc


def json_text(value: Any) -> str:
    """A JSON column's value as stored: compact text, as :mod:`json` would
    write it (keys that are not strings written as strings).

    orjson writes and reads JSON several times faster than :mod:`json`; a
    move writes its ledger, audit entry and notice as JSON and reads its
    game's, and the daily run thousands of each.

    >>> json_text({"ply": 2, 1: [True, None]})
    '{"ply":2,"1":[true,null]}'
    """
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def make_engine(url: str, **kwargs: Any) -> Engine:
    """An engine for ``url`` with this project's settings for its backend."""
    url = normalise_url(url)
    kwargs.setdefault("json_serializer", json_text)
    kwargs.setdefault("json_deserializer", orjson.loads)
    if make_url(url).get_backend_name() == "sqlite":
        connect_args = {"timeout": 30, "check_same_thread": False}
        engine = create_engine(url, connect_args=connect_args, **kwargs)
        _configure_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, **kwargs)


def _records(exc: BaseException) -> bool:
    """A refusal that records what the record already decided is committed
    before it is raised (see :mod:`cc.base.errors`); any other failure rolls back."""
    return bool(getattr(exc, "records", False))


class Database:
    """One database: a read unit of work and a write unit of work."""

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = normalise_url(url)
        self.engine = make_engine(self.url, **engine_kwargs)
        self._write_engine = self.engine.execution_options(**{_WRITE_OPTION: True})
        self._reader = sessionmaker(self.engine, expire_on_commit=False)
        self._writer = sessionmaker(self._write_engine, expire_on_commit=False)
        # SQLite has one writer at a time. Writers of this process queue on a
        # lock rather than in SQLite's busy handler, which sleeps and polls and
        # so gives long, unfair waits; other processes still meet busy_timeout.
        self._write_lock = threading.Lock() if self.backend == "sqlite" else None
        self._ambient: ContextVar[Session | None] = ContextVar(f"cc_write_{id(self)}", default=None)

    def listen_before_flush(self, listener: FlushListener) -> None:
        """Run ``listener`` before every flush of this database's sessions,
        reads' and writes' (on their session factories, not on every session
        of the process): what a layer above keeps in step with the rows a
        flush writes is handed to the store by whoever builds the site, the
        store knowing nothing of it. Given twice, it runs once."""
        for factory in (self._reader, self._writer):
            if not event.contains(factory, "before_flush", listener):
                event.listen(factory, "before_flush", listener)

    @property
    def write_engine(self) -> Engine:
        """The engine whose transactions write (BEGIN IMMEDIATE on SQLite)."""
        return self._write_engine

    @property
    def backend(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A transaction that changes state: committed on success, else rolled
        back (except for a refusal that records, committed before it is raised).

        Opened while another write of this context is under way, it joins that
        transaction as a savepoint: a refusal inside rolls back only its own
        part, and everything commits together. The email gateway records a
        message and all its effects this way, in one transaction.
        """
        outer = self._ambient.get()
        if outer is not None:
            savepoint = outer.begin_nested()
            try:
                yield outer
            except BaseException as exc:
                if _records(exc):
                    savepoint.commit()
                else:
                    savepoint.rollback()
                raise
            savepoint.commit()
            return
        with self._write_lock or nullcontext(), self._writer() as session:
            transaction = session.begin()
            token = self._ambient.set(session)
            try:
                yield session
            except BaseException as exc:
                if _records(exc):
                    transaction.commit()
                else:
                    transaction.rollback()
                raise
            finally:
                self._ambient.reset(token)
            transaction.commit()

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only view; nothing in it is committed.

        Inside a write of this context it reads through that transaction, so
        it sees the changes not yet committed.
        """
        outer = self._ambient.get()
        if outer is not None:
            outer.flush()
            yield outer
            return
        with self._reader() as session:
            # Closing ends the transaction without expiring what was loaded.
            yield session

    def dispose(self) -> None:
        self.engine.dispose()
