"""``cc token``: players' personal API tokens, listed and revoked."""

from __future__ import annotations

from datetime import datetime

import click

from cc.base import errors
from cc.console.base import State, _, emit_json, pass_state, refusals
from cc.text.i18n import N_


@click.group()
def token() -> None:
    """Players' personal API tokens (also their passwords for desktop programs)."""


def _when(at: datetime | None) -> str:
    return at.strftime("%Y-%m-%d %H:%M") if at else _("never")


@token.command("list")
@click.argument("ref", required=False)
@click.option("--revoked", is_flag=True, help="The revoked tokens too.")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def token_list(state: State, ref: str | None, revoked: bool, as_json_flag: bool) -> None:
    """A player's API tokens (everyone's without a login): when made and last used (UTC)."""
    tokens = state.services.accounts.tokens(state.actor, ref, revoked=revoked)
    if as_json_flag:
        emit_json(tokens)
        return
    for t in tokens:
        gone = "  " + _("revoked {at}", at=_when(t.revoked_at)) if t.revoked_at else ""
        click.echo(
            f"{t.id:>5}  {t.player:<16} {t.name:<20} "
            + _(
                "made {created}, last used {used}",
                created=_when(t.created_at),
                used=_when(t.last_used_at),
            )
            + gone
        )
    if not tokens:
        click.echo(_("no API tokens"))


@token.command("revoke")
@click.argument("token_ids", nargs=-1, type=int)
@click.option("--player", "ref", help="Revoke every token of this player.")
@pass_state
@refusals
def token_revoke(state: State, token_ids: tuple[int, ...], ref: str | None) -> None:
    """Revoke tokens by number (see cc token list), or all of a player's."""
    accounts = state.services.accounts
    if not token_ids and ref is None:
        raise errors.InvalidInput(
            field="token", reason=N_("name the tokens by number, or a player with --player")
        )
    for token_id in token_ids:
        view = accounts.revoke_token(state.actor, token_id)
        click.echo(
            _(
                "token {id} of {login} ({name}) revoked",
                id=view.id,
                login=view.player,
                name=view.name,
            )
        )
    if ref is not None:
        revoked = accounts.revoke_tokens(state.actor, ref)
        click.echo(_("{count} API token(s) of {login} revoked", count=len(revoked), login=ref))
