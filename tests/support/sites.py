"""The site as the tests build it: over a test's database and clock, with
the players' passwords given in one statement.

The one place the tests build a site (the fixtures of tests/conftest.py, the
processes tests/support starts, the tests over a database of their own).
"""

from __future__ import annotations

import functools

import sqlalchemy as sa

from cc.accounts.hashing import hash_password
from cc.app.services import Services
from cc.base.clock import Clock
from cc.kernel.context import ServiceContext
from cc.office.outbound import MailSettings
from cc.run.site import Site
from cc.store.db import Database
from cc.store.models import Player


def site_over(db: Database, clock: Clock, mail: MailSettings | None = None) -> Site:
    """The site over ``db``: the one place the tests build it, also over a
    database a test made itself (the console's, one of an old revision)."""
    return Site(ServiceContext(db=db, clock=clock), mail)


@functools.cache
def hashed(password: str) -> str:
    """One argon2 hash per password and test process: hashing is slow on purpose."""
    return hash_password(password)


def give_passwords(services: Services, password: str, *logins: str) -> None:
    """Every player (or those named) signs in with ``password``."""
    with services.ctx.db.write() as session:
        statement = sa.update(Player).values(password_hash=hashed(password))
        if logins:
            statement = statement.where(Player.login.in_(logins))
        session.execute(statement)
