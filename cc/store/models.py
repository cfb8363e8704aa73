"""The stored state of the server: typed SQLAlchemy 2 models.

The tables are declared by domain in :mod:`cc.store.tables`; this module
imports every one of them and names every model and enum. It exists because
SQLAlchemy's registry resolves a relationship's target by name only once
every table is declared, and alembic compares the revisions against a
metadata that must hold them all: importing this module declares them. And
every importer names the stored state from this one place. The enums its
columns store live below it, in :mod:`cc.base.kinds`: they need no database.

Tables are created only by the alembic revisions in ``migrations/``; the
test suite checks that the revisions and these models agree.
"""

from __future__ import annotations

# the regulations' enums, stored in the events' columns
from cc.base.regulations import DayCounting as DayCounting
from cc.base.regulations import Mode as Mode
from cc.store.tables.base import NAMING as NAMING
from cc.store.tables.base import Base as Base
from cc.store.tables.base import UTCDateTime as UTCDateTime
from cc.store.tables.cases import Case as Case
from cc.store.tables.cases import CaseEntry as CaseEntry
from cc.store.tables.clock import PlayerLeave as PlayerLeave
from cc.store.tables.clock import TimeCharge as TimeCharge
from cc.store.tables.events import Event as Event
from cc.store.tables.events import EventAppealArbiter as EventAppealArbiter
from cc.store.tables.events import EventApplication as EventApplication
from cc.store.tables.events import Section as Section
from cc.store.tables.events import SectionEntry as SectionEntry
from cc.store.tables.events import Team as Team
from cc.store.tables.games import ConditionalLine as ConditionalLine
from cc.store.tables.games import DrawOffer as DrawOffer
from cc.store.tables.games import Game as Game
from cc.store.tables.games import Move as Move
from cc.store.tables.knockout import KnockoutGame as KnockoutGame
from cc.store.tables.knockout import KnockoutRules as KnockoutRules
from cc.store.tables.mail import InboundMessage as InboundMessage
from cc.store.tables.mail import OutboundMessage as OutboundMessage
from cc.store.tables.people import Player as Player
from cc.store.tables.people import PlayerEmail as PlayerEmail
from cc.store.tables.people import PlayerRole as PlayerRole
from cc.store.tables.ratings import PeriodGame as PeriodGame
from cc.store.tables.ratings import PlayerRating as PlayerRating
from cc.store.tables.ratings import RatingPeriod as RatingPeriod
from cc.store.tables.records import AuditEntry as AuditEntry
from cc.store.tables.records import Notification as Notification
from cc.store.tables.records import PushSubscription as PushSubscription
from cc.store.tables.records import scheduler_jobs as scheduler_jobs
from cc.store.tables.sign_in import ApiToken as ApiToken
from cc.store.tables.sign_in import LoginFailure as LoginFailure
from cc.store.tables.sign_in import PasswordReset as PasswordReset
from cc.store.tables.sign_in import ResetRequest as ResetRequest
from cc.store.tables.sign_in import WebSession as WebSession
