"""Messages in the players' languages.

Russian and English are both first-class: every refusal the services raise
has a stable code and a text in each language, chosen per caller.
"""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("en", "ru")
DEFAULT_LANGUAGE: Final = "en"

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "not_found": {
        "en": "No {kind} {ref!r} here.",
        "ru": "{kind_ru} {ref!r} не найден(а).",
    },
    "not_your_game": {
        "en": "Game {game_id} is {white} - {black}; {who} does not play in it.",
        "ru": "Партия {game_id}: {white} - {black}; {who} в ней не играет.",
    },
    "not_your_turn": {
        "en": "It is {to_move}'s turn in game {game_id} (move {move_number}), not {who}'s.",
        "ru": "В партии {game_id} ход за {to_move} (ход {move_number}), а не за {who}.",
    },
    "event_not_started": {
        "en": "Event {event} starts on {start_date}; no move counts before that (Art. 54.4.4).",
        "ru": "Соревнование {event} начинается {start_date}; ходы до начала не принимаются "
        "(ст. 54.4.4).",
    },
    "event_not_running": {
        "en": "Event {event} is {status}; its games are not open for play.",
        "ru": "Соревнование {event} в состоянии «{status}»; партии не открыты для игры.",
    },
    "game_over": {
        "en": "Game {game_id} is over: {result} ({reason}).",
        "ru": "Партия {game_id} окончена: {result} ({reason}).",
    },
    "illegible_move": {
        "en": "Cannot read {text!r} as a move in game {game_id}: {reason}.",
        "ru": "Не удаётся прочитать {text!r} как ход в партии {game_id}: {reason}.",
    },
    "impossible_move": {
        "en": "{text!r} is not a legal move in game {game_id} (position {fen}): {reason}.",
        "ru": "{text!r} — невозможный ход в партии {game_id} (позиция {fen}): {reason}.",
    },
    "ambiguous_move": {
        "en": "{text!r} is ambiguous in game {game_id} (position {fen}): {reason}.",
        "ru": "{text!r} — неоднозначная запись хода в партии {game_id} (позиция {fen}): {reason}.",
    },
    "move_number_mismatch": {
        "en": "You sent move {sent} but game {game_id} is at move {expected} for {who}.",
        "ru": "Вы прислали ход {sent}, а в партии {game_id} у {who} сейчас ход {expected}.",
    },
    "already_applied_differently": {
        "en": "Move {move_number} of game {game_id} was already made as {san}; "
        "a sent move cannot be changed (Art. 54.3.2).",
        "ru": "Ход {move_number} в партии {game_id} уже сделан: {san}; "
        "переданный ход не может быть изменён (ст. 54.3.2).",
    },
    "not_permitted": {
        "en": "{who} may not {action}.",
        "ru": "{who}: нет права — {action}.",
    },
    "bad_time": {
        "en": "The instant {at} cannot be used: {reason}.",
        "ru": "Момент {at} не подходит: {reason}.",
    },
    "no_draw_offer": {
        "en": "There is no draw offer by {who}'s opponent open in game {game_id}.",
        "ru": "В партии {game_id} нет действующего предложения ничьей партнёру {who}.",
    },
    "draw_offer_open": {
        "en": "{who} already has a draw offer open in game {game_id}.",
        "ru": "У {who} уже есть действующее предложение ничьей в партии {game_id}.",
    },
    "draw_claim_invalid": {
        "en": "No draw can be claimed in game {game_id}: the position has occurred "
        "{repetitions} time(s) and {halfmoves} half-moves were made without a capture "
        "or pawn move.",
        "ru": "В партии {game_id} нет оснований требовать ничью: позиция повторилась "
        "{repetitions} раз(а), без взятий и ходов пешкой сделано {halfmoves} полуходов.",
    },
    "invalid_input": {
        "en": "{field}: {reason}.",
        "ru": "{field}: {reason}.",
    },
    "conflict": {
        "en": "{what} already exists: {ref!r}.",
        "ru": "{what} уже существует: {ref!r}.",
    },
    "bad_credentials": {
        "en": "Wrong login or password.",
        "ru": "Неверный логин или пароль.",
    },
    "too_many_attempts": {
        "en": "Too many failed sign-ins for {login!r}; try again in {minutes} minutes.",
        "ru": "Слишком много неудачных попыток входа для {login!r}; повторите через {minutes} мин.",
    },
    "not_signed_in": {
        "en": "Sign in first.",
        "ru": "Сначала войдите в систему.",
    },
    "event_state": {
        "en": "Event {event}: {reason}.",
        "ru": "Соревнование {event}: {reason}.",
    },
    "game_suspended": {
        "en": "Game {game_id} is suspended by a time claim (case {case_id}) until the "
        "arbiter decides (Art. 56.6.3).",
        "ru": "Партия {game_id} прервана заявлением о просрочке времени (дело {case_id}) до "
        "решения арбитра (ст. 56.6.3).",
    },
    "on_leave": {
        "en": "{player} is on leave from {first} to {last}: the clocks stand, so no moves are "
        "made. End the leave first to play on (Art. 56.7.3).",
        "ru": "{player} в перерыве с {first} по {last}: часы стоят, и ходы не делаются. Чтобы "
        "продолжить игру, сначала прервите перерыв (ст. 56.7.3).",
    },
    "claim_not_in_mode": {
        "en": "Game {game_id} is played on the server, which fixes an overstep itself "
        "(Art. 54.5.2); there is nothing to claim.",
        "ru": "Партия {game_id} играется на сервере, который сам фиксирует просрочку "
        "(ст. 54.5.2); заявлять не о чем.",
    },
    "no_overstep": {
        "en": "The record of game {game_id} shows no overstep by {player}: {total} days "
        "used, limit {limit}.",
        "ru": "По записи партии {game_id} у {player} нет просрочки: израсходовано {total} дн., "
        "лимит {limit}.",
    },
    "claim_too_late": {
        "en": "The claim in game {game_id} is too late: it had to be made no later than "
        "the reply to {player}'s move {control_move}, and that reply was sent on "
        "{replied_on} (Art. 56.6.1).",
        "ru": "Заявление по партии {game_id} опоздало: его нужно было подать не позднее ответа "
        "на {control_move}-й ход {player}, а ответ отправлен {replied_on} (ст. 56.6.1).",
    },
    "claim_barred": {
        "en": "{who} may not claim again in game {game_id} during this ten-move cycle "
        "(moves {first}-{last}) after a rejected claim (case {case_id}, Art. 56.6.7).",
        "ru": "{who} не может снова заявлять о просрочке в партии {game_id} в текущем "
        "десятиходовом цикле (ходы {first}-{last}) после отклонённого заявления "
        "(дело {case_id}, ст. 56.6.7).",
    },
    "case_open": {
        "en": "Game {game_id} already has an open time claim (case {case_id}).",
        "ru": "По партии {game_id} уже есть открытое заявление о просрочке (дело {case_id}).",
    },
    "case_state": {
        "en": "Case {case_id} is {status}: it cannot be {action} now.",
        "ru": "Дело {case_id} в состоянии «{status}»: сейчас нельзя — {action}.",
    },
    "protest_window_open": {
        "en": "Case {case_id}: the accused may protest until {until} (Art. 56.6.4); "
        "decide after that day or once the protest is in.",
        "ru": "Дело {case_id}: обвиняемая сторона может подать протест до {until} "
        "(ст. 56.6.4); решение — после этого дня или после получения протеста.",
    },
    "protest_too_late": {
        "en": "Case {case_id}: a protest was due by {until} (14 days, Art. 56.6.4); "
        "today is {today}.",
        "ru": "Дело {case_id}: протест нужно было подать до {until} (14 дней, ст. 56.6.4); "
        "сегодня {today}.",
    },
    "appeal_too_late": {
        "en": "Case {case_id}: the decision was delivered on {decided_on}, so an appeal was "
        "due by {until} (14 days, Art. 54.1.4); today is {today}.",
        "ru": "Дело {case_id}: решение получено {decided_on}, апелляцию нужно было подать до "
        "{until} (14 дней, ст. 54.1.4); сегодня {today}.",
    },
    "no_appeal_arbiter": {
        "en": "Case {case_id}: event {event} has no appeal arbiter who is neither the deciding "
        "arbiter nor a party (Art. 34.2); the organiser must appoint one.",
        "ru": "Дело {case_id}: в соревновании {event} нет апелляционного арбитра, который не "
        "принимал решение и не является стороной (ст. 34.2); организатор должен его назначить.",
    },
    "submission_too_late": {
        "en": "Case {case_id}: materials for adjudication were due by {until} (14 days after "
        "the end, Art. 56.9.4); today is {today}.",
        "ru": "Дело {case_id}: материалы для присуждения нужно было прислать до {until} "
        "(14 дней после окончания, ст. 56.9.4); сегодня {today}.",
    },
    "submissions_open": {
        "en": "Case {case_id}: the players may send their materials until {until} "
        "(Art. 56.9.4); rule after that day, once both are in, or at once where the "
        "tablebase decides the position.",
        "ru": "Дело {case_id}: участники могут прислать материалы до {until} (ст. 56.9.4); "
        "решение — после этого дня, когда оба прислали, или сразу, если позицию решает "
        "таблица эндшпиля.",
    },
    "no_materials": {
        "en": "Case {case_id}: {who} sent no materials for the adjudication, and so may not "
        "appeal its result (Art. 56.9.7).",
        "ru": "Дело {case_id}: {who} не прислал материалов для присуждения и поэтому не может "
        "обжаловать его результат (ст. 56.9.7).",
    },
    "bad_decision": {
        "en": "{decision!r} is not a decision in a {kind} case; choose one of: {choices}.",
        "ru": "{decision!r} — не решение по делу «{kind}»; возможные решения: {choices}.",
    },
    "receipt_in_future": {
        "en": "Game {game_id}: {player} cannot have received the move on {received}: that is "
        "later than now ({now}).",
        "ru": "Партия {game_id}: {player} не мог получить ход {received} — это позже, чем "
        "сейчас ({now}).",
    },
    "receipt_before_start": {
        "en": "Game {game_id}: {received} is before the start of event {event} on {start}; "
        "time before the start is not counted (Art. 54.4.4, 55.4.5, 56.4.5).",
        "ru": "Партия {game_id}: {received} — раньше старта соревнования {event} {start}; "
        "время до начала не засчитывается (ст. 54.4.4, 55.4.5, 56.4.5).",
    },
    "receipt_before_sending": {
        "en": "Game {game_id}: {player} cannot have received {partner}'s move {move} on "
        "{received}: it was sent on {sent} (Art. 55.2.2, 56.2.3).",
        "ru": "Партия {game_id}: {player} не мог получить ход {move} партнёра {partner} "
        "{received} — ход отправлен {sent} (ст. 55.2.2, 56.2.3).",
    },
    "receipt_after_reply": {
        "en": "Game {game_id}: {player} replied to {partner}'s move {move} on {replied}, so "
        "cannot have received it later, on {received}.",
        "ru": "Партия {game_id}: {player} ответил на ход {move} партнёра {partner} {replied} "
        "и не мог получить его позже, {received}.",
    },
    "receipt_of_first_move": {
        "en": "Game {game_id}: White's first move answers no move; its time counts from the "
        "start on {start} (Art. 54.4.4).",
        "ru": "Партия {game_id}: первый ход белых не отвечает ни на какой ход; время на него "
        "считается со старта {start} (ст. 54.4.4).",
    },
    "receipt_not_reached": {
        "en": "Game {game_id}: {player}'s move {move_number} has not been reached; the game is "
        "at move {current}.",
        "ru": "Партия {game_id}: до {move_number}-го хода {player} партия ещё не дошла; сейчас "
        "ход {current}.",
    },
}

KIND_RU: Final[dict[str, str]] = {
    "game": "Партия",
    "case": "Дело",
    "player": "Участник",
    "event": "Соревнование",
    "section": "Группа",
    "move": "Ход",
}


def render(code: str, lang: str, params: dict[str, object]) -> str:
    """Render the message ``code`` in ``lang`` (English when unknown).

    >>> render("game_over", "ru", {"game_id": 7, "result": "1-0", "reason": "checkmate"})
    'Партия 7 окончена: 1-0 (checkmate).'
    """
    table = MESSAGES[code]
    template = table.get(lang) or table[DEFAULT_LANGUAGE]
    values = dict(params)
    if "kind" in values:
        values.setdefault("kind_ru", KIND_RU.get(str(values["kind"]), str(values["kind"])))
    return template.format(**values)
