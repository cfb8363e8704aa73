"""Two processes sending the same move at the same moment: exactly one is applied."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import func, select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store.models import Move
from tests.support.events import make_event
from tests.support.race import race, submit_in_lockstep


def test_same_move_from_two_processes_is_applied_exactly_once(
    services: Services, db_url: str, clock: FixedClock
) -> None:
    ids = make_event(services, 6)
    games = services.queries.games(event="T1")
    requests: list[tuple[int, int, str, int | None]] = []
    for i, game in enumerate(games[:12]):
        white_id = ids[{f"t1p{n}": f"p{n}" for n in range(1, 7)}[game.white]]
        # Half the clients say which move they send, half do not.
        requests.append((game.id, white_id, "e4", 1 if i % 2 == 0 else None))

    outcomes = race(
        submit_in_lockstep, db_url, clock.now().isoformat(), requests, count=2 * len(requests)
    )

    by_game: dict[int, Counter[str]] = {}
    for game_id, outcome in outcomes:
        by_game.setdefault(game_id, Counter())[outcome] += 1
    for game_id, _player, _move, number in requests:
        expected_loser = "already_applied" if number is not None else "not_your_turn"
        assert by_game[game_id] == Counter({"applied": 1, expected_loser: 1}), game_id

    with services.ctx.db.read() as s:
        per_game = s.execute(select(Move.game_id, func.count()).group_by(Move.game_id)).all()
    assert sorted(per_game) == sorted((g, 1) for g, *_ in requests)
