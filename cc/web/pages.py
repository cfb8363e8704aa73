"""The HTML pages: sign-in, my games, a game with send-then-confirm, leave,
account, the arbiter's events, and the cases of players, arbiters and appeal
arbiters."""

from __future__ import annotations

import secrets
from datetime import date
from pathlib import Path
from typing import Any

import chess
import chess.svg
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from jinja2.runtime import Context
from starlette.exceptions import HTTPException as StarletteHTTPException

import notation
from cc.accounts.sessions import NOTATIONS, SessionInfo
from cc.accounts.throttle import DEVICE_DAYS
from cc.base import errors
from cc.games.moves import MESSAGE_LIMIT
from cc.text import i18n
from cc.text.i18n import N_, word
from cc.views.my_games import next_to_move
from cc.web import flash
from cc.web.context import (
    DEVICE_COOKIE,
    LANG_COOKIE,
    PGN_MEDIA_TYPE,
    PRE_CSRF_COOKIE,
    RESET_COOKIE,
    SESSION_COOKIE,
    actor_of,
    check_csrf,
    client_address,
    language,
    services_of,
    settings_of,
    viewer,
)
from cc.web.failures import api_framework_refusal
from cc.web.i18n import pick_language, translations
from cc.web.movelist import move_rows
from cc.web.notice_words import REASONS

templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
router = APIRouter(include_in_schema=False)


@pass_context
def _number(context: Context, value: object) -> str:
    """``{{ points|number }}``: a score or a tie-break as the page's language
    writes it (2.5, 2,5)."""
    return i18n.number(value, context.get("lang", i18n.DEFAULT_LANGUAGE))


@pass_context
def _result(context: Context, value: object) -> str:
    """``{{ game.result|result }}``: a result as the page's language writes it (½–½)."""
    return word("result", str(value), context.get("lang", i18n.DEFAULT_LANGUAGE))


templates.env.filters["number"] = _number
templates.env.filters["result"] = _result
#: how long a reset link's form may stay open once the link is followed
RESET_COOKIE_SECONDS = 30 * 60
#: the roles whose holders land on the arbiter's desk rather than their games
OFFICIAL_ROLES = frozenset({"arbiter", "adjudicator", "appeal_arbiter", "admin"})


class SignInRequired(Exception):
    """Raised by pages that need a signed-in player; answered with a redirect."""


def render(
    request: Request, name: str, status: int = 200, *, lang: str | None = None, **context: Any
) -> HTMLResponse:
    lang = lang or language(request)
    tr = translations(lang)
    info = viewer(request)
    # What the header counts and what live.js compares the page with.
    pulse = getattr(request.state, "pulse", None)
    if pulse is None and info:
        pulse = services_of(request).centre.pulse(info.player_id)
    return templates.TemplateResponse(
        request,
        name,
        {
            "_": tr.gettext,
            "ngettext": tr.ngettext,
            "lang": lang,
            "viewer": info,
            "csrf": info.csrf_token if info else "",
            "is_arbiter": bool(info and (OFFICIAL_ROLES & info.roles)),
            "is_admin": bool(info and "admin" in info.roles),
            "pulse": pulse,
            "unread": pulse.unread if pulse else 0,
            "to_move": pulse.to_move if pulse else 0,
            "flash": flash.said(request, lang),
            **context,
        },
        status_code=status,
    )


def signed_in(request: Request) -> SessionInfo:
    info = viewer(request)
    if info is None:
        raise SignInRequired()
    return info


async def form_of(request: Request, info: SessionInfo | None) -> dict[str, str]:
    """The posted form, after checking its CSRF token."""
    form = {k: str(v) for k, v in (await request.form()).items()}
    if info is not None:
        check_csrf(info.csrf_token, form.get("csrf_token"))
    return form


def board_svg(fen: str, *, flipped: bool, lastmove: str | None = None, size: int = 440) -> str:
    board = chess.Board(fen)
    last = chess.Move.from_uci(lastmove) if lastmove else None
    check = board.king(board.turn) if board.is_check() else None
    return chess.svg.board(board, flipped=flipped, lastmove=last, check=check, size=size)


def board_label(fen: str, lang: str) -> str:
    """The position in words, for screen readers (the board's aria-label)."""
    tr = translations(lang)
    board = chess.Board(fen)
    names = {
        chess.KING: tr.gettext("King"),
        chess.QUEEN: tr.gettext("Queen"),
        chess.ROOK: tr.gettext("Rook"),
        chess.BISHOP: tr.gettext("Bishop"),
        chess.KNIGHT: tr.gettext("Knight"),
        chess.PAWN: tr.gettext("Pawn"),
    }
    sides = []
    for color, side in ((chess.WHITE, tr.gettext("White")), (chess.BLACK, tr.gettext("Black"))):
        pieces = [
            f"{names[kind]} {', '.join(chess.square_name(s) for s in board.pieces(kind, color))}"
            for kind in names
            if board.pieces(kind, color)
        ]
        sides.append(f"{side}: {'; '.join(pieces)}.")
    turn = tr.gettext("White to move.") if board.turn else tr.gettext("Black to move.")
    return " ".join([tr.gettext("Chess board."), *sides, turn])


def install_error_pages(app: FastAPI) -> None:
    @app.exception_handler(SignInRequired)
    async def to_sign_in(request: Request, _exc: SignInRequired) -> Response:
        return RedirectResponse(f"/login?next={request.url.path}", status_code=303)

    @app.exception_handler(errors.ServiceError)
    async def refused(request: Request, exc: errors.ServiceError) -> Response:
        from cc.web.api import error_response, retry_headers, status_for

        if request.url.path.startswith("/api/"):
            return error_response(request, exc)
        response = render(
            request,
            "error.html",
            status=status_for(exc),
            message=exc.message(language(request)),
            code=exc.code,
        )
        response.headers.update(retry_headers(exc))
        return response

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return api_framework_refusal(request, exc)
        tr = translations(language(request))
        return render(
            request,
            "error.html",
            status=exc.status_code,
            message=tr.gettext("Page not found.") if exc.status_code == 404 else str(exc.detail),
            code=str(exc.status_code),
        )


# ------------------------------------------------------------- signing in


@router.get("/")
def home(request: Request) -> Response:
    """Players land on their games, officials on their desk."""
    info = viewer(request)
    if info is None:
        return RedirectResponse("/login", status_code=303)
    return RedirectResponse(
        "/arbiter" if OFFICIAL_ROLES & info.roles else "/games", status_code=303
    )


@router.get("/login")
def login_page(request: Request, next: str = "/") -> Response:
    token = secrets.token_urlsafe(32)
    response = render(request, "login.html", pre_csrf=token, next=_safe_next(next))
    response.set_cookie(
        PRE_CSRF_COOKIE,
        token,
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
    )
    return response


def _safe_next(target: str) -> str:
    """Only local paths: no open redirect."""
    return target if target.startswith("/") and not target.startswith("//") else "/"


@router.post("/login")
async def login(request: Request) -> Response:
    form = await form_of(request, None)
    check_csrf(request.cookies.get(PRE_CSRF_COOKIE), form.get("csrf_token"))
    accounts = services_of(request).accounts
    login, device = form.get("login", ""), request.cookies.get(DEVICE_COOKIE)
    try:
        ticket = accounts.sign_in(login, form.get("password", ""), client_address(request), device)
    except (errors.BadCredentials, errors.TooManyAttempts) as exc:
        token = secrets.token_urlsafe(32)
        response = render(
            request,
            "login.html",
            status=429 if isinstance(exc, errors.TooManyAttempts) else 401,
            pre_csrf=token,
            next=_safe_next(form.get("next", "/")),
            error=exc.message(language(request)),
            login=login,
        )
        if isinstance(exc, errors.TooManyAttempts):
            response.headers["Retry-After"] = str(exc.retry_after)
        response.set_cookie(
            PRE_CSRF_COOKIE,
            token,
            httponly=True,
            samesite="lax",
            secure=settings_of(request).secure_cookies,
        )
        return response
    redirect = RedirectResponse(_safe_next(form.get("next", "/")), status_code=303)
    redirect.set_cookie(
        SESSION_COOKIE,
        ticket.token,
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
        max_age=int((ticket.expires_at - services_of(request).ctx.now()).total_seconds()),
    )
    redirect.set_cookie(
        DEVICE_COOKIE,
        accounts.remember_device(login, device),
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
        max_age=DEVICE_DAYS * 86400,
    )
    redirect.delete_cookie(PRE_CSRF_COOKIE)
    return redirect


@router.post("/logout")
async def logout(request: Request) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    services_of(request).accounts.sign_out(request.cookies.get(SESSION_COOKIE, ""))
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.get("/lang")
def set_visitor_language(request: Request, lang: str = "en", next: str = "/") -> Response:
    """A visitor's language: only a cookie changes, nothing is stored."""
    response = RedirectResponse(_safe_next(next), status_code=303)
    if lang in ("en", "ru"):
        response.set_cookie(LANG_COOKIE, lang, samesite="lax")
    return response


@router.post("/lang")
async def set_language(request: Request) -> Response:
    """A signed-in player's language: stored as their setting."""
    info = signed_in(request)
    form = await form_of(request, info)
    lang = form.get("lang", "en")
    services_of(request).accounts.set_preferences(actor_of(info), lang=lang)
    response = RedirectResponse(_safe_next(form.get("next", "/")), status_code=303)
    if lang in ("en", "ru"):
        response.set_cookie(LANG_COOKIE, lang, samesite="lax")
    return response


# ------------------------------------------------------------- my games


@router.get("/games")
def my_games(request: Request) -> Response:
    """The player's table: the games under way (those awaiting the move
    first), the button to the most urgent one, the finished games below."""
    info = signed_in(request)
    _stamp_first(request, info)
    rows = services_of(request).queries.my_games(info.player_id)
    lang = language(request)
    return render(
        request,
        "games.html",
        games=[r for r in rows if r.status == "ongoing"],
        finished=[r for r in rows if r.status != "ongoing"],
        next_game=next_to_move(rows),
        reasons={
            r.result_reason: reason_words(r.result_reason, lang) for r in rows if r.result_reason
        },
    )


def reason_words(reason: str, lang: str) -> str:
    """How a game ended, in words (checkmate, lost on time, ...)."""
    text = REASONS.get(reason)
    return text.localize(lang) if text is not None else word("reason", reason, lang)


def _stamp_first(request: Request, info: SessionInfo) -> None:
    """Take the games' stamps before reading what the page shows: a move in
    between then shows on the next poll instead of being missed."""
    request.state.pulse = services_of(request).centre.pulse(info.player_id)


@router.get("/games.pgn")
def my_pgn(request: Request) -> Response:
    info = signed_in(request)
    svc = services_of(request)
    ids = [g.id for g in svc.queries.my_games(info.player_id)]
    return PlainTextResponse(
        svc.queries.pgn(ids) + "\n",
        media_type=PGN_MEDIA_TYPE,
        headers={"Content-Disposition": f'attachment; filename="{info.login}.pgn"'},
    )


def _game_context(request: Request, info: SessionInfo | None, game_id: int) -> dict[str, Any]:
    """A game's page as its viewer may see it: a player of it, an official of
    its event, or anyone else (signed in or not) to whom the regulations show
    it (cc.kernel.access): no forms then, and while it is played neither
    its state nor its schedule."""
    svc = services_of(request)
    actor = actor_of(info) if info else None
    view = svc.queries.game_for(actor, game_id)
    mine = info is not None and info.login in (view.white, view.black)
    whole = view.moves_behind is None
    black_side = info is not None and view.black == info.login
    last = view.moves[-1].uci if view.moves else None
    style = info.notation if info and info.notation in NOTATIONS else "san"
    moves = [chess.Move.from_uci(m.uci) for m in view.moves]
    written: dict[int, str] = {}
    # From the game's start (Art. 26: a thematic position or Chess960).
    start_fen = view.start_fen or chess.STARTING_FEN
    replay = chess.Board(start_fen, chess960=view.chess960)
    for ply, move in enumerate(moves, start=1):
        written[ply] = notation.write_move(replay, move, style)
        replay.push(move)
    state = svc.game_state.state(actor, game_id)
    return {
        "state": state,
        "reason_text": reason_words(state.reason or "", language(request)),
        "claim": svc.cases.claim_basis(actor, game_id) if mine and actor else None,
        "suspended_by": svc.cases.suspending_case(game_id) if whole else None,
        "lines": svc.games.lines(actor, game_id, style) if mine and actor else [],
        "messages": svc.messages.of(actor, game_id) if actor else [],
        "written": written,
        "game": view,
        "mine": mine,
        # a move made now would be taken (not before the start, not while
        # suspended or on leave, ...): only then is the form offered
        "my_turn": state.can_move,
        "svg": board_svg(view.fen, flipped=black_side, lastmove=last),
        "board_label": board_label(view.fen, language(request)),
        "last": last or "",
        "move_rows": move_rows(
            view.moves, style, language(request), start_fen, chess960=view.chess960
        ),
        "start_fen": start_fen,
        "schedule": svc.ledgers.schedule(game_id, style=style) if whole else None,
        "my_color": "black" if black_side else "white",
        "notation": style,
        "receipt_choices": svc.receipts.choices(actor, game_id) if actor else None,
        # the arbiter loads the record of a game played by post or elsewhere (56.9.1)
        "record_form": actor is not None
        and view.status == "ongoing"
        and svc.records.may_load(actor, game_id),
    }


@router.get("/games/{game_id}.pgn")
def game_pgn(request: Request, game_id: int) -> Response:
    """The game's PGN as its viewer may see it (a public copy stops where the
    public's view does)."""
    info = viewer(request)
    try:
        text = services_of(request).queries.pgn_for(actor_of(info) if info else None, game_id)
    except errors.GameNotPublic:
        if info is None:
            raise SignInRequired() from None
        raise
    return PlainTextResponse(
        text + "\n",
        media_type=PGN_MEDIA_TYPE,
        headers={"Content-Disposition": f'attachment; filename="game-{game_id}.pgn"'},
    )


@router.get("/games/{game_id}")
def game_page(request: Request, game_id: int) -> Response:
    """Open to anyone the regulations show the game to; a visitor not signed
    in who may not see it yet is asked to sign in (they may play in it)."""
    info = viewer(request)
    if info is not None:
        _stamp_first(request, info)
    try:
        context = _game_context(request, info, game_id)
    except errors.GameNotPublic:
        if info is None:
            raise SignInRequired() from None
        raise
    return render(request, "game.html", **context)


@router.post("/games/{game_id}/send")
async def send_move(request: Request, game_id: int) -> Response:
    """Step one of 54.3.1: check the move and ask for confirmation."""
    info = signed_in(request)
    form = await form_of(request, info)
    text = form.get("move", "")
    line = form.get("conditional", "").strip()
    try:
        preview = services_of(request).games.preview_move(
            actor_of(info), game_id, text, conditional=line or None
        )
    except (errors.MoveRefused, errors.InvalidInput) as exc:
        context = _game_context(request, info, game_id)
        return render(
            request,
            "game.html",
            status=422,
            error=exc.message(language(request)),
            typed=text,
            typed_line=line,
            **context,
        )
    board = chess.Board(preview.fen_before, chess960=preview.chess960)
    words = notation.describe_move(board, chess.Move.from_uci(preview.uci), language(request))
    style = info.notation if info.notation in NOTATIONS else "san"
    return render(
        request,
        "confirm.html",
        preview=preview,
        words=words,
        svg=board_svg(preview.fen_after, flipped=preview.color == "black", lastmove=preview.uci),
        board_label=board_label(preview.fen_after, language(request)),
        shown=notation.write_move(board, chess.Move.from_uci(preview.uci), style),
        line_shown=_line_in(preview.fen_after, preview.line, style, preview.chess960),
        message_limit=MESSAGE_LIMIT,
    )


def _line_in(fen: str, sans: tuple[str, ...], style: str, chess960: bool = False) -> str:
    """A conditional line (in SAN from ``fen``) in the notation the player reads."""
    board = chess.Board(fen, chess960=chess960)
    moves = []
    for san in sans:
        move = board.parse_san(san)
        moves.append(move)
        board.push(move)
    return notation.write_moves(
        moves, style, board=chess.Board(fen, chess960=chess960), numbered=False
    )


@router.post("/games/{game_id}/confirm")
async def confirm_move(request: Request, game_id: int) -> Response:
    """Step two of 54.3.1: the move is made; a repeated confirmation is applied once."""
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        number = int(form.get("move_number", ""))
    except ValueError:
        raise errors.InvalidInput(field="move_number", reason=N_("missing")) from None
    outcome = services_of(request).games.submit_move(
        actor_of(info),
        game_id,
        form.get("move", ""),
        move_number=number,
        offer_draw=form.get("offer_draw") == "1",
        conditional=form.get("conditional") or None,
        message=form.get("message") or None,
    )
    return flash.redirect(f"/games/{game_id}", "sent_fired" if outcome.fired else "sent")


@router.post("/games/{game_id}/receipt")
async def record_receipt(request: Request, game_id: int) -> Response:
    """The arbiter records when a player received the partner's move (55.2.2, 56.2.3)."""
    info = signed_in(request)
    form = await form_of(request, info)
    login, _sep, number = form.get("entry", "").rpartition(":")
    received = form.get("received", "")
    try:
        services_of(request).receipts.record_receipt(
            actor_of(info),
            game_id,
            as_player=login,
            move_number=int(number) if number.isascii() and number.isdigit() else None,
            received=received,
        )
    except errors.ServiceError as exc:
        from cc.web.api import status_for

        return render(
            request,
            "game.html",
            status=status_for(exc),
            receipt_error=exc.message(language(request)),
            typed_receipt=received,
            **_game_context(request, info, game_id),
        )
    return flash.redirect(f"/games/{game_id}", "receipt")


@router.post("/games/{game_id}/draw")
async def draw(request: Request, game_id: int) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    games = services_of(request).games
    action = form.get("action")
    if action == "offer":
        games.offer_draw(actor_of(info), game_id)
        done = "offered"
    elif action == "accept":
        games.accept_draw(actor_of(info), game_id)
        done = "drawn"
    elif action == "decline":
        games.decline_draw(actor_of(info), game_id)
        done = "declined"
    elif action == "claim":
        games.claim_draw(actor_of(info), game_id, text=form.get("move") or None)
        done = "claimed"
    else:
        raise errors.InvalidInput(
            field="action", reason=N_("{action!r} is not a draw action", action=action)
        )
    return flash.redirect(f"/games/{game_id}", done)


@router.get("/games/{game_id}/accept-draw")
def accept_draw_page(request: Request, game_id: int) -> Response:
    """Accepting a draw ends the game: asked once more, as resigning is."""
    info = signed_in(request)
    return render(
        request,
        "accept_draw.html",
        game=services_of(request).queries.own_game(actor_of(info), game_id),
    )


@router.post("/games/{game_id}/lines")
async def add_line(request: Request, game_id: int) -> Response:
    """Add a conditional line while the partner is to move (54.3.3)."""
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        services_of(request).games.add_line(actor_of(info), game_id, form.get("line", ""))
    except (errors.MoveRefused, errors.InvalidInput, errors.Conflict) as exc:
        context = _game_context(request, info, game_id)
        return render(
            request,
            "game.html",
            status=422,
            line_error=exc.message(language(request)),
            typed_line=form.get("line", ""),
            **context,
        )
    return flash.redirect(f"/games/{game_id}", "line_saved")


@router.post("/games/{game_id}/lines/{line_id}/cancel")
async def cancel_line(request: Request, game_id: int, line_id: int) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    services_of(request).games.cancel_line(actor_of(info), line_id)
    return flash.redirect(f"/games/{game_id}", "line_cancelled")


@router.get("/games/{game_id}/resign")
def resign_page(request: Request, game_id: int) -> Response:
    info = signed_in(request)
    return render(
        request, "resign.html", game=services_of(request).queries.own_game(actor_of(info), game_id)
    )


@router.post("/games/{game_id}/resign")
async def resign(request: Request, game_id: int) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    services_of(request).games.resign(actor_of(info), game_id)
    return flash.redirect(f"/games/{game_id}", "resigned")


# ------------------------------------------------------------------ leave


@router.get("/leave")
def leave_page(request: Request) -> Response:
    info = signed_in(request)
    svc = services_of(request)
    return render(
        request,
        "leave.html",
        leaves=svc.leaves.leaves(info.player_id),
        balance=svc.leaves.balance(info.player_id),
    )


@router.post("/leave")
async def take_leave(request: Request) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        first = date.fromisoformat(form.get("first_day", ""))
        last = date.fromisoformat(form.get("last_day", ""))
        services_of(request).leaves.request(actor_of(info), info.player_id, first, last)
    except errors.ServiceError as exc:  # a ValueError too: caught first
        error: str = exc.message(language(request))
    except ValueError:
        error = errors.InvalidInput(
            field="dates", reason=N_("give both days as YYYY-MM-DD")
        ).message(language(request))
    else:
        return flash.redirect("/leave", "leave_taken")
    # Refused: the same page, the error beside the form, the days as typed.
    svc = services_of(request)
    return render(
        request,
        "leave.html",
        status=422,
        leave_error=error,
        typed=form,
        leaves=svc.leaves.leaves(info.player_id),
        balance=svc.leaves.balance(info.player_id),
    )


@router.post("/leave/{leave_id}/end")
async def end_leave(request: Request, leave_id: int) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    services_of(request).leaves.end_early(actor_of(info), leave_id)
    return flash.redirect("/leave", "leave_ended")


# ---------------------------------------------------------------- account


@router.get("/account")
def account_page(request: Request) -> Response:
    info = signed_in(request)
    return _account(request, info)


def _account(request: Request, info: SessionInfo, status: int = 200, **context: Any) -> Response:
    svc = services_of(request)
    return render(
        request,
        "account.html",
        status=status,
        notations=NOTATIONS,
        emails=svc.queries.player(info.player_id).emails,
        tokens=svc.accounts.tokens(actor_of(info)),
        **context,
    )


@router.post("/account")
async def account(request: Request) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    svc = services_of(request)
    action = form.get("action", "")
    target = "/account?saved=1"
    try:
        if action == "preferences":
            svc.accounts.set_preferences(
                actor_of(info),
                lang=form.get("lang") or None,
                notation=form.get("notation") or None,
                mail_moves=form.get("mail_moves") == "1",
            )
        elif action == "emails":
            svc.accounts.set_emails(
                actor_of(info),
                [e.strip() for e in form.get("emails", "").replace(";", ",").split(",")],
                current_password=form.get("password", ""),
            )
            target += "#addresses"
        elif action == "password":
            ended = svc.accounts.change_password(
                actor_of(info),
                form.get("old", ""),
                form.get("new", ""),
                keep_session=request.cookies.get(SESSION_COOKIE),
                keep_tokens=form.get("keep_tokens") == "1",
            )
            target = f"/account?saved=password&sessions={ended.sessions}&tokens={ended.tokens}"
        elif action == "token":
            token = svc.accounts.create_token(actor_of(info), form.get("name") or "api")
            return _account(request, info, token=token)
        elif action == "revoke":
            token_id = form.get("token_id", "")
            if not token_id.isdigit():
                raise errors.NotFound(kind="token", ref=token_id)
            svc.accounts.revoke_token(actor_of(info), int(token_id))
            target = "/account?saved=revoked#tokens"
    except (errors.InvalidInput, errors.Conflict, errors.NotFound) as exc:
        from cc.web.api import status_for

        typed = {"typed_emails": form.get("emails", "")} if action == "emails" else {}
        return _account(
            request,
            info,
            status=status_for(exc),
            failed=action,
            error=exc.message(language(request)),
            **typed,
        )
    return RedirectResponse(target, status_code=303)


@router.get("/reset")
def reset_request_page(request: Request) -> Response:
    token = secrets.token_urlsafe(32)
    response = render(request, "reset_request.html", pre_csrf=token)
    response.set_cookie(PRE_CSRF_COOKIE, token, httponly=True, samesite="lax")
    return response


@router.post("/reset")
async def reset_request(request: Request) -> Response:
    form = await form_of(request, None)
    check_csrf(request.cookies.get(PRE_CSRF_COOKIE), form.get("csrf_token"))
    try:
        services_of(request).accounts.request_reset(
            form.get("login", ""), settings_of(request).base_url, client_address(request)
        )
    except errors.TooManyResetRequests as exc:
        response = render(
            request,
            "reset_request.html",
            status=429,
            pre_csrf=request.cookies.get(PRE_CSRF_COOKIE, ""),
            error=exc.message(language(request)),
        )
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    return render(request, "reset_request.html", sent=True, pre_csrf="")


# The link in the mail carries the token in its path. Its first use moves the
# token into a short-lived cookie and sends the browser on to /reset/new, so
# the token is not left in the address bar or sent on as a Referer, and the
# access log hides the path of that one request (cc.web.access_log).


@router.get("/reset/new")
def reset_page(request: Request) -> Response:
    """A mailed link to choose a password: a reset, or a new account's invitation."""
    token = request.cookies.get(RESET_COOKIE)
    link = services_of(request).accounts.reset_link(token) if token else None
    if link is None:
        return render(request, "reset.html", status=410, link=None, pre_csrf="")
    pre = secrets.token_urlsafe(32)
    # In the language of the mail that brought the player here, unless they
    # chose another on the site.
    lang = pick_language(request.cookies.get(LANG_COOKIE), link.lang, None)
    response = render(request, "reset.html", lang=lang, link=link, pre_csrf=pre)
    response.set_cookie(PRE_CSRF_COOKIE, pre, httponly=True, samesite="lax")
    return response


@router.post("/reset/new")
async def reset(request: Request) -> Response:
    form = await form_of(request, None)
    check_csrf(request.cookies.get(PRE_CSRF_COOKIE), form.get("csrf_token"))
    services_of(request).accounts.reset_password(
        request.cookies.get(RESET_COOKIE, ""),
        form.get("password", ""),
        keep_tokens=form.get("keep_tokens") == "1",
    )
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(RESET_COOKIE, path="/reset")
    # Whatever session this browser had ended with the new password.
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.get("/reset/{token}")
def reset_link(request: Request, token: str) -> Response:
    response = RedirectResponse("/reset/new", status_code=303)
    response.set_cookie(
        RESET_COOKIE,
        token,
        max_age=RESET_COOKIE_SECONDS,
        path="/reset",
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
    )
    return response


# ---------------------------------------------------------------- arbiter


@router.get("/arbiter/events/{code}")
def arbiter_event(request: Request, code: str) -> Response:
    info = signed_in(request)
    return render(request, "arbiter_event.html", **arbiter_event_context(request, info, code))


def arbiter_event_context(request: Request, info: SessionInfo, code: str) -> dict[str, Any]:
    """The arbiter's page of an event: its games with their clocks, leaves,
    cases, the report and the crosstable."""
    svc = services_of(request)
    overview = svc.queries.event_overview(actor_of(info), code)
    cases = [c for c in svc.cases.cases(actor_of(info)) if c.event == code]
    players = sorted(
        {(g.white_name, g.white) for g in overview.games}
        | {(g.black_name, g.black) for g in overview.games}
    )
    return {
        "overview": overview,
        "cases": cases,
        "players": players,
        "standings": svc.standings.event(code),
        "report": svc.event_report.report(actor_of(info), code, language(request)),
    }


@router.get("/arbiter/events/{code}/report.txt")
def event_report(request: Request, code: str) -> Response:
    info = signed_in(request)
    text = services_of(request).event_report.report(actor_of(info), code, language(request))
    return PlainTextResponse(
        text,
        headers={"Content-Disposition": f'attachment; filename="{code}-report.txt"'},
    )


# ------------------------------------------------------------------ cases


@router.get("/cases")
def cases_page(request: Request) -> Response:
    info = signed_in(request)
    return render(request, "cases.html", cases=services_of(request).cases.cases(actor_of(info)))


@router.get("/cases/{case_id}")
def case_page(request: Request, case_id: int) -> Response:
    info = signed_in(request)
    view = services_of(request).cases.case(actor_of(info), case_id)
    return render(request, "case.html", case=view, **_case_board(request, view))


def _case_board(request: Request, view: Any) -> dict[str, Any]:
    """The adjudicated position: the server's picture, and its words for the board's script."""
    if view.kind != "adjudication" or not view.fen:
        return {"svg": None}
    return {
        "svg": board_svg(view.fen, flipped=False, size=320),
        "board_label": board_label(view.fen, language(request)),
    }


def _case_error(
    request: Request, info: SessionInfo, case_id: int, exc: errors.ServiceError
) -> Response:
    view = services_of(request).cases.case(actor_of(info), case_id)
    return render(
        request,
        "case.html",
        status=409,
        case=view,
        error=exc.message(language(request)),
        **_case_board(request, view),
    )


@router.post("/games/{game_id}/time-claim")
async def time_claim(request: Request, game_id: int) -> Response:
    """56.6.1: the partner's overstep claimed to the arbiter; the game stops."""
    info = signed_in(request)
    form = await form_of(request, info)
    view = services_of(request).cases.file_time_claim(
        actor_of(info), game_id, form.get("statement") or None
    )
    return RedirectResponse(f"/cases/{view.id}", status_code=303)


@router.post("/games/{game_id}/complaint")
async def complaint(request: Request, game_id: int) -> Response:
    """54.1.2: a player tells the arbiter of a partner's breach."""
    info = signed_in(request)
    form = await form_of(request, info)
    view = services_of(request).cases.file_complaint(
        actor_of(info), game_id, form.get("statement", "")
    )
    return RedirectResponse(f"/cases/{view.id}", status_code=303)


@router.post("/account/lost-email")
async def lost_email(request: Request) -> Response:
    """56.1.6: the loss is reported; 30 days to restore it."""
    info = signed_in(request)
    form = await form_of(request, info)
    services_of(request).cases.report_lost_email(
        actor_of(info), info.login, form.get("statement") or None
    )
    return RedirectResponse("/cases", status_code=303)


@router.post("/cases/{case_id}/{action}")
async def case_action(request: Request, case_id: int, action: str) -> Response:
    """Protest, decision, appeal, appeal decision, restored email: one form each."""
    info = signed_in(request)
    form = await form_of(request, info)
    cases = services_of(request).cases
    actor = actor_of(info)
    text = form.get("text", "")
    try:
        if action == "protest":
            cases.protest(actor, case_id, text)
        elif action == "decide":
            cases.decide(
                actor,
                case_id,
                form.get("decision", ""),
                form.get("reasons", ""),
                bar=form.get("bar") == "1",
                penalty_days=int(form.get("penalty_days") or 0),
            )
        elif action == "appeal":
            cases.appeal(actor, case_id, text)
        elif action == "decide_appeal":
            cases.decide_appeal(actor, case_id, form.get("decision", ""), form.get("reasons", ""))
        elif action == "restore":
            cases.restore_email(actor, case_id)
        elif action == "analyse":
            cases.analyse(actor, case_id)
        elif action == "submit":
            view = cases.case(actor, case_id)
            if view.game_id is None:
                raise StarletteHTTPException(status_code=404)
            cases.submit(
                actor,
                view.game_id,
                form.get("claim", ""),
                form.get("reasoning", ""),
                analysis=form.get("analysis") or None,
                move=form.get("move") or None,
            )
        else:
            raise StarletteHTTPException(status_code=404)
    except ValueError as exc:
        if not isinstance(exc, errors.ServiceError):
            exc = errors.InvalidInput(field="penalty_days", reason=N_("a whole number of days"))
        return _case_error(request, info, case_id, exc)
    return RedirectResponse(f"/cases/{case_id}", status_code=303)


@router.post("/arbiter/events/{code}/withdrawals")
async def open_withdrawal(request: Request, code: str) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    view = services_of(request).cases.open_withdrawal(
        actor_of(info), code, form.get("player", ""), form.get("statement") or None
    )
    return RedirectResponse(f"/cases/{view.id}", status_code=303)
