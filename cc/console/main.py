"""The ``cc`` command: the operator's console over the same services.

Scripts and arbiters rely on these shapes: every listing and ``show`` takes
``--json``; a refusal prints the reason on stderr (in ``--lang``) and exits 1.

Every line a person reads is a catalog message, written ``_("...", name=value)``
and shown in ``--lang`` (see :mod:`cc.text.i18n`); the JSON keeps the codes.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from datetime import datetime
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar
from zoneinfo import ZoneInfo

import chess
import click
from sqlalchemy.exc import OperationalError, ProgrammingError

from cc.accounts.passwords import LINK_DAYS
from cc.app.services import Services
from cc.base import errors
from cc.base.json_values import as_json
from cc.base.regulations import BYE_POINTS, DayCounting, Mode, parse_time_control
from cc.events.lifecycle import EventSpec
from cc.events.systems.knockout_text import stored_round_name
from cc.events.thematic import describe as describe_theme
from cc.kernel.context import Actor
from cc.run import config as config_mod
from cc.store.db import unavailable
from cc.store.models import Door, EventSystem
from cc.text import i18n
from cc.text.i18n import N_
from cc.views.players import PlayerView

F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:
    from cc.run.site import Site


class State:
    def __init__(self, lang: str | None) -> None:
        self.config = config_mod.load()
        self.lang = lang or self.config.lang
        self._site: Site | None = None

    @property
    def site(self) -> Site:
        """The services with the doors they need wired (the email gateway)."""
        if self._site is None:
            from cc.run.bootstrap import build_services

            self._site = build_services(self.config)
        return self._site

    @property
    def services(self) -> Services:
        return self.site

    @property
    def actor(self) -> Actor:
        return Actor.operator(Door.CLI, label="cli")


def acting_as(state: State, by: str | None) -> Actor:
    """The operator, or with ``--by LOGIN`` that player or official, with their rights."""
    if by is None:
        return state.actor
    from cc.kernel.context import find_player

    with state.services.ctx.db.read() as session:
        player = find_player(session, by)
        return Actor(player_id=player.id, door=Door.CLI, label=player.login)


def refusals(func: F) -> F:
    """Print a service refusal in the chosen language and exit 1."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except errors.ServiceError as exc:
            message = exc.message(_lang())
            click.echo(_("refused [{code}]: {message}", code=exc.code, message=message), err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


def _lang() -> str:
    """The language of this command's messages (``--lang``, else the configuration's)."""
    ctx = click.get_current_context(silent=True)
    state = ctx.find_object(State) if ctx else None
    return state.lang if state else i18n.DEFAULT_LANGUAGE


def _(msgid: str, /, **params: object) -> str:
    """A catalog message in the command's language, its parameters filled in."""
    return N_(msgid, **params).localize(_lang())


def word(category: str, value: str | None) -> str:
    """A code (status, mode, result ...) as a word in the command's language."""
    return "" if value is None else i18n.word(category, value, _lang())


def emit_json(value: Any) -> None:
    click.echo(json.dumps(as_json(value), ensure_ascii=False, indent=2))


def _missing_schema(exc: OperationalError | ProgrammingError) -> bool:
    """Whether a database error says the tables of this version are not there."""
    text = str(exc.orig).lower()
    sqlstate = getattr(exc.orig, "sqlstate", None)
    return (
        "no such table" in text
        or "no such column" in text
        or sqlstate in ("42P01", "42703")  # PostgreSQL: undefined table, undefined column
    )


class Console(click.Group):
    """The ``cc`` group: a database never upgraded, or one that cannot be used
    (down, full, read-only), is told so in one line, whatever the command."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (OperationalError, ProgrammingError) as exc:
            if not _missing_schema(exc):
                if unavailable(exc):
                    # Down, full or read-only: one line that says so, not a traceback.
                    click.echo(
                        _(
                            "The database {url} cannot be used now: {reason}",
                            url=_safe_url(ctx.obj.config.database_url) if ctx.obj else "",
                            reason=str(exc.orig).strip().splitlines()[0][:300],
                        ),
                        err=True,
                    )
                    sys.exit(1)
                raise
            click.echo(
                _(
                    "The database {url} has no tables of this version: run cc db upgrade first.",
                    url=_safe_url(ctx.obj.config.database_url) if ctx.obj else "",
                ),
                err=True,
            )
            sys.exit(1)


@click.group(cls=Console)
@click.option("--lang", type=click.Choice(["en", "ru"]), help="Language of messages.")
@click.pass_context
def cli(ctx: click.Context, lang: str | None) -> None:
    """Correspondence chess server."""
    ctx.obj = State(lang)


pass_state = click.make_pass_decorator(State)


# ---------------------------------------------------------------------- db


@cli.group()
def db() -> None:
    """The database schema."""


@db.command("upgrade")
@click.option("--revision", default="head", show_default=True)
@pass_state
def db_upgrade(state: State, revision: str) -> None:
    """Bring the database up to the newest schema revision."""
    from cc.store import migrate

    config_mod.ensure_sqlite_dir(state.config.database_url)
    migrate.upgrade(state.config.database_url, revision)
    if revision in ("head", migrate.head()):
        # The models describe the head: a database stamped with a revision it
        # never ran (one renumbered or moved since) lacks some of it.
        missing = migrate.missing_schema(state.config.database_url)
        if missing:
            click.echo(
                _(
                    "The database {url} is marked as upgraded but lacks what this version "
                    "needs: {missing}. A revision it is marked with never ran on it, so it "
                    "is not at head.",
                    url=_safe_url(state.config.database_url),
                    missing=", ".join(
                        _("table {table}", table=table)
                        if column is None
                        else _("column {table}.{column}", table=table, column=column)
                        for table, column in missing
                    ),
                ),
                err=True,
            )
            sys.exit(1)
    click.echo(
        _(
            "database at {revision}: {url}",
            revision=revision,
            url=_safe_url(state.config.database_url),
        )
    )


def _safe_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


# ------------------------------------------------------------------- daily


@cli.command()
@click.option(
    "--date",
    "day",
    type=click.DateTime(["%Y-%m-%d"]),
    help="The day to do (default: each event's today); catch up missed days in order.",
)
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def daily(state: State, day: datetime | None, as_json_flag: bool) -> None:
    """Do a day's work: time forfeits and the other rules of the calendar."""
    report = state.services.daily.run(day.date() if day else None)
    if as_json_flag:
        emit_json(report)
        return
    label = report.day.isoformat() if report.day else _("today")
    click.echo(
        _(
            "{day}: {examined} game(s) examined, {forfeited} lost on time {games}",
            day=label,
            examined=report.examined,
            forfeited=len(report.forfeited),
            games=report.forfeited or "",
        ).rstrip()
    )
    others: dict[str, list[int] | list[str]] = {
        N_("reminders sent"): report.reminded,
        N_("oversteps reported"): report.overstep_told,
        N_("silence cases"): report.silenced,
        N_("cases moved on"): report.cases,
        N_("leave notices"): report.leaves,
        N_("games to adjudication"): report.adjudication,
        N_("events closed"): report.closed,
    }
    for what, items in others.items():
        if items:
            click.echo(f"  {i18n.localize(what, _lang())}: {len(items)} {items}")


# -------------------------------------------------------------------- demo


@cli.command()
@click.option("--if-empty", is_flag=True, help="Do nothing (quietly) if there are players.")
@pass_state
@refusals
def demo(state: State, if_empty: bool) -> None:
    """Create a demo event with two players and an arbiter, and print their passwords."""
    from cc.run.demo import seed_demo

    path = state.config.var_dir / "demo-passwords.txt"
    credentials = seed_demo(state.services, state.actor, path)
    if credentials is None:
        if not if_empty:
            click.echo(_("the database already has players: no demo created"), err=True)
            sys.exit(1)
        return
    click.echo(_("Demo event DEMO created. Sign in at the address below as:"))
    for login, password in credentials:
        click.echo("  " + _("{login} password {password}", login=f"{login:<8}", password=password))
    click.echo(_("(kept in {path})", path=path))


# ------------------------------------------------------------------- serve


@cli.command()
@click.option("--host", help="Address to listen on (default from configuration).")
@click.option("--port", type=int, help="Port to listen on (default from configuration).")
@pass_state
def serve(state: State, host: str | None, port: int | None) -> None:
    """Run the server: the web app and whatever else is configured."""
    from dataclasses import replace

    from cc.run.serve import serve as run

    conf = replace(
        state.config,
        web_host=host or state.config.web_host,
        web_port=port or state.config.web_port,
    )
    click.echo(
        _(
            "serving on {address} with {url}",
            address=f"http://{conf.web_host}:{conf.web_port}/",
            url=_safe_url(conf.database_url),
        )
    )
    if conf.mail_listen:
        click.echo(
            _(
                "mail for {address} taken on {listen}; sent mail kept in {outbox}",
                address=conf.mail_address,
                listen=conf.mail_listen,
                outbox=conf.outbox_dir,
            )
        )
    asyncio.run(run(conf, state.site))


# ------------------------------------------------------------------ player


@cli.group()
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


# ------------------------------------------------------------------- token


@cli.group()
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


# ------------------------------------------------------------------- leave


@cli.group()
def leave() -> None:
    """Players' leaves (54.6, 55.7, 56.7)."""


@leave.command("take")
@click.argument("ref")
@click.option("--from", "first_day", type=click.DateTime(["%Y-%m-%d"]), required=True)
@click.option("--to", "last_day", type=click.DateTime(["%Y-%m-%d"]), required=True)
@click.option(
    "--grant",
    is_flag=True,
    help="Arbiter's exception: already begun or beyond the caps (56.7.7); needs --by.",
)
@click.option("--by", help="Act as this arbiter or player (login): the arbiter who grants.")
@click.option("--note")
@pass_state
@refusals
def leave_take(
    state: State,
    ref: str,
    first_day: datetime,
    last_day: datetime,
    grant: bool,
    by: str | None,
    note: str | None,
) -> None:
    """Take a leave for a player, first and last day inclusive."""
    if grant and by is None:
        raise errors.InvalidInput(
            field="--by",
            reason=N_("an arbiter grants leave out of the ordinary: name them (Art. 56.7.7)"),
        )
    leave_id = state.services.leaves.request(
        acting_as(state, by), ref, first_day.date(), last_day.date(), grant=grant, note=note
    )
    click.echo(
        _(
            "leave {id}: {login} {first} .. {last}",
            id=leave_id,
            login=ref,
            first=first_day.date(),
            last=last_day.date(),
        )
        + (" " + _("granted by {login}", login=by) if grant else "")
    )


@leave.command("end")
@click.argument("leave_id", type=int)
@click.option("--by", help="Act as this player or arbiter (login).")
@pass_state
@refusals
def leave_end(state: State, leave_id: int, by: str | None) -> None:
    """End a leave from today (56.7.3); one not yet begun is withdrawn."""
    view = state.services.leaves.end_early(acting_as(state, by), leave_id)
    click.echo(
        _(
            "leave {id}: {status}, last day {last}",
            id=view.id,
            status=word("status", view.status),
            last=view.last_day,
        )
    )


@leave.command("list")
@click.argument("ref")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def leave_list(state: State, ref: str, as_json_flag: bool) -> None:
    """A player's leaves and the days used and allowed."""
    leaves = state.services.leaves.leaves(ref)
    balance = state.services.leaves.balance(ref)
    if as_json_flag:
        emit_json({"leaves": leaves, "balance": balance})
        return
    for lv in leaves:
        granted = " " + _("granted by {login}", login=lv.granted_by) if lv.granted_by else ""
        days = _("{days} days", days=f"{lv.days:>3}")
        status = word("status", lv.status)
        click.echo(f"{lv.id:>4}  {lv.first_day} .. {lv.last_day}  {days}  {status}{granted}")
    cap = balance.cap_this_year if balance.cap_this_year is not None else "-"
    click.echo(
        _(
            "{period}: {used} of {cap} days used",
            period=balance.year,
            used=balance.used_this_year,
            cap=cap,
        )
    )
    for code, (used, event_cap) in balance.per_event.items():
        click.echo(
            _(
                "{period}: {used} of {cap} days used",
                period=code,
                used=used,
                cap=event_cap if event_cap is not None else "-",
            )
        )


# ------------------------------------------------------------------- event


@cli.group()
def event() -> None:
    """Events, their sections and their start."""


@event.command("create")
@click.argument("code")
@click.option("--name", required=True)
@click.option("--mode", type=click.Choice([m.value for m in Mode]), required=True)
@click.option(
    "--start",
    "start_date",
    type=click.DateTime(["%Y-%m-%d"]),
    required=True,
    help="Official start date (YYYY-MM-DD).",
)
@click.option("--end", "end_date", type=click.DateTime(["%Y-%m-%d"]), help="End date.")
@click.option("--tz", "timezone", default="UTC", show_default=True, help="Event time zone.")
@click.option("--arbiter", help="The arbiter's login.")
@click.option("--adjudicator", help="The adjudicating arbiter's login.")
@click.option("--appeal-arbiter", "appeal_arbiters", multiple=True)
@click.option("--double-round", is_flag=True, help="Double round robin (Art. 31.6).")
@click.option(
    "--system",
    type=click.Choice([s.value for s in EventSystem]),
    default="round_robin",
    show_default=True,
    help="How players are paired (Art. 26).",
)
@click.option("--games-per-match", type=int, help="Knockouts: games in a match (default 2).")
@click.option(
    "--tie-break",
    "match_tie_break",
    type=click.Choice(["extra_pair", "higher_seed", "lots"]),
    help="Knockouts: how a tied match is decided (default extra_pair).",
)
@click.option("--extra-pairs", type=int, help="Knockouts: extra pairs at most, then a lot.")
@click.option(
    "--bracket-reset/--no-bracket-reset",
    default=None,
    help="Double knockout: a second final if the losers' bracket champion wins the first.",
)
@click.option(
    "--rounds",
    type=int,
    help="A Swiss: its number of rounds, announced in advance (Art. 31.7).",
)
@click.option(
    "--bye-points",
    type=click.Choice(list(BYE_POINTS)),
    help="A Swiss: what a bye scores (default 1, an unplayed win).",
)
@click.option("--tc", "time_control", help="Time control MOVES/DAYS (default per mode).")
@click.option("--leave-per-year", type=int)
@click.option("--leave-per-event", type=int)
@click.option("--penalty-days", type=int)
@click.option("--penalty-days-repeat", type=int)
@click.option("--day-counting", type=click.Choice([d.value for d in DayCounting]))
@click.option("--iccf-double-after-20/--no-iccf-double-after-20", default=None)
@click.option("--first-overstep-loses/--first-overstep-restarts", default=None)
@click.option("--conditional-moves/--no-conditional-moves", default=None)
@click.option("--next-day-receipt/--no-next-day-receipt", default=None)
@click.option(
    "--tiebreaks",
    help="Tie-breaks in order, comma-separated (Art. 39.3): head_to_head, wins, "
    "sonneborn_berger, koya, black; a Swiss (39.3.3, 39.3.4; default head_to_head, wins, "
    "black, buchholz_cut1, buchholz, sonneborn_berger): also average_rating, "
    "buchholz_median1.",
)
@click.option("--no-engines", is_flag=True, default=None, help="Engines forbidden.")
@click.option("--no-databases", is_flag=True, default=None, help="Databases forbidden.")
@click.option("--no-opening-books", is_flag=True, default=None, help="Opening books forbidden.")
@click.option("--no-tablebases", is_flag=True, default=None, help="Tablebases forbidden.")
@click.option(
    "--team-ranking",
    help="Team sections: the main score, then the tie-breaks, comma-separated (Art. 38.7, "
    "39.3.2): match_points, board_points, head_to_head, sonneborn_berger.",
)
@click.option(
    "--public-games",
    metavar="after-end|N",
    help="How the public sees games being played: after-end (default: only once they end) "
    "or N (as they stood N moves ago, ICCF's delay; 0: as played).",
)
@click.option("--start-fen", help="Thematic (Art. 26): every game starts from this position (FEN).")
@click.option(
    "--opening", help='Thematic: every game starts after this line, e.g. "1.e4 e5 2.Nf3".'
)
@click.option(
    "--chess960", is_flag=True, default=False, help="Chess960: a position drawn for each round."
)
@click.option("--chess960-seed", help="The seed of the Chess960 draws (default: random).")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def event_create(
    state: State,
    /,
    code: str,
    name: str,
    mode: str,
    start_date: datetime,
    end_date: datetime | None,
    timezone: str,
    arbiter: str | None,
    adjudicator: str | None,
    appeal_arbiters: tuple[str, ...],
    double_round: bool,
    system: str,
    games_per_match: int | None,
    match_tie_break: str | None,
    extra_pairs: int | None,
    bracket_reset: bool | None,
    rounds: int | None,
    time_control: str | None,
    public_games: str | None,
    as_json_flag: bool,
    **settings: Any,
) -> None:
    """Create an event (in draft) with its regulations."""
    theme: dict[str, Any] = {
        key: settings.pop(key) for key in ("start_fen", "opening", "chess960", "chess960_seed")
    }
    overrides: dict[str, object] = {}
    match_rules = {
        name: value
        for name, value in (
            ("games_per_match", games_per_match),
            ("tie_break", match_tie_break),
            ("extra_pairs", extra_pairs),
            ("bracket_reset", bracket_reset),
        )
        if value is not None
    }
    if public_games is not None:
        overrides["public_moves_behind"] = _public_games(public_games)
    if time_control:
        try:
            overrides["control_moves"], overrides["control_days"] = parse_time_control(time_control)
        except ValueError as exc:
            raise errors.InvalidInput(field="--tc", reason=i18n.exc_text(exc)) from None
    names = {
        "leave_per_year": "leave_days_per_year",
        "leave_per_event": "leave_days_per_event",
    }
    for key, value in settings.items():
        if value is not None:
            overrides[names.get(key, key)] = DayCounting(value) if key == "day_counting" else value
    spec = EventSpec(
        code=code,
        name=name,
        mode=Mode(mode),
        start_date=start_date.date(),
        end_date=end_date.date() if end_date else None,
        timezone=timezone,
        arbiter=arbiter,
        adjudicator=adjudicator,
        appeal_arbiters=appeal_arbiters,
        cycles=2 if double_round else 1,
        system=system,
        rounds=rounds,
        regulations=overrides,
        **theme,
        match_rules=match_rules,
    )
    state.services.events.create(state.actor, spec)
    if as_json_flag:
        emit_json(state.services.queries.event(code))
    else:
        click.echo(_("event {code} created", code=code))


def _public_games(text: str) -> int | None:
    """``after-end`` (None) or a number of moves behind."""
    value = text.strip().lower()
    if value in ("after-end", "after_end"):
        return None
    if value.isascii() and value.isdigit():
        return int(value)
    raise errors.InvalidInput(
        field="--public-games",
        reason=N_("write after-end or a number of moves, got {text!r}", text=text),
    )


@event.command("pair-next")
@click.argument("code")
@pass_state
@refusals
def event_pair_next(state: State, code: str) -> None:
    """A Swiss: pair the next round of each section whose round has ended (Art. 31.7)."""
    paired = state.services.swiss.pair_next(state.actor, code)
    for section, rnd in paired.items():
        click.echo(_("section {section}: round {round} paired", section=section, round=rnd))


@event.command("crosstable")
@click.argument("code")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def event_crosstable(state: State, code: str, as_json_flag: bool) -> None:
    """Each section's crosstable with its tie-breaks (Art. 33, 38, 39)."""
    sections = state.services.standings.event(code)
    if as_json_flag:
        emit_json([s.as_dict() for s in sections])
        return
    for s in sections:
        state_word = _("final") if s.final else _("{n} games to finish", n=s.unfinished)
        click.echo(f"{code} {s.section} ({state_word})")
        click.echo(s.text(_lang()))
        click.echo()


@event.command("report")
@click.argument("code")
@pass_state
@refusals
def event_report(state: State, code: str) -> None:
    """The event's report for the organiser (Art. 53.3), with every game's PGN."""
    click.echo(state.services.event_report.report(state.actor, code, lang=_lang()), nl=False)


@event.command("add-player")
@click.argument("code")
@click.argument("players", nargs=-1, required=True)
@click.option("--section", default="A", show_default=True)
@pass_state
@refusals
def event_add_player(state: State, code: str, players: tuple[str, ...], section: str) -> None:
    """Enter players (logins, in starting order) into a section."""
    added = state.services.events.add_players(state.actor, code, players, section=section)
    click.echo(
        _(
            "{n} player(s) entered into {code} section {section}",
            n=len(added),
            code=code,
            section=section,
        )
    )


@event.command("section-theme")
@click.argument("code")
@click.argument("section")
@click.option("--start-fen", help="The section's games start from this position (FEN).")
@click.option("--opening", help='The section\'s games start after this line, e.g. "1.d4 d5".')
@pass_state
@refusals
def event_section_theme(
    state: State, code: str, section: str, start_fen: str | None, opening: str | None
) -> None:
    """Give a section its own thematic start (Art. 26); none: the event's."""
    chosen = state.services.themes.set_section(
        state.actor, code, section, start_fen=start_fen, opening=opening
    )
    text = describe_theme(chosen.start_fen, chosen.start_line, False)
    click.echo(
        _("section {section}: {theme}", section=section, theme=text.localize(_lang()))
        if text is not None
        else _("section {section} starts as the event does", section=section)
    )


@event.command("add-team")
@click.argument("code")
@click.argument("team")
@click.argument("players", nargs=-1, required=True)
@click.option("--section", default="A", show_default=True)
@pass_state
@refusals
def event_add_team(
    state: State, code: str, team: str, players: tuple[str, ...], section: str
) -> None:
    """Enter a team (its players' logins in board order) into a team section."""
    state.services.events.add_team(state.actor, code, team, players, section=section)
    click.echo(
        _(
            "team {team} ({boards} boards) entered into {code} section {section}",
            team=team,
            boards=len(players),
            code=code,
            section=section,
        )
    )


@event.command("start")
@click.argument("code")
@click.option("--draw-lots", is_flag=True, help="Draw the starting numbers by lot.")
@click.option("--seed", type=int, help="Seed of the drawing of lots (recorded).")
@pass_state
@refusals
def event_start(state: State, code: str, draw_lots: bool, seed: int | None) -> None:
    """Start the event: a round robin is paired in full (the Berger tables), a
    Swiss pairs its first round, a knockout its first matches."""
    count = state.services.events.start(state.actor, code, draw_lots=draw_lots, seed=seed)
    click.echo(_("event {code} started; games created: {count}", code=code, count=count))


@event.command("list")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def event_list(state: State, as_json_flag: bool) -> None:
    """List events."""
    events = state.services.queries.events()
    if as_json_flag:
        emit_json(events)
        return
    for e in events:
        mode, status = word("mode", e.mode), word("status", e.status)
        click.echo(f"{e.code:<16} {mode:<7} {status:<9} {e.start_date}  {e.name}")


@event.command("show")
@click.argument("code")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def event_show(state: State, code: str, as_json_flag: bool) -> None:
    """Show an event, its regulations and sections."""
    e = state.services.queries.event(code)
    if as_json_flag:
        emit_json(e)
        return
    click.echo(
        f"{e.code}: {e.name} [{word('mode', e.mode)}, {word('status', e.status)}] "
        f"{e.start_date} .. {e.end_date or '?'} ({e.timezone})"
    )
    click.echo(
        _(
            "arbiter: {arbiter}; appeal arbiters: {appeal}",
            arbiter=e.arbiter or "-",
            appeal=", ".join(e.appeal_arbiters) or "-",
        )
    )
    if e.system == EventSystem.SWISS:
        click.echo(
            _(
                "Swiss system: {rounds} rounds, paired by the Dutch system (Art. 31.7); "
                "a bye scores {points}",
                rounds=e.rounds,
                points=str(e.regulations["bye_points"]).replace("1/2", "½"),
            )
        )
    elif e.system == EventSystem.KNOCKOUT:
        click.echo(_("Out after one lost match (knockout)"))
    elif e.system == EventSystem.DOUBLE_KNOCKOUT:
        click.echo(_("Out after two lost matches (double knockout)"))
    for line in _regulation_lines(e.mode, e.regulations):
        click.echo(line)
    theme = describe_theme(e.start_fen, e.start_line, e.chess960)
    if theme is not None:
        click.echo(theme.localize(_lang()))
    for name, (fen, opening) in e.section_themes.items():
        text = describe_theme(fen, opening, False)
        if text is not None:
            click.echo(_("section {section}: {theme}", section=name, theme=text.localize(_lang())))
    for name, logins in e.sections.items():
        if name in e.teams:
            click.echo(_("section {name} (teams):", name=name))
            for number, (team, lineup) in enumerate(e.teams[name].items(), start=1):
                boards = ", ".join(f"{i}. {login}" for i, login in enumerate(lineup, start=1))
                click.echo(f"  {number}. {team}: {boards}")
            continue
        click.echo(
            _(
                "section {name}: {players}",
                name=name,
                players=", ".join(f"{i}. {login}" for i, login in enumerate(logins, start=1)),
            )
        )


def _regulation_lines(mode: str, r: dict[str, Any]) -> list[str]:
    """The event's regulations in words: the numbers, then each rule that applies."""
    per_event = r["leave_days_per_event"]
    lines = [
        _(
            "control {moves}/{days} days; leave {per_year}/year{per_event}; penalty {penalty} "
            "days ({repeat} for a repeat)",
            moves=r["control_moves"],
            days=r["control_days"],
            per_year=r["leave_days_per_year"],
            per_event="" if per_event is None else _(", {n} per event", n=per_event),
            penalty=r["penalty_days"],
            repeat=r["penalty_days_repeat"],
        )
    ]
    if r["day_counting"] == "iccf":
        lines.append(
            _("day counting: ICCF (whole 24-hour periods from the moment of receipt, §10.2)")
        )
    else:
        lines.append(_("day counting: calendar days in the event's time zone (§10.1)"))
    if r["iccf_double_after_20"]:
        lines.append(_("ICCF doubling: days beyond 20 on one move count double (§10.2)"))
    if r["first_overstep_loses"]:
        lines.append(_("the first overstep loses the game (55.6.11)"))
    elif mode == "post":
        lines.append(_("the first overstep restarts the count (55.6.4)"))
    else:
        lines.append(_("first overstep loses: off (a setting of post play, 55.6.11)"))
    if r["next_day_receipt"]:
        lines.append(_("next-day receipt: a move counts as received the day after (§10.3)"))
    if not r["conditional_moves"]:
        lines.append(_("no conditional moves"))
    behind = r.get("public_moves_behind")
    if behind is None:
        lines.append(_("public games: once they end"))
    elif behind == 0:
        lines.append(_("public games: as they are played"))
    else:
        lines.append(_("public games: while played, {n} move(s) behind", n=behind))
    return lines


# -------------------------------------------------------------------- game


@cli.group()
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


# ---------------------------------------------------------------- notation


@cli.group()
def notation() -> None:
    """Read and write moves in every notation players use."""


def _board(fen: str | None) -> chess.Board:
    try:
        return chess.Board(fen) if fen else chess.Board()
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--fen") from None


@notation.command("read")
@click.option("--fen", help="The position the first move is played in (default: the start).")
@click.option("--json", "as_json_flag", is_flag=True)
@click.argument("text", nargs=-1, required=True)
def notation_read(fen: str | None, as_json_flag: bool, text: tuple[str, ...]) -> None:
    """Print the UCI move(s) TEXT writes; exit 1 with the fault if one fails."""
    import notation as nt
    from cc.games.move_text import notation_reason

    result = nt.read_move_list(" ".join(text), _board(fen))
    if as_json_flag:
        emit_json(
            {
                "notation": result.notation.value if result.notation else None,
                "moves": [
                    {
                        "number": m.number,
                        "color": "white" if m.color else "black",
                        "text": m.text,
                        "uci": m.move.uci(),
                        "notation": m.notation.value,
                    }
                    for m in result.moves
                ],
                "error": None
                if result.failure is None
                else {
                    "number": result.failure.number,
                    "color": "white" if result.failure.color else "black",
                    "text": result.failure.text,
                    "kind": result.failure.error.kind,
                    "reason": result.failure.error.reason,
                    "fen": result.failure.error.fen,
                },
            }
        )
    elif result.moves:
        click.echo(" ".join(m.move.uci() for m in result.moves))
    if result.failure is not None:
        f = result.failure
        if not as_json_flag:
            dots = "." if f.color else "..."
            reason = i18n.localize(notation_reason(f.error), _lang())
            kind = word("notation", f.error.kind)
            click.echo(f"{kind}: {f.number}{dots} {f.text!r}: {reason}", err=True)
        sys.exit(1)
    if not result.moves:
        kind, reason = word("notation", "illegible"), word("reason", "no move is written")
        click.echo(f"{kind}: {reason}", err=True)
        sys.exit(1)


@notation.command("write")
@click.option("--fen", help="The position the first move is played in (default: the start).")
@click.option(
    "--as",
    "style",
    required=True,
    type=click.Choice(["numeric", "san", "san-ru", "lan", "lan-ru", "uci"]),
)
@click.option("--numbered", is_flag=True, help="Number the moves as a record.")
@click.option("--form", is_flag=True, help="One line per move number, as the 59.1 form.")
@click.argument("moves", nargs=-1, required=True)
def notation_write(
    fen: str | None, style: str, numbered: bool, form: bool, moves: tuple[str, ...]
) -> None:
    """Print UCI MOVES, played in order, in another notation."""
    import notation as nt

    board = _board(fen)
    parsed = []
    position = board.copy()
    for uci in moves:
        try:
            move = position.parse_uci(uci)
        except ValueError:
            click.echo(
                _(
                    "{kind}: {uci!r} is not a legal move in {fen}",
                    kind=word("notation", "impossible"),
                    uci=uci,
                    fen=position.fen(),
                ),
                err=True,
            )
            sys.exit(1)
        parsed.append(move)
        position.push(move)
    click.echo(nt.write_moves(parsed, style, board=board, numbered=numbered or form, form=form))


def main() -> None:
    cli(prog_name="cc")


# The ``case`` and ``game receipt`` commands live in their own modules and join here.
from cc.console import cases as _cases  # noqa: E402, F401
from cc.console import mail as _mail  # noqa: E402, F401
from cc.console import people as _people  # noqa: E402, F401
from cc.console import ratings as _ratings  # noqa: E402, F401
from cc.console import receipts as _receipts  # noqa: E402, F401
from cc.console import records as _records  # noqa: E402, F401
