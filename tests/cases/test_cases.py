"""The arbiter's cases driven whole with a controlled clock, on both databases.

Time claims in email play: too late, in time (the game stops), upheld,
appealed and reversed with the game and its clocks restored, rejected with a
bar until the next cycle; withdrawal decisions on a 7-player section; the
silence, post and lost-email rules and leave notices of the daily run.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.events.lifecycle import EventSpec
from cc.kernel.context import Actor
from cc.store.models import Case, Game, OutboundMessage, SectionEntry
from tests.conftest import OPERATOR, forget_start

START = date(2026, 5, 10)


def noon(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 9, 0, tzinfo=UTC)  # noon in Moscow


def at(clock: FixedClock, day: date) -> None:
    clock.set(noon(day))


def setup_event(
    services: Services,
    players: int = 2,
    *,
    mode: str = "email",
    control: tuple[int, int] | None = (2, 10),
    end: date | None = None,
    code: str = "C1",
) -> dict[str, int]:
    """An event with an arbiter, two appeal arbiters and ``players`` players."""
    ids = {
        "arb": services.players.add(
            OPERATOR,
            login="arb",
            name="Arbiter",
            roles=["arbiter"],
            emails=["arb@example.org"],
            lang="ru",
        ),
        "ap1": services.players.add(
            OPERATOR, login="ap1", name="Appeal One", roles=["appeal_arbiter"], emails=["ap1@x.org"]
        ),
        "ap2": services.players.add(
            OPERATOR, login="ap2", name="Appeal Two", roles=["appeal_arbiter"]
        ),
    }
    for i in range(1, players + 1):
        ids[f"p{i}"] = services.players.add(
            OPERATOR, login=f"p{i}", name=f"Player {i}", emails=[f"p{i}@example.org"]
        )
    regs = {"control_moves": control[0], "control_days": control[1]} if control else {}
    services.events.create(
        OPERATOR,
        EventSpec(
            code=code,
            name="Cases Cup",
            mode=mode,  # type: ignore[arg-type]
            start_date=START,
            end_date=end,
            timezone="Europe/Moscow",
            arbiter="arb",
            appeal_arbiters=("ap1", "ap2"),
            regulations=regs,
        ),
    )
    services.events.add_players(OPERATOR, code, [f"p{i}" for i in range(1, players + 1)])
    services.events.start(OPERATOR, code)
    forget_start(services, code)
    return ids


def player(ids: dict[str, int], name: str, door: Door = Door.WEB) -> Actor:
    return Actor.player(ids[name], door)


def move(services: Services, ids: dict[str, int], who: str, text: str, game: int = 1) -> None:
    services.games.submit_move(player(ids, who), game, text)


def mails_to(services: Services, address: str, *, containing: str = "") -> list[OutboundMessage]:
    with services.ctx.db.read() as session:
        rows = session.scalars(
            select(OutboundMessage)
            .where(OutboundMessage.to_address == address)
            .order_by(OutboundMessage.id)
        ).all()
        return [m for m in rows if containing in m.body]


def game_row(services: Services, game_id: int = 1) -> Game:
    with services.ctx.db.read() as session:
        game = session.get(Game, game_id)
        assert game is not None
        session.expunge(game)
        return game


# ------------------------------------------------------------------ time claims


def test_a_claim_after_the_reply_to_the_control_move_is_too_late(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    at(clock, date(2026, 5, 21))  # White's first move after 11 days: over 10 (control 2/10)
    move(services, ids, "p1", "e4")
    move(services, ids, "p2", "e5")
    move(services, ids, "p1", "Nf3")  # White's control move (2)
    # Until Black replies to it, the claim is still in time (56.6.1).
    basis = services.cases.claim_basis(player(ids, "p2"), 1)
    assert basis is not None and basis.control_move == 2
    move(services, ids, "p2", "Nc6")  # Black's reply to it: the last moment has passed
    assert services.cases.claim_basis(player(ids, "p2"), 1) is None
    with pytest.raises(errors.ClaimTooLate) as refused:
        services.cases.file_time_claim(player(ids, "p2"), 1, "White used 11 days")
    assert refused.value.params["control_move"] == 2
    assert refused.value.params["replied_on"] == "2026-05-21"
    assert "56.6.1" in refused.value.message("ru")
    with services.ctx.db.read() as session:
        assert session.scalars(select(Case)).all() == []


def test_claim_upheld_appealed_and_reversed_restores_the_game_and_its_clocks(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    at(clock, date(2026, 5, 21))
    move(services, ids, "p1", "e4")  # 11 days: over the limit of 10
    assert services.cases.claim_basis(player(ids, "p1"), 1) is None  # not White's to claim
    basis = services.cases.claim_basis(player(ids, "p2"), 1)
    assert basis is not None and (basis.accused, basis.move, basis.limit) == ("p1", 1, 10)
    assert basis.overstep_on == date(2026, 5, 21) and basis.control_move == 2

    at(clock, date(2026, 5, 22))
    case = services.cases.file_time_claim(player(ids, "p2"), 1, "White took 11 days for move 1")
    assert case.status == "open" and case.respondent == "p1"
    # The evidence is the ledger as it stood at filing.
    assert case.evidence[0]["clocks"]["white"]["total"] == 11
    assert game_row(services).suspended_by_case_id == case.id
    with pytest.raises(errors.GameSuspended):
        move(services, ids, "p2", "e5")
    # A copy went to the accused, copied to the arbiter (56.6.2).
    (copy,) = mails_to(services, "p1@example.org", containing=f"case {case.id}")
    assert copy.cc == ["arb@example.org"] and "2026-06-05" in copy.body
    with pytest.raises(errors.CaseOpen):
        services.cases.file_time_claim(player(ids, "p2"), 1)

    at(clock, date(2026, 5, 23))
    with pytest.raises(errors.ProtestWindowOpen):  # 56.6.4: the accused has 14 days
        services.cases.decide(player(ids, "arb"), case.id, "upheld", "Over the limit")
    services.cases.protest(player(ids, "p1"), case.id, "Your move reached me late")
    at(clock, date(2026, 5, 24))
    with pytest.raises(errors.NotPermitted):  # not an arbiter of the event
        services.cases.decide(player(ids, "ap1"), case.id, "upheld", "Over the limit")
    decided = services.cases.decide(player(ids, "arb"), case.id, "upheld", "11 days > 10")
    assert decided.status == "decided" and decided.appeal_until == date(2026, 6, 7)
    view = services.queries.game(1)
    assert (view.status, view.result, view.result_reason) == ("finished", "0-1", "time_forfeit")

    at(clock, date(2026, 6, 5))
    appealed = services.cases.appeal(player(ids, "p1"), case.id, "The server dated it wrong")
    assert appealed.status == "appealed"
    assert "decide_appeal" in services.cases.case(player(ids, "ap1"), case.id).actions
    at(clock, date(2026, 6, 10))
    with pytest.raises(errors.NotPermitted):  # the deciding arbiter may not hear it (34.2)
        services.cases.decide_appeal(player(ids, "arb"), case.id, "rejected", "-")
    final = services.cases.decide_appeal(
        player(ids, "ap1"), case.id, "rejected", "Receipt was a day late"
    )
    assert (final.status, final.appeal_decision) == ("final", "rejected")
    view = services.queries.game(1)
    assert (view.status, view.result) == ("ongoing", "*")
    # Black received 1.e4 on 21 May; the game stood still from 23 May to 10
    # June, so Black has used one day (22 May), and moves on.
    ledger = services.ledgers.ledger(1)
    assert ledger.black.running_days == 1 and ledger.white.total == 11
    move(services, ids, "p2", "e5")
    assert services.queries.game(1).move_number == 2
    with pytest.raises(errors.CaseState):  # final: no second appeal
        services.cases.appeal(player(ids, "p2"), case.id, "again")


def test_an_appeal_after_14_days_is_refused_with_the_dates(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    at(clock, date(2026, 5, 21))
    move(services, ids, "p1", "e4")
    case = services.cases.file_time_claim(player(ids, "p2"), 1)
    services.cases.protest(player(ids, "p1"), case.id, "No")
    services.cases.decide(player(ids, "arb"), case.id, "upheld", "Over the limit")
    at(clock, date(2026, 6, 4))  # the last day of the appeal (54.1.4)
    assert "appeal" in services.cases.case(player(ids, "p1"), case.id).actions
    at(clock, date(2026, 6, 5))  # decided 21 May: the appeal was due by 4 June
    with pytest.raises(errors.AppealTooLate) as late:
        services.cases.appeal(player(ids, "p1"), case.id, "Too late?")
    assert late.value.params == {
        "case_id": case.id,
        "decided_on": "2026-05-21",
        "until": "2026-06-04",
        "today": "2026-06-05",
        "article": "56.1.10",  # an email event's appeal
    }
    assert "2026-06-04" in late.value.message("ru") and "ст. 56.1.10" in late.value.message("ru")
    report = services.daily.run(date(2026, 6, 5))
    assert report.cases == [case.id]
    assert services.cases.case(player(ids, "arb"), case.id).status == "final"


def test_a_rejected_claim_bars_the_claimant_until_the_next_cycle(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    at(clock, date(2026, 5, 21))
    move(services, ids, "p1", "e4")
    case = services.cases.file_time_claim(player(ids, "p2"), 1)
    at(clock, date(2026, 6, 4))  # the 14th day after filing: the protest may still come
    with pytest.raises(errors.ProtestWindowOpen):
        services.cases.decide(player(ids, "arb"), case.id, "rejected", "Mail was delayed")
    assert "protest" in services.cases.case(player(ids, "p1"), case.id).actions
    at(clock, date(2026, 6, 5))  # 14 days without a protest have passed
    with pytest.raises(errors.ProtestTooLate):
        services.cases.protest(player(ids, "p1"), case.id, "late")
    with pytest.raises(errors.InvalidInput):  # penalty days are for post play (55.6.10)
        services.cases.decide(player(ids, "arb"), case.id, "rejected", "x", penalty_days=1)
    rejected = services.cases.decide(
        player(ids, "arb"), case.id, "rejected", "Mail was delayed", bar=True
    )
    assert rejected.barred_cycle == 1
    assert game_row(services).suspended_by_case_id is None
    with pytest.raises(errors.ClaimBarred) as barred:
        services.cases.file_time_claim(player(ids, "p2"), 1)
    assert (barred.value.params["first"], barred.value.params["last"]) == (1, 2)
    # Play goes on: the cycle of moves 1-2 closes, White oversteps again in 3-4.
    move(services, ids, "p2", "e5")
    move(services, ids, "p1", "Nf3")
    move(services, ids, "p2", "Nc6")
    at(clock, date(2026, 6, 15))  # 10 more days: 21 > 20 on move 3
    move(services, ids, "p1", "Bb5")
    again = services.cases.file_time_claim(player(ids, "p2"), 1, "Over 20 days by move 3")
    assert again.details["cycle"] == 2 and again.details["limit"] == 20


def test_post_rejected_claim_can_cost_the_claimant_penalty_days(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, mode="post", control=(2, 10))
    at(clock, date(2026, 5, 21))
    move(services, ids, "p1", "e4")
    case = services.cases.file_time_claim(player(ids, "p2"), 1)
    assert case.details["decisive"] is False  # the first overstep restarts the count (55.6.4)
    services.cases.protest(player(ids, "p1"), case.id, "No")
    services.cases.decide(player(ids, "arb"), case.id, "rejected", "Unfounded", penalty_days=3)
    assert services.ledgers.ledger(1).black.penalty_days == 3


def test_server_games_have_nothing_to_claim(services: Services, clock: FixedClock) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, mode="server")
    with pytest.raises(errors.ClaimNotInMode):
        services.cases.file_time_claim(player(ids, "p2"), 1)


def test_the_daily_run_tells_the_partner_of_an_overstep_once(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    assert game_row(services).next_deadline == date(2026, 5, 21)  # 11th day: over 10
    at(clock, date(2026, 5, 20))
    assert services.daily.run(date(2026, 5, 20)).overstep_told == []
    at(clock, date(2026, 5, 21))
    assert services.daily.run(date(2026, 5, 21)).overstep_told == [1]
    assert services.daily.run(date(2026, 5, 21)).overstep_told == []
    (notice,) = mails_to(services, "p2@example.org", containing="time claim")
    assert "Player 1" in notice.body and "2026-05-21" in notice.body
    assert ids["p2"]


# --------------------------------------------------------------------- withdrawal


@pytest.mark.parametrize("decision", ["loss", "adjudication", "exclusion"])
def test_withdrawal_decisions_on_a_seven_player_section(
    services: Services, clock: FixedClock, decision: str
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, 7, mode="server", control=None)
    at(clock, date(2026, 5, 12))
    with services.ctx.db.read() as session:
        games = session.scalars(
            select(Game).where((Game.white_id == ids["p1"]) | (Game.black_id == ids["p1"]))
        ).all()
        mine = [g.id for g in games]
        others = session.scalars(select(Game.id).where(Game.id.not_in(mine))).all()
    assert len(mine) == 6 and len(others) == 15
    finished = mine[0]
    services.games.resign(OPERATOR, finished, as_player=ids["p1"])
    case = services.cases.open_withdrawal(player(ids, "arb"), "C1", "p1", "Ill health")
    assert sorted(case.details["games"]) == sorted(mine[1:])
    assert len(case.evidence) == 5
    services.cases.decide(player(ids, "arb"), case.id, decision, "Medical certificate")
    statuses = {gid: services.queries.game(gid) for gid in mine}
    assert statuses[finished].result_reason == "resignation"  # a finished game stays
    for gid in mine[1:]:
        g = statuses[gid]
        white_is_p1 = game_row(services, gid).white_id == ids["p1"]
        if decision == "loss":
            assert g.status == "finished" and g.result_reason == "withdrawal"
            assert g.result == ("0-1" if white_is_p1 else "1-0")
        elif decision == "adjudication":
            assert (g.status, g.result) == ("adjudication", "*")
        else:
            assert (g.status, g.result, g.result_reason) == ("annulled", "*", "withdrawal")
    assert all(services.queries.game(gid).status == "ongoing" for gid in others)
    with services.ctx.db.read() as session:
        entry = session.scalars(
            select(SectionEntry).where(SectionEntry.player_id == ids["p1"])
        ).one()
        assert (entry.withdrawal, entry.withdrawn_on) == (decision, date(2026, 5, 12))
    if decision == "loss":
        # On appeal the player's games are adjudicated instead: all put back first.
        services.cases.appeal(player(ids, "p1"), case.id, "I can still play by post")
        services.cases.decide_appeal(player(ids, "ap1"), case.id, "adjudication", "Fairer")
        for gid in mine[1:]:
            assert services.queries.game(gid).status == "adjudication"
        assert services.queries.game(finished).result_reason == "resignation"


# ------------------------------------------------------------------ the daily run


def test_forty_days_of_silence_by_email_become_a_case(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, control=None)  # 10 moves in 60 days
    for day in (date(2026, 5, 25), date(2026, 6, 19)):
        at(clock, day)
        assert services.daily.run(day).silenced == []
    at(clock, date(2026, 6, 20))  # the 41st day without a move
    assert services.daily.run(date(2026, 6, 20)).silenced == [1]
    assert services.daily.run(date(2026, 6, 20)).silenced == []
    (case,) = [c for c in services.cases.cases(player(ids, "arb")) if c.kind == "silence"]
    assert case.respondent == "p1"
    assert mails_to(services, "arb@example.org", containing="56.5.3")
    services.cases.decide(player(ids, "arb"), case.id, "loss_white", "No word from White")
    view = services.queries.game(1)
    assert (view.result, view.result_reason) == ("0-1", "default")


def test_post_thirty_day_and_three_month_rules(services: Services, clock: FixedClock) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, mode="post", control=(10, 300))
    at(clock, date(2026, 6, 9))
    assert services.daily.run(date(2026, 6, 9)).reminded == []
    at(clock, date(2026, 6, 10))  # 31st day: White has not made a first move (55.5.1)
    assert services.daily.run(date(2026, 6, 10)).reminded == [1]
    (enquiry,) = mails_to(services, "p2@example.org", containing="55.5.1")
    assert enquiry.cc == ["arb@example.org"]
    at(clock, date(2026, 6, 15))
    move(services, ids, "p1", "e4")
    for day, expected in ((date(2026, 7, 15), []), (date(2026, 7, 16), [1])):
        at(clock, day)
        assert services.daily.run(day).reminded == expected
    assert mails_to(services, "p1@example.org", containing="registered mail")
    for day, expected in ((date(2026, 9, 15), []), (date(2026, 9, 16), [1])):
        at(clock, day)  # three months after 15 June, nothing moved
        assert services.daily.run(day).silenced == expected
    (case,) = services.cases.cases(player(ids, "arb"))
    assert (case.kind, case.respondent) == ("silence", "p2")


def test_a_lost_email_not_restored_in_30_days_means_withdrawal(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 12))
    ids = setup_event(services, 3, control=None)
    (lost,) = services.cases.report_lost_email(player(ids, "p1"), "p1", "Mailbox deleted")
    (kept,) = services.cases.report_lost_email(player(ids, "arb"), "p2")
    services.cases.restore_email(player(ids, "p2"), kept.id)
    at(clock, date(2026, 6, 11))
    assert services.daily.run(date(2026, 6, 11)).cases == []
    at(clock, date(2026, 6, 12))
    assert services.daily.run(date(2026, 6, 12)).cases == [lost.id]
    assert services.daily.run(date(2026, 6, 12)).cases == []
    cases = {c.id: c for c in services.cases.cases(player(ids, "arb"))}
    assert (cases[lost.id].status, cases[lost.id].decision) == ("closed", "not_restored")
    assert (cases[kept.id].status, cases[kept.id].decision) == ("closed", "restored")
    (withdrawal,) = [c for c in cases.values() if c.kind == "withdrawal"]
    assert withdrawal.respondent == "p1"
    assert services.cases.case(player(ids, "arb"), withdrawal.id).details["lost_email_case"] == (
        lost.id
    )


def test_partners_hear_when_a_leave_is_recorded_begins_and_ends(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 12))
    ids = setup_event(services, control=None)
    services.leaves.request(player(ids, "p1"), ids["p1"], date(2026, 5, 20), date(2026, 5, 25))
    for address in ("p2@example.org", "arb@example.org"):
        [recorded] = mails_to(services, address, containing="Player 1")
        assert "2026-05-20" in recorded.body and "2026-05-25" in recorded.body
    for day, expected in (
        (date(2026, 5, 19), 0),
        (date(2026, 5, 20), 1),
        (date(2026, 5, 25), 0),
        (date(2026, 5, 26), 1),
    ):
        at(clock, day)
        assert len(services.daily.run(day).leaves) == expected
    assert len(mails_to(services, "p2@example.org", containing="Player 1")) == 3
    assert len(mails_to(services, "arb@example.org", containing="Player 1")) == 3


def test_unfinished_games_go_to_adjudication_after_the_end_date(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    setup_event(services, control=None, mode="server", end=date(2026, 6, 1))
    at(clock, date(2026, 6, 1))
    assert services.daily.run(date(2026, 6, 1)).adjudication == []
    at(clock, date(2026, 6, 2))
    assert services.daily.run(date(2026, 6, 2)).adjudication == [1]
    assert services.queries.game(1).status == "adjudication"
    assert services.daily.run(date(2026, 6, 2)).adjudication == []
