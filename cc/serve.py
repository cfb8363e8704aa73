"""Run the server processes configured for this site in one event loop."""

from __future__ import annotations

import asyncio

import uvicorn

from cc.config import Config
from cc.services import Services
from cc.web.app import create_app
from cc.web.context import WebSettings


async def serve(config: Config, services: Services) -> None:
    tasks = []
    if config.web_enabled:
        server = uvicorn.Server(
            uvicorn.Config(
                create_app(
                    services,
                    WebSettings(
                        secure_cookies=config.secure_cookies,
                        base_url=config.base_url or f"http://{config.web_host}:{config.web_port}",
                    ),
                ),
                host=config.web_host,
                port=config.web_port,
                log_level="info",
                lifespan="on",
            )
        )
        tasks.append(asyncio.create_task(server.serve()))
    if not tasks:
        raise SystemExit("nothing to serve: the web app is disabled in the configuration")
    await asyncio.gather(*tasks)
