"""Rows read with SQLAlchemy Core, made the session's objects as a load would.

Besides, :func:`read` runs a statement built once (its values bound per
call) through the session's transaction: a statement built on every call
costs more to build and to find in the statement cache than to run, on the
paths that read the same few rows for every move or message.

A move reads its game with the game's event and both players in one
statement. Read through the ORM, that one row costs about four times what
its SQL costs: the ORM builds a row processor for each entity, with a
loader for every attribute and relationship, on every execution, and the
move is cheap enough that this is a fifth of it. Read with Core, the row's
columns are what the ORM's load would put in each object's ``__dict__``,
and :func:`adopt` puts them there and enters the object in the session's
identity map, as :func:`sqlalchemy.orm.loading._instance` does for a new
row; the session then holds a persistent, unmodified object, and lazy
loads, changes and flushes work on it as on any loaded one.

An object the session already holds is returned as it is (as a load does
without ``populate_existing``); if it was expired, its own attributes load
it again when read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

from sqlalchemy import Executable, Table, inspect
from sqlalchemy.orm import Mapper, Session, attributes, configure_mappers

from cc.store.models import Base

B = TypeVar("B", bound=Base)

_NAMES: dict[type[Base], tuple[Mapper[Any], tuple[str, ...], int]] = {}


def read(session: Session, statement: Executable, params: Mapping[str, Any]) -> Sequence[Any]:
    """The rows of a Core ``statement`` (columns, not entities) in the
    session's transaction, after writing what the session holds, as its
    own execute would (autoflush): a row added and not yet flushed is read."""
    session.flush()
    return session.connection().execute(statement, params).all()


def adopt_row(
    session: Session, models: Sequence[type[Base]], row: Sequence[Any]
) -> tuple[list[Any], Sequence[Any]]:
    """The session's objects for a row that holds each of ``models``' columns
    in turn (in the order of :func:`columns_of`), and the row's values
    after them."""
    held: list[Any] = []
    at = 0
    for model in models:
        n = width(model)
        held.append(adopt(session, model, row[at : at + n]))
        at += n
    return held, row[at:]


def columns_of(model: type[Base]) -> Table:
    """The table whose columns, in its order, :func:`adopt` takes."""
    return cast(Table, model.__table__)


def width(model: type[Base]) -> int:
    """How many of a row's values :func:`adopt` takes for ``model``."""
    return len(_names(model)[1])


def adopt(session: Session, model: type[B], values: Sequence[Any]) -> B:
    """The session's object for ``model``'s row whose column values, in the
    order of :func:`columns_of`, are ``values`` (as Core returns them, the
    column types' conversions done)."""
    mapper, names, at = _names(model)
    key = mapper.identity_key_from_primary_key((values[at],))
    held = session.identity_map.get(key)
    if held is not None:
        return cast(B, held)
    row = mapper.class_manager.new_instance()
    row.__dict__.update(zip(names, values, strict=True))
    state = attributes.instance_state(row)
    state.key = key
    state.session_id = session.hash_key
    session.identity_map._add_unpresent(state, key)
    return cast(B, row)


def held(session: Session, model: type[B], ident: int) -> B | None:
    """``session.get(model, ident)``, answered from the identity map when the
    session holds the object unexpired: ``get`` costs about ten times that
    lookup, and the daily run asks it for the same few players and events
    thousands of times. Anything else (not held, expired, another class's
    object) goes to ``get`` itself."""
    found = session.identity_map.get((model, (ident,), None))
    if found is not None and type(found) is model:
        state = attributes.instance_state(found)
        if not state.expired and not state._deleted:
            return found
    return session.get(model, ident)


def _names(model: type[Base]) -> tuple[Mapper[Any], tuple[str, ...], int]:
    """The attribute that holds each column of the table, in its order, and
    where its id is."""
    found = _NAMES.get(model)
    if found is None:
        # As a query would first: relationships and attribute loaders set up.
        configure_mappers()
        mapper = inspect(model)
        table = columns_of(model)
        names = tuple(mapper.get_property_by_column(c).key for c in table.c)
        (key,) = mapper.primary_key
        at = next(i for i, column in enumerate(table.c) if column is key)
        found = _NAMES[model] = (mapper, names, at)
    return found
