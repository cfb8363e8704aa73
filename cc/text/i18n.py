"""Messages in the players' languages.

Russian and English are both first-class: every refusal the services raise
has a stable code and a text in each language, chosen per caller.

Everything else a person reads (pages, console lines, the fragments inside
refusals) is a gettext message with an English id, translated by the one
catalog ``cc/text/locale/ru/LC_MESSAGES/messages.po``, compiled in memory:

- ``N_("{first} is after {last}", first=..., last=...)`` makes a :class:`Text`:
  a ``str`` holding the English, which also keeps its message id and
  parameters, so whoever shows it later renders it in the reader's language
  with :func:`localize`. Services raise their reasons and build their notes
  this way; JSON, the database and the logs get the English.
- Codes that are shown as words (statuses, modes, results, case kinds ...)
  stay codes in data and in English; :func:`word` gives their label in
  another language, and refusal parameters named in :data:`PARAM_WORDS` are
  put into words the same way.
- ``pybabel extract`` finds ``_(...)`` and ``N_(...)`` calls (babel.cfg).
"""

from __future__ import annotations

import gettext as gettext_mod
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final

LANGUAGES: Final = ("en", "ru")
DEFAULT_LANGUAGE: Final = "en"
#: the languages that write a decimal comma (0,5), not a point
DECIMAL_COMMA: Final = frozenset({"ru"})

#: the gettext catalogs, one directory per language
LOCALE_DIR: Final = Path(__file__).parent / "locale"


@cache
def translations(lang: str) -> gettext_mod.NullTranslations:
    """The catalog of ``lang``, compiled in memory (English: the ids themselves)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT_LANGUAGE or not po.exists():
        return gettext_mod.NullTranslations()
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext_mod.GNUTranslations(buffer)


def gettext(lang: str, msgid: str) -> str:
    """The catalog's translation of ``msgid`` (the id itself when there is none)."""
    return translations(lang).gettext(msgid)


class Text(str):
    """English text that remembers its message id and parameters.

    >>> t = N_("{days} days left: copy the arbiter (56.4.10)", days=3)
    >>> t, localize(t, "ru")
    ('3 days left: copy the arbiter (56.4.10)', 'осталось 3 дн.: копии арбитру (56.4.10)')
    """

    msgid: str
    params: dict[str, object]
    #: the category of a code word (see :func:`code`), else None
    category: str | None
    #: whether the id is a catalog message (False: a plain template, see :func:`join`)
    catalog: bool

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, object] | None = None,
        *,
        category: str | None = None,
        catalog: bool = True,
    ) -> Text:
        values = dict(params or {})
        english = msgid if category is not None else _fill(msgid, values, DEFAULT_LANGUAGE)
        self = super().__new__(cls, english)
        self.msgid = msgid
        self.params = values
        self.category = category
        self.catalog = catalog
        return self

    def __getnewargs__(self) -> tuple[str, dict[str, object]]:  # type: ignore[override]
        return (self.msgid, self.params)

    def localize(self, lang: str) -> str:
        if self.category is not None:
            return word(self.category, self.msgid, lang)
        template = gettext(lang, self.msgid) if self.catalog else self.msgid
        return _fill(template, self.params, lang)


def N_(msgid: str, /, **params: object) -> Text:
    """A catalog message with its parameters, rendered when shown."""
    return Text(msgid, params)


def code(category: str, value: str) -> Text:
    """A code shown as a word: itself in English, its label in other languages.

    >>> reason = code("reason", "checkmate")
    >>> reason, localize(reason, "ru")
    ('checkmate', 'мат')
    """
    return Text(value, category=category)


def join(separator: str, parts: Iterable[str]) -> Text:
    """Texts joined, each shown in the reader's language.

    >>> notes = join("; ", [N_("overstep {on}", on="2026-05-01"), "1-0"])
    >>> notes, localize(notes, "ru")
    ('overstep 2026-05-01; 1-0', 'просрочка 2026-05-01; 1-0')
    """
    items = list(parts)
    template = (
        separator.replace("{", "{{").replace("}", "}}").join(f"{{p{i}}}" for i in range(len(items)))
    )
    return Text(template, {f"p{i}": part for i, part in enumerate(items)}, catalog=False)


def localize(text: str, lang: str) -> str:
    """A :class:`Text` in ``lang``; any other string as it is."""
    return text.localize(lang) if isinstance(text, Text) else text


def exc_text(exc: BaseException) -> str:
    """An exception's message, as a :class:`Text` when it was raised with one."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


def _value(value: object, lang: str) -> object:
    return value.localize(lang) if isinstance(value, Text) else value


def _fill(template: str, params: Mapping[str, object], lang: str) -> str:
    if not params:
        return template
    return template.format(**{k: _value(v, lang) for k, v in params.items()})


MESSAGES: Final[dict[str, dict[str, str]]] = {
    "not_found": {
        "en": "No {kind} {ref!r} here.",
        "ru": "Не найдено: {kind} {ref!r}.",
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
        "en": "Event {event} starts on {start_date}; no move counts before that (Art. {article}).",
        "ru": "Соревнование {event} начинается {start_date}; ходы до начала не принимаются "
        "(ст. {article}).",
    },
    "event_not_running": {
        "en": "Event {event} is {status}; its games are not open for play.",
        "ru": "Соревнование {event} в состоянии «{status}»; партии не открыты для игры.",
    },
    "unavailable": {
        "en": "The server cannot reach its database just now; nothing was changed. "
        "Please try again in a minute.",
        "ru": "Сервер сейчас не может обратиться к своей базе данных; ничего не изменено. "
        "Повторите, пожалуйста, через минуту.",
    },
    "method_not_allowed": {
        "en": "This address does not take {method} requests.",
        "ru": "Этот адрес не принимает запросы {method}.",
    },
    "too_large": {
        "en": "The request is too large: at most {limit} bytes.",
        "ru": "Запрос слишком велик: не больше {limit} байт.",
    },
    "internal_error": {
        "en": "Something went wrong on the server; nothing was changed. "
        "The error has been logged for the administrator.",
        "ru": "На сервере произошла ошибка; ничего не изменено. "
        "Ошибка записана в журнал для администратора.",
    },
    "game_over": {
        "en": "Game {game_id} is over: {result} ({reason}).",
        "ru": "Партия {game_id} окончена: {result} ({reason}).",
    },
    "lost_on_time": {
        "en": "Game {game_id} was lost on time by {player}: over the limit since {day} "
        "({total} days used, limit {limit}, Art. 54.5.2). Nothing sent after that counts; "
        "the loss is recorded.",
        "ru": "Партия {game_id} проиграна по времени ({player}): лимит превышен {day} "
        "(израсходовано {total} дн., лимит {limit}, ст. 54.5.2). Присланное после этого не "
        "засчитывается; поражение зафиксировано.",
    },
    "illegible_move": {
        "en": "Cannot read {text!r} as a move in game {game_id}: {reason}.",
        "ru": "Не удаётся прочитать {text!r} как ход в партии {game_id}: {reason}.",
    },
    "impossible_move": {
        "en": "{text!r} is not a legal move in game {game_id}: {reason}.",
        "ru": "{text!r} — невозможный ход в партии {game_id}: {reason}.",
    },
    "ambiguous_move": {
        "en": "{text!r} is ambiguous in game {game_id}: {reason}.",
        "ru": "{text!r} — неоднозначная запись хода в партии {game_id}: {reason}.",
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
    "game_not_public": {
        "en": "Game {game_id} of event {event} is not public yet: the event's regulations "
        "show its games once they end. Its players and the event's arbiters see it.",
        "ru": "Партия {game_id} соревнования {event} пока не открыта для всех: по положению "
        "соревнования партии показываются после их окончания. Её видят участники партии и "
        "арбитры соревнования.",
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
        "en": "Too many wrong passwords lately; try again in {wait}.",
        "ru": "Слишком много неверных паролей за последнее время; повторите через {wait}.",
    },
    "too_many_reset_requests": {
        "en": "Too many reset requests from your address lately; try again in {wait}.",
        "ru": "Слишком много запросов на сброс пароля с вашего адреса; повторите через {wait}.",
    },
    "not_signed_in": {
        "en": "Sign in first.",
        "ru": "Сначала войдите в систему.",
    },
    "event_state": {
        "en": "Event {event}: {reason}.",
        "ru": "Соревнование {event}: {reason}.",
    },
    "record_refused": {
        "en": "Game {game_id}: the record was not loaded: {reason}.",
        "ru": "Партия {game_id}: запись не загружена: {reason}.",
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
        "ru": "По записи партии {game_id} просрочки нет ({player}): израсходовано {total} дн., "
        "лимит {limit}.",
    },
    "claim_too_late": {
        "en": "The claim in game {game_id} is too late: it had to be made no later than "
        "the reply to {player}'s move {control_move}, and that reply was sent on "
        "{replied_on} (Art. {article}).",
        "ru": "Заявление по партии {game_id} опоздало: его нужно было подать не позднее ответа "
        "на {control_move}-й ход партнёра ({player}), а ответ отправлен {replied_on} "
        "(ст. {article}).",
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
        "due by {until} (14 days, Art. {article}); today is {today}.",
        "ru": "Дело {case_id}: решение получено {decided_on}, апелляцию нужно было подать до "
        "{until} (14 дней, ст. {article}); сегодня {today}.",
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
        "ru": "Дело {case_id}: {who} — материалы для присуждения не присланы, поэтому "
        "обжаловать его результат нельзя (ст. 56.9.7).",
    },
    "bad_decision": {
        "en": "{decision!r} is not a decision in a {kind} case; choose one of: {choices}.",
        "ru": "{decision!r} — не решение по делу «{kind}»; возможные решения: {choices}.",
    },
    "receipt_in_future": {
        "en": "Game {game_id}: {player} cannot have received the move on {received}: that is "
        "later than now ({now}).",
        "ru": "Партия {game_id}: {player} — ход не может считаться полученным {received}: это "
        "позже, чем сейчас ({now}).",
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
        "ru": "Партия {game_id}: {player} — ход {move} партнёра ({partner}) не мог быть "
        "получен {received}: ход отправлен {sent} (ст. 55.2.2, 56.2.3).",
    },
    "receipt_after_reply": {
        "en": "Game {game_id}: {player} replied to {partner}'s move {move} on {replied}, so "
        "cannot have received it later, on {received}.",
        "ru": "Партия {game_id}: {player} — ответ на ход {move} партнёра ({partner}) отправлен "
        "{replied}, поэтому получить этот ход позже, {received}, нельзя.",
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
        "ru": "Партия {game_id}: {player} — до {move_number}-го хода партия ещё не дошла; "
        "сейчас ход {current}.",
    },
}

#: codes shown as words, by category: the code's label (a catalog message)
WORDS: Final[dict[str, dict[str, Text]]] = {
    # how a game ended (ResultReason), and a game's state (GameStatus)
    "reason": {
        "checkmate": N_("checkmate"),
        "resignation": N_("resignation"),
        "agreed_draw": N_("agreed_draw"),
        "stalemate": N_("stalemate"),
        "insufficient_material": N_("insufficient_material"),
        "threefold_repetition": N_("threefold_repetition"),
        "fifty_moves": N_("fifty_moves"),
        "fivefold_repetition": N_("fivefold_repetition"),
        "seventyfive_moves": N_("seventyfive_moves"),
        "time_forfeit": N_("time_forfeit"),
        "adjudication": N_("adjudication"),
        "withdrawal": N_("withdrawal"),
        "default": N_("default"),
        "ongoing": N_("ongoing"),
        "finished": N_("finished"),
        "annulled": N_("annulled"),
        # the notation's reasons for refusing a move text
        "'any move' is not a move (Art. 55.3.6)": N_("'any move' is not a move (Art. 55.3.6)"),
        "no move is written": N_("no move is written"),
        "not written in any notation this server reads": N_(
            "not written in any notation this server reads"
        ),
        "numeric notation uses only the digits 1-8 for squares": N_(
            "numeric notation uses only the digits 1-8 for squares"
        ),
        "the fifth digit names the promotion: 1 queen, 2 rook, 3 bishop, 4 knight": N_(
            "the fifth digit names the promotion: 1 queen, 2 rook, 3 bishop, 4 knight"
        ),
        "the piece named is not on the square it moves from": N_(
            "the piece named is not on the square it moves from"
        ),
        "the pawn promotes: name the piece it becomes": N_(
            "the pawn promotes: name the piece it becomes"
        ),
        "a move must leave the square it starts from": N_(
            "a move must leave the square it starts from"
        ),
        "no legal move fits it": N_("no legal move fits it"),
        "more than one legal move fits it": N_("more than one legal move fits it"),
    },
    # the state of a game, an event, a case, a leave
    # why mail bounced: a delivery status (RFC 3463) by its subject and
    # detail ("x.1.1" for 5.1.1 and 4.1.1), by its subject ("x.7.x"), else by
    # its class ("5.x.x")
    "bounce": {
        "x.1.1": N_("no such mailbox"),
        "x.1.2": N_("no such mail domain"),
        "x.1.3": N_("the address is malformed"),
        "x.1.6": N_("the mailbox has moved"),
        "x.1.10": N_("the domain takes no mail"),
        "x.2.1": N_("the mailbox is disabled"),
        "x.2.2": N_("the mailbox is full"),
        "x.2.3": N_("the message is too large for the mailbox"),
        "x.3.4": N_("the message is too large for the mail server"),
        "x.4.1": N_("the mail server does not answer"),
        "x.4.4": N_("the mail server cannot be found"),
        "x.4.7": N_("delivery took too long and was given up"),
        "x.7.x": N_("the receiving server refused it"),
        "5.x.x": N_("delivery failed"),
        "4.x.x": N_("delivery is delayed"),
        "2.x.x": N_("delivered"),
    },
    # what became of an incoming message
    "mail": {
        "applied": N_("applied"),
        "refused": N_("refused"),
        "ignored": N_("not answered"),
        "retry": N_("to be tried again"),
        "set_aside": N_("set aside"),
        "held": N_("held for the arbiter"),
    },
    "status": {
        "ongoing": N_("ongoing"),
        "finished": N_("finished"),
        "adjudication": N_("adjudication"),
        "annulled": N_("annulled"),
        "draft": N_("draft"),
        "started": N_("started"),
        "open": N_("open"),
        "decided": N_("decided, open to appeal"),
        "appealed": N_("under appeal"),
        "final": N_("final"),
        "closed": N_("closed"),
        "active": N_("active"),
        "cancelled": N_("cancelled"),
        "completed": N_("completed"),
        "lapsed": N_("lapsed"),
        "submitted": N_("materials sent"),
        "changed": N_("changed"),
    },
    # a game's result, where a language writes it otherwise
    "result": {
        "1/2-1/2": N_("1/2-1/2"),
    },
    "mode": {
        "server": N_("server"),
        "email": N_("email"),
        "post": N_("post"),
    },
    # what a refusal did not find, and the kinds of cases
    "kind": {
        "game": N_("Game"),
        "case": N_("Case"),
        "player": N_("Player"),
        "event": N_("Event"),
        "section": N_("Section"),
        "move": N_("Move"),
        "leave": N_("Leave"),
        "conditional line": N_("Conditional line"),
        "time_claim": N_("Time overstep claim"),
        "silence": N_("No moves"),
        "lost_email": N_("Lost email"),
        "withdrawal": N_("Withdrawal"),
        "complaint": N_("Complaint"),
        "adjudication": N_("Adjudication"),
        "page": N_("Page"),
        "token": N_("API token"),
        "notification": N_("Notification"),
        "link": N_("Link"),
        "push subscription": N_("Push subscription"),
        "bracket": N_("Knockout bracket"),
        "application": N_("Entry"),
        "message": N_("Message"),
    },
    "decision": {
        "upheld": N_("Claim upheld: the overstepper loses the game (Art. 56.6.6)"),
        "rejected": N_("Claim rejected: play resumes (Art. 56.6.7)"),
        "loss_white": N_("White is scored a loss"),
        "loss_black": N_("Black is scored a loss"),
        "dismissed": N_("Dismissed"),
        "warning": N_("A warning"),
        "loss": N_("Loss in all unfinished games"),
        "adjudication": N_("The unfinished games are adjudicated"),
        "exclusion": N_("Exclusion: the unfinished games are not counted"),
        "restored": N_("Email access restored"),
        "not_restored": N_("Not restored within 30 days: treated as withdrawn (Art. 56.1.6)"),
        "white_wins": N_("White wins"),
        "black_wins": N_("Black wins"),
        "draw": N_("Draw"),
    },
    # the steps in a case's history
    "step": {
        "filed": N_("filed"),
        "protested": N_("protest"),
        "decided": N_("decision"),
        "appealed": N_("appeal"),
        "appeal_decided": N_("appeal decision"),
        "final": N_("became final"),
        "restored": N_("email restored"),
        "not_restored": N_("email not restored"),
        "submitted": N_("materials sent"),
        "agreed": N_("the claims agree (Art. 56.9.5)"),
        "over": N_("the stated move ended the game"),
        "submissions_closed": N_("the time for materials is over"),
        "withdrawn": N_("withdrawn by a later decision"),
        "analysed": N_("engine analysis"),
    },
    # the ways a written move fails (notation.NotationError.kind)
    "notation": {
        "illegible": N_("illegible"),
        "impossible": N_("impossible"),
        "ambiguous": N_("ambiguous"),
        "sequence": N_("out of sequence"),
    },
    # the columns of a crosstable's ranking (standings.Tiebreak, TeamTiebreak)
    "tiebreak": {
        "points": N_("Points"),
        "head_to_head": N_("Head-to-head"),
        "wins": N_("Wins"),
        "sonneborn_berger": N_("Sonneborn-Berger"),
        "koya": N_("Koya"),
        "black": N_("Games with Black"),
        "match_points": N_("Match points"),
        "board_points": N_("Board points"),
        # a Swiss's (standings.swiss.SwissTiebreak), and its word for a bye
        "average_rating": N_("Average rating of opponents"),
        "buchholz_cut1": N_("Buchholz cut 1"),
        "buchholz_median1": N_("Median Buchholz 1"),
        "buchholz": N_("Buchholz"),
        "bye": N_("bye"),
    },
    # the same columns in a text table (mail, console), at most six letters
    "tiebreak_column": {
        "points": N_("Pts"),
        "head_to_head": N_("H2H"),
        "wins": N_("Wins"),
        "sonneborn_berger": N_("SB"),
        "koya": N_("Koya"),
        "black": N_("Black"),
        "match_points": N_("MP"),
        "board_points": N_("BP"),
        "average_rating": N_("ARO"),
        "buchholz_cut1": N_("BH-1"),
        "buchholz_median1": N_("MBH-1"),
        "buchholz": N_("BH"),
        "bye": N_("bye"),
        # a Swiss round's colour: "12w1", "5b½"
        "w": N_("w"),
        "b": N_("b"),
    },
    # what the asking person may do in a case (CaseView.actions)
    "case_action": {
        "protest": N_("protest"),
        "decide": N_("decide"),
        "appeal": N_("appeal"),
        "decide_appeal": N_("decide the appeal"),
        "restore": N_("restore the email"),
        "submit": N_("send materials"),
    },
    # entries of the audit log that reports name
    "audit": {
        "time_forfeit": N_("lost on time"),
        "overstep_reported": N_("overstep reported"),
    },
    "door": {
        "web": N_("on the web"),
        "api": N_("through the API"),
        "email": N_("by email"),
        "xfcc": N_("through Xfcc"),
        "post": N_("by post"),
        "cli": N_("at the console"),
        "system": N_("by the server"),
    },
    "color": {
        "white": N_("white"),
        "black": N_("black"),
    },
    "charge": {
        "penalty": N_("penalty"),
        "grace": N_("grace"),
        "adjustment": N_("adjustment"),
    },
    "role": {
        "player": N_("player"),
        "arbiter": N_("arbiter"),
        "adjudicator": N_("adjudicator"),
        "appeal_arbiter": N_("appeal arbiter"),
        "admin": N_("administrator"),
    },
    # who acts, when it is not a player (describe() and the actors' labels)
    "who": {
        "operator": N_("the operator"),
        "cli": N_("the console"),
        "daily run": N_("daily run"),
        "this form": N_("this form"),
        "gateway": N_("the mail gateway"),
    },
    # the inputs a refusal names
    "field": {
        "action": N_("action"),
        "appeal": N_("appeal"),
        "appeal_arbiters": N_("appeal arbiters"),
        "arbiter": N_("arbiter"),
        "adjudicator": N_("adjudicator"),
        "appeal arbiter": N_("appeal arbiter"),
        "bar": N_("bar"),
        "body": N_("request"),
        "file": N_("file"),
        "form": N_("form"),
        "query": N_("address parameters"),
        "text": N_("text"),
        "received": N_("received"),
        "decision": N_("decision"),
        "claim": N_("claim"),
        "code": N_("event code"),
        "channels": N_("channels"),
        "cycles": N_("cycles"),
        "dates": N_("dates"),
        "days": N_("days"),
        "digest_hour": N_("digest hour"),
        "email": N_("email address"),
        "end_date": N_("end date"),
        "start_date": N_("start date"),
        "start_fen": N_("start position"),
        "opening": N_("opening line"),
        "start": N_("thematic start"),
        "control_moves": N_("moves per time control"),
        "control_days": N_("days per time control"),
        "leave_days_per_year": N_("leave days per year"),
        "leave_days_per_event": N_("leave days in the event"),
        "penalty_days_repeat": N_("penalty days for a repeated fault"),
        "day_counting": N_("day counting"),
        "closes_on": N_("closing day"),
        "sections": N_("sections"),
        "size": N_("section size"),
        "engine": N_("engine"),
        "first_day": N_("first day"),
        "ids": N_("notifications"),
        "kind": N_("kind"),
        "lang": N_("language"),
        "last_day": N_("last day"),
        "limit": N_("limit"),
        "low_time_percent": N_("time running low share"),
        "leave": N_("leave"),
        "line": N_("conditional line"),
        "link": N_("link"),
        "login": N_("login"),
        "mode": N_("mode"),
        "move": N_("move"),
        "move_number": N_("move number"),
        "name": N_("name"),
        "notation": N_("notation"),
        "password": N_("password"),
        "penalty_days": N_("penalty days"),
        "player": N_("player"),
        "players": N_("players"),
        "protest": N_("protest"),
        "reason": N_("reason"),
        "reasoning": N_("reasoning"),
        "reasons": N_("reasons"),
        "regulations": N_("regulations"),
        "role": N_("role"),
        "section": N_("section"),
        "statement": N_("statement"),
        "team": N_("team"),
        "timezone": N_("time zone"),
        "token": N_("token"),
    },
}

#: "not found" said of each kind of thing, where a language makes the words
#: agree with the thing's gender ("Партия 9 не найдена", "Дело 5 не найдено")
NOT_FOUND: Final[dict[str, dict[str, str]]] = {
    "ru": {
        "game": "Партия {ref} не найдена.",
        "case": "Дело {ref} не найдено.",
        "player": "Участник {ref} не найден.",
        "event": "Соревнование {ref} не найдено.",
        "section": "Группа {ref} не найдена.",
        "move": "Ход {ref} не найден.",
        "leave": "Перерыв {ref} не найден.",
        "conditional line": "Условный вариант {ref} не найден.",
        "page": "Страница {ref} не найдена.",
        "token": "Токен API {ref} не найден.",
        "notification": "Уведомление {ref} не найдено.",
        "link": "Ссылка {ref} не найдена.",
        "push subscription": "Подписка браузера {ref} не найдена.",
        "application": "Заявка {ref} не найдена.",
        "message": "Письмо {ref} не найдено.",
        "bracket": "Сетка {ref} не найдена.",
    },
}

#: refusal parameters that hold codes, and the categories that put them into words
PARAM_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "result": ("result",),
    "reason": ("reason",),
    "status": ("status",),
    "mode": ("mode",),
    "kind": ("kind",),
    "field": ("field",),
    "who": ("who",),
}


def word(category: str, value: str, lang: str) -> str:
    """A code of ``category`` in ``lang``: the code in English, else its label.

    >>> word("status", "decided", "ru"), word("status", "decided", "en")
    ('решено, можно обжаловать', 'decided')
    >>> word("status", "no such code", "ru")
    'no such code'
    """
    if lang == DEFAULT_LANGUAGE:
        return value
    label = WORDS.get(category, {}).get(value)
    return value if label is None else label.localize(lang)


def number(value: object, lang: str) -> str:
    """A number (a score, a tie-break) as ``lang`` writes it.

    >>> number(2.5, "en"), number(2.5, "ru"), number(3, "ru"), number(Fraction(1, 2), "ru")
    ('2.5', '2,5', '3', '0,5')
    """
    shown = f"{float(value):g}" if isinstance(value, int | float | Fraction) else str(value)
    return shown.replace(".", ",") if lang in DECIMAL_COMMA else shown


def _param(name: str, value: object, lang: str) -> object:
    if isinstance(value, Text):
        return value.localize(lang)
    if isinstance(value, str) and lang != DEFAULT_LANGUAGE:
        for category in PARAM_WORDS.get(name, ()):
            if value in WORDS[category]:
                return word(category, value, lang)
    return value


def render(code: str, lang: str, params: dict[str, object]) -> str:
    """Render the message ``code`` in ``lang`` (English when unknown).

    Parameters that are :class:`Text` are shown in ``lang``, and so are the
    codes of :data:`PARAM_WORDS`.

    >>> render("game_over", "ru", {"game_id": 7, "result": "1-0", "reason": "checkmate"})
    'Партия 7 окончена: 1-0 (мат).'
    >>> render("invalid_input", "ru", {"field": "last_day", "reason": N_("it is over already")})
    'последний день: перерыв уже закончился.'
    """
    table = MESSAGES[code]
    template = table.get(lang) or table[DEFAULT_LANGUAGE]
    kind = params.get("kind")
    if code == "not_found" and isinstance(kind, str) and kind in NOT_FOUND.get(lang, {}):
        template = NOT_FOUND[lang][kind]
        params = {**params, "ref": _reference(params.get("ref"), lang)}
    return template.format(**{k: _param(k, v, lang) for k, v in params.items()})


def _reference(ref: object, lang: str) -> str:
    """What a refusal did not find, as a sentence names it: a number as it
    is, a phrase in the reader's language, a name or code in quotes.

    >>> render("not_found", "ru", {"kind": "game", "ref": 999})
    'Партия 999 не найдена.'
    >>> render("not_found", "ru", {"kind": "event", "ref": "RU-CH"})
    'Соревнование «RU-CH» не найдено.'
    >>> render("not_found", "en", {"kind": "case", "ref": 5})
    'No case 5 here.'
    """
    if isinstance(ref, Text):
        return ref.localize(lang)
    text = str(ref)
    return text if text.isdigit() else f"«{text}»"
