"""Russian is first-class: a Russian reader meets none of the project's English.

The English words are those of the project's own texts (the catalog's message
ids: the pages, the console, the refusals, the code words and the gateway's
mail; and the report labels); a realistic season is then played at the
console with ``--lang ru`` and on the pages by Russian-speaking players and
arbiter, and every word they are shown is checked against them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from cc.app.services import Services
from cc.console.base import State
from cc.console.main import cli
from cc.store.models import OutboundMessage
from tests.support.events import OPERATOR
from tests.support.russian import ALLOWED_WORDS, ENGLISH, english_in, page_text
from tests.support.web import client, csrf_of, sign_in

PASSWORD = "correct-horse"


def test_the_vocabulary_catches_english() -> None:
    assert {"leave", "days", "used", "granted", "overstep"} - ALLOWED_WORDS <= ENGLISH
    assert english_in("   1  2026-06-01 .. 2026-06-10   10 days  active") == [
        "'days' in '1  2026-06-01 .. 2026-06-10   10 days  active'",
        "'active' in '1  2026-06-01 .. 2026-06-10   10 days  active'",
    ]
    # Codes and logins are not words: not_permitted, t1p1, e2e4, RU-CH-2026.
    assert english_in("отказано [not_permitted]: t1p1 e2e4 RU-CH-2026") == []


class RussianConsole:
    """``cc --lang ru`` in this process, over the test's services and clock."""

    def __init__(self, services: Services, home: Path) -> None:
        self.services = services
        self.runner = CliRunner()
        self.env = {"CC_HOME": str(home), "CC_LANG": "", "CC_CONFIG": ""}
        #: each command and what it printed
        self.shown: list[tuple[str, str]] = []

    def __call__(self, *args: str, ok: bool = True, stdin: str | None = None) -> str:
        result = self.runner.invoke(cli, ["--lang", "ru", *args], env=self.env, input=stdin)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert result.exit_code == (0 if ok else 1), (args, result.output)
        self.shown.append((" ".join(args), result.output))
        return result.output


@pytest.fixture
def console(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[RussianConsole]:
    monkeypatch.setattr(State, "services", property(lambda _state: services))
    yield RussianConsole(services, tmp_path)


def play_a_season(cc: RussianConsole) -> None:
    """An email event from January to May (today is 2026-05-11), as the console plays it."""
    for login, name, roles in [
        ("arb", "Главный арбитр", ["--role", "arbiter"]),
        ("ap", "Апелляционный арбитр", ["--role", "appeal_arbiter"]),
        ("ivanov", "Иванов Иван", []),
        ("petrov", "Петров Пётр", []),
        ("sidorov", "Сидоров Сидор", []),
        ("kozlov", "Козлов Кирилл", []),
    ]:
        cc("player", "add", login, "--name", name, "--lang", "ru", "--password-stdin", *roles,
           stdin=PASSWORD + "\n")  # fmt: skip
    cc("player", "add", "1x", "--name", "Плохой логин", ok=False)
    cc("player", "list")
    cc("player", "show", "ivanov")
    cc("player", "invite", "ivanov", ok=False)  # no address yet
    cc("player", "set-email", "ivanov", "ivanov@example.org")
    cc("player", "set-email", "ivanov", "ivanov@example.ru", "ivanov@example.org")
    cc("player", "invite", "ivanov")
    cc("player", "set-password", "petrov", "--mail-link", ok=False)
    cc("player", "set-password", "petrov", stdin="один-пароль-1\nдругой-пароль\n" * 3, ok=False)
    cc("player", "set-password", "petrov", "--password-stdin", stdin=PASSWORD + "\n")
    cc.services.accounts.create_token(OPERATOR, "ChessBase", for_player="ivanov")
    tokens = cc("token", "list", "ivanov")
    assert "последнее использование никогда" in tokens, tokens
    cc("token", "revoke", str(cc.services.accounts.tokens(OPERATOR, "ivanov")[0].id))
    cc("token", "revoke", "999", ok=False)
    cc("token", "list", "ivanov", "--revoked")
    cc("token", "list", "ivanov")
    cc("event", "create", "RU", "--name", "Чемпионат", "--mode", "email",
       "--start", "2026-01-10", "--tz", "Europe/Moscow", "--tc", "ten", ok=False)  # fmt: skip
    cc("event", "create", "RU", "--name", "Чемпионат", "--mode", "email",
       "--start", "2026-01-10", "--tz", "Europe/Moscow", "--arbiter", "arb",
       "--appeal-arbiter", "ap", "--day-counting", "iccf", "--iccf-double-after-20",
       "--next-day-receipt")  # fmt: skip
    cc("event", "add-player", "RU", "nobody", ok=False)
    cc("event", "add-player", "RU", "arb", ok=False)
    cc("event", "add-player", "RU", "ivanov", "petrov", "sidorov", "kozlov")
    cc("event", "start", "RU")
    cc("event", "start", "RU", ok=False)
    cc("event", "list")
    shown = cc("event", "show", "RU")
    assert "удвоение по правилам ИКЧФ" in shown and "получение на следующий день" in shown
    cc("game", "list", "--event", "RU")

    games = {(g.white, g.black): g.id for g in cc.services.queries.games(event="RU")}
    (w, b), first = next(iter(games.items()))
    cc("game", "move", str(first), "--player", b, "--move", "e5", ok=False)
    cc("game", "move", str(first), "--player", w, "--move", "zz", ok=False)
    cc("game", "move", str(first), "--player", w, "--move", "5255", ok=False)
    cc("game", "move", str(first), "--player", w, "--move", "e4", "--at", "вчера", ok=False)
    cc("game", "move", str(first), "--player", w, "--move", "e4", "--at", "2027-01-01T10:00",
       ok=False)  # fmt: skip
    cc("game", "move", str(first), "--player", w, "--move", "5254", "--at", "2026-01-11T10:00")
    cc("game", "move", str(first), "--player", b, "--move", "Кf6", "--at", "2026-02-15T10:00")
    cc("game", "move", str(first), "--player", w, "--move", "e5", "--at", "2026-02-17T10:00",
       "--offer-draw")  # fmt: skip
    cc("game", "decline-draw", str(first), "--player", b)
    cc("game", "charge", str(first), "--player", b, "--reason", "неразборчивая запись хода")
    cc("game", "charge", str(first), "--player", b, "--kind", "grace", "--days", "9",
       "--reason", "ошибка", ok=False)  # fmt: skip
    cc("game", "show", str(first))
    schedule = cc("game", "ledger", str(first), "--notation", "san-ru")
    assert "по правилам ИКЧФ" in schedule and "записываются как 26" in schedule
    cc("player", "report", w, "RU")
    cc("player", "report", b, "RU")
    others = [g for g in games.values() if g != first]
    cc("game", "resign", str(others[0]), "--player", cc.services.queries.game(others[0]).white)
    cc("game", "list", "--player", "ivanov")

    cc("leave", "take", "ivanov", "--from", "2026-06-01", "--to", "2026-06-10")
    cc("leave", "take", "ivanov", "--from", "2026-05-11", "--to", "2026-05-12", ok=False)
    cc("leave", "take", "ivanov", "--from", "2026-06-05", "--to", "2026-06-07", ok=False)
    cc("leave", "take", "ivanov", "--from", "2026-07-01", "--to", "2026-08-30", ok=False)
    cc("leave", "take", "ivanov", "--from", "2026-05-11", "--to", "2026-05-12", "--grant",
       ok=False)  # fmt: skip
    cc("leave", "take", "ivanov", "--from", "2026-05-11", "--to", "2026-05-12", "--grant",
       "--by", "petrov", ok=False)  # fmt: skip
    granted = cc("leave", "take", "ivanov", "--from", "2026-05-11", "--to", "2026-05-12",
                 "--grant", "--by", "arb")  # fmt: skip
    assert "предоставлен арбитром arb" in granted
    cc("leave", "take", "petrov", "--from", "2026-04-20", "--to", "2026-04-10", ok=False)
    cc("leave", "list", "ivanov")
    leave_id = str(cc.services.leaves.leaves("ivanov")[-1].id)
    cc("leave", "end", leave_id)
    cc("leave", "end", leave_id, ok=False)

    cc("daily")
    cc("daily", "--date", "2027-01-01", ok=False)
    # A game nobody has moved in since January: over the limit, with its note.
    stalled = cc("game", "ledger", str(others[1]))
    assert "лимит превышен с" in stalled and "просрочка" in stalled, stalled
    opened = cc("case", "withdraw", "RU", "kozlov", "--statement", "Уезжаю надолго")
    case = re.match(r"дело (\d+): Выбытие", opened)
    assert case, opened
    cid = case.group(1)
    cc("case", "list")
    cc("case", "show", cid, "--by", "arb")
    cc("case", "decide", cid, "loss", "--reasons", "Выбыл", "--by", "petrov", ok=False)
    cc("case", "decide", cid, "loss", "--reasons", "", "--by", "arb", ok=False)
    cc("case", "decide", cid, "loss", "--reasons", "Выбыл по своему желанию", "--by", "arb")
    cc("case", "appeal", cid, "Прошу пересмотреть", "--by", "kozlov")
    cc("case", "list", "--by", "ap")
    cc("case", "decide-appeal", cid, "exclusion", "--reasons", "Так справедливее", "--by", "ap")
    cc("case", "show", cid, "--by", "kozlov")
    cc("case", "protest", cid, "Не согласен", "--by", "kozlov", ok=False)
    for other in cc.services.cases.cases(OPERATOR):
        cc("case", "show", str(other.id))
    cc("event", "crosstable", "RU")
    cc("event", "report", "RU")
    cc("notation", "read", "1. e4 e5 3. Кf3", ok=False)
    cc("notation", "read", "любой ход", ok=False)


def test_russian_at_the_console_and_on_the_pages(
    console: RussianConsole, services: Services
) -> None:
    play_a_season(console)
    shown = "\n".join(output for _, output in console.shown)
    assert "отказано [" in shown and "Иванов" in shown
    english = [f"cc {args}: {found}" for args, out in console.shown for found in english_in(out)]
    assert not english, "\n".join(english)

    pages = []
    games = services.queries.games(event="RU")
    ongoing = next(g for g in games if g.to_move)
    services.accounts.create_token(OPERATOR, "ChessBase", for_player=ongoing.to_move)
    player = sign_in(services, ongoing.to_move or "", PASSWORD)
    for path in ("/games", f"/games/{ongoing.id}", "/leave", "/account", "/cases", "/cases/1",
                 "/events/RU/crosstable", f"/games/{ongoing.id}/resign", "/events",
                 "/events/RU"):  # fmt: skip
        page = player.get(path)
        assert page.status_code == 200, path
        pages.append((path, page.text))
    csrf = csrf_of(pages[1][1])
    sent = player.post(f"/games/{ongoing.id}/send", data={"move": "Кf3", "csrf_token": csrf})
    pages.append(("send", sent.text))
    bad = player.post(f"/games/{ongoing.id}/send", data={"move": "zz", "csrf_token": csrf})
    pages.append(("send zz", bad.text))
    late = player.post(
        "/leave", data={"first_day": "2026-05-11", "last_day": "2026-05-12", "csrf_token": csrf}
    )
    pages.append(("leave", late.text))
    arbiter = sign_in(services, "arb", PASSWORD)
    for path in ("/arbiter", "/arbiter/events/RU", "/arbiter/events/RU/report.txt", "/cases/1",
                 f"/games/{games[0].id}"):  # fmt: skip
        page = arbiter.get(path)
        assert page.status_code == 200, path
        pages.append((path, page.text))
    # The mail of the accounts (an invitation, an address changed) and the
    # page its link opens for a visitor the site does not know yet.
    with services.ctx.db.read() as session:
        letters = {
            m.kind: m.body
            for m in session.scalars(select(OutboundMessage))
            if m.kind in ("invite", "address_changed")
        }
    assert set(letters) == {"invite", "address_changed"}
    # (the links' paths are addresses, not words)
    pages += [(f"{kind}.txt", re.sub(r"https?://\S+", "", body)) for kind, body in letters.items()]
    link = re.search(r"/reset/(\S+)", letters["invite"])
    assert link
    invited = client(services).get(f"/reset/{link.group(1)}")
    assert invited.status_code == 200 and "Выберите пароль" in invited.text
    pages.append(("invitation", invited.text))
    for path, page in pages:
        text = page if path.endswith(".txt") else page_text(page)
        assert not english_in(text), (path, english_in(text))
