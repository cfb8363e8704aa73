"""The tournament office on the site: the events, a new event from a form, and
an event's page (which says what a TRF import did, :mod:`cc.web.trf_import_pages`).

The form offers every regulation the console's ``cc event create`` does; a
blank field keeps the mode's default (shown beside it). The form's values
are read here, as the console reads its options, and handed to the same
:meth:`cc.events.lifecycle.EventService.create`; a refusal comes back beside
the form, in the reader's language, with what was typed kept.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.base import errors
from cc.base.regulations import BYE_POINTS, Mode
from cc.events.lifecycle import EventSpec
from cc.text.i18n import N_
from cc.web import flash
from cc.web.context import actor_of, language, services_of
from cc.web.rendering import form_of, render, signed_in
from standings import TeamTiebreak, Tiebreak
from standings.swiss import SwissTiebreak
from timekeeping.ledger import DayCounting

router = APIRouter(include_in_schema=False)

#: whole-number regulations; blank keeps the mode's default
NUMBERS = (
    "control_moves",
    "control_days",
    "leave_days_per_year",
    "leave_days_per_event",
    "penalty_days",
    "penalty_days_repeat",
)
#: yes/no regulations; "" keeps the mode's default
SWITCHES = ("iccf_double_after_20", "first_overstep_loses", "conditional_moves", "next_day_receipt")
#: the aids the regulations may forbid: ticked is forbidden
AIDS = ("no_engines", "no_databases", "no_opening_books", "no_tablebases")
#: how many tie-break (and team ranking) choices the form offers, in order
TIEBREAK_SLOTS = max(len(Tiebreak), len(SwissTiebreak))
TEAM_SLOTS = len(TeamTiebreak)


def _spec(form: dict[str, str], appeal_arbiters: list[str]) -> EventSpec:
    """The event the form describes; a field that cannot be read is refused by name."""
    regulations: dict[str, object] = {}
    for key in NUMBERS:
        text = form.get(key, "").strip()
        if text:
            if not text.isdigit():
                raise errors.InvalidInput(field=key, reason=N_("give a whole number of days"))
            regulations[key] = int(text)
    for key in SWITCHES:
        if form.get(key) in ("yes", "no"):
            regulations[key] = form[key] == "yes"
    for key in AIDS:
        regulations[key] = form.get(key) == "1"
    if form.get("system") == "swiss" and form.get("bye_points") in BYE_POINTS:
        regulations["bye_points"] = form["bye_points"]
    if form.get("day_counting"):
        try:
            regulations["day_counting"] = DayCounting(form["day_counting"])
        except ValueError:
            raise errors.InvalidInput(field="day_counting", reason=N_("choose one")) from None
    tiebreaks = [form.get(f"tiebreak_{i}", "") for i in range(TIEBREAK_SLOTS)]
    if any(tiebreaks):
        regulations["tiebreaks"] = ",".join(t for t in tiebreaks if t)
    ranking = [form.get(f"team_{i}", "") for i in range(TEAM_SLOTS)]
    if any(ranking):
        regulations["team_ranking"] = ",".join(t for t in ranking if t)
    match_rules: dict[str, object] = {}
    for key in ("games_per_match", "extra_pairs"):
        text = form.get(key, "").strip()
        if text:
            if not text.isdigit():
                raise errors.InvalidInput(field=key, reason=N_("give a whole number"))
            match_rules[key] = int(text)
    if form.get("tie_break"):
        match_rules["tie_break"] = form["tie_break"]
    if form.get("bracket_reset") in ("yes", "no"):
        match_rules["bracket_reset"] = form["bracket_reset"] == "yes"
    system = form.get("system") or "round_robin"
    if system not in ("knockout", "double_knockout"):
        match_rules = {}  # the knockout fields of a form that chose another system
    days = {}
    for key in ("start_date", "end_date"):
        text = form.get(key, "").strip()
        if text:
            try:
                days[key] = date.fromisoformat(text)
            except ValueError:
                raise errors.InvalidInput(
                    field=key, reason=N_("give a day as YYYY-MM-DD")
                ) from None
    if "start_date" not in days:
        raise errors.InvalidInput(field="start_date", reason=N_("the event needs a start date"))
    return EventSpec(
        code=form.get("code", "").strip(),
        name=form.get("name", "").strip(),
        mode=form.get("mode", ""),  # type: ignore[arg-type]  # checked by the service
        start_date=days["start_date"],
        end_date=days.get("end_date"),
        timezone=form.get("timezone", "").strip() or "UTC",
        arbiter=form.get("arbiter") or None,
        adjudicator=form.get("adjudicator") or None,
        appeal_arbiters=tuple(appeal_arbiters),
        cycles=2 if form.get("cycles") == "2" else 1,
        system=system,
        rounds=_rounds(form) if system == "swiss" else None,
        regulations=regulations,
        # a thematic start (Art. 26), checked by the service
        start_fen=form.get("start_fen", "").strip() or None,
        opening=form.get("opening", "").strip() or None,
        chess960=form.get("chess960") == "1",
        chess960_seed=form.get("chess960_seed", "").strip() or None,
        match_rules=match_rules,
    )


def _rounds(form: dict[str, str]) -> int:
    """A Swiss's number of rounds (Art. 31.7)."""
    text = form.get("rounds", "").strip()
    if not text.isdigit():
        raise errors.InvalidInput(field="rounds", reason=N_("give the number of rounds"))
    return int(text)


def _form_page(
    request: Request, status: int = 200, typed: dict[str, Any] | None = None, **context: Any
) -> Response:
    info = signed_in(request)
    choices = services_of(request).office.form_choices(actor_of(info))
    return render(
        request,
        "event_form.html",
        status=status,
        choices=choices,
        typed=typed or {},
        modes=[m.value for m in Mode],
        numbers=NUMBERS,
        switches=SWITCHES,
        aids=AIDS,
        countings=[d.value for d in DayCounting],
        # a round robin's (39.3.1) and a Swiss's (39.3.3, 39.3.4): the
        # service refuses those that do not fit the system chosen
        tiebreaks=list(
            dict.fromkeys([*(t.value for t in Tiebreak), *(t.value for t in SwissTiebreak)])
        ),
        bye_points=BYE_POINTS,
        team_orders=[t.value for t in TeamTiebreak],
        **context,
    )


@router.get("/office")
def office(request: Request) -> Response:
    info = signed_in(request)
    svc = services_of(request)
    events = svc.office.events(actor_of(info))
    return render(request, "office.html", events=events, ratings=svc.ratings.table())


@router.get("/office/events/new")
def new_event_form(request: Request) -> Response:
    return _form_page(request)


@router.post("/office/events/new")
async def new_event(request: Request) -> Response:
    info = signed_in(request)
    raw = await request.form()
    form = await form_of(request, info)
    appeal = [str(v) for v in raw.getlist("appeal_arbiters") if str(v)]
    try:
        spec = _spec(form, appeal)
        services_of(request).events.create(actor_of(info), spec)
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:  # a bad field, a code already taken, ...
        typed: dict[str, Any] = {**form, "appeal_arbiters": appeal}
        return _form_page(request, 422, typed, error=exc.message(language(request)))
    return flash.redirect(f"/events/{spec.code}/regulations", "event_created")


# ------------------------------------------------------------ an event's entries


#: what the redirect after a TRF import (:mod:`cc.web.trf_import_pages`) carries: whole numbers
_COUNTS = ("created", "found", "played", "rounds", "paired")


def imported_said(counts: dict[str, int], lang: str) -> str:
    """What an import did, in ``lang``: the players, the rounds, the round paired."""
    said = N_(
        "The Swiss is imported from the TRF file: {played} of {rounds} rounds played; "
        "players registered: {created}, found among those already here: {found}.",
        played=counts.get("played", 0),
        rounds=counts.get("rounds", 0),
        created=counts.get("created", 0),
        found=counts.get("found", 0),
    ).localize(lang)
    if "paired" in counts:
        said += " " + N_("Round {round} is paired.", round=counts["paired"]).localize(lang)
    elif counts.get("played", 0) >= counts.get("rounds", 0):
        said += " " + N_("Every round is played: none is left to pair.").localize(lang)
    return said


def _said_after_import(request: Request, lang: str) -> str | None:
    """The sentence of :func:`imported_said` when the page was reached by the
    redirect after an import; only whole numbers are read from the link."""
    query = request.query_params
    if query.get("done") != "trf_imported":
        return None
    counts = {k: int(query[k]) for k in _COUNTS if query.get(k, "").isdigit() and len(query[k]) < 6}
    return imported_said(counts, lang)


def event_page(
    request: Request,
    code: str,
    status: int = 200,
    error: str | None = None,
    imported: str | None = None,
) -> Response:
    """An event's office page; ``imported`` what a TRF import just did."""
    info = signed_in(request)
    svc = services_of(request)
    actor = actor_of(info)
    applications = svc.entries.applications(actor, code)
    asked = {a.player for a in applications}
    event = svc.queries.event(code)
    return render(
        request,
        "office_event.html",
        status=status,
        event=event,
        entry=svc.entries.state(actor, code),
        applications=applications,
        accepted=[a for a in applications if a.status == "accepted"],
        people=[p for p in svc.queries.players() if p.login not in asked],
        error=error,
        imported=imported or _said_after_import(request, language(request)),
    )


def _refused(request: Request, code: str, exc: errors.ServiceError) -> Response:
    """A refusal of the office's own forms: the page again, the reason on top."""
    if isinstance(exc, errors.NotPermitted):
        raise exc
    return event_page(request, code, 422, exc.message(language(request)))


@router.get("/office/events/{code}")
def office_event(request: Request, code: str) -> Response:
    return event_page(request, code)


@router.post("/office/events/{code}/entry")
async def office_entry(request: Request, code: str) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    entries = services_of(request).entries
    try:
        if form.get("action") == "close":
            entries.close_entry(actor_of(info), code)
            return flash.redirect(f"/office/events/{code}", "entry_closed")
        try:
            closes_on = date.fromisoformat(form.get("closes_on", ""))
        except ValueError:
            raise errors.InvalidInput(
                field="closes_on", reason=N_("give a day as YYYY-MM-DD")
            ) from None
        entries.open_entry(actor_of(info), code, closes_on)
    except errors.ServiceError as exc:
        return _refused(request, code, exc)
    return flash.redirect(f"/office/events/{code}", "entry_opened")


@router.post("/office/events/{code}/decide")
async def office_decide(request: Request, code: str) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        services_of(request).entries.decide(
            actor_of(info),
            code,
            form.get("player", ""),
            accept=form.get("decision") == "accept",
            note=form.get("note") or None,
        )
    except errors.ServiceError as exc:
        return _refused(request, code, exc)
    return flash.redirect(f"/office/events/{code}", "entry_decided")


@router.post("/office/events/{code}/enter")
async def office_enter(request: Request, code: str) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        services_of(request).entries.enter(actor_of(info), code, form.get("player", ""))
    except errors.ServiceError as exc:
        return _refused(request, code, exc)
    return flash.redirect(f"/office/events/{code}", "entered")


@router.post("/office/events/{code}/sections")
async def office_sections(request: Request, code: str) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    entries = services_of(request).entries
    try:
        if form.get("how") == "hand":
            plan: dict[str, list[str]] = {}
            for key, value in form.items():
                if key.startswith("section:") and value.strip():
                    plan.setdefault(value.strip().upper(), []).append(key.removeprefix("section:"))
            entries.form_sections(actor_of(info), code, by_hand=plan)
        else:
            text = form.get("size", "").strip()
            if not text.isdigit():
                raise errors.InvalidInput(field="size", reason=N_("give a whole number"))
            entries.form_sections(actor_of(info), code, size=int(text))
    except errors.ServiceError as exc:
        return _refused(request, code, exc)
    return flash.redirect(f"/office/events/{code}", "sections_formed")


@router.post("/office/events/{code}/start")
async def office_start(request: Request, code: str) -> Response:
    """The start: numbers by the sections' order (rating), or by lot (Art. 31.1)."""
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        services_of(request).events.start(
            actor_of(info), code, draw_lots=form.get("order") == "lot"
        )
    except errors.ServiceError as exc:
        return _refused(request, code, exc)
    return flash.redirect(f"/arbiter/events/{code}", "started")
