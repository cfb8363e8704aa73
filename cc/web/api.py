"""The JSON API (/api/v1): everything the pages do, for every other client.

Clients authenticate with a personal token (``Authorization: Bearer ...``).
Errors are JSON: ``{"error": {"code": ..., "message": ...}}`` with a stable
code and a message in the caller's language (the player's setting, or
Accept-Language).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal, get_args

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from cc.accounts.tokens import TokenView
from cc.base import errors
from cc.base.json_values import as_json
from cc.base.kinds import Door
from cc.clock.leaves import LeaveView
from cc.clock.ledger_views import GameLedgerView
from cc.clock.receipts import ReceiptOutcome
from cc.games.conditionals import LineView
from cc.games.moves import MoveOutcome, MovePreview
from cc.games.outcomes import GameOutcome
from cc.kernel.context import Actor
from cc.views.event_overview import EventOverview
from cc.views.events import EventView
from cc.views.games import GameView
from cc.views.my_games import MyGameRow
from cc.views.players import PlayerView
from cc.web.api_document import IdOut, returns
from cc.web.api_shapes import EventWithGames, LeavesOut, PgnResponse, SectionTable
from cc.web.context import PGN_MEDIA_TYPE, services_of
from cc.web.i18n import accepted_language, pick_language
from notation.kinds import WRITTEN

router = APIRouter(prefix="/api/v1")  # tags: cc.web.api_document

_STATUS: dict[type[errors.ServiceError], int] = {
    errors.NotFound: 404,
    errors.NotPermitted: 403,
    errors.NotYourGame: 403,
    errors.NotSignedIn: 401,
    errors.BadCredentials: 401,
    errors.TooManyAttempts: 429,
    errors.MoveRefused: 422,
    errors.InvalidInput: 422,
    errors.BadTime: 422,
    errors.NotYourTurn: 409,
    errors.GameOver: 409,
    errors.EventNotStarted: 409,
    errors.EventNotRunning: 409,
    errors.MoveNumberMismatch: 409,
    errors.AlreadyAppliedDifferently: 409,
    errors.NoDrawOffer: 409,
    errors.DrawOfferOpen: 409,
    errors.DrawClaimInvalid: 409,
    errors.Conflict: 409,
    errors.EventStateError: 409,
    errors.GameSuspended: 409,
    errors.OnLeave: 409,
    errors.ClaimRefused: 409,
    errors.CaseState: 409,
    errors.ProtestWindowOpen: 409,
    errors.ProtestTooLate: 409,
    errors.AppealTooLate: 409,
    errors.NoAppealArbiter: 409,
    errors.BadDecision: 422,
    errors.SubmissionTooLate: 409,
    errors.NoMaterials: 409,
    errors.SubmissionsOpen: 409,
    errors.ReceiptRefused: 422,
}


def status_for(exc: errors.ServiceError) -> int:
    for cls in type(exc).__mro__:
        if cls in _STATUS:
            return _STATUS[cls]
    return 400


def _caller_language(request: Request) -> str:
    """An explicit Accept-Language first, then the player's own setting."""
    return accepted_language(request.headers.get("accept-language")) or pick_language(
        getattr(request.state, "api_lang", None), None, None
    )


def retry_headers(exc: errors.ServiceError) -> dict[str, str]:
    """``Retry-After`` for a refusal that only asks to wait."""
    if isinstance(exc, errors.TooManyAttempts):
        return {"Retry-After": str(exc.retry_after)}
    return {}


def error_response(request: Request, exc: errors.ServiceError) -> JSONResponse:
    return JSONResponse(
        {
            "error": {
                "code": exc.code,
                "message": exc.message(_caller_language(request)),
                "params": {k: str(v) for k, v in exc.params.items()},
            }
        },
        status_code=status_for(exc),
        headers=retry_headers(exc),
    )


def api_actor(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Actor:
    """The player a Bearer token belongs to; 401 otherwise."""
    token = None
    if authorization and authorization.lower().startswith("bearer "):
        token = authorization[7:].strip()
    holder = services_of(request).accounts.token_holder(token)
    if holder is None:
        raise errors.NotSignedIn()
    request.state.api_lang = holder.lang
    return Actor(player_id=holder.player_id, door=Door.API, label=holder.login)


Caller = Annotated[Actor, Depends(api_actor)]


def api_viewer(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Actor | None:
    """The token's player, or None without a token: what anyone may read
    (public games, events, crosstables) needs none; a wrong token is 401."""
    if not authorization:
        return None
    return api_actor(request, authorization)


Viewer = Annotated[Actor | None, Depends(api_viewer)]


#: the notations a move is written in (:data:`notation.kinds.WRITTEN`)
WrittenNotation = Literal["numeric", "san", "san-ru", "lan", "lan-ru", "uci"]
assert get_args(WrittenNotation) == WRITTEN, "WrittenNotation names every written notation"


class MoveIn(BaseModel):
    move: str = Field(description="The move in any notation the server reads, e.g. 5254, e4, Кf3")
    move_number: int | None = Field(
        default=None, description="Full-move number being sent; a retry is answered once"
    )
    offer_draw: bool = False
    conditional: str | None = Field(
        default=None, description="A line after this move: their reply, my answer, ..."
    )
    message: str | None = Field(
        default=None,
        max_length=2000,
        description="A message to the partner, sent with the move and kept with it",
    )
    player: str | None = Field(
        default=None,
        description="Arbiters: the login of the player whose move it is (a posted move)",
    )
    sent_at: str | None = Field(
        default=None,
        description="Arbiters: when it was sent, a date (2026-05-18, its first instant) or an "
        "instant (2026-05-18T10:30, in the event's zone unless one is given)",
    )
    received: str | None = Field(
        default=None,
        description="Arbiters: when the player received the partner's last move (Art. 55.2.2, "
        "56.2.3), a date or an instant as for sent_at",
    )


class ReceiptIn(BaseModel):
    player: str = Field(description="The login of the player who received the move")
    received: str = Field(
        description="A date (2026-05-17, its first instant in the event's zone) or an instant "
        "(2026-05-17T10:30, in the event's zone unless one is given)"
    )
    move_number: int | None = Field(
        default=None,
        description="The player's own move whose receipt it is (a line of the Art. 60 "
        "schedule); by default the one being thought about, or else the last one",
    )


class PreviewIn(BaseModel):
    move: str
    conditional: str | None = None


class LineIn(BaseModel):
    line: str = Field(description="The partner's expected move, my answer, ... (any notation)")


class ClaimIn(BaseModel):
    move: str | None = Field(default=None, description="The move that makes the repetition")


class LeaveIn(BaseModel):
    first_day: date
    last_day: date


class PreferencesIn(BaseModel):
    lang: str | None = None
    notation: str | None = None
    mail_moves: bool | None = Field(
        default=None, description="Mail me my partners' moves (email events)"
    )
    emails: list[str] | None = Field(
        default=None, description="My registered addresses, the first one mailed (56.1.2)"
    )
    current_password: str | None = Field(
        default=None,
        description="My current password: needed to change the addresses, where reset "
        "links go (the old addresses are told)",
    )


@router.get("/me", summary="The calling player", responses=returns(PlayerView))
def me(request: Request, caller: Caller) -> dict[str, Any]:
    svc = services_of(request)
    player = svc.queries.player(caller.player_id or 0)
    return as_json(player)  # type: ignore[no-any-return]


@router.patch("/me", summary="Set language and notation", responses=returns(PlayerView))
def set_me(request: Request, caller: Caller, body: PreferencesIn) -> dict[str, Any]:
    svc = services_of(request)
    with svc.ctx.db.write():  # all of it, or none of it
        svc.accounts.set_preferences(
            caller, lang=body.lang, notation=body.notation, mail_moves=body.mail_moves
        )
        if body.emails is not None:
            svc.accounts.set_emails(caller, body.emails, current_password=body.current_password)
    return as_json(svc.queries.player(caller.player_id or 0))  # type: ignore[no-any-return]


@router.get(
    "/me/tokens",
    summary="My API tokens: name, created, last used (never the token)",
    responses=returns(list[TokenView]),
)
def my_tokens(request: Request, caller: Caller) -> list[dict[str, Any]]:
    return as_json(services_of(request).accounts.tokens(caller))  # type: ignore[no-any-return]


@router.delete(
    "/me/tokens/{token_id}",
    summary="Revoke one of my API tokens (on the API and on Xfcc)",
    status_code=204,
)
def revoke_token(request: Request, caller: Caller, token_id: int) -> None:
    services_of(request).accounts.revoke_token(caller, token_id)


@router.get(
    "/games",
    summary="My games: those awaiting my move first (fewest days left first), then the "
    "others under way, then the finished ones",
    description="Each game says whether my move is awaited (`waiting`), an open draw offer "
    "(`draw_offer_to_me`, `draw_offer_by_me`), whether I may claim the opponent's overstep "
    "(`can_claim`), the day of the opponent's last move, and once finished the outcome from "
    "my side (`won`, `lost`, `drawn`).",
    responses=returns(list[MyGameRow]),
)
def games(request: Request, caller: Caller) -> list[dict[str, Any]]:
    return as_json(services_of(request).queries.my_games(caller.player_id or 0))  # type: ignore[no-any-return]


@router.get(
    "/games/{game_id}",
    summary="A game: moves, position, whose turn",
    description="Its players and its event's officials see all of it; anyone else, with a "
    "token or without, what the event's regulations make public: a finished game, or a game "
    "being played some moves behind (`moves_behind`), without its result or draw offer; "
    "otherwise 403 `game_not_public`.",
    responses=returns(GameView),
)
def game(request: Request, caller: Viewer, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).queries.game_for(caller, game_id))  # type: ignore[no-any-return]


@router.get(
    "/games/{game_id}/ledger",
    summary="The game's schedule (Art. 60) and clocks",
    description="For the public only once the game ends.",
    responses=returns(GameLedgerView),
)
def ledger(
    request: Request, caller: Viewer, game_id: int, notation: WrittenNotation = "san"
) -> dict[str, Any]:
    schedule = services_of(request).ledgers.schedule_for(caller, game_id, style=notation)
    return as_json(schedule)  # type: ignore[no-any-return]


@router.get(
    "/games/{game_id}/pgn",
    summary="The game in PGN (the public's copy of a game being played stops where its view does)",
    response_class=PgnResponse,
)
def game_pgn(request: Request, caller: Viewer, game_id: int) -> PlainTextResponse:
    return PgnResponse(
        services_of(request).queries.pgn_for(caller, game_id) + "\n",
        media_type=PGN_MEDIA_TYPE,
    )


@router.post(
    "/games/{game_id}/preview",
    summary="Check a move without making it",
    responses=returns(MovePreview),
)
def preview(request: Request, caller: Caller, game_id: int, body: PreviewIn) -> dict[str, Any]:
    preview = services_of(request).games.preview_move(
        caller, game_id, body.move, conditional=body.conditional
    )
    return as_json(preview)  # type: ignore[no-any-return]


# The API's busiest route runs in one worker thread: the token is checked
# in the move's thread rather than by a dependency (FastAPI runs each sync
# dependency in a thread of its own), and the answer is the outcome as JSON
# already, with no response model to check it against (another thread).
@router.post(
    "/games/{game_id}/moves",
    summary="Make a move",
    response_model=None,
    responses=returns(MoveOutcome),
)
def make_move(
    request: Request,
    game_id: int,
    body: MoveIn,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    caller = api_actor(request, authorization)
    svc = services_of(request)
    outcome = svc.games.submit_move(
        caller,
        game_id,
        body.move,
        as_player=svc.queries.player(body.player).id if body.player else None,
        move_number=body.move_number,
        offer_draw=body.offer_draw,
        conditional=body.conditional,
        message=body.message,
        sent_at=svc.receipts.instant(game_id, body.sent_at) if body.sent_at else None,
        received=body.received,
    )
    return as_json(outcome)  # type: ignore[no-any-return]


@router.post(
    "/games/{game_id}/receipts",
    summary="Arbiters: record when a player received the partner's move (55.2.2, 56.2.3)",
    responses=returns(ReceiptOutcome),
)
def record_receipt(
    request: Request, caller: Caller, game_id: int, body: ReceiptIn
) -> dict[str, Any]:
    outcome = services_of(request).receipts.record_receipt(
        caller,
        game_id,
        as_player=body.player,
        move_number=body.move_number,
        received=body.received,
    )
    return as_json(outcome)  # type: ignore[no-any-return]


@router.get(
    "/games/{game_id}/conditionals",
    summary="My conditional lines in a game",
    responses=returns(list[LineView]),
)
def lines(request: Request, caller: Caller, game_id: int) -> list[dict[str, Any]]:
    svc = services_of(request)
    svc.queries.game_for(caller, game_id)
    return as_json(svc.games.lines(caller, game_id))  # type: ignore[no-any-return]


@router.post(
    "/games/{game_id}/conditionals",
    summary="Add a conditional line",
    status_code=201,
    responses=returns(IdOut, 201),
)
def add_line(request: Request, caller: Caller, game_id: int, body: LineIn) -> dict[str, Any]:
    return {"id": services_of(request).games.add_line(caller, game_id, body.line)}


@router.delete(
    "/games/{game_id}/conditionals/{line_id}", summary="Cancel a conditional line", status_code=204
)
def cancel_line(request: Request, caller: Caller, game_id: int, line_id: int) -> None:
    services_of(request).games.cancel_line(caller, line_id)


@router.post("/games/{game_id}/draw/offer", summary="Offer a draw", responses=returns(GameOutcome))
def offer_draw(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.offer_draw(caller, game_id))  # type: ignore[no-any-return]


@router.post(
    "/games/{game_id}/draw/accept",
    summary="Accept the partner's draw offer",
    responses=returns(GameOutcome),
)
def accept_draw(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.accept_draw(caller, game_id))  # type: ignore[no-any-return]


@router.post(
    "/games/{game_id}/draw/decline",
    summary="Decline the partner's draw offer",
    responses=returns(GameOutcome),
)
def decline_draw(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.decline_draw(caller, game_id))  # type: ignore[no-any-return]


@router.post(
    "/games/{game_id}/draw/claim",
    summary="Claim threefold repetition or 50 moves",
    responses=returns(GameOutcome),
)
def claim_draw(request: Request, caller: Caller, game_id: int, body: ClaimIn) -> dict[str, Any]:
    return as_json(services_of(request).games.claim_draw(caller, game_id, text=body.move))  # type: ignore[no-any-return]


@router.post("/games/{game_id}/resign", summary="Resign", responses=returns(GameOutcome))
def resign(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.resign(caller, game_id))  # type: ignore[no-any-return]


@router.get(
    "/leaves", summary="My leaves and the days used and allowed", responses=returns(LeavesOut)
)
def leaves(request: Request, caller: Caller) -> dict[str, Any]:
    svc = services_of(request)
    pid = caller.player_id or 0
    return as_json({"leaves": svc.leaves.leaves(pid), "balance": svc.leaves.balance(pid)})  # type: ignore[no-any-return]


@router.post(
    "/leaves",
    summary="Take a leave (announced in advance)",
    status_code=201,
    responses=returns(IdOut, 201),
)
def take_leave(request: Request, caller: Caller, body: LeaveIn) -> dict[str, Any]:
    svc = services_of(request)
    leave_id = svc.leaves.request(caller, caller.player_id or 0, body.first_day, body.last_day)
    return {"id": leave_id}


@router.post("/leaves/{leave_id}/end", summary="End a leave early", responses=returns(LeaveView))
def end_leave(request: Request, caller: Caller, leave_id: int) -> dict[str, Any]:
    return as_json(services_of(request).leaves.end_early(caller, leave_id))  # type: ignore[no-any-return]


@router.get(
    "/arbiter/events", summary="The events I am arbiter of", responses=returns(list[EventView])
)
def arbiter_events(request: Request, caller: Caller) -> list[dict[str, Any]]:
    return as_json(services_of(request).queries.events_of_official(caller))  # type: ignore[no-any-return]


@router.get(
    "/arbiter/events/{code}",
    summary="An event's games with their clocks, and leaves",
    responses=returns(EventOverview),
)
def arbiter_event(request: Request, caller: Caller, code: str) -> dict[str, Any]:
    return as_json(services_of(request).queries.event_overview(caller, code))  # type: ignore[no-any-return]


@router.get(
    "/events",
    summary="The events (all but drafts): anyone may read them",
    responses=returns(list[EventView]),
)
def events(request: Request, caller: Viewer) -> list[dict[str, Any]]:
    return as_json(services_of(request).queries.public_events())  # type: ignore[no-any-return]


@router.get(
    "/events/{code}",
    summary="An event, its regulations and its games (results once they end)",
    responses=returns(EventWithGames),
)
def event(request: Request, caller: Viewer, code: str) -> dict[str, Any]:
    view, games = services_of(request).queries.public_event(code)
    return {**as_json(view), "games": as_json(games)}


@router.get(
    "/events/{code}/crosstable",
    summary="Each section's crosstable and tie-breaks, with each cell's games",
    responses=returns(list[SectionTable]),
)
def event_crosstable(request: Request, caller: Viewer, code: str) -> list[dict[str, Any]]:
    svc = services_of(request)
    svc.queries.public_event(code)
    return [s.as_dict() for s in svc.standings.event(code)]


@router.get(
    "/arbiter/events/{code}/report",
    summary="The event's report for the organiser (Art. 53.3)",
    response_class=PlainTextResponse,
)
def event_report(request: Request, caller: Caller, code: str) -> PlainTextResponse:
    report = services_of(request).event_report.report(caller, code, _caller_language(request))
    return PlainTextResponse(report)
