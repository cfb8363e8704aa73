"""The move service: every door's moves, and every refusal storing nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import chess
import pytest
from sqlalchemy import event, func, select
from sqlalchemy import inspect as sa_inspect

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.clock.ledger import LedgerService
from cc.kernel.context import Actor
from cc.store.models import AuditEntry, DrawOffer, Game, Move
from tests.support.events import OPERATOR, make_event


def counts(services: Services) -> tuple[int, int, int]:
    with services.ctx.db.read() as s:
        return (
            s.scalar(select(func.count()).select_from(Move)) or 0,
            s.scalar(select(func.count()).select_from(AuditEntry)) or 0,
            s.scalar(select(func.count()).select_from(DrawOffer)) or 0,
        )


def game_row(services: Services, game_id: int = 1) -> tuple[str, int, str, str]:
    with services.ctx.db.read() as s:
        g = s.get(Game, game_id)
        assert g is not None
        return g.fen, g.ply_count, g.status.value, g.result.value


@pytest.fixture
def two(services: Services) -> dict[str, int]:
    """An event of two players: p1 White, p2 Black in game 1."""
    ids = make_event(services, 2)
    view = services.queries.game(1)
    assert (view.white, view.black) == ("t1p1", "t1p2")
    return ids


def white(ids: dict[str, int]) -> Actor:
    return Actor.player(ids["p1"], Door.WEB)


def black(ids: dict[str, int]) -> Actor:
    return Actor.player(ids["p2"], Door.API)


def play(services: Services, ids: dict[str, int], *moves: str) -> None:
    for i, text in enumerate(moves):
        services.games.submit_move(white(ids) if i % 2 == 0 else black(ids), 1, text)


# ------------------------------------------------------------------ moves


def test_a_move_is_recorded_with_its_instants_dates_door_and_audit(
    services: Services, two: dict[str, int], clock: FixedClock
) -> None:
    out = services.games.submit_move(white(two), 1, "e4")
    assert (out.ply, out.move_number, out.color, out.uci, out.san) == (1, 1, "white", "e2e4", "e4")
    assert out.already_applied is False
    clock.advance(days=2, hours=3)
    services.games.submit_move(black(two), 1, "c7c5")
    view = services.queries.game(1)
    first, second = view.moves
    # White received the position at the start (midnight of the start date, Moscow).
    assert first.received_at == datetime(2026, 5, 9, 21, 0, tzinfo=UTC)
    assert first.received_on == date(2026, 5, 10)
    assert first.sent_at == datetime(2026, 5, 11, 9, 0, tzinfo=UTC)
    assert first.sent_on == date(2026, 5, 11)
    assert first.door == "web"
    # Black received White's move when it was sent (the server delivers at once).
    assert second.received_at == first.sent_at
    assert second.sent_on == date(2026, 5, 13)
    assert (second.san, second.uci, second.door) == ("c5", "c7c5", "api")
    assert view.to_move == "t1p1" and view.move_number == 2
    with services.ctx.db.read() as s:
        actions = s.scalars(select(AuditEntry.action).order_by(AuditEntry.id)).all()
        assert actions[-2:] == ["move", "move"]
        last = s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
        assert last is not None
        assert (last.actor_id, last.door.value, last.game_id) == (two["p2"], "api", 1)
        assert last.details["uci"] == "c7c5"


def test_dates_are_calendar_dates_in_the_event_time_zone(
    services: Services, two: dict[str, int], clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 11, 22, 30, tzinfo=UTC))  # 01:30 on 12 May in Moscow
    services.games.submit_move(white(two), 1, "d4")
    assert services.queries.game(1).moves[0].sent_on == date(2026, 5, 12)


@pytest.mark.parametrize(
    ("text", "error", "kind"),
    [
        ("e5", errors.ImpossibleMove, "impossible_move"),
        ("Ke2", errors.ImpossibleMove, "impossible_move"),
        ("e2e5", errors.ImpossibleMove, "impossible_move"),
        ("hello", errors.IllegibleMove, "illegible_move"),
        ("", errors.IllegibleMove, "illegible_move"),
        ("any move", errors.IllegibleMove, "illegible_move"),
    ],
)
def test_bad_moves_are_refused_naming_the_input_and_storing_nothing(
    services: Services, two: dict[str, int], text: str, error: type, kind: str
) -> None:
    before = counts(services), game_row(services)
    with pytest.raises(error) as info:
        services.games.submit_move(white(two), 1, text)
    assert info.value.code == kind
    assert info.value.params["text"] == text.strip()
    assert "game 1" in info.value.message("en")
    assert "партии 1" in info.value.message("ru")
    assert (counts(services), game_row(services)) == before


def test_an_ambiguous_move_is_refused_as_ambiguous(services: Services, two: dict[str, int]) -> None:
    # Knights on b1 and f3 can both reach d2 once d-pawn and e-pawn have moved.
    play(services, two, "Nf3", "d5", "d3", "e5")
    before = counts(services)
    with pytest.raises(errors.AmbiguousMove) as info:
        services.games.submit_move(white(two), 1, "Nd2")
    assert info.value.params["fen"] == chess.Board(services.queries.game(1).fen).fen()
    assert counts(services) == before
    out = services.games.submit_move(white(two), 1, "Nbd2")
    assert out.san == "Nbd2"


def test_out_of_turn_is_refused_and_stores_nothing(services: Services, two: dict[str, int]) -> None:
    before = counts(services)
    with pytest.raises(errors.NotYourTurn) as info:
        services.games.submit_move(black(two), 1, "e5")
    assert info.value.params["to_move"] == "t1p1"
    assert "t1p1" in info.value.message("ru")
    assert counts(services) == before


def test_a_player_cannot_move_in_someone_elses_game(services: Services) -> None:
    ids = make_event(services, 4)
    # Game 1 (round 1, board 1) is 1-4; player 2 is not in it.
    before = counts(services)
    with pytest.raises(errors.NotYourGame):
        services.games.submit_move(Actor.player(ids["p2"], Door.WEB), 1, "e4")
    with pytest.raises(errors.NotYourGame):
        services.games.submit_move(OPERATOR, 1, "e4", as_player=ids["p2"])
    assert counts(services) == before


def test_a_player_cannot_act_for_another_player(services: Services, two: dict[str, int]) -> None:
    before = counts(services)
    with pytest.raises(errors.NotPermitted):
        services.games.submit_move(black(two), 1, "e4", as_player=two["p1"])
    with pytest.raises(errors.NotPermitted):
        services.games.resign(black(two), 1, as_player=two["p1"])
    assert counts(services) == before


def test_an_unknown_game_is_refused(services: Services, two: dict[str, int]) -> None:
    with pytest.raises(errors.NotFound) as info:
        services.games.submit_move(white(two), 999, "e4")
    assert info.value.message("ru") == "Партия 999 не найдена."


def test_no_move_before_the_official_start(services: Services, clock: FixedClock) -> None:
    ids = make_event(services, 2, start=date(2026, 5, 20))
    before = counts(services)
    with pytest.raises(errors.EventNotStarted) as info:
        services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    assert "2026-05-20" in info.value.message("en") and "54.4.4" in info.value.message("en")
    assert counts(services) == before
    # On the start day itself (Moscow time) the move is taken.
    clock.set(datetime(2026, 5, 19, 21, 30, tzinfo=UTC))
    assert services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4").ply == 1
    clock.set(datetime(2026, 5, 10, 9, 0, tzinfo=UTC))
    email = make_event(services, 2, code="E1", mode="email", start=date(2026, 5, 20))
    with pytest.raises(errors.EventNotStarted) as info:
        services.games.submit_move(Actor.player(email["p1"], Door.WEB), 2, "e4")
    assert "(ст. 56.4.5)" in info.value.message("ru")  # an email event's own article


def test_no_move_in_an_event_not_yet_started(services: Services) -> None:
    make_event(services, 2, start_it=False)
    with pytest.raises(errors.NotFound):  # no games exist before the start
        services.games.submit_move(OPERATOR, 1, "e4", as_player=2)


# ----------------------------------------------------- exactly once, retries


def test_a_move_sent_twice_with_its_number_is_applied_once(
    services: Services, two: dict[str, int]
) -> None:
    first = services.games.submit_move(white(two), 1, "e4", move_number=1)
    before = counts(services), game_row(services)
    again = services.games.submit_move(white(two), 1, "e2e4", move_number=1)
    assert (first.already_applied, again.already_applied) == (False, True)
    assert (again.ply, again.uci, again.sent_at) == (1, "e2e4", first.sent_at)
    assert (counts(services), game_row(services)) == before


def test_a_retry_after_the_partner_replied_is_still_already_applied(
    services: Services, two: dict[str, int]
) -> None:
    services.games.submit_move(white(two), 1, "e4", move_number=1)
    services.games.submit_move(black(two), 1, "e5", move_number=1)
    again = services.games.submit_move(white(two), 1, "e4", move_number=1)
    assert again.already_applied and again.ply == 1
    assert services.queries.game(1).ply_count == 2


def test_a_different_move_under_a_recorded_number_is_refused(
    services: Services, two: dict[str, int]
) -> None:
    services.games.submit_move(white(two), 1, "e4", move_number=1)
    before = counts(services)
    with pytest.raises(errors.AlreadyAppliedDifferently) as info:
        services.games.submit_move(white(two), 1, "d4", move_number=1)
    assert info.value.params["san"] == "e4" and "54.3.2" in info.value.message("en")
    assert counts(services) == before


def test_a_move_number_ahead_of_the_game_is_refused(
    services: Services, two: dict[str, int]
) -> None:
    with pytest.raises(errors.MoveNumberMismatch) as info:
        services.games.submit_move(white(two), 1, "e4", move_number=3)
    assert (info.value.params["sent"], info.value.params["expected"]) == (3, 1)
    with pytest.raises(errors.NotYourTurn):
        services.games.submit_move(black(two), 1, "e5", move_number=1)
    assert counts(services)[0] == 0


# ------------------------------------------------------------- game endings


def test_checkmate_ends_the_game_and_later_moves_are_refused(
    services: Services, two: dict[str, int]
) -> None:
    play(services, two, "f3", "e5", "g4")
    out = services.games.submit_move(black(two), 1, "Qh4#")
    assert (out.status.value, out.result.value, out.result_reason.value) == (
        "finished",
        "0-1",
        "checkmate",
    )
    before = counts(services)
    with pytest.raises(errors.GameOver) as info:
        services.games.submit_move(white(two), 1, "Kf2")
    assert "0-1" in info.value.message("en")
    with pytest.raises(errors.GameOver):
        services.games.resign(white(two), 1)
    assert counts(services) == before


def test_stalemate_is_a_draw(services: Services, two: dict[str, int]) -> None:
    # Sam Loyd's ten-move stalemate.
    play(
        services,
        two,
        "e3",
        "a5",
        "Qh5",
        "Ra6",
        "Qxa5",
        "h5",
        "h4",
        "Rah6",
        "Qxc7",
        "f6",
        "Qxd7+",
        "Kf7",
        "Qxb7",
        "Qd3",
        "Qxb8",
        "Qh7",
        "Qxc8",
        "Kg6",
    )
    out = services.games.submit_move(white(two), 1, "Qe6")
    assert (out.result.value, out.result_reason.value) == ("1/2-1/2", "stalemate")


def test_insufficient_material_is_a_draw(services: Services, clock: FixedClock) -> None:
    ids = make_event(services, 2)
    with services.ctx.db.write() as s:
        g = s.get(Game, 1)
        assert g is not None
        g.fen = "8/8/8/4k3/8/8/3pK3/8 w - - 0 60"
        g.repetition = [chess.Board(g.fen).epd(en_passant="legal")]
    out = services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "Kxd2")
    assert (out.result.value, out.result_reason.value) == ("1/2-1/2", "insufficient_material")


KNIGHT_DANCE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def test_threefold_repetition_claim(services: Services, two: dict[str, int]) -> None:
    play(services, two, *KNIGHT_DANCE)  # start position occurs a second time
    before = counts(services)
    with pytest.raises(errors.DrawClaimInvalid) as info:
        services.games.claim_draw(white(two), 1)
    assert info.value.params["repetitions"] == 2
    assert counts(services) == before
    play(services, two, *KNIGHT_DANCE[:2])
    # Black claims with the move that makes the third occurrence; it is recorded.
    with pytest.raises(errors.NotYourTurn):  # only the player to move may claim
        services.games.claim_draw(black(two), 1, text="Ng8")
    with pytest.raises(errors.DrawClaimInvalid):  # this position occurs only twice
        services.games.claim_draw(white(two), 1, text="Ng1")
    services.games.submit_move(white(two), 1, "Ng1")
    out = services.games.claim_draw(black(two), 1, text="Ng8")
    assert (out.result.value, out.result_reason.value) == ("1/2-1/2", "threefold_repetition")
    assert [m.san for m in services.queries.game(1).moves][-1] == "Ng8"


def test_threefold_counts_positions_not_moves_and_resets_on_pawn_moves(
    services: Services, two: dict[str, int]
) -> None:
    play(services, two, *KNIGHT_DANCE, "e4", "e5", *KNIGHT_DANCE)
    with pytest.raises(errors.DrawClaimInvalid) as info:
        services.games.claim_draw(white(two), 1)
    assert info.value.params["repetitions"] == 2


def test_fifty_move_claim(services: Services, two: dict[str, int]) -> None:
    with services.ctx.db.write() as s:
        g = s.get(Game, 1)
        assert g is not None
        g.fen = "8/8/8/4k3/8/8/R3K3/7r w - - 99 80"
        g.repetition = [chess.Board(g.fen).epd(en_passant="legal")]
    with pytest.raises(errors.DrawClaimInvalid):
        services.games.claim_draw(white(two), 1)
    out = services.games.claim_draw(white(two), 1, text="Ra3")
    assert out.result_reason is not None and out.result_reason.value == "fifty_moves"


def test_fivefold_repetition_ends_the_game_without_a_claim(
    services: Services, two: dict[str, int]
) -> None:
    play(services, two, *(KNIGHT_DANCE * 3), "Nf3", "Nf6", "Ng1")
    out = services.games.submit_move(black(two), 1, "Ng8")
    assert out.result_reason is not None and out.result_reason.value == "fivefold_repetition"


# ------------------------------------------------------ draws and resignation


def test_draw_offer_accepted(services: Services, two: dict[str, int]) -> None:
    services.games.submit_move(white(two), 1, "e4", offer_draw=True)
    assert services.queries.game(1).draw_offer_by == "t1p1"
    with pytest.raises(errors.NoDrawOffer):
        services.games.accept_draw(white(two), 1)  # one's own offer
    out = services.games.accept_draw(black(two), 1)
    assert (out.result.value, out.result_reason.value) == ("1/2-1/2", "agreed_draw")


def test_a_reply_move_declines_the_offer(services: Services, two: dict[str, int]) -> None:
    services.games.submit_move(white(two), 1, "e4", offer_draw=True)
    services.games.submit_move(black(two), 1, "e5")
    assert services.queries.game(1).draw_offer_by is None
    with pytest.raises(errors.NoDrawOffer):
        services.games.accept_draw(black(two), 1)


def test_draw_offer_declined_and_repeated(services: Services, two: dict[str, int]) -> None:
    services.games.offer_draw(black(two), 1)
    with pytest.raises(errors.DrawOfferOpen):
        services.games.offer_draw(black(two), 1)
    services.games.decline_draw(white(two), 1)
    with pytest.raises(errors.NoDrawOffer):
        services.games.decline_draw(white(two), 1)
    services.games.offer_draw(black(two), 1)
    # Offering back while the partner's offer is open is agreement.
    out = services.games.offer_draw(white(two), 1)
    assert out.result_reason is not None and out.result_reason.value == "agreed_draw"


def test_resignation(services: Services, two: dict[str, int]) -> None:
    services.games.offer_draw(white(two), 1)
    out = services.games.resign(black(two), 1)
    assert (out.result.value, out.result_reason.value) == ("1-0", "resignation")
    with services.ctx.db.read() as s:
        assert s.scalars(select(DrawOffer.status)).all() == ["lapsed"]


# ---------------------------------------------------- arbiter-entered moves


def test_the_arbiter_enters_a_posted_move_with_its_real_instant(
    services: Services, two: dict[str, int], clock: FixedClock
) -> None:
    arbiter = Actor.player(two["arb"], Door.POST)
    sent = datetime(2026, 5, 10, 15, 0, tzinfo=UTC)
    out = services.games.submit_move(
        arbiter, 1, "d4", as_player=two["p1"], sent_at=sent, stated_sent_on=date(2026, 5, 9)
    )
    assert out.sent_at == sent
    move = services.queries.game(1).moves[0]
    assert (move.sent_on, move.stated_sent_on, move.door) == (
        date(2026, 5, 10),
        date(2026, 5, 9),
        "post",
    )
    with services.ctx.db.read() as s:
        row = s.scalar(select(Move))
        assert row is not None and row.entered_by_id == two["arb"]
        entry = s.scalars(select(AuditEntry).where(AuditEntry.action == "move")).one()
        assert entry.details["backdated"] is True and entry.actor_id == two["arb"]


def test_only_officials_may_date_a_move_and_never_into_the_future(
    services: Services, two: dict[str, int], clock: FixedClock
) -> None:
    sent = clock.now() - timedelta(hours=1)
    with pytest.raises(errors.NotPermitted):
        services.games.submit_move(white(two), 1, "e4", sent_at=sent)
    with pytest.raises(errors.BadTime):
        services.games.submit_move(
            OPERATOR, 1, "e4", as_player=two["p1"], sent_at=clock.now() + timedelta(minutes=1)
        )
    with pytest.raises(errors.BadTime):  # before the player had the position
        services.games.submit_move(
            OPERATOR, 1, "e4", as_player=two["p1"], sent_at=datetime(2026, 5, 9, 12, tzinfo=UTC)
        )
    other = make_event(services, 2, code="T2")
    with pytest.raises(errors.NotPermitted):  # an arbiter of another event
        services.games.submit_move(
            Actor.player(other["arb"], Door.WEB), 1, "e4", as_player=two["p1"]
        )
    assert counts(services)[0] == 0


def test_every_notation_reaches_the_move_service(services: Services, two: dict[str, int]) -> None:
    play(services, two, "5254", "e7-e5", "Кf3", "Nb8-c6", "Сb5", "a7a6", "0-0")
    assert [m.uci for m in services.queries.game(1).moves] == [
        "e2e4",
        "e7e5",
        "g1f3",
        "b8c6",
        "f1b5",
        "a7a6",
        "e1g1",
    ]
    with pytest.raises(errors.ImpossibleMove) as info:
        services.games.submit_move(black(two), 1, "1234")
    assert info.value.message("ru").startswith("'1234' — невозможный ход")


def test_no_move_on_the_days_of_ones_own_leave(
    services: Services, clock: FixedClock, two: dict[str, int]
) -> None:
    """56.7.4: the leave's first and last day take no move of the player on leave,
    by any door and whoever enters it; the day before and the day after do."""
    services.leaves.request(white(two), two["p1"], date(2026, 5, 13), date(2026, 5, 15))
    clock.set(datetime(2026, 5, 12, 20, 0, tzinfo=UTC))  # 12 May, 23:00 in Moscow
    play(services, two, "e4", "e5")
    for day in (13, 15):
        clock.set(datetime(2026, 5, day, 9, 0, tzinfo=UTC))
        with pytest.raises(errors.OnLeave, match="on leave from 2026-05-13 to 2026-05-15"):
            services.games.submit_move(white(two), 1, "Nf3")
        with pytest.raises(errors.OnLeave):  # the send step says so first
            services.games.preview_move(white(two), 1, "Nf3")
        with pytest.raises(errors.OnLeave):  # nor does the console enter one for them
            services.games.submit_move(OPERATOR, 1, "Nf3", as_player=two["p1"])
        assert counts(services)[0] == 2
    # A move the arbiter dates on the day before the leave is recorded.
    services.games.submit_move(
        OPERATOR, 1, "Nf3", as_player=two["p1"], sent_at=datetime(2026, 5, 12, 20, tzinfo=UTC)
    )
    services.games.submit_move(black(two), 1, "Nc6")  # the partner plays on
    clock.set(datetime(2026, 5, 15, 21, 0, tzinfo=UTC))  # 16 May, 0:00 in Moscow
    services.games.submit_move(white(two), 1, "Bb5")
    assert [m.san for m in services.queries.game(1).moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5"]


# ------------------------------------------------------- what a move reads


def _separate_reads(services: Services, run: Callable[[], object]) -> set[str]:
    """The tables read by statements of their own while ``run`` runs (the
    game's own statement asks of leaves, offers and lines inside it)."""
    tables: set[str] = set()

    def seen(_c: object, _cur: object, statement: str, *_: object) -> None:
        head = " ".join(statement.split())
        if head.startswith("SELECT") and not head.startswith("SELECT games."):
            for table in ("player_leaves", "draw_offers", "conditional_lines"):
                if f"FROM {table}" in head:
                    tables.add(table)

    engine = services.ctx.db.write_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        run()
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    return tables


def test_a_move_looks_up_leaves_offers_and_lines_only_where_there_are_any(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 10, 12, tzinfo=UTC))
    ids = make_event(services, 2)
    clock.set(datetime(2026, 5, 12, 12, tzinfo=UTC))
    first = _separate_reads(services, lambda: play(services, ids, "e4"))
    assert first == set()
    # Black took a leave (granted at once, 56.7) over days the move crossed;
    # White then offers a draw with a line ready.
    services.leaves.request(
        Actor.player(ids["p2"], Door.WEB), "t1p2", date(2026, 5, 20), date(2026, 5, 24)
    )
    clock.set(datetime(2026, 5, 28, 12, tzinfo=UTC))
    second = _separate_reads(services, lambda: services.games.submit_move(black(ids), 1, "e5"))
    assert second == {"player_leaves"}
    clock.set(datetime(2026, 5, 29, 12, tzinfo=UTC))
    services.games.submit_move(white(ids), 1, "Nf3", offer_draw=True, conditional="Nc6 Bb5")
    third = _separate_reads(services, lambda: services.games.submit_move(black(ids), 1, "Nc6"))
    assert third == {"player_leaves", "draw_offers", "conditional_lines"}
    # The line fired, and Black's leave was counted as a ledger read afresh
    # counts it: 16 days less 5 of leave.
    assert services.queries.game(1).ply_count == 5
    assert services.ledgers.schedule(1).clocks["black"].total == 11
    # (The suite compares every carried ledger with the full count.)
    with services.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        kept = game.next_deadline
        LedgerService.refresh_deadline(s, game, clock.now())
        assert game.next_deadline == kept


def test_a_leave_added_after_the_move_read_none_is_counted_all_the_same(
    services: Services, clock: FixedClock
) -> None:
    """The game statement found no leave, so the ledger reads none (56.7);
    a leave recorded later in the same transaction is counted."""
    from cc.base.kinds import LeaveStatus
    from cc.clock.ledger_inputs import all_leaves
    from cc.games.open_items import game_for_move
    from cc.store.models import PlayerLeave

    clock.set(datetime(2026, 5, 10, 12, tzinfo=UTC))
    ids = make_event(services, 2)
    with services.ctx.db.write() as session:
        game, may = game_for_move(session, 1, date(2026, 5, 12))
        assert not may.any_leave
        assert all_leaves(session, game)[ids["p2"]] == []  # from the memo
        session.add(
            PlayerLeave(
                player_id=ids["p2"],
                first_day=date(2026, 5, 20),
                last_day=date(2026, 5, 24),
                status=LeaveStatus.ACTIVE,
                requested_at=clock.now(),
            )
        )
        session.flush()
        (leave,) = all_leaves(session, game)[ids["p2"]]
        assert (leave.first_day, leave.last_day) == (date(2026, 5, 20), date(2026, 5, 24))


def test_the_game_a_move_reads_is_the_sessions_own_loaded_object(
    services: Services, clock: FixedClock
) -> None:
    """Read by one Core statement (cc.store.loads), the game, its
    event and players are what the ORM's load makes: the session's
    persistent objects, unchanged, with the game's references set, read
    again by nothing, and changed and flushed as any loaded object is."""
    from sqlalchemy.orm import Session, object_session

    from cc.games.open_items import game_for_move
    from cc.store.models import Event, Player

    clock.set(datetime(2026, 5, 10, 12, tzinfo=UTC))
    ids = make_event(services, 2)
    engine = services.ctx.db.write_engine
    statements: list[str] = []

    def seen(_c: object, _cur: object, statement: str, *_: object) -> None:
        statements.append(statement.split()[0])

    event.listen(engine, "before_cursor_execute", seen)
    try:
        with services.ctx.db.write() as session:
            game, _ = game_for_move(session, 1, date(2026, 5, 12))
            assert statements == ["BEGIN", "SELECT"] or statements == ["SELECT"]
            assert object_session(game) is session and not session.dirty
            assert sa_inspect(game).persistent and not sa_inspect(game).modified
            held = session.get(Event, game.event_id), session.get(Player, ids["p1"])
            assert held == (game.event, game.white) and game.black.id == ids["p2"]
            assert game.event.code == "T1" and game.ply_count == 0 and len(game.repetition) == 1
            assert session.get(type(game), 1) is game
            assert game_for_move(session, 1, date(2026, 5, 12))[0] is game
            count = len(statements)
            game.white.name = "Renamed"
            assert list(session.dirty) == [game.white]
            session.flush()
            assert statements[count:] == ["UPDATE"]
        with Session(engine) as fresh:
            player = fresh.get(Player, ids["p1"])
            assert player is not None and player.name == "Renamed"
    finally:
        event.remove(engine, "before_cursor_execute", seen)


def test_a_move_writes_its_game_with_one_update_and_no_flush(
    services: Services, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's row is the only change the session holds after a plain
    move: written by one UPDATE, the unit of work never runs; a move that
    adds rows of its own (a draw offer) is flushed as before. Either way a
    fresh read holds every change."""
    from sqlalchemy.orm import Session

    clock.set(datetime(2026, 5, 10, 12, tzinfo=UTC))
    ids = make_event(services, 2)
    clock.set(datetime(2026, 5, 12, 12, tzinfo=UTC))
    flushes: list[int] = []
    updates: list[str] = []

    def flushing(session: Session, *_: object) -> None:
        flushes.append(len(session.dirty) + len(session.new))

    def seen(_c: object, _cur: object, statement: str, *_: object) -> None:
        if statement.startswith("UPDATE games"):
            updates.append(statement)

    # The suite's full count beside each carried ledger reads, and so flushes.
    monkeypatch.setattr(LedgerService, "check_kept", False)
    engine = services.ctx.db.write_engine
    event.listen(Session, "before_flush", flushing)
    event.listen(engine, "before_cursor_execute", seen)
    try:
        play(services, ids, "e4")
        assert (flushes, len(updates)) == ([], 1)
        assert "fen=" in updates[0] and "ply_count=" in updates[0]
        services.games.submit_move(black(ids), 1, "e5", offer_draw=True)
        assert flushes and len(updates) == 2
    finally:
        event.remove(Session, "before_flush", flushing)
        event.remove(engine, "before_cursor_execute", seen)
    with services.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        assert (game.ply_count, game.repetition[-1].split()[0]) == (
            2,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
        )
        assert game.fen.endswith(" w KQkq - 0 2")
        assert game.ledger_state is not None and game.ledger_state["ply"] == 2
        assert s.scalar(select(func.count()).select_from(DrawOffer)) == 1
    services.games.submit_move(white(ids), 1, "Nf3")
    assert services.queries.game(1).ply_count == 3


def test_a_move_rolled_back_with_its_savepoint_leaves_the_game_as_stored(
    services: Services, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inside another transaction (the email gateway's batch) a move runs
    in a savepoint; rolling back the part that holds it leaves the game in
    the session as the database has it, and the batch goes on."""
    # The suite's full count beside each carried ledger reads, and so flushes.
    monkeypatch.setattr(LedgerService, "check_kept", False)
    clock.set(datetime(2026, 5, 10, 12, tzinfo=UTC))
    ids = make_event(services, 2)
    clock.set(datetime(2026, 5, 12, 12, tzinfo=UTC))
    with services.ctx.db.write() as outer:
        services.games.submit_move(white(ids), 1, "e4")
        # The batch holds the game, as the gateway holds a message's game.
        game = outer.get(Game, 1)
        assert game is not None
        with pytest.raises(RuntimeError), services.ctx.db.write():
            services.games.submit_move(black(ids), 1, "e5")
            raise RuntimeError("the message's answer failed")
        assert game.ply_count == 1
        assert game.fen.split()[1] == "b"
        services.games.submit_move(black(ids), 1, "c5")
    with services.ctx.db.read() as s:
        assert list(s.scalars(select(Move.san).where(Move.game_id == 1).order_by(Move.ply))) == [
            "e4",
            "c5",
        ]
