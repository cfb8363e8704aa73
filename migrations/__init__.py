"""Alembic revisions: the only way tables are created or changed."""
