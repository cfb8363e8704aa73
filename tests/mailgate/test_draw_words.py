"""A draw answered in words, as players write it in Russian and English:
what accepts, what declines, and what says neither."""

from __future__ import annotations

import pytest

from mailgate.content import Command, read_statement

ACCEPT = [
    "принимаю ничью",
    "Принимаю ничью.",
    "Принимаю ваше предложение.",
    "принимаю предложение ничьей",
    "ничью принимаю",
    "Ничья принята.",
    "согласен на ничью",
    "Согласна на ничью, спасибо за партию!",
    "Принимаю",
    "Согласен.",
    "I accept the draw",
    "Thank you, I accept the draw.",
    "OK, I accept your draw offer",
    "I accept your offer.",
    "draw accepted",
    "Draw agreed, thanks!",
    "I agree to a draw",
    "accept",
    "Accepted!",
    "I accept.",
]
DECLINE = [
    "Отклоняю ничью.",
    "не согласен на ничью",
    "Не согласна на ничью",
    "Не принимаю ничью",
    "ничья не принята",
    "Отказываюсь от ничьей",
    "I decline the draw",
    "draw declined",
    "I do not accept the draw",
    "I don't accept your draw offer",
    "I can't accept the draw.",
    "I will not agree to a draw",
]
NEITHER = [
    "1. d4 d5 2. c4",
    "I accept the arbiter's decision",
    "Thanks for accepting my leave",
    "Мы согласны, что позиция сложная",
]


@pytest.mark.parametrize("text", ACCEPT)
def test_words_that_accept_a_draw(text: str) -> None:
    commands = read_statement(text).commands
    assert Command.ACCEPT_DRAW in commands and Command.DECLINE_DRAW not in commands


@pytest.mark.parametrize("text", DECLINE)
def test_words_that_decline_a_draw_even_with_an_accepting_word_in_them(text: str) -> None:
    commands = read_statement(text).commands
    assert Command.DECLINE_DRAW in commands and Command.ACCEPT_DRAW not in commands


@pytest.mark.parametrize("text", NEITHER)
def test_words_that_answer_no_draw(text: str) -> None:
    commands = read_statement(text).commands
    assert not commands & {Command.ACCEPT_DRAW, Command.DECLINE_DRAW, Command.OFFER_DRAW}


def test_an_offer_made_with_a_move_and_the_form_sent_back_with_its_mark() -> None:
    offer = read_statement("1. d4 d5 2. c4\nI offer a draw")
    assert offer.commands == {Command.OFFER_DRAW} and offer.record == "1. d4 d5 2. c4"
    # The partner's reply repeats the form: the mark and its line are no words of theirs.
    reply = read_statement(
        "Пол.   Отв.   Время  N    Белые     Чёрные\n"
        "---    10/05  0/00   01.  4244      4745\n"
        "10/05  10/05  0/00   02.  3234 (=)  2836\n\n"
        "(=): с этим ходом предложена ничья\n"
        "(=): a draw offered with this move"
    )
    assert reply.commands == frozenset() and reply.record == "01. 4244 4745 02. 3234 2836"
