"""Xfcc as Scid, Lucas Chess and a WSDL-generated client speak it.

The requests are the bytes each client sends, written from its source:

- Scid (its correspondence window, ``tcl/tools/correspondence.tcl``) posts
  its envelope with tabs and newlines, ``Content-Type: text/xml;
  charset="utf-8"`` (a space and a quoted charset), no SOAPAction, flags as
  ``0`` and ``1``, and for a claim or offer made without a new move the last
  move on its board with that move's number. It reads answers with regular
  expressions: the first code found in ``faultstring`` or
  ``MakeAMoveResult`` decides what it shows, and it writes each game's PGN
  straight from the fields (``Date`` from ``eventDate``, the moves from
  ``moves``) and computes the days of ``timeControl`` by dividing the part
  after ``/`` (or each part around ``+``) by 86400.
  Beyond ASCII it writes each character's low byte under its UTF-8
  declaration: the requests of ``tests/fixtures/xfcc`` were captured from
  its own code.
- Lucas Chess (suds over the WSDL) sends prefixed elements with a
  SOAPAction, leaves out ``myMove`` unless it plays a move, and shows a
  code only from its table of the 13 codes; it reads ``timeControl`` as
  ``base+increment`` in seconds.
- zeep, strict, generated from our WSDL.
"""

from __future__ import annotations

import io
import re
from datetime import date, timedelta
from xml.etree import ElementTree

import chess
import chess.pgn
import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store.models import DrawOffer, Game, Move, Player
from cc.xfcc.soap import decode_body
from tests.support.cases import player
from tests.support.days import at
from tests.support.events import OPERATOR, create_event
from tests.support.paths import TESTS
from tests.support.sites import give_passwords
from tests.support.web import PASSWORD, client
from tests.support.xfcc import ids_of, zeep_client

START = date(2026, 11, 9)
NS = "http://www.bennedik.com/webservices/XfccBasic"
URL = "/xfcc/xfccbasic.asmx"
KNOWN = [
    "Success",
    "ServerError",
    "AuthenticationFailed",
    "InvalidGameID",
    "NotYourGame",
    "NotYourTurn",
    "InvalidMoveNumber",
    "InvalidMove",
    "NoDrawWasOffered",
    "LostOnTime",
    "YouAreOnLeave",
    "MoveIsAmbigous",
    "FeatureUnavailable",
]

# ------------------------------------------------------------------- Scid

SCID_START = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '\t<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
    'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">\n'
    "\t<soap:Body>\n\t"
)
SCID_END = "</soap:Body>\n\t</soap:Envelope>"
SCID_HEADERS = {"Content-Type": 'text/xml; charset="utf-8"'}


def scid_get_my_games(login: str) -> bytes:
    return (
        f'{SCID_START}<GetMyGames xmlns="{NS}"><username>{login}</username>'
        f"<password>{PASSWORD}</password></GetMyGames>{SCID_END}"
    ).encode()


def scid_send(
    login: str,
    game_id: int,
    movecount: int,
    move: str,
    comment: str = "",
    *,
    resign: int = 0,
    accept: int = 0,
    offer: int = 0,
    claim: int = 0,
) -> bytes:
    """``::Xfcc::SendMove`` as Scid's buttons call it (flags 0 and 1), the
    message written in UTF-8 (what Scid writes beyond ASCII: ``captured``)."""
    return (
        f'{SCID_START}<MakeAMove xmlns="{NS}"><username>{login}</username>'
        f"<password>{PASSWORD}</password><gameId>{game_id}</gameId>"
        f"<resign>{resign}</resign><acceptDraw>{accept}</acceptDraw>"
        f"<movecount>{movecount}</movecount><myMove>{move}</myMove>"
        f"<offerDraw>{offer}</offerDraw><claimDraw>{claim}</claimDraw>"
        f"<myMessage>{comment}</myMessage></MakeAMove>{SCID_END}"
    ).encode()


def scid_shows(xml: bytes) -> str | None:
    """The code ``::Xfcc::SOAPError`` finds, as its ``switch -regexp`` does."""
    text = xml.decode()
    text = re.sub(r"(?s).*<soap:Fault>", "<error>", text)
    text = re.sub(r"(?s)</soap:Fault>.*", "</error>", text)
    text = re.sub(r'(?s).*<MakeAMoveResponse.*">', "<error>", text)
    text = re.sub(r"(?s)</MakeAMoveResponse>.*", "</error>", text)
    text = text.replace("<MakeAMoveResult>", "<faultstring>")
    text = text.replace("</MakeAMoveResult>", "</faultstring>")
    fstring = ElementTree.fromstring(text).findtext("faultstring") or ""
    for code in KNOWN:  # Scid's switch, in its order
        if re.search(code, fstring):
            return code
    return None


def scid_days(time_control: str) -> str:
    """``::Xfcc::PrintStatus``'s reading of ``timeControl`` (Tcl's integer ``expr``)."""
    if "+" in time_control:
        base, inc = time_control.split("+")
        return f"{int(base) // 86400}d + {int(inc) // 86400}d (Fischer)"
    if "/" in time_control:
        moves, seconds = time_control.split("/")
        return f"{int(moves)} / {int(seconds) // 86400}d"
    return "10/50d (?)"


def scid_pgn(server: str, game: ElementTree.Element) -> str:
    """``::Xfcc::WritePGN``: one game's file as Scid writes it from the fields."""

    def f(name: str) -> str:
        return game.findtext(name) or ""

    result = f("result")
    tag = {"Ongoing": "*", "AdjudicationPending": "*", "WhiteDefaulted": "0-1"}.get(result)
    if tag is None:
        tag = (
            "1-0"
            if result.startswith("WhiteWin") or result == "BlackDefaulted"
            else "0-1"
            if result.startswith("BlackWin")
            else "1/2-1/2"
        )
    lines = [
        f'[Event "{f("event")}"]',
        f'[Site "{f("site")}"]',
        f'[Date "{f("eventDate")}"]',
        f'[Round "{f("round")}"]',
        f'[White "{f("white")}"]',
        f'[Black "{f("black")}"]',
        f'[WhiteICCF "{f("whiteElo")}"]',
        f'[BlackICCF "{f("blackElo")}"]',
        f'[TimeControl "{f("timeControl")}"]',
        f'[GameId "{f("id")}"]',
        f'[Source "{f("gameLink")}"]',
        '[WhiteNA "white@unknown.org"]',
        '[BlackNA "black@unknown.org"]',
        '[Mode "XFCC"]',
        f'[CmailGameName "{server}-{f("id")}"]',
    ]
    if f("whiteCountry"):
        lines.append(f'[WhiteCountry "{f("whiteCountry")}"]')
    if f("blackCountry"):
        lines.append(f'[BlackCountry "{f("blackCountry")}"]')
    lines.append(f'[Result "{tag}"]\n')
    lines.append(f"{{{server}-{f('id')}}}")
    lines.append(f("moves"))
    if f("myTurn") == "true" and f("message"):
        lines.append(f"{{{f('message')}}}")
    lines.append(tag)
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- setup

NAMES = [
    "Иванов Иван",
    "Петрова Анна Сергеевна",
    "Smith John",
    "Ёлкин Пётр",
] + [f"Игрок{i} Номер{i}" for i in range(5, 22)]


def event(services: Services, players: int, code: str = "SC") -> dict[str, int]:
    """An event of ``players`` players (p1 ...), started on START; p1 rated
    and from Russia, p2 rated, the others neither."""
    for i in range(1, players + 1):
        login = f"p{i}"
        if not any(p.login == login for p in services.queries.players()):
            services.players.add(OPERATOR, login=login, name=NAMES[i - 1])
    with services.ctx.db.write() as session:
        for p in session.scalars(select(Player)):
            if p.login == "p1":
                p.rating, p.country = 2412, "RUS"
            elif p.login == "p2":
                p.rating = 2250
    create_event(services, code, "Кубок Xfcc", START, timezone="Europe/Moscow")
    services.events.add_players(OPERATOR, code, [f"p{i}" for i in range(1, players + 1)])
    services.events.start(OPERATOR, code)
    give_passwords(services, PASSWORD)
    return ids_of(services)


def games_of(services: Services, login: str) -> list[Game]:
    with services.ctx.db.read() as session:
        rows = session.scalars(select(Game).order_by(Game.id)).all()
        return [g for g in rows if login in (g.white.login, g.black.login)]


def white_game(services: Services, login: str, partner: str) -> int:
    """The game in which ``login`` has White against ``partner``."""
    for g in games_of(services, login):
        with services.ctx.db.read() as session:
            row = session.get(Game, g.id)
            assert row is not None
            if row.white.login == login and row.black.login == partner:
                return g.id
    raise AssertionError(f"{login} has no White against {partner}")


# ----------------------------------------------------------------- tests


def test_scid_fetches_twenty_games_and_its_pgn_reads_back(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = event(services, 21)
    mine = games_of(services, "p1")
    assert len(mine) == 20
    # Moves in every game of p1's, a few days apart, so each has a record.
    openings = [["e4", "c5", "Nf3"], ["d4", "Nf6"], ["c4"], ["Nf3", "d5", "g3", "Nf6"]]
    for n, g in enumerate(mine):
        for move in openings[n % len(openings)]:
            view = services.queries.game(g.id)
            mover = view.white if len(view.moves) % 2 == 0 else view.black
            services.games.submit_move(player(ids, mover), g.id, move)
        clock.advance(days=1)

    web = client(services)
    r = web.post(URL, content=scid_get_my_games("p1"), headers=SCID_HEADERS)
    assert r.status_code == 200 and r.headers["content-type"] == "text/xml; charset=utf-8"
    # Scid cuts the envelope away with regular expressions, then reads the rest.
    xml = re.sub(r"(?s).*<GetMyGamesResult>", "<GetMyGamesResult>", r.text)
    xml = re.sub(r"(?s)</GetMyGamesResult>.*", "</GetMyGamesResult>", xml)
    fetched = ElementTree.fromstring(xml).findall("XfccGame")
    assert len(fetched) == 20
    for game in fetched:
        # Its status line: the days of the control, read without error.
        assert scid_days(game.findtext("timeControl") or "") == "10 / 50d"
        # Lucas Chess's reading: base+increment in seconds, or "?" without error.
        head = (game.findtext("timeControl") or "").split("+")[0]
        assert not head.isdigit()
        pgn = scid_pgn("CC", game)
        read = chess.pgn.read_game(io.StringIO(pgn))
        assert read is not None and not read.errors, pgn
        game_id = int(game.findtext("id") or 0)
        record = services.queries.game(game_id)
        assert [m.uci() for m in read.mainline_moves()] == [m.uci for m in record.moves]
        assert read.headers["Date"] == "2026.11.09" == game.findtext("eventDate")
        assert read.headers["TimeControl"] == "10/4320000"
        assert read.headers["Source"] == f"http://127.0.0.1:8000/games/{game_id}"
        assert re.fullmatch(r"\d+\.\d+", read.headers["Round"])
        assert read.headers["Event"] == "Кубок Xfcc"
        white = read.headers["White"]
        assert "," in white and white.split(",")[0] in {n.split()[0] for n in NAMES}
        if white == "Иванов, Иван":
            assert read.headers["WhiteICCF"] == "2412" and read.headers["WhiteCountry"] == "RUS"
        if read.headers["Black"] == "Петрова, Анна Сергеевна":
            assert read.headers["BlackICCF"] == "2250" and "BlackCountry" not in read.headers
    # p1's games all carry p1's rating and country; an unrated partner's
    # rating is 0, which Lucas Chess reads (it looks the field up without
    # asking whether it is there) and Scid and Lucas take as no rating.
    for game in fetched:
        side = "white" if game.findtext("hasWhite") == "true" else "black"
        other = "black" if side == "white" else "white"
        assert game.findtext(f"{side}Elo") == "2412"
        assert game.findtext(f"{side}Country") == "RUS"
        assert game.findtext(f"{other}Elo") in ("0", "2250")


def test_scid_claims_offers_resigns_with_echoed_moves(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START + timedelta(days=1))
    ids = event(services, 4)
    web = client(services)

    def send(body: bytes) -> str | None:
        r = web.post(URL, content=body, headers=SCID_HEADERS)
        assert r.status_code == 200, r.text
        assert r.content.endswith(b"</MakeAMoveResponse></soap:Body></soap:Envelope>")
        return scid_shows(r.content)

    def play(game_id: int, *moves: str) -> None:
        for move in moves:
            view = services.queries.game(game_id)
            mover = view.white if len(view.moves) % 2 == 0 else view.black
            services.games.submit_move(player(ids, mover), game_id, move)

    g1, g2, g3, g4, g5, *_ = sorted(g.id for g in services.queries.games())
    players = {
        g: (services.queries.game(g).white, services.queries.game(g).black)
        for g in (g1, g2, g3, g4, g5)
    }

    # White to move in a position that has occurred three times: Scid sends
    # Black's last move and White's own last move number.
    play(g1, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
    assert send(scid_send(players[g1][0], g1, 4, "Ng8", claim=1)) == "Success"
    view = services.queries.game(g1)
    assert (view.result, view.result_reason, len(view.moves)) == (
        "1/2-1/2",
        "threefold_repetition",
        8,
    )

    # Black to move after the third 5.Nf3: Black's claim echoes White's move.
    play(g2, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3")
    assert send(scid_send(players[g2][1], g2, 5, "Nf3", claim=1)) == "Success"
    assert services.queries.game(g2).result_reason == "threefold_repetition"

    # A claim with the move that makes the repetition: a move of its own.
    play(g3, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
    assert send(scid_send(players[g3][1], g3, 4, "Ng8", claim=1)) == "Success"
    after = services.queries.game(g3)
    assert after.result_reason == "threefold_repetition" and after.moves[-1].san == "Ng8"

    # An unfounded claim is InvalidMove, and nothing is recorded.
    white, black = players[g4]
    play(g4, "e4", "e5")
    assert send(scid_send(white, g4, 1, "e5", claim=1)) == "InvalidMove"
    assert len(services.queries.game(g4).moves) == 2

    # A draw offer without a move on one's own turn: Scid sends the partner's
    # last move with one's own last move number. No move is made.
    clock.advance(seconds=60)
    assert send(scid_send(white, g4, 1, "e5", "Ничья?", offer=1)) == "Success"
    assert len(services.queries.game(g4).moves) == 2
    r = web.post(URL, content=scid_get_my_games(black), headers=SCID_HEADERS)
    seen = [x for x in ElementTree.fromstring(r.content).iter(f"{{{NS}}}XfccGame")]
    partner_view = next(x for x in seen if x.findtext(f"{{{NS}}}id") == str(g4))
    assert partner_view.findtext(f"{{{NS}}}drawOffered") == "true"
    assert partner_view.findtext(f"{{{NS}}}message") == "Ничья?"
    # Offered again, the offer stands: Success, nothing new.
    assert send(scid_send(white, g4, 1, "e5", offer=1)) == "Success"
    # Black answers with a move (declining), then offers on White's turn,
    # echoing Black's own last move under its own number.
    play(g4, "Nf3", "Nc6")
    assert send(scid_send(black, g4, 2, "Nc6", offer=1)) == "Success"
    assert len(services.queries.game(g4).moves) == 4
    # ... and White accepts; Scid sends the last move on its board, as ever.
    assert send(scid_send(white, g4, 2, "Nc6", accept=1)) == "Success"
    assert services.queries.game(g4).result_reason == "agreed_draw"

    # An offer with a new move: the move is made and the offer goes with it.
    white, black = players[g5]
    assert send(scid_send(white, g5, 1, "d4", offer=1)) == "Success"
    assert [m.san for m in services.queries.game(g5).moves] == ["d4"]
    # A move sent under a stale number is still InvalidMoveNumber.
    assert send(scid_send(black, g5, 2, "d5")) == "InvalidMoveNumber"
    # A resignation after the partner's move, echoing it.
    play(g5, "d5")
    assert send(scid_send(white, g5, 1, "d5", resign=1)) == "Success"
    assert services.queries.game(g5).result_reason == "resignation"


def test_malformed_xml_is_a_server_error_clients_show(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    event(services, 2)
    web = client(services)
    # A request cut short is no XML the server can read: a fault Scid shows
    # as the server's error, and nothing is done.
    body = scid_send("p1", 1, 1, "e4", "Ничья?")
    r = web.post(URL, content=body[:-40], headers=SCID_HEADERS)
    assert r.status_code == 500
    assert b"<faultcode>soap:Client</faultcode><faultstring>ServerError: " in r.content
    assert scid_shows(r.content) == "ServerError"
    assert services.queries.game(1).moves == []
    # Wrong credentials: a fault Scid shows as its authentication failure.
    r = web.post(URL, content=scid_get_my_games("nobody"), headers=SCID_HEADERS)
    assert r.status_code == 500 and scid_shows(r.content) == "AuthenticationFailed"


# ------------------------------------------------- Scid's own bytes, captured

FIXTURES = TESTS / "fixtures" / "xfcc"


def captured(name: str, game_id: int) -> tuple[dict[str, str], bytes]:
    """A request as Scid sends it, captured from its own code: its headers and
    body, the game's id put in for the 4242 it was sent with.

    The files of ``tests/fixtures/xfcc`` are what a listener on 127.0.0.1
    received from ``::Xfcc::SendMove`` (``tcl/tools/correspondence.tcl`` of
    Scid, benini/scid at 6d312547, the last commit with the module: its
    ``SOAPstart``, ``xmlencrypt`` and ``SendMove`` run unchanged) with Tcl
    8.6.13 and its http 2.9.8, sending 1.e4 in game 4242 as p1 with the flags
    ``0`` and a message. ``SendMove`` escapes the message with ``xmlencrypt``,
    appends it to an envelope declaring ``encoding="utf-8"`` and posts it with
    ``::http::geturl $uri -type "text/xml; charset=\"utf-8\"" -query
    $xmlmessage``, converting nothing. http 2.9.8 counts Content-Length as the
    string's characters and writes the query to a socket configured
    ``-translation binary`` (``http::Connected``, then ``http::Write``), which
    writes each character's low byte; the charset of ``-type`` is only sent
    (the package reads a charset only from the answer), and ``-urlencoding``
    serves ``http::formatQuery`` alone. So "Schöne Grüße" arrives as
    Latin-1 bytes, and "Ничья?" as 1D 38 47 4C 4F 3F (U+041D's low byte, a
    control character, then "8GLO?"): a lower-case Cyrillic letter becomes a
    digit, punctuation or a Latin capital, "м" a "<", a capital "Ц" an "&".
    """
    head, _, body = (FIXTURES / name).read_bytes().partition(b"\r\n\r\n")
    lines = head.decode("ascii").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    assert lines[0] == "POST /xfcc/xfccbasic.asmx HTTP/1.1"
    assert int(headers["Content-Length"]) == len(body)
    assert body.count(b"<gameId>4242</gameId>") == 1
    body = body.replace(b"<gameId>4242</gameId>", f"<gameId>{game_id}</gameId>".encode())
    return {k: headers[k] for k in ("Content-Type", "User-Agent")}, body


@pytest.mark.parametrize(
    ("fixture", "stored"),
    [
        # Latin-1 letters are their own low bytes: the text is read back whole.
        ("scid-gruesse.http", "Schöne Grüße, remis?"),
        # Cyrillic lost its high bytes in Scid: the move is made and the
        # message kept as it arrived, U+FFFD for the control byte.
        ("scid-nichya.http", "\ufffd8GLO?"),
        # ... and a stray "&" (from "Ц") and "<" (from "м") read as text.
        ("scid-zugzwang.http", "\ufffd8GLO? &C3F20=3 8 <0B."),
    ],
)
def test_scid_s_own_bytes_make_the_move_whatever_its_message(
    services: Services, clock: FixedClock, fixture: str, stored: str
) -> None:
    at(clock, START + timedelta(days=1))
    event(services, 4)
    web = client(services)
    game_id = next(
        g.id for g in games_of(services, "p1") if services.queries.game(g.id).white == "p1"
    )
    headers, body = captured(fixture, game_id)
    assert headers["Content-Type"] == 'text/xml; charset="utf-8"'
    r = web.post(URL, content=body, headers=headers)
    assert r.status_code == 200, r.text
    assert scid_shows(r.content) == "Success"
    view = services.queries.game(game_id)
    assert [m.san for m in view.moves] == ["e4"]
    with services.ctx.db.read() as session:
        move = session.scalars(select(Move).where(Move.game_id == game_id)).one()
        assert move.message == stored
    # The partner reads it in GetMyGames, in an answer any XML parser takes.
    r = web.post(URL, content=scid_get_my_games(view.black), headers=SCID_HEADERS)
    answer = ElementTree.fromstring(r.content)
    mine = next(
        x for x in answer.iter(f"{{{NS}}}XfccGame") if x.findtext(f"{{{NS}}}id") == str(game_id)
    )
    assert mine.findtext(f"{{{NS}}}message") == stored


def test_requests_are_read_in_the_encoding_they_declare_or_are_in(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START + timedelta(days=1))
    event(services, 8)
    web = client(services)
    mine = [g.id for g in games_of(services, "p1") if services.queries.game(g.id).white == "p1"]
    text = "Ничья? Ёлки!"

    def sent(game_id: int, body: bytes, content_type: str) -> str | None:
        r = web.post(URL, content=body, headers={"Content-Type": content_type})
        assert r.status_code == 200, r.text
        with services.ctx.db.read() as session:
            move = session.scalars(select(Move).where(Move.game_id == game_id)).one()
            return move.message

    def request(game_id: int, declaration: str) -> str:
        return (
            scid_send("p1", game_id, 1, "e4", text)
            .decode()
            .replace('encoding="utf-8"', f'encoding="{declaration}"')
        )

    # Declared in the XML declaration alone, or by the Content-Type alone.
    assert sent(mine[0], request(mine[0], "windows-1251").encode("cp1251"), "text/xml") == text
    body = request(mine[1], "koi8-r").encode("koi8-r")
    body = body.replace(b'<?xml version="1.0" encoding="koi8-r"?>', b"")
    assert sent(mine[1], body, "text/xml; charset=KOI8-R") == text
    # Declared UTF-8 but written in Windows-1251: read as what it is.
    body = request(mine[2], "utf-8").encode("cp1251")
    assert sent(mine[2], body, 'text/xml; charset="utf-8"') == text


# ------------------------------------------------------------- Lucas Chess


def suds(operation: str, **params: object) -> bytes:
    """A request as suds writes it from the WSDL (Lucas Chess's client)."""
    inner = "".join(
        f"<ns0:{k}>{str(v).lower() if isinstance(v, bool) else v}</ns0:{k}>"
        for k, v in params.items()
        if v is not None
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<SOAP-ENV:Envelope xmlns:ns0="{NS}" '
        'xmlns:ns1="http://schemas.xmlsoap.org/soap/envelope/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/">'
        f"<SOAP-ENV:Header/><ns1:Body><ns0:{operation}>{inner}</ns0:{operation}>"
        "</ns1:Body></SOAP-ENV:Envelope>"
    ).encode()


def lucas_move(login: str, game_id: int, resp: str, movecount: int, move: str = "") -> bytes:
    """``DB_XFCC.makeAMove``: myMove only when it plays."""
    return suds(
        "MakeAMove",
        username=login,
        password=PASSWORD,
        gameId=game_id,
        resign=resp == "resign",
        acceptDraw=resp == "acceptDraw",
        movecount=movecount,
        myMove=move if resp == "play" else None,
        offerDraw=resp == "offerDraw",
        claimDraw=resp == "claimDraw",
        myMessage="",
    )


def test_lucas_chess_requests(services: Services, clock: FixedClock) -> None:
    at(clock, START + timedelta(days=1))
    ids = event(services, 2)
    web = client(services)
    headers = {
        "Content-Type": "text/xml; charset=utf-8",
        "SOAPAction": f'"{NS}/MakeAMove"',
    }

    def answer(body: bytes) -> str:
        r = web.post(URL, content=body, headers=headers)
        assert r.status_code == 200, r.text
        code = ElementTree.fromstring(r.content).findtext(f".//{{{NS}}}MakeAMoveResult")
        assert code in KNOWN  # Lucas Chess shows "Unknown" for any other
        return str(code)

    r = web.post(
        URL,
        content=suds("GetMyGames", username="p1", password=PASSWORD),
        headers={**headers, "SOAPAction": f'"{NS}/GetMyGames"'},
    )
    (game,) = ElementTree.fromstring(r.content).iter(f"{{{NS}}}XfccGame")
    # Lucas Chess's reading of the control: "?" when it is not base+increment.
    control = game.findtext(f"{{{NS}}}timeControl") or ""
    assert control == "10/4320000" and not control.split("+")[0].isdigit()
    assert game.findtext(f"{{{NS}}}eventDate") == "2026.11.09"
    game_id = int(game.findtext(f"{{{NS}}}id") or 0)
    view = services.queries.game(game_id)
    w, b = view.white, view.black
    assert answer(lucas_move(w, game_id, "play", 1, "e4")) == "Success"
    assert answer(lucas_move(b, game_id, "claimDraw", 1)) == "InvalidMove"
    assert answer(lucas_move(b, game_id, "offerDraw", 1)) == "Success"
    assert answer(lucas_move(w, game_id, "acceptDraw", 2)) == "Success"
    assert services.queries.game(game_id).result_reason == "agreed_draw"
    assert answer(lucas_move(w, game_id, "resign", 2)) == "NotYourTurn"
    assert ids  # the players exist


# ------------------------------------------------------------- zeep, strict


def test_a_strict_wsdl_client_reads_every_field(
    services: Services,
    clock: FixedClock,
    endpoint: str,
) -> None:
    at(clock, START + timedelta(days=1))
    event(services, 2)
    xfcc = zeep_client(endpoint)
    (game,) = xfcc.service.GetMyGames(username="p1", password=PASSWORD)
    assert (game.whiteElo, game.blackElo) in ((2412, 2250), (2250, 2412))
    assert {game.whiteCountry, game.blackCountry} == {"RUS", None}
    assert game.gameLink == endpoint.split("/xfcc/")[0] + f"/games/{game.id}"
    assert game.round == "1.1" and game.timeControl == "10/4320000"
    assert game.eventDate == "2026.11.09"
    assert {game.white, game.black} == {"Иванов, Иван", "Петрова, Анна Сергеевна"}
    # The description offers exactly the codes every client knows.
    wsdl = client(services).get(URL + "?WSDL").text
    assert (
        re.findall(r'<s:enumeration value="(\w+)" />', wsdl.split("MakeAMoveResult")[-1]) == KNOWN
    )


@pytest.mark.parametrize("flag", ["1", "true", " True "])
def test_booleans_as_clients_write_them(services: Services, clock: FixedClock, flag: str) -> None:
    at(clock, START + timedelta(days=1))
    event(services, 2)
    view = services.queries.game(1)
    body = scid_send(view.white, 1, 1, "").replace(
        b"<offerDraw>0</offerDraw>", f"<offerDraw>{flag}</offerDraw>".encode()
    )
    r = client(services).post(URL, content=body, headers=SCID_HEADERS)
    assert scid_shows(r.content) == "Success"
    with services.ctx.db.read() as session:
        offer = session.scalar(select(DrawOffer).where(DrawOffer.game_id == 1))
        assert offer is not None and offer.offered_by_id == ids_of(services)[view.white]


DECLARED = '<?xml version="1.0" encoding="{}"?>'


@pytest.mark.parametrize(
    ("text", "written_in", "content_type", "read_as"),
    [
        # What the bytes declare, when they are that.
        (DECLARED.format("utf-8") + "<a>Ничья</a>", "utf-8", None, "utf-8"),
        ("<a>Ничья</a>", "cp1251", "text/xml; charset=windows-1251", "cp1251"),
        ("\ufeff<a>Ничья</a>", "utf-16-le", "text/xml", "utf-16-le"),
        # UTF-8 declared, something else written: what it looks like.
        ("<a>Ничья, спасибо</a>", "cp1251", 'text/xml; charset="utf-8"', "cp1251"),
        ("<a>Ничья, спасибо</a>", "koi8-r", 'text/xml; charset="utf-8"', "koi8-r"),
        ("<a>Schöne Grüße, à bientôt</a>", "latin-1", None, "cp1252"),
        # A bytes codec or one that reads markup into text is no declaration.
        (DECLARED.format("utf-7") + "<a>+ADw-b+AD4-</a>", "utf-8", None, "utf-8"),
        (DECLARED.format("base64") + "<a>x</a>", "utf-8", None, "utf-8"),
    ],
)
def test_the_encoding_a_request_is_read_in(
    text: str, written_in: str, content_type: str | None, read_as: str
) -> None:
    assert decode_body(text.encode(written_in), content_type) == (text.lstrip("\ufeff"), read_as)
