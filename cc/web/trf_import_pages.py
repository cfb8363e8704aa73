"""The office's import of a Swiss from FIDE's TRF on the site, as the console's
``cc event import-trf`` does it.

The form takes the file and what the console's options say (code, name,
mode, start, time zone, arbiter) and hands them to the same
:meth:`cc.events.trf.TrfService.import_swiss`. A missing, oversized or
unreadable file, or a refusal of the service, comes back beside the form in
the reader's language with what was typed kept; the service imports all or
nothing, so a refusal leaves nothing behind. An import done goes to the
event's office page, which says what it did
(:func:`cc.web.office_pages.imported_said`).
"""

from __future__ import annotations

from datetime import date
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import UploadFile

from cc.base import errors
from cc.base.regulations import Mode
from cc.events.trf_import import ImportRequest, TrfImport, read_text
from cc.text.i18n import N_
from cc.web.context import actor_of, language, services_of
from cc.web.guard import Refused, check_fields
from cc.web.office_pages import event_page, imported_said
from cc.web.rendering import form_of, render, signed_in

router = APIRouter(include_in_schema=False)

#: the largest TRF the form takes: a thousand players of a dozen rounds fit;
#: under the front door's limit on a whole request (cc.web.guard.MAX_BODY),
#: so that a file too large is named beside the form
MAX_FILE = 200 * 1024


def _form_page(
    request: Request, status: int = 200, typed: dict[str, str] | None = None, **context: Any
) -> Response:
    info = signed_in(request)
    choices = services_of(request).office.form_choices(actor_of(info))
    return render(
        request,
        "office_trf.html",
        status=status,
        choices=choices,
        typed=typed or {},
        modes=[m.value for m in Mode],
        max_kb=MAX_FILE // 1024,
        **context,
    )


async def _file_text(request: Request) -> str:
    """The uploaded file as text (UTF-8, else Windows-1251), refused by name
    when it is missing, too large or no text."""
    upload = (await request.form()).get("file")
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise errors.InvalidInput(field="file", reason=N_("choose the TRF file to import"))
    data = await upload.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise errors.InvalidInput(
            field="file", reason=N_("a TRF file of at most {limit} KB", limit=MAX_FILE // 1024)
        )
    if not data.strip():
        raise errors.InvalidInput(field="file", reason=N_("the file is empty"))
    if b"\x00" in data:
        raise errors.InvalidInput(field="file", reason=N_("it is not a text file"))
    return read_text(data)


def _request(form: dict[str, str]) -> ImportRequest:
    """What the form states besides the file, as the console's options state it."""
    start = None
    text = form.get("start_date", "").strip()
    if text:
        try:
            start = date.fromisoformat(text)
        except ValueError:
            raise errors.InvalidInput(
                field="start_date", reason=N_("give a day as YYYY-MM-DD")
            ) from None
    mode = form.get("mode") or Mode.SERVER.value
    if mode not in {m.value for m in Mode}:
        raise errors.InvalidInput(field="mode", reason=N_("choose one"))
    return ImportRequest(
        code=form.get("code", "").strip(),
        name=form.get("name", "").strip() or None,
        mode=mode,
        start=start,
        timezone=form.get("timezone", "").strip() or "UTC",
        arbiter=form.get("arbiter") or None,
    )


@router.get("/office/events/import")
def import_form(request: Request) -> Response:
    return _form_page(request)


@router.post("/office/events/import")
async def import_trf(request: Request) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    form.pop("file", None)
    try:
        try:
            check_fields(form)
        except Refused as refused:
            raise errors.InvalidInput(**refused.params) from None
        text = await _file_text(request)
        done = services_of(request).trf.import_swiss(actor_of(info), text, _request(form))
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:  # no file, not a TRF, a requested bye, a code taken ...
        return _form_page(request, 422, form, error=exc.message(language(request)))
    if done.not_paired is not None:
        # the reason is the service's own sentence, which no link may carry:
        # said at once, on the event's page
        lang = language(request)
        said = imported_said(_counts(done), lang)
        reason = done.not_paired.message(lang)
        return event_page(
            request,
            done.code,
            imported=said,
            error=N_("The next round is not paired: {reason}", reason=reason).localize(lang),
        )
    query = urlencode({"done": "trf_imported", **_counts(done)})
    return RedirectResponse(f"/office/events/{done.code}?{query}", status_code=303)


def _counts(done: TrfImport) -> dict[str, int]:
    counts = {
        "created": len(done.created),
        "found": len(done.found),
        "played": done.played,
        "rounds": done.rounds,
    }
    if done.paired is not None:
        counts["paired"] = done.paired
    return counts
