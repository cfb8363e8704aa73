"""The application services: the one place where the rules of play live.

Web pages, the JSON API, the email gateway, Xfcc clients, the daily run and
the admin CLI all call these; each call is one transaction, refused whole
with a :class:`cc.errors.ServiceError` or committed whole with its audit
entry.
"""

from cc.services.accounts import AccountService
from cc.services.cases import CaseService
from cc.services.context import Actor, ServiceContext
from cc.services.daily import DailyService
from cc.services.event_report import EventReportService
from cc.services.events import EventService, EventSpec
from cc.services.games import GameService, MoveOutcome
from cc.services.leaves import LeaveService
from cc.services.ledger import LedgerService
from cc.services.mail import MailService, MailSettings
from cc.services.outbound import OutboundService
from cc.services.players import PlayerService
from cc.services.queries import QueryService
from cc.services.receipts import ReceiptService
from cc.services.standings import StandingsService
from cc.services.xfcc import XfccService


class Services:
    """All services over one database and one clock."""

    def __init__(self, ctx: ServiceContext, mail: MailSettings | None = None) -> None:
        self.ctx = ctx
        self.players = PlayerService(ctx)
        self.events = EventService(ctx)
        self.games = GameService(ctx)
        self.queries = QueryService(ctx)
        self.standings = StandingsService(ctx)
        self.event_report = EventReportService(ctx)
        self.ledgers = LedgerService(ctx)
        self.receipts = ReceiptService(ctx)
        self.leaves = LeaveService(ctx)
        mail = mail or MailSettings()
        self.accounts = AccountService(ctx, mail.secret)
        self.mail = MailService(ctx, self.games, self.ledgers, self.leaves, mail)
        self.outbound = OutboundService(ctx, self.mail.settings.address)
        self.cases = CaseService(ctx, self.games, self.ledgers)
        self.mail.cases = self.cases
        ctx.notifications.subscribe(self.mail.deliver)
        self.accounts.email_hooks.append(self.cases.email_changed)
        self.daily = DailyService(ctx, self.games, self.cases)
        self.xfcc = XfccService(ctx, self.games, self.accounts)


__all__ = [
    "AccountService",
    "Actor",
    "CaseService",
    "EventService",
    "EventSpec",
    "GameService",
    "LeaveService",
    "LedgerService",
    "MailService",
    "MailSettings",
    "MoveOutcome",
    "PlayerService",
    "QueryService",
    "ReceiptService",
    "ServiceContext",
    "Services",
    "StandingsService",
    "XfccService",
]
