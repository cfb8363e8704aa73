"""A gateway process that dies at a chosen point, for the crash tests.

    python -m tests.support.crashing_gateway DB_URL IMAP_PORT USER PASSWORD WHEN

WHEN is "before-flag" (the pipeline committed, the IMAP flag not stored) or
"before-send" (messages processed and flagged, answers queued, none sent).
The process ends with os._exit, as a kill would: no cleanup runs.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Sequence

from cc.base.clock import SystemClock
from cc.office.outbound import MailSettings
from cc.store.db import Database
from mailgate.imap import ImapMailbox, drain
from tests.support.sites import site_over

SECRET = b"crash-test"


def main() -> None:
    url, port, user, password, when = sys.argv[1:6]
    services = site_over(
        Database(url), SystemClock(), MailSettings(address="moves@cc.test", secret=SECRET)
    )

    class Dying(ImapMailbox):
        async def done(self, uids: Sequence[int]) -> None:
            if when == "before-flag":
                os._exit(137)
            await super().done(uids)

    async def run() -> None:
        box = Dying("127.0.0.1", int(port), user, password, timeout=10)
        await box.open()
        await drain(box, services.mail.receive_many)

    asyncio.run(run())
    os._exit(137)  # "before-send": the sender never ran


if __name__ == "__main__":
    main()
