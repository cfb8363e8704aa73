"""The office's people on the site: the list (who never signed in marked),
inviting a person, importing a federation's list from CSV, editing a person
and merging a duplicate account. Each form's refusal comes back beside it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.accounts.people import ImportReport
from cc.base import errors
from cc.base.kinds import Role
from cc.text.i18n import N_
from cc.web import flash
from cc.web.context import actor_of, language, services_of, settings_of
from cc.web.rendering import form_of, render, signed_in
from cc.web.uploads import pasted_or_uploaded

router = APIRouter(include_in_schema=False)


def _number(form: dict[str, str], key: str) -> int | None:
    text = form.get(key, "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise errors.InvalidInput(field=key, reason=N_("give a whole number"))
    return int(text)


def _list(request: Request, status: int = 200, **context: Any) -> Response:
    info = signed_in(request)
    people = services_of(request).people.people(actor_of(info))
    never = request.query_params.get("never") == "1"
    failing = request.query_params.get("failing") == "1" and not never
    shown = [p for p in people if p.last_sign_in is None] if never else people
    if failing:
        shown = [p for p in people if p.failing]
    return render(
        request,
        "people.html",
        status=status,
        people=shown,
        total=len(people),
        never=never,
        never_count=sum(1 for p in people if p.last_sign_in is None),
        failing=failing,
        failing_count=sum(1 for p in people if p.failing),
        **context,
    )


@router.get("/office/people")
def people_page(request: Request) -> Response:
    return _list(request)


@router.post("/office/people/invite")
async def invite(request: Request) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        services_of(request).people.invite(
            actor_of(info),
            surname=form.get("surname", ""),
            given_names=form.get("given_names", ""),
            email=form.get("email", ""),
            lang=form.get("lang", "en"),
            rating=_number(form, "rating"),
            federation_id=form.get("federation_id") or None,
            site_url=settings_of(request).base_url,
        )
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return _list(request, 422, invite_error=exc.message(language(request)), typed=form)
    return flash.redirect("/office/people", "invited")


@router.post("/office/people/import")
async def import_people(request: Request) -> Response:
    info = signed_in(request)
    # A list saved by Russian Excel comes in Windows-1251.
    try:
        text, form = await pasted_or_uploaded(request, info, "csv")
    except errors.InvalidInput as exc:
        return _list(request, 422, import_error=exc.message(language(request)))
    report: ImportReport = services_of(request).people.import_csv(
        actor_of(info),
        text,
        invite=form.get("invite") == "1",
        site_url=settings_of(request).base_url,
    )
    lang = language(request)
    problems = [(n, p.localize(lang)) for n, p in report.problems]
    return _list(
        request, 422 if problems else 200, report=report, problems=problems, typed_csv=text
    )


def _person(request: Request, login: str, status: int = 200, **context: Any) -> Response:
    info = signed_in(request)
    svc = services_of(request)
    person = svc.people.person(actor_of(info), login)
    others = [p for p in svc.people.people(actor_of(info)) if p.login != person.login]
    return render(
        request,
        "person.html",
        status=status,
        person=person,
        others=others,
        roles=[r.value for r in Role],
        **context,
    )


@router.get("/office/people/{login}")
def person_page(request: Request, login: str) -> Response:
    return _person(request, login)


@router.post("/office/people/{login}")
async def edit_person(request: Request, login: str) -> Response:
    info = signed_in(request)
    raw = await request.form()
    form = await form_of(request, info)
    try:
        services_of(request).people.edit(
            actor_of(info),
            login,
            surname=form.get("surname", ""),
            given_names=form.get("given_names", ""),
            emails=form.get("emails", "").split(),
            roles=[str(r) for r in raw.getlist("roles")],
            lang=form.get("lang", "en"),
            rating=_number(form, "rating"),
            federation_id=form.get("federation_id") or None,
            country=form.get("country") or None,
        )
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return _person(request, login, 422, error=exc.message(language(request)))
    return flash.redirect(f"/office/people/{login}", "person_saved")


@router.post("/office/people/{login}/working")
async def address_works(request: Request, login: str) -> Response:
    """The office says a failing address works again."""
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        services_of(request).addresses.works_again(actor_of(info), login, form.get("address", ""))
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return _person(request, login, 422, error=exc.message(language(request)))
    return flash.redirect(f"/office/people/{login}", "address_works")


@router.post("/office/people/{login}/invite")
async def invite_again(request: Request, login: str) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    try:
        services_of(request).accounts.mail_link(
            actor_of(info), login, settings_of(request).base_url, purpose="invite"
        )
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return _person(request, login, 422, error=exc.message(language(request)))
    return flash.redirect(f"/office/people/{login}", "invited")


@router.post("/office/people/{login}/merge")
async def merge(request: Request, login: str) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        services_of(request).people.merge(actor_of(info), login, form.get("duplicate", ""))
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return _person(request, login, 422, error=exc.message(language(request)))
    return flash.redirect(f"/office/people/{login}", "merged")
