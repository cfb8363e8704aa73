"""How far a database's schema is from the models' (alembic's comparison)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from cc.store.db import make_engine
from cc.store.models import Base


def drift(url: str) -> list[object]:
    """What the database at ``url`` lacks or has beyond the models (none: no drift)."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        engine.dispose()
