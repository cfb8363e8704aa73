"""The gateway's pipeline: raw message in, effects and answers, exactly once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import event, func, select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store.models import InboundMessage, TimeCharge
from tests.support.events import make_event
from tests.support.mail import game_subjects, outbox, raw_mail, thread

WHITE, BLACK, ARBITER = "t1p1@example.org", "t1p2@example.org", "arb@example.org"


@pytest.fixture
def game(services: Services, clock: FixedClock) -> dict[str, object]:
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = make_event(services, 2, mode="email")
    with services.ctx.db.write() as session:
        from cc.store.models import Event, Player, PlayerEmail

        arb = session.get(Player, ids["arb"])
        assert arb is not None
        arb.emails.append(PlayerEmail(address=ARBITER))
        assert session.scalar(select(Event.code)) == "T1"
    view = services.queries.game(1)
    assert (view.white, view.black) == ("t1p1", "t1p2")
    return {"ids": ids, "subjects": game_subjects(services, ids["p1"], ids["p2"])}


def send(
    services: Services, clock: FixedClock, sender: str, subject: str, body: str, **kw: object
) -> object:
    raw = raw_mail(sender, subject, body, **kw)  # type: ignore[arg-type]
    return services.mail.receive(raw, clock.now(), "test")


def moves(services: Services) -> list[str]:
    return [m.san for m in services.queries.game(1).moves]


@contextmanager
def listening(target: object, name: str, listener: Callable[..., None]) -> Iterator[None]:
    """``listener`` hears SQLAlchemy's ``name`` events of ``target`` in the block."""
    event.listen(target, name, listener)
    try:
        yield
    finally:
        event.remove(target, name, listener)


def test_an_email_game_with_forwards_in_the_standard_form(
    services: Services, clock: FixedClock, game: dict
) -> None:
    s = game["subjects"]
    clock.set(datetime(2026, 5, 10, 12, 0, tzinfo=UTC))
    receipt = send(services, clock, WHITE, s["white"], "1. 5254\n\nIvanov")
    assert (receipt.status, receipt.outcome) == ("applied", "move")
    assert moves(services) == ["e4"]
    sent = outbox(services)
    assert sorted((m.kind, m.to_address) for m in sent) == [("forward", BLACK), ("reply", WHITE)]
    forward = next(m for m in sent if m.kind == "forward")
    assert thread(forward.subject) == thread(s["black"]) and forward.ply == 1
    assert "01.  5254" in forward.body and "Турнир" not in forward.body  # English player
    assert "Event Event T1" in forward.body and "Start date 10.05.2026" in forward.body
    # The move is dated by its arrival (§10.3).
    assert services.queries.game(1).moves[0].sent_at == clock.now()

    clock.advance(days=2)
    reply = f"1. 5254 5755\n\nBlack\n\nOn 10 May 2026, White wrote:\n> {forward.body}"
    assert send(services, clock, BLACK, f"Re: {s['black']}", reply).outcome == "move"
    assert moves(services) == ["e4", "e5"]
    clock.advance(days=1)
    form = (
        "Event Cup\nStart date 10.05.2026\nWhite Ivanov\nBlack Petrov\n\n"
        "Rec.  Sent   Time  N    White  Black  Rec.   Sent   Time\n"
        "---   10/05  0/00  01.  5254   5755   10/05  12/05  2/02\n"
        "12/05 13/05  1/01  02.  Кf3\n"
    )
    assert send(services, clock, WHITE, f"Re: {s['white']}", form).outcome == "move"
    assert moves(services) == ["e4", "e5", "Nf3"]
    schedule = services.ledgers.schedule(1)
    assert schedule.schedule[0].black and schedule.schedule[0].black.days == 2
    assert schedule.schedule[1].white and schedule.schedule[1].white.days == 1


def test_the_same_message_twice_is_applied_once(
    services: Services, clock: FixedClock, game: dict
) -> None:
    raw = raw_mail(WHITE, game["subjects"]["white"], "1. 5254")
    first = services.mail.receive(raw, clock.now(), "test")
    again = services.mail.receive(raw, clock.now() + timedelta(minutes=5), "test")
    assert (first.duplicate, again.duplicate, again.outcome) == (False, True, "move")
    assert moves(services) == ["e4"]
    assert len(outbox(services)) == 2
    no_id = raw_mail(BLACK, game["subjects"]["black"], "1. 5254 5755", message_id=None)
    assert services.mail.receive(no_id, clock.now(), "test").outcome == "move"
    assert services.mail.receive(no_id, clock.now(), "test").duplicate
    with services.ctx.db.read() as session:
        assert session.scalar(select(func.count()).select_from(InboundMessage)) == 2


@pytest.mark.parametrize(
    ("body", "outcome"),
    [
        ("1. 5254 5655 2. 7163", "wrong_repetition"),  # partner's move repeated wrongly
        ("2. 7163", "no_repetition"),  # partner's last move not repeated
        ("1. ... 5755 2. hello", "illegible_move"),
        ("1. ... 5755 2. 5254", "impossible_move"),
        ("Hello, how are you?", "no_move"),
    ],
)
def test_faults_are_answered_charged_and_copied_to_the_arbiter(
    services: Services, clock: FixedClock, game: dict, body: str, outcome: str
) -> None:
    s = game["subjects"]
    send(services, clock, WHITE, s["white"], "1. 5254")
    send(services, clock, BLACK, s["black"], "1. 5254 5755")
    before = len(outbox(services))
    receipt = send(services, clock, WHITE, s["white"], body)
    assert (receipt.status, receipt.outcome) == ("refused", outcome)
    assert moves(services) == ["e4", "e5"]
    answer = outbox(services)[before]
    assert (answer.kind, answer.to_address, answer.cc) == ("fault", WHITE, [ARBITER])
    assert "could not be accepted" in answer.body and "2 penalty days" in answer.body
    with services.ctx.db.read() as session:
        charges = session.scalars(select(TimeCharge)).all()
        assert [(c.days, c.player_id) for c in charges] == [(2, game["ids"]["p1"])]
    assert services.ledgers.schedule(1).clocks["white"].penalty_days == 2


def test_a_penalty_is_dated_on_the_letters_arrival_not_its_processing(
    services: Services, clock: FixedClock, game: dict
) -> None:
    """A letter that arrived on 12 May, read by the gateway two days later:
    the fault happened on 12 May, so the charge is dated then."""
    s = game["subjects"]
    send(services, clock, WHITE, s["white"], "1. 5254")
    arrived = datetime(2026, 5, 12, 20, 0, tzinfo=UTC)  # 23:00 in Moscow
    clock.set(arrived + timedelta(days=2))
    raw = raw_mail(BLACK, s["black"], "Hello, how are you?")
    assert services.mail.receive(raw, arrived, "imap").outcome == "no_move"
    with services.ctx.db.read() as session:
        (charge,) = session.scalars(select(TimeCharge)).all()
        assert (charge.days, charge.on) == (2, date(2026, 5, 12))


def test_not_your_turn_is_answered_without_penalty(
    services: Services, clock: FixedClock, game: dict
) -> None:
    send(services, clock, WHITE, game["subjects"]["white"], "1. 5254")
    receipt = send(services, clock, WHITE, game["subjects"]["white"], "1. 5254")
    assert receipt.outcome == "not_your_turn"
    assert "is recorded already" in outbox(services)[-1].body
    assert services.ledgers.schedule(1).clocks["white"].penalty_days == 0


def test_a_message_out_of_turn_is_not_read_as_moves_nor_charged(
    services: Services, clock: FixedClock, game: dict
) -> None:
    """White, with Black to move, guesses Black's reply and answers it with
    a move that cannot be made: still only "not your turn", no penalty."""
    send(services, clock, WHITE, game["subjects"]["white"], "1. 5254")
    receipt = send(services, clock, WHITE, game["subjects"]["white"], "1. 5254 5755 2. 7173")
    assert receipt.outcome == "not_your_turn"
    assert "is recorded already" in outbox(services)[-1].body
    assert services.ledgers.schedule(1).clocks["white"].penalty_days == 0
    assert moves(services) == ["e4"]


def test_strangers_forgers_and_robots(services: Services, clock: FixedClock, game: dict) -> None:
    s = game["subjects"]
    stranger = send(services, clock, "nobody@else.org", s["white"], "1. 5254")
    assert (stranger.status, stranger.outcome) == ("ignored", "unknown_sender")
    assert "not registered" in outbox(services)[-1].body
    # A real player's address without the reply token: not applied; the real
    # player (not the forger) is told which subject to use.
    forged = send(services, clock, WHITE, "my move", "1. 5254")
    assert forged.outcome == "no_reply_token"
    assert outbox(services)[-1].to_address == WHITE
    assert thread(s["white"]) in thread(outbox(services)[-1].body)
    wrong_token = send(services, clock, WHITE, s["black"].replace("t1", "t1"), "1. 5254")
    assert wrong_token.outcome == "no_reply_token"  # Black's token is not White's
    count = len(outbox(services))
    auto = send(
        services,
        clock,
        WHITE,
        f"Re: {s['white']}",
        "I am on holiday.",
        headers={"Auto-Submitted": "auto-replied"},
    )
    bounce = send(services, clock, "MAILER-DAEMON@mx.test", "Undelivered", "1. 5254")
    assert (auto.outcome, bounce.outcome) == ("automatic", "automatic")
    assert len(outbox(services)) == count  # never answered
    assert moves(services) == []


def test_fault_answers_are_limited_per_address_per_day(
    services: Services, clock: FixedClock, game: dict
) -> None:
    for i in range(8):
        send(services, clock, f"spam{i % 1}@else.org", game["subjects"]["white"], "1. 5254")
    assert len([m for m in outbox(services) if m.to_address == "spam0@else.org"]) == 5


def test_words_resign_draw_and_leave(services: Services, clock: FixedClock, game: dict) -> None:
    s = game["subjects"]
    send(services, clock, WHITE, s["white"], "1. 5254\nпредлагаю ничью")
    assert services.queries.game(1).draw_offer_by == "t1p1"
    receipt = send(services, clock, BLACK, s["black"], "Thank you, I accept the draw.")
    assert receipt.outcome == "accept_draw"
    assert services.queries.game(1).result_reason == "agreed_draw"
    # Black's confirmation, and White hears of it from the notice (once).
    sent = outbox(services)
    assert [m.to_address for m in sent[-2:]] == [WHITE, BLACK]
    assert "accepted your draw offer" in sent[-2].body
    assert "drawn by agreement" in sent[-1].body
    leave = send(services, clock, BLACK, s["black"], "Перерыв с 01.06.2026 по 10.06.2026")
    assert leave.outcome == "leave_taken"
    assert services.leaves.balance("t1p2").used_this_year == 10


def test_resignation_by_email(services: Services, clock: FixedClock, game: dict) -> None:
    send(services, clock, WHITE, game["subjects"]["white"], "1. 5254")
    assert send(services, clock, BLACK, game["subjects"]["black"], "Сдаюсь.").outcome == "resign"
    assert services.queries.game(1).result == "1-0"


def test_a_variant_after_the_move_becomes_a_conditional_line(
    services: Services, clock: FixedClock, game: dict
) -> None:
    s = game["subjects"]
    send(services, clock, WHITE, s["white"], "1. 5254")
    # Black moves and proposes: if 2. Nf3 then 2... Nc6 (56.3.7).
    send(services, clock, BLACK, s["black"], "1. 5254 5755 2. 7163 2836")
    out = send(services, clock, WHITE, s["white"], "1. e4 e5 2. Nf3")
    assert out.outcome == "move"
    assert moves(services) == ["e4", "e5", "Nf3", "Nc6"]
    assert date(2026, 5, 10) == services.queries.game(1).moves[0].sent_on


def test_an_arrival_ahead_of_our_clock_is_taken_as_now(
    services: Services, clock: FixedClock, game: dict
) -> None:
    raw = raw_mail(WHITE, game["subjects"]["white"], "1. 5254")
    receipt = services.mail.receive(raw, clock.now() + timedelta(seconds=30), "imap")
    assert receipt.outcome == "move"
    assert services.queries.game(1).moves[0].sent_at == clock.now()


def test_a_new_address_from_the_settings_is_the_one_read(
    services: Services, clock: FixedClock, game: dict
) -> None:
    from cc.base.kinds import Door
    from cc.kernel.context import Actor
    from tests.support.sites import give_passwords
    from tests.support.web import PASSWORD

    give_passwords(services, PASSWORD)
    white = Actor.player(game["ids"]["p1"], Door.WEB)
    changed = services.accounts.set_emails(
        white, ["Ivan.New@Example.org"], current_password=PASSWORD
    )
    assert changed == ["ivan.new@example.org"]
    old = send(services, clock, WHITE, game["subjects"]["white"], "1. 5254")
    assert old.outcome == "unknown_sender"
    new = send(services, clock, "ivan.new@example.org", game["subjects"]["white"], "1. 5254")
    assert new.outcome == "move"
    from cc.base import errors

    with pytest.raises(errors.Conflict):
        services.accounts.set_emails(white, [BLACK], current_password=PASSWORD)
    with services.ctx.db.read() as session:
        from cc.store.models import AuditEntry

        entry = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "emails_changed")
        ).one()
        assert entry.details["old"] == [WHITE]


def test_a_time_claim_in_plain_words(services: Services, clock: FixedClock, game: dict) -> None:
    s = game["subjects"]
    early = send(services, clock, BLACK, s["black"], "Time claim: White is too slow.")
    assert (early.outcome, early.status.value) == ("no_overstep", "refused")
    assert "shows no overstep" in outbox(services)[-1].body
    clock.set(datetime(2026, 7, 11, 8, 0, tzinfo=UTC))  # 62 days after the start: over 60
    send(services, clock, WHITE, s["white"], "1. 5254")
    receipt = send(services, clock, BLACK, s["black"], "1. 5254\nЗаявляю о просрочке времени.")
    assert (receipt.outcome, receipt.status.value) == ("claim_time", "applied")
    assert moves(services) == ["e4"]  # the claim comes first; the game now stands still
    (case,) = services.cases.cases(services_actor(game["ids"]["p2"]))
    assert (case.kind, case.claimant, case.respondent) == ("time_claim", "t1p2", "t1p1")
    copy = [m for m in outbox(services) if m.to_address == WHITE and "case" in m.body][-1]
    assert copy.cc == [ARBITER] and "62 days used, limit 60" in copy.body
    blocked = send(services, clock, BLACK, s["black"], "1. 5254 5755")
    assert blocked.outcome == "game_suspended"


def services_actor(player_id: int) -> object:
    from cc.base.kinds import Door
    from cc.kernel.context import Actor

    return Actor.player(player_id, Door.EMAIL)


def test_protest_and_appeal_by_email(services: Services, clock: FixedClock, game: dict) -> None:
    from cc.kernel.context import Actor

    s = game["subjects"]
    ids = game["ids"]
    with services.ctx.db.write() as session:
        from cc.store.models import Event, EventAppealArbiter

        ap = services.players.add(
            Actor.operator(), login="judge", name="Judge", roles=["appeal_arbiter"]
        )
        event = session.scalar(select(Event))
        assert event is not None
        event.appeal_arbiters.append(EventAppealArbiter(player_id=ap))
    clock.set(datetime(2026, 7, 11, 8, 0, tzinfo=UTC))
    send(services, clock, WHITE, s["white"], "1. 5254")
    send(services, clock, BLACK, s["black"], "1. 5254\nTime claim.")
    (case,) = services.cases.cases(services_actor(ids["p2"]))
    # White answers the copy of the claim: its subject is the game's.
    copy = [m for m in outbox(services) if m.to_address == WHITE and "case" in m.body][-1]
    assert thread(copy.subject).startswith(thread(s["white"]).split("]")[0])
    protest = send(services, clock, WHITE, copy.subject, "Протест: ход партнёра пришёл поздно.")
    assert protest.outcome == "protest"
    assert services.cases.case(services_actor(ids["p1"]), case.id).protest is not None
    services.cases.decide(services_actor(ids["arb"]), case.id, "upheld", "62 > 60")
    appeal = send(services, clock, WHITE, s["white"], "I appeal: the post was slow.")
    assert (appeal.outcome, appeal.status.value) == ("appeal", "applied")
    view = services.cases.case(services_actor(ids["p1"]), case.id)
    assert view.status == "appealed" and "post was slow" in (view.appeal or "")
    answer = [m for m in outbox(services) if m.to_address == WHITE][-1]
    assert "appeal arbiter" in answer.body and "34.2" in answer.body


def test_materials_for_adjudication_by_email(
    services: Services, clock: FixedClock, game: dict
) -> None:
    from cc.store.models import Event

    s = game["subjects"]
    with services.ctx.db.write() as session:
        event = session.scalar(select(Event))
        assert event is not None
        event.end_date = date(2026, 6, 1)
    clock.set(datetime(2026, 6, 2, 8, 0, tzinfo=UTC))
    assert services.daily.run(date(2026, 6, 2)).adjudication == [1]
    asked = [m for m in outbox(services) if m.to_address == WHITE][-1]
    assert "adjudication" in asked.body and "2026-06-16" in asked.body
    white = send(services, clock, WHITE, asked.subject, "I claim a win: more space.\n5254")
    assert (white.outcome, white.status.value) == ("submitted", "applied")
    assert moves(services) == ["e4"]  # the stated move counts as made (56.9.4)
    black = send(services, clock, BLACK, s["black"], "Требую ничью: позиция равная.")
    assert black.outcome == "submitted"
    (case,) = [c for c in services.cases.cases(services_actor(game["ids"]["p1"]))]
    view = services.cases.case(services_actor(game["ids"]["p1"]), case.id)
    assert {c: sub["claim"] for c, sub in view.details["submissions"].items()} == {
        "white": "win",
        "black": "draw",
    }
    assert view.status == "open"  # the claims differ: the adjudicator rules


def test_on_leave_a_move_waits_until_the_player_ends_the_leave_by_email(
    services: Services, clock: FixedClock, game: dict
) -> None:
    """56.7.4: the clocks stand during a leave, so no move is made; 56.7.3: the
    player ends it in words, and a move in the same letter is then made."""
    s = game["subjects"]
    leave = send(services, clock, WHITE, s["white"], "Leave from 11.05.2026 to 20.05.2026")
    assert leave.outcome == "leave_taken"
    clock.set(datetime(2026, 5, 12, 12, 0, tzinfo=UTC))
    refused = send(services, clock, WHITE, s["white"], "1. 5254")
    assert refused.outcome == "on_leave" and moves(services) == []
    assert "on leave from 2026-05-11 to 2026-05-20" in outbox(services)[-1].body
    with services.ctx.db.read() as session:  # no fault of the message: nothing charged
        from cc.store.models import TimeCharge

        assert session.scalars(select(TimeCharge)).all() == []
    ended = send(services, clock, WHITE, s["white"], "Прерываю перерыв.\n1. 5254")
    assert ended.outcome == "move", ended
    assert moves(services) == ["e4"]
    (view,) = services.leaves.leaves("t1p1")
    assert view.last_day == date(2026, 5, 11)
    # Ended by words alone, before it begins: it is withdrawn, and the reply says so.
    taken = send(services, clock, WHITE, s["white"], "Leave from 14.05.2026 to 16.05.2026")
    assert taken.outcome == "leave_taken"
    ended = send(services, clock, WHITE, s["white"], "I end my leave.")
    assert ended.outcome == "leave_ended"
    assert "Your leave is over" in outbox(services)[-1].body
    assert [v.status for v in services.leaves.leaves("t1p1")] == ["active", "cancelled"]


@pytest.mark.parametrize(
    ("body", "outcome", "said"),
    [
        (
            "1. e2e2",
            "impossible_move",
            'The move "e2e2" (White\'s move 1) is not possible in the position: a move must '
            "leave the square it starts from (Art. 56.3.4).",
        ),
        (
            "1. 5²54",
            "illegible_move",
            'The move "5²54" (White\'s move 1) cannot be read: numeric notation uses only the '
            "digits 1-8 for squares (Art. 56.3.4).",
        ),
        (
            "0. e4",
            "sequence",
            'The move number "0." does not fit the record, which is at White\'s move 1 there '
            "(Art. 56.3.4).",
        ),
    ],
)
def test_a_typo_in_the_move_is_answered_as_a_fault_not_retried(
    services: Services, clock: FixedClock, game: dict, body: str, outcome: str, said: str
) -> None:
    """A move onto its own square, digits of another script or a move number 0
    are a fault of the letter, answered at once; the letter is never kept for
    another try."""
    receipt = send(services, clock, WHITE, game["subjects"]["white"], body)
    assert (receipt.status, receipt.outcome) == ("refused", outcome)
    answer = outbox(services)[-1]
    assert (answer.kind, answer.to_address) == ("fault", WHITE)
    assert "could not be accepted" in answer.body and said in answer.body, answer.body
    with services.ctx.db.read() as session:
        (row,) = session.scalars(select(InboundMessage)).all()
        assert (row.status, row.attempts) == ("refused", 1)
    assert moves(services) == []


def test_a_move_for_a_finished_game_is_told_the_game_is_over(
    services: Services, clock: FixedClock, game: dict
) -> None:
    """Whoever writes after the end hears how the game ended, in their own
    language, and is charged nothing: not that it is the partner's move."""
    from cc.store.models import Player

    with services.ctx.db.write() as session:
        black = session.get(Player, game["ids"]["p2"])
        assert black is not None
        black.lang = "ru"
    s = game["subjects"]
    send(services, clock, WHITE, s["white"], "1. f3")
    send(services, clock, BLACK, s["black"], "1. f3 e5")
    send(services, clock, WHITE, s["white"], "1. ... e5 2. g4")
    assert send(services, clock, BLACK, s["black"], "2. g4 Qh4#").outcome == "move"
    assert services.queries.game(1).result_reason == "checkmate"
    for sender, subject, body, said in (
        (WHITE, s["white"], "2. ... Qh4 3. Kf2", "Game 1 is over: 0-1 (checkmate)."),
        (BLACK, s["black"], "2. g4 Фh4#", "Партия 1 окончена: 0-1 (мат)."),
    ):
        receipt = send(services, clock, sender, subject, body)
        assert (receipt.status, receipt.outcome) == ("refused", "game_over"), body
        answer = outbox(services)[-1]
        assert (answer.kind, answer.to_address) == ("reply", sender)
        assert answer.body.startswith(said), answer.body
    assert moves(services) == ["f3", "e5", "g4", "Qh4#"]
    clocks = services.ledgers.schedule(1).clocks
    assert clocks["white"].penalty_days == clocks["black"].penalty_days == 0


def test_a_move_by_email_reads_its_sender_and_its_game_once_each(
    services: Services, clock: FixedClock, game: dict
) -> None:
    """The sender's address, their player and the game are each asked of
    the database once for the message (the game once more, locked, for the
    move itself), however many steps of the message need them: the failing
    mark, the sender's player, the message's record, the answers' form."""
    seen: list[str] = []

    def count(_conn, _cursor, statement, _params, _context, _many) -> None:  # type: ignore[no-untyped-def]
        seen.append(" ".join(statement.split()).lower())

    with listening(services.ctx.db.engine, "before_cursor_execute", count):
        receipt = send(services, clock, WHITE, game["subjects"]["white"], "1. 5254")
    assert (receipt.status, receipt.outcome) == ("applied", "move")
    assert moves(services) == ["e4"]

    def reads(table: str, where: str) -> int:
        return sum(
            1 for s in seen if s.startswith("select") and f"from {table} " in s and where in s
        )

    # The sender's player comes with their address; Black's with the game,
    # for the forward: no player is read by itself.
    assert reads("player_emails", "player_emails.address =") == 1
    assert any("join players" in s and "player_emails.address =" in s for s in seen)
    assert reads("players", "players.id =") == 0
    # Read for the message, then locked with its event and players for the move.
    assert reads("games", "games.id =") == 2
    sent = outbox(services)
    assert sorted((m.kind, m.to_address) for m in sent) == [("forward", BLACK), ("reply", WHITE)]


def test_a_move_by_email_is_written_without_a_flush_of_the_unit_of_work(
    services: Services, clock: FixedClock, game: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The message's row, the move, the game's update and both answers are
    written as rows, not flushed as objects: inside the message's savepoint
    each flush costs more than its statement. What the message did is all
    there once committed."""
    from sqlalchemy.orm import Session

    from cc.base.kinds import InboundStatus
    from cc.clock.ledger import LedgerService
    from cc.store.models import Game, OutboundMessage

    # The suite's full count beside each carried ledger reads, and so flushes.
    monkeypatch.setattr(LedgerService, "check_kept", False)

    flushed: list[list[str]] = []

    def before_flush(session: Session, _context: object, _instances: object) -> None:
        flushed.append(sorted(type(o).__name__ for o in [*session.new, *session.dirty]))

    with listening(Session, "before_flush", before_flush):
        receipt = send(services, clock, WHITE, game["subjects"]["white"], "1. 5254")
    assert (receipt.status, receipt.outcome) == ("applied", "move")
    assert flushed == []
    with services.ctx.db.read() as session:
        stored = session.get(Game, 1)
        assert stored is not None and stored.ply_count == 1 and " b " in stored.fen
        row = session.scalar(select(InboundMessage))
        assert row is not None
        assert (row.status, row.outcome, row.game_id, row.attempts) == (
            InboundStatus.APPLIED,
            "move",
            1,
            1,
        )
        assert row.player_id == game["ids"]["p1"]
        kinds = sorted(m.kind for m in session.scalars(select(OutboundMessage)))
        assert kinds == ["forward", "reply"]
