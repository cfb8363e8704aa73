"""The console as a newcomer uses it: real `cc` processes on an empty database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.support.console import Console
from tests.support.events import OPERATOR
from tests.support.sites import site_over


def test_newcomer_runs_an_event_and_plays_a_game_to_mate(console: Console) -> None:
    today = datetime.now(UTC).date()
    assert "database at head" in console.run("db", "upgrade").stdout
    console.run("player", "add", "arb", "--name", "Chief Arbiter", "--role", "arbiter")
    for i in range(1, 6):
        console.run(
            "player",
            "add",
            f"p{i}",
            "--name",
            f"Player {i}",
            "--email",
            f"p{i}@example.org",
            "--lang",
            "ru" if i % 2 else "en",
        )
    players = ("p1", "p2", "p3", "p4", "p5")
    started = console.event(
        "CUP", "Server Cup", today - timedelta(days=3), players, "--arbiter", "arb"
    )
    assert "games created: 10" in started

    games = console.json("game", "list", "--event", "CUP")
    assert isinstance(games, list)
    # The Berger table for 6, player 6 being the bye (Art. 31.5).
    assert [(g["round"], g["white"], g["black"]) for g in games] == [
        (1, "p2", "p5"),
        (1, "p3", "p4"),
        (2, "p5", "p3"),
        (2, "p1", "p2"),
        (3, "p3", "p1"),
        (3, "p4", "p5"),
        (4, "p1", "p4"),
        (4, "p2", "p3"),
        (5, "p4", "p2"),
        (5, "p5", "p1"),
    ]
    first = games[0]["id"]

    def moves_of(game_id: int) -> list[object]:
        shown = console.json("game", "show", str(game_id))
        assert isinstance(shown, dict)
        return list(shown["moves"])

    # Every wrong attempt is refused with a clear message and stores nothing.
    console.refused(
        "game", "move", str(first), "--player", "p5", "--move", "e5", code="not_your_turn"
    )
    console.refused(
        "game", "move", str(first), "--player", "p1", "--move", "e4", code="not_your_game"
    )
    said = console.refused(
        "game", "move", str(first), "--player", "p2", "--move", "e5", code="impossible_move"
    )
    assert "'e5' is not a legal move in game" in said
    said = console.refused(
        "--lang",
        "ru",
        "game",
        "move",
        str(first),
        "--player",
        "p2",
        "--move",
        "xyzzy",
        code="illegible_move",
    )
    assert "Не удаётся прочитать 'xyzzy'" in said
    console.refused("game", "move", "999", "--player", "p2", "--move", "e4", code="not_found")
    assert moves_of(first) == []

    for player, move in [("p2", "f3"), ("p5", "e5"), ("p2", "g4")]:
        console.run("game", "move", str(first), "--player", player, "--move", move)
    again = console.run(
        "game", "move", str(first), "--player", "p2", "--move", "g2g4", "--move-number", "2"
    )
    assert "already applied" in again.stdout
    mate = console.run("game", "move", str(first), "--player", "p5", "--move", "Qh4#")
    assert "game over: 0-1 (checkmate)" in mate.stdout
    console.refused("game", "move", str(first), "--player", "p2", "--move", "Kf2", code="game_over")

    shown = console.json("game", "show", str(first))
    assert isinstance(shown, dict)
    assert [(m["san"], m["uci"]) for m in shown["moves"]] == [
        ("f3", "f2f3"),
        ("e5", "e7e5"),
        ("g4", "g2g4"),
        ("Qh4#", "d8h4"),
    ]
    assert all(m["sent_at"] and m["received_at"] and m["door"] == "cli" for m in shown["moves"])
    assert shown["fen"].startswith("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w")
    assert (shown["status"], shown["result"], shown["result_reason"], shown["to_move"]) == (
        "finished",
        "0-1",
        "checkmate",
        None,
    )
    text = console.run("game", "show", str(first)).stdout
    assert "1. f3 e5 2. g4 Qh4#" in text and "result 0-1 (checkmate)" in text

    pgn = console.run("game", "pgn", str(first)).stdout
    sent = today.strftime("%Y.%m.%d")
    assert (
        '[Result "0-1"]' in pgn
        and '[TimeControl "10/4320000"]' in pgn
        and '[TimeControlDays "10/50"]' in pgn
    )
    assert f"1. f3 {{ [%ccsnt {sent}] }} 1... e5 {{ [%ccsnt {sent}] }}" in pgn
    assert f"Qh4# {{ [%ccsnt {sent}] }} 0-1" in pgn
    assert '[White "Player, 2"]' in pgn and '[Mode "XFCC"]' in pgn

    # An event whose official start is still to come takes no moves (54.4.4).
    console.run("player", "add", "q1", "--name", "Q One")
    console.run("player", "add", "q2", "--name", "Q Two")
    console.event("LATER", "Later Cup", today + timedelta(days=10), ("q1", "q2"))
    later = console.json("game", "list", "--event", "LATER")
    assert isinstance(later, list)
    game_id, white = later[0]["id"], later[0]["white"]
    said = console.refused(
        "game", "move", str(game_id), "--player", white, "--move", "e4", code="event_not_started"
    )
    assert (today + timedelta(days=10)).isoformat() in said
    assert moves_of(game_id) == []


def test_arbiter_enters_a_posted_move_with_its_date(console: Console) -> None:
    today = datetime.now(UTC).date()
    console.run("db", "upgrade")
    console.run("player", "add", "pa", "--name", "A")
    console.run("player", "add", "pb", "--name", "B")
    console.event("POST1", "Post", today - timedelta(days=5), ("pa", "pb"),
                  "--tz", "Europe/Moscow", "--tc", "10/30", mode="post")  # fmt: skip
    at = f"{(today - timedelta(days=2)).isoformat()}T10:15"
    console.run(
        "game",
        "move",
        "1",
        "--player",
        "pa",
        "--move",
        "e2e4",
        "--at",
        at,
        "--stated-sent-on",
        (today - timedelta(days=3)).isoformat(),
    )
    move = console.json("game", "show", "1")["moves"][0]  # type: ignore[index]
    assert move["sent_at"] == datetime.fromisoformat(at + "+03:00").astimezone(UTC).isoformat()
    assert move["sent_on"] == (today - timedelta(days=2)).isoformat()
    assert move["stated_sent_on"] == (today - timedelta(days=3)).isoformat()
    event = console.json("event", "show", "POST1")
    assert isinstance(event, dict)
    assert event["regulations"]["control_days"] == 30
    assert event["regulations"]["penalty_days"] == 5
    console.refused(
        "game",
        "move",
        "1",
        "--player",
        "pb",
        "--move",
        "e5",
        "--at",
        "yesterday",
        code="invalid_input",
    )


def test_schedule_and_report_print_in_russian_and_english(console: Console) -> None:
    start = datetime.now(UTC).date() - timedelta(days=20)
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Арбитр", "--role", "arbiter")
    console.run("player", "add", "ivanov", "--name", "Иванов Иван", "--lang", "ru")
    console.run("player", "add", "smith", "--name", "John Smith")
    console.event("EM1", "Email Open", start, ("ivanov", "smith"), "--arbiter", "arb", mode="email")
    for player, move, day in [
        ("ivanov", "4244", 0),
        ("smith", "4745", 2),
        ("ivanov", "7163", 6),
        ("smith", "7776", 7),
    ]:
        console.run(
            "game",
            "move",
            "1",
            "--player",
            player,
            "--move",
            move,
            "--at",
            f"{(start + timedelta(days=day)).isoformat()}T12:00",
        )
    console.run("game", "charge", "1", "--player", "smith", "--reason", "illegal move 4735")

    ru = console.run("--lang", "ru", "game", "ledger", "1", "--notation", "numeric").stdout
    assert "График переписки (ст. 60)" in ru and "Иванов Иван - John Smith" in ru
    assert "Пол." in ru and "Отв." in ru and "контроль 10/60" in ru
    lines = ru.splitlines()
    first = next(line for line in lines if line.startswith("01."))
    assert "4244" in first and "4745" in first
    assert "штраф +2: illegal move 4735" in ru
    en = console.run("game", "ledger", "1").stdout
    assert "Move schedule (Art. 60)" in en and "Nf3" in en and "(thinking)" in en
    data = console.json("game", "ledger", "1")
    assert isinstance(data, dict)
    white, black = data["clocks"]["white"], data["clocks"]["black"]
    assert white["total"] == 4 + 13 and white["next_control_move"] == 10
    assert (black["total"], black["penalty_days"], black["overstep_on"]) == (2 + 1 + 2, 2, None)
    row = data["schedule"][1]
    assert (row["white"]["received_on"], row["white"]["sent_on"], row["white"]["days"]) == (
        (start + timedelta(days=2)).isoformat(),
        (start + timedelta(days=6)).isoformat(),
        4,
    )

    report_ru = console.run("--lang", "ru", "player", "report", "smith", "EM1").stdout
    assert "Отчёт участника (ст. 57)" in report_ru and "Партнёр" in report_ru
    assert "ivanov" in report_ru
    report = console.json("player", "report", "smith", "EM1")
    assert isinstance(report, dict)
    (game,) = report["games"]
    assert (game["opponent"], game["white_moves"], game["black_moves"]) == ("ivanov", 2, 2)
    assert game["last_sent_on"] == (start + timedelta(days=7)).isoformat()
    assert "Progress report (Art. 57)" in console.run("player", "report", "smith", "EM1").stdout


def test_the_daily_run_from_the_console(console: Console) -> None:
    today = datetime.now(UTC).date()
    console.run("db", "upgrade")
    console.run("player", "add", "slow", "--name", "Slow")
    console.run("player", "add", "fast", "--name", "Fast")
    console.event("OLD", "Old", today - timedelta(days=60), ("slow", "fast"), "--tc", "10/50")
    # Catching up a missed day in order: the 51st day after the start.
    too_early = console.run("daily", "--date", (today - timedelta(days=10)).isoformat()).stdout
    assert "0 lost on time" in too_early
    report = console.json("daily", "--date", (today - timedelta(days=9)).isoformat())
    assert isinstance(report, dict) and report["forfeited"] == [1]
    shown = console.json("game", "show", "1")
    assert isinstance(shown, dict) and shown["result_reason"] == "time_forfeit"
    assert "0 game(s) examined" in console.run("daily").stdout
    # An event whose end date has passed: its unfinished game goes to adjudication.
    console.event("END", "Ended", today - timedelta(days=5), ("slow", "fast"),
                  "--end", (today - timedelta(days=1)).isoformat())  # fmt: skip
    assert "games to adjudication: 1 [2]" in console.run("daily").stdout


def test_a_withdrawal_case_from_the_console(console: Console) -> None:
    start = datetime.now(UTC).date() - timedelta(days=5)
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Chief Arbiter", "--role", "arbiter")
    console.run("player", "add", "ap", "--name", "Appeals", "--role", "appeal_arbiter")
    for i in range(1, 4):
        console.run("player", "add", f"p{i}", "--name", f"Player {i}")
    console.event(
        "W1", "W", start, ("p1", "p2", "p3"), "--arbiter", "arb", "--appeal-arbiter", "ap"
    )
    opened = console.run("case", "withdraw", "W1", "p1", "--statement", "Moving abroad").stdout
    assert opened.startswith("case 1: withdrawal in W1, open")
    console.refused(
        "case", "decide", "1", "loss", "--reasons", "x", "--by", "p2", code="not_permitted"
    )
    console.refused("case", "decide", "1", "forfeit", "--reasons", "x", code="bad_decision")
    decided = console.run("case", "decide", "1", "loss", "--reasons", "Left", "--by", "arb")
    assert "decision: loss (arb): Left" in decided.stdout
    case = console.json("case", "show", "1", "--by", "p1")
    assert case["actions"] == ["appeal"] and len(case["details"]["games"]) == 2
    console.run("case", "appeal", "1", "I will play on", "--by", "p1")
    final = console.run(
        "case", "decide-appeal", "1", "exclusion", "--reasons", "Fairer", "--by", "ap"
    )
    assert "on appeal: exclusion (ap)" in final.stdout
    listed = console.run("case", "list").stdout
    assert "withdrawal" in listed and "final" in listed


def test_a_team_event_at_the_console(console: Console) -> None:
    today = datetime.now(UTC).date()
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Arbiter", "--role", "arbiter")
    for login in ("a1", "a2", "b1", "b2"):
        console.run("player", "add", login, "--name", login.upper())
    console.run(
        "event", "create", "DUEL", "--name", "Club Match", "--mode", "server",
        "--start", today.isoformat(), "--arbiter", "arb", "--double-round",
        "--team-ranking", "board_points,match_points",
    )  # fmt: skip
    console.run("event", "add-team", "DUEL", "Aces", "a1", "a2")
    console.run("event", "add-team", "DUEL", "Bishops", "b1", "b2")
    console.refused("event", "add-player", "DUEL", "arb", code="invalid_input")
    assert "games created: 4" in console.run("event", "start", "DUEL").stdout
    shown = console.run("event", "show", "DUEL").stdout
    assert "1. Aces: 1. a1, 2. a2" in shown and "2. Bishops: 1. b1, 2. b2" in shown
    games = console.json("game", "list", "--event", "DUEL")
    assert isinstance(games, list)
    # The second cycle reverses the colours of the first, board by board.
    assert [(g["round"], g["white"], g["black"]) for g in games] == [
        (1, "a1", "b1"),
        (1, "b2", "a2"),
        (2, "b1", "a1"),
        (2, "a2", "b2"),
    ]
    console.run("game", "resign", str(games[0]["id"]), "--player", "b1")
    (table,) = console.json("event", "crosstable", "DUEL")  # type: ignore[misc]
    assert table["kind"] == "team" and table["ranking"] == ["board_points", "match_points"]
    assert [(r["team"], r["board_points"]) for r in table["rows"]] == [
        ("Aces", 1.0),
        ("Bishops", 0.0),
    ]
    text = console.run("event", "crosstable", "DUEL").stdout
    assert "DUEL A (3 games to finish)" in text and "Aces" in text


def test_catching_up_the_day_of_an_overstep_after_a_late_entry(console: Console) -> None:
    """A move posted long ago is entered today; the partner went over the
    limit weeks ago: the run for that day, caught up now, records the loss
    dated then and counted to then (51 of 50), and only once."""
    today = datetime.now(UTC).date()
    start = today - timedelta(days=120)
    console.run("db", "upgrade")
    console.run("player", "add", "arbx", "--name", "Arbiter", "--role", "arbiter")
    console.run("player", "add", "wx", "--name", "White")
    console.run("player", "add", "bx", "--name", "Black")
    console.event("LATE", "Late", start, ("wx", "bx"), "--tc", "10/50", "--arbiter", "arbx")
    sent = start + timedelta(days=1)
    console.run(
        "game", "move", "1", "--player", "wx", "--move", "5254", "--at", f"{sent}T12:00",
    )  # fmt: skip
    over = sent + timedelta(days=51)
    before = console.run("daily", "--date", (over - timedelta(days=1)).isoformat()).stdout
    assert "0 game(s) examined" in before
    report = console.json("daily", "--date", over.isoformat())
    assert isinstance(report, dict) and report["forfeited"] == [1]
    ledger = console.json("game", "ledger", "1")
    assert isinstance(ledger, dict)
    black = ledger["clocks"]["black"]
    assert (black["total"], black["overstep_on"]) == (51, over.isoformat())
    again = console.json("daily", "--date", over.isoformat())
    assert isinstance(again, dict) and (again["examined"], again["forfeited"]) == (0, [])


def test_a_database_never_upgraded_is_told_so(console: Console) -> None:
    for args, said in [
        (("player", "list"), "run cc db upgrade first"),
        (("--lang", "ru", "event", "show", "X"), "сначала выполните cc db upgrade"),
    ]:
        result = console.run(*args, ok=False)
        assert result.returncode == 1 and said in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert "database at head" in console.run("db", "upgrade").stdout
    assert console.run("player", "list").stdout == ""


def test_upgrade_names_what_a_database_marked_at_head_lacks(console: Console) -> None:
    """A database stamped with revisions it never ran is not called "at head"."""
    import sqlalchemy as sa

    assert "database at head" in console.run("db", "upgrade").stdout
    engine = sa.create_engine(console.env["CC_DATABASE_URL"])
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE knockout_games")
        conn.exec_driver_sql("ALTER TABLE events DROP COLUMN rounds")
    engine.dispose()
    result = console.run("db", "upgrade", ok=False)
    assert result.returncode == 1, result.stderr
    assert "database at" not in result.stdout
    assert "table knockout_games" in result.stderr
    assert "column events.rounds" in result.stderr
    assert "not at head" in result.stderr
    russian = console.run("--lang", "ru", "db", "upgrade", ok=False)
    assert russian.returncode == 1
    assert "таблица knockout_games" in russian.stderr
    assert "столбец events.rounds" in russian.stderr


def test_the_regulations_and_the_iccf_count_are_shown(console: Console) -> None:
    start = datetime.now(UTC).date() - timedelta(days=40)
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Arbiter", "--role", "arbiter")
    console.run("player", "add", "pa", "--name", "A")
    console.run("player", "add", "pb", "--name", "B")
    console.event(
        "ICCF1", "ICCF rules", start, ("pa", "pb"), "--arbiter", "arb", "--day-counting", "iccf",
        "--iccf-double-after-20", "--next-day-receipt", "--leave-per-event", "40", mode="email",
    )  # fmt: skip
    shown = console.run("event", "show", "ICCF1").stdout
    for line in (
        "control 10/60 days; leave 30/year, 40 per event; penalty 2 days (2 for a repeat)",
        "day counting: ICCF (whole 24-hour periods from the moment of receipt, §10.2)",
        "ICCF doubling: days beyond 20 on one move count double (§10.2)",
        "the first overstep loses the game (55.6.11)",
        "next-day receipt: a move counts as received the day after (§10.3)",
    ):
        assert line in shown, shown
    ru = console.run("--lang", "ru", "event", "show", "ICCF1").stdout
    assert "удвоение по правилам ИКЧФ" in ru and "получение на следующий день" in ru
    regs = console.json("event", "show", "ICCF1")["regulations"]  # type: ignore[index]
    assert (
        regs["day_counting"],
        regs["iccf_double_after_20"],
        regs["first_overstep_loses"],
        regs["next_day_receipt"],
    ) == ("iccf", True, True, True)

    console.run("game", "move", "1", "--player", "pa", "--move", "d4",
                "--at", f"{(start + timedelta(days=1)).isoformat()}T12:00")  # fmt: skip
    console.run("game", "move", "1", "--player", "pb", "--move", "d5",
                "--at", f"{(start + timedelta(days=26)).isoformat()}T12:00")  # fmt: skip
    en = console.run("game", "ledger", "1").stdout
    assert "whole 24-hour periods from the moment of receipt, so a reply within 23 hours" in en
    assert "Days beyond 20 on one move count double (§10.2): 23 days on a move show as 26." in en
    ru = console.run("--lang", "ru", "game", "ledger", "1").stdout
    assert "поэтому ответ в течение 23 часов стоит 0 дней" in ru
    assert "23 дня на ход записываются как 26" in ru
    ledger = console.json("game", "ledger", "1")
    assert isinstance(ledger, dict)
    assert (ledger["day_counting"], ledger["iccf_double_after_20"]) == ("iccf", True)
    # pb received d4 the next day (start + 2) and answered 24 days later: 20 + 2 * 4.
    assert ledger["schedule"][0]["black"]["days"] == 28


def test_an_arbiter_grants_leave_in_their_own_name(console: Console) -> None:
    today = datetime.now(UTC).date()
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Arbiter", "--role", "arbiter")
    console.run("player", "add", "other", "--name", "Other", "--role", "arbiter")
    for login in ("pa", "pb"):
        console.run("player", "add", login, "--name", login.upper())
    console.event("L1", "L", today - timedelta(days=3), ("pa", "pb"), "--arbiter", "arb")
    begun = ["leave", "take", "pa", "--from", today.isoformat(), "--to",
             (today + timedelta(days=2)).isoformat()]  # fmt: skip
    console.refused(*begun, code="invalid_input")
    said = console.refused(*begun, "--grant", code="invalid_input")
    assert "--by" in said
    console.refused(*begun, "--grant", "--by", "pb", code="not_permitted")
    console.refused(*begun, "--grant", "--by", "other", code="not_permitted")
    taken = console.run(*begun, "--grant", "--by", "arb").stdout
    assert taken.strip().endswith("granted by arb")
    assert "granted by arb" in console.run("leave", "list", "pa").stdout
    listed = console.json("leave", "list", "pa")
    assert isinstance(listed, dict) and listed["leaves"][0]["granted_by"] == "arb"
    assert "предоставлен арбитром arb" in console.run("--lang", "ru", "leave", "list", "pa").stdout


def test_the_decisions_are_listed_in_the_help(console: Console) -> None:
    for command in ("decide", "decide-appeal"):
        shown = console.run("case", command, "--help").stdout
        assert "time_claim: upheld, rejected" in shown
        assert "withdrawal: loss, adjudication, exclusion" in shown
        assert "adjudication: white_wins, black_wins, draw" in shown


def test_no_move_is_entered_at_the_console_during_the_players_leave(console: Console) -> None:
    """56.7.4, as at every other door: the console refuses a move of a player
    on leave, in the reader's language, until the leave is ended (56.7.3)."""
    from tests.support.russian import english_in

    today = datetime.now(UTC).date()
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Arbiter", "--role", "arbiter")
    for login in ("pa", "pb"):
        console.run("player", "add", login, "--name", login.upper())
    console.event("L1", "L", today - timedelta(days=3), ("pa", "pb"), "--arbiter", "arb")
    shown = console.json("game", "show", "1")
    assert isinstance(shown, dict)
    white = shown["white"]
    last = (today + timedelta(days=2)).isoformat()
    console.run("leave", "take", white, "--from", today.isoformat(), "--to", last,
                "--grant", "--by", "arb")  # fmt: skip
    move = ("game", "move", "1", "--player", white, "--move", "e4")
    said = console.refused(*move, code="on_leave")
    assert f"{white} is on leave from {today.isoformat()} to {last}" in said
    said = console.refused("--lang", "ru", *move, code="on_leave")
    assert f"{white} в перерыве с {today.isoformat()} по {last}" in said
    assert not english_in(said), english_in(said)
    shown = console.json("game", "show", "1")
    assert isinstance(shown, dict) and shown["moves"] == []

    leaves = console.json("leave", "list", white)
    assert isinstance(leaves, dict)
    console.run("leave", "end", str(leaves["leaves"][0]["id"]))
    assert "recorded" in console.run(*move).stdout


def test_the_organiser_manages_accounts_at_the_console(console: Console) -> None:
    """Accounts nobody can enter are pointed out; passwords, addresses,
    invitations and tokens are managed, and the player takes it from there
    on the site."""
    import re

    from sqlalchemy import select

    from cc.base.clock import SystemClock
    from cc.store.db import Database
    from cc.store.models import OutboundMessage
    from tests.support.web import client, csrf_of, sign_in

    console.env["CC_BASE_URL"] = "https://chess.example.org"
    console.run("db", "upgrade")
    added = console.run("player", "add", "arb", "--name", "Chief Arbiter", "--role", "arbiter")
    assert "arb can never sign in" in added.stderr
    assert "cc player set-password arb" in added.stderr
    said = console.run(
        "--lang",
        "ru",
        "player",
        "add",
        "ivan",
        "--name",
        "Иван",
        "--email",
        "ivan@example.org",
        "--lang",
        "ru",
    ).stderr
    assert "у ivan пока нет пароля: cc player invite ivan пришлёт ссылку" in said
    listed = console.run("player", "list")
    assert "arb can never sign in" in listed.stderr and "ivan" not in listed.stderr
    shown = console.json("player", "show", "arb")
    assert isinstance(shown, dict)
    assert (shown["has_password"], shown["can_sign_in"]) == (False, False)
    console.refused("player", "invite", "arb", code="invalid_input")

    db = Database(console.env["CC_DATABASE_URL"])
    services = site_over(db, SystemClock())

    def mailed(kind: str) -> list[OutboundMessage]:
        with db.read() as session:
            return list(
                session.scalars(select(OutboundMessage).where(OutboundMessage.kind == kind))
            )

    try:
        # An invitation, in the player's language, with a link to choose a password.
        out = console.run("player", "invite", "ivan").stdout
        assert "invitation for ivan mailed to ivan@example.org" in out
        (invite,) = mailed("invite")
        assert invite.to_address == "ivan@example.org"
        assert invite.subject == "Выберите пароль для учётной записи ivan"
        link = re.search(r"https://chess.example.org/reset/(\S+)", invite.body)
        assert link, invite.body
        web = client(services)
        page = web.get(f"/reset/{link.group(1)}")
        assert "Выберите пароль" in page.text and 'id="login">ivan<' in page.text
        web.post(
            "/reset/new",
            data={"password": "ivans-own-pw", "csrf_token": csrf_of(page.text)},
        )
        ivan = sign_in(services, "ivan", "ivans-own-pw")
        assert web.get(f"/reset/{link.group(1)}").status_code == 410  # used once

        # The arbiter gets a password typed at the console and an address.
        out = console.run(
            "player", "set-password", "arb", "--password-stdin", stdin="arbiters-pw\n"
        ).stdout
        assert "password of arb set: 0 session(s) ended, 0 API token(s) revoked" in out
        assert console.run("player", "list").stderr == ""
        sign_in(services, "arb", "arbiters-pw")
        assert "addresses of arb: arb@example.org" in (
            console.run("player", "set-email", "arb", "ARB@example.org").stdout
        )
        assert mailed("address_changed") == []  # there was no address to tell

        # Tokens: listed with their last use, revoked one by one or all at once.
        page = ivan.get("/account")
        for name in ("ChessBase", "script"):
            ivan.post(
                "/account", data={"action": "token", "name": name, "csrf_token": csrf_of(page.text)}
            )
        tokens = console.json("token", "list", "ivan")
        assert isinstance(tokens, list)
        assert [(t["player"], t["name"], t["last_used_at"]) for t in tokens] == [
            ("ivan", "script", None),
            ("ivan", "ChessBase", None),
        ]
        listed_all = console.run("token", "list").stdout
        assert "ChessBase" in listed_all and "last used never" in listed_all
        first = tokens[1]["id"]
        assert f"token {first} of ivan (ChessBase) revoked" in (
            console.run("token", "revoke", str(first)).stdout
        )
        assert [t.name for t in services.accounts.tokens(OPERATOR, "ivan")] == ["script"]
        assert "1 API token(s) of ivan revoked" in (
            console.run("token", "revoke", "--player", "ivan").stdout
        )
        assert "no API tokens" in console.run("token", "list", "ivan").stdout
        revoked = console.run("token", "list", "ivan", "--revoked").stdout
        assert revoked.count("revoked 20") == 2
        console.refused("token", "revoke", "999", code="not_found")
        console.refused("token", "revoke", code="invalid_input")

        # A new address for ivan: the old one is told, in Russian.
        console.run("player", "set-email", "ivan", "ivan@new.example.org")
        (notice,) = mailed("address_changed")
        assert notice.to_address == "ivan@example.org"
        assert "Стало: ivan@new.example.org" in notice.body

        # A mailed reset link, and a password set by the organiser ends
        # the player's sessions.
        out = console.run("player", "set-password", "ivan", "--mail-link").stdout
        assert "mailed to ivan@new.example.org" in out
        (reset,) = mailed("reset")
        assert reset.subject == "Задайте новый пароль для учётной записи ivan"
        out = console.run(
            "--lang",
            "ru",
            "player",
            "set-password",
            "ivan",
            "--password-stdin",
            stdin="organisers-pw\n",
        ).stdout
        assert "пароль ivan задан: завершено сеансов — 1" in out
        assert ivan.get("/account", follow_redirects=False).status_code == 303
        link = re.search(r"/reset/(\S+)", reset.body)
        assert link and web.get(f"/reset/{link.group(1)}").status_code == 410
        sign_in(services, "ivan", "organisers-pw")
    finally:
        db.dispose()


def test_the_public_view_of_games_is_a_regulation(console: Console) -> None:
    start = datetime.now(UTC).date().isoformat()
    console.run("db", "upgrade")
    create = ("event", "create", "--mode", "email", "--start", start)
    console.run(*create[:2], "PUB1", "--name", "Delayed", *create[2:], "--public-games", "3")
    console.run(*create[:2], "PUB2", "--name", "Default", *create[2:])
    shown = console.run("event", "show", "PUB1").stdout
    assert "public games: while played, 3 move(s) behind" in shown, shown
    ru = console.run("--lang", "ru", "event", "show", "PUB1").stdout
    assert "партии открываются для всех: по ходу игры, с отставанием (ходов: 3)" in ru, ru
    assert "public games: once they end" in console.run("event", "show", "PUB2").stdout
    regs = console.json("event", "show", "PUB1")["regulations"]  # type: ignore[index]
    assert regs["public_moves_behind"] == 3
    refused = console.refused(
        *create[:2], "PUB3", "--name", "Bad", *create[2:], "--public-games", "soon",
        code="invalid_input",
    )  # fmt: skip
    assert "after-end" in refused


def test_a_list_of_people_imported_at_the_console(console: Console) -> None:
    console.run("db", "upgrade")
    bad = console.run("--lang", "ru", "player", "import", "-", ok=False,
                      stdin="name,email\nIvan,ivan@example.ru\nBad,bad\n")  # fmt: skip
    assert bad.returncode == 1 and "строка 3" in bad.stderr
    assert console.json("player", "list") == []  # nothing changed
    done = console.run("player", "import", "-", "--invite",
                       stdin="name;email;rating\nIvan;ivan@example.ru;2200\n")  # fmt: skip
    assert "1 added, 0 updated, 1 invited" in done.stdout
    [ivan] = console.json("player", "list")  # type: ignore[misc]
    assert ivan["login"] == "ivan" and ivan["can_sign_in"]


def test_names_at_the_console_go_to_tables_pgn_and_xfcc(console: Console) -> None:
    """Surname and given names apart; --name, one text, is read surname first."""
    from cc.base.clock import FixedClock
    from cc.store.db import Database
    from cc.xfcc.service import XfccService

    console.run("db", "upgrade")
    console.run("player", "add", "alice", "--surname", "Liddell", "--given-names", "Alice",
                "--password-stdin", stdin="alice-pass-1\n")  # fmt: skip
    console.run("player", "add", "petrov", "--surname", "Петров", "--given-names",
                "Пётр Иванович")  # fmt: skip
    console.run("player", "add", "cher", "--surname", "Cher")
    console.run("player", "add", "smith", "--name", "Smith  John")
    shown = {p["login"]: p for p in console.json("player", "list")}  # type: ignore[union-attr]
    assert [(shown[p]["surname"], shown[p]["given_names"], shown[p]["name"])
            for p in ("alice", "petrov", "cher", "smith")] == [
        ("Liddell", "Alice", "Liddell Alice"),
        ("Петров", "Пётр Иванович", "Петров Пётр Иванович"),
        ("Cher", "", "Cher"),
        ("Smith", "John", "Smith John"),
    ]  # fmt: skip
    listed = console.run("player", "list").stdout
    assert "Liddell Alice" in listed and "Петров Пётр Иванович" in listed
    for wrong in (["--surname", "X", "--name", "X Y"], ["--name", "X Y", "--given-names", "Y"], []):
        said = console.run("--lang", "ru", "player", "add", "x", *wrong, ok=False)
        assert said.returncode == 2 and "укажите --surname" in said.stderr, said.stderr
    console.refused("player", "add", "x", "--surname", " ", code="invalid_input")
    help_text = " ".join(console.run("player", "add", "--help").stdout.split())
    assert "--given-names" in help_text and "surname first" in help_text
    console.event("NM", "Names", datetime.now(UTC).date(), ("alice", "petrov"))
    pgn = console.run("game", "pgn", "1").stdout
    assert '[White "Liddell, Alice"]' in pgn and '[Black "Петров, Пётр Иванович"]' in pgn
    database = Database(console.env["CC_DATABASE_URL"])
    try:
        site = site_over(database, FixedClock(datetime.now(UTC)))
        xfcc = XfccService(site.ctx, site.games, site.accounts, site.messages)
        [game] = xfcc.my_games("alice", "alice-pass-1")
        assert (game.white, game.black) == ("Liddell, Alice", "Петров, Пётр Иванович")
    finally:
        database.dispose()


def test_the_mail_at_the_console(console: Console) -> None:
    console.run("db", "upgrade")
    assert console.json("mail", "list") == [] and console.json("mail", "list", "--out") == []
    console.refused("mail", "again", "7", code="not_found")
    console.refused("mail", "retry", "7", code="not_found")
