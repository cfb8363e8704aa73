"""``cc case``: the arbiter's cases at the console.

The operator acts as themself, or ``--by LOGIN`` as that player or official
(an arbiter deciding, an appeal arbiter hearing an appeal, a player filing
or protesting), with that person's rights and no more.
"""

from __future__ import annotations

import click

from cc.cli import State, cli, emit_json, pass_state, refusals
from cc.models import Door
from cc.services import Actor
from cc.services.cases import CaseView
from cc.services.context import find_player


def _actor(state: State, by: str | None) -> Actor:
    if by is None:
        return state.actor
    with state.services.ctx.db.read() as session:
        player = find_player(session, by)
        return Actor(player_id=player.id, door=Door.CLI, label=player.login)


def _echo(view: CaseView, as_json_flag: bool = False) -> None:
    if as_json_flag:
        emit_json(view)
        return
    game = f" game {view.game_id}" if view.game_id else ""
    click.echo(f"case {view.id}: {view.kind} in {view.event}{game}, {view.status}")
    parties = f"{view.claimant or 'daily run'} against {view.respondent or '-'}"
    click.echo(f"  filed {view.filed_on} by {parties}")
    if view.decision:
        click.echo(f"  decision: {view.decision} ({view.decided_by or 'operator'}): {view.reasons}")
    if view.appeal_until and view.status == "decided":
        click.echo(f"  appeal by {view.appeal_until}")
    if view.appeal_decision:
        click.echo(f"  on appeal: {view.appeal_decision} ({view.appeal_decided_by})")
    if view.actions:
        click.echo(f"  you may: {', '.join(view.actions)}")


by_option = click.option("--by", help="Act as this player or official (login).")


@cli.group()
def case() -> None:
    """The arbiter's cases: claims, withdrawals, protests and appeals."""


@case.command("list")
@by_option
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def case_list(state: State, by: str | None, as_json_flag: bool) -> None:
    """The cases you take part in, oversee or may hear on appeal."""
    rows = state.services.cases.cases(_actor(state, by))
    if as_json_flag:
        emit_json(rows)
        return
    for c in rows:
        game = f"game {c.game_id}" if c.game_id else "-"
        click.echo(
            f"{c.id:>5}  {c.event:<10} {c.kind:<11} {c.status:<9} {game:<10} "
            f"{c.claimant or '-'} / {c.respondent or '-'}  {c.decision or ''}"
        )


@case.command("show")
@click.argument("case_id", type=int)
@by_option
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def case_show(state: State, case_id: int, by: str | None, as_json_flag: bool) -> None:
    """A case with its evidence and history."""
    view = state.services.cases.case(_actor(state, by), case_id)
    _echo(view, as_json_flag)
    if not as_json_flag:
        for e in view.entries:
            click.echo(f"  {e.at:%Y-%m-%d %H:%M} {e.actor} ({e.door}) {e.action}: {e.text or ''}")


@case.command("claim")
@click.argument("game_id", type=int)
@click.option("--player", help="File for this player (an arbiter entering a posted claim).")
@click.option("--statement")
@by_option
@pass_state
@refusals
def case_claim(
    state: State, game_id: int, player: str | None, statement: str | None, by: str | None
) -> None:
    """File a claim of the partner's time overstep (56.6.1)."""
    as_player = None
    if player is not None:
        with state.services.ctx.db.read() as session:
            as_player = find_player(session, player).id
    view = state.services.cases.file_time_claim(
        _actor(state, by), game_id, statement, as_player=as_player
    )
    _echo(view)


@case.command("complain")
@click.argument("game_id", type=int)
@click.argument("statement")
@by_option
@pass_state
@refusals
def case_complain(state: State, game_id: int, statement: str, by: str | None) -> None:
    """Tell the arbiter of a partner's breach of the rules or ethics (54.1.2)."""
    _echo(state.services.cases.file_complaint(_actor(state, by), game_id, statement))


@case.command("withdraw")
@click.argument("event")
@click.argument("player")
@click.option("--statement")
@by_option
@pass_state
@refusals
def case_withdraw(
    state: State, event: str, player: str, statement: str | None, by: str | None
) -> None:
    """Open a player's withdrawal from an event, for the arbiter to decide (56.8)."""
    _echo(state.services.cases.open_withdrawal(_actor(state, by), event, player, statement))


@case.command("lost-email")
@click.argument("player")
@click.option("--statement")
@by_option
@pass_state
@refusals
def case_lost_email(state: State, player: str, statement: str | None, by: str | None) -> None:
    """Report that a player lost access to their email (56.1.6)."""
    for view in state.services.cases.report_lost_email(_actor(state, by), player, statement):
        _echo(view)


@case.command("restore")
@click.argument("case_id", type=int)
@by_option
@pass_state
@refusals
def case_restore(state: State, case_id: int, by: str | None) -> None:
    """Close a lost-email case: access is back in time."""
    _echo(state.services.cases.restore_email(_actor(state, by), case_id))


@case.command("protest")
@click.argument("case_id", type=int)
@click.argument("text")
@by_option
@pass_state
@refusals
def case_protest(state: State, case_id: int, text: str, by: str | None) -> None:
    """The accused's protest against a claim (56.6.4)."""
    _echo(state.services.cases.protest(_actor(state, by), case_id, text))


@case.command("decide")
@click.argument("case_id", type=int)
@click.argument("decision")
@click.option("--reasons", required=True)
@click.option("--bar", is_flag=True, help="Bar the claimant for this ten-move cycle (56.6.7).")
@click.option("--penalty-days", type=int, default=0, help="Post: for an unfounded claim.")
@by_option
@pass_state
@refusals
def case_decide(
    state: State,
    case_id: int,
    decision: str,
    reasons: str,
    bar: bool,
    penalty_days: int,
    by: str | None,
) -> None:
    """The arbiter's decision with its reasons, applied at once."""
    view = state.services.cases.decide(
        _actor(state, by), case_id, decision, reasons, bar=bar, penalty_days=penalty_days
    )
    _echo(view)


@case.command("appeal")
@click.argument("case_id", type=int)
@click.argument("text")
@by_option
@pass_state
@refusals
def case_appeal(state: State, case_id: int, text: str, by: str | None) -> None:
    """A party appeals the decision within 14 days (54.1.4)."""
    _echo(state.services.cases.appeal(_actor(state, by), case_id, text))


@case.command("decide-appeal")
@click.argument("case_id", type=int)
@click.argument("decision")
@click.option("--reasons", required=True)
@by_option
@pass_state
@refusals
def case_decide_appeal(
    state: State, case_id: int, decision: str, reasons: str, by: str | None
) -> None:
    """The appeal arbiter's final decision (34.2)."""
    _echo(state.services.cases.decide_appeal(_actor(state, by), case_id, decision, reasons))


@case.command("analyse")
@click.argument("case_id", type=int)
@by_option
@pass_state
@refusals
def case_analyse(state: State, case_id: int, by: str | None) -> None:
    """Stockfish's evidence for an adjudication: the position and each analysis."""
    view = state.services.cases.analyse(_actor(state, by), case_id)
    position = view.details["engine"]["position"]
    score = f"mate {position['mate']}" if position["mate"] is not None else position["score_cp"]
    click.echo(f"case {view.id}: depth {position['depth']}, {score}, {' '.join(position['line'])}")
