"""Scale-out: several server processes on one PostgreSQL, no move lost or doubled.

Starts a throwaway PostgreSQL on loopback (the tests' ``PostgresServer``),
and for each process count (2, then 4): a fresh database, an event of
server games made by the services (sections of five players, each player in
four games), and that many ``cc serve`` processes, each on its own loopback
port, with the mail listener off. 200 concurrent clients (one per player,
each with its own API token) play random legal moves in their games for
``--seconds``; each request goes to the next process in turn (round-robin,
as an nginx upstream does by default), so the two players of a game, and
consecutive moves of one player, land on any of the processes. One move in
``--twice`` (20) is also sent a second time at once to another process, as a
client retrying through the proxy would: the game's row lock must let one
through and answer the other "already applied".

A request that fails (no answer, or a 5xx) is sent again with its move
number until it has a definite answer, so every move is either acknowledged
(2xx) or refused (4xx). At the end the moves stored in the database are
counted and compared with the acknowledged ones, (game, ply, move) by
(game, ply, move), and duplicate (game, ply) rows are looked for. Prints
moves/s, p50/p99 latency, and "meets" when acknowledged == stored with no
duplicate on every process count, "misses" otherwise.

Each process is its own port rather than uvicorn's ``--workers``: ``cc
serve`` runs the web app in one event loop with the mail sender and the
daily run, which ``--workers`` would not start, and an address per process
is what a reverse proxy's upstream list names. (Each runs on uvloop and
httptools, uvicorn's choice when they are installed.) The PostgreSQL is the tests'
(fsync and synchronous_commit off), so the figures measure the processes,
not the disk.

    .venv/bin/python bench/scale_out.py [--seconds 60] [--clients 200] [--processes 2 4]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import chess
import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.postgres import PostgresServer, free_port  # noqa: E402

CC = str(Path(sys.executable).parent / "cc")
SECTION = 5  # players a section: a round robin of ten games, four a player


@dataclass
class Game:
    id: int
    white: int
    black: int
    board: chess.Board = field(default_factory=chess.Board)
    over: bool = False
    busy: bool = False

    def to_move(self) -> int:
        return self.white if self.board.turn == chess.WHITE else self.black


@dataclass
class Player:
    index: int
    token: str
    games: list[Game] = field(default_factory=list)
    wake: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Tally:
    #: (game, ply) -> move, of every 2xx answer
    acknowledged: dict[tuple[int, int], str] = field(default_factory=dict)
    #: 2xx answers saying "already applied" (the second send of a move)
    already: int = 0
    refused: list[str] = field(default_factory=list)
    #: why a send was sent again: no answer (the exception) or the 5xx status
    retries: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    #: the second send of a move that was answered 2xx with a different ply or move
    conflicts: list[str] = field(default_factory=list)


def set_up(url: str, home: Path, clients: int) -> tuple[list[Player], list[Game]]:
    """An event of server games for ``clients`` players, started today."""
    from cc.base.kinds import Door
    from cc.events.lifecycle import EventSpec
    from cc.kernel.context import Actor
    from cc.run import config as config_mod
    from cc.run.bootstrap import build_services
    from cc.store import migrate

    migrate.upgrade(url)
    config = config_mod.load({"CC_HOME": str(home), "CC_DATABASE_URL": url, "CC_MAIL_LISTEN": ""})
    services = build_services(config)
    op = Actor.operator(Door.CLI)
    services.events.create(
        op,
        EventSpec(
            code="SCALE",
            name="Scale-out",
            mode="server",  # type: ignore[arg-type]
            start_date=datetime.now(UTC).date(),
        ),
    )
    players: list[Player] = []
    ids: dict[str, int] = {}
    for i in range(clients):
        login = f"p{i}"
        pid = services.players.add(op, login=login, name=login)
        players.append(Player(i, services.accounts.create_token(Actor.player(pid, Door.API))))
        ids[login] = i
    for s in range(0, clients, SECTION):
        logins = [f"p{i}" for i in range(s, min(s + SECTION, clients))]
        services.events.add_players(op, "SCALE", logins, section=f"S{s // SECTION}")
    services.events.start(op, "SCALE")
    games = [Game(g.id, ids[g.white], ids[g.black]) for g in services.queries.games(event="SCALE")]
    for game in games:
        players[game.white].games.append(game)
        players[game.black].games.append(game)
    services.ctx.db.dispose()
    return players, games


def start_processes(
    url: str, home: Path, count: int
) -> tuple[list[subprocess.Popen[bytes]], list[str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CC_")}
    env.update({"CC_HOME": str(home), "CC_DATABASE_URL": url, "CC_MAIL_LISTEN": ""})
    processes, bases = [], []
    for n in range(count):
        port = free_port()
        log = open(home / f"serve-{n}.log", "wb")  # noqa: SIM115 - kept open while it runs
        processes.append(
            subprocess.Popen(
                [CC, "serve", "--port", str(port)], env=env, cwd=home, stdout=log, stderr=log
            )
        )
        bases.append(f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 60
    for process, base in zip(processes, bases, strict=True):
        while True:
            try:
                httpx.get(f"{base}/healthz", timeout=2)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"{base} did not start: see {home}/serve-*.log") from None
                time.sleep(0.2)
    return processes, bases


def stop_processes(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        process.send_signal(signal.SIGINT)
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


async def drive(
    players: list[Player], bases: list[str], seconds: float, twice: int, seed: int
) -> tuple[Tally, float]:
    tally = Tally()
    rng = random.Random(seed)
    turn = itertools.cycle(range(len(bases)))
    # A connection idle for uvicorn's 5 s is closed by the server: the client
    # lets it go first, as the proxy must, rather than race the close.
    limits = httpx.Limits(
        max_connections=None, max_keepalive_connections=len(players) * 2, keepalive_expiry=4
    )
    sends = 0
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:

        async def send(
            player: Player, game: Game, uci: str, number: int
        ) -> tuple[int, dict[str, object] | str]:
            """The answer once it is definite: 2xx or 4xx (a failure is sent again)."""
            while True:
                base = bases[next(turn)]
                try:
                    r = await client.post(
                        f"{base}/api/v1/games/{game.id}/moves",
                        json={"move": uci, "move_number": number},
                        headers={"Authorization": f"Bearer {player.token}"},
                    )
                except httpx.TransportError as exc:
                    tally.retries[type(exc).__name__] += 1
                    await asyncio.sleep(0.1)
                    continue
                if r.status_code >= 500:
                    tally.retries[f"HTTP {r.status_code}"] += 1
                    await asyncio.sleep(0.1)
                    continue
                if r.is_success:
                    return r.status_code, r.json()
                return r.status_code, r.text

        def note(game: Game, ply: int, uci: str, answer: dict[str, object]) -> None:
            key = (game.id, int(str(answer["ply"])))
            if key != (game.id, ply) or answer["uci"] != uci:
                tally.conflicts.append(f"game {game.id} ply {ply} {uci}: answered {answer}")
            if answer.get("already_applied"):
                tally.already += 1
            tally.acknowledged.setdefault(key, str(answer["uci"]))

        async def play(player: Player, end: float) -> None:
            nonlocal sends
            while time.monotonic() < end:
                player.wake.clear()
                ready = [
                    g
                    for g in player.games
                    if not g.over and not g.busy and g.to_move() == player.index
                ]
                if not ready:
                    try:
                        await asyncio.wait_for(player.wake.wait(), end - time.monotonic())
                    except TimeoutError:
                        return
                    continue
                game = rng.choice(ready)
                move = rng.choice(list(game.board.legal_moves))
                uci, ply = move.uci(), game.board.ply() + 1
                number = game.board.fullmove_number
                game.busy = True
                sends += 1
                start = time.perf_counter()
                if twice and sends % twice == 0:
                    first, second = await asyncio.gather(
                        send(player, game, uci, number), send(player, game, uci, number)
                    )
                    answers = [first, second]
                else:
                    answers = [await send(player, game, uci, number)]
                tally.latencies.append(time.perf_counter() - start)
                game.busy = False
                ok = [a for status, a in answers if 200 <= status < 300 and isinstance(a, dict)]
                for a in ok:
                    note(game, ply, uci, a)
                if not ok:
                    tally.refused.append(f"game {game.id} ply {ply} {uci}: {answers[0]}")
                    game.over = True  # what the server holds is no longer known here
                    continue
                if len(ok) < len(answers):
                    tally.refused.append(f"game {game.id} ply {ply} {uci} (second send): {answers}")
                game.board.push(move)
                if ok[0]["status"] != "ongoing":
                    game.over = True
                partner = game.black if player.index == game.white else game.white
                players[partner].wake.set()

        end = time.monotonic() + seconds
        start = time.perf_counter()
        await asyncio.gather(*(play(p, end) for p in players))
        elapsed = time.perf_counter() - start
    return tally, elapsed


def _ticks(fields: list[str], *at: int) -> float:
    return sum(int(fields[i]) for i in at) / os.sysconf("SC_CLK_TCK")


def processor(pids: list[int]) -> float:
    """Processor seconds (user + system) the processes have used so far (Linux)."""
    total = 0.0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        # After "(name)": state is field 3; utime and stime are fields 14 and 15.
        total += _ticks(stat.rpartition(")")[2].split(), 11, 12)
    return total


def database_processor(server: PostgresServer) -> float:
    """Processor seconds of the PostgreSQL server: the live backends, and the
    ended ones its postmaster has counted (cutime, cstime)."""
    try:
        postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
        stat = Path(f"/proc/{postmaster}/stat").read_text().rpartition(")")[2].split()
    except (OSError, ValueError):
        return 0.0
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if fields[1] == str(postmaster):
                children.append(int(entry.name))
    return _ticks(stat, 11, 12, 13, 14) + processor(children)


def stored(url: str) -> tuple[dict[tuple[int, int], str], int, int]:
    """The moves in the database: (game, ply) -> move, rows, duplicate (game, ply)."""
    import sqlalchemy as sa

    from cc.store.db import normalise_url

    engine = sa.create_engine(normalise_url(url))
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT game_id, ply, uci FROM moves")).all()
        dups = conn.execute(
            sa.text(
                "SELECT count(*) FROM"
                " (SELECT 1 FROM moves GROUP BY game_id, ply HAVING count(*) > 1) AS d"
            )
        ).scalar_one()
    engine.dispose()
    return {(g, p): u for g, p, u in rows}, len(rows), int(dups)


def run(server: PostgresServer, count: int, args: argparse.Namespace) -> bool:
    import sqlalchemy as sa

    name = f"scale_{count}"
    admin = sa.create_engine(server.url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"DROP DATABASE IF EXISTS {name}"))
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    admin.dispose()
    url = server.url_for(name)
    home = Path(tempfile.mkdtemp(prefix=f"cc-bench-scale-{count}-"))
    started = time.perf_counter()
    players, games = set_up(url, home, args.clients)
    print(
        f"\n{count} process{'es' if count > 1 else ''}: {len(players)} players, {len(games)} games "
        f"(set up in {time.perf_counter() - started:.0f} s)",
        flush=True,
    )
    processes, bases = start_processes(url, home, count)
    try:
        pids = [p.pid for p in processes]
        cpu = (time.process_time(), processor(pids), database_processor(server))
        tally, elapsed = asyncio.run(drive(players, bases, args.seconds, args.twice, args.seed))
        cpu = (
            time.process_time() - cpu[0],
            processor(pids) - cpu[1],
            database_processor(server) - cpu[2],
        )
    finally:
        stop_processes(processes)
    moves, rows, dups = stored(url)
    acked = tally.acknowledged
    lat = sorted(tally.latencies)
    p50 = statistics.median(lat) if lat else 0.0
    p99 = statistics.quantiles(lat, n=100)[98] if len(lat) > 1 else 0.0
    print(
        f"  {len(acked):,} moves in {elapsed:.1f} s: {len(acked) / elapsed:,.0f} moves/s, "
        f"p50 {p50 * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms"
    )
    per_move = [f"{c / max(len(acked), 1) * 1e3:.1f}" for c in cpu]
    print(
        f"  processor time a move, ms: servers {per_move[1]}, PostgreSQL {per_move[2]}, "
        f"clients {per_move[0]}; cores busy: "
        + ", ".join(f"{c / elapsed:.2f}" for c in (cpu[1], cpu[2], cpu[0]))
        + f" of {os.cpu_count()}"
    )
    again = ", ".join(f"{n} {why}" for why, n in tally.retries.most_common()) or "none"
    print(
        f"  sent twice: {tally.already} answered 'already applied'; "
        f"sent again after a failure: {again}; refused: {len(tally.refused)}"
    )
    for line in tally.refused[:5] + tally.conflicts[:5]:
        print(f"    {line}")
    lost = sorted(set(acked) - set(moves))
    unacked = sorted(set(moves) - set(acked))
    differ = sorted(k for k in set(acked) & set(moves) if acked[k] != moves[k])
    print(
        f"  acknowledged {len(acked):,}, stored {rows:,}, duplicate (game, ply) {dups}; "
        f"acknowledged not stored {len(lost)}, stored not acknowledged {len(unacked)}, "
        f"different move {len(differ)}"
    )
    for key in (lost + unacked + differ)[:5]:  # the first few, to look into
        seen, kept = acked.get(key), moves.get(key)
        print(f"    game {key[0]} ply {key[1]}: acknowledged {seen}, stored {kept}")
    held = (
        len(acked) == rows == len(moves)
        and not dups
        and not lost
        and not unacked
        and not differ
        and not tally.conflicts
    )
    logged = sum(
        line.startswith(("Traceback", "ERROR"))
        for log in home.glob("serve-*.log")
        for line in log.read_text(errors="replace").splitlines()
    )
    print(f"  errors in the processes' logs: {logged}")
    if held and not tally.retries and not logged:
        shutil.rmtree(home, ignore_errors=True)
    else:
        print(f"  the processes' logs are kept in {home}")
    return held


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--processes", type=int, nargs="+", default=[2, 4])
    parser.add_argument(
        "--twice", type=int, default=20, help="send one move in this many twice at once (0: never)"
    )
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    server = PostgresServer()
    server.start()
    try:
        held = [run(server, count, args) for count in args.processes]
    finally:
        server.stop()
    on = " and ".join(str(c) for c in args.processes)
    print()
    # The goal is an equality, not a ratio: every acknowledged move stored once.
    print(
        f"acknowledged == stored, no duplicate (game, ply), on {on} processes: "
        f"{'meets' if all(held) else 'misses'}"
    )


if __name__ == "__main__":
    main()
