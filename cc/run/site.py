"""One site: the services, and the doors that need wiring to them.

The domains' services (built by :mod:`cc.app.services`) import no door: they record what
someone should hear of as notifications. Here the email gateway
(:mod:`mailgate.gateway`) is built over them and its handler subscribed to
those notifications, once per set of services, so every change, whichever
door made it, is mailed in its own transaction. The console, the server
process and the tests all build the site this way; the web app takes it as
the services it serves, and builds its own Xfcc door (:mod:`cc.xfcc.service`).
"""

from __future__ import annotations

from cc.app.services import Services
from cc.kernel.context import ServiceContext
from cc.office.outbound import MailSettings
from mailgate.gateway import MailGateway


class Site(Services):
    """The services with the email gateway wired to them."""

    def __init__(self, ctx: ServiceContext, mail: MailSettings | None = None) -> None:
        super().__init__(ctx, mail)
        #: the email door: takes each incoming message (:meth:`MailGateway.receive`)
        self.mail = MailGateway(self)
        self.notifications.subscribe(self.mail.notices.deliver)
        self.notifications.subscribe_digest(self.mail.notices.digest)


__all__ = ["Site"]
