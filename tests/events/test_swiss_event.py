"""A Swiss of 16 players and 5 rounds run to its end through the services
(Art. 26, 31.7, 33.2, 37, 39.3.4), with a controlled clock.

Players 1-16 by rating. In every game the higher-ranked player (the lower
starting number) wins, by resignation; player 8 withdraws during round 3
(the arbiter decides his unfinished game lost), so rounds 4 and 5 have 15
players and a bye. The pairings of rounds 2-5 and the final table below were
worked out by hand from the rules of :mod:`standings.swiss`:

- round 2: winners 1-8: S1 1-4 against S2 5-8 would clash in every pair
  (the odd numbers had White); S2 transposed to 6 5 8 7 clashes nowhere:
  6-1, 2-5, 8-3, 4-7; the losers likewise: 9-14, 13-10, 11-16, 15-12.
- round 3: 1-4 and 3-2 (transposed for colours), 5-9, 10-6, 7-11, 12-8,
  16-13, 14-15; 8 withdraws and loses 12-8 without play.
- round 4: 16, the lowest of the lowest group, has the bye; 2-1. On 2
  points 3 4 5 6 7 12: 4-7 and 4-12 met, every transposition clashes twice;
  3 keeps 6, 4 takes 5, 7-12: 6-3, 4-5, 12-7. On 1 point 9 10 11 13 14 (8
  withdrawn) is odd and 15 alone below: 9-10, 11-14 without a clash, and 13
  floats to 15 (13, the higher, has White when both want it): 9-10, 11-14,
  13-15.
- round 5: 15 has the bye (0 points, none before). 1 floats to 3 points and
  meets 3 (2 met him), 7-2, 4 floats down to 6; 5-11, 9-12 (12's strong
  Black wins), 13 floats to meet 14; 10-16.
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
    4: [(2, 1), (6, 3), (4, 5), (12, 7), (9, 10), (11, 14), (13, 15)],
    5: [(1, 3), (7, 2), (6, 4), (5, 11), (9, 12), (14, 13), (10, 16)],
}
BYES = {4: 16, 5: 15}

# The final table, 39.3.4: place, number, points, wins, Black, Buchholz cut-1,
# Buchholz, Sonneborn-Berger. For Buchholz an opponent's unplayed rounds
# count as draws (37.1): 8 (withdrawn: 1 point and three rounds unplayed)
# 2½, 12 (his round 3 won without play) 1½, 15 and 16 (their byes) ½; the
# others as they scored.
FINAL = [
    # 1: 9 3, 6 2, 4 4, 2 4, 3 3: 16, cut-1 14; all won: SB 16
    ("1", 1, F(5), 5, 2, F(14), F(16), F(16)),
    # 2 and 4 did not meet, 4 wins and 3 Blacks each: 2's opponents 10 2,
    # 5 3, 3 3, 1 5, 7 3 (cut-1 14); 4's 12 1½, 7 3, 1 5, 5 3, 6 2 (13).
    # SB 2: 10 2 + 5 3 + 3 3 + 7 3; 4: 12 2 + 7 3 + 5 3 + 6 2
    ("2", 2, F(4), 4, 3, F(14), F(16), F(11)),
    ("3", 4, F(4), 4, 3, F(13), F(29, 2), F(10)),
    # on 3: 3 wins each; 3 and 13 had Black three times, 5 7 9 twice.
    # 3 met 11 2, 8 2½, 2 4, 6 2, 1 5: 15½, cut-1 13½; SB 11 2 + 8 1 + 6 2.
    # 13 met 5 3, 10 2, 16 ½, 15 ½, 14 1: 7, cut-1 6½; SB 16 1 + 15 1 + 14 1
    ("4", 3, F(3), 3, 3, F(27, 2), F(31, 2), F(5)),
    ("5", 13, F(3), 3, 3, F(13, 2), F(7), F(3)),
    # 5 met 13 3, 2 4, 9 3, 4 4, 11 2: 16; SB 13 3 + 9 3 + 11 2
    ("6", 5, F(3), 3, 2, F(14), F(16), F(8)),
    # 9 (1 5, 14 1, 5 3, 10 2, 12 1½) and 7 (15 ½, 4 4, 11 2, 12 1½, 2 4)
    # on cut-1 11½: Buchholz 12½ against 12. SB 9: 14 1 + 10 2 + 12 2;
    # 7: 15 1 + 11 2 + 12 2
    ("7", 9, F(3), 3, 2, F(23, 2), F(25, 2), F(5)),
    ("8", 7, F(3), 3, 2, F(23, 2), F(12), F(5)),
    # on 2: two wins each; 11 had Black three times (3 3, 16 ½, 7 3, 14 1,
    # 5 3: 10½). 6: 14 1, 1 5, 10 2, 3 3, 4 4: 15. 10 (2 4, 13 3, 6 2, 9 3,
    # 16 ½) and 12 (4 4, 15 ½, round 3's virtual opponent 1 + 0 + ½ × 2 = 2,
    # 7 3, 9 3) on cut-1 12 and Buchholz 12½; SB: 10 beat 13 and 16 (4),
    # 12 beat 15 and 8 without play (2)
    ("9", 11, F(2), 2, 3, F(10), F(21, 2), F(2)),
    ("10", 6, F(2), 2, 2, F(14), F(15), F(3)),
    ("11", 10, F(2), 2, 2, F(12), F(25, 2), F(4)),
    ("12", 12, F(2), 2, 2, F(12), F(25, 2), F(2)),
    # on 1: one win each (the byes count as wins); Black: 15 three, 14 and
    # 16 two, 8 one. 15: 7 3, 12 1½, 14 1, 13 3 and his bye in the last
    # round, a virtual opponent of 0 + 0 + 0: 8½, SB 0. 14: 6 2, 9 3, 15 ½,
    # 11 2, 13 3: 10½. 16: 8 2½, 11 2, 13 3, the bye 0 + 0 + ½ × 1 = ½,
    # 10 2: 10, cut-1 9½, SB ½ (the bye). 8: 16 ½, 3 3, then three rounds
    # without play: 1 + 1 + ½ × 2 = 3, 2½, 2: 11, cut-1 10½, SB 16 1.
    ("13", 15, F(1), 1, 3, F(17, 2), F(17, 2), F(0)),
    ("14", 14, F(1), 1, 2, F(10), F(21, 2), F(1)),
    ("15", 16, F(1), 1, 2, F(19, 2), F(10), F(1, 2)),
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
    assert "13½" in lines[4] and "своб+" in lines[13]


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
