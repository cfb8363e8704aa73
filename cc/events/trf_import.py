"""A Swiss started or continued from FIDE's TRF, so that a federation moves an
event in from Swiss Manager, Vega or bbpPairings: the start list with its
numbers and ratings, and the results of the rounds played so far.

All of it in one transaction, or nothing: the event is created as
``cc event create`` creates it (a Swiss, its rounds from the file's XXR, its
bye's points from BBU), its players found by FIDE id, else by name, else
registered as ``cc player import`` registers them (no address; the office
invites them later), each with the file's rating as the federation's and the
file's start number. Each game played becomes a finished game without moves
(its result, no reason: the record stays with the program it came from); a
game won without play a result by default (Art. 37); a game both players
forfeited is annulled (nobody scores); the pairing's bye the entry's
``bye_round``; an absence nothing. The event is then under way, and the next
round is paired by :mod:`cc.events.systems.swiss` like any other.

What the server's records cannot hold is refused, naming the player and the
round: a bye asked for (TRF ``H`` or ``F``, half or full point: the server
has only the pairing's bye), a second pairing-allocated bye, a point system
other than 1, ½ and 0. A TRF does not say who withdrew: nobody is withdrawn.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.accounts.players import new_player
from cc.base import errors
from cc.base.kinds import EventStatus, GameResult, GameStatus, ResultReason
from cc.base.regulations import BYE_POINTS, Mode
from cc.events.lifecycle import EventService, EventSpec, enter_player, section_named
from cc.events.new_games import new_game
from cc.kernel.context import Actor, audit
from cc.store.models import Game, Player
from cc.text.i18n import N_
from notation.pgn import split_name
from standings.trf import TrfError, TrfGame, TrfPlayer, TrfPoints, TrfTournament, read_trf
from timekeeping import start_of_day

#: a played result as White's cell gives it, and what Black's must then say
_PLAYED = {"1": "0", "W": "0", "0": "1", "L": "1", "=": "=", "D": "="}
_SAME = {"W": "1", "L": "0", "D": "="}
_RESULTS = {
    "1": GameResult.WHITE_WINS,
    "0": GameResult.BLACK_WINS,
    "=": GameResult.DRAW,
}


@dataclass(frozen=True)
class ImportRequest:
    """What the office states besides the file: the new event's code, and
    what the file may not say (its name, mode, start, time zone, arbiter)."""

    code: str
    name: str | None = None
    mode: str = Mode.SERVER.value
    start: date | None = None
    timezone: str = "UTC"
    arbiter: str | None = None


@dataclass
class TrfImport:
    """What an import did."""

    code: str
    #: the rounds read from the file, and the number the event announces
    played: int
    rounds: int
    #: logins: accounts registered for the file's players, and those found
    created: list[str] = field(default_factory=list)
    found: list[str] = field(default_factory=list)
    #: the round paired after the import, or why none was
    paired: int | None = None
    not_paired: errors.ServiceError | None = None


def parse(text: str) -> TrfTournament:
    """The file read and checked against what the server can hold."""
    try:
        t = read_trf(text)
    except TrfError as exc:
        raise errors.InvalidInput(field="trf", reason=_reason(exc)) from None
    if not t.players:
        raise errors.InvalidInput(field="trf", reason=N_("the file lists no players (001 lines)"))
    if t.rounds is None:
        raise errors.InvalidInput(
            field="trf", reason=N_("the file does not say how many rounds the Swiss has (XXR)")
        )
    if t.played_rounds > t.rounds:
        raise errors.InvalidInput(
            field="trf",
            reason=N_(
                "the file has {played} rounds played of {rounds}",
                played=t.played_rounds,
                rounds=t.rounds,
            ),
        )
    usual = TrfPoints(pab=t.points.pab)
    if t.points != usual or str(t.points.pab) not in BYE_POINTS:
        raise errors.InvalidInput(
            field="trf",
            reason=N_("the server scores a win 1, a draw ½, a loss 0 and a bye 1, ½ or 0"),
        )
    for p in t.players:
        _check_player(t, p)
    return t


def _reason(exc: TrfError) -> str:
    if exc.line:
        return N_("line {line}: {reason}", line=exc.line, reason=exc.reason)
    return N_("{reason}", reason=exc.reason)


def _check_player(t: TrfTournament, p: TrfPlayer) -> None:
    byes = [g for g in p.games if g.opponent is None and g.result in "U+"]
    for g in p.games:
        if g.opponent is None and g.result in "HF=":
            raise errors.InvalidInput(
                field="trf",
                reason=N_(
                    "player {number} ({name}), round {round}: a requested bye ({result})"
                    " cannot be imported, only the pairing-allocated bye",
                    number=p.number,
                    name=p.name,
                    round=g.round,
                    result=g.result,
                ),
            )
    if len(byes) > 1:
        raise errors.InvalidInput(
            field="trf",
            reason=N_(
                "player {number} has the pairing's bye twice (rounds {rounds})",
                number=p.number,
                rounds=", ".join(str(g.round) for g in byes),
            ),
        )
    score = sum((t.points.of(g) for g in p.games), Fraction(0))
    if score != p.points:
        raise errors.InvalidInput(
            field="trf",
            reason=N_(
                "player {number}: the file gives {points} points, the results {score}",
                number=p.number,
                points=str(p.points),
                score=str(score),
            ),
        )


def import_swiss(
    session: Session,
    events: EventService,
    actor: Actor,
    now: datetime,
    t: TrfTournament,
    request: ImportRequest,
) -> TrfImport:
    """Create the event of ``t``, its players, entries and results; under
    way, its next round not yet paired."""
    spec = EventSpec(
        code=request.code,
        name=request.name or t.name or request.code,
        mode=Mode(request.mode),
        start_date=request.start or _date(t.start) or now.date(),
        end_date=_date(t.end),
        timezone=request.timezone,
        arbiter=request.arbiter,
        system="swiss",
        rounds=t.rounds,
        regulations={"bye_points": str(t.points.pab)},
    )
    if spec.end_date is not None and spec.end_date < spec.start_date:
        spec = replace(spec, end_date=None)
    event = events.create_in(session, actor, spec)
    done = TrfImport(code=event.code, played=t.played_rounds, rounds=t.rounds or 0)
    section = section_named(event, "A")
    ids: dict[int, int] = {}
    added: list[int] = []
    for p in sorted(t.players, key=lambda p: p.number):
        player = _player(session, actor, now, p, done)
        entry = enter_player(event, section, session, player.login, added=added)
        entry.number = p.number
        entry.bye_round = next(
            (g.round for g in p.games if g.opponent is None and g.result in "U+"), None
        )
        ids[p.number] = player.id
    session.flush()
    begins = start_of_day(event.start_date, event.timezone)
    for rnd in range(1, t.played_rounds + 1):
        for board, ((white, won), (black, lost)) in enumerate(_pairs(t, rnd), start=1):
            game = new_game(session, event, section, rnd, board, ids[white], ids[black], begins)
            _finish(game, won, lost, now)
    event.status = EventStatus.STARTED
    event.started_at = now
    session.flush()
    audit(
        session,
        actor,
        now,
        "event_imported",
        event_id=event.id,
        rounds_played=t.played_rounds,
        created=done.created,
        found=done.found,
        numbering={str(p.number): ids[p.number] for p in t.players},
    )
    return done


def _date(text: str) -> date | None:
    """A TRF's date (``2026/05/10``, ``2026-05-10``, ``2026.05.10``), if it is one."""
    match = re.fullmatch(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", text.strip())
    if match is None:
        return None
    try:
        return date(*(int(x) for x in match.groups()))
    except ValueError:
        return None


def _player(session: Session, actor: Actor, now: datetime, p: TrfPlayer, done: TrfImport) -> Player:
    """The account of the file's player: by FIDE id, else by name, else new."""
    surname, given = split_name(p.name)
    live = select(Player).where(Player.merged_into_id.is_(None))
    found = None
    if p.fide_id:
        found = session.scalars(live.where(Player.federation_id == p.fide_id)).first()
    if found is None:
        if len(p.name) >= NAME_WIDTH:
            # the field holds 33 characters: a longer name was cut, so any
            # account whose name, written as the file writes it, begins so
            named = [
                x
                for x in session.scalars(live.where(Player.surname.startswith(surname[:20])))
                if _as_written(x).startswith(p.name)
            ]
        else:
            named = list(
                session.scalars(live.where(Player.surname == surname, Player.given_names == given))
            )
        if len(named) > 1:
            raise errors.InvalidInput(
                field="trf",
                reason=N_(
                    "player {number}: {count} accounts are called {name}; give the file "
                    "their FIDE ids",
                    number=p.number,
                    count=len(named),
                    name=p.name,
                ),
            )
        found = named[0] if named else None
    if found is None:
        found = new_player(
            session,
            actor,
            now,
            login=_free_login(session, surname, given, p.fide_id),
            surname=surname,
            given_names=given,
        )
        found.country = p.federation.upper() or None
        done.created.append(found.login)
    else:
        done.found.append(found.login)
    if p.rating is not None:
        found.rating = p.rating
    found.federation_id = found.federation_id or p.fide_id or None
    session.flush()
    return found


#: the width of a TRF player line's name field
NAME_WIDTH = 33

#: Cyrillic in Latin letters as passports write it (ICAO Doc 9303)
_LATIN = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "е": "e",
    "ё": "e",
    "ж": "zh",
    "з": "z",
    "и": "i",
    "й": "i",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "ie",
    "ы": "y",
    "ь": "_",
    "э": "e",
    "ю": "iu",
    "я": "ia",
}


def _as_written(player: Player) -> str:
    """The name as a TRF writes it: "Surname, Given names"."""
    return (
        f"{player.surname}, {player.given_names}"
        if player.given_names
        else player.surname or player.name
    )


def _free_login(session: Session, surname: str, given: str, fide_id: str) -> str:
    """A login from the name in Latin letters (Cyrillic as passports write
    it; a FIDE id's for a name in another alphabet), free in the database."""
    latin = "".join(_LATIN.get(c, c) for c in f"{surname}{given[:1]}".lower()).replace("_", "")
    folded = unicodedata.normalize("NFKD", latin)
    base = re.sub(r"[^a-z0-9]", "", folded.encode("ascii", "ignore").decode().lower())[:40]
    if len(base) < 2 or not base[0].isalpha():
        base = f"fide{fide_id}" if fide_id else f"p{base}" if base else "player"
    login, n = base, 1
    while session.scalar(select(Player.id).where(Player.login == login)) is not None:
        n += 1
        login = f"{base}-{n}"
    return login


def _pairs(t: TrfTournament, rnd: int) -> list[tuple[tuple[int, str], tuple[int, str]]]:
    """The round's games: ((White's number, his result), (Black's, his)),
    each once; refused where the two lines disagree on the result."""
    by_number = {p.number: p for p in t.players}
    out = []
    for p in sorted(t.players, key=lambda p: p.number):
        mine = p.game(rnd)
        if mine is None or mine.opponent is None:
            continue
        theirs = by_number[mine.opponent].game(rnd)
        assert theirs is not None  # read_trf checked that the pairs agree
        if not _white(p.number, mine, theirs):
            continue
        if not _agree(_same(mine), _same(theirs)):
            raise errors.InvalidInput(
                field="trf",
                reason=N_(
                    "round {round}: players {white} and {black} give different results",
                    round=rnd,
                    white=p.number,
                    black=mine.opponent,
                ),
            )
        out.append(((p.number, _same(mine)), (mine.opponent, _same(theirs))))
    return out


def _white(number: int, mine: TrfGame, theirs: TrfGame) -> bool:
    """The player had White: as the file says, else (a game unplayed on both
    lines) the lower number."""
    if mine.colour in ("w", "b"):
        return mine.colour == "w"
    if theirs.colour in ("w", "b"):
        return theirs.colour == "b"
    return mine.opponent is not None and number < mine.opponent


def _same(g: TrfGame) -> str:
    return _SAME.get(g.result, g.result)


def _agree(white: str, black: str) -> bool:
    if white in _PLAYED:
        return _PLAYED[white] == black
    return (white, black) in (("+", "-"), ("-", "+"), ("-", "-"))


def _finish(game: Game, white: str, black: str, now: datetime) -> None:
    """The game ended as the file says, without moves."""
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.next_deadline = None
    game.alert_on = None
    if white in _RESULTS:
        game.result = _RESULTS[white]
    elif white == "+" or black == "+":
        game.result = GameResult.WHITE_WINS if white == "+" else GameResult.BLACK_WINS
        game.result_reason = ResultReason.DEFAULT
    else:
        game.status = GameStatus.ANNULLED  # both forfeited: nobody scores


def read_text(data: bytes) -> str:
    """A TRF's bytes as text: UTF-8 (Vega, bbpPairings), else Windows-1251;
    refused if it is neither."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1251")
    except UnicodeDecodeError:
        raise errors.InvalidInput(
            field="file", reason=N_("it is neither UTF-8 nor Windows-1251 text")
        ) from None
