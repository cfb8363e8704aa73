"""``cc game``: games listed, shown, played, charged and exported.

``cc game receipt`` (:mod:`cc.console.receipts`) and ``cc game load-pgn``
(:mod:`cc.console.records`) live in their own modules and join the group here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import click

from cc.base import errors
from cc.console.base import State, _, _lang, emit_json, pass_state, refusals, word
from cc.console.receipts import game_receipt
from cc.console.records import game_load_pgn
from cc.events.systems.knockout_text import stored_round_name
from cc.text.i18n import N_


@click.group()
def game() -> None:
    """Games: list, show, play, export."""


@game.command("list")
@click.option("--event", "event_code")
@click.option("--player", "player_ref")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def game_list(
    state: State, event_code: str | None, player_ref: str | None, as_json_flag: bool
) -> None:
    """List games, optionally of one event or player."""
    games = state.services.queries.games(event=event_code, player=player_ref)
    if as_json_flag:
        emit_json(games)
        return
    for g in games:
        turn = (
            _("{login} to move ({number})", login=g.to_move, number=g.move_number)
            if g.to_move
            else word("reason", g.result_reason)
        )
        named = _bracket_round(g.system, g.round)
        place = f"r{g.round}.{g.board}" if named is None else f"{named} ({g.board})"
        click.echo(
            f"{g.id:>5}  {g.event} {g.section} {place}  {g.white} - {g.black}  {g.result:<7} {turn}"
        )


def _bracket_round(system: str, number: int) -> str | None:
    """A knockout's losers' round or grand final by name; None for a round
    known by its number."""
    named = stored_round_name(system, number)
    return None if named is None else named.localize(_lang())


@game.command("show")
@click.argument("game_id", type=int)
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def game_show(state: State, game_id: int, as_json_flag: bool) -> None:
    """Show a game: record, position, whose turn, status."""
    g = state.services.queries.game(game_id)
    if as_json_flag:
        emit_json(g)
        return
    named = _bracket_round(g.system, g.round)
    click.echo(
        _(
            "game {id}: {event} {section} round {round} board {board}",
            id=g.id,
            event=g.event,
            section=g.section,
            round=g.round,
            board=g.board,
        )
        if named is None
        else _(
            "game {id}: {event} {section}, {round}, board {board}",
            id=g.id,
            event=g.event,
            section=g.section,
            round=named,
            board=g.board,
        )
    )
    click.echo(f"{g.white_name} ({g.white}) - {g.black_name} ({g.black})")
    record = []
    for m in g.moves:
        record.append(f"{m.move_number}. {m.san}" if m.color == "white" else m.san)
    click.echo(" ".join(record) or _("(no moves yet)"))
    click.echo(g.board_text())
    click.echo(f"FEN {g.fen}")
    if g.to_move:
        click.echo(_("{login} to move (move {number})", login=g.to_move, number=g.move_number))
    else:
        click.echo(
            _("result {result} ({reason})", result=g.result, reason=word("reason", g.result_reason))
        )
    if g.draw_offer_by:
        click.echo(_("draw offered by {login}", login=g.draw_offer_by))


def _parse_at(state: State, game_id: int, at: str | None) -> datetime | None:
    if at is None:
        return None
    try:
        instant = datetime.fromisoformat(at)
    except ValueError:
        raise errors.InvalidInput(
            field="--at", reason=N_("{at!r} is not an ISO date-time", at=at)
        ) from None
    if instant.tzinfo is None:
        # A wall-clock time is read in the event's own zone.
        g = state.services.queries.game(game_id)
        tz = state.services.queries.event(g.event).timezone
        instant = instant.replace(tzinfo=ZoneInfo(tz))
    return instant


@game.command("move")
@click.argument("game_id", type=int)
@click.option("--player", "player_ref", required=True, help="The player who moves.")
@click.option("--move", "text", required=True, help="The move, in any notation the server reads.")
@click.option("--move-number", type=int, help="Full-move number being sent (retries are safe).")
@click.option("--offer-draw", is_flag=True, help="Offer a draw with the move.")
@click.option("--at", help="Real sending instant (ISO; arbiters entering posted or lost moves).")
@click.option(
    "--stated-sent-on", type=click.DateTime(["%Y-%m-%d"]), help="The sending date the player wrote."
)
@click.option(
    "--received",
    help="When the player received the partner's last move (date or ISO instant; arbiters).",
)
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def game_move(
    state: State,
    game_id: int,
    player_ref: str,
    text: str,
    move_number: int | None,
    offer_draw: bool,
    at: str | None,
    stated_sent_on: datetime | None,
    received: str | None,
    as_json_flag: bool,
) -> None:
    """Submit a move as a player, through the move service."""
    pid = state.services.queries.player(player_ref).id
    outcome = state.services.games.submit_move(
        state.actor,
        game_id,
        text,
        as_player=pid,
        move_number=move_number,
        offer_draw=offer_draw,
        sent_at=_parse_at(state, game_id, at),
        stated_sent_on=stated_sent_on.date() if stated_sent_on else None,
        received=received,
    )
    if as_json_flag:
        emit_json(outcome)
        return
    dots = "." if outcome.color == "white" else "..."
    said = _("already applied") if outcome.already_applied else _("recorded")
    move = f"{outcome.move_number}{dots} {outcome.san} ({outcome.uci})"
    click.echo(_("game {id}: {move} {said}", id=game_id, move=move, said=said))
    if outcome.status != "ongoing":
        reason = word("reason", outcome.result_reason)
        click.echo(_("game over: {result} ({reason})", result=outcome.result, reason=reason))


def _game_action(name: str, help_text: str, method: str, with_move: bool = False) -> None:
    @game.command(name, help=help_text)
    @click.argument("game_id", type=int)
    @click.option("--player", "player_ref", required=True)
    @click.option("--json", "as_json_flag", is_flag=True)
    @pass_state
    @refusals
    def action(
        state: State, /, game_id: int, player_ref: str, as_json_flag: bool, **kw: Any
    ) -> None:
        pid = state.services.queries.player(player_ref).id
        outcome = getattr(state.services.games, method)(state.actor, game_id, as_player=pid, **kw)
        if as_json_flag:
            emit_json(outcome)
        else:
            reason = word("reason", outcome.result_reason)
            click.echo(
                _(
                    "game {id}: {status} {result}",
                    id=game_id,
                    status=word("status", outcome.status),
                    result=outcome.result,
                )
                + (f" ({reason})" if reason else "")
            )

    if with_move:
        click.option("--move", "text", help="The move that makes the repetition.")(action)


_game_action("resign", "Resign a game for a player.", "resign")
_game_action("offer-draw", "Offer a draw for a player.", "offer_draw")
_game_action("accept-draw", "Accept the partner's draw offer.", "accept_draw")
_game_action("decline-draw", "Decline the partner's draw offer.", "decline_draw")
_game_action(
    "claim-draw",
    "Claim a draw by threefold repetition or the 50-move rule.",
    "claim_draw",
    with_move=True,
)


@game.command("ledger")
@click.argument("game_id", type=int)
@click.option(
    "--notation",
    "style",
    default="san",
    show_default=True,
    type=click.Choice(["numeric", "san", "san-ru", "lan", "lan-ru", "uci"]),
)
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def game_ledger(state: State, game_id: int, style: str, as_json_flag: bool) -> None:
    """The game's move schedule (Art. 60) and both players' clocks."""
    from cc.views.reports import render_schedule

    view = state.services.ledgers.schedule(game_id, style=style)
    if as_json_flag:
        emit_json(view)
    else:
        click.echo(render_schedule(view, state.lang))


@game.command("charge")
@click.argument("game_id", type=int)
@click.option("--player", "player_ref", required=True)
@click.option(
    "--kind",
    type=click.Choice(["penalty", "grace", "adjustment"]),
    default="penalty",
    show_default=True,
)
@click.option("--days", type=int, help="Days (default for a penalty: the regulations').")
@click.option("--repeat", is_flag=True, help="A repeated fault (post play: 10 days).")
@click.option("--reason", required=True)
@click.option("--move-number", type=int, help="The player's move it falls on.")
@pass_state
@refusals
def game_charge(
    state: State,
    game_id: int,
    player_ref: str,
    kind: str,
    days: int | None,
    repeat: bool,
    reason: str,
    move_number: int | None,
) -> None:
    """Charge penalty days, a grace (56.4.8) or an adjustment to a player."""
    pid = state.services.queries.player(player_ref).id
    state.services.ledgers.charge(
        state.actor,
        game_id,
        as_player=pid,
        kind=kind,
        days=days,
        repeat=repeat,
        reason=reason,
        move_number=move_number,
    )
    click.echo(
        _(
            "game {id}: {kind} recorded for {login}",
            id=game_id,
            kind=word("charge", kind),
            login=player_ref,
        )
    )


@game.command("pgn")
@click.argument("game_ids", type=int, nargs=-1)
@click.option("--event", "event_code", help="All games of an event.")
@click.option("--player", "player_ref", help="All games of a player.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True))
@pass_state
@refusals
def game_pgn(
    state: State,
    game_ids: tuple[int, ...],
    event_code: str | None,
    player_ref: str | None,
    output: str | None,
) -> None:
    """Export games as PGN."""
    ids = list(game_ids)
    if event_code or player_ref or not ids:
        ids += [g.id for g in state.services.queries.games(event=event_code, player=player_ref)]
    text = state.services.queries.pgn(ids) + "\n"
    if output:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        click.echo(text, nl=False)


game.add_command(game_receipt)
game.add_command(game_load_pgn)
