"""What the public sees of a game, and the player's table, on both databases.

The event's regulations decide how a game being played shows to anyone but
its players and its event's officials: by default not at all until it ends;
with ICCF's delay, as it stood N moves ago, its result, state, clocks and
draw offers hidden until it ends. The player's own list says which games
await their move (the header's count, from the same cheap read every page
makes), the offers waiting for an answer, the oversteps they may claim, the
partner's last move, and the finished games with their outcome.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.games.state import StateKind
from cc.store.models import Event
from cc.views.my_games import next_to_move
from tests.support.events import OPERATOR
from tests.support.public_games import play, setup_event, sides, who

# ------------------------------------------------------------------ the public


def test_by_default_a_game_is_public_once_it_ends(services: Services) -> None:
    ids = setup_event(services)
    white, black, other = sides(services, ids, 1)
    play(services, ids, 1, "e4", "e5")
    for insider in (white, black, "arb", "apl", "adm"):
        view = services.queries.game_for(who(ids, insider), 1)
        assert view.ply_count == 2 and view.moves_behind is None, insider
        services.ledgers.schedule_for(who(ids, insider), 1)
    assert services.queries.game_for(OPERATOR, 1).ply_count == 2
    # A player of the same event is the public too, as is a visitor.
    for outsider in (who(ids, other), None):
        with pytest.raises(errors.GameNotPublic) as refused:
            services.queries.game_for(outsider, 1)
        with pytest.raises(errors.GameNotPublic):
            services.queries.pgn_for(outsider, 1)
        with pytest.raises(errors.GameNotPublic):
            services.game_state.state(outsider, 1)
        with pytest.raises(errors.GameNotPublic):
            services.ledgers.schedule_for(outsider, 1)
    assert "once they end" in refused.value.message("en")
    assert "после их окончания" in refused.value.message("ru")
    # Not found is another answer than not visible.
    with pytest.raises(errors.NotFound):
        services.queries.game_for(None, 999)

    services.games.resign(who(ids, black), 1)
    for outsider in (who(ids, other), None):
        view = services.queries.game_for(outsider, 1)
        assert (view.result, view.ply_count, view.moves_behind) == ("1-0", 2, None)
        state = services.game_state.state(outsider, 1)
        assert state.kind == StateKind.FINISHED and state.reason == "resignation"
        assert not state.can_move
        pgn = services.queries.pgn_for(outsider, 1)
        assert "1. e4 {" in pgn and "1... e5 {" in pgn and '[Result "1-0"]' in pgn
        assert services.ledgers.schedule_for(outsider, 1).result == "1-0"


def test_n_moves_behind_shows_the_game_as_it_stood(services: Services) -> None:
    ids = setup_event(services, behind=1)
    white, black, other = sides(services, ids, 1)
    play(services, ids, 1, "e4", "e5", "Nf3")
    services.games.offer_draw(who(ids, black), 1)
    for outsider in (who(ids, other), None):
        view = services.queries.game_for(outsider, 1)
        # Three plies made, one move (two plies) held back.
        assert [m.san for m in view.moves] == ["e4"]
        assert view.ply_count == 1 and view.moves_behind == 1
        assert view.fen.startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")
        assert view.to_move == view.black and view.move_number == 1
        assert (view.status, view.result, view.draw_offer_by) == ("ongoing", "*", None)
        state = services.game_state.state(outsider, 1)
        assert state.kind == StateKind.PUBLIC and state.moves_behind == 1
        assert state.days_left is None and not state.can_move
        pgn = services.queries.pgn_for(outsider, 1)
        assert "1. e4 {" in pgn and "e5" not in pgn and '[Result "*"]' in pgn
        assert pgn.endswith("} *") and "Termination" not in pgn
        with pytest.raises(errors.GameNotPublic):
            services.ledgers.schedule_for(outsider, 1)
    # The players and the officials see it as it is.
    insider = services.queries.game_for(who(ids, "arb"), 1)
    assert insider.ply_count == 3 and insider.draw_offer_by is not None
    # Fewer moves than the delay: the starting position.
    play(services, ids, 2, "d4")
    assert services.queries.game_for(None, 2).moves == []
    # Once it ends, all of it, and the result.
    services.games.resign(who(ids, white), 1)
    view = services.queries.game_for(None, 1)
    assert (view.ply_count, view.result, view.moves_behind) == (3, "0-1", None)


def test_no_delay_shows_the_record_as_played_but_not_the_state(services: Services) -> None:
    ids = setup_event(services, behind=0)
    play(services, ids, 1, "e4", "e5", "Nf3")
    view = services.queries.game_for(None, 1)
    assert view.ply_count == 3 and view.moves_behind == 0 and view.result == "*"
    assert services.game_state.state(None, 1).kind == StateKind.PUBLIC


def test_a_game_awaiting_adjudication_is_not_public_yet(services: Services) -> None:
    ids = setup_event(services)
    from cc.base.kinds import GameStatus
    from cc.store.models import Game

    with services.ctx.db.write() as session:
        game = session.get(Game, 1)
        assert game is not None
        game.status = GameStatus.ADJUDICATION
    with pytest.raises(errors.GameNotPublic):
        services.queries.game_for(None, 1)
    assert services.queries.game_for(who(ids, "arb"), 1).status == "adjudication"


def test_the_regulation_is_checked_and_shown(services: Services) -> None:
    with pytest.raises(errors.InvalidInput, match="public_moves_behind cannot be negative"):
        setup_event(services, behind=-1, start_it=False)
    setup_event(services, behind=5, code="P2", start_it=False)
    assert services.queries.event("P2").regulations["public_moves_behind"] == 5
    with services.ctx.db.read() as session:
        event = session.query(Event).filter_by(code="P2").one()
        assert event.regulations.public_moves_behind == 5


def test_public_events_leave_drafts_out_and_hide_results_until_the_end(
    services: Services,
) -> None:
    ids = setup_event(services)
    setup_event(services, code="P2", start_it=False)
    assert [e.code for e in services.queries.public_events()] == ["P1"]
    with pytest.raises(errors.NotFound):
        services.queries.public_event("P2")
    _white, black, _ = sides(services, ids, 1)
    play(services, ids, 1, "e4")
    services.games.resign(who(ids, black), 1)
    event, games = services.queries.public_event("P1")
    assert event.code == "P1"
    done = {g.id: (g.ended, g.result, g.result_reason) for g in games}
    assert done[1] == (True, "1-0", "resignation")
    assert all(v == (False, "*", None) for k, v in done.items() if k != 1)


def test_each_crosstable_cell_knows_its_game(services: Services) -> None:
    ids = setup_event(services)
    (section,) = services.standings.event("P1")
    view = services.queries.game(1)
    assert section.game_of(view.white, view.black, 0) == 1
    assert section.game_of(view.black, view.white, 0) == 1
    assert section.game_of(view.white, view.black, 1) is None
    row = next(r for r in section.as_dict()["rows"] if r["player"] == view.white)  # type: ignore[attr-defined]
    assert row["games"][view.black] == [1]
    assert ids


# ------------------------------------------------------------ the player's table


def test_the_waiting_count_is_the_lists_and_follows_the_games(
    services: Services, clock: FixedClock
) -> None:
    ids = setup_event(services, players=4)
    me = ids["p1"]

    def count() -> int:
        return services.centre.pulse(me).to_move

    def waiting() -> list[int]:
        return [r.id for r in services.queries.my_games(me) if r.waiting]

    rows = services.queries.my_games(me)
    assert count() == len(waiting()) == sum(r.color == "white" for r in rows) > 0
    mine_white = [r.id for r in rows if r.color == "white"]
    services.games.submit_move(who(ids, "p1"), mine_white[0], "e4")
    assert count() == len(waiting()) == len(mine_white) - 1
    assert mine_white[0] not in waiting()
    # A game suspended by a claim awaits nobody's move (56.6.3).
    from cc.store.models import Game

    with services.ctx.db.write() as session:
        game = session.get(Game, waiting()[0])
        assert game is not None
        suspended = game.id
        game.suspended_by_case_id = 999
    assert suspended not in waiting() and count() == len(waiting())


def test_nothing_awaits_before_the_event_begins(services: Services, clock: FixedClock) -> None:
    clock.set(datetime(2026, 5, 1, 9, 0, tzinfo=UTC))  # the start is 2026-05-10
    ids = setup_event(services)
    rows = services.queries.my_games(ids["p1"])
    assert any(r.my_turn for r in rows) and not any(r.waiting for r in rows)
    assert services.centre.pulse(ids["p1"]).to_move == 0
    assert next_to_move(rows) is None


def test_my_games_tell_offers_claims_last_moves_and_outcomes(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 10, 9, 0, tzinfo=UTC))
    ids = setup_event(services, mode="email", control=(2, 10), players=2)
    white, black = "p1", "p2"
    assert services.queries.game(1).white == "p1p1"
    me = ids[black]
    (row,) = services.queries.my_games(me)
    assert row.opponent_last_move_on is None and not row.can_claim
    clock.set(datetime(2026, 5, 12, 9, 0, tzinfo=UTC))
    services.games.submit_move(who(ids, white), 1, "e4", offer_draw=True)
    (row,) = services.queries.my_games(me)
    assert row.draw_offer_to_me and not row.draw_offer_by_me and row.waiting
    assert row.opponent_last_move_on == date(2026, 5, 12)
    (theirs,) = services.queries.my_games(ids[white])
    assert theirs.draw_offer_by_me and not theirs.draw_offer_to_me and not theirs.waiting
    services.games.decline_draw(who(ids, black), 1)
    services.games.submit_move(who(ids, black), 1, "e5")
    # White goes over 10 days on move 2: Black may claim (56.6.1).
    clock.set(datetime(2026, 5, 24, 9, 0, tzinfo=UTC))
    (row,) = services.queries.my_games(me)
    assert row.can_claim and not row.draw_offer_to_me
    assert services.cases.claim_basis(who(ids, black), 1) is not None
    (theirs,) = services.queries.my_games(ids[white])
    assert not theirs.can_claim  # one's own overstep is not one's to claim
    services.cases.file_time_claim(who(ids, black), 1)
    (row,) = services.queries.my_games(me)
    assert not row.can_claim  # claimed: the game is suspended

    # Finished games say how they ended, from each side.
    ids2 = setup_event(services, code="P2", players=2)
    w2 = services.queries.game(2).white
    services.games.resign(who(ids2, "p1" if w2 == "p2p1" else "p2"), 2)
    clock.set(datetime(2026, 5, 25, 9, 0, tzinfo=UTC))
    outcomes = {
        name: next(r for r in services.queries.my_games(ids2[name]) if r.id == 2)
        for name in ("p1", "p2")
    }
    assert {r.outcome for r in outcomes.values()} == {"won", "lost"}
    assert all(r.finished_on == date(2026, 5, 24) for r in outcomes.values())
    assert all(r.result_reason == "resignation" for r in outcomes.values())


def test_the_next_game_is_the_one_with_fewest_days_left(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 10, 9, 0, tzinfo=UTC))
    ids = setup_event(services, players=4)
    me = ids["p1"]
    rows = services.queries.my_games(me)
    black_games = [r.id for r in rows if r.color == "black"]
    white_games = [r.id for r in rows if r.color == "white"]
    assert black_games and white_games
    # Days pass; then an opponent moves in one game: my clock there starts now.
    clock.set(datetime(2026, 5, 20, 9, 0, tzinfo=UTC))
    play(services, ids, black_games[0], "e4")
    rows = services.queries.my_games(me)
    first = next_to_move(rows)
    assert first is not None and first.id in white_games
    assert first.days_left == min(r.days_left for r in rows if r.waiting)
    assert rows[0].id == first.id  # the list starts with it
    assert next(r for r in rows if r.id == black_games[0]).waiting
    # A finished game is listed after those under way.
    _w, b, _ = sides(services, ids, white_games[0])
    services.games.submit_move(who(ids, "p1"), white_games[0], "d4")
    services.games.resign(who(ids, b), white_games[0])
    rows = services.queries.my_games(me)
    assert rows[-1].id == white_games[0] and rows[-1].outcome == "won"
