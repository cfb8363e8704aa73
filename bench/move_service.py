"""How much a move costs the service, against what it must cost anyway.

Baselines measured in the same run:
- a replay of the game so far with legality checks (what the service avoids
  by keeping the current position with the game);
- one durable commit of a one-row insert on the same database (the floor of
  any write).
A move late in a long game should cost about what a move early in it costs.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import chess
import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cc import migrate
from cc.clock import FixedClock
from cc.db import Database
from cc.models import Door
from cc.regulations import Mode
from cc.services import Actor, EventSpec, ServiceContext
from cc.site import Site

# A long game without repetitions or early endings: 80 plies.
GAME = (
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 "
    "c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 "
    "Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6 "
    "axb4 cxb4 Ra5 Nd5 f3 Bc8 Kf2 Bf5 Ra7 g6 Ra6+ Kc5 Ke1 Nf4 g3 Nxh3 Kd2 Kb5 "
).split()


def timed(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    url = os.environ.get("CC_BENCH_DATABASE_URL")
    tmp = tempfile.mkdtemp(prefix="cc-bench-")
    if not url:
        url = f"sqlite:///{tmp}/bench.sqlite3"
    migrate.upgrade(url)
    db = Database(url)
    clock = FixedClock(datetime(2026, 5, 11, 9, tzinfo=UTC))
    services = Site(ServiceContext(db, clock))
    operator = Actor.operator(Door.CLI)
    stamp = str(time.time_ns())[-8:]
    w = services.players.add(operator, login=f"w{stamp}", name="White")
    b = services.players.add(operator, login=f"b{stamp}", name="Black")
    code = f"B{stamp}"
    services.events.create(
        operator,
        EventSpec(code=code, name="Bench", mode=Mode.SERVER, start_date=clock.now().date()),
    )
    services.events.add_players(operator, code, [f"w{stamp}", f"b{stamp}"])
    services.events.start(operator, code)
    game_id = services.queries.games(event=code)[0].id
    actors = [Actor.player(w, Door.API), Actor.player(b, Door.API)]

    per_move = []
    for ply, san in enumerate(GAME):
        start = time.perf_counter()
        services.games.submit_move(actors[ply % 2], game_id, san)
        per_move.append(time.perf_counter() - start)
    early = statistics.median(per_move[2:12])
    late = statistics.median(per_move[-10:])

    def replay() -> None:
        board = chess.Board()
        for san in GAME:
            board.push_san(san)

    replay_cost = timed(replay, 50)

    engine = db.engine
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, v TEXT)"
        )

    def one_commit() -> None:
        with db.write() as session:
            session.execute(sa.text("INSERT INTO bench_floor (v) VALUES ('x')"))

    commit_cost = timed(one_commit, 50)
    print(f"database: {db.backend}")
    print(
        f"move at plies 3-12: {early * 1e3:.2f} ms; plies 71-80: {late * 1e3:.2f} ms "
        f"(late/early = {late / early:.2f})"
    )
    print(
        f"baseline replay of 80 plies: {replay_cost * 1e3:.2f} ms; "
        f"late move / replay = {late / replay_cost:.2f}"
    )
    print(
        f"baseline durable commit: {commit_cost * 1e3:.2f} ms; "
        f"move / commit = {late / commit_cost:.2f}"
    )
    db.dispose()


if __name__ == "__main__":
    main()
