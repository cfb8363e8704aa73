"""What the email door answers a faulty message, as a player reads it.

Every fault kind, in English and in Russian: the answer names what was
wrong with the text the player wrote, cites the article of the rules a
player can look up (never the project's own spec), says that the move was
not recorded and what it costs (56.4.7), and writes every move in the
player's own notation: numeric (Art. 58) for a numeric player, SAN with
Russian letters for a Russian SAN player. Answers that cost nothing say so.
The same holds for what the door writes besides: a confirmation, a forwarded
move, the position drawn in the record.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import OutboundMessage, Player, TimeCharge
from mailgate.gateway import MAX_SIZE
from tests.support.events import make_event
from tests.support.mail import outbox, raw_mail, subject
from tests.support.russian import english_in

WHITE, BLACK = "t1p1@example.org", "t1p2@example.org"


@dataclass(frozen=True)
class Reader:
    lang: str
    notation: str
    #: the partner's last move, 2. Nf3, as this reader reads it
    nf3: str
    #: the same move in the notations this reader does not read
    not_nf3: tuple[str, ...]
    article: str
    not_recorded: str
    charged: str
    free: str


NUMERIC_EN = Reader(
    "en",
    "numeric",
    "7163",
    ("Nf3", "Кf3"),
    "Art.",
    "Your move was not recorded",
    "You are charged 2 penalty days for it (Art. 56.4.7).",
    "nothing was charged",
)
SAN_RU = Reader(
    "ru",
    "san-ru",
    "Кf3",
    ("Nf3", "7163"),
    "ст.",
    "Ход не записан",
    "За это к вашему времени добавляется 2 штрафных дня (ст. 56.4.7).",
    "штрафа нет",
)
READERS = [pytest.param(NUMERIC_EN, id="en-numeric"), pytest.param(SAN_RU, id="ru-san-ru")]


@dataclass(frozen=True)
class Case:
    #: who writes, what, after which moves of 1. d4 d5 2. Nf3 Nc6 3. Nc3
    sender: str
    body: str
    plies: int
    outcome: str
    #: the article the reason cites (None: no article; nothing is charged)
    article: str | None
    #: what the answer must say, by language (the player's text, a move)
    said: dict[str, list[str]]


OPENING = ["d4", "d5", "Nf3", "Nc6", "Nc3"]
CASES = {
    "illegible": Case(
        BLACK,
        "02. 7163 9x9x",
        3,
        "illegible_move",
        "56.3.4",
        {
            "en": ['The move "9x9x" (Black\'s move 2) cannot be read'],
            "ru": ["Ход «9x9x» (2-й ход чёрных) не удаётся прочитать"],
        },
    ),
    "impossible": Case(
        BLACK,
        "2. 7163 5254",
        3,
        "impossible_move",
        "56.3.4",
        {
            "en": ['The move "5254" (Black\'s move 2) is not possible in the position'],
            "ru": ["Ход «5254» (2-й ход чёрных) невозможен в этой позиции"],
        },
    ),
    "ambiguous": Case(
        WHITE,
        "2. ... 2836 3. Nd2",
        4,
        "ambiguous_move",
        "56.3.4",
        {
            "en": ['The move "Nd2" (White\'s move 3) is ambiguous'],
            "ru": ["Ход «Nd2» (3-й ход белых) неоднозначен"],
        },
    ),
    "no move": Case(
        BLACK,
        "Hello, how are you?",
        3,
        "no_move",
        "56.3.5",
        {
            "en": ["The message holds no move of yours", "an illegible move"],
            "ru": ["В сообщении нет вашего хода", "неразборчивым ходом"],
        },
    ),
    "wrong repetition, unreadable": Case(
        BLACK,
        "2. 7263 7776",
        3,
        "wrong_repetition",
        "56.3.3",
        {
            "en": ["Your message has \"7263\" for White's move 2, but the game's record has {nf3}"],
            "ru": ["В вашем сообщении 2-й ход белых записан как «7263», а в записи партии — {nf3}"],
        },
    ),
    "wrong repetition, another move": Case(
        BLACK,
        "2. Nc3 Nc6",
        3,
        "wrong_repetition",
        "56.3.3",
        {
            "en": ["Your message has \"Nc3\" for White's move 2, but the game's record has {nf3}"],
            "ru": ["В вашем сообщении 2-й ход белых записан как «Nc3», а в записи партии — {nf3}"],
        },
    ),
    "no repetition": Case(
        BLACK,
        "2. ... 2836",
        3,
        "no_repetition",
        "56.3.3",
        {
            "en": ["Your opponent's last move, 2. {nf3}, is not repeated before yours"],
            "ru": ["Перед вашим ходом не повторён последний ход партнёра, 2. {nf3}"],
        },
    ),
    "sequence": Case(
        BLACK,
        "5. 7163 2836",
        3,
        "sequence",
        "56.3.4",
        {
            "en": ['The move number "5." does not fit the record, which is at Black\'s move 2'],
            "ru": ["Номер хода «5.» не соответствует записи: в этом месте в ней 2-й ход чёрных"],
        },
    ),
    "not your turn": Case(
        WHITE,
        "2. Nf3 Nc6 3. Nc3",
        3,
        "not_your_turn",
        None,
        {
            "en": ["Game 1: it is your opponent's move. Your last move, 2. {nf3}, is recorded"],
            "ru": ["Партия 1: сейчас ход партнёра. Ваш последний ход, 2. {nf3}, уже записан"],
        },
    ),
}


@pytest.fixture(params=READERS)
def reader(request: pytest.FixtureRequest) -> Reader:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def started(services: Services, clock: FixedClock, reader: Reader) -> dict[str, int]:
    """Event T1 by email, started; both players read ``reader``'s language and notation."""
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = make_event(services, 2, mode="email")
    as_reader(services, ids, reader)
    return ids


def as_reader(services: Services, ids: dict[str, int], reader: Reader) -> None:
    """Both players read ``reader``'s language and notation (Russian readers
    have Russian names, so that a Latin word in their mail is the server's)."""
    names = {"p1": "Иванов", "p2": "Петрова"} if reader.lang == "ru" else {}
    with services.ctx.db.write() as session:
        for login in ("p1", "p2"):
            player = session.get(Player, ids[login])
            assert player is not None
            player.lang, player.notation = reader.lang, reader.notation
            player.name = names.get(login, player.name)


def play(services: Services, ids: dict[str, int], sans: list[str]) -> None:
    for ply, san in enumerate(sans):
        mover = ids["p1"] if ply % 2 == 0 else ids["p2"]
        services.games.submit_move(Actor.player(mover, Door.WEB), 1, san)


def answer_to(
    services: Services, clock: FixedClock, ids: dict[str, int], sender: str, body: str
) -> tuple[str, OutboundMessage]:
    player = ids["p1"] if sender == WHITE else ids["p2"]
    before = len(outbox(services))
    receipt = services.mail.receive(
        raw_mail(sender, subject(services, player), body), clock.now(), "test"
    )
    (answer,) = [m for m in outbox(services)[before:] if m.to_address == sender]
    return receipt.outcome, answer


def charges(services: Services) -> list[tuple[int, int]]:
    with services.ctx.db.read() as session:
        return [(c.player_id, c.days) for c in session.scalars(select(TimeCharge))]


def the_words(answer: str) -> str:
    """The answer's own words: the text before the game's link and record
    (the record's form is numeric for every reader, Art. 56.2.4)."""
    return answer.split("\n\n", 1)[0]


def check_reader(text: str, reader: Reader) -> None:
    assert "§" not in text, text
    for other in reader.not_nf3:
        assert other not in text, (other, text)
    if reader.lang == "ru":
        assert english_in(text) == [], text


@pytest.mark.parametrize("kind", list(CASES))
def test_every_fault_is_answered_with_its_article_in_the_players_notation(
    services: Services, clock: FixedClock, started: dict[str, int], kind: str, reader: Reader
) -> None:
    ids = started
    case = CASES[kind]
    play(services, ids, OPENING[: case.plies])
    outcome, answer = answer_to(services, clock, ids, case.sender, case.body)
    assert outcome == case.outcome
    words = the_words(answer.body)
    for said in case.said[reader.lang]:
        assert said.format(nf3=reader.nf3) in words, words
    check_reader(words, reader)
    sender = ids["p1"] if case.sender == WHITE else ids["p2"]
    if case.article is None:
        assert answer.kind == "reply" and reader.free in words, words
        assert charges(services) == []
        return
    assert answer.kind == "fault"
    assert f"({reader.article} {case.article})" in words, words
    assert reader.not_recorded in words and reader.charged in words, words
    assert charges(services) == [(sender, 2)]
    # What to send now: the partner's last move, in the reader's notation.
    last = f"2. {reader.nf3}" if case.sender == BLACK else "2. ... "
    assert last in words.splitlines()[-1], words


def test_a_move_for_a_finished_game_is_not_recorded_and_costs_nothing(
    services: Services, clock: FixedClock, started: dict[str, int], reader: Reader
) -> None:
    ids = started
    play(services, ids, ["f3", "e5", "g4", "Qh4#"])
    outcome, answer = answer_to(services, clock, ids, WHITE, "2. ... Qh4 3. Kf2")
    assert (outcome, answer.kind) == ("game_over", "reply")
    words = the_words(answer.body)
    said = {
        "en": "Game 1 is over: 0-1 (checkmate). No more moves are recorded in it; nothing was "
        "charged.",
        "ru": "Партия 1 окончена: 0-1 (мат). Ходы в ней больше не записываются; штрафа нет.",
    }
    assert words == said[reader.lang]
    check_reader(words, reader)
    assert charges(services) == []


def test_an_oversized_message_is_told_the_limit_in_a_subject_with_one_re(
    services: Services, clock: FixedClock, started: dict[str, int], reader: Reader
) -> None:
    ids = started
    body = "1. 5254\n" + "x" * 100 * (MAX_SIZE // 100 + 2_000)
    raw = raw_mail(WHITE, f"Re: RE: Ответ: {subject(services, ids['p1'])}", body)
    receipt = services.mail.receive(raw, clock.now(), "test")
    assert receipt.outcome == "oversized"
    (answer,) = outbox(services)
    assert answer.subject.startswith("Re: [cc 1 ") and "Re: Re" not in answer.subject
    assert "RE:" not in answer.subject and "Ответ" not in answer.subject
    # The size as the reader writes numbers, rounded up: never the limit itself.
    size = math.ceil(len(raw) / 100_000) / 10
    assert size > 1
    said = {
        "en": f"Your message was not read: it is {size:g} MB, and the server reads messages "
        "of up to 1 MB. Nothing in it was recorded.",
        "ru": f"Ваше сообщение не прочитано: его размер — {size:g} МБ, а сервер читает "
        "сообщения до 1 МБ. Ничего из него не записано.",
    }
    expected = said[reader.lang]
    if reader.lang == "ru":
        expected = expected.replace(f"{size:g}", f"{size:g}".replace(".", ","))
    assert expected in answer.body, answer.body
    check_reader(answer.body, reader)
    assert charges(services) == []


def test_a_confirmation_writes_the_move_and_the_conditional_reply_in_the_players_notation(
    services: Services, clock: FixedClock, started: dict[str, int], reader: Reader
) -> None:
    ids = started
    play(services, ids, ["d4", "d5"])
    # White leaves a conditional reply: if 2... Nc6 then 3. Nc3.
    white = Actor.player(ids["p1"], Door.WEB)
    services.games.submit_move(white, 1, "Nf3", conditional="Nc6 Nc3")
    outcome, answer = answer_to(services, clock, ids, BLACK, "2. 7163 2836")
    assert outcome == "move"
    words = the_words(answer.body)
    said = {
        "en": [
            "Your move 2. ... 2836 in game 1 is recorded",
            "Your opponent's conditional reply followed at once: 3. 2133. It is your move.",
        ],
        "ru": [
            "Ваш ход 2. ... Кc6 в партии 1 записан",
            "Сразу последовал условный ответ партнёра: 3. Кc3. Ваш ход.",
        ],
    }
    for text in said[reader.lang]:
        assert text in words, words
    check_reader(words, reader)


#: the position after 1. d4 d5 2. Nf3, as each reader's mail draws it
DIAGRAMS = {
    "en": """\
Position, Black to move:
   a  b  c  d  e  f  g  h
8  r  n  b  q  k  b  n  r  8
7  p  p  p  .  p  p  p  p  7
6  .  .  .  .  .  .  .  .  6
5  .  .  .  p  .  .  .  .  5
4  .  .  .  P  .  .  .  .  4
3  .  .  .  .  .  N  .  .  3
2  P  P  P  .  P  P  P  P  2
1  R  N  B  Q  K  B  .  R  1
   a  b  c  d  e  f  g  h
White's pieces in capitals, Black's in small letters: K king, Q queen, R rook, B bishop, \
N knight, P pawn.
Position (FEN): rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2""",
    "ru": """\
Позиция, ход чёрных:
   a  b  c  d  e  f  g  h
8  л  к  с  ф  кр с  к  л  8
7  п  п  п  .  п  п  п  п  7
6  .  .  .  .  .  .  .  .  6
5  .  .  .  п  .  .  .  .  5
4  .  .  .  П  .  .  .  .  4
3  .  .  .  .  .  К  .  .  3
2  П  П  П  .  П  П  П  П  2
1  Л  К  С  Ф  Кр С  .  Л  1
   a  b  c  d  e  f  g  h
Белые фигуры — заглавными буквами, чёрные — строчными: Кр — король, Ф — ферзь, Л — ладья, \
С — слон, К — конь, П — пешка.
Позиция (FEN): rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2""",
}


def test_the_record_in_mail_draws_the_position(
    services: Services, clock: FixedClock, started: dict[str, int], reader: Reader
) -> None:
    """Eight ranks between the files, each file's squares in one column
    (monospace-safe), in the reader's letters, White in capitals; the FEN
    after it."""
    ids = started
    play(services, ids, ["d4", "d5"])
    _, answer = answer_to(services, clock, ids, WHITE, "1. ... 4745 2. 7163")
    drawn = DIAGRAMS[reader.lang]
    assert answer.body.endswith("\n\n" + drawn), answer.body
    files, *ranks, again = drawn.splitlines()[1:11]
    assert files == again and len({len(rank) for rank in ranks}) == 1
    # Each file letter stands over its squares, three characters apart.
    assert [files.index(f) for f in "abcdefgh"] == list(range(3, 27, 3))
    check_reader(drawn, reader)


def test_a_forwarded_move_is_numbered_in_the_partners_notation_and_the_server_speaks_as_itself(
    services: Services, clock: FixedClock, started: dict[str, int], reader: Reader
) -> None:
    ids = started
    play(services, ids, ["d4", "d5"])
    before = len(outbox(services))
    services.mail.receive(
        raw_mail(WHITE, subject(services, ids["p1"]), "1. ... 4745 2. Nf3"), clock.now(), "test"
    )
    (forward,) = [m for m in outbox(services)[before:] if m.to_address == BLACK]
    assert forward.kind == "forward"
    words = the_words(forward.body)
    said = {
        "en": [
            "Player 1 has played 2. 7163 in game 1. It is your move.",
            "(at least your opponent's last move, 2. 7163)",
        ],
        "ru": [
            "Иванов: ход 2. Кf3 в партии 1. Ваш ход.",
            "(хотя бы последний ход партнёра, 2. Кf3)",
        ],
    }
    for text in said[reader.lang]:
        assert text in words, words
    assert "my last move" not in words and "мой последний" not in words
    check_reader(words, reader)
