"""PGN that other programs read: tag values escaped as the PGN standard
writes strings (``\\"`` and ``\\\\``), kept on one line, cut so that no line
passes 255 bytes; Termination in the standard's words, this server's own
words in TerminationDetails; the downloads said to be UTF-8.

The file is checked by python-chess and by Debian's pgn-extract (installed
by scripts/system-packages), and loaded back into a fresh event of the same
players, in the new form and in the form the server wrote before.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from datetime import date
from pathlib import Path

import chess.pgn
import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import GameResult, GameStatus, ResultReason
from cc.store.models import Event, Game
from notation.pgn import tag_line, tag_value
from tests.support.cases import player
from tests.support.days import at
from tests.support.events import OPERATOR, create_event
from tests.support.pgn import games, play
from tests.support.web import client, sign_in, token_for

START = date(2026, 11, 9)
PASSWORD = "correct-horse"
#: the PGN standard's Termination values (its section 9.8.1)
STANDARD_TERMINATIONS = {
    "abandoned",
    "adjudication",
    "death",
    "emergency",
    "normal",
    "rules infraction",
    "time forfeit",
    "unterminated",
}
#: stored names, and the names PGN writes ("Surname, Given")
NAMES = {
    "ob": ('O"Brien Patrick', 'O"Brien, Patrick'),
    "bs": ("Back\\slash {Brace} Jr", "Back\\slash, {Brace} Jr"),
    # 200 characters, 400 bytes in UTF-8: more than a tag line holds
    "long": ("Ж" * 10 + " " + "Ю" * 189, "Ж" * 10 + ", " + "Ю" * 189),
}
#: an event name that tries to end its tag, and one too long for a line
#: (200 characters, the most an event's name is stored with)
QUOTED = 'Cup "Quoted" \\ {brace}\n[Annotator "injected"]'
QUOTED_READ = 'Cup "Quoted" \\ {brace} [Annotator "injected"]'
LONG = 'Кубок "Длинный" \\ ' + "Ж" * 182
PGN_TYPE = "application/x-chess-pgn; charset=utf-8"


def pgn_extract() -> str:
    found = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")
    if found is None:
        pytest.skip("pgn-extract is not installed (Debian's pgn-extract: scripts/system-packages)")
    return found


def unescaped(text: str) -> str:
    """A PGN string's value, read as the standard says (section 7)."""
    return re.sub(r"\\(.)", r"\1", text)


def raw_tags(text: str) -> list[list[tuple[str, str]]]:
    """Each game's tag lines, their values as written (escapes kept)."""
    games: list[list[tuple[str, str]]] = []
    for chunk in re.split(r"\n\n(?=\[)", text.strip()):
        games.append(re.findall(r'^\[(\w+) "(.*)"\]$', chunk, re.MULTILINE))
    return games


def cut(name: str, value: str) -> str:
    """What a tag keeps of ``value``: the most whole characters whose line,
    escaped, fits 255 bytes."""
    kept = ""
    for char in value:
        line = f'[{name} "' + (kept + char).replace("\\", "\\\\").replace('"', '\\"') + '"]'
        if len(line.encode()) > 255:
            break
        kept += char
    return kept


def build(services: Services, code: str, name: str) -> dict[tuple[int, int], int]:
    """A started round robin of the three players; its games by (round, board)."""
    known = {p.login for p in services.queries.players()}
    for login, (stored, _) in NAMES.items():
        if login not in known:
            services.players.add(OPERATOR, login=login, name=stored, password=PASSWORD)
    create_event(services, code, name, START, timezone="Europe/Moscow")
    services.events.add_players(OPERATOR, code, list(NAMES))
    services.events.start(OPERATOR, code)
    return games(services, code)


def played(services: Services, clock: FixedClock) -> tuple[list[int], list[int]]:
    """Two events of the same players: the first's games played (one
    resigned, one drawn by agreement, one going on), the second's fresh."""
    at(clock, START)
    first = build(services, "Q1", QUOTED)
    second = build(services, "Q2", LONG)
    ids = {p.login: p.id for p in services.queries.players()}
    resigned, drawn, going = (first[k] for k in sorted(first))
    play(services, ids, resigned, "e4", "e5")
    clock.advance(days=2)
    play(services, ids, drawn, "d4", "d5", "c4")
    play(services, ids, going, "c4")
    clock.advance(days=1)
    view = services.queries.game(resigned)
    services.games.resign(player(ids, view.white), resigned)
    view = services.queries.game(drawn)
    services.games.offer_draw(player(ids, view.black), drawn)
    services.games.accept_draw(player(ids, view.white), drawn)
    return [first[k] for k in sorted(first)], [second[k] for k in sorted(second)]


def test_each_tag_is_read_back_as_it_was_given(services: Services, clock: FixedClock) -> None:
    first, second = played(services, clock)
    with services.ctx.db.write() as session:
        event = session.scalar(select(Event).where(Event.code == "Q1"))
        assert event is not None
        for section in event.sections:
            section.name = 'Group "A"\r\n1'  # a tag python-chess itself refuses a break in
    text = services.queries.pgn(first + second) + "\n"
    # One line per tag, none longer than the standard's 255 (in bytes).
    assert all(len(line.encode()) <= 255 for line in text.splitlines())
    assert "Annotator" not in [name for tags in raw_tags(text) for name, _ in tags]
    written = raw_tags(text)[0]
    assert ("Event", 'Cup \\"Quoted\\" \\\\ {brace} [Annotator \\"injected\\"]') in written
    stream = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(stream)) is not None:
        assert game.errors == []
        games.append(game)
    assert len(games) == 6
    for game, game_id in zip(games, first + second, strict=True):
        tags = {name: unescaped(value) for name, value in game.headers.items()}
        view = services.queries.game(game_id)
        assert tags["GameId"] == str(game_id)
        assert tags["Section"] == ('Group "A"  1' if game_id in first else "A")
        assert tags["Event"] == (QUOTED_READ if game_id in first else cut("Event", LONG))
        for side, login in (("White", view.white), ("Black", view.black)):
            assert tags[side] == cut(side, NAMES[login][1])
        assert [m.uci() for m in game.mainline_moves()] == [m.uci for m in view.moves]
    assert len(cut("Event", LONG)) < len(LONG) and len(cut("White", NAMES["long"][1])) < 200
    resigned, drawn, going = games[:3]
    assert resigned.headers["Termination"] == "normal" == drawn.headers["Termination"]
    assert resigned.headers["TerminationDetails"] == "resignation"
    assert drawn.headers["TerminationDetails"] == "agreed draw"
    assert "Termination" not in going.headers and going.headers["Result"] == "*"


def test_pgn_extract_reads_every_game(
    services: Services, clock: FixedClock, tmp_path: Path
) -> None:
    binary = pgn_extract()
    first, second = played(services, clock)
    exported = tmp_path / "games.pgn"
    exported.write_text(services.queries.pgn(first + second[:1]) + "\n", encoding="utf-8")
    report = subprocess.run([binary, "-s", "-r", str(exported)], capture_output=True, check=True)
    assert (report.stdout, report.stderr.decode("utf-8", "replace")) == (b"", "")
    out = tmp_path / "out.pgn"
    copied = subprocess.run(
        [binary, "-s", "-o", str(out), str(exported)], capture_output=True, check=True
    )
    assert copied.stderr.decode("utf-8", "replace") == ""
    # A line cut inside a character would not be UTF-8 any more.
    again = out.read_bytes().decode("utf-8")
    assert again.count("\n[Event ") + again.startswith("[Event ") == 4
    events = [unescaped(v) for tags in raw_tags(again) for n, v in tags if n == "Event"]
    assert events == [QUOTED_READ] * 3 + [cut("Event", LONG)]
    whites = [unescaped(v) for tags in raw_tags(again) for n, v in tags if n == "White"]
    assert set(whites) <= {cut("White", written) for _, written in NAMES.values()}
    assert any('"' in w for w in whites) and any("\\" in w for w in whites)


@pytest.mark.parametrize("form", ["standard", "older"])
def test_a_record_loads_back_to_the_same_ending(
    services: Services, clock: FixedClock, form: str
) -> None:
    """Termination "normal" with TerminationDetails, as the server writes
    it, and the server's words in Termination, as it wrote them before."""
    first, second = played(services, clock)
    for source, target, reason in (
        (first[0], second[0], "resignation"),
        (first[1], second[1], "agreed draw"),
    ):
        text = services.queries.pgn([source])
        assert '[Termination "normal"]' in text
        assert f'[TerminationDetails "{reason}"]' in text
        if form == "older":
            text = text.replace('[Termination "normal"]', f'[Termination "{reason}"]')
            text = text.replace(f'[TerminationDetails "{reason}"]\n', "")
        loaded = services.records.load_game(OPERATOR, target, text)
        assert loaded.note is None
        assert loaded.result_reason == reason.replace(" ", "_")
        original, copy = services.queries.game(source), services.queries.game(target)
        assert (copy.result, copy.result_reason) == (original.result, original.result_reason)
        assert [m.uci for m in copy.moves] == [m.uci for m in original.moves]


def test_every_ending_has_a_standard_termination(services: Services, clock: FixedClock) -> None:
    first, _ = played(services, clock)
    game_id = first[2]
    for reason in ResultReason:
        with services.ctx.db.write() as session:
            game = session.get(Game, game_id)
            assert game is not None
            game.status, game.result = GameStatus.FINISHED, GameResult.WHITE_WINS
            game.result_reason = reason
        read = chess.pgn.read_game(io.StringIO(services.queries.pgn([game_id])))
        assert read is not None
        assert read.headers["Termination"] in STANDARD_TERMINATIONS
        assert read.headers["TerminationDetails"] == reason.value.replace("_", " ")
        expected = {
            ResultReason.TIME_FORFEIT: "time forfeit",
            ResultReason.ADJUDICATION: "adjudication",
            ResultReason.WITHDRAWAL: "abandoned",
            ResultReason.DEFAULT: "abandoned",
        }.get(reason, "normal")
        assert read.headers["Termination"] == expected


def test_downloads_say_they_are_utf8(services: Services, clock: FixedClock) -> None:
    first, _ = played(services, clock)
    ids = {p.login: p.id for p in services.queries.players()}
    login = services.queries.game(first[0]).white
    web = sign_in(services, login, PASSWORD)
    api = client(services)
    for answer in (
        web.get(f"/games/{first[0]}.pgn"),
        web.get("/games.pgn"),
        api.get(f"/api/v1/games/{first[0]}/pgn", headers=token_for(services, ids[login])),
    ):
        assert answer.status_code == 200
        assert answer.headers["content-type"] == PGN_TYPE
        assert 'Cup \\"Quoted\\"' in answer.content.decode("utf-8")


def test_a_tag_line_of_a_long_value() -> None:
    """361 characters: cut whole, never inside a character or an escape."""
    for value in (
        "Кубок " * 60 + "!",
        "a" * 242 + '"' * 119,
        "Ж" * 122 + "\\" * 239,
        "x" + "\\" * 360,
    ):
        assert len(value) == 361
        line = tag_line("Event", value)
        assert len(line.encode()) <= 255
        kept = tag_value("Event", value)
        assert kept == cut("Event", value) and value.startswith(kept)
        read = chess.pgn.read_game(io.StringIO(line + "\n\n*\n"))
        assert read is not None and unescaped(read.headers["Event"]) == kept
        inner = line[len('[Event "') : -len('"]')]
        assert (len(inner) - len(inner.rstrip("\\"))) % 2 == 0  # no backslash left alone
