"""The daily digest: at the player's hour in their own zone, once a day, never
on a day with nothing to say, games sorted by days left, in the player's
language and notation."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import Game, Notification, OutboundMessage, Player
from tests.support.events import OPERATOR, create_event
from tests.support.race import race, run_day_in_lockstep

START = date(2026, 5, 10)


def utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=UTC)


def digests(services: Services, address: str) -> list[OutboundMessage]:
    with services.ctx.db.read() as session:
        return list(
            session.scalars(
                select(OutboundMessage)
                .where(OutboundMessage.kind == "digest", OutboundMessage.to_address == address)
                .order_by(OutboundMessage.id)
            )
        )


def player_row(services: Services, player_id: int) -> Player:
    with services.ctx.db.read() as session:
        player = session.get(Player, player_id)
        assert player is not None
        session.expunge(player)
        return player


def setup(services: Services, anna_channels: dict[str, list[str]] | None = None) -> dict[str, int]:
    """Anna (UTC, 07:00) plays White against Boris (Vladivostok, 20:00,
    Russian, Russian letters) in two server events: 50 and 30 days for 10
    moves, from 10 May."""
    ids = {
        "anna": services.players.add(
            OPERATOR, login="anna", name="Anna", emails=["anna@example.org"]
        ),
        "boris": services.players.add(
            OPERATOR, login="boris", name="Борис", emails=["boris@example.org"], lang="ru"
        ),
    }
    if anna_channels:
        services.centre.set_preferences(Actor.player(ids["anna"], Door.WEB), channels=anna_channels)
    for code, days in (("LONG", 50), ("SHORT", 30)):
        create_event(
            services,
            code,
            f"{code.title()} Cup",
            START,
            timezone="UTC",
            regulations={"control_moves": 10, "control_days": days},
        )
        services.events.add_players(OPERATOR, code, ["anna", "boris"])
        services.events.start(OPERATOR, code)
    services.centre.set_preferences(
        Actor.player(ids["boris"], Door.WEB), timezone="Asia/Vladivostok", digest_hour=20
    )
    with services.ctx.db.write() as session:
        boris = session.get(Player, ids["boris"])
        assert boris is not None
        boris.notation = "san-ru"
    return ids


def test_the_digest_goes_at_the_player_s_hour_in_their_zone_once_a_day(
    services: Services, clock: FixedClock
) -> None:
    clock.set(utc(1, 12))
    ids = setup(services)
    # 11 May, 06:59 UTC: not Anna's hour yet; 16:59 in Vladivostok.
    clock.set(utc(11, 6, 59))
    assert services.daily.run().digests == []
    clock.set(utc(11, 7, 0))
    assert services.daily.run().digests == [ids["anna"]]
    assert services.daily.run().digests == []  # the same day again: nothing
    clock.set(utc(11, 9, 55))  # 19:55 in Vladivostok
    assert services.daily.run().digests == []
    # Boris has no move to make, and the starts were mailed at once: nothing to say.
    clock.set(utc(11, 10, 5))  # 20:05 in Vladivostok
    assert services.daily.run().digests == []
    assert digests(services, "boris@example.org") == []
    assert player_row(services, ids["anna"]).digest_sent_on == date(2026, 5, 11)

    # Anna's digest: both her games, the one with fewer days left first.
    (mail,) = digests(services, "anna@example.org")
    assert mail.subject == "[cc] Your games, 2026-05-11"
    body = mail.body
    assert "Your move in 2 games" in body
    short, long = body.index("Short Cup"), body.index("Long Cup")
    assert short < long
    assert "29 days left: move by 2026-06-09" in body  # 30 - 1 day used
    assert "49 days left: move by 2026-06-29" in body
    assert "against Борис (you play White), your move 1" in body
    assert "http://127.0.0.1:8000/games/2" in body  # absolute links
    assert "http://127.0.0.1:8000/notifications" in body

    # Anna moves in the long game the next morning; Boris hears of it in his
    # digest at 20:00 his time, in Russian, the move with Russian letters.
    clock.set(utc(12, 5))
    services.games.submit_move(Actor.player(ids["anna"], Door.WEB), 1, "Nf3")
    clock.set(utc(12, 9, 59))  # 19:59 in Vladivostok
    assert ids["boris"] not in services.daily.run().digests
    clock.set(utc(12, 10, 0))  # 20:00 in Vladivostok
    assert services.daily.run().digests == [ids["boris"]]
    clock.set(utc(12, 10, 30))
    assert services.daily.run().digests == []
    russian = digests(services, "boris@example.org")[-1]
    assert russian.subject == "[cc] Ваши партии, 2026-05-12"
    assert "Ваш ход в партиях: 1" in russian.body
    assert "против Anna (вы играете чёрными), ваш 1-й ход после Кf3" in russian.body
    assert "Партия 1: ход Кf3 (Anna)." in russian.body
    assert "Nf3" not in russian.body
    assert "турнир начался" not in russian.body  # mailed at the start
    with services.ctx.db.read() as session:
        (row,) = session.scalars(
            select(Notification).where(
                Notification.recipient_id == ids["boris"], Notification.kind == "move"
            )
        ).all()
        assert row.digested_at == utc(12, 10, 0)

    # The next day: the game is still his to move; the move is not told again.
    clock.set(utc(13, 10, 0))
    assert services.daily.run().digests == [ids["anna"], ids["boris"]]
    latest = digests(services, "boris@example.org")[-1]
    assert "Кf3" in latest.body and "ход Кf3 (Anna)" not in latest.body

    # What he already read on the site is not told again that evening.
    clock.set(utc(14, 0))
    services.games.submit_move(Actor.player(ids["anna"], Door.WEB), 2, "e4")
    boris = Actor.player(ids["boris"], Door.WEB)
    seen = services.centre.items(boris)[0]  # the newest
    assert (seen.kind, seen.game_id, seen.read) == ("move", 2, False)
    services.centre.open(boris, seen.id)
    clock.set(utc(14, 10, 0))
    assert services.daily.run().digests == [ids["boris"]]  # Anna: nothing to move
    latest = digests(services, "boris@example.org")[-1]
    assert "после e4" in latest.body and "ход e4 (Anna)" not in latest.body

    # He answers the next morning: nothing to say that evening, no mail,
    # and the day is done all the same.
    clock.set(utc(15, 1))
    services.games.submit_move(Actor.player(ids["boris"], Door.WEB), 1, "Nf6")
    services.games.submit_move(Actor.player(ids["boris"], Door.WEB), 2, "e5")
    clock.set(utc(15, 10, 0))
    assert ids["boris"] not in services.daily.run().digests
    assert len(digests(services, "boris@example.org")) == 3  # the 12th, 13th and 14th
    assert player_row(services, ids["boris"]).digest_sent_on == date(2026, 5, 15)


def test_a_player_who_chose_no_digest_gets_none(services: Services, clock: FixedClock) -> None:
    clock.set(utc(1, 12))
    ids = setup(services, {g: ["centre"] for g in ("moves", "time", "leaves", "events")})
    clock.set(utc(11, 8))
    assert services.daily.run().digests == []
    assert digests(services, "anna@example.org") == []
    assert player_row(services, ids["anna"]).digest_sent_on == date(2026, 5, 11)


def test_two_processes_at_once_send_one_digest(
    services: Services, clock: FixedClock, db_url: str
) -> None:
    clock.set(utc(1, 12))
    setup(services)
    race(run_day_in_lockstep, db_url, utc(11, 7, 30).isoformat(), "2026-05-11", count=2)
    assert len(digests(services, "anna@example.org")) == 1


def test_a_reminder_before_any_move_is_of_the_first_move() -> None:
    """No move has come yet: the line speaks of White's own first move, not
    of a partner's move waiting."""
    from cc.kernel.notifications import DigestItem, Kind
    from mailgate.notice_lines import digest_line

    first = DigestItem(
        1, Kind.REMINDER, 4, None, None, {"days": 15, "start": "2026-05-10"}, utc(25, 9)
    )
    assert digest_line("en", first) == (
        "Game 4: you have the first move: 15 days since the start without it."
    )
    assert digest_line("ru", first) == "Партия 4: первый ход за вами: со старта прошло 15 дн."


def test_a_player_with_many_games_to_move_hears_of_the_first_by_deadline(
    services: Services, clock: FixedClock
) -> None:
    """More games to move than the digest lists: the first by next deadline
    (as White and as Black, those without a deadline last) are listed, and
    the rest counted; games where the partner is to move are neither."""
    from datetime import timedelta

    from cc.notify.digest import DIGEST_GAMES
    from cc.store.models import Game

    clock.set(utc(1, 12))
    ids = setup(services)
    anna, boris = ids["anna"], ids["boris"]
    with services.ctx.db.write() as session:
        template, base = _template(session, "white_id", "black_id", "fen", "white_to_move")
        black_to_move = template.fen.replace(" w ", " b ")
        rows = []
        for i in range(36):
            as_white = i % 6 != 5  # every sixth game Anna has Black
            theirs = i % 12 == 7  # and in some the partner is to move
            # Black to move: Anna's partner as White, or Anna herself as Black.
            black_moves = as_white == theirs
            rows.append(
                {
                    **base,
                    "round": 100 + i,
                    "white_id": anna if as_white else boris,
                    "black_id": boris if as_white else anna,
                    "fen": black_to_move if black_moves else template.fen,
                    "white_to_move": not black_moves,
                    # every third without a deadline, the rest on their days
                    "next_deadline": None if i % 3 == 0 else START + timedelta(days=40 - i),
                }
            )
        session.execute(Game.__table__.insert(), rows)
    told = []
    services.ctx.notifications.subscribe_digest(lambda _s, digest: told.append(digest))
    clock.set(utc(11, 7, 0))
    assert services.daily.run().digests == [anna]

    with services.ctx.db.read() as session:
        games = session.scalars(select(Game)).all()
        mine = [
            g
            for g in games
            if (g.white_id == anna and " w " in g.fen) or (g.black_id == anna and " b " in g.fen)
        ]
    mine.sort(key=lambda g: (g.next_deadline is None, g.next_deadline, g.id))
    (digest,) = told
    assert {line.game_id for line in digest.games} == {g.id for g in mine[:DIGEST_GAMES]}
    assert digest.more == len(mine) - DIGEST_GAMES > 0
    assert any(g.black_id == anna for g in mine[:DIGEST_GAMES])
    assert any(g.next_deadline is None for g in mine[:DIGEST_GAMES])


def _template(session: Session, *others: str) -> tuple[Game, dict[str, object]]:
    """The setup's first game and its columns for more rows like it, less
    the id, round, deadline and ``others``."""
    template = session.get(Game, 1)
    assert template is not None
    left_out = {"id", "round", "next_deadline", *others}
    base = {
        c.key: getattr(template, c.key) for c in Game.__table__.columns if c.key not in left_out
    }
    return template, base


def _games_to_move_as_white(services: Services, n: int) -> None:
    """``n`` more games in which Anna is White and to move, each with a
    deadline, beside the two of the setup."""
    from datetime import timedelta

    with services.ctx.db.write() as session:
        _, base = _template(session)
        session.execute(
            Game.__table__.insert(),
            [
                {**base, "round": 100 + i, "next_deadline": START + timedelta(days=40 - i % 20)}
                for i in range(n)
            ],
        )


def test_games_to_move_of_one_colour_beyond_the_list_are_counted(
    services: Services, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game to move with White and a deadline: the list is full from
    that colour alone, and the rest are still counted, up to a bound past
    which the mail says "more than"."""
    from cc.notify import digest as digest_module
    from cc.notify.digest import DIGEST_GAMES

    clock.set(utc(1, 12))
    setup(services)
    _games_to_move_as_white(services, DIGEST_GAMES + 3)  # and the setup's two
    told = []
    services.ctx.notifications.subscribe_digest(lambda _s, digest: told.append(digest))
    clock.set(utc(11, 7, 0))
    services.daily.run()
    (digest,) = told
    assert len(digest.games) == DIGEST_GAMES
    assert (digest.more, digest.more_than) == (5, False)
    (mail,) = digests(services, "anna@example.org")
    assert f"Your move in {DIGEST_GAMES + 5} games" in mail.body
    assert "... and 5 more games where it is your move" in mail.body

    monkeypatch.setattr(digest_module, "COUNT_UP_TO", DIGEST_GAMES + 2)
    told.clear()
    clock.set(utc(12, 7, 0))
    services.daily.run()
    (digest,) = told
    assert (digest.more, digest.more_than) == (2, True)
    mail = digests(services, "anna@example.org")[-1]
    assert f"Your move in more than {DIGEST_GAMES + 2} games" in mail.body
    assert "... and more than 2 more games where it is your move" in mail.body


def test_the_digest_reads_a_players_games_by_whose_move_it_is(
    services: Services, clock: FixedClock
) -> None:
    """Games where the partner is to move, and the games of an event in the
    player's other colour, are not read to find the player's own: each of
    the digest's queries for a player's games (to move, their count, the
    modes of their events) searches a player's index, by whose move it is
    where it looks for games to move (SQLite's plan; a game read by its id
    is not among them)."""
    from sqlalchemy import event

    engine = services.ctx.db.engine
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite's query plan")
    clock.set(utc(1, 12))
    setup(services)
    asked: list[tuple[str, tuple[object, ...]]] = []

    def record(_c: object, _cur: object, statement: str, params: object, *_: object) -> None:
        if "white_to_move = " in statement or "DISTINCT events.mode" in statement:
            asked.append((statement, tuple(params)))  # type: ignore[arg-type]

    clock.set(utc(11, 7, 0))
    event.listen(engine, "before_cursor_execute", record)
    try:
        services.daily.run()
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert digests(services, "anna@example.org")
    turn = [s for s, _ in asked if "white_to_move = " in s]
    assert len(turn) >= 4 and any("events.mode" in s for s, _ in asked)
    with engine.connect() as conn:
        for statement, params in asked:
            plan = [
                row[-1] for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", params)
            ]
            games = [step for step in plan if " games " in f"{step} "]
            assert games, plan
            for step in games:
                assert step.startswith("SEARCH"), plan
                assert "_turn_deadline" in step, plan
                if statement in turn:
                    assert "white_to_move=?" in step, plan
