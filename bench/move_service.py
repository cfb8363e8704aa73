"""How much a move costs the service, against what it must cost anyway.

Plays a 300-ply game (made once from a seeded random walk that never ends
the game) through the move service, several times on fresh games; each
ply's time is the median over the games. Baselines measured in the same
run, between the moves (so that both see the same machine):
- one durable commit of a one-row insert on the same database (the floor of
  any write); goal: a move within 3x of it;
- the same five statements a move issues (the game with its event and
  players and whether a leave, an offer or a line stands in the way; the
  audit row; the partner's notice; the move; the game's update), written
  with SQLAlchemy Core on the same tables in one durable transaction, each
  statement built once, no ORM and no rules: the floor of a move written
  through SQLAlchemy, for information;
- a replay of 80 plies with legality checks (what the service avoids by
  keeping the current position with the game), for information.
A move late in a long game should cost what a move early in it costs:
goal: plies 71-80 and 291-300 within 1.1x of plies 3-12.

    .venv/bin/python bench/move_service.py [--games 3] [--plies 300]
    CC_BENCH_DATABASE_URL=postgresql://... .venv/bin/python bench/move_service.py
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import chess
import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from goals import median_time, verdict

from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.base.regulations import Mode
from cc.events.lifecycle import EventSpec
from cc.kernel.context import Actor, ServiceContext
from cc.run.site import Site
from cc.store import migrate
from cc.store.db import Database
from cc.store.models import (
    AuditEntry,
    ConditionalLine,
    DrawOffer,
    Event,
    Game,
    Move,
    Notification,
    Player,
    PlayerLeave,
)


def long_game(plies: int, seed: int = 0) -> list[str]:
    """A legal game of ``plies`` plies that no rule ends on the way (no mate,
    stalemate, dead position, fivefold repetition or 75-move rule)."""
    rng = random.Random(seed)
    board = chess.Board()
    out: list[str] = []
    while len(out) < plies:
        moves = list(board.legal_moves)
        rng.shuffle(moves)

        def key(m: chess.Move) -> tuple[bool, bool]:
            # Few captures once material thins; pawn moves when the 75-move
            # count grows.
            late_capture = board.is_capture(m) and len(board.piece_map()) < 20
            pawn = board.piece_type_at(m.from_square) == chess.PAWN
            return late_capture, not (board.halfmove_clock > 60 and pawn)

        for move in sorted(moves, key=key):
            after = board.copy()
            after.push(move)
            if not (
                after.is_checkmate()
                or after.is_stalemate()
                or after.is_insufficient_material()
                or after.is_fivefold_repetition()
                or after.halfmove_clock >= 140
            ):
                break
        else:
            raise SystemExit(f"seed {seed} walks into a finished game; pick another")
        out.append(board.san(move))
        board.push(move)
    return out


@cache
def core_statements() -> tuple[sa.Select[Any], sa.Insert, sa.Insert, sa.Insert, sa.Update]:
    """The statements of :func:`core_move`, built once (as the service
    builds its own) and bound per call."""
    games, events, players = Game.__table__, Event.__table__, Player.__table__
    white, black = players.alias("white"), players.alias("black")
    leaves = PlayerLeave.__table__
    offers = DrawOffer.__table__
    lines = ConditionalLine.__table__
    theirs = leaves.c.player_id.in_([games.c.white_id, games.c.black_id])
    game = (
        sa.select(
            games,
            events,
            white,
            black,
            sa.exists().where(theirs, leaves.c.first_day <= sa.bindparam("day", type_=sa.Date)),
            sa.exists().where(theirs),
            sa.exists().where(offers.c.game_id == games.c.id, offers.c.status == "open"),
            sa.exists().where(lines.c.game_id == games.c.id, lines.c.status == "active"),
        )
        .join(events, events.c.id == games.c.event_id)
        .join(white, white.c.id == games.c.white_id)
        .join(black, black.c.id == games.c.black_id)
        .where(games.c.id == sa.bindparam("game_id"))
    )
    update = (
        sa.update(games)
        .where(games.c.id == sa.bindparam("game"))
        .values(
            fen=sa.bindparam("fen"),
            ply_count=sa.bindparam("ply_count"),
            repetition=sa.bindparam("repetition"),
            ledger_state=sa.bindparam("ledger_state"),
        )
    )
    return (
        game,
        sa.insert(AuditEntry.__table__),
        sa.insert(Notification.__table__),
        sa.insert(Move.__table__),
        update,
    )


def core_move(db: Database, game_id: int, mover_id: int, scratch_game: int, ply: int) -> None:
    """A move's statements through SQLAlchemy Core (see the module's
    docstring); the move row goes to ``scratch_game`` so the real games
    stay as the service left them."""
    game, audit, notice, move, update = core_statements()
    now = datetime.now(UTC)
    with db.write() as session:
        conn = session.connection()
        row = conn.execute(game, {"game_id": game_id, "day": now.date()}).one()
        conn.execute(
            audit,
            {
                "at": now,
                "actor_id": mover_id,
                "actor_label": "bench",
                "door": Door.API,
                "action": "bench_move",
                "game_id": game_id,
                "details": {"ply": ply, "san": "e4"},
            },
        )
        conn.execute(
            notice,
            {
                "recipient_id": mover_id,
                "kind": "move",
                "game_id": game_id,
                "params": {"ply": ply},
                "channels": ["centre"],
                "created_at": now,
            },
        )
        conn.execute(
            move,
            {
                "game_id": scratch_game,
                "ply": ply,
                "uci": "e2e4",
                "san": "e4",
                "received_at": now,
                "sent_at": now,
                "received_on": now.date(),
                "sent_on": now.date(),
                "door": Door.API,
                "player_id": mover_id,
                "recorded_at": now,
            },
        )
        conn.execute(
            update,
            {
                "game": game_id,
                "fen": row.fen,
                "ply_count": row.ply_count,
                "repetition": row.repetition,
                "ledger_state": row.ledger_state,
            },
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--plies", type=int, default=300)
    args = parser.parse_args()
    game = long_game(args.plies)
    url = os.environ.get("CC_BENCH_DATABASE_URL")
    if not url:
        url = f"sqlite:///{tempfile.mkdtemp(prefix='cc-bench-')}/bench.sqlite3"
    migrate.upgrade(url)
    db = Database(url)
    clock = FixedClock(datetime(2026, 5, 11, 9, tzinfo=UTC))
    services = Site(ServiceContext(db, clock))
    operator = Actor.operator(Door.CLI)
    with db.engine.begin() as conn:
        conn.exec_driver_sql(
            "CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, v TEXT)"
        )

    def one_commit() -> None:
        with db.write() as session:
            session.execute(sa.text("INSERT INTO bench_floor (v) VALUES ('x')"))

    # A game whose moves table takes the Core floor's rows.
    services.players.add(operator, login="scratch-w", name="W")
    services.players.add(operator, login="scratch-b", name="B")
    services.events.create(
        operator,
        EventSpec(code="SCRATCH", name="Bench", mode=Mode.SERVER, start_date=clock.now().date()),
    )
    services.events.add_players(operator, "SCRATCH", ["scratch-w", "scratch-b"])
    services.events.start(operator, "SCRATCH")
    scratch = services.queries.games(event="SCRATCH")[0]
    floor_ply = 0
    floors: list[float] = []

    per_ply: list[list[float]] = [[] for _ in game]
    cpu_ply: list[list[float]] = [[] for _ in game]
    commits: list[float] = []
    commit_cpu: list[float] = []
    for run in range(args.games):
        stamp = f"{time.time_ns() % 10**8}{run}"
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
        for ply, san in enumerate(game):
            start, cpu = time.perf_counter(), time.process_time()
            services.games.submit_move(actors[ply % 2], game_id, san)
            per_ply[ply].append(time.perf_counter() - start)
            cpu_ply[ply].append(time.process_time() - cpu)
            if ply % 5 == 4:
                cpu = time.process_time()
                commits.append(median_time(one_commit, 1))
                commit_cpu.append(time.process_time() - cpu)
                floor_ply += 1
                mover = actors[ply % 2].player_id or 0
                start = time.perf_counter()
                core_move(db, game_id, mover, scratch.id, floor_ply)
                floors.append(time.perf_counter() - start)

    def replay() -> None:
        board = chess.Board()
        for san in game[:80]:
            board.push_san(san)

    replay_cost = median_time(replay, 50)
    commit_cost = statistics.median(commits)
    ply_cost = [statistics.median(samples) for samples in per_ply]
    move = statistics.median(ply_cost)
    early = statistics.median(ply_cost[2:12])
    late = statistics.median(ply_cost[70:80])
    last = statistics.median(ply_cost[-10:])
    print(f"database: {db.backend}; {args.games} games of {len(game)} plies, medians")
    print(
        f"move: {move * 1e3:.2f} ms (plies 3-12: {early * 1e3:.2f} ms; 71-80: "
        f"{late * 1e3:.2f} ms; {len(game) - 9}-{len(game)}: {last * 1e3:.2f} ms)"
    )
    print(f"baseline durable commit: {commit_cost * 1e3:.2f} ms")
    floor = statistics.median(floors)
    print(
        f"baseline: a move's five statements through SQLAlchemy Core: {floor * 1e3:.2f} ms, "
        f"{floor / commit_cost:.2f}x the commit; the move is {move / floor:.2f}x that (no goal)"
    )
    print(f"baseline replay of 80 plies: {replay_cost * 1e3:.2f} ms")
    verdict("move / durable commit", move / commit_cost, 3)
    # On a disk shared with other work the wait for fsync can hide the rest:
    # the processor time of each says what the service itself costs.
    move_cpu = statistics.median(statistics.median(c) for c in cpu_ply)
    commit_cpu_cost = statistics.median(commit_cpu)
    print(
        f"processor time: move {move_cpu * 1e3:.2f} ms, durable commit "
        f"{commit_cpu_cost * 1e3:.2f} ms: {move_cpu / commit_cpu_cost:.2f}x (no goal)"
    )
    verdict("move at plies 71-80 / plies 3-12", late / early, 1.1)
    verdict(f"move at plies {len(game) - 9}-{len(game)} / plies 3-12", last / early, 1.1)
    print(f"move at plies 71-80 / replay of 80 plies: {late / replay_cost:.2f}x (no goal)")
    db.dispose()


if __name__ == "__main__":
    main()
