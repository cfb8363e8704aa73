"""``cc game load-pgn``: the arbiter loads a game's record from PGN.

Games played by post or away from the server reach the arbiter as a record
(56.9.1: PGN preferred): the console loads it through
:class:`cc.games.records.RecordService`, the same service as the form on
the arbiter's game and event pages.
"""

from __future__ import annotations

from typing import TextIO

import click

from cc.console.base import State, _, _lang, emit_json, pass_state, refusals
from cc.games.records import LoadedRecord
from cc.text import i18n


@click.command("load-pgn")
@click.argument("pgn_file", type=click.File("r", encoding="utf-8-sig"))
@click.option("--game", "game_id", type=int, help="The game the record is of.")
@click.option(
    "--event",
    "event_code",
    help="An event: each game of the file goes to the game its Round tag (round.board) names.",
)
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def game_load_pgn(
    state: State,
    pgn_file: TextIO,
    game_id: int | None,
    event_code: str | None,
    as_json_flag: bool,
) -> None:
    """Load a game's record, with its [%ccsnt] sending dates, from PGN (arbiter)."""
    if (game_id is None) == (event_code is None):
        raise click.UsageError(_("give --game or --event"))
    text = pgn_file.read()
    records = state.services.records
    if game_id is not None:
        loaded = [records.load_game(state.actor, game_id, text)]
    else:
        assert event_code is not None
        loaded = records.load_event(state.actor, event_code, text)
    if as_json_flag:
        emit_json(loaded)
        return
    for outcome in loaded:
        click.echo(describe(outcome))


def describe(outcome: LoadedRecord) -> str:
    """One line per game: what was kept and added, the result, what was left."""
    line = _(
        "game {game}: {kept} moves kept, {added} added; {result}",
        game=outcome.game_id,
        kept=outcome.kept,
        added=outcome.added,
        result=outcome.result,
    )
    if outcome.note is not None:
        line += " (" + i18n.localize(outcome.note, _lang()) + ")"
    return line
