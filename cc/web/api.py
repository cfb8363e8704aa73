"""The JSON API (/api/v1): everything the pages do, for every other client.

Clients authenticate with a personal token (``Authorization: Bearer ...``).
Errors are JSON: ``{"error": {"code": ..., "message": ...}}`` with a stable
code and a message in the caller's language (the player's setting, or
Accept-Language).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from cc import errors
from cc.models import Door, Player
from cc.services import Actor
from cc.services.queries import as_json
from cc.web.context import services_of
from cc.web.i18n import accepted_language, pick_language

router = APIRouter(prefix="/api/v1", tags=["api"])

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
    )


def api_actor(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Actor:
    """The player a Bearer token belongs to; 401 otherwise."""
    token = None
    if authorization and authorization.lower().startswith("bearer "):
        token = authorization[7:].strip()
    svc = services_of(request)
    player_id = svc.accounts.token_player(token)
    if player_id is None:
        raise errors.NotSignedIn()
    with svc.ctx.db.read() as session:
        player = session.get(Player, player_id)
        request.state.api_lang = player.lang if player else None
        login = player.login if player else str(player_id)
    return Actor(player_id=player_id, door=Door.API, label=login)


Caller = Annotated[Actor, Depends(api_actor)]


class MoveIn(BaseModel):
    move: str = Field(description="The move in any notation the server reads, e.g. 5254, e4, Кf3")
    move_number: int | None = Field(
        default=None, description="Full-move number being sent; a retry is answered once"
    )
    offer_draw: bool = False
    conditional: str | None = Field(
        default=None, description="A line after this move: their reply, my answer, ..."
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


@router.get("/me", summary="The calling player")
def me(request: Request, caller: Caller) -> dict[str, Any]:
    svc = services_of(request)
    player = svc.queries.player(caller.player_id or 0)
    return as_json(player)  # type: ignore[no-any-return]


@router.patch("/me", summary="Set language and notation")
def set_me(request: Request, caller: Caller, body: PreferencesIn) -> dict[str, Any]:
    svc = services_of(request)
    with svc.ctx.db.write():  # all of it, or none of it
        svc.accounts.set_preferences(
            caller, lang=body.lang, notation=body.notation, mail_moves=body.mail_moves
        )
        if body.emails is not None:
            svc.accounts.set_emails(caller, body.emails)
    return as_json(svc.queries.player(caller.player_id or 0))  # type: ignore[no-any-return]


@router.get("/games", summary="My games, those where I am to move first")
def games(request: Request, caller: Caller) -> list[dict[str, Any]]:
    return as_json(services_of(request).queries.my_games(caller.player_id or 0))  # type: ignore[no-any-return]


@router.get("/games/{game_id}", summary="A game: moves, position, whose turn")
def game(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).queries.game_for(caller, game_id))  # type: ignore[no-any-return]


@router.get("/games/{game_id}/ledger", summary="The game's schedule (Art. 60) and clocks")
def ledger(request: Request, caller: Caller, game_id: int, notation: str = "san") -> dict[str, Any]:
    svc = services_of(request)
    svc.queries.game_for(caller, game_id)
    return as_json(svc.ledgers.schedule(game_id, style=notation))  # type: ignore[no-any-return]


@router.get("/games/{game_id}/pgn", summary="The game in PGN", response_class=PlainTextResponse)
def game_pgn(request: Request, caller: Caller, game_id: int) -> PlainTextResponse:
    svc = services_of(request)
    svc.queries.game_for(caller, game_id)
    return PlainTextResponse(
        svc.queries.pgn([game_id]) + "\n", media_type="application/x-chess-pgn"
    )


@router.post("/games/{game_id}/preview", summary="Check a move without making it")
def preview(request: Request, caller: Caller, game_id: int, body: PreviewIn) -> dict[str, Any]:
    preview = services_of(request).games.preview_move(
        caller, game_id, body.move, conditional=body.conditional
    )
    return as_json(preview)  # type: ignore[no-any-return]


@router.post("/games/{game_id}/moves", summary="Make a move")
def make_move(request: Request, caller: Caller, game_id: int, body: MoveIn) -> dict[str, Any]:
    outcome = services_of(request).games.submit_move(
        caller,
        game_id,
        body.move,
        move_number=body.move_number,
        offer_draw=body.offer_draw,
        conditional=body.conditional,
    )
    return as_json(outcome)  # type: ignore[no-any-return]


@router.get("/games/{game_id}/conditionals", summary="My conditional lines in a game")
def lines(request: Request, caller: Caller, game_id: int) -> list[dict[str, Any]]:
    svc = services_of(request)
    svc.queries.game_for(caller, game_id)
    return as_json(svc.games.lines(caller, game_id))  # type: ignore[no-any-return]


@router.post("/games/{game_id}/conditionals", summary="Add a conditional line", status_code=201)
def add_line(request: Request, caller: Caller, game_id: int, body: LineIn) -> dict[str, Any]:
    return {"id": services_of(request).games.add_line(caller, game_id, body.line)}


@router.delete(
    "/games/{game_id}/conditionals/{line_id}", summary="Cancel a conditional line", status_code=204
)
def cancel_line(request: Request, caller: Caller, game_id: int, line_id: int) -> None:
    services_of(request).games.cancel_line(caller, line_id)


@router.post("/games/{game_id}/draw/offer", summary="Offer a draw")
def offer_draw(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.offer_draw(caller, game_id))  # type: ignore[no-any-return]


@router.post("/games/{game_id}/draw/accept", summary="Accept the partner's draw offer")
def accept_draw(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.accept_draw(caller, game_id))  # type: ignore[no-any-return]


@router.post("/games/{game_id}/draw/decline", summary="Decline the partner's draw offer")
def decline_draw(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.decline_draw(caller, game_id))  # type: ignore[no-any-return]


@router.post("/games/{game_id}/draw/claim", summary="Claim threefold repetition or 50 moves")
def claim_draw(request: Request, caller: Caller, game_id: int, body: ClaimIn) -> dict[str, Any]:
    return as_json(services_of(request).games.claim_draw(caller, game_id, text=body.move))  # type: ignore[no-any-return]


@router.post("/games/{game_id}/resign", summary="Resign")
def resign(request: Request, caller: Caller, game_id: int) -> dict[str, Any]:
    return as_json(services_of(request).games.resign(caller, game_id))  # type: ignore[no-any-return]


@router.get("/leaves", summary="My leaves and the days used and allowed")
def leaves(request: Request, caller: Caller) -> dict[str, Any]:
    svc = services_of(request)
    pid = caller.player_id or 0
    return as_json({"leaves": svc.leaves.leaves(pid), "balance": svc.leaves.balance(pid)})  # type: ignore[no-any-return]


@router.post("/leaves", summary="Take a leave (announced in advance)", status_code=201)
def take_leave(request: Request, caller: Caller, body: LeaveIn) -> dict[str, Any]:
    svc = services_of(request)
    leave_id = svc.leaves.request(caller, caller.player_id or 0, body.first_day, body.last_day)
    return {"id": leave_id}


@router.post("/leaves/{leave_id}/end", summary="End a leave early")
def end_leave(request: Request, caller: Caller, leave_id: int) -> dict[str, Any]:
    return as_json(services_of(request).leaves.end_early(caller, leave_id))  # type: ignore[no-any-return]


@router.get("/arbiter/events", summary="The events I am arbiter of")
def arbiter_events(request: Request, caller: Caller) -> list[dict[str, Any]]:
    return as_json(services_of(request).queries.events_of_official(caller))  # type: ignore[no-any-return]


@router.get("/arbiter/events/{code}", summary="An event's games with their clocks, and leaves")
def arbiter_event(request: Request, caller: Caller, code: str) -> dict[str, Any]:
    return as_json(services_of(request).queries.event_overview(caller, code))  # type: ignore[no-any-return]
