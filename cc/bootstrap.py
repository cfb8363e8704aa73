"""Build the services from the configuration: the one place doors get them."""

from __future__ import annotations

import os
from pathlib import Path

from cc import config as config_mod
from cc.clock import Clock, SystemClock
from cc.db import Database
from cc.services import MailSettings, ServiceContext, Services


def build_services(config: config_mod.Config, clock: Clock | None = None) -> Services:
    config_mod.ensure_sqlite_dir(config.database_url)
    db = Database(config.database_url)
    services = Services(
        ServiceContext(db=db, clock=clock or SystemClock()),
        MailSettings(address=config.mail_address, secret=config_mod.secret(config)),
    )
    if config.tablebases:
        services.cases.tablebases = [Path(p) for p in config.tablebases.split(os.pathsep) if p]
    return services
