"""Moves through the HTTP API, from a separate process over loopback.

Many games, two players each, every move sent as a real request with its
token. The baseline, measured in the same run, is a bare endpoint of the
same framework (FastAPI on uvicorn) that only checks the move with
python-chess. The event starts today by the clock, so no game is lost on
time. Both are measured ``--repeat`` times, alternately; prints the median
moves per second and p99 latency, and the throughput ratio against its
goal (at least 0.6x the bare endpoint).

    .venv/bin/python bench/api_moves.py [--games 20] [--plies 40] [--repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from goals import verdict

ROOT = Path(__file__).resolve().parent.parent
CC = str(Path(sys.executable).parent / "cc")
LINE = (
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 "
    "h2h3 c6b8 d2d4 b8d7 c3c4 c7c6 c4b5 a6b5 b1c3 c8b7 c1g5 b5b4 c3b1 h7h6 g5h4 c6c5 "
    "d4e5 f6e4 h4e7 d8e7 e5d6 e7f6 b1d2 e4d6"
).split()

BARE_APP = textwrap.dedent("""
    import chess
    from fastapi import FastAPI
    from pydantic import BaseModel

    app = FastAPI()

    class Check(BaseModel):
        fen: str
        move: str

    @app.post("/check")
    def check(body: Check) -> dict:
        board = chess.Board(body.fen)
        move = chess.Move.from_uci(body.move)
        return {"legal": board.is_legal(move)}
""")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_up(url: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    raise SystemExit(f"{url} did not come up")


def set_up_site(home: Path, games: int) -> tuple[list[tuple[int, str, str]], dict[str, str]]:
    """An event of ``games`` two-player sections; returns (game, white token, black token)."""
    sys.path.insert(0, str(ROOT))
    from datetime import UTC, datetime

    from cc.base.kinds import Door
    from cc.events.lifecycle import EventSpec
    from cc.kernel.context import Actor
    from cc.run import config as config_mod
    from cc.run.bootstrap import build_services
    from cc.store import migrate

    env = {"CC_HOME": str(home), "CC_MAIL_LISTEN": ""}
    config = config_mod.load(env)
    config_mod.ensure_sqlite_dir(config.database_url)
    migrate.upgrade(config.database_url)
    services = build_services(config)
    op = Actor.operator(Door.CLI)
    services.events.create(
        op,
        EventSpec(
            code="BENCH",
            name="Bench",
            mode="server",  # type: ignore[arg-type]
            # Today, by the clock the site runs on: the games are not lost on
            # time before they are played.
            start_date=datetime.now(UTC).date(),
        ),
    )
    tokens: dict[str, str] = {}
    for g in range(games):
        pair = [f"w{g}", f"b{g}"]
        for login in pair:
            pid = services.players.add(op, login=login, name=login)
            tokens[login] = services.accounts.create_token(Actor.player(pid, Door.API))
        services.events.add_players(op, "BENCH", pair, section=f"S{g}")
    services.events.start(op, "BENCH")
    listed = services.queries.games(event="BENCH")
    out = [(gm.id, tokens[gm.white], tokens[gm.black]) for gm in listed]
    services.ctx.db.dispose()
    return out, env


async def drive_site(base: str, games: list[tuple[int, str, str]], plies: int) -> list[float]:
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:

        async def play(game_id: int, white: str, black: str) -> None:
            for ply, uci in enumerate(LINE[:plies]):
                token = white if ply % 2 == 0 else black
                start = time.perf_counter()
                r = await client.post(
                    f"/api/v1/games/{game_id}/moves",
                    json={"move": uci, "move_number": ply // 2 + 1},
                    headers={"Authorization": f"Bearer {token}"},
                )
                latencies.append(time.perf_counter() - start)
                r.raise_for_status()

        await asyncio.gather(*(play(*g) for g in games))
    return latencies


async def drive_bare(base: str, games: int, plies: int) -> list[float]:
    import chess

    fens = []
    board = chess.Board()
    for uci in LINE[:plies]:
        fens.append(board.fen())
        board.push_uci(uci)
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:

        async def play() -> None:
            for fen, uci in zip(fens, LINE[:plies], strict=True):
                start = time.perf_counter()
                r = await client.post("/check", json={"fen": fen, "move": uci})
                latencies.append(time.perf_counter() - start)
                r.raise_for_status()

        await asyncio.gather(*(play() for _ in range(games)))
    return latencies


def summary(latencies: list[float], elapsed: float) -> tuple[float, float]:
    p99 = statistics.quantiles(latencies, n=100)[98]
    return len(latencies) / elapsed, p99


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="cc-bench-api-"))
    # Fresh games for each run.
    every, env = set_up_site(home, args.games * args.repeat)
    games = [every[i * args.games : (i + 1) * args.games] for i in range(args.repeat)]
    site_port, bare_port = free_port(), free_port()
    bare_file = home / "bare_app.py"
    bare_file.write_text(BARE_APP)
    site = subprocess.Popen(
        [CC, "serve", "--port", str(site_port)],
        # No line per request, as the bare endpoint logs none.
        env={**os.environ, **env, "CC_WEB_ACCESS_LOG": "false"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    bare = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "bare_app:app",
            "--port",
            str(bare_port),
            "--log-level",
            "warning",
        ],
        cwd=home,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    site_runs: list[tuple[float, float]] = []
    bare_runs: list[tuple[float, float]] = []
    moves = 0
    try:
        wait_up(f"http://127.0.0.1:{site_port}/healthz")
        wait_up(f"http://127.0.0.1:{bare_port}/docs")
        for run in range(args.repeat):
            start = time.perf_counter()
            bare_lat = asyncio.run(
                drive_bare(f"http://127.0.0.1:{bare_port}", args.games, args.plies)
            )
            bare_runs.append(summary(bare_lat, time.perf_counter() - start))
            start = time.perf_counter()
            site_lat = asyncio.run(
                drive_site(f"http://127.0.0.1:{site_port}", games[run], args.plies)
            )
            site_runs.append(summary(site_lat, time.perf_counter() - start))
            moves += len(site_lat)
    finally:
        for process in (site, bare):
            process.send_signal(signal.SIGINT)
            process.wait(timeout=20)
    bare_rate = statistics.median(r for r, _ in bare_runs)
    bare_p99 = statistics.median(p for _, p in bare_runs)
    site_rate = statistics.median(r for r, _ in site_runs)
    site_p99 = statistics.median(p for _, p in site_runs)
    print(f"{args.repeat} runs of {args.games} games x {args.plies} plies ({moves} moves), medians")
    print(f"baseline bare check endpoint: {bare_rate:,.0f} req/s, p99 {bare_p99 * 1e3:.1f} ms")
    print(
        f"moves through the API (SQLite, one process): {site_rate:,.0f} moves/s, "
        f"p99 {site_p99 * 1e3:.1f} ms"
    )
    verdict("API moves / bare endpoint, throughput", site_rate / bare_rate, 0.6, at_least=True)
    print(f"API moves / bare endpoint, p99: {site_p99 / bare_p99:.2f}x (no goal)")


if __name__ == "__main__":
    main()
