"""The daily run: server games lost on time on exactly the day of the overstep."""

from __future__ import annotations

import sys
from datetime import date

import pytest
from sqlalchemy import event, func, select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import AuditEntry, Game
from tests.support.days import noon
from tests.support.events import make_event
from tests.support.race import race, run_day_in_lockstep
from tests.support.records import game_row


def deadline(services: Services, game_id: int = 1) -> date | None:
    return game_row(services, game_id).next_deadline


def test_forfeit_on_exactly_the_day_of_the_overstep(services: Services, clock: FixedClock) -> None:
    clock.set(noon(date(2026, 5, 1)))
    make_event(services, 2)  # server, 10 moves in 50 days, starting 10 May (Moscow)
    assert deadline(services) == date(2026, 6, 30)  # the 51st day after the start
    clock.set(noon(date(2026, 6, 30)))
    day_before = services.daily.run(date(2026, 6, 29))
    assert (day_before.examined, day_before.forfeited) == (0, [])
    assert services.queries.game(1).status == "ongoing"
    report = services.daily.run(date(2026, 6, 30))
    assert report.forfeited == [1]
    view = services.queries.game(1)
    assert (view.result, view.result_reason) == ("0-1", "time_forfeit")
    assert services.ledgers.schedule(1).clocks["white"].overstep_on == date(2026, 6, 30)
    again = services.daily.run(date(2026, 6, 30))
    assert (again.examined, again.forfeited) == (0, [])  # the same day twice changes nothing
    with services.ctx.db.read() as session:
        entry = session.scalars(select(AuditEntry).where(AuditEntry.action == "time_forfeit")).one()
        assert entry.details == {
            "player_id": 2,
            "overstep_on": "2026-06-30",
            "total": 51,
            "limit": 50,
        }
        game = session.get(Game, 1)
        assert game is not None and game.finished_at is not None
        assert game.finished_at.date() == date(2026, 6, 30)


def test_moves_and_leave_move_the_deadline(services: Services, clock: FixedClock) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    clock.set(noon(date(2026, 5, 20)))
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    assert deadline(services) == date(2026, 7, 10)  # Black's 51st day
    services.leaves.request(
        Actor.player(ids["p2"], Door.WEB), "t1p2", date(2026, 6, 1), date(2026, 6, 10)
    )
    # A leave only postpones: the early deadline stands and is looked at again.
    assert deadline(services) == date(2026, 7, 10)
    clock.set(noon(date(2026, 7, 10)))
    assert services.daily.run(date(2026, 7, 10)).forfeited == []
    assert deadline(services) == date(2026, 7, 20)  # ten days of leave later
    clock.set(noon(date(2026, 7, 20)))
    assert services.daily.run(date(2026, 7, 20)).forfeited == [1]
    assert services.queries.game(1).result == "1-0"


def test_a_run_early_on_the_day_before_only_reschedules(
    services: Services, clock: FixedClock
) -> None:
    """A deadline that leave postponed is looked at, then moved on."""
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    clock.set(noon(date(2026, 6, 20)))
    services.leaves.request(Actor.operator(Door.CLI), "t1p1", date(2026, 6, 21), date(2026, 6, 25))
    assert ids
    assert deadline(services) == date(2026, 6, 30)
    clock.set(noon(date(2026, 6, 30)))
    report = services.daily.run()  # each event's own today
    assert (report.examined, report.forfeited) == (1, [])
    assert deadline(services) == date(2026, 7, 5)  # five days of leave later
    clock.set(noon(date(2026, 7, 5)))
    assert services.daily.run().forfeited == [1]


def test_two_processes_run_the_same_day_each_game_once(
    services: Services, clock: FixedClock, db_url: str
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    make_event(services, 8)  # 28 games; nobody moves
    day = date(2026, 6, 30)
    lists = race(run_day_in_lockstep, db_url, noon(day).isoformat(), day.isoformat(), count=2)
    handled = sorted(g for lst in lists for g in lst)
    assert handled == list(range(1, 29))  # every game once, by one process or the other
    with services.ctx.db.read() as session:
        count = session.scalar(
            select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "time_forfeit")
        )
        assert count == 28


def test_email_move_unanswered_for_14_days_is_sent_again_to_the_arbiter_too(
    services: Services, clock: FixedClock
) -> None:
    from cc.store.models import OutboundMessage, PlayerEmail

    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2, mode="email")
    with services.ctx.db.write() as session:
        from cc.store.models import Player

        arbiter = session.get(Player, ids["arb"])
        assert arbiter is not None
        arbiter.emails.append(PlayerEmail(address="arb@example.org"))
    assert deadline(services) == date(2026, 5, 25)  # 15th day after the start
    clock.set(noon(date(2026, 5, 24)))
    assert services.daily.run(date(2026, 5, 24)).reminded == []
    clock.set(noon(date(2026, 5, 25)))
    report = services.daily.run(date(2026, 5, 25))
    assert report.reminded == [1] and report.forfeited == []
    assert services.daily.run(date(2026, 5, 25)).reminded == []  # once
    assert deadline(services) == date(2026, 6, 20)  # next: 40 days of silence (56.5.3)
    with services.ctx.db.read() as session:
        (reminder,) = session.scalars(select(OutboundMessage)).all()
        assert (reminder.to_address, reminder.cc) == ("t1p1@example.org", ["arb@example.org"])
        assert "56.5.1" in reminder.body
        # No move to send again: White is told of the first move, counted
        # from the game's start, not of a partner's move waiting.
        assert reminder.body.startswith(
            "Game 1: you have the first move, with White, and it has not come in the 15 days "
            "since the game's start on 2026-05-10. Please send it."
        ), reminder.body
        assert "opponent's move" not in reminder.body
    # The answer to the repeated move is copied to the arbiter as well.
    clock.set(noon(date(2026, 5, 26)))
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    with services.ctx.db.read() as session:
        forward = session.scalars(
            select(OutboundMessage).where(OutboundMessage.kind == "forward")
        ).one()
        assert (forward.to_address, forward.cc) == ("t1p2@example.org", ["arb@example.org"])
    assert deadline(services) == date(2026, 6, 10)  # Black's 15th day


def _statements_of_a_day(services: Services, players: int) -> tuple[int, dict[str, int]]:
    """A round robin of ``players`` in which nobody moves, run on White's
    51st day: (forfeits, INSERT statements by table, and the games'
    UPDATE statements as "UPDATE games")."""
    from collections import Counter

    make_event(services, players)
    inserts: Counter[str] = Counter()

    def count(_conn, _cursor, statement: str, *_args) -> None:  # type: ignore[no-untyped-def]
        if statement.startswith("INSERT INTO "):
            inserts[statement.split()[2]] += 1
        elif statement.startswith("UPDATE games "):
            inserts["UPDATE games"] += 1

    engine = services.ctx.db.write_engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        report = services.daily.run(date(2026, 6, 30))
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(report.forfeited), dict(inserts)


def test_a_day_of_many_forfeits_writes_its_log_and_notices_in_one_statement_a_table(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(date(2026, 6, 30)))
    forfeits, inserts = _statements_of_a_day(services, 8)  # 28 games, each lost by White
    assert forfeits == 28
    # The forfeits' rows in one statement a table; every game decided, the
    # event then closes: its own audit row, and each of the 8 players told.
    assert inserts.get("audit_log") == 1 + 1
    assert inserts.get("notifications") == 1 + 8
    with services.ctx.db.read() as session:
        assert (
            session.scalar(
                select(func.count())
                .select_from(AuditEntry)
                .where(AuditEntry.action == "time_forfeit")
            )
            == 28
        )
        from cc.store.models import Notification

        told = session.scalars(select(Notification).where(Notification.kind == "forfeit")).all()
        games = session.scalars(select(Game)).all()
        assert len(told) == 2 * 28  # both players of every game
        assert {(n.game_id, n.recipient_id) for n in told} == {
            (g.id, pid) for g in games for pid in (g.white_id, g.black_id)
        }


def test_a_day_of_many_forfeits_writes_its_games_in_one_statement(
    services: Services, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Players who play on the site: nothing in a forfeit reads the database
    again, and the batch's games, each changed the same way, are written
    by one UPDATE at its end (no flush of them), as stored."""
    from sqlalchemy import update
    from sqlalchemy.orm import Session

    from cc.clock.ledger import LedgerService
    from cc.store.models import Player

    # The suite's full count beside each carried ledger reads, and so flushes.
    monkeypatch.setattr(LedgerService, "check_kept", False)
    clock.set(noon(date(2026, 6, 30)))
    flushed: list[object] = []

    def flushing(session: Session, *_: object) -> None:
        flushed.extend(o for o in session.dirty if isinstance(o, Game))

    original = make_event

    def on_the_site(services: Services, players: int) -> dict[str, int]:
        ids = original(services, players)
        with services.ctx.db.write() as session:
            session.execute(update(Player).values(mail_moves=False))
        return ids

    monkeypatch.setattr(sys.modules[__name__], "make_event", on_the_site)
    event.listen(Session, "before_flush", flushing)
    try:
        forfeits, statements = _statements_of_a_day(services, 6)  # 15 games
    finally:
        event.remove(Session, "before_flush", flushing)
    assert forfeits == 15
    assert statements.get("UPDATE games") == 1
    assert flushed == []
    with services.ctx.db.read() as session:
        games = session.scalars(select(Game)).all()
        assert {(g.status, g.result_reason, g.next_deadline, g.alert_on) for g in games} == {
            ("finished", "time_forfeit", None, None)
        }
        assert all(g.finished_at is not None for g in games)


def test_a_batch_of_due_games_is_found_through_the_days_indexes(services: Services) -> None:
    """The daily run's batch reads only the due entries of the deadline and
    alert indexes, never the whole table (SQLite's plan)."""
    from cc.app.daily import due_batch

    engine = services.ctx.db.engine
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite's query plan")
    statement = due_batch(date(2026, 6, 30), 0).compile(engine)
    with engine.connect() as conn:
        plan = [
            row[-1]
            for row in conn.exec_driver_sql(
                f"EXPLAIN QUERY PLAN {statement}",
                tuple(statement.construct_params()[k] for k in statement.positiontup or ()),
            )
        ]
    assert not [step for step in plan if step.startswith("SCAN")], plan
    assert any("ix_games_next_deadline" in step for step in plan), plan
    assert any("ix_games_alert_on" in step for step in plan), plan
