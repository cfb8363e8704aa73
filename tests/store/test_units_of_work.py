"""A write inside a write joins it as a savepoint (the gateway's one transaction)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from cc.store.db import Database
from cc.store.models import Player


def count(db: Database) -> int:
    with db.read() as s:
        return s.scalar(select(func.count()).select_from(Player)) or 0


def add(session: object, login: str) -> None:
    from datetime import UTC, datetime

    session.add(
        Player(
            login=login,
            surname=login,
            lang="en",  # type: ignore[attr-defined]
            created_at=datetime(2026, 1, 1, tzinfo=UTC),
        )
    )
    session.flush()  # type: ignore[attr-defined]


def test_inner_refusal_rolls_back_only_its_part(db: Database) -> None:
    with db.write() as outer:
        add(outer, "kept")
        with pytest.raises(ValueError), db.write() as inner:
            assert inner is outer
            add(inner, "dropped")
            raise ValueError("refused")
        with db.read() as reader:  # sees the uncommitted outer change
            assert reader.scalar(select(Player.login)) == "kept"
        with db.write() as inner:
            add(inner, "also kept")
    with db.read() as s:
        assert sorted(s.scalars(select(Player.login))) == ["also kept", "kept"]


def test_an_outer_failure_rolls_back_everything(db: Database) -> None:
    with pytest.raises(RuntimeError), db.write() as outer:
        add(outer, "a")
        with db.write() as inner:
            add(inner, "b")
        raise RuntimeError("crash before commit")
    assert count(db) == 0
