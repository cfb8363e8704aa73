"""The stored state: models, engines, schema upgrades, and the only home of
SQLAlchemy's internals.
"""
