"""A site's database brought to this version's schema: the store's migrations, for the console."""

from __future__ import annotations

from cc.store import migrate


def upgrade(url: str, revision: str = "head") -> list[tuple[str, str | None]]:
    """Run the revisions up to ``revision``. At the head, what the models need
    that the database still lacks (see :func:`cc.store.migrate.missing_schema`):
    nothing, unless it is marked with a revision that never ran on it."""
    migrate.upgrade(url, revision)
    if revision in ("head", migrate.head()):
        # The models describe the head: a database stamped with a revision it
        # never ran (one renumbered or moved since) lacks some of it.
        return migrate.missing_schema(url)
    return []
