"""The notification hub and the centre: stored once, routed by the player's
choice or the defaults of the event's mode, read and unsubscribed."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.kernel.notifications import Channel, Group, Kind, Notice
from cc.store.models import Notification, OutboundMessage
from tests.support.events import make_event


def rows(services: Services, player_id: int) -> list[Notification]:
    with services.ctx.db.read() as s:
        return list(
            s.scalars(
                select(Notification)
                .where(Notification.recipient_id == player_id)
                .order_by(Notification.id)
            )
        )


def mails(services: Services) -> list[OutboundMessage]:
    with services.ctx.db.read() as s:
        return list(s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))


def test_a_server_move_is_kept_for_the_partner_in_the_centre_and_the_digest_not_mailed(
    services: Services,
) -> None:
    ids = make_event(services, 2)
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    [row] = rows(services, ids["p2"])
    assert (row.kind, row.game_id, row.params["move"]) == ("move", 1, "e4")
    assert row.channels == ["centre", "digest"]
    assert rows(services, ids["p1"]) == []
    assert [m.kind for m in mails(services)] == []
    partner = Actor.player(ids["p2"], Door.WEB)
    assert services.centre.unread(ids["p2"]) == 1
    [item] = services.centre.items(partner)
    assert (item.kind, item.read) == ("move", False)
    assert services.centre.open(partner, item.id).game_id == 1
    assert services.centre.unread(ids["p2"]) == 0
    # Not someone else's.
    with pytest.raises(errors.NotFound):
        services.centre.open(Actor.player(ids["p1"], Door.WEB), item.id)


def test_an_email_move_goes_by_mail_whatever_was_chosen(services: Services) -> None:
    ids = make_event(services, 2, mode="email")
    black = Actor.player(ids["p2"], Door.WEB)
    services.centre.set_preferences(black, channels={"moves": ["centre"]})
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    [row] = rows(services, ids["p2"])
    assert row.channels == ["centre"]
    assert [m.kind for m in mails(services)] == ["forward"]


def test_a_player_who_chose_email_for_moves_is_mailed_a_server_move(services: Services) -> None:
    ids = make_event(services, 2)
    black = Actor.player(ids["p2"], Door.WEB)
    services.centre.set_preferences(black, channels={"moves": ["email"]})
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    [row] = rows(services, ids["p2"])
    assert row.channels == ["email"]
    assert row.read_at is not None  # not meant for the centre: never unread
    assert services.centre.unread(ids["p2"]) == 0


def test_a_keyed_notice_is_recorded_once(services: Services) -> None:
    ids = make_event(services, 2)
    notice = Notice(ids["p1"], Kind.NO_MOVE, game_id=1, params={"days": 14}, key="no_move:1:0:14")
    with services.ctx.db.write() as s:
        assert services.notifications.notify(s, notice) is not None
    with services.ctx.db.write() as s:
        assert services.notifications.notify(s, notice) is None
    assert len(rows(services, ids["p1"])) == 1


def test_preferences_are_checked_and_kept(services: Services) -> None:
    ids = make_event(services, 2)
    me = Actor.player(ids["p1"], Door.WEB)
    prefs = services.centre.preferences(me)
    assert prefs.channels[Group.MOVES] == {Channel.DIGEST, Channel.CENTRE}
    assert prefs.channels[Group.CASES] == {Channel.EMAIL, Channel.CENTRE}
    assert (prefs.timezone, prefs.digest_hour, prefs.low_time_percent) == ("UTC", 7, 20)
    for bad in (
        {"timezone": "Mars/Olympus"},
        {"digest_hour": 24},
        {"low_time_percent": 0},
        {"channels": {"moves": ["pigeon"]}},
        {"channels": {"gossip": ["email"]}},
    ):
        with pytest.raises(errors.InvalidInput):
            services.centre.set_preferences(me, **bad)  # type: ignore[arg-type]
    services.centre.set_preferences(
        me,
        timezone="Europe/Moscow",
        digest_hour=20,
        low_time_percent=30,
        channels={"time": ["email", "centre"]},
    )
    prefs = services.centre.preferences(me)
    assert (prefs.timezone, prefs.digest_hour, prefs.low_time_percent) == ("Europe/Moscow", 20, 30)
    assert prefs.channels[Group.TIME] == {Channel.EMAIL, Channel.CENTRE}
    assert prefs.chosen == {Group.TIME}


def test_an_unsubscribe_token_stops_one_group_of_one_player(services: Services) -> None:
    ids = make_event(services, 2)
    me = Actor.player(ids["p1"], Door.WEB)
    services.centre.set_preferences(me, channels={"time": ["email", "centre"], "events": ["email"]})
    token = services.centre.unsubscribe_token(ids["p1"], Group.TIME)
    assert services.centre.unsubscribe(token) == (ids["p1"], Group.TIME)
    prefs = services.centre.preferences(me)
    assert prefs.channels[Group.TIME] == {Channel.CENTRE}
    assert prefs.channels[Group.EVENTS] == {Channel.EMAIL}
    services.centre.unsubscribe(token)  # twice: nothing more
    assert services.centre.preferences(me).channels[Group.TIME] == {Channel.CENTRE}
    for forged in (token[:-2] + "xx", "", "abc", token.replace(".", "", 1)):
        with pytest.raises(errors.NotFound):
            services.centre.unsubscribe(forged)


def test_a_move_mailed_by_choice_is_written_in_the_players_notation(services: Services) -> None:
    ids = make_event(services, 2)
    black = Actor.player(ids["p2"], Door.WEB)
    services.accounts.set_preferences(black, lang="ru", notation="numeric")
    services.centre.set_preferences(black, channels={"moves": ["email"]})
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "Nf3")
    [mail] = [m for m in mails(services) if m.to_address == "t1p2@example.org"]
    assert "7163" in mail.body and "Nf3" not in mail.body
    assert ": ход 7163 в партии" in mail.body
