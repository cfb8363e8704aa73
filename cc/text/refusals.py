"""The refusals' texts in English, by code: the message ids of the catalog,
which holds them in the other languages (see :func:`cc.text.i18n.render`)."""

from __future__ import annotations

from typing import Final

#: what a refusal says, by its code (:attr:`cc.base.errors.ServiceError.code`)
REFUSALS: Final[dict[str, str]] = {
    "not_found": "No {kind} {ref!r} here.",
    "not_your_game": "Game {game_id} is {white} - {black}; {who} does not play in it.",
    "not_your_turn": "It is {to_move}'s turn in game {game_id} (move {move_number}), not {who}'s.",
    "event_not_started": "Event {event} starts on {start_date}; no move counts before that "
    "(Art. {article}).",
    "event_not_running": "Event {event} is {status}; its games are not open for play.",
    "unavailable": "The server cannot reach its database just now; nothing was changed. Please "
    "try again in a minute.",
    "method_not_allowed": "This address does not take {method} requests.",
    "too_large": "The request is too large: at most {limit} bytes.",
    "internal_error": "Something went wrong on the server; nothing was changed. The error has "
    "been logged for the administrator.",
    "game_over": "Game {game_id} is over: {result} ({reason}).",
    "lost_on_time": "Game {game_id} was lost on time by {player}: over the limit since {day} "
    "({total} days used, limit {limit}, Art. 54.5.2). Nothing sent after that counts; the loss is "
    "recorded.",
    "illegible_move": "Cannot read {text!r} as a move in game {game_id}: {reason}.",
    "impossible_move": "{text!r} is not a legal move in game {game_id}: {reason}.",
    "ambiguous_move": "{text!r} is ambiguous in game {game_id}: {reason}.",
    "move_number_mismatch": "You sent move {sent} but game {game_id} is at move {expected} for "
    "{who}.",
    "already_applied_differently": "Move {move_number} of game {game_id} was already made as "
    "{san}; a sent move cannot be changed (Art. 54.3.2).",
    "not_permitted": "{who} may not {action}.",
    "game_not_public": "Game {game_id} of event {event} is not public yet: the event's "
    "regulations show its games once they end. Its players and the event's arbiters see it.",
    "bad_time": "The instant {at} cannot be used: {reason}.",
    "no_draw_offer": "There is no draw offer by {who}'s opponent open in game {game_id}.",
    "draw_offer_open": "{who} already has a draw offer open in game {game_id}.",
    "draw_claim_invalid": "No draw can be claimed in game {game_id}: the position has occurred "
    "{repetitions} time(s) and {halfmoves} half-moves were made without a capture or pawn move.",
    "invalid_input": "{field}: {reason}.",
    "conflict": "{what} already exists: {ref!r}.",
    "bad_credentials": "Wrong login or password.",
    "too_many_attempts": "Too many wrong passwords lately; try again in {wait}.",
    "too_many_reset_requests": "Too many reset requests from your address lately; try again in "
    "{wait}.",
    "not_signed_in": "Sign in first.",
    "event_state": "Event {event}: {reason}.",
    "record_refused": "Game {game_id}: the record was not loaded: {reason}.",
    "game_suspended": "Game {game_id} is suspended by a time claim (case {case_id}) until the "
    "arbiter decides (Art. 56.6.3).",
    "on_leave": "{player} is on leave from {first} to {last}: the clocks stand, so no moves are "
    "made. End the leave first to play on (Art. 56.7.3).",
    "claim_not_in_mode": "Game {game_id} is played on the server, which fixes an overstep itself "
    "(Art. 54.5.2); there is nothing to claim.",
    "no_overstep": "The record of game {game_id} shows no overstep by {player}: {total} days "
    "used, limit {limit}.",
    "claim_too_late": "The claim in game {game_id} is too late: it had to be made no later than "
    "the reply to {player}'s move {control_move}, and that reply was sent on {replied_on} "
    "(Art. {article}).",
    "claim_barred": "{who} may not claim again in game {game_id} during this ten-move cycle "
    "(moves {first}-{last}) after a rejected claim (case {case_id}, Art. 56.6.7).",
    "case_open": "Game {game_id} already has an open time claim (case {case_id}).",
    "case_state": "Case {case_id} is {status}: it cannot be {action} now.",
    "protest_window_open": "Case {case_id}: the accused may protest until {until} (Art. 56.6.4); "
    "decide after that day or once the protest is in.",
    "protest_too_late": "Case {case_id}: a protest was due by {until} (14 days, Art. 56.6.4); "
    "today is {today}.",
    "appeal_too_late": "Case {case_id}: the decision was delivered on {decided_on}, so an appeal "
    "was due by {until} (14 days, Art. {article}); today is {today}.",
    "no_appeal_arbiter": "Case {case_id}: event {event} has no appeal arbiter who is neither the "
    "deciding arbiter nor a party (Art. 34.2); the organiser must appoint one.",
    "submission_too_late": "Case {case_id}: materials for adjudication were due by {until} (14 "
    "days after the end, Art. 56.9.4); today is {today}.",
    "submissions_open": "Case {case_id}: the players may send their materials until {until} "
    "(Art. 56.9.4); rule after that day, once both are in, or at once where the tablebase decides "
    "the position.",
    "no_materials": "Case {case_id}: {who} sent no materials for the adjudication, and so may not "
    "appeal its result (Art. 56.9.7).",
    "bad_decision": "{decision!r} is not a decision in a {kind} case; choose one of: {choices}.",
    "receipt_in_future": "Game {game_id}: {player} cannot have received the move on {received}: "
    "that is later than now ({now}).",
    "receipt_before_start": "Game {game_id}: {received} is before the start of event {event} on "
    "{start}; time before the start is not counted (Art. 54.4.4, 55.4.5, 56.4.5).",
    "receipt_before_sending": "Game {game_id}: {player} cannot have received {partner}'s move "
    "{move} on {received}: it was sent on {sent} (Art. 55.2.2, 56.2.3).",
    "receipt_after_reply": "Game {game_id}: {player} replied to {partner}'s move {move} on "
    "{replied}, so cannot have received it later, on {received}.",
    "receipt_of_first_move": "Game {game_id}: White's first move answers no move; its time counts "
    "from the start on {start} (Art. 54.4.4).",
    "receipt_not_reached": "Game {game_id}: {player}'s move {move_number} has not been reached; "
    "the game is at move {current}.",
}

#: "not found" said of each kind of thing, where a language makes the words
#: agree with the thing's gender ("Партия 9 не найдена", "Дело 5 не найдено"):
#: the ids of those sentences; English itself says REFUSALS["not_found"]
NOT_FOUND: Final[dict[str, str]] = {
    "game": "Game {ref} not found.",
    "case": "Case {ref} not found.",
    "player": "Player {ref} not found.",
    "event": "Event {ref} not found.",
    "section": "Section {ref} not found.",
    "move": "Move {ref} not found.",
    "leave": "Leave {ref} not found.",
    "conditional line": "Conditional line {ref} not found.",
    "page": "Page {ref} not found.",
    "token": "API token {ref} not found.",
    "notification": "Notification {ref} not found.",
    "link": "Link {ref} not found.",
    "push subscription": "Push subscription {ref} not found.",
    "application": "Entry {ref} not found.",
    "message": "Message {ref} not found.",
    "bracket": "Knockout bracket {ref} not found.",
}
