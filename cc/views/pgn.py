"""A game in PGN, the server's own record (spec §6), whole or as far as the
public may see it."""

from __future__ import annotations

import chess
import chess.pgn

from cc.base.kinds import ResultReason
from cc.store.models import Game
from notation.pgn import (
    TERMINATION_DETAILS,
    Exporter,
    pgn_date,
    pgn_name,
    tag_value,
    time_control,
)

#: PGN's Mode tag per mode of play, as correspondence programs read it
PGN_MODES = {"server": "XFCC", "email": "EM", "post": "Postal"}
#: PGN's Termination per way a game ends, in the standard's words (a game
#: over on the board, resigned or drawn ends "normal"; a default for silence
#: and a withdrawal are games "abandoned"); the way itself is written in
#: words in the TerminationDetails tag (notation.pgn.TERMINATION_DETAILS)
PGN_TERMINATIONS = {
    ResultReason.CHECKMATE: "normal",
    ResultReason.RESIGNATION: "normal",
    ResultReason.AGREED_DRAW: "normal",
    ResultReason.STALEMATE: "normal",
    ResultReason.INSUFFICIENT_MATERIAL: "normal",
    ResultReason.THREEFOLD_REPETITION: "normal",
    ResultReason.FIFTY_MOVES: "normal",
    ResultReason.FIVEFOLD_REPETITION: "normal",
    ResultReason.SEVENTYFIVE_MOVES: "normal",
    ResultReason.TIME_FORFEIT: "time forfeit",
    ResultReason.ADJUDICATION: "adjudication",
    ResultReason.WITHDRAWAL: "abandoned",
    ResultReason.DEFAULT: "abandoned",
}


def game_pgn(game: Game, plies: int | None = None) -> str:
    """The game in PGN; with ``plies``, only that much of it and no result
    (the public's copy of a game being played)."""
    event = game.event
    tags: dict[str, str] = {
        "Event": event.name,
        "Site": f"{event.code} ({event.mode.value})",
        "Date": pgn_date(event.start_date),
        "Round": f"{game.round}.{game.board}",
        # "Surname, Given", as PGN and ICCF write names (notation.pgn.pgn_name).
        "White": pgn_name(game.white.surname, game.white.given_names),
        "Black": pgn_name(game.black.surname, game.black.given_names),
        "Result": game.result.value if plies is None else "*",
    }
    for side, who in (("White", game.white), ("Black", game.black)):
        if who.rating is not None:
            tags[f"{side}Elo"] = str(who.rating)
    tags["EventDate"] = pgn_date(event.start_date)
    tags["Section"] = game.section.name
    for side, player_id in (("White", game.white_id), ("Black", game.black_id)):
        team = next(
            (e.team for e in game.section.entries if e.player_id == player_id and e.team),
            None,
        )
        if team is not None:
            tags[f"{side}Team"] = team.name
    for side, who in (("White", game.white), ("Black", game.black)):
        if who.country:
            tags[f"{side}Country"] = who.country
    # PGN's moves/seconds, which every database reads, and the control
    # in days in a tag of its own for people (Art. 60's "10/50").
    tags["TimeControl"] = time_control(event.control_moves, event.control_days)
    tags["TimeControlDays"] = f"{event.control_moves}/{event.control_days}"
    # The Mode tag as correspondence programs read it (Scid: XFCC for a
    # server's games, which it then plays through Xfcc; EM; Postal).
    tags["Mode"] = PGN_MODES[event.mode.value]
    tags["GameId"] = str(game.id)
    if game.result_reason and plies is None:
        # The standard's word, and ours ("resignation") beside it.
        tags["Termination"] = PGN_TERMINATIONS[game.result_reason]
        tags[TERMINATION_DETAILS] = game.result_reason.value.replace("_", " ")
    record = chess.pgn.Game()
    for name, value in tags.items():
        # One line each, cut to fit (python-chess refuses a line break
        # in a tag of its own); Exporter escapes them as it writes.
        record.headers[name] = tag_value(name, value)
    node = _start_of(record, game)
    for move in game.moves:
        if plies is not None and move.ply > plies:
            break
        node = node.add_variation(chess.Move.from_uci(move.uci))
        # The sending date, as correspondence databases read it.
        node.comment = f"[%ccsnt {pgn_date(move.sent_on)}]"
    return record.accept(Exporter(headers=True, variations=False, comments=True))


def _start_of(record: chess.pgn.Game, game: Game) -> chess.pgn.GameNode:
    """Where the record's moves begin (Art. 26, a thematic start): an opening
    line is written as the record's first moves from the initial position,
    so every reader shows it; a set position as ``[SetUp "1"]`` and
    ``[FEN ...]``, with ``[Variant "Chess960"]`` for Chess960, as Scid and
    lichess write them."""
    node: chess.pgn.GameNode = record
    if game.start_line and not game.chess960:
        board = chess.Board()
        for san in game.start_line.split():
            move = board.parse_san(san)
            board.push(move)
            node = node.add_variation(move)
        if board.fen() == game.start_fen:
            return node
        node = record  # a line that does not lead to the start: the position says it
        record.variations.clear()
    if game.start_fen or game.chess960:
        record.setup(game.start_board())
        record.headers["SetUp"] = "1"
        record.headers["FEN"] = game.start_board().fen()
        if game.chess960:
            record.headers["Variant"] = "Chess960"
    return node
