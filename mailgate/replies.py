"""The gateway's own words to players, in Russian and English."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "accepted": "Your move {move} in game {game} is recorded ({arrived}). It has been "
        "sent to your opponent.",
        "fired": "Your opponent's conditional reply followed at once: {moves}. It is your move.",
        "forward": "{player} has played {move} in game {game}. It is your move.\n"
        "Please reply to this message with the record (at least my last move) and your move, "
        "in numeric notation or any other.",
        "fault": "Your message about game {game} could not be accepted: {reason}\n"
        "Nothing was recorded; your clock keeps running.{penalty}\n"
        "Please send your move again, repeating at least your opponent's last move.",
        "penalty": " By the rules of this event {days} penalty days are added to your time "
        "(§10.5).",
        "no_move": "the message holds no move (Art. 56.3.5 counts it as illegible)",
        "no_repetition": "your opponent's last move ({expected}) is not repeated (Art. 56.3.3)",
        "wrong_repetition": "move {number} is repeated as {given}, but the record has "
        "{expected} (Art. 56.3.3)",
        "not_your_turn": "it is your opponent's move; your last move {move} is recorded already",
        "unknown_sender": "This address is not registered with the server, so the message "
        "was not read. Players send moves from an address registered in their settings.",
        "no_token": "Your message does not say which game it is about. Please reply to the "
        "server's last message in the game, keeping its subject; your games are:\n{games}",
        "oversized": "Your message is too large to be read ({size} bytes); please send the "
        "move as plain text.",
        "set_aside": "Your message could not be processed and has been set aside for the "
        "administrator.",
        "resigned": "Game {game}: {player} resigned. Result {result}.",
        "draw_offered": "{player} offers a draw in game {game}.",
        "draw_agreed": "Game {game} is drawn by agreement.",
        "draw_declined": "{player} declined the draw offer in game {game}.",
        "leave_taken": "Your leave from {first} to {last} is recorded; it covers all your games.",
        "refused": "Your request about game {game} was refused: {reason}",
        "over": "Game {game} is over: {result} ({reason}).",
        "position": "Position (FEN): {fen}",
        "copy_note": "Copy to the arbiter: a player has 5 days or fewer left before the "
        "control (Art. 56.4.10).",
        "forfeit": "Game {game}: {player} went over the time limit on {day} ({total} days "
        "used, limit {limit}); the game is lost on time (Art. 54.5.2). Result {result}.",
        "reminder": "Game {game}: your opponent's move {move} has waited {days} days for your "
        "answer, so it is sent to you again, with a copy to the arbiter (Art. 56.5.1). Your "
        "answer is copied to the arbiter too.",
    },
    "ru": {
        "accepted": "Ваш ход {move} в партии {game} записан ({arrived}) и отправлен партнёру.",
        "fired": "Сразу последовал условный ответ партнёра: {moves}. Ваш ход.",
        "forward": "{player} сделал ход {move} в партии {game}. Ваш ход.\n"
        "Ответьте на это письмо, повторив запись (хотя бы мой последний ход) и указав свой "
        "ход в цифровой или другой нотации.",
        "fault": "Ваше сообщение по партии {game} не принято: {reason}\n"
        "Ничего не записано; ваше время продолжает идти.{penalty}\n"
        "Пришлите ход ещё раз, повторив хотя бы последний ход партнёра.",
        "penalty": " По правилам соревнования вам начислено {days} штрафных дня (§10.5).",
        "no_move": "в сообщении нет хода (ст. 56.3.5: считается неразборчивым ходом)",
        "no_repetition": "не повторён последний ход партнёра ({expected}) (ст. 56.3.3)",
        "wrong_repetition": "ход {number} повторён как {given}, а в записи партии {expected} "
        "(ст. 56.3.3)",
        "not_your_turn": "сейчас ход партнёра; ваш последний ход {move} уже записан",
        "unknown_sender": "Этот адрес не зарегистрирован на сервере, и сообщение не прочитано. "
        "Ходы присылаются с адреса, указанного в настройках участника.",
        "no_token": "Из сообщения не видно, к какой партии оно относится. Ответьте на последнее "
        "письмо сервера по партии, сохранив тему; ваши партии:\n{games}",
        "oversized": "Сообщение слишком велико ({size} байт); пришлите ход простым текстом.",
        "set_aside": "Сообщение не удалось обработать; оно передано администратору.",
        "resigned": "Партия {game}: {player} сдался. Результат {result}.",
        "draw_offered": "{player} предлагает ничью в партии {game}.",
        "draw_agreed": "Партия {game} закончилась вничью по соглашению.",
        "draw_declined": "{player} отклонил предложение ничьей в партии {game}.",
        "leave_taken": "Ваш перерыв с {first} по {last} записан; он действует во всех ваших "
        "партиях.",
        "refused": "Ваш запрос по партии {game} отклонён: {reason}",
        "over": "Партия {game} окончена: {result} ({reason}).",
        "position": "Позиция (FEN): {fen}",
        "copy_note": "Копия арбитру: у участника осталось 5 дней или меньше до контроля "
        "(ст. 56.4.10).",
        "forfeit": "Партия {game}: {player} превысил лимит времени {day} (израсходовано "
        "{total} дн., лимит {limit}); партия проиграна по времени (ст. 54.5.2). "
        "Результат {result}.",
        "reminder": "Партия {game}: ход партнёра {move} ждёт вашего ответа {days} дн., поэтому "
        "он повторён, с копией арбитру (ст. 56.5.1). Ваш ответ тоже будет направлен арбитру в "
        "копии.",
    },
}


def say(lang: str, key: str, **params: object) -> str:
    """A text in ``lang`` (English when unknown).

    >>> say("ru", "over", game=3, result="1-0", reason="мат")
    'Партия 3 окончена: 1-0 (мат).'
    """
    table = TEXTS.get(lang, TEXTS["en"])
    return table[key].format(**params)
