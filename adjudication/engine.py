"""Engine evidence: Stockfish's assessment of a position, and a check of a
player's analysis move by move.

Run through python-chess ``chess.engine`` with one thread, a small fixed hash
cleared before every search, and a fixed depth, so that the same position
gives the same stored evidence every time. Running the engine is the only
I/O here; Debian's ``stockfish`` is at ``/usr/games/stockfish``.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
import chess.pgn

DEFAULT_DEPTH = 14
#: how many moves of a player's line are checked
MAX_CHECKED = 12


def find_stockfish() -> Path | None:
    """Debian's engine, or one on the PATH."""
    for candidate in ("/usr/games/stockfish", shutil.which("stockfish")):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


@dataclass(frozen=True)
class Assessment:
    """Stockfish on one position, from White's point of view."""

    fen: str
    depth: int
    #: centipawns for White (None when a mate is found)
    score_cp: int | None
    #: moves to mate: positive when White mates, negative when Black does
    mate: int | None
    #: the best line, in SAN
    line: tuple[str, ...]

    @property
    def verdict(self) -> str:
        """A plain reading: "1-0", "0-1" or "1/2-1/2" (within half a pawn)."""
        if self.mate is not None:
            return "1-0" if self.mate > 0 else "0-1"
        assert self.score_cp is not None
        if self.score_cp >= 150:
            return "1-0"
        if self.score_cp <= -150:
            return "0-1"
        return "1/2-1/2"


@dataclass(frozen=True)
class CheckedMove:
    """One move of a player's analysis, against the engine."""

    san: str
    legal: bool
    #: the engine's choice in the same position
    best: str | None
    #: the assessment after the move, for White
    score_cp: int | None
    mate: int | None


class Engine:
    """One engine process for several searches; use as a context manager."""

    def __init__(self, path: Path, depth: int = DEFAULT_DEPTH) -> None:
        self.path = path
        self.depth = depth
        self._engine: chess.engine.SimpleEngine | None = None

    def __enter__(self) -> Engine:
        self._engine = chess.engine.SimpleEngine.popen_uci(str(self.path))
        self._engine.configure({"Threads": 1, "Hash": 16})
        return self

    def __exit__(self, *exc: object) -> None:
        if self._engine is not None:
            self._engine.quit()
            self._engine = None

    def assess(self, board: chess.Board) -> Assessment:
        assert self._engine is not None, "use the engine inside a with block"
        info = self._engine.analyse(
            board, chess.engine.Limit(depth=self.depth), game=object()
        )  # a new game each time: the hash starts empty
        score = info["score"].white()
        pv = info.get("pv", [])
        line = []
        replay = board.copy(stack=False)
        for move in pv[:8]:
            line.append(replay.san(move))
            replay.push(move)
        return Assessment(
            fen=board.fen(),
            depth=self.depth,
            score_cp=score.score() if not score.is_mate() else None,
            mate=score.mate(),
            line=tuple(line),
        )

    def check_line(self, board: chess.Board, moves: list[str]) -> list[CheckedMove]:
        """Each move of a player's line, from ``board``: legal, the engine's
        own choice there, and the assessment after it."""
        checked: list[CheckedMove] = []
        position = board.copy(stack=False)
        for text in moves[:MAX_CHECKED]:
            try:
                move = position.parse_san(text)
            except ValueError:
                checked.append(CheckedMove(text, False, None, None, None))
                break
            before = self.assess(position)
            position.push(move)
            after = self.assess(position)
            checked.append(
                CheckedMove(
                    san=text,
                    legal=True,
                    best=before.line[0] if before.line else None,
                    score_cp=after.score_cp,
                    mate=after.mate,
                )
            )
        return checked


@contextmanager
def engine(path: Path | None = None, depth: int = DEFAULT_DEPTH) -> Iterator[Engine | None]:
    """An engine when Stockfish is there, else None (evidence is then left out)."""
    found = path or find_stockfish()
    if found is None:
        yield None
        return
    with Engine(found, depth) as e:
        yield e


def analysis_moves(text: str, board: chess.Board) -> list[str]:
    """The main line of a player's analysis from ``board`` (the final
    position): PGN movetext with comments and variations, or plain moves.
    Reading stops at the first move that is not legal there.

    >>> analysis_moves("1. e4 {best} e5 (1... c5) 2. Nf3 Nc6", chess.Board())
    ['e4', 'e5', 'Nf3', 'Nc6']
    >>> analysis_moves("Qb5+ Kd4 Qb4+", chess.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1"))
    ['Qb5+', 'Kd4', 'Qb4+']
    """
    pgn = (
        text if text.lstrip().startswith("[") else (f'[SetUp "1"]\n[FEN "{board.fen()}"]\n\n{text}')
    )
    game = chess.pgn.read_game(io.StringIO(pgn))
    if game is None:
        return []
    replay = game.board()
    moves: list[str] = []
    for move in game.mainline_moves():
        if not replay.is_legal(move):
            break
        moves.append(replay.san(move))
        replay.push(move)
    return moves
