"""Text a form takes pasted or as an uploaded file (a CSV list, a PGN)."""

from __future__ import annotations

from fastapi import Request
from starlette.datastructures import UploadFile

from cc.accounts.sessions import SessionInfo
from cc.base import errors
from cc.text.i18n import N_
from cc.web.rendering import form_of


async def pasted_or_uploaded(
    request: Request, info: SessionInfo, field: str
) -> tuple[str, dict[str, str]]:
    """The text pasted in ``field``, or the uploaded ``file``'s, and the form
    (its CSRF token checked). A file is read as UTF-8, else as Windows-1251
    (what Russian Windows programs save); a file that is neither is refused
    before anything reads it."""
    raw = await request.form()
    form = await form_of(request, info)
    text = form.get(field, "")
    upload = raw.get("file")
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            try:
                text = data.decode("cp1251")
            except UnicodeDecodeError:
                raise errors.InvalidInput(
                    field="file", reason=N_("it is neither UTF-8 nor Windows-1251 text")
                ) from None
    return text, form
