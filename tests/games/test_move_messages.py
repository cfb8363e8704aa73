"""A message goes with its move: kept on the move, shown with it on the web,
forwarded with it, given to Xfcc clients until the next move and never
again, and seen only by the game's two players and its officials."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import Move, Notification
from cc.xfcc.service import MoveRequest, XfccService
from tests.support.web import PASSWORD, csrf_of, sign_in, three_players
from tests.support.web import sides_of_game_one as sides


@pytest.fixture
def site(services: Services) -> Services:
    return three_players(services)


def actor(site: Services, login: str) -> Actor:
    return Actor.player(site.queries.player(login).id, Door.WEB)


def test_the_message_is_kept_on_its_move_and_seen_by_the_players_only(site: Services) -> None:
    white, black, stranger = sides(site)
    site.games.submit_move(actor(site, white), 1, "e4", message="  Good luck!  ")
    site.games.submit_move(actor(site, black), 1, "e5")
    with site.ctx.db.read() as s:
        assert [m.message for m in s.scalars(select(Move).order_by(Move.ply))] == [
            "Good luck!",
            None,
        ]
    for who in (white, black, "arbT1"):
        [seen] = site.messages.of(actor(site, who), 1)
        assert (seen.text, seen.ply, seen.san, seen.author, seen.move_number) == (
            "Good luck!",
            1,
            "e4",
            white,
            1,
        )
    assert site.messages.of(actor(site, stranger), 1) == []


def test_xfcc_gives_a_message_with_its_move_and_not_with_later_ones(site: Services) -> None:
    white, black, _ = sides(site)
    xfcc = XfccService(site.ctx, site.games, site.accounts, site.messages)

    def partner_sees(login: str) -> str | None:
        [view] = [g for g in xfcc.my_games(login, PASSWORD) if g.id == 1]
        return view.message

    request = MoveRequest(gameId=1, movecount=1, myMove="e4", myMessage="Hello from White")
    assert xfcc.make_a_move(white, PASSWORD, request).name == "SUCCESS"
    assert partner_sees(black) == "Hello from White"
    assert partner_sees(white) is None  # one's own message is not given back
    site.games.submit_move(actor(site, black), 1, "e5")
    site.games.submit_move(actor(site, white), 1, "Nf3")
    # Two moves later the message is not sent again (it would land on them in PGN).
    assert partner_sees(black) is None
    site.games.submit_move(actor(site, black), 1, "Nc6", message="Спасибо!")
    assert partner_sees(white) == "Спасибо!"


def test_a_message_written_on_the_confirm_page_reaches_the_partner(site: Services) -> None:
    white, black, stranger = sides(site)
    c = sign_in(site, white, PASSWORD)
    page = c.post(
        "/games/1/send", data={"move": "e4", "csrf_token": csrf_of(c.get("/games/1").text)}
    )
    assert page.status_code == 200 and 'name="message"' in page.text
    form = {
        "move": "e2e4",
        "move_number": "1",
        "message": "Удачи! <b>bold</b>",
        "csrf_token": csrf_of(page.text),
    }
    assert c.post("/games/1/confirm", data=form, follow_redirects=False).status_code == 303
    partner = sign_in(site, black, PASSWORD)
    seen = partner.get("/games/1").text
    assert 'id="messages"' in seen and "Удачи! &lt;b&gt;bold&lt;/b&gt;" in seen
    assert "<b>bold</b>" not in seen
    # The partner's notice carries it too.
    with site.ctx.db.read() as s:
        to_black = s.scalars(
            select(Notification).where(Notification.recipient_id == site.queries.player(black).id)
        ).all()
        assert [n.params.get("message") for n in to_black if n.kind == "move"] == [
            "Удачи! <b>bold</b>"
        ]
    assert "Удачи!" in partner.get("/notifications").text
    assert 'id="messages"' not in sign_in(site, stranger, PASSWORD).get("/games/1").text


def test_the_api_takes_a_message_with_a_move(site: Services) -> None:
    from tests.support.web import client, token_for

    white, black, _ = sides(site)
    c = client(site)
    r = c.post(
        "/api/v1/games/1/moves",
        json={"move": "e4", "message": "API says hi"},
        headers=token_for(site, site.queries.player(white).id),
    )
    assert r.status_code == 200, r.text
    [seen] = site.messages.of(actor(site, black), 1)
    assert seen.text == "API says hi"
    too_long = c.post(
        "/api/v1/games/1/moves",
        json={"move": "e5", "message": "x" * 2001},
        headers=token_for(site, site.queries.player(black).id),
    )
    assert too_long.status_code == 422
    assert site.queries.game(1).ply_count == 1
