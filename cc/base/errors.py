"""Typed refusals of the application services.

Each refusal is a ``ValueError`` (as python-chess does for bad input) with a
stable ``code`` that API clients and the email gateway map to their own
answers, the input it refuses in ``params``, and a message in the caller's
language. A refusal means nothing was stored, with one kind of exception:
a refusal that ``records`` what the record had already decided (a loss on
time found while refusing a late move, 54.5.2) commits that, and only that.
"""

from __future__ import annotations

from typing import ClassVar

from cc.text import i18n


class ServiceError(ValueError):
    """A request the services refuse; nothing was changed."""

    code: ClassVar[str] = "invalid_input"
    #: the transaction that raised it is committed all the same (see above)
    records: ClassVar[bool] = False

    def __init__(self, **params: object) -> None:
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = i18n.DEFAULT_LANGUAGE) -> str:
        return i18n.render(self.code, lang, self.params)


class NotFound(ServiceError):
    code = "not_found"


class NotYourGame(ServiceError):
    code = "not_your_game"


class NotYourTurn(ServiceError):
    code = "not_your_turn"


class EventNotStarted(ServiceError):
    code = "event_not_started"


class EventNotRunning(ServiceError):
    code = "event_not_running"


class GameOver(ServiceError):
    code = "game_over"


class LostOnTime(GameOver):
    """A server game whose player to move went over the limit: the loss is
    recorded, dated on the day of the overstep, and the request refused."""

    code = "lost_on_time"
    records = True


class MoveRefused(ServiceError):
    """A move text that does not give exactly one legal move."""


class IllegibleMove(MoveRefused):
    code = "illegible_move"


class ImpossibleMove(MoveRefused):
    code = "impossible_move"


class AmbiguousMove(MoveRefused):
    code = "ambiguous_move"


class MoveNumberMismatch(ServiceError):
    code = "move_number_mismatch"


class AlreadyAppliedDifferently(ServiceError):
    code = "already_applied_differently"


class NotPermitted(ServiceError):
    code = "not_permitted"


class GameNotPublic(NotPermitted):
    """A game the event's regulations do not show to the public yet (the
    game exists: not a "not found")."""

    code = "game_not_public"


class BadTime(ServiceError):
    code = "bad_time"


class NoDrawOffer(ServiceError):
    code = "no_draw_offer"


class DrawOfferOpen(ServiceError):
    code = "draw_offer_open"


class DrawClaimInvalid(ServiceError):
    code = "draw_claim_invalid"


class InvalidInput(ServiceError):
    code = "invalid_input"


class Conflict(ServiceError):
    code = "conflict"


class EventStateError(ServiceError):
    code = "event_state"


class BadCredentials(ServiceError):
    code = "bad_credentials"


class TooManyAttempts(ServiceError):
    """Too many wrong passwords lately, at this login or from this address:
    the attempt waits ``seconds`` (nothing is locked, see cc.accounts.throttle)."""

    code = "too_many_attempts"

    @property
    def retry_after(self) -> int:
        """The wait in whole seconds, for HTTP's ``Retry-After``."""
        value = self.params.get("seconds", 1)
        return value if isinstance(value, int) else 1


class TooManyResetRequests(TooManyAttempts):
    """Too many reset requests from this address lately."""

    code = "too_many_reset_requests"


class NotSignedIn(ServiceError):
    code = "not_signed_in"


class RecordRefused(ServiceError):
    """A game's record (PGN) that cannot be loaded into the game."""

    code = "record_refused"


class GameSuspended(ServiceError):
    code = "game_suspended"


class OnLeave(ServiceError):
    code = "on_leave"


class ClaimRefused(ServiceError):
    """A time claim the rules do not allow now."""


class ClaimNotInMode(ClaimRefused):
    code = "claim_not_in_mode"


class NoOverstep(ClaimRefused):
    code = "no_overstep"


class ClaimTooLate(ClaimRefused):
    code = "claim_too_late"


class ClaimBarred(ClaimRefused):
    code = "claim_barred"


class CaseOpen(ClaimRefused):
    code = "case_open"


class CaseState(ServiceError):
    code = "case_state"


class ProtestWindowOpen(ServiceError):
    code = "protest_window_open"


class ProtestTooLate(ServiceError):
    code = "protest_too_late"


class AppealTooLate(ServiceError):
    code = "appeal_too_late"


class NoAppealArbiter(ServiceError):
    code = "no_appeal_arbiter"


class BadDecision(ServiceError):
    code = "bad_decision"


class SubmissionTooLate(ServiceError):
    code = "submission_too_late"


class NoMaterials(ServiceError):
    code = "no_materials"


class SubmissionsOpen(ServiceError):
    code = "submissions_open"


class ReceiptRefused(ServiceError):
    """A date of receipt the record of the game does not allow (55.2.2, 56.2.3)."""


class ReceiptInFuture(ReceiptRefused):
    code = "receipt_in_future"


class ReceiptBeforeStart(ReceiptRefused):
    code = "receipt_before_start"


class ReceiptBeforeSending(ReceiptRefused):
    code = "receipt_before_sending"


class ReceiptAfterReply(ReceiptRefused):
    code = "receipt_after_reply"


class ReceiptOfFirstMove(ReceiptRefused):
    code = "receipt_of_first_move"


class ReceiptNotReached(ReceiptRefused):
    code = "receipt_not_reached"
