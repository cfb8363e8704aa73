"""Thematic events (Art. 26): every game starts from the organiser's theme.

A set position (here Black to move at move 12), an opening line played out
from the initial position, or Chess960 drawn per round; every door numbers
the moves from the start: the mail form 59.1, Xfcc (as Scid writes its PGN
from the fields), the PGN export and the loading of a record.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, date, datetime
from pathlib import Path
from xml.etree import ElementTree

import chess
import chess.pgn
import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.store.models import AuditEntry, Event, Game
from notation import read_move, start, write_move
from tests.conftest import empty_database_url
from tests.support.console import Console
from tests.support.events import OPERATOR, create_event, event_spec, forget_start
from tests.support.mail import game_subjects, outbox, raw_mail
from tests.support.sites import give_passwords
from tests.support.web import PASSWORD, client
from tests.support.xfcc import get_my_games, make_a_move

START = date(2026, 5, 10)
NS = "{http://www.bennedik.com/webservices/XfccBasic}"

#: the Ruy Lopez to White's 12th move: Black to move at move 12
RUY = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5"


def _ruy_fen() -> str:
    board = chess.Board()
    for san in RUY.split():
        board.push_san(san)
    return board.fen()


FEN12 = _ruy_fen()


def thematic_event(
    services: Services, code: str, *, mode: str = "server", players: int = 2, **theme: object
) -> dict[str, int]:
    """An event of ``players`` players with the theme, started on START."""
    ids = {}
    for i in range(1, players + 1):
        login = f"{code.lower()}p{i}"
        ids[login] = services.players.add(
            OPERATOR, login=login, name=f"Player {i}", emails=[f"{login}@example.org"]
        )
    create_event(
        services, code, f"Thematic {code}", START, mode=mode, timezone="Europe/Moscow", **theme
    )
    services.events.add_players(
        OPERATOR, code, [f"{code.lower()}p{i}" for i in range(1, players + 1)]
    )
    services.events.start(OPERATOR, code)
    forget_start(services, code)
    return ids


def games_of(services: Services, code: str) -> list[Game]:
    with services.ctx.db.read() as session:
        games = list(
            session.scalars(
                select(Game).join(Event).where(Event.code == code).order_by(Game.round, Game.id)
            )
        )
        session.expunge_all()
        return games


def read_back(pgn: str) -> chess.Board:
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None and not game.errors
    return game.end().board()


# ------------------------------------------------------------ the position


def test_a_game_set_at_blacks_move_12_numbers_its_first_ply_12_black() -> None:
    assert FEN12.split()[1] == "b" and FEN12.split()[5] == "12"
    assert start.plies_before(FEN12) == 23
    assert start.move_number(1, 23) == 12 and not start.white_ply(1, 23)


def test_an_email_game_from_a_set_position_numbers_the_form_from_move_12(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = thematic_event(services, "TF", mode="email", start_fen=FEN12)
    game = games_of(services, "TF")[0]
    assert game.start_fen == FEN12 and game.fen == FEN12 and game.ply_count == 0
    white, black = game.white_id, game.black_id
    assert white == ids["tfp1"]
    to = game_subjects(services, white, black, game.id)
    view = services.queries.game(game.id)
    assert view.to_move == "tfp2" and view.move_number == 12

    # Black moves first, numbered 12 ... as the player writes it (numeric).
    clock.set(datetime(2026, 5, 10, 12, 0, tzinfo=UTC))
    receipt = services.mail.receive(
        raw_mail("tfp2@example.org", to["black"], "12. ... 1625\n\nPetrov"),
        clock.now(),
        "test",
    )
    assert (receipt.status, receipt.outcome) == ("applied", "move")
    forward = next(m for m in outbox(services) if m.kind == "forward")
    assert forward.to_address == "tfp1@example.org"
    assert f"Start position {FEN12}" in forward.body
    # the game's first move answers none: nothing received, as for 1. in chess
    assert re.search(r"^\s+12\.\s+1625\s+---\s+10/05\s+0/00$", forward.body, re.M), forward.body
    assert "01." not in forward.body

    # White answers, repeating Black's move with its number (Art. 56.3.3).
    clock.advance(days=2)
    body = "12. ... 1625 13. 4445"
    receipt = services.mail.receive(
        raw_mail("tfp1@example.org", f"Re: {to['white']}", body), clock.now(), "test"
    )
    assert receipt.outcome == "move", receipt
    moves = services.queries.game(game.id).moves
    assert [(m.move_number, m.color, m.san) for m in moves] == [
        (12, "black", "axb5"),
        (13, "white", "d5"),
    ]
    forward = [m for m in outbox(services) if m.kind == "forward"][-1]
    assert forward.to_address == "tfp2@example.org"
    form = forward.body
    assert re.search(r"^\s+12\.\s+1625", form, re.M) and re.search(r"13\.\s+4445", form)

    # The schedule and the clocks count the moves made in the game: one each.
    schedule = services.ledgers.schedule(game.id)
    assert [r.move_number for r in schedule.schedule] == [12, 13]
    assert schedule.schedule[0].white is None and schedule.schedule[0].black is not None
    assert schedule.clocks["white"].total == 2 and schedule.clocks["black"].total == 0

    # PGN: SetUp and FEN, numbered from 12..., read back to the same position.
    pgn = services.queries.pgn([game.id])
    assert '[SetUp "1"]' in pgn and f'[FEN "{FEN12}"]' in pgn
    assert "12... axb5" in pgn and "13. d5" in pgn
    assert read_back(pgn).fen() == services.queries.game(game.id).fen


def test_xfcc_sends_setup_and_fen_and_scid_reads_the_game_back(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    thematic_event(services, "TX", start_fen=FEN12)
    give_passwords(services, PASSWORD)
    game = games_of(services, "TX")[0]
    web = client(services)
    url = "/xfcc/xfccbasic.asmx"

    def fields(login: str) -> ElementTree.Element:
        r = web.post(url, content=get_my_games(login, PASSWORD))
        xml = ElementTree.fromstring(r.content)
        found = xml.find(f".//{NS}XfccGame")
        assert found is not None
        return found

    black = fields("txp2")
    assert black.findtext(f"{NS}setup") == "true"
    assert black.findtext(f"{NS}fen") == FEN12
    assert black.findtext(f"{NS}myTurn") == "true" and black.findtext(f"{NS}moves") == ""

    # Scid sends the move number of its board: 12 for Black's first move.
    r = web.post(url, content=make_a_move("txp2", game.id, "axb5", 12))
    assert b"<MakeAMoveResult>Success</MakeAMoveResult>" in r.content
    white = fields("txp1")
    assert white.findtext(f"{NS}moves") == "12...axb5"
    # A wrong number is refused as ICCF refuses it.
    r = web.post(url, content=make_a_move("txp1", game.id, "d5", 12))
    assert b"InvalidMoveNumber" in r.content
    r = web.post(url, content=make_a_move("txp1", game.id, "d5", 13))
    assert b"<MakeAMoveResult>Success</MakeAMoveResult>" in r.content
    r = web.post(url, content=make_a_move("txp2", game.id, "Nb6", 13))
    assert b"<MakeAMoveResult>Success</MakeAMoveResult>" in r.content

    # Scid's WritePGN: the tags from the fields, [FEN] when setup is true,
    # then the movetext as sent.
    got = fields("txp1")
    lines = [
        f'[Event "{got.findtext(f"{NS}event")}"]',
        f'[White "{got.findtext(f"{NS}white")}"]',
        f'[Black "{got.findtext(f"{NS}black")}"]',
    ]
    if got.findtext(f"{NS}setup") == "true":
        lines.append(f'[FEN "{got.findtext(f"{NS}fen")}"]')
    lines += ['[Result "*"]', "", got.findtext(f"{NS}moves") or "", "*"]
    scid = "\n".join(lines) + "\n"
    assert "12...axb5 13.d5 Nb6" in scid
    assert read_back(scid).fen() == services.queries.game(game.id).fen


def test_a_record_loaded_from_its_own_start_position(services: Services, clock: FixedClock) -> None:
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    thematic_event(services, "TL", mode="post", start_fen=FEN12)
    game = games_of(services, "TL")[0]
    pgn = (
        f'[Event "Thematic TL"]\n[Round "1.1"]\n[White "Player, 1"]\n[Black "Player, 2"]\n'
        f'[Result "*"]\n[SetUp "1"]\n[FEN "{FEN12}"]\n\n'
        "12... axb5 { [%ccsnt 2026.05.10] } 13. d5 { [%ccsnt 2026.05.11] } *"
    )
    services.records.load_game(OPERATOR, game.id, pgn)
    moves = services.queries.game(game.id).moves
    assert [(m.move_number, m.san) for m in moves] == [(12, "axb5"), (13, "d5")]
    # A record from another position is refused, saying both.
    other = pgn.replace(FEN12, chess.STARTING_FEN).replace("12... axb5", "1. e4")
    with pytest.raises(errors.RecordRefused) as refused:
        services.records.load_game(OPERATOR, game.id, other)
    assert FEN12 in refused.value.message("en")


# ---------------------------------------------------------- opening line


def test_an_opening_line_event_starts_after_the_line_and_pgn_shows_it(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    thematic_event(services, "TO", opening="1.e4 e5 2. 7163")
    game = games_of(services, "TO")[0]
    assert game.start_line == "e4 e5 Nf3"
    assert game.start_fen is not None and game.start_fen.split()[1] == "b"
    outcome = services.games.submit_move(
        OPERATOR, game.id, "Nc6", as_player=game.black_id, move_number=2
    )
    assert (outcome.move_number, outcome.color) == (2, "black")
    services.games.submit_move(OPERATOR, game.id, "Bb5", as_player=game.white_id)
    pgn = services.queries.pgn([game.id])
    movetext = re.sub(r"\{[^}]*\}\s*", "", pgn)
    assert "[FEN" not in pgn and "1. e4 e5 2. Nf3 Nc6 3. Bb5" in movetext
    assert read_back(pgn).fen() == services.queries.game(game.id).fen
    assert [m.move_number for m in services.queries.game(game.id).moves] == [2, 3]
    # Xfcc sends the line as the first moves, so clients number on from it.
    assert services.queries.event("TO").start_line == "e4 e5 Nf3"


def test_an_opening_line_that_is_not_legal_is_refused_with_its_move() -> None:
    with pytest.raises(start.StartError, match="move 2"):
        start.opening_line("1.e4 e5 2.Ke3")


# -------------------------------------------------------------- Chess960


def test_chess960_rounds_share_their_drawn_position_and_castling_is_exported(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    thematic_event(services, "T9", players=4, chess960=True, chess960_seed="t3")
    games = games_of(services, "T9")
    by_round: dict[int, set[str | None]] = {}
    for g in games:
        by_round.setdefault(g.round, set()).add(g.start_fen)
        assert g.chess960 and g.fen == g.start_fen
    assert sorted(by_round) == [1, 2, 3] and all(len(f) == 1 for f in by_round.values())
    # Reproducible from the seed, and written in the audit log once a round.
    assert start.chess960_number("t3", 1) == 869
    assert by_round[1] == {start.chess960_fen(869)}
    with services.ctx.db.read() as session:
        drawn = [
            e.details
            for e in session.scalars(
                select(AuditEntry).where(AuditEntry.action == "round_position_drawn")
            )
        ]
    assert sorted(d["round"] for d in drawn) == [1, 2, 3]
    assert all(
        d["seed"] == "t3" and d["number"] == start.chess960_number("t3", d["round"]) for d in drawn
    )

    # qrbbkrnn: after Nh3 White castles short, the king onto f1's rook.
    game = next(g for g in games if g.round == 1)
    services.games.submit_move(OPERATOR, game.id, "Nh3", as_player=game.white_id)
    services.games.submit_move(OPERATOR, game.id, "a6", as_player=game.black_id)
    board = chess.Board(services.queries.game(game.id).fen, chess960=True)
    castle = next(iter(board.generate_castling_moves()))
    assert castle.uci() == "e1f1"
    # Numeric: the king onto its rook; the king's own square reads too.
    assert write_move(board, castle, "numeric") == "5161"
    assert read_move(board, "5171") == castle and read_move(board, "5161") == castle
    outcome = services.games.submit_move(OPERATOR, game.id, "O-O", as_player=game.white_id)
    assert outcome.san == "O-O" and outcome.uci == "e1f1"
    view = services.queries.game(game.id)
    after = chess.Board(view.fen, chess960=True)
    assert after.piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)
    assert after.piece_at(chess.F1) == chess.Piece(chess.ROOK, chess.WHITE)

    pgn = services.queries.pgn([game.id])
    assert '[Variant "Chess960"]' in pgn and f'[FEN "{start.chess960_fen(869)}"]' in pgn
    assert "2. O-O" in pgn
    assert read_back(pgn).fen() == view.fen

    # Xfcc sends the drawn position as the game's setup; the FEN Scid writes
    # from it (X-FEN castling rights) reads back as Chess960.
    give_passwords(services, PASSWORD)
    web = client(services)
    r = web.post("/xfcc/xfccbasic.asmx", content=get_my_games(view.white, PASSWORD))
    found = ElementTree.fromstring(r.content).find(f".//{NS}XfccGame")
    assert found is not None
    assert found.findtext(f"{NS}setup") == "true"
    assert found.findtext(f"{NS}fen") == start.chess960_fen(869)
    scid = f'[FEN "{found.findtext(f"{NS}fen")}"]\n\n{found.findtext(f"{NS}moves")} *\n'
    assert "2.O-O" in scid and read_back(scid).fen() == view.fen


# ------------------------------------------------------------- refusals


def test_an_illegal_position_is_refused_naming_the_problem_in_both_languages(
    services: Services,
) -> None:
    spec = event_spec("BAD", "Bad", START, start_fen="4k3/8/8/8/8/8/8/4K2P w - - 0 1")
    with pytest.raises(errors.InvalidInput) as refused:
        services.events.create(OPERATOR, spec)
    assert "a pawn stands on the first or last rank" in refused.value.message("en")
    assert "пешка стоит на первой или последней горизонтали" in refused.value.message("ru")
    spec = event_spec("BAD", "Bad", START, start_fen="not a position")
    with pytest.raises(errors.InvalidInput) as refused:
        services.events.create(OPERATOR, spec)
    assert "is not a FEN" in refused.value.message("en")
    assert "не FEN" in refused.value.message("ru")
    with pytest.raises(errors.InvalidInput):
        create_event(services, "BAD", "Bad", START, start_fen=FEN12, chess960=True)
    assert all(e.code != "BAD" for e in services.queries.events())


def test_the_time_control_counts_the_moves_made_in_the_game(
    services: Services, clock: FixedClock
) -> None:
    """The 10/50 control counts the moves made in the game: Black's first
    move of a game set at move 12 is Black's move 1 of the control. The
    control is shown by the record's numbers: Black's 10th move in the game
    is move 21, White's (who begins with move 13) move 22."""
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    thematic_event(services, "TC", start_fen=FEN12)
    game = games_of(services, "TC")[0]
    services.games.submit_move(OPERATOR, game.id, "axb5", as_player=game.black_id)
    clocks = services.ledgers.schedule(game.id).clocks
    assert (clocks["black"].next_control_move, clocks["white"].next_control_move) == (21, 22)
    assert services.queries.game(game.id).move_number == 13
    listed = {g.id: g for g in services.queries.my_games(game.white_id)}
    assert listed[game.id].next_control_move == 22


# ------------------------------------------------------------------ the web


def test_the_office_sets_a_theme_and_the_pages_show_it_in_both_languages(
    services: Services, clock: FixedClock
) -> None:
    from tests.support.web import csrf_of, sign_in

    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    services.players.add(OPERATOR, login="office", name="Ольга Оргкомитет", roles=["admin"])
    for login in ("w1", "w2"):
        services.players.add(OPERATOR, login=login, name=f"Игрок {login}", lang="ru")
    give_passwords(services, PASSWORD)
    c = sign_in(services, "office", PASSWORD)
    page = c.get("/office/events/new")
    assert 'id="f-start-fen"' in page.text
    values = {
        "csrf_token": csrf_of(page.text),
        "code": "WEB",
        "name": "Web theme",
        "mode": "server",
        "start_date": "2026-05-10",
        "timezone": "Europe/Moscow",
    }
    # An illegal position comes back beside the form, saying what is wrong.
    bad = c.post("/office/events/new", data={**values, "start_fen": "8/8/8/8/8/8/8/8 w - - 0 1"})
    assert bad.status_code == 422 and "the board is empty" in bad.text
    r = c.post("/office/events/new", data={**values, "start_fen": FEN12}, follow_redirects=False)
    assert r.status_code == 303
    services.events.add_players(OPERATOR, "WEB", ["w1", "w2"])
    services.events.start(OPERATOR, "WEB")
    en = client(services).get("/events/WEB")
    assert f"Thematic: the position {FEN12}" in en.text and "<svg" in en.text
    ru = sign_in(services, "w1", PASSWORD).get("/events/WEB")
    assert f"Тематический: позиция {FEN12}" in ru.text

    # The game page: the record numbered from 12..., the start for the board.
    game = games_of(services, "WEB")[0]
    services.games.submit_move(OPERATOR, game.id, "axb5", as_player=game.black_id)
    shown = sign_in(services, "w1", PASSWORD).get(f"/games/{game.id}")
    assert f'data-start-fen="{FEN12}"' in shown.text
    row = re.search(
        r'<th scope="row">(\d+)\.</th>\s*<td>…</td>\s*<td><span[^>]*>([^<]+)<', shown.text
    )
    assert row is not None and row.groups() == ("12", "axb5")


# -------------------------------------------------------------- the console


@pytest.mark.parametrize("backend", ["sqlite"])
def test_the_console_creates_thematic_events(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> None:
    console = Console(empty_database_url(request, backend, tmp_path), tmp_path)
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Arbiter", "--role", "arbiter")
    base = ("--mode", "server", "--start", "2026-05-10", "--arbiter", "arb")
    console.run("event", "create", "OP", "--name", "Op", *base, "--opening", "1.e4 e5 2.Nf3")
    console.run("player", "add", "b1", "--name", "B One")
    console.run("event", "add-player", "OP", "b1", "--section", "B")
    said = console.run("event", "section-theme", "OP", "B", "--opening", "1.d4 d5").stdout
    assert "section B: Thematic: the opening 1.d4 d5" in said
    shown = console.run("event", "show", "OP").stdout
    assert "Thematic: the opening 1.e4 e5 2.Nf3" in shown
    assert "section B: Thematic: the opening 1.d4 d5" in shown
    console.run(
        "event", "create", "C9", "--name", "C9", *base, "--chess960", "--chess960-seed", "s"
    )
    assert console.json("event", "show", "C9")["chess960_seed"] == "s"  # type: ignore[index]
    empty = "8/8/8/8/8/8/8/8 w - - 0 1"
    said = console.refused(
        "event", "create", "BAD", "--name", "Bad", *base, "--start-fen", empty, code="invalid_input"
    )
    assert "the board is empty" in said


def test_a_section_may_have_a_theme_of_its_own(services: Services, clock: FixedClock) -> None:
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    for login in ("s1", "s2", "s3", "s4"):
        services.players.add(OPERATOR, login=login, name=login.upper())
    create_event(services, "SEC", "Sections", START, start_fen=FEN12)
    services.events.add_players(OPERATOR, "SEC", ["s1", "s2"], section="A")
    services.events.add_players(OPERATOR, "SEC", ["s3", "s4"], section="B")
    chosen = services.themes.set_section(OPERATOR, "SEC", "B", opening="1.d4 d5")
    assert chosen.start_line == "d4 d5"
    assert services.queries.event("SEC").section_themes == {"B": (chosen.start_fen, "d4 d5")}
    services.events.start(OPERATOR, "SEC")
    with services.ctx.db.read() as session:
        starts = {
            g.section.name: (g.start_fen, g.start_line)
            for g in session.scalars(select(Game).join(Event).where(Event.code == "SEC"))
        }
    assert starts == {"A": (FEN12, None), "B": (chosen.start_fen, "d4 d5")}
    page = client(services).get("/events/SEC").text
    assert f"Thematic: the position {FEN12}" in page
    assert "Section B: Thematic: the opening 1.d4 d5" in page
    with pytest.raises(errors.EventStateError):
        services.themes.set_section(OPERATOR, "SEC", "A", opening="1.e4")


def test_a_swiss_rounds_games_start_from_the_theme_when_the_round_is_paired(
    services: Services, clock: FixedClock
) -> None:
    """A Swiss pairs its next round when the last result comes in; that
    round's games start from the event's theme, and a Chess960 event draws
    the round's position then."""
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    thematic_event(
        services, "SW", players=4, chess960=True, chess960_seed="sw", system="swiss", rounds=2
    )
    first = games_of(services, "SW")
    assert {g.round for g in first} == {1}
    for game in first:
        services.games.resign(OPERATOR, game.id, as_player=game.white_id)
    second = [g for g in games_of(services, "SW") if g.round == 2]
    drawn = start.chess960_fen(start.chess960_number("sw", 2))
    assert second and all(g.chess960 and g.fen == drawn for g in second)
    with services.ctx.db.read() as session:
        rounds = sorted(
            e.details["round"]
            for e in session.scalars(
                select(AuditEntry).where(AuditEntry.action == "round_position_drawn")
            )
        )
    assert rounds == [1, 2]


def test_a_knockout_cup_of_chess960_draws_its_first_round_at_the_start(
    services: Services, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    thematic_event(
        services, "KO9", players=4, chess960=True, chess960_seed="cup", system="knockout"
    )
    games = games_of(services, "KO9")
    assert games and {g.round for g in games} == {1}
    drawn = start.chess960_fen(start.chess960_number("cup", 1))
    assert all(g.chess960 and g.start_fen == drawn and g.fen == drawn for g in games)


def test_the_start_mail_of_an_email_event_says_where_its_games_begin(
    services: Services, clock: FixedClock
) -> None:
    from cc.store.models import OutboundMessage

    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    for login in ("tmp1", "tmp2"):
        services.players.add(OPERATOR, login=login, name=login, emails=[f"{login}@example.org"])
    create_event(services, "TM", "Thematic TM", START, mode="email", opening="1.e4 c5 2.Nf3 d6")
    services.events.add_players(OPERATOR, "TM", ["tmp1", "tmp2"])
    services.events.start(OPERATOR, "TM")
    with services.ctx.db.read() as session:
        starts = session.scalars(
            select(OutboundMessage).where(OutboundMessage.kind == "start")
        ).all()
        bodies = {m.to_address: m.body for m in starts}
    assert set(bodies) == {"tmp1@example.org", "tmp2@example.org"}
    assert all("Thematic: the opening 1.e4 c5 2.Nf3 d6" in b for b in bodies.values())


def test_games_from_a_position_with_black_to_move_tell_black_to_begin(
    services: Services, clock: FixedClock
) -> None:
    """Black moves first from such a position: the start mail, a Swiss
    round's pairing mail and the first-move reminder say so, in Russian and
    English; the start mail shows the position, and names each opponent once."""
    from cc.store.models import OutboundMessage

    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    langs = {"bf1": "ru", "bf2": "en", "bf3": "en", "bf4": "ru"}
    for login, lang in langs.items():
        services.players.add(
            OPERATOR,
            login=login,
            name=f"Player {login}",
            emails=[f"{login}@example.org"],
            lang=lang,
        )
    for code, spec in (
        ("BFR", {"cycles": 2}),
        ("BFS", {"system": "swiss", "rounds": 2}),
    ):
        create_event(
            services, code, f"Black first {code}", START, mode="email", start_fen=FEN12, **spec
        )
    services.events.add_players(OPERATOR, "BFR", ["bf1", "bf2"])
    services.events.start(OPERATOR, "BFR")

    def mails(kind: str, to: str) -> list[str]:
        with services.ctx.db.read() as session:
            return [
                m.body
                for m in session.scalars(
                    select(OutboundMessage).where(
                        OutboundMessage.kind == kind, OutboundMessage.to_address == to
                    )
                )
            ]

    (ru,) = mails("start", "bf1@example.org")
    (en,) = mails("start", "bf2@example.org")
    assert "with Black, send your first move now" in en and "With White" not in en
    assert "играющие чёрными — пришлите первый ход" in ru and "белыми — пришлите" not in ru
    assert "your opponents: Player bf1." in en  # met twice, named once
    assert "8  л  .  с  ф  .  л  кр .  8" in ru  # the position, in Russian letters
    assert "8  r  .  b  q  .  r  k  .  8" in en
    # A Swiss round paired after a result: the pairing mail.
    services.events.add_players(OPERATOR, "BFS", list(langs))
    services.events.start(OPERATOR, "BFS")
    for game in games_of(services, "BFS"):
        services.games.resign(OPERATOR, game.id, as_player=game.white_id)
    second = [g for g in games_of(services, "BFS") if g.round == 2]
    assert second and all(g.fen == FEN12 for g in second)
    texts = [b for b in mails("notice", "bf2@example.org") if "round 2" in b]
    assert texts and "with Black, send your first move" in texts[0]
    # No move for 15 days: Black is reminded of the first move (56.5.1).
    clock.set(datetime(2026, 5, 26, 9, 0, tzinfo=UTC))
    assert 2 in services.daily.run(date(2026, 5, 26)).reminded
    reminders = [b for b in mails("notice", "bf1@example.org") if b.startswith("Партия 2:")]
    assert reminders and "первый ход за вами (вы играете чёрными" in reminders[0]
