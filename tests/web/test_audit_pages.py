"""The audit log read on the site: a game's, a case's, an event's and a
person's, in words in both languages, to those who answer for them only."""

from __future__ import annotations

import ast
import re
from datetime import date

import pytest

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from tests.support.cases import player, setup_event
from tests.support.days import at
from tests.support.desk import sides
from tests.support.events import OPERATOR
from tests.support.paths import ROOT
from tests.support.sites import give_passwords
from tests.support.web import sign_in

PASSWORD = "audit-pass-1"


@pytest.fixture
def played(services: Services, clock: FixedClock) -> dict[str, int]:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, 2)
    ids["admin"] = services.players.add(OPERATOR, login="office", name="Office", roles=["admin"])
    white, black = sides(services, 1)
    at(clock, date(2026, 5, 21))
    services.games.submit_move(player(ids, white), 1, "e4", message="Hello")
    services.games.add_line(player(ids, white), 1, "e5 Nf3")  # secret until played (54.3.3)
    at(clock, date(2026, 5, 22))
    services.cases.file_time_claim(player(ids, black), 1, "White took 11 days")
    give_passwords(services, PASSWORD)
    return ids


def test_the_logs_and_who_may_read_them(services: Services, played: dict[str, int]) -> None:
    arb = Actor.player(played["arb"], Door.WEB)
    game = services.audit_log.of_game(arb, 1)
    actions = [r.action for r in game.rows]
    assert actions[0] == "case_filed"  # newest first
    assert {"move", "message_sent", "conditional_added"} <= set(actions)
    [move] = [r for r in game.rows if r.action == "move"]
    white = services.queries.player(sides(services, 1)[0])
    assert (move.details["san"], move.who, move.door) == ("e4", white.name, "web")
    [line] = [r for r in game.rows if r.action == "conditional_added"]
    assert "Nf3" not in str(line.details)  # the line itself is not shown
    case = services.audit_log.of_case(arb, 1)
    assert [r.action for r in case.rows] == ["case_filed"]
    event = services.audit_log.of_event(arb, "C1")
    assert {"event_created", "players_entered", "event_started"} <= {r.action for r in event.rows}
    # A player reads no log; a person's history is the office's.
    with pytest.raises(errors.NotPermitted):
        services.audit_log.of_game(Actor.player(played["p1"], Door.WEB), 1)
    with pytest.raises(errors.NotPermitted):
        services.audit_log.of_player(arb, "p1")
    office = Actor.player(played["admin"], Door.WEB)
    history = services.audit_log.of_player(office, sides(services, 1)[0])
    assert {"move", "message_sent"} <= {r.action for r in history.rows}


def test_the_log_pages_speak_the_readers_language(
    services: Services, played: dict[str, int]
) -> None:
    c = sign_in(services, "arb", PASSWORD)  # the arbiter reads Russian
    page = c.get("/audit/games/1")
    assert page.status_code == 200
    assert "Журнал действий" in page.text and "Ход" in page.text and "Открыто дело" in page.text
    text = re.sub(r"<[^>]+>", " ", page.text.split("<main", 1)[1])
    for code in ("case_filed", "conditional_added", "time_claim", "message_sent"):
        assert code not in text
    assert c.get("/audit/cases/1").status_code == 200
    assert c.get("/audit/events/C1").status_code == 200
    assert 'href="/audit/cases/1"' in c.get("/cases/1").text
    assert c.get("/audit/players/p1").status_code == 403
    p = sign_in(services, "p1", PASSWORD)
    assert p.get("/audit/games/1").status_code == 403
    assert sign_in(services, "office", PASSWORD).get("/audit/players/p1").status_code == 200


def test_every_action_the_services_record_has_words() -> None:
    template = (ROOT / "cc/web/templates/audit_words.html").read_text()
    named = set(re.findall(r'^\s+"([a-z_]+)": _\(', template.split("{% set DOORS")[0], re.M))
    recorded = set()
    for path in [*ROOT.joinpath("cc").rglob("*.py"), *ROOT.joinpath("mailgate").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "audit":
                action = node.args[3] if len(node.args) > 3 else None
                if isinstance(action, ast.Constant) and isinstance(action.value, str):
                    recorded.add(action.value)
    assert recorded and recorded <= named, sorted(recorded - named)
