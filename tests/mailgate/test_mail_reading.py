"""Where a message's move is read: above the quote, below it, in the subject;
numeric notation with a hyphen in a message. Pure: no database."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from mailgate.content import Command, read_message, read_statement, subject_words
from mailgate.letters import own_text, read_letter, unflow

FORM = "> Rec.  Sent   Time  N    White  Black\n> ---   10/05  0/00  01.  5254"


@pytest.mark.parametrize(
    ("body", "above", "below"),
    [
        # Thunderbird, "start my reply below the quote", in Russian
        (
            f"27.11.2026 10:00, moves@cc.test пишет:\n{FORM}\n\n1. 5254 5755\n\n-- \nПётр",
            "",
            "1. 5254 5755",
        ),
        # the same in English, with a greeting above the quote
        (
            f"Hello,\n\nOn 27.11.2026 10:00, moves@cc.test wrote:\n{FORM}\n\n1. 5254 5755",
            "Hello,",
            "1. 5254 5755",
        ),
        # The Bat!: the quote marked with the author's initials
        (
            "Здравствуйте, Server.\n\nВы писали 27 ноября 2026 г., 10:00:\n\n"
            "S> 01.  5254\n\n1. 5254 5755",
            "Здравствуйте, Server.",
            "1. 5254 5755",
        ),
        # top-posted: nothing below the quote
        (
            f"1. 5254 5755\n\nOn 27.11.2026 10:00, moves@cc.test wrote:\n{FORM}\n",
            "1. 5254 5755",
            "",
        ),
        # Outlook: the earlier message copied in without quote marks is not the sender's
        (
            "1. 5254 5755\n\n-----Original Message-----\nFrom: moves@cc.test\n\n01.  5254",
            "1. 5254 5755",
            "",
        ),
        ('Ход 5755\n\n10.05.2026, 12:00, "Server" <moves@cc.test>:\n01.  5254\n', "Ход 5755", ""),
        # Gmail breaks a long attribution in two: both halves go with the quote
        (
            "\n\nOn Sun, 10 May 2026 at 12:00, Сервер заочных шахмат <\nmoves@cc.test> wrote:"
            f"\n\n{FORM}\n",
            "",
            "",
        ),
        (f"1. 5254 5755\n\n10.05.2026 12:00, Сервер\nпишет:\n{FORM}", "1. 5254 5755", ""),
        # answers between quotes: every part outside the quotes, up to the signature
        (
            f"moves@cc.test пишет:\n{FORM}\n1. 5254\n> 1. ... ?\n5755\n-- \n1. 4244",
            "",
            "1. 5254\n5755",
        ),
    ],
)
def test_the_senders_own_text_above_and_below_the_quote(body: str, above: str, below: str) -> None:
    assert own_text(body) == (above, below)


def test_format_flowed_lines_are_joined_before_the_quote_is_found() -> None:
    """Thunderbird breaks a long attribution line after a space (RFC 3676):
    joined again, it opens the quote, and the reply under the quote is read."""
    flowed = (
        "27.11.2026 10:00, Сервер заочных шахмат Федерации <moves@cc.test> \n"
        "пишет:\n> Player 1: ход 1. e4 в партии 1. Ваш ход. Ответьте, повторив \n"
        "> запись.\n> 01.  5254\n\n1. 5254 5755\n\n-- \nПётр\n"
    )
    text = unflow(flowed)
    assert text.splitlines()[:2] == [
        "27.11.2026 10:00, Сервер заочных шахмат Федерации <moves@cc.test> пишет:",
        "> Player 1: ход 1. e4 в партии 1. Ваш ход. Ответьте, повторив запись.",
    ]
    assert own_text(text) == ("", "1. 5254 5755")
    assert unflow("a \nb\n", delsp=True) == "ab\n"


def test_an_html_reply_under_the_quote() -> None:
    """Thunderbird's HTML mail, reply below the quote: the quoted block
    stands as a quote, and the text after it is the reply."""
    message = EmailMessage()
    message["From"] = "t1p2@example.org"
    message["Subject"] = "Re: [cc 1 abcdefgh] T1: A - B"
    message.set_content(
        '<html><body><div class="moz-cite-prefix">27.11.2026 10:00, moves@cc.test пишет:<br>'
        '</div><blockquote type="cite">01.  5254</blockquote><p>1. 5254 5755</p>'
        '<pre class="moz-signature">-- \nПётр</pre></body></html>',
        subtype="html",
    )
    letter = read_letter(bytes(message))
    assert (letter.text, letter.below) == ("", "1. 5254 5755")


def test_the_text_below_is_read_only_when_the_text_above_says_no_move() -> None:
    # A top-posted move stands; the text under the quote is not read.
    assert read_message("1. 5254 5755", "01. 5254").record == "1. 5254 5755"
    # A greeting above, the move below; words below count with it.
    statement = read_message("Добрый день!", "1. 5254 5755\nПредлагаю ничью.")
    assert statement.record == "1. 5254 5755"
    assert statement.commands == {Command.OFFER_DRAW}
    # No move anywhere: the words under the quote are still the sender's.
    assert read_message("", "Сдаюсь. Спасибо за партию!").commands == {Command.RESIGN}


def test_the_subject_is_read_when_the_body_says_no_move() -> None:
    subject = subject_words(
        "Re: [cc 12 bei4f2a9c1b0dxyz] Cup 2026: Иванов Иван - Петров Пётр: 5. ... 5755",
        ["Cup 2026", "Иванов Иван", "Петров Пётр"],
    )
    assert read_statement(subject).record == "5. ... 5755"
    # Words in the body go with the subject's move.
    statement = read_message("Предлагаю ничью", "", subject)
    assert (statement.record, statement.commands) == ("5. ... 5755", {Command.OFFER_DRAW})
    # A move in the body is the move; the subject is not read.
    assert read_message("5. ... 4745", "", subject).record == "5. ... 4745"
    # An empty Gmail reply with its long attribution broken in two: the
    # subject is read, not the year in the attribution.
    letter = own_text("\nOn Sun, 10 May 2026 at 12:00, Server <\nmoves@cc.test> wrote:\n" + FORM)
    assert read_message(*letter, "Re: : 5254 5755").loose_moves == ("5254", "5755")
    # The gateway's own subject states nothing, even with digits in it.
    plain = subject_words("Re: [cc 12 beiq3f] Cup 2026: A 1234 - B", ["Cup 2026", "A 1234", "B"])
    statement = read_message("", "", plain)
    assert (statement.record, statement.loose_moves) == ("", ())


def test_numeric_moves_with_a_hyphen_in_a_message() -> None:
    """Art. 58 with a hyphen or a dash between the squares, in the record and
    as the move alone; a span of days before a month is no move."""
    assert read_statement("5. ... 48-47 6. 32\u201333").record == "5. ... 48-47 6. 32\u201333"
    assert read_statement("Мой ход: 48-47").loose_moves == ("48-47",)
    assert read_statement("Мой ход 5755, в отъезде буду 12-15 мая").loose_moves == ("5755",)
    assert read_statement("5755, away 21\u201325 May").loose_moves == ("5755",)
    assert read_statement("Sent at 14:35: 5755").loose_moves == ("5755",)


@pytest.mark.parametrize(
    ("text", "loose"),
    [
        ("Мой ход 5755.", ("5755",)),
        ("5755; предлагаю ничью", ("5755",)),
        ("5755, предлагаю ничью", ("5755",)),
        ("Ход 5755…", ("5755",)),
        ("My move is Nf3.", ("Nf3",)),
        ("Мой ход Кf3!", ("Кf3!",)),  # an annotation, ignored when read, as before
        ("Отвечаю e7-e5; ваш ход.", ("e7-e5",)),
        ("Мой ход (5755).", ("5755",)),
        ("Мой ход «5755»", ("5755",)),
        ('My move: "e5".', ("e5",)),
        # a date or a time ending a sentence is no move
        ("Отправлено 12.05. в 14:35.", ()),
        ("Sent on 12.05.2026 at 14:35; 5755.", ("5755",)),
    ],
)
def test_a_move_in_a_sentence_is_read_without_its_punctuation(
    text: str, loose: tuple[str, ...]
) -> None:
    """The punctuation of the sentence a move stands in is an added sign
    (56.3.6): the move is read, not "no move"."""
    statement = read_statement(text)
    assert (statement.record, statement.loose_moves) == ("", loose)


def test_a_numbered_record_ending_a_sentence() -> None:
    assert read_statement("1. 5254 5755.").record == "1. 5254 5755."
    assert read_statement("1. ... 5755; ничья?").record == "1. ... 5755;"
    assert read_statement("Письмо от 12.05. в 14:35.").record == ""


def _titled(subject: str) -> str:
    return subject_words(subject, ["Cup 2026", "Иванов Иван", "Петров Пётр"])


@pytest.mark.parametrize(
    ("subject", "commands"),
    [
        ("Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр Сдаюсь", {Command.RESIGN}),
        ("Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр: I resign", {Command.RESIGN}),
        ("RE: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр Resign", {Command.RESIGN}),
        (
            "Ответ: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр Принимаю ничью",
            {Command.ACCEPT_DRAW},
        ),
        (
            "Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр Принимаю",
            {Command.ACCEPT_DRAW},
        ),
        (
            "Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр I accept the draw",
            {Command.ACCEPT_DRAW},
        ),
        (
            "Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр Предлагаю ничью",
            {Command.OFFER_DRAW},
        ),
        # a question offers nothing, as it offers nothing in the body
        ("Re: [cc 12 bei4f2a9c1b] Game 12: ничья?", set()),
        ("Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр", set()),
        # "draw?" offers a draw in the body, and so in the subject
        ("Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр draw?", {Command.OFFER_DRAW}),
    ],
)
def test_a_command_in_the_subject_of_a_message_that_says_nothing(
    subject: str, commands: set[Command]
) -> None:
    """The subject is part of the message (56.2.1): with an empty body, or
    one that gives neither a move nor a command, its command is read."""
    for body in ("", "Отправлено с iPhone", "Sent from my iPhone"):
        assert read_message(body, "", _titled(subject)).commands == commands, body
    assert read_message("", "", _titled(subject)).record == ""


def test_the_subjects_commands_are_not_read_when_the_body_gives_a_move_or_a_command() -> None:
    resign = _titled("Re: [cc 12 bei4f2a9c1b] Cup 2026: Иванов Иван - Петров Пётр Сдаюсь")
    with_move = read_message("1. 5254 5755", "", resign)
    assert (with_move.record, with_move.commands) == ("1. 5254 5755", frozenset())
    assert read_message("Предлагаю ничью", "", resign).commands == {Command.OFFER_DRAW}
    # a move in the subject brings its words with it, as before
    moved = read_message("", "", _titled("Re: [cc 12 x] Cup 2026: 1. ... 5755 предлагаю ничью"))
    assert (moved.record, moved.commands) == ("1. ... 5755", {Command.OFFER_DRAW})
