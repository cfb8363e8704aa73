"""The notification centre on the pages and the API: said in the reader's
language, counted in the header, read by following it, and the player's
choices of how to be told, refused in words when they are wrong."""

from __future__ import annotations

import html
import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from cc.app.services import Services
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.kernel.notifications import Channel, Group, Kind, Notice
from cc.web import notice_words
from cc.web.access_log import HideSecrets
from tests.support.russian import english_in, page_text
from tests.support.web import PASSWORD, client, csrf_of, sides_of_game_one, sign_in, token_for


def player_id(site: Services, login: str) -> int:
    return site.queries.player(login).id


def move(site: Services, login: str, text: str, game: int = 1) -> None:
    site.games.submit_move(Actor.player(player_id(site, login), Door.WEB), game, text)


def unread_badge(page: str) -> str:
    match = re.search(r'id="unread-count"( hidden)?>(\d+)<', page)
    assert match, "no unread count in the header"
    return "" if match.group(1) else match.group(2)


def lines_of(page: str) -> list[str]:
    """The notifications listed, as a reader sees them."""
    items = re.findall(r'<li class="(?:un)?read" data-notification="\d+">(.*?)</li>', page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", i)).split()) for i in items]


def test_a_move_is_listed_counted_and_opened(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    b = sign_in(site, black, PASSWORD)
    games = b.get("/games")
    # The games awaiting Black's move are counted apart from the unread ones.
    waiting = site.centre.pulse(player_id(site, black)).to_move
    before = f"{waiting} to move · " if waiting else ""
    site_name = "Correspondence chess"
    assert unread_badge(games.text) == ""
    assert f"<title>{before}My games · {site_name}</title>" in games.text
    move(site, white, "e4")
    games = b.get("/games")
    assert unread_badge(games.text) == "1"
    assert f"<title>(1) {waiting + 1} to move · My games · {site_name}</title>" in games.text
    centre = b.get("/notifications")
    white_name = site.queries.player(white).name
    [line] = lines_of(centre.text)
    assert line.startswith(f"new {white_name} played e4 in game 1 2026-05-11 09:00"), line
    assert 'class="unread"' in centre.text
    item_id = re.search(r'href="/notifications/(\d+)"', centre.text)
    assert item_id
    # Someone else's notification is not found, and stays unread.
    w = sign_in(site, white, PASSWORD)
    assert w.get(f"/notifications/{item_id.group(1)}").status_code == 404
    assert w.get("/notifications/999999").status_code == 404
    assert unread_badge(b.get("/games").text) == "1"
    # Following it marks it read and opens the game.
    opened = b.get(f"/notifications/{item_id.group(1)}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/games/1"
    assert unread_badge(b.get("/games").text) == ""
    assert 'class="read"' in b.get("/notifications").text


def test_the_centre_in_russian_and_english_with_the_players_time(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    b = sign_in(site, black, PASSWORD)
    csrf = csrf_of(b.get("/games").text)
    b.post(
        "/notifications/settings",
        data={"csrf_token": csrf, "timezone": "Europe/Moscow", "digest_hour": "7",
              "low_time_percent": "20", **_shown(site, black)},
    )  # fmt: skip
    move(site, white, "e4")
    b.post("/lang", data={"lang": "ru", "csrf_token": csrf, "next": "/notifications"})
    page = b.get("/notifications")
    white_name = site.queries.player(white).name
    [line] = lines_of(page.text)
    # The time is the player's own (Moscow, UTC+3).
    assert line == f"новое {white_name}: ход e4 в партии 1 2026-05-11 12:00", line
    waiting = site.centre.pulse(player_id(site, black)).to_move
    assert f"<title>(1) ждут хода: {waiting} · Уведомления · Игра по переписке</title>" in page.text
    assert "Отметить все прочитанными" in page.text and "Europe/Moscow" in page.text
    shown = re.sub(r"Player \d", "", page_text(page.text))  # the players' names
    assert not english_in(shown), english_in(shown)
    settings = b.get("/notifications/settings")
    shown = re.sub(r"Player \d", "", page_text(settings.text))
    assert "Ежедневная сводка" in shown and not english_in(shown), english_in(shown)


def test_mark_all_read_needs_its_csrf_token(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    move(site, white, "e4")
    move(site, black, "e5")
    move(site, white, "Nf3")
    b = sign_in(site, black, PASSWORD)
    page = b.get("/notifications")
    assert unread_badge(page.text) == "2" and len(lines_of(page.text)) == 2
    assert lines_of(page.text)[0].split(" 2026")[0].endswith("played Nf3 in game 1")
    refused = b.post("/notifications/read", data={"csrf_token": "forged"})
    assert refused.status_code == 403
    assert site.centre.unread(player_id(site, black)) == 2
    done = b.post(
        "/notifications/read", data={"csrf_token": csrf_of(page.text)}, follow_redirects=False
    )
    assert done.status_code == 303 and done.headers["location"] == "/notifications"
    assert site.centre.unread(player_id(site, black)) == 0
    page = b.get("/notifications")
    assert unread_badge(page.text) == "" and 'id="mark-all-read"' not in page.text
    # White's notice of Black's move is untouched.
    assert site.centre.unread(player_id(site, white)) == 1


def _shown(site: Services, login: str) -> dict[str, list[str]]:
    """The channel boxes as the settings page shows them ticked."""
    prefs = site.centre.preferences(Actor.player(player_id(site, login), Door.WEB))
    return {f"channels_{g.value}": sorted(c.value for c in prefs.channels[g]) for g in Group}


def test_settings_are_saved_and_refusals_shown_in_the_players_language(site: Services) -> None:
    white = sides_of_game_one(site)[0]
    w = sign_in(site, white, PASSWORD)
    account = w.get("/account")
    assert 'href="/notifications/settings"' in account.text
    page = w.get("/notifications/settings")
    assert page.status_code == 200
    assert 'id="ch-moves-centre"' in page.text and 'id="ch-moves-push"' not in page.text
    assert 'name="digest_hour"' in page.text and '<option value="Europe/Moscow">' in page.text
    csrf = csrf_of(page.text)
    form = {**_shown(site, white), "channels_moves": ["centre", "email"]}
    saved = w.post(
        "/notifications/settings",
        data={"csrf_token": csrf, "timezone": "Asia/Tokyo", "digest_hour": "21",
              "low_time_percent": "30", **form},
        follow_redirects=False,
    )  # fmt: skip
    assert saved.status_code == 303
    prefs = site.centre.preferences(Actor.player(player_id(site, white), Door.WEB))
    assert (prefs.timezone, prefs.digest_hour, prefs.low_time_percent) == ("Asia/Tokyo", 21, 30)
    assert prefs.channels[Group.MOVES] == {Channel.CENTRE, Channel.EMAIL}
    # Groups left as shown keep following their defaults.
    assert prefs.chosen == {Group.MOVES}
    page = w.get("/notifications/settings?saved=1")
    assert 'id="saved"' in page.text and 'value="Asia/Tokyo"' in page.text
    assert re.search(r'value="21"\s+selected', page.text)
    # Refusals: said by field, in English and in Russian, nothing saved.
    bad = {"csrf_token": csrf, "digest_hour": "21", "low_time_percent": "30", **form}
    r = w.post("/notifications/settings", data={**bad, "timezone": "Mars/Olympus"})
    assert r.status_code == 422
    assert "timezone: 'Mars/Olympus' is not a time zone." in html.unescape(r.text)
    assert 'value="Mars/Olympus"' in r.text  # what was typed stays
    r = w.post("/notifications/settings", data={**bad, "timezone": "UTC", "low_time_percent": "90"})
    assert r.status_code == 422 and 'data-field="low_time_percent"' in r.text
    w.post("/lang", data={"lang": "ru", "csrf_token": csrf, "next": "/"})
    r = w.post("/notifications/settings", data={**bad, "timezone": "UTC", "digest_hour": "x"})
    assert r.status_code == 422
    assert "час сводки: целое число." in r.text
    r = w.post("/notifications/settings", data={**bad, "timezone": "Марс/Олимп"})
    assert r.status_code == 422
    assert "часовой пояс: 'Марс/Олимп' — не часовой пояс." in html.unescape(r.text)
    shown = re.sub(r"Player \d", "", page_text(r.text))
    assert not english_in(shown), english_in(shown)
    prefs = site.centre.preferences(Actor.player(player_id(site, white), Door.WEB))
    assert (prefs.timezone, prefs.low_time_percent) == ("Asia/Tokyo", 30)
    forged = w.post("/notifications/settings", data={**bad, "csrf_token": "x", "timezone": "UTC"})
    assert forged.status_code == 403


def test_the_header_counts_on_every_page_and_the_game_page_carries_its_stamp(
    site: Services,
) -> None:
    white, black, _ = sides_of_game_one(site)
    move(site, white, "d4")
    b = sign_in(site, black, PASSWORD)
    for path in ("/games", "/games/1", "/leave", "/account", "/cases", "/notifications",
                 "/notifications/settings", "/events/T1/crosstable"):  # fmt: skip
        page = b.get(path)
        assert page.status_code == 200, path
        assert unread_badge(page.text) == "1", path
        assert "<title>(1) " in page.text and '<script src="/static/live.js"' in page.text, path
    game = b.get("/games/1").text
    stamps = re.search(r"data-live-stamps='([^']*)'", game)
    assert stamps and 'data-live-url="/games/1"' in game
    pulse = site.centre.pulse(player_id(site, black))
    assert json.loads(html.unescape(stamps.group(1))) == {"1": pulse.games[1]}
    listing = b.get("/games").text
    assert 'data-live-url="/games"' in listing and 'data-live-all="1"' in listing
    # A visitor gets neither the count nor the script.
    login = client(site).get("/login").text
    assert 'id="unread-count"' not in login and "live.js" not in login


# ------------------------------------------------------------------- the API


def test_the_api_lists_marks_read_and_sets_choices(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    move(site, white, "e4")
    c = client(site)
    bearer = token_for(site, player_id(site, black))
    got = c.get("/api/v1/me/notifications", headers=bearer)
    assert got.status_code == 200
    body = got.json()
    white_name = site.queries.player(white).name
    assert body["unread"] == 1
    [item] = body["items"]
    assert item["kind"] == "move" and item["url"] == "/games/1" and item["read"] is False
    assert item["text"] == f"{white_name} played e4 in game 1"
    assert item["params"]["move"] == "e4"
    ru = c.get("/api/v1/me/notifications", headers={**bearer, "Accept-Language": "ru"}).json()
    assert ru["items"][0]["text"] == f"{white_name}: ход e4 в партии 1"
    # Marking read: named ids (someone else's are left alone), or all.
    other = token_for(site, player_id(site, white))
    r = c.post("/api/v1/me/notifications/read", headers=other, json={"ids": [item["id"]]})
    assert r.json() == {"marked": 0, "unread": 0}
    assert site.centre.unread(player_id(site, black)) == 1
    r = c.post("/api/v1/me/notifications/read", headers=bearer, json={"ids": [item["id"]]})
    assert r.status_code == 200 and r.json() == {"marked": 1, "unread": 0}
    r = c.post("/api/v1/me/notifications/read", headers=bearer, json={})
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input"
    assert r.json()["error"]["params"]["field"] == "ids"
    r = c.post("/api/v1/me/notifications/read", headers=bearer, json={"all": True})
    assert r.json() == {"marked": 0, "unread": 0}
    # Settings.
    s = c.get("/api/v1/me/notification-settings", headers=bearer).json()
    assert s["channels"]["moves"] == ["centre", "digest"] and s["chosen"] == []
    assert s["push_available"] is False and "push" not in s["channels_offered"]
    r = c.put(
        "/api/v1/me/notification-settings",
        headers=bearer,
        json={"digest_hour": 6, "channels": {"time": ["email", "centre"]}},
    )
    assert r.status_code == 200
    assert r.json()["digest_hour"] == 6 and r.json()["channels"]["time"] == ["centre", "email"]
    assert r.json()["chosen"] == ["time"] and r.json()["timezone"] == "UTC"
    r = c.put(
        "/api/v1/me/notification-settings",
        headers={**bearer, "Accept-Language": "ru"},
        json={"digest_hour": 24},
    )
    assert r.status_code == 422
    assert r.json()["error"] == {
        "code": "invalid_input",
        "message": "час сводки: час — от 0 до 23.",
        "params": {"field": "digest_hour", "reason": "an hour is 0 to 23"},
    }
    r = c.put("/api/v1/me/notification-settings", headers=bearer, json={"channels": {"x": []}})
    assert r.status_code == 422 and r.json()["error"]["params"]["field"] == "channels"
    assert c.get("/api/v1/me/notifications").status_code == 401


def test_the_pulse_answers_a_token_and_the_sites_own_session(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    c = client(site)
    assert c.get("/api/v1/me/pulse").status_code == 401
    bearer = token_for(site, player_id(site, black))
    before = c.get("/api/v1/me/pulse", headers=bearer)
    assert before.headers["cache-control"] == "no-store"
    assert before.json()["unread"] == 0 and "1" in before.json()["games"]
    move(site, white, "e4")
    b = sign_in(site, black, PASSWORD)
    after = b.get("/api/v1/me/pulse").json()
    assert after["unread"] == 1 and after["latest"] > before.json()["latest"]
    assert after["games"]["1"] != before.json()["games"]["1"]
    spec = c.get("/api/v1/openapi.json").json()["paths"]
    for path in ("/api/v1/me/notifications", "/api/v1/me/notifications/read",
                 "/api/v1/me/notification-settings", "/api/v1/me/pulse"):  # fmt: skip
        assert path in spec, path
    assert set(spec["/api/v1/me/notification-settings"]) == {"get", "put"}


# ------------------------------------------------------------------ the words


@dataclass(frozen=True)
class Item:
    kind: str
    game_id: int | None = 7
    case_id: int | None = None
    event_id: int | None = None
    params: dict[str, Any] = field(default_factory=dict)


#: a notice of every kind, with the parameters its service gives it
EVERY_KIND: dict[Kind, Item] = {
    Kind.MOVE: Item("move", params={"player": "Анна", "move": "e4", "fired": []}),
    Kind.DRAW_OFFERED: Item("draw_offered", params={"player": "Анна"}),
    Kind.DRAW_ACCEPTED: Item("draw_accepted", params={"player": "Анна"}),
    Kind.DRAW_DECLINED: Item("draw_declined", params={"player": "Анна"}),
    Kind.RESIGNED: Item("resigned", params={"player": "Анна", "result": "0-1"}),
    Kind.GAME_OVER: Item("game_over", params={"result": "1/2-1/2", "reason": "stalemate"}),
    Kind.CONDITIONAL_LAPSED: Item(
        "conditional_lapsed", params={"line": "e5 Nf3", "reason": "deviated", "move": "c5"}
    ),
    Kind.FORFEIT: Item(
        "forfeit", params={"player": "Анна", "day": "2026-05-01", "total": 31, "result": "0-1"}
    ),
    Kind.TIME_LOW: Item(
        "time_low", params={"days_left": 4, "deadline": "2026-05-20T21:00:00+00:00", "percent": 20}
    ),
    Kind.FIVE_DAYS: Item("five_days", params={"days_left": 5}),
    Kind.NO_MOVE: Item("no_move", params={"days": 14, "move": "e4"}),
    Kind.REMINDER: Item("reminder", params={"move": "e4", "days": 14}),
    Kind.POST_NO_REPLY: Item("post_no_reply", params={"move": "e4", "days": 30}),
    Kind.POST_NO_FIRST_MOVE: Item("post_no_first_move", params={"days": 30}),
    Kind.OVERSTEP_OPEN: Item(
        "overstep_open", params={"player": "Анна", "day": "2026-05-01", "article": "56.6.1"}
    ),
    Kind.LEAVE_RECORDED: Item(
        "leave_recorded", params={"player": "Анна", "first": "2026-06-01", "last": "2026-06-10"}
    ),
    Kind.LEAVE_STARTED: Item(
        "leave_started", params={"player": "Анна", "first": "2026-06-01", "last": "2026-06-10"}
    ),
    Kind.LEAVE_WITHDRAWN: Item(
        "leave_withdrawn", params={"player": "Анна", "first": "2026-06-01", "last": "2026-06-10"}
    ),
    Kind.LEAVE_ENDED: Item(
        "leave_ended", params={"player": "Анна", "first": "2026-06-01", "last": "2026-06-10"}
    ),
    Kind.EVENT_STARTED: Item("event_started", None, event_id=3, params={"games": 4}),
    Kind.PAIRED: Item("paired", params={"white": "Анна", "black": "Борис", "round": 2}),
    Kind.BYE: Item(
        "bye",
        None,
        event_id=3,
        params={"event": "Кубок", "code": "RU-1", "round": 4, "points": "1"},
    ),
    Kind.ENTRY_ACCEPTED: Item(
        "entry_accepted", None, event_id=3, params={"code": "RU-1", "event": "Кубок"}
    ),
    Kind.ENTRY_REFUSED: Item(
        "entry_refused", None, event_id=3, params={"code": "RU-1", "event": "Кубок"}
    ),
    Kind.EVENT_CLOSED: Item("event_closed", None, event_id=3),
    Kind.CLAIM_FILED: Item(
        "claim_filed", case_id=5, params={"claimant": "Борис", "until": "2026-05-25"}
    ),
    Kind.CLAIM_RECEIVED: Item("claim_received", case_id=5, params={"player": "Анна"}),
    Kind.CASE_OPENED: Item(
        "case_opened", case_id=5, params={"event": "RU-1", "summary": "Соперник молчит"}
    ),
    Kind.CASE_DECIDED: Item(
        "case_decided", case_id=5, params={"decision": "upheld", "until": "2026-05-25"}
    ),
    Kind.CASE_APPEALED: Item("case_appealed", case_id=5, params={"player": "Анна"}),
    Kind.APPEAL_DECIDED: Item(
        "appeal_decided", case_id=5, params={"decision": "rejected", "verdict": "reversed"}
    ),
    Kind.CASE_CLOSED: Item("case_closed", case_id=5, params={"decision": "white_wins"}),
    Kind.CASE_DEADLINE: Item(
        "case_deadline", case_id=5, params={"what": "appeal", "until": "2026-05-25"}
    ),
    Kind.SILENCE: Item("silence", case_id=5, params={"days": 28, "article": "56.5.2"}),
    Kind.LOST_EMAIL: Item(
        "lost_email", None, case_id=5, params={"player": "Анна", "until": "2026-06-10"}
    ),
    Kind.LOST_EMAIL_EXPIRED: Item(
        "lost_email_expired", None, case_id=5, params={"player": "Анна", "event": "RU-1"}
    ),
    Kind.EMAIL_BOUNCED: Item(
        "email_bounced",
        None,
        event_id=3,
        params={"player": "Анна", "address": "anna@example.org", "status": "5.2.2"},
    ),
    Kind.UNFINISHED: Item("unfinished", case_id=5, params={"until": "2026-06-10"}),
    Kind.SUBMISSIONS_CLOSED: Item("submissions_closed", case_id=5, params={"game": 7}),
}


def test_every_kind_is_said_in_both_languages() -> None:
    assert set(EVERY_KIND) == set(Kind) == set(notice_words.SAYINGS)
    events = {3: "RU-1"}
    for kind, item in EVERY_KIND.items():
        en = notice_words.say(item, "en", events)
        ru = notice_words.say(item, "ru", events)
        assert "?" not in en and "?" not in ru, (kind, en, ru)
        assert en != ru and not english_in(ru), (kind, ru)
        assert re.search(r"[а-яё]{3}", ru.replace("Анна", "").replace("Борис", "")), (kind, ru)
    said = notice_words.say
    assert said(EVERY_KIND[Kind.GAME_OVER], "en") == "Game 7 is over: 1/2-1/2, stalemate"
    assert said(EVERY_KIND[Kind.GAME_OVER], "ru") == "Партия 7 окончена: ½–½, пат"
    assert said(EVERY_KIND[Kind.CASE_DECIDED], "ru") == (
        "Дело 5: решение арбитра: Заявление удовлетворено: допустившему просрочку засчитано "
        "поражение (ст. 56.6.6); обжаловать можно до 2026-05-25"
    )
    assert said(EVERY_KIND[Kind.TIME_LOW], "en").endswith("4 days left (until 2026-05-20)")
    assert notice_words.target(EVERY_KIND[Kind.EVENT_CLOSED], events) == "/events/RU-1/crosstable"
    assert notice_words.target(EVERY_KIND[Kind.CLAIM_FILED]) == "/cases/5"
    assert notice_words.target(EVERY_KIND[Kind.EMAIL_BOUNCED], events) == "/arbiter/events/RU-1"
    assert said(EVERY_KIND[Kind.EMAIL_BOUNCED], "ru") == (
        "Анна: письмо на адрес anna@example.org вернулось: почтовый ящик переполнен (5.2.2); "
        "почта участника может теряться (ст. 56.1.6)"
    )
    assert notice_words.target(EVERY_KIND[Kind.MOVE]) == "/games/7"
    assert notice_words.target(Item("event_closed", None)) == "/notifications"
    # A reminder with no move yet is of White's own first move.
    first = Item("reminder", params={"days": 15, "start": "2026-05-10"})
    assert said(first, "en") == (
        "Game 7: you have the first move, and 15 days have passed since the start without it"
    )
    assert said(first, "ru") == "Партия 7: первый ход за вами, а со старта прошло уже 15 дн."
    # A notice missing what its text names still says something.
    assert said(Item("move"), "en") == "? played ? in game 7"
    assert said(Item("no_such_kind"), "ru") == "Новое в партии 7"


def test_a_notice_of_a_whole_event_opens_its_crosstable(site: Services) -> None:
    white = sides_of_game_one(site)[0]
    pid = player_id(site, white)
    event = site.queries.event("T1")
    with site.ctx.db.write() as session:
        site.notifications.notify(
            session,
            Notice(
                pid,
                Kind.EVENT_STARTED,
                event_id=event.id,
                params={
                    "games": 1,
                    "event": "T1",
                    "code": "T1",
                    "start": "2026-05-10",
                    "white": 1,
                    "opponents": ["Player 2"],
                },
            ),
        )
    w = sign_in(site, white, PASSWORD)
    page = w.get("/notifications")
    [line] = lines_of(page.text)
    assert "T1 has started; your games: 1" in line
    item_id = re.search(r'href="/notifications/(\d+)"', page.text)
    assert item_id
    opened = w.get(f"/notifications/{item_id.group(1)}", follow_redirects=False)
    assert opened.headers["location"] == "/events/T1/crosstable"


def test_successful_polls_stay_out_of_the_access_log() -> None:
    def line(path: str, status: int) -> logging.LogRecord:
        return logging.LogRecord(
            "uvicorn.access", logging.INFO, __file__, 0, '%s - "%s %s HTTP/%s" %d',
            ("127.0.0.1:5000", "GET", path, "1.1", status), None,
        )  # fmt: skip

    kept = HideSecrets()
    assert not kept.filter(line("/api/v1/me/pulse", 200))
    assert kept.filter(line("/api/v1/me/pulse", 401))
    assert kept.filter(line("/api/v1/me/notifications", 200))
    assert kept.filter(line("/games/1", 200))
