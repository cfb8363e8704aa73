"""``cc player``: players and officials, their passwords, addresses and reports.

``cc player import`` (a federation's list) lives in :mod:`cc.console.people`
and joins the group here.
"""

from __future__ import annotations

import sys

import click

from cc.accounts.passwords import LINK_DAYS
from cc.base import errors
from cc.console.base import State, _, emit_json, pass_state, refusals, word
from cc.console.people import player_import
from cc.text.i18n import N_
from cc.views.players import PlayerView


@click.group()
def player() -> None:
    """Players and officials."""


@player.command("add")
@click.argument("login")
@click.option("--surname", help="Surname, as the federation's list writes it (Petrov).")
@click.option(
    "--given-names",
    default="",
    help="Given names, a patronymic among them (Pyotr Ivanovich); none for a one-word name.",
)
@click.option(
    "--name",
    help='Instead of the two above: one text, surname first ("Petrov Pyotr Ivanovich", '
    'or "Petrov, Pyotr Ivanovich"): the first word is the surname, the rest the given names.',
)
@click.option("--email", "emails", multiple=True, help="A registered address (repeatable).")
@click.option(
    "--lang", "player_lang", type=click.Choice(["en", "ru"]), default="en", show_default=True
)
@click.option(
    "--role",
    "roles",
    multiple=True,
    type=click.Choice(["player", "arbiter", "adjudicator", "appeal_arbiter", "admin"]),
    help="Role (repeatable); default player.",
)
@click.option("--password-stdin", is_flag=True, help="Read a password from standard input.")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def player_add(
    state: State,
    login: str,
    surname: str | None,
    given_names: str,
    name: str | None,
    emails: tuple[str, ...],
    player_lang: str,
    roles: tuple[str, ...],
    password_stdin: bool,
    as_json_flag: bool,
) -> None:
    """Register a player: --surname and --given-names, or --name."""
    if (surname is None) == (name is None) or (name is not None and given_names):
        raise click.UsageError(_("give --surname (and --given-names) or --name, not both"))
    password = sys.stdin.readline().rstrip("\n") if password_stdin else None
    pid = state.services.players.add(
        state.actor,
        login=login,
        surname=surname,
        given_names=given_names if surname is not None else None,
        name=name,
        emails=emails,
        lang=player_lang,
        roles=roles or ("player",),
        password=password,
    )
    view = state.services.queries.player(pid)
    if as_json_flag:
        emit_json(view)
    else:
        click.echo(_("player {id} {login} added", id=pid, login=login))
    _warn_sign_in(view)


def _warn_sign_in(view: PlayerView) -> None:
    """Tell the organiser, on stderr, of an account nobody can sign in to yet."""
    if not view.can_sign_in:
        click.echo(
            _(
                "warning: {login} can never sign in: it has no password and no email address; "
                "give one with {set_password} or {set_email}",
                login=view.login,
                set_password=f"cc player set-password {view.login}",
                set_email=f"cc player set-email {view.login} ADDRESS",
            ),
            err=True,
        )
    elif not view.has_password:
        click.echo(
            _(
                "{login} has no password yet: {invite} mails a link to choose one",
                login=view.login,
                invite=f"cc player invite {view.login}",
            ),
            err=True,
        )


@player.command("list")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def player_list(state: State, as_json_flag: bool) -> None:
    """List the registered players."""
    players = state.services.queries.players()
    if as_json_flag:
        emit_json(players)
        return
    for p in players:
        roles = ",".join(word("role", r) for r in p.roles)
        click.echo(f"{p.id:>5}  {p.login:<16} {p.name:<30} {roles:<20} {' '.join(p.emails)}")
    for p in players:
        if not p.can_sign_in:
            _warn_sign_in(p)


@player.command("show")
@click.argument("ref")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def player_show(state: State, ref: str, as_json_flag: bool) -> None:
    """Show one player (by login or id)."""
    p = state.services.queries.player(ref)
    if as_json_flag:
        emit_json(p)
    else:
        click.echo(
            _(
                "{id} {login}: {name} [{lang}] roles={roles} emails={emails}",
                id=p.id,
                login=p.login,
                name=p.name,
                lang=p.lang,
                roles=",".join(word("role", r) for r in p.roles),
                emails=" ".join(p.emails),
            )
        )
        _warn_sign_in(p)


@player.command("report")
@click.argument("ref")
@click.argument("event_code")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def player_report(state: State, ref: str, event_code: str, as_json_flag: bool) -> None:
    """A participant's progress report in an event (Art. 57)."""
    from cc.views.reports import render_report

    report = state.services.ledgers.report(ref, event_code)
    if as_json_flag:
        emit_json(report)
    else:
        click.echo(render_report(report, state.lang))


@player.command("set-password")
@click.argument("ref")
@click.option(
    "--mail-link",
    is_flag=True,
    help="Mail the player a one-time link to choose the password instead.",
)
@click.option(
    "--keep-tokens", is_flag=True, help="Keep the player's API tokens (else all are revoked)."
)
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
@pass_state
@refusals
def player_set_password(
    state: State, ref: str, mail_link: bool, keep_tokens: bool, password_stdin: bool
) -> None:
    """Set a player's password (asked twice, not shown): every session of the
    player ends and, unless --keep-tokens, every API token is revoked."""
    accounts = state.services.accounts
    if mail_link:
        address = accounts.mail_link(state.actor, ref, state.config.site_url, purpose="reset")
        click.echo(
            _(
                "a link to choose a new password mailed to {address} (it works once, "
                "for {days} days)",
                address=address,
                days=LINK_DAYS,
            )
        )
        return
    login = state.services.queries.player(ref).login
    password = sys.stdin.readline().rstrip("\n") if password_stdin else _ask_password(login)
    ended = accounts.set_password(state.actor, login, password, keep_tokens=keep_tokens)
    click.echo(
        _(
            "password of {login} set: {sessions} session(s) ended, {tokens} API token(s) revoked",
            login=login,
            sessions=ended.sessions,
            tokens=ended.tokens,
        )
    )


def _ask_password(login: str) -> str:
    """A new password typed twice without being shown."""
    for _attempt in range(3):
        first = click.prompt(_("New password for {login}", login=login), hide_input=True)
        second = click.prompt(_("Repeat it"), hide_input=True)
        if first == second:
            return str(first)
        click.echo(_("The two passwords differ; again."), err=True)
    raise errors.InvalidInput(field="password", reason=N_("the two passwords differ"))


@player.command("set-email")
@click.argument("ref")
@click.argument("addresses", nargs=-1, required=True)
@pass_state
@refusals
def player_set_email(state: State, ref: str, addresses: tuple[str, ...]) -> None:
    """Replace a player's registered addresses, the first one mailed (56.1.2);
    the old addresses are told."""
    login = state.services.queries.player(ref).login
    emails = state.services.accounts.set_emails(state.actor, list(addresses), player=login)
    click.echo(_("addresses of {login}: {addresses}", login=login, addresses=" ".join(emails)))


@player.command("invite")
@click.argument("ref")
@pass_state
@refusals
def player_invite(state: State, ref: str) -> None:
    """Mail a player a one-time link to choose their password."""
    login = state.services.queries.player(ref).login
    address = state.services.accounts.mail_link(
        state.actor, login, state.config.site_url, purpose="invite"
    )
    click.echo(
        _(
            "invitation for {login} mailed to {address} (it works once, for {days} days)",
            login=login,
            address=address,
            days=LINK_DAYS,
        )
    )


player.add_command(player_import)
