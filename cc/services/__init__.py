"""The application services: the one place where the rules of play live.

Web pages, the JSON API, the email gateway, Xfcc clients, the daily run and
the admin CLI all call these; each call is one transaction, refused whole
with a :class:`cc.errors.ServiceError` or committed whole with its audit
entry. What someone should hear of is recorded as a notification
(:mod:`cc.services.notifications`) for the doors to deliver: the services
import no door, and build none (:mod:`cc.site` wires them).
"""

from cc.services.accounts import AccountService
from cc.services.addresses import AddressService
from cc.services.arbiter_desk import ArbiterDesk
from cc.services.audit_log import AuditLog
from cc.services.cases import CaseService
from cc.services.context import Actor, ServiceContext
from cc.services.daily import DailyService
from cc.services.entries import EntryService
from cc.services.event_report import EventReportService
from cc.services.events import EventService, EventSpec
from cc.services.game_messages import GameMessages
from cc.services.game_state import GameStateService
from cc.services.games import GameService, MoveOutcome
from cc.services.knockout import KnockoutService
from cc.services.leaves import LeaveService
from cc.services.ledger import LedgerService
from cc.services.mail_office import MailOffice
from cc.services.notification_centre import NotificationCentre
from cc.services.notifications import Kind, Notice, Notifications
from cc.services.office import Office
from cc.services.outbound import MailSettings, OutboundService
from cc.services.people import PeopleService
from cc.services.players import PlayerService
from cc.services.push_subscriptions import PushSubscriptions
from cc.services.queries import QueryService
from cc.services.ratings import RatingService
from cc.services.receipts import ReceiptService
from cc.services.records import RecordService
from cc.services.standings import StandingsService
from cc.services.swiss import SwissService
from cc.services.thematic import ThemeService


class Services:
    """All services over one database and one clock."""

    def __init__(self, ctx: ServiceContext, mail: MailSettings | None = None) -> None:
        self.ctx = ctx
        self.players = PlayerService(ctx)
        self.events = EventService(ctx)
        #: a section's own thematic start (Art. 26)
        self.themes = ThemeService(ctx)
        self.games = GameService(ctx)
        #: the one state a game page shows, and whether its viewer may move
        self.game_state = GameStateService(ctx)
        self.messages = GameMessages(ctx)
        self.desk = ArbiterDesk(ctx)
        self.audit_log = AuditLog(ctx)
        self.office = Office(ctx)
        self.entries = EntryService(ctx)
        self.mail_office = MailOffice(ctx)
        self.queries = QueryService(ctx)
        self.standings = StandingsService(ctx)
        #: knockout events' brackets (Art. 26)
        self.knockout = KnockoutService(ctx)
        #: a Swiss's rounds after the first (Art. 31.7), paired as rounds end
        self.swiss = SwissService(ctx)
        #: the server's rating (Glicko-2) over the periods the organiser closes
        self.ratings = RatingService(ctx)
        self.event_report = EventReportService(ctx)
        self.ledgers = LedgerService(ctx)
        self.receipts = ReceiptService(ctx)
        #: a game's record loaded from PGN by its arbiter (56.9.1)
        self.records = RecordService(ctx, self.games)
        self.leaves = LeaveService(ctx)
        self.mail_settings = mail = mail or MailSettings()
        self.accounts = AccountService(ctx, mail.secret, mail.site_url)
        self.people = PeopleService(ctx, self.accounts)
        #: registered addresses whose mail bounces (56.1.6)
        self.addresses = AddressService(ctx)
        self.outbound = OutboundService(ctx, mail.address)
        self.cases = CaseService(ctx, self.games, self.ledgers)
        self.accounts.email_hooks.append(self.cases.email_changed)
        self.daily = DailyService(ctx, self.games, self.cases)
        #: what the services notify; the doors subscribe their handlers
        self.notifications: Notifications = ctx.notifications
        #: the player's side: the centre, the choices, unsubscribing
        self.centre = NotificationCentre(ctx, mail.secret)
        #: the browsers players allowed to be notified (Web Push)
        self.push = PushSubscriptions(ctx)


__all__ = [
    "AccountService",
    "Actor",
    "AddressService",
    "CaseService",
    "EventService",
    "EventSpec",
    "GameService",
    "Kind",
    "LeaveService",
    "LedgerService",
    "MailSettings",
    "MoveOutcome",
    "Notice",
    "NotificationCentre",
    "Notifications",
    "PlayerService",
    "PushSubscriptions",
    "QueryService",
    "ReceiptService",
    "RecordService",
    "ServiceContext",
    "Services",
    "StandingsService",
    "SwissService",
]
