"""Two processes sending the same move at the same moment: exactly one is applied."""

from __future__ import annotations

import multiprocessing
import queue
import time
from collections import Counter
from typing import Any

from sqlalchemy import func, select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store.models import Move
from tests.conftest import make_event
from tests.support.race import submit_in_lockstep


def collect(results: Any, workers: list[Any], count: int) -> list[tuple[int, str]]:
    """Read ``count`` results, failing at once if a worker died before sending them."""
    outcomes: list[tuple[int, str]] = []
    deadline = time.monotonic() + 120
    while len(outcomes) < count:
        try:
            outcomes.append(results.get(timeout=1))
        except queue.Empty:
            if all(not w.is_alive() for w in workers) and results.empty():
                raise AssertionError(
                    f"workers exited after {len(outcomes)} of {count} results: "
                    f"{[w.exitcode for w in workers]}"
                ) from None
            assert time.monotonic() < deadline, "the race did not finish in 120 s"
    return outcomes


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

    spawn = multiprocessing.get_context("spawn")
    barrier = spawn.Barrier(2)
    results = spawn.Queue()
    workers = [
        spawn.Process(
            target=submit_in_lockstep,
            args=(db_url, clock.now().isoformat(), requests, barrier, results),
        )
        for _ in range(2)
    ]
    for w in workers:
        w.start()
    outcomes = collect(results, workers, 2 * len(requests))
    for w in workers:
        w.join(timeout=60)
        assert w.exitcode == 0

    by_game: dict[int, Counter[str]] = {}
    for game_id, outcome in outcomes:
        by_game.setdefault(game_id, Counter())[outcome] += 1
    for game_id, _player, _move, number in requests:
        expected_loser = "already_applied" if number is not None else "not_your_turn"
        assert by_game[game_id] == Counter({"applied": 1, expected_loser: 1}), game_id

    with services.ctx.db.read() as s:
        per_game = s.execute(select(Move.game_id, func.count()).group_by(Move.game_id)).all()
    assert sorted(per_game) == sorted((g, 1) for g, *_ in requests)
