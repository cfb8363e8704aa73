"""A Swiss of 16 players and 5 rounds run to its end through the services
(Art. 26, 31.7, 33.2, 37, 39.3.4), with a controlled clock.

Players 1-16 by rating. In every game the higher-ranked player (the lower
starting number) wins, by resignation; player 8 withdraws during round 3
(the arbiter decides his unfinished game lost), so rounds 4 and 5 have 15
players and a bye. The pairings of every round are bbpPairings' (the FIDE-endorsed program of
the Dutch system, :mod:`standings.dutch`) on the same games, 8 absent from
round 4: rounds 1-3 are also those worked out by hand in
``tests/standings/test_dutch.py``; in round 4, 16, the lowest of the lowest
group, has the bye, and in round 5 15 (0 points, none before).
"""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction as F

import pytest
from sqlalchemy import select, update

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.store.models import AuditEntry, Game, Notification, OutboundMessage, Player
from tests.support.cases import player
from tests.support.days import at
from tests.support.events import OPERATOR, create_event

START = date(2026, 5, 10)

#: each round's games by starting numbers: (White, Black), in board order
PAIRINGS = {
    1: [(1, 9), (10, 2), (3, 11), (12, 4), (5, 13), (14, 6), (7, 15), (16, 8)],
    2: [(6, 1), (2, 5), (8, 3), (4, 7), (9, 14), (13, 10), (11, 16), (15, 12)],
    3: [(1, 4), (3, 2), (5, 9), (10, 6), (7, 11), (12, 8), (16, 13), (14, 15)],
    4: [(2, 1), (12, 3), (4, 5), (6, 7), (9, 10), (11, 14), (13, 15)],
    5: [(1, 3), (4, 2), (5, 6), (7, 12), (13, 9), (10, 11), (14, 16)],
}
BYES = {4: 16, 5: 15}

# The final table, 39.3.4: place, number, points, wins, Black, Buchholz cut-1,
# Buchholz, Sonneborn-Berger. For Buchholz an opponent's unplayed rounds
# count as draws (37.1): 8 (withdrawn: 1 point and three rounds unplayed)
# 2½, 12 (his round 3 won without play) 1½, 15 and 16 (their byes) ½; the
# others as they scored. Worked out by hand for the first three:
FINAL = [
    # 1 met 9 3, 6 3, 4 3, 2 4, 3 3: 16, cut-1 13; all won: SB 16
    ("1", 1, F(5), 5, 2, F(13), F(16), F(16)),
    # 2 met 10 2, 5 3, 3 3, 1 5, 4 3: 16, cut-1 14; SB 10 2 + 5 3 + 3 3 + 4 3
    ("2", 2, F(4), 4, 3, F(14), F(16), F(11)),
    # 3 met 11 2, 8 2½, 2 4, 12 1½, 1 5: 15, cut-1 13½; SB 11 2 + 8 1 + 12 2
    ("3", 3, F(3), 3, 3, F(27, 2), F(15), F(5)),
    ("4", 6, F(3), 3, 3, F(13), F(15), F(7)),
    ("5", 9, F(3), 3, 3, F(12), F(14), F(6)),
    ("6", 4, F(3), 3, 2, F(15), F(33, 2), F(8)),
    ("7", 5, F(3), 3, 2, F(13), F(15), F(8)),
    ("8", 7, F(3), 3, 2, F(19, 2), F(10), F(5)),
    ("9", 11, F(2), 2, 3, F(10), F(21, 2), F(3)),
    ("10", 10, F(2), 2, 2, F(12), F(14), F(4)),
    ("11", 12, F(2), 2, 2, F(11), F(23, 2), F(2)),
    ("12-13", 13, F(2), 2, 2, F(17, 2), F(9), F(2)),
    ("12-13", 14, F(2), 2, 2, F(17, 2), F(9), F(2)),
    ("14", 15, F(1), 1, 3, F(17, 2), F(17, 2), F(0)),
    ("15", 16, F(1), 1, 2, F(17, 2), F(9), F(1, 2)),
    ("16", 8, F(1), 1, 1, F(21, 2), F(11), F(1)),
]


def setup_swiss(services: Services) -> dict[str, int]:
    ids = {"arb": services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter"])}
    # entered out of order: the start numbers them by rating
    for n in [5, 16, 1, 9, 12, 3, 14, 7, 2, 11, 6, 15, 4, 13, 8, 10]:
        ids[f"p{n}"] = services.players.add(
            OPERATOR,
            login=f"p{n:02d}",
            name=f"Player {n:02d}",
            emails=[f"p{n:02d}@example.org"],
            lang="ru" if n % 2 else "en",
        )
    with services.ctx.db.write() as session:
        for n in range(1, 17):
            session.execute(
                update(Player).where(Player.id == ids[f"p{n}"]).values(rating=2500 - 10 * n)
            )
    create_event(
        services,
        "SW",
        "Swiss Cup",
        START,
        timezone="Europe/Moscow",
        arbiter="arb",
        system="swiss",
        rounds=5,
    )
    services.events.add_players(OPERATOR, "SW", [f"p{n:02d}" for n in range(1, 17)][::-1])
    return ids


def round_games(services: Services, rnd: int) -> list[Game]:
    with services.ctx.db.read() as session:
        games = session.scalars(select(Game).where(Game.round == rnd).order_by(Game.board)).all()
        for g in games:
            _ = (g.white.login, g.black.login)
        return list(games)


def number(login: str) -> int:
    return int(login[1:])


def test_a_swiss_of_five_rounds_runs_to_its_end(services: Services, clock: FixedClock) -> None:
    at(clock, START - timedelta(days=5))
    ids = setup_swiss(services)
    with pytest.raises(errors.InvalidInput, match="rounds"):
        create_event(services, "X", "X", START, system="swiss")
    services.events.start(OPERATOR, "SW")
    assert services.queries.event("SW").sections["A"] == [f"p{n:02d}" for n in range(1, 17)]
    day = START
    for rnd in range(1, 6):
        games = round_games(services, rnd)
        assert [(number(g.white.login), number(g.black.login)) for g in games] == PAIRINGS[rnd]
        assert round_games(services, rnd + 1) == []  # one round at a time
        with services.ctx.db.read() as session:
            bye = session.scalar(
                select(Notification.recipient_id).where(
                    Notification.kind == "bye", Notification.params["round"].as_integer() == rnd
                )
            )
        assert bye == (ids[f"p{BYES[rnd]}"] if rnd in BYES else None)
        day += timedelta(days=3)
        at(clock, day)
        for g in games:
            if g.status != "ongoing":
                continue  # 12-8 ended with the withdrawal
            if rnd == 3 and g.board == 6:
                # 8 withdraws during round 3; his game is lost without play
                # (and ends the round if it is the last)
                case = services.cases.open_withdrawal(player(ids, "arb"), "SW", "p08", "ill")
                services.cases.decide(player(ids, "arb"), case.id, "loss", "Doctor's letter")
                continue
            loser = max(g.white.login, g.black.login)
            services.games.resign(player(ids, f"p{number(loser)}"), g.id)
        if rnd < 5:
            # The last result paired the next round: its games begin at once.
            nxt = round_games(services, rnd + 1)
            assert nxt and all(g.turn_started_at == clock.now() for g in nxt)
            assert all(g.next_deadline == day + timedelta(days=51) for g in nxt)
    assert round_games(services, 6) == []
    with pytest.raises(errors.EventStateError, match="all 5 rounds"):
        services.swiss.pair_next(player(ids, "arb"), "SW")
    # The last round decided, the event stays open while the withdrawal's
    # decision may be appealed (14 days, 54.1.4), then the daily run closes
    # it, well before any end date, and mails the final standings.
    assert services.daily.run(day).closed == []
    at(clock, day + timedelta(days=16))
    assert services.daily.run(day + timedelta(days=16)).closed == ["SW"]
    assert services.queries.event("SW").status == "finished"

    (section,) = services.standings.event("SW")
    assert section.swiss is not None and section.final
    got = [
        (
            r.place_text,
            r.number,
            r.points,
            r.tiebreaks["wins"],
            r.tiebreaks["black"],
            r.tiebreaks["buchholz_cut1"],
            r.tiebreaks["buchholz"],
            r.tiebreaks["sonneborn_berger"],
        )
        for r in section.swiss.rows
    ]
    assert got == FINAL
    withdrawn = section.swiss.row("p08")
    assert withdrawn.withdrawn
    assert [str(c) for c in withdrawn.rounds] == ["16b1", "3w0", "12b-", "-", "-"]
    assert [str(c) for c in section.swiss.row("p16").rounds][3] == "bye+"

    # Each new round was told to its players, and mailed whatever they chose.
    with services.ctx.db.read() as session:
        paired = session.scalars(select(Notification).where(Notification.kind == "paired")).all()
        assert len(paired) == 2 * (8 + 8 + 7 + 7)
        mails = session.scalars(
            select(OutboundMessage).where(OutboundMessage.to_address == "p03@example.org")
        ).all()
        bodies = "\n".join(m.body for m in mails)
        assert "тур 2" in bodies and "Player 08 - Player 03" in bodies  # in Russian
        rounds = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "swiss_round_paired")
        ).all()
        assert [a.details["round"] for a in rounds] == [2, 3, 4, 5]
    # The table as mail and the console print it, in Russian: rounds with
    # opponent, colour and result, the tie-breaks named, decimal commas.
    text = section.text("ru")
    lines = text.splitlines()
    assert "Бх-1" in lines[0] and "Очки" in lines[0]
    assert lines[1].split()[:8] == ["1", "1", "Player", "01", "9б1", "6ч1", "4б1", "2ч1"]
    assert "Бх-1: Усечённый Бухгольц-1" in lines[-1]  # the short headings explained
    assert "13½" in lines[3] and "своб+" in lines[14]


def test_a_swiss_is_numbered_by_rating_even_when_lots_are_asked_for(
    services: Services, clock: FixedClock
) -> None:
    """Its pairings follow the ratings (31.7): a drawing of lots asked for at
    the start is not made, and the audit says so."""
    at(clock, START - timedelta(days=5))
    setup_swiss(services)
    services.events.start(OPERATOR, "SW", draw_lots=True)
    assert services.queries.event("SW").sections["A"] == [f"p{n:02d}" for n in range(1, 17)]
    with services.ctx.db.read() as session:
        started = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "event_started")
        ).one()
    assert (started.details["draw_lots"], started.details["seed"]) == (False, None)
