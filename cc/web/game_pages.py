"""A player's games and a game's page: the list, the PGN downloads, the
game with send-then-confirm (54.3.1), draws, conditional lines, receipts
and resigning."""

from __future__ import annotations

from typing import Any

import chess
from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

import notation
from cc.accounts.preferences import NOTATIONS
from cc.accounts.sessions import SessionInfo
from cc.base import errors
from cc.games.moves import MESSAGE_LIMIT
from cc.text.i18n import N_
from cc.views.my_games import next_to_move
from cc.web import flash
from cc.web.board_picture import board_label, board_svg
from cc.web.context import PGN_MEDIA_TYPE, actor_of, language, services_of, viewer
from cc.web.movelist import move_rows
from cc.web.notice_words import reason_words
from cc.web.rendering import SignInRequired, form_of, render, signed_in

router = APIRouter(include_in_schema=False)


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


def game_context(request: Request, info: SessionInfo | None, game_id: int) -> dict[str, Any]:
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
        context = game_context(request, info, game_id)
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
        context = game_context(request, info, game_id)
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
            **game_context(request, info, game_id),
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
        context = game_context(request, info, game_id)
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
