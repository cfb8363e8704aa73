"""The board's script writes moves exactly as the server does.

The analysis board writes its line in the player's notation and puts it
into the forms, where the server reads it back; frontend/src/notation.js
must therefore agree with :func:`notation.write_move` in every notation.
Random games (castling, en passant, promotions, checks and mates come up)
and a hand-made one are written by both and compared. Needs Node and the
front-end packages (``scripts/build-assets`` installs them); skipped without.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import chess
import pytest

import notation
from cc.accounts.preferences import NOTATIONS
from tests.support.paths import ROOT

FRONTEND = ROOT / "frontend"
ESBUILD = FRONTEND / "node_modules" / ".bin" / "esbuild"

#: reads [{fen, ucis, style}] on stdin, prints each game's moves as written
ENTRY = """
import { readFileSync } from "node:fs";
import { writeMove } from "./src/notation.js";
import { after, positionOf } from "./src/position.js";
const games = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(games.map(({ fen, ucis, style }) => {
  let pos = positionOf(fen);
  return ucis.map(uci => {
    const text = writeMove(pos, uci, style);
    pos = after(pos, uci);
    return text;
  });
})));
"""

#: castling both ways, captures, en passant (cxb3), a rook taking with check
HAND_MADE_TEXT = (
    "e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 g1f3 c8g4 f1e2 b8c6 e1g1 d8d6 d2d4 e8c8",
    "c2c4 d5c4 b2b4 c4b3 a2b3 g4f3 e2f3 d6d4 d1d4 d8d4 c1e3 d4d1 f1d1 h8g8",
    "d1d8 c6d8",
)
HAND_MADE = [uci for line in HAND_MADE_TEXT for uci in line.split()]


def random_game(seed: int) -> list[str]:
    """Up to 300 random plies; pawns pushed often, so that some promote."""
    rng = random.Random(seed)
    board = chess.Board()
    moves: list[str] = []
    while not board.is_game_over() and len(moves) < 300:
        legal = list(board.legal_moves)
        pawns = [m for m in legal if board.piece_type_at(m.from_square) == chess.PAWN]
        move = rng.choice(pawns if pawns and rng.random() < 0.5 else legal)
        moves.append(move.uci())
        board.push(move)
    return moves


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("node") is None or not ESBUILD.exists():
        pytest.skip("needs node and frontend/node_modules (scripts/build-assets)")
    out = tmp_path_factory.mktemp("notation") / "notation.mjs"
    subprocess.run(
        [str(ESBUILD), "--bundle", "--format=esm", "--platform=node", f"--outfile={out}",
         "--log-level=warning"],
        input=ENTRY, text=True, cwd=FRONTEND, check=True, timeout=120,
    )  # fmt: skip
    return out


def test_the_script_writes_moves_as_the_server_does(script: Path) -> None:
    games = [HAND_MADE, *(random_game(seed) for seed in range(12))]
    asked = [
        {"fen": chess.STARTING_FEN, "ucis": ucis, "style": style}
        for ucis in games
        for style in NOTATIONS
    ]
    done = subprocess.run(
        ["node", str(script)], input=json.dumps(asked), text=True, capture_output=True,
        check=True, timeout=120,
    )  # fmt: skip
    written = json.loads(done.stdout)
    promotions = 0
    for game, theirs in zip(asked, written, strict=True):
        board = chess.Board()
        ours = []
        for uci in game["ucis"]:
            move = chess.Move.from_uci(uci)
            promotions += bool(move.promotion)
            ours.append(notation.write_move(board, move, game["style"]))
            board.push(move)
        assert theirs == ours, game["style"]
    assert promotions > 0
