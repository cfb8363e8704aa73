"""Properties over random positions: every notation reads back what it writes.

Positions come from random play and from positions built to hold the hard
cases: castling both ways, en passant, every promotion piece, and two
knights or two rooks that reach the same square.
"""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    AmbiguousMoveError,
    IllegibleMoveError,
    ImpossibleMoveError,
    Notation,
    NotationError,
    SequenceError,
    classify,
    detect_notation,
    read_move,
    read_move_as,
    read_move_list,
    write_move,
)
from notation.kinds import EN_LETTERS, PROMOTION_DIGITS, RU_LETTERS

WRITABLE = [n for n in Notation if n != Notation.MIXED]

HARD_CASES = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",  # castling both ways, both sides
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # en passant
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
    "1n2k3/P1P5/8/8/8/8/5p1p/4K1N1 w - - 0 1",  # promotions, with captures
    "1n2k3/P1P5/8/8/8/8/5p1p/4K1N1 b - - 0 1",
    "4k3/8/8/2N3N1/8/8/8/R3K2R w - - 0 1",  # two knights reach e4/e6; rooks share a file
    "4k3/8/8/8/3N4/8/3N4/R6R w - - 0 1",  # knights on one file; rooks on one rank
    "k7/8/8/8/1Q3Q2/8/1Q3Q2/K7 w - - 0 1",  # queens needing full disambiguation
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",  # castling on one side only
]


def random_position(seed: int, plies: int) -> chess.Board:
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return chess.Board(board.fen())


positions = st.one_of(
    st.builds(random_position, st.integers(0, 2**32), st.integers(0, 140)),
    st.sampled_from(HARD_CASES).map(chess.Board),
)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_every_legal_move_reads_back_in_every_notation(board: chess.Board) -> None:
    for move in board.legal_moves:
        for notation in WRITABLE:
            text = write_move(board, move, notation)
            assert read_move(board, text) == move, (board.fen(), notation, text)


def write_illegal(board: chess.Board, move: chess.Move, notation: Notation) -> str:
    """An illegal move as a player would write it, naming its from-square."""
    piece = board.piece_type_at(move.from_square)
    frm, to = chess.square_name(move.from_square), chess.square_name(move.to_square)
    promo = move.promotion
    if notation == Notation.NUMERIC:
        digits = (
            f"{chess.square_file(move.from_square) + 1}{chess.square_rank(move.from_square) + 1}"
        )
        digits += f"{chess.square_file(move.to_square) + 1}{chess.square_rank(move.to_square) + 1}"
        return digits + (PROMOTION_DIGITS[promo] if promo else "")
    if notation == Notation.UCI:
        return move.uci()
    letters = RU_LETTERS if notation in (Notation.SAN_RU, Notation.LAN_RU) else EN_LETTERS
    letter = letters[piece] if piece and piece != chess.PAWN else ""
    sep = "-" if notation in (Notation.LAN, Notation.LAN_RU) else ""
    tail = (
        ("=" + letters[promo] if notation in (Notation.SAN, Notation.LAN) else letters[promo])
        if promo
        else ""
    )
    return f"{letter}{frm}{sep}{to}{tail}"


@settings(max_examples=100, deadline=None)
@given(positions, st.integers(0, 2**32))
def test_illegal_moves_read_as_impossible_never_as_another_move(
    board: chess.Board, seed: int
) -> None:
    rng = random.Random(seed)
    legal = set(board.legal_moves)
    candidates = []
    for frm in chess.SQUARES:
        for to in chess.SQUARES:
            if frm == to:
                continue
            promo = None
            if board.piece_type_at(frm) == chess.PAWN and chess.square_rank(to) in (0, 7):
                promo = rng.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT])
            move = chess.Move(frm, to, promo)
            if move not in legal:
                candidates.append(move)
    for move in rng.sample(candidates, min(40, len(candidates))):
        for notation in WRITABLE:
            text = write_illegal(board, move, notation)
            with pytest.raises(ImpossibleMoveError):
                got = read_move(board, text)
                raise AssertionError(f"{text!r} ({notation}) read as {got} in {board.fen()}")


# --------------------------------------------- any text: a move or a fault

#: the faults a single move can have; a record adds the move number's
DECLARED = (IllegibleMoveError, ImpossibleMoveError, AmbiguousMoveError)

#: every character ``str.isdigit`` takes: superscripts, other scripts' digits ...
ALL_DIGITS = [chr(c) for c in range(0x110000) if chr(c).isdigit()]
digits = st.one_of(st.sampled_from("0123456789"), st.sampled_from(ALL_DIGITS))
signs = st.sampled_from([*"-x:×=+#!? .", "++", "e.p.", "шах", "mate"])
files = st.sampled_from("abcdefghABCDEFGH")
uci_letters = st.sampled_from("abcdefghqrbn")
en_pieces = st.sampled_from("KQRBNOC0")
ru_letters = st.sampled_from(["Кр", "КР", *"ФЛСКОрабвгдежзсе"])

#: characters a player of each notation types, and the slips of a keyboard
ALPHABETS = {
    Notation.NUMERIC: st.one_of(digits, signs),
    Notation.SAN: st.one_of(en_pieces, files, digits, signs),
    Notation.SAN_RU: st.one_of(ru_letters, files, digits, signs),
    Notation.LAN: st.one_of(en_pieces, files, digits, signs),
    Notation.LAN_RU: st.one_of(ru_letters, files, digits, signs),
    Notation.UCI: st.one_of(uci_letters, digits),
}
START = chess.Board()


def typed(notation: Notation, min_size: int = 0, max_size: int = 7) -> st.SearchStrategy[str]:
    """Text made of what ``notation``'s alphabet offers (some offer whole words)."""
    return st.lists(ALPHABETS[notation], min_size=min_size, max_size=max_size).map("".join)


def assert_move_or_fault(board: chess.Board, text: str) -> None:
    """The reader gives a legal move, or one of its three faults naming the text."""
    try:
        move, _notation = read_move_as(board, text)
    except NotationError as error:
        assert type(error) in DECLARED, (text, error)
        assert error.text == text.strip() and error.fen == board.fen()
        return
    assert board.is_legal(move), (text, move)


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_any_text_is_a_move_or_a_fault(text: str) -> None:
    assert_move_or_fault(START, text)


def slip(draw: st.DrawFn, text: str, notation: Notation) -> str:
    """``text`` with a few characters changed, dropped or added, as typos go."""
    chars = list(text)
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.integers(0, len(chars)))
        change = draw(st.sampled_from(["replace", "insert", "drop"]))
        if change == "insert" or not chars:
            chars.insert(where, draw(ALPHABETS[notation]))
        elif change == "replace":
            chars[min(where, len(chars) - 1)] = draw(ALPHABETS[notation])
        else:
            del chars[min(where, len(chars) - 1)]
    return "".join(chars)


@st.composite
def slipped(draw: st.DrawFn, notation: Notation) -> tuple[chess.Board, str]:
    """A legal move written in ``notation``, with a typo or two."""
    board = draw(positions)
    moves = list(board.legal_moves)
    if not moves:
        return board, draw(typed(notation))
    return board, slip(draw, write_move(board, draw(st.sampled_from(moves)), notation), notation)


@pytest.mark.parametrize("notation", WRITABLE)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_move_like_text_in_each_notation_is_a_move_or_a_fault(
    notation: Notation, data: st.DataObject
) -> None:
    made_up = data.draw(typed(notation, min_size=1), label="text")
    assert_move_or_fault(data.draw(positions, label="position"), made_up)
    board, text = data.draw(slipped(notation), label="slipped")
    assert_move_or_fault(board, text)


def test_every_digit_in_numeric_notation_is_a_move_or_a_fault() -> None:
    """Each digit str.isdigit takes, in every place of a numeric move."""
    for digit in ALL_DIGITS:
        for place in range(5):
            text = "57581"[:place] + digit + "57581"[place + 1 :]
            assert_move_or_fault(chess.Board(HARD_CASES[4]), text[:4])
            assert_move_or_fault(chess.Board(HARD_CASES[4]), text)


record_words = st.one_of(
    st.builds(
        lambda n, d: f"{n}{d}",
        st.text(digits, min_size=1, max_size=3),
        st.sampled_from([".", "...", ". ...", "…"]),
    ),
    st.sampled_from(WRITABLE).flatmap(lambda n: typed(n, min_size=1, max_size=6)),
    st.sampled_from(["1-0", "0-1", "½-½", "*", "any move", "любой ход", "e.p.", "шах"]),
)


@st.composite
def records(draw: st.DrawFn) -> tuple[str, str]:
    """A position, and a record from it as a message gives it: a real game's
    moves in any notations, numbered, some with typos, a few words changed or
    added."""
    board = draw(positions)
    start = board.fen()
    words: list[str] = []
    for _ in range(draw(st.integers(0, 8))):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = draw(st.sampled_from(moves))
        if board.turn == chess.WHITE or not words:
            words.append(f"{board.fullmove_number}." + ("" if board.turn else " ..."))
        notation = draw(st.sampled_from(WRITABLE))
        written = write_move(board, move, notation)
        words.append(slip(draw, written, notation) if draw(st.integers(0, 2)) == 0 else written)
        board.push(move)
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
        word = draw(record_words)
        where = draw(st.integers(0, len(words)))
        if words and where < len(words) and draw(st.booleans()):
            words[where] = word
        else:
            words.insert(where, word)
    return start, " ".join(words)


def assert_record_read(fen: str, text: str) -> None:
    board = chess.Board(fen)
    result = read_move_list(text, board)
    replay = board.copy()
    for listed in result.moves:
        assert replay.is_legal(listed.move), (text, listed)
        replay.push(listed.move)
    assert result.board.fen() == replay.fen()
    if result.failure is not None:
        assert type(result.failure.error) in (*DECLARED, SequenceError), (text, result.failure)


@settings(max_examples=300, deadline=None)
@given(records())
def test_any_record_is_read_to_its_first_fault(record: tuple[str, str]) -> None:
    assert_record_read(*record)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_as_a_record_is_read_to_its_first_fault(text: str) -> None:
    assert_record_read(chess.STARTING_FEN, text)
    assert detect_notation(text) in (*Notation, None)
    assert classify(text) in (*Notation, None)
