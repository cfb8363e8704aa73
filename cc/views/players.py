"""A player as the doors show them: names, language, addresses, roles."""

from __future__ import annotations

from dataclasses import dataclass

from cc.store.models import Player


@dataclass(frozen=True)
class PlayerView:
    id: int
    login: str
    #: the display form, surname first ("Петров Пётр Иванович")
    name: str
    surname: str
    given_names: str
    lang: str
    emails: list[str]
    roles: list[str]
    #: whether a password is set (it is never shown)
    has_password: bool = False
    #: False for an account with neither a password nor an address to mail a
    #: link to choose one: nobody can ever sign in to it
    can_sign_in: bool = True


def player_view(player: Player) -> PlayerView:
    return PlayerView(
        id=player.id,
        login=player.login,
        name=player.name,
        surname=player.surname,
        given_names=player.given_names,
        lang=player.lang,
        emails=[e.address for e in player.emails],
        roles=sorted(r.role.value for r in player.roles),
        has_password=bool(player.password_hash),
        can_sign_in=bool(player.password_hash) or bool(player.emails),
    )
