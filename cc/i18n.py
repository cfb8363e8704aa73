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
}

KIND_RU: Final[dict[str, str]] = {
    "game": "Партия",
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
