"""``cc game receipt``: the arbiter enters when a move was received.

Post games are dated by postmarks (Art. 55.2.2), email games played outside
the gateway by the receiver's statement (56.2.3): the console enters those
receipts through :meth:`cc.clock.receipts.ReceiptService.record_receipt`,
the same service as the API and the arbiter's page.
"""

from __future__ import annotations

import click

from cc.console.base import State, _, emit_json, pass_state, refusals


@click.command("receipt")
@click.argument("game_id", type=int)
@click.option("--player", "player_ref", required=True, help="The player who received the move.")
@click.option(
    "--move-number",
    type=int,
    help="The player's own move it is the receipt for (default: the one being thought "
    "about, or else the last one).",
)
@click.option(
    "--received",
    required=True,
    help="Date (2026-05-17: taken at the start of the day) or instant (2026-05-17T10:30) "
    "in the event's time zone.",
)
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def game_receipt(
    state: State,
    game_id: int,
    player_ref: str,
    move_number: int | None,
    received: str,
    as_json_flag: bool,
) -> None:
    """Record when a player received the partner's move (arbiter, 55.2.2, 56.2.3)."""
    outcome = state.services.receipts.record_receipt(
        state.actor, game_id, as_player=player_ref, move_number=move_number, received=received
    )
    if as_json_flag:
        emit_json(outcome)
        return
    click.echo(
        _(
            "game {game}: {player}'s move {number} received {received} (was {previous})",
            game=game_id,
            player=outcome.player,
            number=outcome.move_number,
            received=outcome.received_on.isoformat(),
            previous=outcome.previous_on.isoformat(),
        )
    )
