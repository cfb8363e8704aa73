"""Build the site from the configuration: the one place doors get the services."""

from __future__ import annotations

import os
from pathlib import Path

from cc.base.clock import Clock, SystemClock
from cc.kernel.context import ServiceContext
from cc.office.outbound import MailSettings
from cc.run import config as config_mod
from cc.run.site import Site
from cc.store.db import Database


def build_services(config: config_mod.Config, clock: Clock | None = None) -> Site:
    config_mod.ensure_sqlite_dir(config.database_url)
    db = Database(config.database_url)
    services = Site(
        ServiceContext(db=db, clock=clock or SystemClock()),
        MailSettings(
            address=config.mail_address,
            secret=config_mod.secret(config),
            site_url=config.site_url,
            sender_policy=config.mail_sender_policy,
            authserv_id=config.mail_authserv_id,
            verify_dkim=config.mail_verify_dkim,
        ),
    )
    # Browsers are offered Web Push only when the site can sign for it.
    services.notifications.push_enabled = config.push_enabled
    if config.tablebases:
        services.cases.tablebases = [Path(p) for p in config.tablebases.split(os.pathsep) if p]
    return services
