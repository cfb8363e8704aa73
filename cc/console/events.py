"""``cc event``: events, their regulations, sections and start, and their tables.

``cc event trf`` and ``cc event import-trf`` (FIDE's report file) live in
:mod:`cc.console.event_trf` and join the group here.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import click

from cc.base import errors
from cc.base.kinds import EventSystem
from cc.base.regulations import BYE_POINTS, DayCounting, Mode, parse_time_control
from cc.console.base import State, _, _lang, emit_json, pass_state, refusals, word
from cc.console.event_trf import event_import_trf, event_trf
from cc.events.lifecycle import EventSpec
from cc.events.thematic import describe as describe_theme
from cc.text import i18n
from cc.text.i18n import N_

if TYPE_CHECKING:
    from cc.views.round_report import RoundPlayer


@click.group()
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


@event.command("round")
@click.argument("code")
@click.argument("number", type=int)
@click.option("--section", help="The section (default: the first).")
@click.option("--json", "as_json_flag", is_flag=True)
@pass_state
@refusals
def event_round(
    state: State, code: str, number: int, section: str | None, as_json_flag: bool
) -> None:
    """A Swiss round's pairs and why: score groups, floaters, colour reasons (C.04.3)."""
    view = state.services.round_report.round(state.actor, code, number, section)
    if as_json_flag:
        emit_json(view)
        return
    lang = _lang()
    click.echo(
        _(
            "{code} section {section}: round {round} of {rounds}",
            code=code,
            section=view.section,
            round=view.round,
            rounds=view.rounds,
        )
    )

    def who(p: RoundPlayer) -> str:
        return f"{p.name} ({p.number}), {p.score}; {p.preference.localize(lang)}; {p.floats_text}"

    click.echo(_("board: White (number), score; colour preference; floats - Black (the same)"))
    for b in view.boards:
        click.echo(f"{b.board:>3}  {who(b.white)}  -  {who(b.black)}")
        group = _("score group {score}", score=b.bracket)
        if b.floaters:
            group += "; " + i18n.localize(b.floaters, lang)
        click.echo(f"     {group}")
        colours = b.colours.localize(lang)
        if not b.as_the_rules:
            colours += " " + _("(the record read now gives the other colours)")
        click.echo(f"     {colours}")
    if view.bye is not None and view.bye_reason is not None:
        click.echo(f"{view.bye.name} ({view.bye.number}): {view.bye_reason.localize(lang)}")
    if view.absent:
        click.echo(_("absent: {names}", names=", ".join(p.name for p in view.absent)))
    click.echo(
        _("floats: ↓2 floated down in round 2, ↑1 up in round 1; – none in the last two rounds")
    )


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


event.add_command(event_trf)
event.add_command(event_import_trf)
