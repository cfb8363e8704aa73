"""Every raw message of tests/fixtures/mail against a fresh game, with its
expected outcome (tests/fixtures/mail/expected.toml)."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.office.outbound import MailSettings
from cc.store.db import Database
from cc.store.models import InboundMessage, OutboundMessage, TimeCharge
from tests.support.events import make_event
from tests.support.mail_fixtures import HERE, WRITTEN_TOKENS

EXPECTED = tomllib.loads((HERE / "expected.toml").read_text(encoding="utf-8"))
SETTINGS = MailSettings(address="moves@cc.test", secret=b"fixture-secret")


def test_the_folder_holds_at_least_40_messages_each_with_its_outcome() -> None:
    names = {p.stem for p in HERE.glob("*.eml")}
    assert len(names) >= 40 and names == set(EXPECTED)


@pytest.fixture
def mail_settings() -> MailSettings:
    return SETTINGS


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture(name: str, services: Services, db: Database, clock: FixedClock) -> None:
    expected = EXPECTED[name]
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = make_event(services, 2, mode="email")
    assert (ids["p1"], ids["p2"]) == (2, 3)  # the ids the fixtures' tokens are made for
    players = [Actor.player(ids["p1"], Door.WEB), Actor.player(ids["p2"], Door.WEB)]
    for i, san in enumerate(expected.get("setup", ["e4"])):
        services.games.submit_move(players[i % 2], 1, san)
    with db.read() as session:
        before = len(session.scalars(select(OutboundMessage)).all())
    clock.set(datetime(2026, 5, 11, 7, 15, tzinfo=UTC))
    raw = (HERE / f"{name}.eml").read_bytes()
    for written, player in WRITTEN_TOKENS.items():
        raw = raw.replace(written, services.mail.token(1, player).encode())
    receipts = [
        services.mail.receive(raw, clock.now(), "fixture")
        for _ in range(expected.get("deliveries", 1))
    ]
    first = receipts[0]
    assert (first.status, first.outcome) == (expected["status"], expected["outcome"]), first.detail
    assert all(r.duplicate for r in receipts[1:])
    view = services.queries.game(1)
    setup = expected.get("setup", ["e4"])
    assert [m.san for m in view.moves] == expected.get("moves", setup)
    with db.read() as session:
        answers = session.scalars(select(OutboundMessage)).all()[before:]
        charges = session.scalars(select(TimeCharge)).all()
        inbound = session.scalars(select(InboundMessage)).all()
    assert len(inbound) == 1
    if "answers" in expected:
        assert len(answers) == expected["answers"]
    assert sum(c.days for c in charges) == expected.get("penalty", 0)
    if expected.get("penalty"):
        assert answers[0].kind == "fault"
    if "draw_offer_by" in expected:
        assert view.draw_offer_by == expected["draw_offer_by"]
    if "result" in expected:
        assert view.result == expected["result"]
    if "leave_days" in expected:
        assert services.leaves.balance("t1p2", 2026).used_this_year == expected["leave_days"]
    if "then_white" in expected:
        services.games.submit_move(players[0], 1, expected["then_white"])
        assert [m.san for m in services.queries.game(1).moves] == expected["then_moves"]
