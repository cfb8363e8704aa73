"""Each game keeps its day ledger carried forward (spec §3), and it holds.

A move carries the mover's tally over in constant time: it reads neither
the game's moves nor its charges. A change to a past input of the ledger (a
leave granted after it began, 56.7.7; a charge, 56.4.8; a receipt corrected,
55.2.2) forgets the kept tallies, and the next reading counts them again.
Throughout, every carried ledger is compared with the full computation (the
suite's ``check_kept``), and here once more at the end of each step.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import event

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.clock.ledger import CLOCK_FIGURES, LedgerService
from cc.kernel.context import Actor
from cc.store.models import Game
from tests.support.events import OPERATOR, make_event


def noon(day: int, month: int = 5) -> datetime:
    return datetime(2026, month, day, 9, 0, tzinfo=UTC)


def kept(services: Services, game_id: int) -> dict[str, object] | None:
    with services.ctx.db.read() as session:
        game = session.get(Game, game_id)
        assert game is not None
        return game.ledger_state


def agree(services: Services, game_id: int) -> None:
    now = services.ctx.now()
    with services.ctx.db.read() as session:
        game = session.get(Game, game_id)
        assert game is not None
        carried = LedgerService.current(session, game, now)
        full = LedgerService.compute(session, game, now)
    for color in ("white", "black"):
        for name in CLOCK_FIGURES:
            assert getattr(getattr(carried, color), name) == getattr(getattr(full, color), name), (
                color,
                name,
            )


@pytest.fixture
def game(services: Services, clock: FixedClock) -> dict[str, int]:
    clock.set(noon(1))
    return make_event(services, 2, mode="email")


def test_a_move_carries_the_ledger_without_reading_the_game(
    services: Services, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock.set(noon(1))
    game = make_event(services, 2, mode="server")
    white, black = (Actor.player(game[p], Door.WEB) for p in ("p1", "p2"))
    for day, (who, text) in enumerate(
        [(white, "d4"), (black, "d5"), (white, "c4"), (black, "e6")], start=10
    ):
        clock.set(noon(day))
        services.games.submit_move(who, 1, text)
    state = kept(services, 1)
    assert state is not None and state["ply"] == 4
    statements: list[str] = []

    def seen(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        statements.append(" ".join(statement.split()).lower())

    monkeypatch.setattr(LedgerService, "check_kept", False)  # it reads the game
    engine = services.ctx.db.engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        clock.set(noon(16))
        services.games.submit_move(white, 1, "Nc3")
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    reads = [s for s in statements if s.startswith("select")]
    assert not [s for s in reads if " from moves" in s or " from time_charges" in s], reads
    state = kept(services, 1)
    assert state is not None and state["ply"] == 5
    white_tally = state["white"]
    assert isinstance(white_tally, dict) and white_tally["moves"] == 3
    # d4 on the start day costs 0, c4 a day, Nc3 on the 16th three days.
    assert white_tally["total"] == 4
    agree(services, 1)


def test_changes_to_past_inputs_forget_the_kept_ledger_and_it_is_counted_again(
    services: Services, clock: FixedClock, game: dict[str, int]
) -> None:
    white, black = (Actor.player(game[p], Door.EMAIL) for p in ("p1", "p2"))
    clock.set(noon(10))
    services.games.submit_move(white, 1, "e4")
    clock.set(noon(20))
    services.games.submit_move(black, 1, "e5")
    assert kept(services, 1) is not None
    # 56.7.7: the arbiter grants Black a leave that began before the move.
    services.leaves.request(OPERATOR, "t1p2", date(2026, 5, 12), date(2026, 5, 15), grant=True)
    agree(services, 1)
    clock.set(noon(22))
    services.games.submit_move(white, 1, "Nf3")
    agree(services, 1)
    # A penalty on Black's move being thought about, and a grace on White's last.
    services.ledgers.charge(OPERATOR, 1, as_player=game["p2"], reason="illegible move")
    agree(services, 1)
    services.ledgers.charge(
        OPERATOR, 1, as_player=game["p1"], kind="grace", days=2, reason="impossible move"
    )
    agree(services, 1)
    clock.set(noon(25))
    services.games.submit_move(black, 1, "Nc6")
    agree(services, 1)
    # 55.2.2: the arbiter corrects when White received e5.
    services.receipts.record_receipt(
        OPERATOR, 1, as_player=game["p1"], received="2026-05-21", move_number=2
    )
    agree(services, 1)
    clock.set(noon(28))
    services.games.submit_move(white, 1, "Bb5")
    agree(services, 1)
    with services.ctx.db.read() as session:
        game_row = session.get(Game, 1)
        assert game_row is not None
        ledger = LedgerService.compute(session, game_row, services.ctx.now())
    # Black: e5 cost 10 days less the 4 of leave, Nc6 3, the penalty 2 (email).
    assert (ledger.black.total, ledger.black.penalty_days) == (11, 2)
