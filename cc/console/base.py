"""What every ``cc`` command shares: its state, its language, refusals and ``--json``.

Light on purpose: ``cc --help`` imports this and no service, so what only a
running command needs (the site, the kernel's lookups) is imported there.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cc.base import errors
from cc.base.json_values import as_json
from cc.run import config as config_mod
from cc.text import i18n
from cc.text.i18n import N_

F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:
    from cc.app.services import Services
    from cc.kernel.context import Actor
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
        """The operator at the console's door."""
        from cc.kernel.context import Actor

        return Actor.operator(label="cli")


def acting_as(state: State, by: str | None) -> Actor:
    """The operator, or with ``--by LOGIN`` that player or official, with their rights."""
    if by is None:
        return state.actor
    from cc.kernel.context import find_player

    with state.services.ctx.db.read() as session:
        player = find_player(session, by)
        return replace(state.actor, player_id=player.id, label=player.login)


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


def safe_url(url: str) -> str:
    """A database URL as shown to the operator: its password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


pass_state = click.make_pass_decorator(State)
