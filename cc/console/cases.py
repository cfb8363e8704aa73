"""``cc case``: the arbiter's cases at the console.

The operator acts as themself, or ``--by LOGIN`` as that player or official
(an arbiter deciding, an appeal arbiter hearing an appeal, a player filing
or protesting), with that person's rights and no more.
"""

from __future__ import annotations

import click

from cc.cases.rules import DECISIONS
from cc.cases.views import CaseView
from cc.console.base import State, _, acting_as, emit_json, pass_state, refusals, word
from cc.kernel.context import find_player

_actor = acting_as


def _echo(view: CaseView, as_json_flag: bool = False) -> None:
    if as_json_flag:
        emit_json(view)
        return
    click.echo(
        _(
            "case {id}: {kind} in {event}{game}, {status}",
            id=view.id,
            kind=word("kind", view.kind),
            event=view.event,
            game=" " + _("game {id}", id=view.game_id) if view.game_id else "",
            status=word("status", view.status),
        )
    )
    click.echo(
        "  "
        + _(
            "filed {day} by {claimant} against {respondent}",
            day=view.filed_on,
            claimant=view.claimant or word("who", "daily run"),
            respondent=view.respondent or "-",
        )
    )
    if view.decision:
        click.echo(
            "  "
            + _(
                "decision: {decision} ({by}): {reasons}",
                decision=word("decision", view.decision),
                by=view.decided_by or word("who", "operator"),
                reasons=view.reasons,
            )
        )
    if view.appeal_until and view.status == "decided":
        click.echo("  " + _("appeal by {day}", day=view.appeal_until))
    if view.appeal_decision:
        click.echo(
            "  "
            + _(
                "on appeal: {decision} ({by})",
                decision=word("decision", view.appeal_decision),
                by=view.appeal_decided_by,
            )
        )
    if view.actions:
        click.echo(
            "  "
            + _(
                "you may: {actions}",
                actions=", ".join(word("case_action", a) for a in view.actions),
            )
        )


by_option = click.option("--by", help="Act as this player or official (login).")


def _decisions_help(first: str) -> str:
    """A command's help that lists the decisions of each kind of case."""
    lines = [
        f"  {kind.value}: {', '.join(choices)}"
        if choices
        else f"  {kind.value}: - (cc case restore, or the daily run)"
        for kind, choices in DECISIONS.items()
    ]
    return f"{first}\n\nDECISION, by the kind of case:\n\n\b\n" + "\n".join(lines)


@click.group()
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
        game = _("game {id}", id=c.game_id) if c.game_id else "-"
        kind, status = word("kind", c.kind), word("status", c.status)
        click.echo(
            f"{c.id:>5}  {c.event:<10} {kind:<11} {status:<9} {game:<10} "
            f"{c.claimant or '-'} / {c.respondent or '-'}  {word('decision', c.decision)}"
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
            actor, door, step = word("who", e.actor), word("door", e.door), word("step", e.action)
            click.echo(f"  {e.at:%Y-%m-%d %H:%M} {actor} ({door}) {step}: {e.text or ''}")


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


@case.command(
    "decide",
    help=_decisions_help(
        "The arbiter's decision with its reasons, applied at once. --bar and --penalty-days go "
        "with a rejected time claim."
    ),
)
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


@case.command(
    "decide-appeal",
    help=_decisions_help(
        "The appeal arbiter's final decision (34.2): the same decision confirms, another reverses."
    ),
)
@click.argument("case_id", type=int)
@click.argument("decision")
@click.option("--reasons", required=True)
@by_option
@pass_state
@refusals
def case_decide_appeal(
    state: State, case_id: int, decision: str, reasons: str, by: str | None
) -> None:
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
    score = (
        _("mate in {n}", n=position["mate"])
        if position["mate"] is not None
        else position["score_cp"]
    )
    click.echo(
        _(
            "case {id}: depth {depth}, {score}, {line}",
            id=view.id,
            depth=position["depth"],
            score=score,
            line=" ".join(position["line"]),
        )
    )
