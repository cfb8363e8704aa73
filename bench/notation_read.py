"""Reading a move: numeric and SAN through `notation`, against `Board.parse_san`.

The baseline is python-chess's own SAN parser on the same positions and
moves, measured in the same run; the goal is at most 1.5x for SAN (issue
22; the others are for information). Medians of repeated runs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from goals import verdict

from notation import read_move, write_move


def sample(count: int, seed: int = 7) -> list[tuple[chess.Board, chess.Move]]:
    rng = random.Random(seed)
    out: list[tuple[chess.Board, chess.Move]] = []
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randrange(0, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        moves = list(board.legal_moves)
        if moves:
            out.append((chess.Board(board.fen()), rng.choice(moves)))
    return out


def best_of(runs: int, fn) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    cases = sample(2000)
    san = [(b, b.san(m)) for b, m in cases]
    numeric = [(b, write_move(b, m, "numeric")) for b, m in cases]
    russian = [(b, write_move(b, m, "san-ru")) for b, m in cases]
    lan = [(b, write_move(b, m, "lan")) for b, m in cases]

    def baseline() -> None:
        for board, text in san:
            board.parse_san(text)

    def ours(items: list[tuple[chess.Board, str]]):  # type: ignore[no-untyped-def]
        def run() -> None:
            for board, text in items:
                read_move(board, text)

        return run

    base = best_of(7, baseline)
    per = base / len(cases) * 1e6
    print(f"baseline Board.parse_san: {per:.1f} µs per move ({len(cases)} positions)")
    for name, items in (
        ("numeric", numeric),
        ("SAN", san),
        ("SAN, Russian letters", russian),
        ("long algebraic", lan),
    ):
        cost = best_of(7, ours(items))
        print(
            f"notation.read_move, {name}: {cost / len(cases) * 1e6:.1f} µs "
            f"= {cost / base:.2f}x parse_san"
        )
        if name == "SAN":
            verdict("reading SAN / parse_san", cost / base, 1.5)


if __name__ == "__main__":
    main()
