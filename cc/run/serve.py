"""Run the server processes configured for this site in one event loop."""

from __future__ import annotations

import asyncio
import logging

import uvicorn

from cc.base.health import Health
from cc.office.outbox import Outbox
from cc.run.config import Config, host_port
from cc.run.scheduling import start_scheduler
from cc.run.site import Site
from cc.web.app import create_app
from cc.web.context import WebSettings
from mailgate.imap import ImapMailbox, run_imap
from mailgate.listener import GatewayHandler, start_listener
from mailgate.sender import LocalRelay, Relay, SmtpRelay, run_sender

log = logging.getLogger(__name__)


async def serve(config: Config, services: Site) -> None:
    """The web app, the mail listener, the mail sender and the push sender, as configured."""
    controller = None
    health = Health()
    if config.mail_listen:
        host, port = host_port(config.mail_listen, 25)
        handler = GatewayHandler(
            services.mail.receive,
            services.ctx.clock.now,
            heartbeat=health.heartbeat("listener", vital=False),
        )
        controller = start_listener(handler, host, port, lmtp=config.mail_lmtp)
        log.info("mail listener on %s:%s for %s", host, port, config.mail_address)
    relay: Relay
    if config.smtp_relay:
        host, port = host_port(config.smtp_relay, 25)
        relay = SmtpRelay(
            host,
            port,
            username=config.smtp_user or None,
            password=config.smtp_password or None,
            start_tls=config.smtp_starttls,
        )
    else:
        relay = LocalRelay()
    # The embedded default keeps every sent message in var/outbox to be read.
    background = []
    if config.mail_send:
        background.append(
            asyncio.create_task(
                run_sender(
                    services.outbound,
                    relay,
                    services.ctx.clock.now,
                    Outbox(config.outbox_dir),
                    heartbeat=health.heartbeat("sender"),
                )
            )
        )
    else:
        log.info("mail is sent by another process (CC_MAIL_SEND=false)")
    if config.push_enabled:
        # Imported only when configured: the push libraries are not needed
        # by a site that does not push.
        from cc.web.push_sender import PushSender, VapidSettings, run_push

        pusher = PushSender(
            services.push,
            VapidSettings(config.vapid_private_key, config.vapid_subject),
            config.site_url,
            services.ctx.clock.now,
        )
        background.append(
            asyncio.create_task(run_push(pusher, heartbeat=health.heartbeat("push", vital=False)))
        )
        log.info("Web Push on, as %s", config.vapid_subject)
    if config.imap_host:
        mailbox = ImapMailbox(
            config.imap_host,
            config.imap_port,
            config.imap_user,
            config.imap_password,
            folder=config.imap_folder,
        )
        reader = run_imap(mailbox, services.mail.receive_many, heartbeat=health.heartbeat("reader"))
        background.append(asyncio.create_task(reader))
        log.info("reading %s@%s:%s", config.imap_user, config.imap_host, config.imap_port)
    scheduler = None
    if config.daily_every_seconds > 0:
        scheduler = start_scheduler(services, every_seconds=config.daily_every_seconds)
    else:
        log.info("the daily run is left to another process (CC_DAILY_EVERY_SECONDS=0)")
    try:
        if config.web_enabled:
            settings = WebSettings(
                secure_cookies=config.secure_cookies,
                base_url=config.site_url,
                vapid_public_key=config.vapid_public_key if config.push_enabled else "",
            )
            server = uvicorn.Server(
                uvicorn.Config(
                    create_app(services, settings, health),
                    host=config.web_host,
                    port=config.web_port,
                    log_level="info",
                    access_log=config.web_access_log,
                    lifespan="on",
                )
            )
            # uvicorn owns the signals: when it stops, everything stops.
            await server.serve()
        else:
            await asyncio.gather(*background)
    finally:
        if scheduler is not None:
            scheduler.shutdown(wait=False)
        for task in background:
            task.cancel()
        if controller is not None:
            controller.stop()
