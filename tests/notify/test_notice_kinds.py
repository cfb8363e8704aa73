"""Who hears of what: every change of a game or an event records its
notices once, in its own transaction, to the people it concerns, and in
email events they are mailed in the recipient's language."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import Notification, OutboundMessage, Player, PlayerEmail
from tests.support.events import make_event
from tests.support.mail import game_subjects, outbox, raw_mail, thread
from tests.support.records import notices

WHITE, BLACK = "t1p1@example.org", "t1p2@example.org"


def told(services: Services, player_id: int, *kinds: str) -> list[tuple[str, dict[str, Any]]]:
    """(kind, params) of the player's notifications, oldest first."""
    return [(n.kind, dict(n.params)) for n in notices(services, player_id, *kinds)]


def web(ids: dict[str, int], who: str) -> Actor:
    return Actor.player(ids[who], Door.WEB)


def russian(services: Services, player_id: int) -> None:
    with services.ctx.db.write() as s:
        player = s.get(Player, player_id)
        assert player is not None
        player.lang = "ru"


def mails_to(services: Services, address: str) -> list[OutboundMessage]:
    return [m for m in outbox(services) if m.to_address == address]


def play(services: Services, ids: dict[str, int], *moves: str, game: int = 1) -> None:
    for i, text in enumerate(moves):
        services.games.submit_move(web(ids, "p1" if i % 2 == 0 else "p2"), game, text)


# ------------------------------------------------------------------ draws


def test_a_draw_offer_and_its_answers_reach_the_other_player_once(services: Services) -> None:
    ids = make_event(services, 2)
    play(services, ids, "e4", "e5")
    services.games.offer_draw(web(ids, "p1"), 1)
    with pytest.raises(errors.DrawOfferOpen):
        services.games.offer_draw(web(ids, "p1"), 1)
    services.games.decline_draw(web(ids, "p2"), 1)
    with pytest.raises(errors.NoDrawOffer):
        services.games.decline_draw(web(ids, "p2"), 1)
    services.games.offer_draw(web(ids, "p1"), 1)
    services.games.accept_draw(web(ids, "p2"), 1)
    with pytest.raises(errors.GameOver):
        services.games.accept_draw(web(ids, "p2"), 1)

    offers = ("draw_offered", "draw_accepted", "draw_declined", "game_over")
    assert told(services, ids["p2"], *offers) == [
        # White offers on their own turn: Black cannot answer with a move.
        ("draw_offered", {"player": "Player 1", "partner_to_move": False}),
        ("draw_offered", {"player": "Player 1", "partner_to_move": False}),
    ]
    assert told(services, ids["p1"], *offers) == [
        ("draw_declined", {"player": "Player 2"}),
        ("draw_accepted", {"player": "Player 2"}),
    ]


def test_a_draw_offered_with_a_move_is_one_notice_and_a_move_declines_it(
    services: Services,
) -> None:
    ids = make_event(services, 2)
    services.games.submit_move(web(ids, "p1"), 1, "e4", offer_draw=True)
    assert told(services, ids["p2"]) == [("draw_offered", {"player": "Player 1", "move": "e4"})]
    services.games.submit_move(web(ids, "p2"), 1, "e5")
    assert told(services, ids["p1"]) == [
        ("move", {"player": "Player 2", "move": "e5", "fired": [], "draw_declined": True})
    ]


def test_both_accepting_by_offering_tell_the_first_offerer(services: Services) -> None:
    ids = make_event(services, 2)
    services.games.offer_draw(web(ids, "p1"), 1)
    services.games.offer_draw(web(ids, "p2"), 1)  # the partner's offer is open: agreement
    assert services.queries.game(1).result_reason == "agreed_draw"
    assert told(services, ids["p1"]) == [("draw_accepted", {"player": "Player 2"})]
    offered = {"player": "Player 1", "partner_to_move": False}
    assert told(services, ids["p2"]) == [("draw_offered", offered)]


# ----------------------------------------------------- resignation, claims


def test_a_resignation_is_told_to_the_partner_once(services: Services) -> None:
    ids = make_event(services, 2)
    play(services, ids, "e4")
    services.games.resign(web(ids, "p2"), 1)
    with pytest.raises(errors.GameOver):
        services.games.resign(web(ids, "p2"), 1)
    assert told(services, ids["p1"]) == [("resigned", {"player": "Player 2", "result": "1-0"})]
    assert told(services, ids["p2"]) == [
        ("move", {"player": "Player 1", "move": "e4", "fired": []})
    ]


def test_a_draw_claimed_is_told_to_the_partner(services: Services) -> None:
    ids = make_event(services, 2)
    play(services, ids, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
    # Black claims with the move that repeats the position a third time (FIDE 9.2).
    services.games.claim_draw(web(ids, "p2"), 1, text="Ng8")
    assert services.queries.game(1).result == "1/2-1/2"
    assert told(services, ids["p1"], "game_over", "move")[-1] == (
        "game_over",
        {
            "player": "Player 2",
            "result": "1/2-1/2",
            "reason": "threefold_repetition",
            "move": "Ng8",
        },
    )
    assert told(services, ids["p2"], "game_over") == []  # the claimant knows


def test_a_move_that_mates_is_told_once_as_a_move(services: Services) -> None:
    ids = make_event(services, 2)
    play(services, ids, "f3", "e5", "g4", "Qh4#")
    assert services.queries.game(1).result == "0-1"
    assert told(services, ids["p1"])[-1] == (
        "move",
        {"player": "Player 2", "move": "Qh4#", "fired": []},
    )
    assert told(services, ids["p1"], "game_over", "resigned") == []
    assert told(services, ids["p2"], "game_over") == []


# ---------------------------------------------------------- conditionals


def white_lines(services: Services, *lines: str) -> dict[str, int]:
    """After 1. e4, White leaves ``lines`` as conditional moves in game 1."""
    ids = make_event(services, 2)
    play(services, ids, "e4")
    for line in lines:
        services.games.add_line(web(ids, "p1"), 1, line)
    return ids


def test_a_line_the_partner_departs_from_lapses_and_its_owner_is_told_once(
    services: Services,
) -> None:
    ids = white_lines(services, "e5 Nf3 Nc6 Bb5", "d5 exd5")
    services.games.submit_move(web(ids, "p2"), 1, "c5")
    lapsed = told(services, ids["p1"], "conditional_lapsed")
    assert lapsed == [
        ("conditional_lapsed", {"line": "e5 Nf3 Nc6 Bb5", "reason": "deviated", "move": "c5"}),
        ("conditional_lapsed", {"line": "d5 exd5", "reason": "deviated", "move": "c5"}),
    ]
    services.games.submit_move(web(ids, "p1"), 1, "Nf3")
    assert told(services, ids["p1"], "conditional_lapsed") == lapsed


def test_a_line_that_fires_is_told_in_the_move_and_its_other_branches_are_not(
    services: Services,
) -> None:
    ids = white_lines(services, "e5 Nf3", "c5 Nf3")
    services.games.submit_move(web(ids, "p2"), 1, "e5")
    assert told(services, ids["p1"]) == [
        ("move", {"player": "Player 2", "move": "e5", "fired": ["Nf3"]})
    ]


def test_a_line_lapses_on_a_draw_offer_and_on_the_end_of_the_game(services: Services) -> None:
    ids = white_lines(services, "e5 Nf3")
    services.games.submit_move(web(ids, "p2"), 1, "e5", offer_draw=True)
    assert told(services, ids["p1"], "conditional_lapsed") == [
        ("conditional_lapsed", {"line": "e5 Nf3", "reason": "draw_offer", "move": "e5"})
    ]
    services.games.submit_move(web(ids, "p1"), 1, "Nf3")  # declines
    services.games.add_line(web(ids, "p1"), 1, "Nc6 Bb5")
    services.games.resign(web(ids, "p2"), 1)
    assert told(services, ids["p1"], "conditional_lapsed")[1:] == [
        ("conditional_lapsed", {"line": "Nc6 Bb5", "reason": "game_over"})
    ]


def test_own_lines_are_not_told_to_the_player_who_ends_the_game(services: Services) -> None:
    ids = white_lines(services, "e5 Nf3")
    services.games.offer_draw(web(ids, "p2"), 1)
    services.games.accept_draw(web(ids, "p1"), 1)
    assert told(services, ids["p1"], "conditional_lapsed") == []


# -------------------------------------------------------------- messages


def test_a_message_sent_with_a_move_reaches_the_partner(services: Services) -> None:
    from cc.accounts.hashing import hash_password
    from cc.xfcc.service import MoveRequest, XfccService

    ids = make_event(services, 2)
    with services.ctx.db.write() as s:
        for pid in (ids["p1"], ids["p2"]):
            player = s.get(Player, pid)
            assert player is not None
            player.password_hash = hash_password("secret-pass-1")
    xfcc = XfccService(services.ctx, services.games, services.accounts, services.messages)
    request = MoveRequest(gameId=1, movecount=1, myMove="e4", myMessage="Good luck!")
    assert xfcc.make_a_move("t1p1", "secret-pass-1", request).name == "SUCCESS"
    assert told(services, ids["p2"]) == [
        ("move", {"player": "Player 1", "move": "e4", "fired": [], "message": "Good luck!"})
    ]
    # Xfcc shows it to the partner as before.
    [view] = xfcc.my_games("t1p2", "secret-pass-1")
    assert view.message == "Good luck!"


# ------------------------------------------------------------ event start


def test_the_start_tells_each_player_once_with_their_games(services: Services) -> None:
    ids = make_event(services, 3, keep_start=True)
    starts = [told(services, ids[p]) for p in ("p1", "p2", "p3")]
    assert [len(s) for s in starts] == [1, 1, 1]
    for player_starts in starts:
        (kind, params) = player_starts[0]
        assert kind == "event_started"
        assert (params["event"], params["code"], params["start"], params["games"]) == (
            "Event T1",
            "T1",
            "2026-05-10",
            2,
        )
        assert params["white"] == 1 and len(params["opponents"]) == 2
    assert sorted(starts[0][0][1]["opponents"]) == ["Player 2", "Player 3"]
    with pytest.raises(errors.EventStateError):
        services.events.start(Actor.operator(Door.CLI), "T1")
    assert [len(told(services, ids[p])) for p in ("p1", "p2", "p3")] == [1, 1, 1]
    # Even in a server event the start is mailed: each player's games, with links.
    starts_mailed = [m for m in outbox(services) if m.kind == "start"]
    assert sorted(m.to_address for m in starts_mailed) == sorted(
        f"t1p{i}@example.org" for i in (1, 2, 3)
    )
    assert all("/games/" in m.body and "Player" in m.body for m in starts_mailed)


def test_an_email_event_mails_the_start_with_each_game_to_answer(
    services: Services, clock: FixedClock
) -> None:
    ids = make_event(services, 2, mode="email", start_it=False)
    russian(services, ids["p2"])
    services.events.start(Actor.operator(Door.CLI), "T1")
    start_mail = [m for m in outbox(services) if m.kind == "start"]
    assert sorted(m.to_address for m in start_mail) == [WHITE, BLACK]
    english = next(m for m in start_mail if m.to_address == WHITE)
    russian_mail = next(m for m in start_mail if m.to_address == BLACK)
    assert "Event T1 has begun" in english.body and "Player 2" in english.body
    assert "началось" in russian_mail.body and "Player 1" in russian_mail.body
    with services.ctx.db.read() as s:
        from cc.store.models import Game

        game = s.get(Game, 1)
        assert game is not None
        assert thread(services.mail.subject(game, ids["p2"])) in thread(russian_mail.body)


# ----------------------------------------------------------------- cases


def test_a_withdrawal_scored_as_losses_tells_each_opponent_their_game(
    services: Services,
) -> None:
    ids = make_event(services, 3)
    arbiter = web(ids, "arb")
    case = services.cases.open_withdrawal(arbiter, "T1", "t1p1", "moving abroad")
    services.cases.decide(arbiter, case.id, "loss", "withdrew before any move")
    over = {p: told(services, ids[p], "game_over") for p in ("p1", "p2", "p3")}
    assert over["p1"] == []  # the decision names all their games
    for opponent in ("p2", "p3"):
        [(_, params)] = over[opponent]
        assert params["reason"] == "withdrawal" and params["case"] == case.id
        assert params["status"] == "finished"
        assert params["result"] in ("1-0", "0-1")
    # The game between the two others goes on, unannounced.
    with services.ctx.db.read() as s:
        told_games = {
            n.game_id
            for n in s.scalars(select(Notification).where(Notification.kind == "game_over"))
        }
    assert len(told_games) == 2


def test_a_time_claim_upheld_and_reversed_is_told_by_the_decisions_alone(
    services: Services, clock: FixedClock
) -> None:
    from tests.support.cases import overstepped, player
    from tests.support.days import at

    ids = overstepped(services, clock)  # 11 days: over the limit of 10
    at(clock, date(2026, 5, 22))
    case = services.cases.file_time_claim(player(ids, "p2"), 1, "White took 11 days")
    at(clock, date(2026, 6, 10))
    services.cases.decide(player(ids, "arb"), case.id, "upheld", "11 days > 10")
    assert services.queries.game(1).result == "0-1"
    services.cases.appeal(player(ids, "p1"), case.id, "dated wrong")
    services.cases.decide_appeal(player(ids, "ap1"), case.id, "rejected", "a day late")
    for p in ("p1", "p2"):
        # CASE_DECIDED and APPEAL_DECIDED say the game's result: no GAME_OVER too.
        assert told(services, ids[p], "game_over") == []
        assert [k for k, _ in told(services, ids[p], "case_decided", "appeal_decided")] == [
            "case_decided",
            "appeal_decided",
        ]
    # By mail, the appeal's article is the email event's own (56.1.10), not
    # the server play's (54.1.4).
    decisions = [m.body for m in outbox(services) if "(Art. 56.1.10)" in m.body]
    decisions += [m.body for m in outbox(services) if "(ст. 56.1.10)" in m.body]
    assert any("may appeal to the appeal arbiter" in b for b in decisions), decisions
    assert any("This decision is final (Art. 56.1.10)." in b for b in decisions), decisions
    assert not [m.body for m in outbox(services) if "54.1.4" in m.body]


# ------------------------------------------------------ mail, email events


@pytest.fixture
def email_game(services: Services, clock: FixedClock) -> dict[str, Any]:
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = make_event(services, 2, mode="email")
    russian(services, ids["p2"])
    return {"ids": ids, "subjects": game_subjects(services, ids["p1"], ids["p2"])}


def mailed(
    services: Services, clock: FixedClock, email_game: dict[str, Any], side: str, body: str
) -> str:
    """``side`` ("white" or "black") mails ``body`` in the email game; the outcome."""
    sender, subject = (WHITE if side == "white" else BLACK), email_game["subjects"][side]
    receipt = services.mail.receive(raw_mail(sender, subject, body), clock.now(), "test")
    return receipt.outcome  # type: ignore[no-any-return]


def test_a_draw_offered_by_email_reaches_the_partner_by_mail_once(
    services: Services, clock: FixedClock, email_game: dict[str, Any]
) -> None:
    s, ids = email_game["subjects"], email_game["ids"]
    assert mailed(services, clock, email_game, "white", "1. 5254") == "move"
    assert mailed(services, clock, email_game, "black", "1. 5254 5755") == "move"
    before = len(mails_to(services, BLACK))
    assert mailed(services, clock, email_game, "white", "I offer a draw.") == "offer_draw"
    [offer] = mails_to(services, BLACK)[before:]
    assert "Player 1 предлагает ничью в партии 1." in offer.body
    assert "принимаю ничью" in offer.body
    # Made on White's own turn: Black cannot answer it with a move.
    assert "ответьте ходом" not in offer.body
    assert "Ход по-прежнему за партнёром (Player 1)" in offer.body
    assert (
        thread(offer.subject) == thread(s["black"]) and "Турнир" in offer.body
    )  # the record, in Russian
    [confirmation] = mails_to(services, WHITE)[-1:]
    assert "offers a draw" in confirmation.body
    # Black declines by email: White is told once, in English.
    white_before = len(mails_to(services, WHITE))
    assert mailed(services, clock, email_game, "black", "Отклоняю ничью.") == "decline_draw"
    [declined] = mails_to(services, WHITE)[white_before:]
    assert "Player 2 declined the draw offer in game 1." in declined.body
    assert len(told(services, ids["p2"], "draw_offered")) == 1
    assert len(told(services, ids["p1"], "draw_declined")) == 1


def test_an_email_resignation_and_a_web_acceptance_are_mailed_in_the_partners_language(
    services: Services, clock: FixedClock, email_game: dict[str, Any]
) -> None:
    ids = email_game["ids"]
    assert mailed(services, clock, email_game, "white", "1. 5254") == "move"
    services.games.offer_draw(web(ids, "p2"), 1)
    before = len(mails_to(services, WHITE))
    services.games.accept_draw(web(ids, "p1"), 1)
    assert len(mails_to(services, WHITE)) == before  # the player who accepted knows
    [accepted] = [m for m in mails_to(services, BLACK) if "принято" in m.body]
    assert "Партия 1: Player 1 — ваше предложение ничьей принято" in accepted.body


def test_a_resignation_by_email_is_mailed_to_the_partner_once_in_russian(
    services: Services, clock: FixedClock, email_game: dict[str, Any]
) -> None:
    assert mailed(services, clock, email_game, "white", "1. 5254") == "move"
    before = len(mails_to(services, BLACK))
    assert mailed(services, clock, email_game, "white", "I resign.") == "resign"
    [resigned] = mails_to(services, BLACK)[before:]
    assert "Партия 1: Player 1 сдаёт партию. Результат 0-1." in resigned.body


def test_a_move_with_a_draw_offer_by_email_is_one_forward_saying_so(
    services: Services, clock: FixedClock, email_game: dict[str, Any]
) -> None:
    assert mailed(services, clock, email_game, "white", "1. 5254\nпредлагаю ничью") == "move"
    [forward] = mails_to(services, BLACK)
    assert forward.kind == "forward" and forward.ply == 1
    assert "Player 1: ход 1. e4 в партии 1; вместе с этим ходом предложена ничья" in forward.body
    assert "«принимаю ничью»" in forward.body
    # The form marks the move that carried the offer, and says what the mark means.
    assert "01.  5254 (=)" in forward.body
    assert "(=): с этим ходом предложена ничья" in forward.body
    [confirmation] = mails_to(services, WHITE)
    assert "With this move you offer a draw" in confirmation.body
    assert "01.  5254 (=)" in confirmation.body


def test_a_draw_offer_standing_when_its_player_moves_goes_with_the_move(
    services: Services, clock: FixedClock, email_game: dict[str, Any]
) -> None:
    ids = email_game["ids"]
    assert mailed(services, clock, email_game, "white", "1. 5254") == "move"
    assert mailed(services, clock, email_game, "black", "1. 5254 5755") == "move"
    services.games.offer_draw(web(ids, "p1"), 1)  # on the web, before the move
    before = len(mails_to(services, BLACK))
    services.games.submit_move(web(ids, "p1"), 1, "Nf3")
    [forward] = mails_to(services, BLACK)[before:]
    assert "вместе с этим ходом предложена ничья" in forward.body
    assert "02.  7163 (=)" in forward.body
    assert told(services, ids["p2"], "draw_offered")[-1] == (
        "draw_offered",
        {"player": "Player 1", "move": "Nf3"},
    )
    # Black plays on: the move declines it, and White is told so.
    assert mailed(services, clock, email_game, "black", "2. 7163 2836") == "move"
    assert told(services, ids["p1"], "move")[-1][1]["draw_declined"] is True
    [moved] = mails_to(services, WHITE)[-1:]
    assert "answered your draw offer with a move, so it is declined" in moved.body
    assert services.queries.game(1).draw_offer_by is None


def test_conditional_moves_fired_and_lapsed_are_said_in_the_owners_language(
    services: Services, clock: FixedClock, email_game: dict[str, Any]
) -> None:
    ids = email_game["ids"]
    play(services, ids, "e4", "e5")
    services.games.add_line(web(ids, "p2"), 1, "Nf3 Nc6")
    services.games.add_line(web(ids, "p2"), 1, "d4 exd4")
    services.games.submit_move(web(ids, "p1"), 1, "Nf3")
    forward = mails_to(services, BLACK)[-1]
    assert "сразу последовали условные ходы: 2. ... Nc6" in forward.body
    assert forward.ply is None  # the partner's own line answered (§10.3)
    services.games.add_line(web(ids, "p2"), 1, "Bb5 a6")
    services.games.submit_move(web(ids, "p1"), 1, "Bc4")
    [lapsed] = [m for m in mails_to(services, BLACK) if "не сыграны" in m.body]
    assert "ваши условные ходы Bb5 a6 не сыграны: партнёр сделал другой ход, Bc4" in lapsed.body
    english = [m for m in outbox(services) if "conditional" in m.body]
    assert english == []  # White had no lines


def test_a_decided_game_of_a_player_who_is_no_party_is_mailed(
    services: Services, clock: FixedClock
) -> None:
    ids = make_event(services, 3, mode="email")
    with services.ctx.db.write() as s:
        arb = s.get(Player, ids["arb"])
        assert arb is not None
        arb.emails.append(PlayerEmail(address="arb@example.org"))
    russian(services, ids["p3"])
    arbiter = web(ids, "arb")
    case = services.cases.open_withdrawal(arbiter, "T1", "t1p1")
    services.cases.decide(arbiter, case.id, "loss", "left the event")
    over = [m for m in mails_to(services, "t1p3@example.org") if "окончена" in m.body]
    assert len(over) == 1
    assert f"решением арбитра по делу {case.id}" in over[0].body


# ---------------------------------------------------------------- leaves


@pytest.fixture
def leave_event(services: Services, clock: FixedClock) -> dict[str, int]:
    """An email event of three: Player 1 plays Player 2 (Russian) and 3; the
    arbiter reads mail; everyone may sign in on the web."""
    from cc.accounts.hashing import hash_password

    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = make_event(services, 3, mode="email")
    russian(services, ids["p2"])
    with services.ctx.db.write() as s:
        arb = s.get(Player, ids["arb"])
        assert arb is not None
        arb.emails.append(PlayerEmail(address="arb@example.org"))
        for player in s.scalars(select(Player)):
            player.password_hash = hash_password("leave-pw")
    return ids


LEAVE = {"player": "Player 1", "first": "2026-06-01", "last": "2026-06-10"}
LEAVE_KINDS = ("leave_recorded", "leave_started", "leave_ended", "leave_withdrawn")


def test_a_leave_recorded_on_the_web_is_told_at_once_to_the_partners_and_the_arbiter(
    services: Services, clock: FixedClock, leave_event: dict[str, int]
) -> None:
    from tests.support.web import csrf_of, sign_in

    ids = leave_event
    c = sign_in(services, "t1p1", "leave-pw")
    csrf = csrf_of(c.get("/leave").text)
    c.post("/leave", data={"first_day": "2026-06-01", "last_day": "2026-06-10", "csrf_token": csrf})
    for who in ("p2", "p3", "arb"):
        assert told(services, ids[who]) == [("leave_recorded", LEAVE)], who
    assert told(services, ids["p1"]) == []  # the player knows
    [ru] = mails_to(services, "t1p2@example.org")
    assert "Player 1: объявлен перерыв с 2026-06-01 по 2026-06-10 (ст. 56.7.2)" in ru.body
    [en] = mails_to(services, "t1p3@example.org")
    assert "Player 1 has announced a leave from 2026-06-01 to 2026-06-10" in en.body
    [arbiter] = mails_to(services, "arb@example.org")
    assert "Player 1 has announced a leave" in arbiter.body
    # On the web, among the partner's notifications, in their language.
    page = sign_in(services, "t1p2", "leave-pw").get("/notifications").text
    assert "Player 1: объявлен перерыв с 2026-06-01 по 2026-06-10" in page
    # Once: the days before it begins tell nothing more; the first day tells it began.
    clock.set(datetime(2026, 5, 31, 9, 0, tzinfo=UTC))
    assert services.daily.run(date(2026, 5, 31)).leaves == []
    clock.set(datetime(2026, 6, 1, 9, 0, tzinfo=UTC))
    assert len(services.daily.run(date(2026, 6, 1)).leaves) == 1
    for who in ("p2", "p3", "arb"):
        assert told(services, ids[who], *LEAVE_KINDS) == [
            ("leave_recorded", LEAVE),
            ("leave_started", LEAVE),
        ], who
    assert len([m for m in mails_to(services, "t1p3@example.org") if "2026-06-10" in m.body]) == 2


def test_a_leave_granted_after_it_began_is_told_once_as_begun(
    services: Services, clock: FixedClock, leave_event: dict[str, int]
) -> None:
    ids = leave_event
    clock.set(datetime(2026, 5, 12, 9, 0, tzinfo=UTC))
    services.leaves.request(
        web(ids, "arb"), ids["p1"], date(2026, 5, 11), date(2026, 5, 14), grant=True
    )
    began = {"player": "Player 1", "first": "2026-05-11", "last": "2026-05-14"}
    for who in ("p2", "p3"):
        assert told(services, ids[who]) == [("leave_started", began)], who
    assert told(services, ids["arb"]) == []  # who granted it knows
    # The daily run of the same day does not tell it again.
    assert services.daily.run(date(2026, 5, 12)).leaves == []
    for who in ("p2", "p3"):
        assert told(services, ids[who], *LEAVE_KINDS) == [("leave_started", began)], who
    assert len([m for m in mails_to(services, "t1p3@example.org") if "2026-05-14" in m.body]) == 1


def test_a_leave_withdrawn_before_it_began_is_told_to_those_who_heard_of_it(
    services: Services, clock: FixedClock, leave_event: dict[str, int]
) -> None:
    ids = leave_event
    leave_id = services.leaves.request(
        web(ids, "p1"), ids["p1"], date(2026, 6, 1), date(2026, 6, 10)
    )
    services.leaves.end_early(web(ids, "p1"), leave_id)
    for who in ("p2", "p3", "arb"):
        assert [k for k, _ in told(services, ids[who])] == ["leave_recorded", "leave_withdrawn"]
    assert told(services, ids["p1"]) == []
    [_, withdrawn] = mails_to(services, "t1p2@example.org")
    assert "Player 1: объявленный перерыв с 2026-06-01 по 2026-06-10 отменён" in withdrawn.body
    clock.set(datetime(2026, 6, 1, 9, 0, tzinfo=UTC))
    assert services.daily.run(date(2026, 6, 1)).leaves == []
    for who in ("p2", "p3", "arb"):
        assert len(told(services, ids[who], *LEAVE_KINDS)) == 2


def test_the_digest_says_an_offer_with_its_move_and_a_leave_announced() -> None:
    from cc.kernel.notifications import DigestItem, Kind
    from mailgate.notice_lines import digest_line

    def line(kind: Kind, lang: str, **params: Any) -> str:
        return digest_line(lang, DigestItem(1, kind, 7, None, 3, params, datetime.now(UTC)))

    assert line(Kind.DRAW_OFFERED, "en", player="Anna", move="e4") == (
        "Game 7: Anna played e4 and offers a draw."
    )
    assert line(Kind.DRAW_OFFERED, "ru", player="Анна", move="e4") == (
        "Партия 7: ход e4 и предложение ничьей (Анна)."
    )
    assert line(Kind.LEAVE_RECORDED, "ru", **LEAVE) == (
        "Партия 7: объявлен перерыв с 2026-06-01 по 2026-06-10 (Player 1)."
    )
    assert line(Kind.LEAVE_WITHDRAWN, "en", **LEAVE) == (
        "Game 7: Player 1 has withdrawn the leave from 2026-06-01 to 2026-06-10."
    )


def test_accepting_words_beside_a_move_with_no_offer_leave_the_move_standing(
    services: Services, clock: FixedClock, email_game: dict[str, Any]
) -> None:
    assert mailed(services, clock, email_game, "white", "1. 5254") == "move"
    # No draw was offered: "Согласен." is courtesy, and the move is played.
    assert mailed(services, clock, email_game, "black", "1. 5254 5755\n\nСогласен.") == "move"
    assert [m.san for m in services.queries.game(1).moves] == ["e4", "e5"]
    # With White's offer open, the same words accept it.
    assert (
        mailed(services, clock, email_game, "white", "1... 5755 2. 7163\nI offer a draw") == "move"
    )
    assert mailed(services, clock, email_game, "black", "Согласен.") == "accept_draw"
    assert services.queries.game(1).result == "1/2-1/2"
