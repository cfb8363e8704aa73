"""Every page a Russian reader can reach says everything in Russian.

A season is set up in which every page a player, an arbiter, an appeal
arbiter and a visitor can open has something to show: games playing,
waiting, offered a draw, finished for each reason, suspended by a claim,
on leave, not started; cases of every kind; leaves; notices of every kind;
individual and team crosstables. Each page is fetched in Russian, reduced to
what a reader sees (text, tooltips, placeholders, labels the scripts show),
and must hold no raw code (``time_forfeit``, ``san-ru``, ``first_day``) and
no English: no word of the project's English vocabulary and no run of two
Latin words, once chess notation, the fixture's own names, addresses, and
the names of formats and programs are set aside.
"""

from __future__ import annotations

import html
import re
from datetime import UTC, date, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from cc.accounts.hashing import hash_password
from cc.app.services import Services
from cc.base import kinds
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.events.lifecycle import EventSpec
from cc.kernel.context import Actor
from cc.kernel.notifications import Group, Kind
from cc.store.models import Game, Notification, OutboundMessage, Player
from tests.support.events import OPERATOR
from tests.support.russian import foreign, shown_text
from tests.support.web import client, csrf_of, sign_in

PASSWORD = "correct-horse"

#: the players of the season: login, name (English and Russian names both)
PEOPLE = {
    "alice": "Alice Demo",
    "boris": "Борис Петров",
    "wanda": "Wanda Whitehead",
    "olga": "Ольга Смирнова",
    "arb": "Главный арбитр",
    "apl": "Апелляционный арбитр",
    "kevin": "Kevin Knight",
    "maria": "Мария Козлова",
    "tom": "Tom Tailor",
    "nina": "Нина Орлова",
    "newbie": "Newton Newbie",
    "org": "Организатор",
}
EVENTS = {
    "CUP": "Server Cup",
    "MAIL": "Кубок по почте",
    "END": "Short Season",
    "LATER": "Осенний турнир",
    "TEAMS": "Team Match",
}
TEAMS = ("Rooks United", "Пешки")


def test_the_check_finds_codes_and_english() -> None:
    page = (
        '<p title="Time forfeit">Партия окончена: time_forfeit</p><p>Нотация: san-ru</p>'
        '<input type="submit" value="Send it"><p>Ход 1. e4 Кf6 2. Nf3 O-O · PGN</p>'
        '<p>Alice Demo: лимит превышен</p><a href="/games/1">Партия</a>'
        '<div data-piece-names="queen,rook"></div><p>first_day: неверно</p>'
    )
    found = "\n".join(foreign(shown_text(page), {"Alice Demo"}))
    for bad in ("time_forfeit", "san-ru", "first_day", "Send it", "Time forfeit", "queen"):
        assert bad.split()[-1] in found, (bad, found)
    for fine in ("Nf3", "PGN", "Alice", "games"):
        assert fine not in found, (fine, found)


# ------------------------------------------------------------------ the season


def noon(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 9, 0, tzinfo=UTC)


class Season:
    """The fixture's events, games and cases, by what each shows."""

    def __init__(self, services: Services, clock: FixedClock) -> None:
        self.services = services
        self.clock = clock
        self.ids: dict[str, int] = {}
        self.games: dict[str, int] = {}
        self.cases: dict[str, int] = {}
        #: a move and a line alice may send in the game she is to move in
        self.send: dict[str, str] = {}

    def at(self, day: date) -> None:
        self.clock.set(noon(day))

    def actor(self, login: str) -> Actor:
        """The player as the site knows them (labelled by login, as the pages label them)."""
        return Actor(player_id=self.ids[login], door=Door.WEB, label=login)

    def game(self, code: str, a: str, b: str) -> Game:
        for g in self.services.queries.games(event=code):
            if {g.white, g.black} == {a, b}:
                with self.services.ctx.db.read() as session:
                    row = session.get(Game, g.id)
                    assert row is not None
                    session.expunge(row)
                    return row
        raise AssertionError((code, a, b))

    def to_move(self, game_id: int) -> str:
        view = self.services.queries.game(game_id)
        assert view.to_move, view
        return view.to_move

    def play(self, game_id: int, *moves: str) -> None:
        for text in moves:
            self.services.games.submit_move(self.actor(self.to_move(game_id)), game_id, text)

    def event(self, code: str, mode: str, start: date, players: list[str], **more: Any) -> None:
        self.services.events.create(
            OPERATOR,
            EventSpec(
                code=code,
                name=EVENTS[code],
                mode=mode,  # type: ignore[arg-type]
                start_date=start,
                timezone="Europe/Moscow",
                arbiter="arb",
                appeal_arbiters=("apl",),
                **more,
            ),
        )
        if players:
            self.services.events.add_players(OPERATOR, code, players)

    def build(self) -> None:
        svc = self.services
        self.at(date(2026, 3, 1))
        for login, name in PEOPLE.items():
            roles = {"arb": ["arbiter"], "apl": ["appeal_arbiter"], "org": ["admin"]}.get(
                login, ["player"]
            )
            self.ids[login] = svc.players.add(
                OPERATOR,
                login=login,
                name=name,
                emails=[f"{login}@example.org"],
                lang="ru",
                roles=roles,
            )
        hashed = hash_password(PASSWORD)
        with svc.ctx.db.write() as session:
            for player in session.scalars(select(Player).where(Player.login != "newbie")):
                player.password_hash = hashed
        svc.accounts.set_preferences(self.actor("alice"), notation="san-ru")

        # A short server season that ends unfinished: adjudication.
        self.event("END", "server", date(2026, 3, 1), ["alice", "boris"], end_date=date(2026, 4, 1))
        svc.events.start(OPERATOR, "END")
        end = self.game("END", "alice", "boris").id
        self.at(date(2026, 3, 3))
        self.play(end, "e4", "e5", "Nf3")
        svc.leaves.request(self.actor("alice"), "alice", date(2026, 3, 10), date(2026, 3, 12))
        self.at(date(2026, 4, 2))
        svc.daily.run(date(2026, 4, 2))
        self.games["adjudicated"] = end

        # An email event nobody has moved in: oversteps, a claim, silence.
        self.at(date(2026, 3, 20))
        self.event(
            "MAIL",
            "email",
            date(2026, 4, 1),
            ["boris", "wanda", "olga", "alice"],
            regulations={"control_moves": 2, "control_days": 10},
        )
        svc.events.start(OPERATOR, "MAIL")

        # The server cup: playing, waiting, a draw offer, finished, on leave.
        self.at(date(2026, 5, 1))
        self.event("CUP", "server", date(2026, 5, 10), ["boris", "wanda", "olga", "alice"])
        svc.events.start(OPERATOR, "CUP")
        self.event("LATER", "server", date(2026, 9, 1), ["alice", "boris"])
        svc.events.start(OPERATOR, "LATER")
        self.games["not_started"] = self.game("LATER", "alice", "boris").id
        self.event("TEAMS", "server", date(2026, 5, 10), [])
        svc.events.add_team(OPERATOR, "TEAMS", TEAMS[0], ["kevin", "tom"])
        svc.events.add_team(OPERATOR, "TEAMS", TEAMS[1], ["maria", "nina"])
        svc.events.start(OPERATOR, "TEAMS")
        svc.leaves.request(self.actor("alice"), "alice", date(2026, 7, 1), date(2026, 7, 10))

        self.at(date(2026, 5, 11))
        playing = self.game("CUP", "alice", "boris")
        if self.to_move(playing.id) != "alice":
            self.play(playing.id, "e4")
            self.send = {"move": "Кf6", "conditional": "e5 Кd5"}
        else:
            self.send = {"move": "Кf3", "conditional": "Кc6 Сb5"}
        self.games["playing"] = playing.id

        waiting = self.game("CUP", "alice", "wanda").id
        if self.to_move(waiting) == "alice":
            self.play(waiting, "d4")
            line = "Nf6 c4 e6 Nc3"
        else:
            self.play(waiting, "e4", "c5")
            line = "Nf3 Nc6 Bb5 g6"
        svc.games.add_line(self.actor("alice"), waiting, line)
        self.games["waiting"] = waiting

        on_leave = self.game("CUP", "alice", "olga").id
        if self.to_move(on_leave) == "alice":
            self.play(on_leave, "e4")
        self.games["on_leave"] = on_leave

        offered = self.game("CUP", "boris", "olga").id
        if self.to_move(offered) == "boris":
            self.play(offered, "e4")
        svc.games.offer_draw(self.actor("olga"), offered)
        self.games["draw_offer"] = offered

        finished = self.game("CUP", "boris", "wanda").id
        self.play(finished, "f3", "e5", "g4", "Qh4")
        self.games["finished"] = finished

        teams = self.services.queries.games(event="TEAMS")
        self.play(teams[0].id, "e4", "e5")
        svc.games.offer_draw(self.actor(self.to_move(teams[0].id)), teams[0].id)
        other = teams[0].white if teams[0].white != self.to_move(teams[0].id) else teams[0].black
        svc.games.accept_draw(self.actor(other), teams[0].id)
        svc.games.resign(self.actor(self.to_move(teams[1].id)), teams[1].id)

        svc.leaves.request(
            self.actor("arb"),
            "olga",
            date(2026, 5, 10),
            date(2026, 5, 20),
            grant=True,
        )
        svc.daily.run(date(2026, 5, 11))

        # Cases: alice claims one overstep, complains twice, loses her mail.
        mail = [g for g in svc.queries.games(event="MAIL") if g.black == "alice"]
        basis = svc.cases.claim_basis(self.actor("alice"), mail[0].id)
        assert basis is not None
        claim = svc.cases.file_time_claim(self.actor("alice"), mail[0].id, "Двадцать дней")
        self.cases["time_claim"] = claim.id
        self.games["suspended"] = mail[0].id
        self.games["over_limit"] = mail[1].id
        arbiter = self.actor("arb")
        first = svc.cases.file_complaint(self.actor("alice"), playing.id, "Грубость в сообщении")
        svc.cases.decide(arbiter, first.id, "dismissed", "Нарушения нет")
        svc.cases.appeal(self.actor("alice"), first.id, "Прошу пересмотреть")
        self.cases["appealed"] = first.id
        second = svc.cases.file_complaint(self.actor("alice"), waiting, "Задержка ответа")
        svc.cases.decide(arbiter, second.id, "warning", "Предупреждение партнёру")
        self.cases["decided"] = second.id
        (lost, *_) = svc.cases.report_lost_email(self.actor("alice"), "alice", "Ящик взломан")
        self.cases["lost_email"] = lost.id
        self.cases["withdrawal"] = svc.cases.open_withdrawal(
            arbiter, "MAIL", "wanda", "Уезжает надолго"
        ).id
        for case in svc.cases.cases(OPERATOR):
            self.cases.setdefault(case.kind, case.id)
        self.notices()

    def notices(self) -> None:
        """One notice of every kind for alice, with every parameter a line may name."""
        params = {
            "player": PEOPLE["boris"],
            "move": "Кf3",
            "fired": ["e5", "Кc3"],
            "message": "Удачи",
            "line": "e5 Кc3",
            "reason": "checkmate",
            "result": "1/2-1/2",
            "days_left": 3,
            "deadline": "2026-05-20",
            "days": 14,
            "day": "2026-05-09",
            "first": "2026-05-10",
            "last": "2026-05-20",
            "games": 3,
            "white": PEOPLE["alice"],
            "black": PEOPLE["boris"],
            "round": 1,
            "claimant": PEOPLE["boris"],
            "until": "2026-05-25",
            "summary": "Грубость",
            "decision": "dismissed",
            "verdict": "reversed",
            "what": "appeal",
            "event": EVENTS["CUP"],
            "address": "boris@example.org",
            "status": "5.1.1",
            "diagnostic": "550 5.1.1",
        }
        variants: dict[Kind, list[dict[str, Any]]] = {
            Kind.CONDITIONAL_LAPSED: [
                {"reason": "deviated"},
                {"reason": "game_over"},
                {"reason": "draw_offer"},
            ],
            Kind.MOVE: [{"fired": []}, {"fired": [], "message": ""}],
            Kind.CASE_DEADLINE: [{"what": "protest"}],
            Kind.APPEAL_DECIDED: [{"verdict": "confirmed"}],
            Kind.GAME_OVER: [{"reason": r.value} for r in kinds.ResultReason],
        }
        with self.services.ctx.db.write() as session:
            n = 0
            for kind in Kind:
                for extra in [{}, *variants.get(kind, [])]:
                    n += 1
                    session.add(
                        Notification(
                            recipient_id=self.ids["alice"],
                            kind=kind.value,
                            game_id=self.games["playing"],
                            case_id=None,
                            event_id=None,
                            params={**params, **extra},
                            channels=["centre"],
                            key=f"sample-{n}",
                            created_at=noon(date(2026, 5, 11)),
                        )
                    )


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_every_page_in_russian_holds_no_code_and_no_english(
    services: Services, clock: FixedClock
) -> None:
    season = Season(services, clock)
    season.build()
    games, cases = season.games, season.cases
    clients: dict[str, TestClient] = {}

    def as_(login: str) -> TestClient:
        if login not in clients:
            clients[login] = sign_in(services, login, PASSWORD)
        return clients[login]

    pages: list[tuple[str, str]] = []

    def get(login: str, path: str, status: int = 200) -> str:
        r = as_(login).get(path) if login else client(services).get(path, headers=RU)
        assert r.status_code == status, (login, path, r.status_code, r.text[:300])
        pages.append((f"{login or 'visitor'} {path}", r.text))
        return r.text

    def post(login: str, path: str, data: dict[str, str], status: int = 200) -> str:
        c = as_(login)
        data = {"csrf_token": csrf_of(c.get("/account").text), **data}
        r = c.post(path, data=data)
        assert r.status_code == status, (login, path, r.status_code, r.text[:300])
        pages.append((f"{login} POST {path} {data}", r.text))
        return r.text

    RU = {"Accept-Language": "ru-RU,ru;q=0.9"}

    # A player's pages.
    for path in ("/games", "/leave", "/account", "/account?saved=1", "/account?saved=revoked",
                 "/account?saved=password&sessions=1&tokens=2", "/notifications",
                 "/notifications/settings", "/cases", "/events/CUP/crosstable",
                 "/events/MAIL/crosstable", "/events/TEAMS/crosstable"):  # fmt: skip
        get("alice", path)
    for what in ("playing", "waiting", "on_leave", "suspended", "over_limit", "not_started",
                 "adjudicated"):  # fmt: skip
        get("alice", f"/games/{games[what]}")
    get("alice", f"/games/{games['playing']}/resign")
    get("boris", f"/games/{games['draw_offer']}")
    get("boris", f"/games/{games['draw_offer']}/accept-draw")
    for kind, case_id in cases.items():
        get("alice" if kind != "withdrawal" else "wanda", f"/cases/{case_id}")
    confirm = post("alice", f"/games/{games['playing']}/send", season.send)
    assert "Затем, условно" in confirm or "условно" in confirm
    post("alice", f"/games/{games['playing']}/send", {"move": "zz"}, status=422)
    post("alice", f"/games/{games['waiting']}/lines", {"line": "Кf3 Кf3"}, status=422)
    post("alice", "/leave", {"first_day": "2026-05-11", "last_day": "2026-05-12"}, status=422)
    post("alice", "/leave", {"first_day": "когда-то", "last_day": ""}, status=422)
    made = post("alice", "/account", {"action": "token", "name": "ChessBase"})
    api_token = re.search(r'<code id="token">([^<]+)</code>', made)
    assert api_token
    post("alice", "/account", {"action": "emails", "emails": "не-адрес", "password": PASSWORD},
         status=422)  # fmt: skip
    post("alice", "/notifications/settings", {"timezone": "Mars/Base", "digest_hour": "7",
         "low_time_percent": "20"}, status=422)  # fmt: skip
    get("alice", "/games/999", status=404)
    get("alice", "/cases/999", status=404)
    get("alice", "/no-such-page", status=404)
    get("alice", "/arbiter/events/CUP", status=403)

    # Each way a game can end, on the finished game's page.
    for reason in kinds.ResultReason:
        result = "1/2-1/2" if "draw" in reason.value or reason.value in (
            "stalemate", "insufficient_material", "threefold_repetition", "fifty_moves",
            "fivefold_repetition", "seventyfive_moves") else "0-1"  # fmt: skip
        with services.ctx.db.write() as session:
            session.execute(
                update(Game)
                .where(Game.id == games["finished"])
                .values(result=result, result_reason=reason)
            )
        get("boris", f"/games/{games['finished']}")
    get("boris", "/games")
    get("boris", "/events/CUP/crosstable")

    # The arbiter's and the appeal arbiter's pages.
    for path in ("/arbiter", "/arbiter/events/CUP", "/arbiter/events/MAIL",
                 "/arbiter/events/TEAMS", "/arbiter/events/END", "/cases",
                 f"/games/{games['suspended']}", f"/games/{games['over_limit']}"):  # fmt: skip
        get("arb", path)
    for case_id in cases.values():
        get("arb", f"/cases/{case_id}")
    get("apl", f"/cases/{cases['appealed']}")
    get("apl", "/cases")
    for path in (f"/audit/games/{games['suspended']}", f"/audit/cases/{cases['time_claim']}",
                 "/audit/events/MAIL", "/audit/events/CUP"):  # fmt: skip
        get("arb", path)

    # The organiser's office, its form and a refusal beside it.
    for path in ("/office", "/office/events/new", "/office/events/CUP",
                 "/office/events/LATER", "/office/people", "/office/people/alice",
                 "/office/mail", "/audit/players/alice", "/arbiter"):  # fmt: skip
        get("org", path)
    post("org", "/office/events/new", {"code": "", "name": ""}, status=422)

    # A visitor's pages, and the pages of the links mailed to them.
    for path in ("/login", "/reset", "/api/docs", "/events/CUP/regulations",
                 "/events/MAIL/regulations", "/events", "/events/CUP", "/events/TEAMS",
                 "/events/CUP/crosstable", f"/games/{games['finished']}"):  # fmt: skip
        get("", path)
    get("alice", "/events/TEAMS/regulations")
    get("", "/reset/new", status=410)
    get("", "/games/1/nothing", status=404)
    visitor = client(services)
    page = visitor.get("/login", headers=RU)
    wrong = visitor.post(
        "/login",
        data={"login": "alice", "password": "wrong", "csrf_token": csrf_of(page.text)},
        headers=RU,
    )
    pages.append(("visitor wrong password", wrong.text))
    page = visitor.get("/reset", headers=RU)
    sent = visitor.post(
        "/reset", data={"login": "alice", "csrf_token": csrf_of(page.text)}, headers=RU
    )
    pages.append(("visitor reset sent", sent.text))
    services.accounts.mail_link(OPERATOR, "newbie", "http://testserver", purpose="invite")
    with services.ctx.db.read() as session:
        mails = session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        bodies = [m.body for m in mails]
    invite = next(b for b in reversed(bodies) if "/reset/" in b and "newbie" in b)
    link = re.search(r"/reset/(\S+)", invite)
    assert link
    invited = visitor.get(f"/reset/{link.group(1)}", headers=RU)
    assert invited.status_code == 200
    pages.append(("visitor invitation", invited.text))
    token = services.centre.unsubscribe_token(season.ids["alice"], Group.MOVES)
    get("", f"/unsubscribe/{token}")
    stopped = visitor.post(f"/unsubscribe/{token}", headers=RU)
    pages.append(("visitor unsubscribed", stopped.text))
    get("", "/unsubscribe/no-such-token", status=404)

    names = set(PEOPLE.values()) | set(EVENTS.values()) | set(TEAMS) | set(PEOPLE) | set(EVENTS)
    names |= {OPERATOR.label, api_token.group(1)}  # (a new token is shown once, as it is)
    failures = []
    for where, page in pages:
        assert 'lang="ru"' in page, where
        failures += [f"{where}: {p}" for p in foreign(shown_text(page), names)]
        # Each page names itself before the site's name.
        title = re.search(r"<title>(.*?)</title>", page, flags=re.S)
        assert title, where
        own = html.unescape(title.group(1)).removesuffix(" · Игра по переписке")
        assert own != html.unescape(title.group(1)), where
        assert re.sub(r"^(\(\d+\) )?(ждут хода: \d+( · |$))?", "", own), where
    assert not failures, "\n".join(dict.fromkeys(failures))
    playing = services.queries.game(games["playing"])
    expected = f"{playing.white_name} – {playing.black_name} · Партия {playing.id}"
    page = dict(pages)[f"alice /games/{playing.id}"]
    waiting = r"(\(\d+\) )?(ждут хода: \d+ · )?"
    assert re.search(rf"<title>{waiting}{re.escape(expected)} · Игра по переписке</title>", page)

    # Scores in Russian take a decimal comma; halves may be "½".
    table = as_("boris").get("/events/TEAMS/crosstable").text
    cells = [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td\b.*?</td>", table)]
    assert "0,5" in cells and "1,5" in cells, cells
    assert not [c for c in cells if re.search(r"\d\.\d", c)], cells
    # A player reading Russian letters reads their conditional lines in them.
    page = as_("alice").get(f"/games/{games['waiting']}").text
    lines = page[page.index('id="lines"') : page.index("</ul>", page.index('id="lines"'))]
    lines = re.sub(r"<[^>]*>", " ", lines.split(">", 1)[1])  # the words, not the forms' tokens
    assert "К" in lines and not re.search(r"[KQRBN][a-h]?[1-8]?x?[a-h][1-8]", lines), lines
    assert not re.search(
        r"[KQRBN][a-h]?[1-8]?x?[a-h][1-8]", confirm.split('id="confirm-line"')[1].split("</p>")[0]
    ), confirm
