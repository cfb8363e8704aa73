"""Reading a move: SAN and UCI now; each fault named as the rules price it."""

from __future__ import annotations

import chess
import pytest

from notation import (
    AmbiguousMoveError,
    IllegibleMoveError,
    ImpossibleMoveError,
    NotationError,
    read_move,
)

ITALIAN = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
EN_PASSANT = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
PROMOTION = "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        (chess.STARTING_FEN, "e4", "e2e4"),
        (chess.STARTING_FEN, "Nf3", "g1f3"),
        (chess.STARTING_FEN, "g1f3", "g1f3"),
        (chess.STARTING_FEN, "G1F3", "g1f3"),
        (chess.STARTING_FEN, "  Nf3!?  ", "g1f3"),
        (ITALIAN, "O-O", "e1g1"),
        (ITALIAN, "0-0", "e1g1"),
        (ITALIAN, "O-O+", "e1g1"),
        (ITALIAN, "Bxf7+", "c4f7"),
        (ITALIAN, "Bxf7 check", "c4f7"),
        (ITALIAN, "Bf7", "c4f7"),
        (EN_PASSANT, "exf6", "e5f6"),
        (EN_PASSANT, "exf6 e.p.", "e5f6"),
        (EN_PASSANT, "e5:f6", "e5f6"),
        (EN_PASSANT, "e5f6", "e5f6"),
        (PROMOTION, "e8=Q", "e7e8q"),
        (PROMOTION, "e8Q", "e7e8q"),
        (PROMOTION, "e8=N", "e7e8n"),
        (PROMOTION, "e7e8r", "e7e8r"),
    ],
)
def test_reads_san_and_uci(fen: str, text: str, uci: str) -> None:
    assert read_move(chess.Board(fen), text).uci() == uci


@pytest.mark.parametrize(
    ("fen", "text", "error"),
    [
        (chess.STARTING_FEN, "e5", ImpossibleMoveError),
        (chess.STARTING_FEN, "O-O", ImpossibleMoveError),
        (chess.STARTING_FEN, "e2e5", ImpossibleMoveError),
        (chess.STARTING_FEN, "Zf3", IllegibleMoveError),
        (chess.STARTING_FEN, "just a note", IllegibleMoveError),
        (chess.STARTING_FEN, "+!", IllegibleMoveError),
        (chess.STARTING_FEN, "any move", IllegibleMoveError),
        (PROMOTION, "e7e8", AmbiguousMoveError),
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", AmbiguousMoveError),
    ],
)
def test_faults_are_told_apart(fen: str, text: str, error: type[NotationError]) -> None:
    with pytest.raises(error) as info:
        read_move(chess.Board(fen), text)
    assert isinstance(info.value, ValueError)
    assert info.value.text == text.strip()
    assert info.value.fen == chess.Board(fen).fen()
    assert text.strip() in str(info.value)


# ------------------------------------------------ Art. 58 and the seeds, literally

ITALIAN_BLACK_CASTLES_LONG = "r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/R3KBNR b KQkq - 6 15"


def test_art_58_examples() -> None:
    from notation import read_move_list, write_move, write_moves

    # 1. E2-e4 is 1. 5254
    assert read_move(chess.Board(), "5254").uci() == "e2e4"
    assert read_move_list("1. 5254").moves[0].number == 1
    assert write_moves([chess.Move.from_uci("e2e4")], "numeric") == "1. 5254"
    # 10. 0-0 is 10. 5171 (castling as the king's move)
    board = chess.Board(ITALIAN.replace(" 4 4", " 4 10"))
    listed = read_move_list("10. 5171", board)
    assert listed.failure is None and board.is_castling(listed.moves[0].move)
    assert write_move(board, listed.moves[0].move, "numeric") == "5171"
    # 15. ... 0-0-0 is 15. ... 5838
    board = chess.Board(ITALIAN_BLACK_CASTLES_LONG)
    listed = read_move_list("15. ... 5838", board)
    assert listed.failure is None
    assert (listed.moves[0].number, listed.moves[0].color) == (15, chess.BLACK)
    assert listed.moves[0].move.uci() == "e8c8"
    assert write_moves([listed.moves[0].move], "numeric", board=board) == "15. ... 5838"
    # 40. E7-e8Ф is 57581; ... h2-h1К is 82814
    assert read_move(chess.Board(PROMOTION), "57581").uci() == "e7e8q"
    assert read_move(chess.Board(PROMOTION), "E7-e8Ф").uci() == "e7e8q"
    black_promotes = "8/8/8/8/8/6k1/7p/1K6 b - - 0 50"
    assert read_move(chess.Board(black_promotes), "82814").uci() == "h2h1n"
    assert read_move(chess.Board(black_promotes), "h2-h1К").uci() == "h2h1n"
    assert write_move(chess.Board(black_promotes), chess.Move.from_uci("h2h1n"), "numeric") == (
        "82814"
    )
    # the board of Art. 58: 11 is a1, 88 is h8, 18 is a8
    corners = "R6R/8/8/8/8/8/8/R3K2R w - - 0 1"
    assert read_move(chess.Board(corners), "1112").uci() == "a1a2"
    assert read_move(chess.Board(corners), "8887").uci() == "h8h7"
    assert read_move(chess.Board(corners), "1817").uci() == "a8a7"


def test_the_seeds_long_algebraic_forms() -> None:
    assert read_move(chess.Board(), "E2-e4").uci() == "e2e4"
    assert read_move(chess.Board(PROMOTION), "e7-e8Ф").uci() == "e7e8q"
    board = chess.Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
    board.push_san("Nc6")
    assert read_move(board, "Сf1:b5").uci() == "f1b5"
    assert read_move(board, "Bf1xb5").uci() == "f1b5"


@pytest.mark.parametrize(
    ("text", "uci"),
    [("Кf3", "g1f3"), ("Кg1-f3", "g1f3"), ("Nf3", "g1f3"), ("е2-е4", "e2e4")],
)
def test_russian_letters_and_cyrillic_lookalikes(text: str, uci: str) -> None:
    assert read_move(chess.Board(), text).uci() == uci


def test_russian_king_queen_rook() -> None:
    board = chess.Board("4k3/8/8/8/8/8/3Q4/R3K3 w Q - 0 1")
    assert read_move(board, "Фh6").uci() == "d2h6"
    assert read_move(board, "Крf2").uci() == "e1f2"
    assert read_move(board, "Лa8 мат").uci() == "a1a8"
    assert read_move(board, "0-0-0").uci() == "e1c1"
    assert read_move(board, "О-О-О").uci() == "e1c1"  # Cyrillic О


def test_ignored_signs_and_words() -> None:
    board = chess.Board(ITALIAN)
    for text in (
        "Bxf7+",
        "Bxf7++",
        "Bxf7!",
        "Bxf7?!",
        "Bxf7 check",
        "Bxf7 шах",
        "Bc4×f7",
        "Сc4:f7+",
        "3467+",
    ):
        assert read_move(board, text).uci() == "c4f7", text
    mate = chess.Board("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    for text in ("Qh4#", "Фh4 мат", "Qh4 mate", "4884#"):
        assert read_move(mate, text).uci() == "d8h4", text


@pytest.mark.parametrize("text", ["9254", "5204", "57585", "525", "525411"])
def test_numeric_that_is_not(text: str) -> None:
    with pytest.raises((IllegibleMoveError, ImpossibleMoveError)):
        read_move(chess.Board(), text)


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        (chess.STARTING_FEN, "52-54", "e2e4"),
        (chess.STARTING_FEN, "52\u201354", "e2e4"),  # en-dash, as a word processor types it
        (chess.STARTING_FEN, "52\u201454", "e2e4"),  # em-dash
        (chess.STARTING_FEN, "52\u221254", "e2e4"),  # minus
        (chess.STARTING_FEN, "71-63!", "g1f3"),
        (ITALIAN, "51-71", "e1g1"),  # castling as the king's move (58.2.1)
        (ITALIAN, "34x67+", "c4f7"),  # a capture sign is ignored (56.3.6)
        (ITALIAN, "34×67", "c4f7"),
        (ITALIAN, "34:67", "c4f7"),
        (ITALIAN, "34\u044567", "c4f7"),  # a Cyrillic "х"
        (PROMOTION, "57-581", "e7e8q"),  # the fifth digit after the to-square (58.3)
        (PROMOTION, "57-584", "e7e8n"),
    ],
)
def test_numeric_with_a_sign_between_its_squares(fen: str, text: str, uci: str) -> None:
    """Art. 58 names the squares by digits; a hyphen, dash or capture sign
    between them is an added sign, not read (56.3.6): 48-47 is 4847."""
    assert read_move(chess.Board(fen), text).uci() == uci


def test_a_hyphenated_numeric_record_and_its_faults() -> None:
    from notation import Notation, classify, read_move_list

    after_d6 = "rnbqkbnr/ppp1pppp/3p4/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    read = read_move_list("1. 52-54 57-55 2. 71\u201363 28-36 3. 61-25", chess.Board())
    assert [m.move.uci() for m in read.moves] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]
    assert read.failure is None and read.notation == Notation.NUMERIC
    read = read_move_list("2. 71-63 48-47", chess.Board(after_d6))
    assert [m.move.uci() for m in read.moves] == ["g1f3", "d8d7"]
    assert [classify(t) for t in ("48-47", "48\u201347", "45x54")] == [Notation.NUMERIC] * 3
    # Out of a record "14:35" is a time of day; digits 0 and 9 name no square.
    assert [classify(t) for t in ("14:35", "12-05", "10-12", "1-0", "0-1")] == [None] * 5
    with pytest.raises(IllegibleMoveError, match="promotion"):
        read_move(chess.Board(PROMOTION), "57-585")
    with pytest.raises(AmbiguousMoveError, match="promotes"):
        read_move(chess.Board(PROMOTION), "57-58")
    with pytest.raises(ImpossibleMoveError):
        read_move(chess.Board(), "52-55")
    for text in ("09-47", "12-05", "52--54", "5-254", "52-5"):
        with pytest.raises(IllegibleMoveError):
            read_move(chess.Board(), text)


def test_numeric_promotion_without_its_digit_is_ambiguous() -> None:
    with pytest.raises(AmbiguousMoveError, match="promotes"):
        read_move(chess.Board(PROMOTION), "5758")


# ------------------------------------------------------------ move lists


def test_move_lists_as_messages_write_them() -> None:
    from notation import read_move_list

    assert [m.move.uci() for m in read_move_list("1. 5254 5755 2. 7163").moves] == [
        "e2e4",
        "e7e5",
        "g1f3",
    ]
    result = read_move_list("01. 4244 4745\n02. 7163 7776\n03. 3234")
    assert [(m.number, m.color) for m in result.moves] == [
        (1, True),
        (1, False),
        (2, True),
        (2, False),
        (3, True),
    ]
    assert result.failure is None and result.notation == "numeric"
    mixed = read_move_list("1.e4 e5 2.Кf3 Кc6 3. Bb5 a7-a6 4. 2514")
    assert [m.move.uci() for m in mixed.moves][-1] == "b5a4"
    assert mixed.notation == "mixed"
    assert read_move_list("1.e4 e5 2.Кf3 Кc6").notation == "san-ru"
    black_only = read_move_list(
        "1... e5", chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    )
    assert black_only.failure is None and black_only.moves[0].color == chess.BLACK
    with_result = read_move_list("1. f3 e5 2. g4 Qh4# 0-1")
    assert with_result.failure is None and len(with_result.moves) == 4


def test_move_list_reports_the_first_failure_with_its_number() -> None:
    from notation import SequenceError, read_move_list

    result = read_move_list("1. 5254 5755 2. 7163 7776 3. 6125 1234 4. 4244")
    assert len(result.moves) == 5
    assert result.failure is not None
    assert (result.failure.number, result.failure.color, result.failure.text) == (
        3,
        chess.BLACK,
        "1234",
    )
    assert result.failure.error.kind == "impossible"
    skipped = read_move_list("1. e4 e5 3. Nf3")
    assert skipped.failure is not None and isinstance(skipped.failure.error, SequenceError)
    assert skipped.failure.number == 3 and len(skipped.moves) == 2
    anything = read_move_list("1. e4 any move")
    assert anything.failure is not None and anything.failure.error.kind == "illegible"


def test_detect_notation() -> None:
    from notation import Notation, detect_notation

    assert detect_notation("1. 5254 5755 2. 7163") == Notation.NUMERIC
    assert detect_notation("1.e4 e5 2.Nf3") == Notation.SAN
    assert detect_notation("1. e2-e4 e7-e5 2. Кg1-f3") == Notation.LAN_RU
    assert detect_notation("1. e2e4 e7e5") == Notation.UCI
    assert detect_notation("no moves here") is None
    assert detect_notation("1. e4 7776") == Notation.MIXED


# --------------------------------------------------------------- writing


def test_write_every_notation_with_captures_promotions_and_castling() -> None:
    from notation import write_move

    board = chess.Board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
    capture_promote = chess.Move.from_uci("b7a8q")
    assert [
        write_move(board, capture_promote, n)
        for n in ("numeric", "san", "san-ru", "lan", "lan-ru", "uci")
    ] == ["27181", "bxa8=Q+", "bxa8Ф+", "b7xa8=Q+", "b7:a8Ф+", "b7a8q"]
    castle = chess.Move.from_uci("e1c1")
    assert [
        write_move(board, castle, n) for n in ("numeric", "san", "san-ru", "lan", "lan-ru")
    ] == ["5131", "O-O-O", "0-0-0", "O-O-O", "0-0-0"]
    with pytest.raises(ValueError, match="not a legal move"):
        write_move(board, chess.Move.from_uci("e1e3"), "san")


def test_write_a_game_in_the_form_layout() -> None:
    from notation import write_moves

    # The game of the 59.1 form's example.
    moves = [chess.Move.from_uci(u) for u in ("d2d4", "d7d5", "g1f3", "g7g6", "c2c4")]
    assert write_moves(moves, "numeric", form=True) == "01. 4244 4745\n02. 7163 7776\n03. 3234"
    assert write_moves(moves, "san-ru") == "1. d4 d5 2. Кf3 g6 3. c4"
    assert write_moves(moves, "uci", numbered=False) == "d2d4 d7d5 g1f3 g7g6 c2c4"


def test_castling_is_only_the_kings_two_square_move() -> None:
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    assert read_move(board, "5878").uci() == "e8g8"
    for text in ("5888", "e8h8", "Ke8-h8", "5818"):
        with pytest.raises(ImpossibleMoveError):
            read_move(board, text)


def test_a_bishop_told_apart_by_its_rank_is_not_a_from_to_move() -> None:
    """ "B8e7" is b8-e7 where a piece on b8 can go to e7, else the bishop of rank 8."""
    board = chess.Board("3B4/r2k4/1P1B4/p4p1p/7P/4R3/R1NK2P1/8 w - - 1 59")
    assert read_move(board, "B8e7") == chess.Move.from_uci("d8e7")
    with pytest.raises(ImpossibleMoveError):
        read_move(chess.Board(), "B8e7")
    # The same with a capture: "B8xe5" is the bishop of h8 taking on e5.
    board = chess.Board("7B/p3k3/6pb/4p2p/4r2P/1P5b/6NB/Rb5K w - - 8 67")
    assert read_move(board, "B8xe5") == chess.Move.from_uci("h8e5")
    assert read_move(board, "B2xe5") == chess.Move.from_uci("h2e5")


# ------------------------------------------------- faults, and nothing else


@pytest.mark.parametrize(
    ("text", "error", "reason"),
    [
        ("e2e2", ImpossibleMoveError, "a move must leave the square it starts from"),
        ("e2-e2", ImpossibleMoveError, "a move must leave the square it starts from"),
        ("Ng1-g1", ImpossibleMoveError, "a move must leave the square it starts from"),
        ("a7a7q", ImpossibleMoveError, "a move must leave the square it starts from"),
        ("5252", ImpossibleMoveError, "a move must leave the square it starts from"),
        ("5²54", IllegibleMoveError, "numeric notation uses only the digits 1-8 for squares"),
        ("5٩61", IllegibleMoveError, "numeric notation uses only the digits 1-8 for squares"),
        ("٥٢٥٤", IllegibleMoveError, "numeric notation uses only the digits 1-8 for squares"),
        ("5254²", IllegibleMoveError, "the fifth digit names the promotion"),
    ],
)
def test_typos_are_told_as_faults_naming_the_text(
    text: str, error: type[NotationError], reason: str
) -> None:
    """A move onto its own square, or digits numeric notation does not use,
    are faults of the move like any other, never a crash of the reader."""
    with pytest.raises(error) as info:
        read_move(chess.Board(), text)
    assert type(info.value) is error
    assert info.value.text == text and info.value.reason.startswith(reason)


def test_a_record_with_a_move_onto_its_own_square_fails_at_that_move() -> None:
    from notation import read_move_list

    for record, number, color in (
        ("1. e2e2", 1, chess.WHITE),
        ("1. e4 e5 2. g1g1", 2, chess.WHITE),
        ("1. 5254 5²55", 1, chess.BLACK),
    ):
        result = read_move_list(record)
        assert result.failure is not None, record
        assert (result.failure.number, result.failure.color) == (number, color), record
        assert result.failure.error.kind in ("impossible", "illegible"), record


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        (chess.STARTING_FEN, "5254.", "e2e4"),
        (chess.STARTING_FEN, "52-54,", "e2e4"),
        (chess.STARTING_FEN, "5254;", "e2e4"),
        (chess.STARTING_FEN, "5254…", "e2e4"),
        (chess.STARTING_FEN, "(5254)", "e2e4"),
        (chess.STARTING_FEN, "«5254»", "e2e4"),
        (chess.STARTING_FEN, "\u201c5254\u201d.", "e2e4"),
        (chess.STARTING_FEN, "Nf3.", "g1f3"),
        (chess.STARTING_FEN, "Кf3;", "g1f3"),
        (chess.STARTING_FEN, '"Nf3",', "g1f3"),
        (chess.STARTING_FEN, "g1-f3)", "g1f3"),
        (chess.STARTING_FEN, "Кg1-f3.", "g1f3"),
        (chess.STARTING_FEN, "g1f3.", "g1f3"),
        (chess.STARTING_FEN, "e4!.", "e2e4"),
        (chess.STARTING_FEN, "(e4?)", "e2e4"),
        (ITALIAN, "O-O.", "e1g1"),
        (ITALIAN, "0-0,", "e1g1"),
        (ITALIAN, "Bxf7+.", "c4f7"),
        (EN_PASSANT, "exf6 e.p.", "e5f6"),
        (PROMOTION, "57581.", "e7e8q"),
        (PROMOTION, "e8=Q;", "e7e8q"),
    ],
)
def test_the_punctuation_of_a_sentence_around_a_move_is_ignored(
    fen: str, text: str, uci: str
) -> None:
    """A full stop, comma, semicolon, ellipsis or bracket after a move, an
    opening bracket or quotes around it: added signs (56.3.6)."""
    assert read_move(chess.Board(fen), text).uci() == uci


def test_annotations_are_ignored_as_before() -> None:
    for text in ("e4", "e4!", "e4?", "e4!!", "e4?!", "e4!?", "5254!", "5254?"):
        assert read_move(chess.Board(), text).uci() == "e2e4", text


def test_a_record_with_the_punctuation_of_a_sentence() -> None:
    from notation import Notation, classify, read_move_list

    result = read_move_list("1. 5254 5755.")
    assert [m.move.uci() for m in result.moves] == ["e2e4", "e7e5"] and result.failure is None
    result = read_move_list("1. e4, e5; 2. Кf3. 2... (Кc6) 3. Bb5…")
    assert [m.move.uci() for m in result.moves] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]
    assert result.failure is None
    # a move number, a date, a time: no move, with or without a full stop
    for text in ("1.", "10...", "12.05.", "12.05.2026.", "14:35.", "14:35,", ".", "…"):
        assert classify(text) is None, text
    assert classify("5755.") == Notation.NUMERIC and classify("(Nf3),") == Notation.SAN
    assert classify("Кf3;") == Notation.SAN_RU and classify("e2-e4.") == Notation.LAN
