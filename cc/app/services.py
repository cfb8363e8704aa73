"""The application services: the one place where the rules of play live.

Web pages, the JSON API, the email gateway, Xfcc clients, the daily run and
the admin CLI all call these; each call is one transaction, refused whole
with a :class:`cc.base.errors.ServiceError` or committed whole with its audit
entry. What someone should hear of is recorded as a notification
(:mod:`cc.kernel.notifications`) for the doors to deliver: the services
import no door, and build none (:mod:`cc.run.site` wires them).
"""

from cc.accounts.addresses import AddressService
from cc.accounts.people import PeopleService
from cc.accounts.players import PlayerService
from cc.accounts.sessions import AccountService
from cc.app.daily import DailyService
from cc.cases.service import CaseService
from cc.clock.kept_tallies import forget_stale_tallies
from cc.clock.leaves import LeaveService
from cc.clock.ledger import LedgerService
from cc.clock.receipts import ReceiptService
from cc.events.entries import EntryService
from cc.events.lifecycle import EventService, EventSpec
from cc.events.standings import StandingsService
from cc.events.systems.knockout import KnockoutService
from cc.events.systems.swiss import SwissService
from cc.events.thematic import ThemeService
from cc.events.trf import TrfService
from cc.games.messages import GameMessages
from cc.games.moves import GameService, MoveOutcome
from cc.games.records import RecordService
from cc.games.state import GameStateService
from cc.kernel.context import Actor, ServiceContext
from cc.kernel.notifications import Kind, Notice, Notifications
from cc.notify.centre import NotificationCentre
from cc.notify.subscriptions import PushSubscriptions
from cc.office.mail import MailOffice
from cc.office.outbound import MailSettings, OutboundService
from cc.ratings.periods import RatingService
from cc.views.arbiter_desk import ArbiterDesk
from cc.views.audit_log import AuditLog
from cc.views.event_report import EventReportService
from cc.views.office_home import Office
from cc.views.queries import QueryService
from cc.views.round_report import RoundReportService


class Services:
    """All services over one database and one clock."""

    def __init__(self, ctx: ServiceContext, mail: MailSettings | None = None) -> None:
        self.ctx = ctx
        # Every flush of the database's sessions forgets the games' kept
        # tallies that a changed charge, leave, move date or decision spoils.
        ctx.db.listen_before_flush(forget_stale_tallies)
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
        #: FIDE's tournament report file (TRF): a section written out, a Swiss read in
        self.trf = TrfService(ctx, self.events, self.swiss)
        #: the server's rating (Glicko-2) over the periods the organiser closes
        self.ratings = RatingService(ctx)
        self.event_report = EventReportService(ctx)
        #: a Swiss round's pairs and why each is what it is (C.04.3)
        self.round_report = RoundReportService(ctx)
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
