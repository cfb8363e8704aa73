"""INSERTs and UPDATEs compiled once per set of columns, then run as SQL.

A Core ``execute`` of an INSERT finds its compiled form in the statement
cache (by a cache key it builds from the statement on every call), sets up
an execution context with its defaults, runs it and builds a result that
knows the new row's key. For a one-row INSERT on SQLite that bookkeeping
costs more than the INSERT itself, and a move writes three such rows. Here
SQLAlchemy compiles the statement once for each table, dialect and set of
columns given; each call applies the compiled statement's own bind
processors to the values (the same conversions of instants, enums and JSON
that ``execute`` applies) and runs the SQL with
:meth:`~sqlalchemy.engine.Connection.exec_driver_sql`, which still goes
through the connection's transaction and its ``before_cursor_execute``
events.

A statement is prepared only where nothing is left to SQLAlchemy: every
column not given has no Python-side default (nor ``onupdate`` for an
UPDATE). Otherwise :func:`insert` and :func:`update` answer None and the
caller runs the Core statement. A value for no column is refused
(``ValueError`` naming it), where Core would drop it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Column, Table, bindparam
from sqlalchemy import insert as sa_insert
from sqlalchemy import update as sa_update
from sqlalchemy.engine import Connection, CursorResult, Dialect

from cc.store.loads import columns_of
from cc.store.models import Base

#: the parameter the WHERE clause of a prepared UPDATE takes the row's id by
ROW_ID = "_id"


@dataclass(frozen=True)
class Prepared:
    """One compiled statement: its SQL, how its parameters are passed (by
    position in this order, or by name when None) and each parameter's
    conversion for the driver."""

    sql: str
    order: tuple[str, ...] | None
    processors: Mapping[str, Callable[[Any], Any]]
    #: the statement answers the new row's id with RETURNING
    returning: bool

    def params(self, values: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        convert = self.processors
        if self.order is None:
            return {k: (convert[k](v) if k in convert else v) for k, v in values.items()}
        return tuple(convert[k](values[k]) if k in convert else values[k] for k in self.order)

    def run(self, connection: Connection, values: Mapping[str, Any]) -> CursorResult[Any]:
        return connection.exec_driver_sql(self.sql, self.params(values))

    def run_many(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        if rows:
            connection.exec_driver_sql(self.sql, self.many_params(rows))

    def many_params(self, rows: Sequence[Mapping[str, Any]]) -> list[Any]:
        """Each row's parameters, a value that recurs in a column converted
        once: the rows of one batch share their instants, kinds and ids.

        A value is known again by its type and, for an instant, its zone
        too, besides equality: ``True == 1`` and two equal instants in two
        zones may convert differently. A value that cannot be a key (JSON's
        dicts and lists) is converted each time."""
        if self.order is None:
            return [self.params(values) for values in rows]
        convert = self.processors
        # Column by column, then zipped into rows: the loops stay in C.
        columns = []
        for key in self.order:
            values = [row[key] for row in rows]
            process = convert.get(key)
            columns.append(values if process is None else _converted(process, values))
        return list(zip(*columns, strict=True))


def _converted(process: Callable[[Any], Any], values: list[Any]) -> list[Any]:
    """``values`` converted by ``process``, each distinct value once."""
    memo: dict[Any, Any] = {}
    out = []
    for value in values:
        known = (value.__class__, value, getattr(value, "tzinfo", None))
        try:
            out.append(memo[known])
        except KeyError:
            memo[known] = converted = process(value)
            out.append(converted)
        except TypeError:  # unhashable: converted every time
            out.append(process(value))
    return out


_CACHE: dict[tuple[object, ...], Prepared | None] = {}


def insert(model: type[Base], dialect: Dialect, keys: frozenset[str]) -> Prepared | None:
    """``INSERT INTO table (keys) VALUES (...)``, answering the new id with
    RETURNING where the dialect is not SQLite (whose cursor's ``lastrowid``
    answers it for less)."""
    at = ("insert", model, type(dialect), dialect.paramstyle, keys)
    if at not in _CACHE:
        table = columns_of(model)
        found = None
        if _nothing_left(table, keys, "default"):
            returning = dialect.name != "sqlite"
            statement = sa_insert(table)
            if returning:
                statement = statement.returning(table.c.id)
            found = _compile(statement, dialect, keys, returning)
        _CACHE[at] = found
    return _CACHE[at]


def update(model: type[Base], dialect: Dialect, keys: frozenset[str]) -> Prepared | None:
    """``UPDATE table SET keys WHERE id = :_id`` (``keys`` holds
    :data:`ROW_ID` with the columns)."""
    at = ("update", model, type(dialect), dialect.paramstyle, keys)
    if at not in _CACHE:
        table = columns_of(model)
        found = None
        if _nothing_left(table, keys, "onupdate"):
            statement = sa_update(table).where(table.c.id == bindparam(ROW_ID))
            found = _compile(statement, dialect, keys, False)
        _CACHE[at] = found
    return _CACHE[at]


def inserted_id(prepared: Prepared, result: CursorResult[Any]) -> int:
    return int(result.scalar_one() if prepared.returning else result.lastrowid)


def _compile(statement: Any, dialect: Dialect, keys: frozenset[str], returning: bool) -> Prepared:
    compiled = statement.compile(dialect=dialect, column_keys=sorted(keys))
    order = tuple(compiled.positiontup) if compiled.positional else None
    # The conversions Core's execute applies to each parameter.
    processors = dict(compiled._bind_processors)
    return Prepared(str(compiled), order, processors, returning)


def _nothing_left(table: Table, keys: frozenset[str], kind: str) -> bool:
    """Every column not given has no Python-side ``kind`` for SQLAlchemy to
    supply (a server default is the database's own).

    A key that names no column is refused: compiled, or run through Core's
    execute, its value would be dropped without a word."""
    columns = cast("list[Column[Any]]", list(table.columns))
    unknown = keys - {ROW_ID} - {c.name for c in columns}
    if unknown:
        raise ValueError(f"{table.name} has no column {', '.join(sorted(unknown))}")
    return all(c.name in keys or getattr(c, kind) is None for c in columns if not c.primary_key)
