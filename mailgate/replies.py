"""The gateway's own words to players, in Russian and English."""

from __future__ import annotations

import math
from typing import Final

from cc.text.i18n import number, word

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "accepted": "Your move {move} in game {game} is recorded ({arrived}). It has been "
        "sent to your opponent.",
        "fired": "Your opponent's conditional reply followed at once: {moves}. It is your move.",
        "forward": "{player} has played {move} in game {game}. It is your move.\n"
        "Please reply to this message with the record (at least your opponent's last move, "
        "{move}) and your move, in numeric notation or any other.",
        "fault": "Your message about game {game} could not be accepted.\n{reason}.\n"
        "Your move was not recorded and has not gone to your opponent; your clock keeps "
        "running.{penalty}\n{again}",
        "penalty": " You are charged {days} for it (Art. {article}).",
        "no_move": "The message holds no move of yours, and a message without a reply move "
        "counts as one with an illegible move (Art. 56.3.5)",
        "no_repetition": "Your opponent's last move, {expected}, is not repeated before yours "
        "(Art. 56.3.3)",
        "wrong_repetition": 'Your message has "{given}" for {where}, but the game\'s record has '
        "{expected} (Art. 56.3.3)",
        "not_your_turn": "Game {game}: it is your opponent's move. Your last move, {move}, is "
        "recorded already; nothing from this message was recorded, and nothing was charged.",
        "unknown_sender": "This address is not registered with the server, so the message "
        "was not read. Players send moves from an address registered in their settings.",
        "no_token": "Your message does not say which game it is about. Please reply to the "
        "server's last message in the game, keeping its subject; your games are:\n{games}",
        "oversized": "Your message was not read: it is {size}, and the server reads messages "
        "of up to {limit}. Nothing in it was recorded. Please send your move as plain text, "
        "without attachments.",
        "set_aside": "Your message could not be processed and has been set aside for the "
        "administrator.",
        "resigned": "Game {game}: {player} resigned. Result {result}.",
        "draw_offered": "{player} offers a draw in game {game}.",
        "draw_agreed": "Game {game} is drawn by agreement.",
        "draw_declined": "{player} declined the draw offer in game {game}.",
        "leave_taken": "Your leave from {first} to {last} is recorded; it covers all your games.",
        "leave_ended_early": "Your leave is over: you play on in all your games (Art. 56.7.3).",
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
        "overstep_open": "Game {game}: {player} went over the time limit on {day}: {total} "
        "days used, limit {limit} (their move {move}). You may claim the overstep to the "
        "arbiter no later than your reply to their move {control} (Art. {article}): on the game's "
        'page, through the API, or by answering this message with the words "time claim".',
        "claim_filed": "Game {game}: {claimant} claims that you went over the time limit "
        "({total} days used, limit {limit}, your move {move}); this is case {case}, and the "
        "arbiter has a copy. The game is suspended until the arbiter decides (Art. 56.6.3). "
        "You may protest to the arbiter within 14 days, by {until} (Art. 56.6.4), on the "
        "case's page: {link}",
        "claim_received": "Your time claim in game {game} is filed as case {case}; copies went "
        "to {player} and to the arbiter. The game is suspended until the arbiter decides "
        "(Art. 56.6.3).",
        "case_opened": "Case {case} ({kind}), event {event}: {summary}\nThe case, its evidence "
        "and its history: {link}",
        "case_decided": "Case {case} ({kind}): the arbiter decided: {decision}.\nReasons: "
        "{reasons}\nA party may appeal to the appeal arbiter within 14 days, by {until} "
        "(Art. {appeal_article}), on the case's page: {link}",
        "case_appealed": "Case {case} ({kind}): {player} appealed the arbiter's decision "
        "({decision}). An appeal arbiter who is neither the deciding arbiter nor a party "
        "decides it (Art. 34.2): {link}",
        "appeal_decided": "Case {case} ({kind}): the appeal arbiter {verdict} the arbiter's "
        "decision; the decision now is: {decision}.\nReasons: {reasons}\nThis decision is "
        "final (Art. {appeal_article}).",
        "submitted": "Your materials for the adjudication are added to case {case}; the "
        "arbiter has them.",
        "protest_received": "Your protest is added to case {case} and sent to the arbiter.",
        "appeal_received": "Your appeal in case {case} is filed; an appeal arbiter who is neither "
        "the deciding arbiter nor a party will decide it (Art. 34.2).",
        "confirmed": "confirmed",
        "reversed": "reversed",
        "silence": "Game {game}: no move has been made for {days} days (Art. {article}); the "
        "arbiter has case {case} about it. A player who did not tell the arbiter of the delay "
        "may be scored a loss.",
        "post_no_reply": "Game {game}: your move {move} has had no answer for {days} days. "
        "Please repeat it, with all its information, by registered mail (Art. 55.5.1); if "
        "that goes unanswered too, tell the arbiter that the correspondence has broken down.",
        "post_no_first_move": "Game {game}: White has made no first move in {days} days since "
        "the start. Please send White an enquiry by registered mail; the arbiter has a copy "
        "of this notice (Art. 55.5.1).",
        "leave_recorded": "{player} has announced a leave from {first} to {last} (Art. 56.7.2). "
        "During it their clock stands still in all their games, while their partners' clocks "
        "run as usual (Art. 56.7.4).",
        "leave_withdrawn": "{player} has withdrawn the leave announced from {first} to {last}: "
        "play goes on as usual.",
        "leave_started": "{player} is on leave from {first} to {last} (Art. 56.7.2): their "
        "clock stands still in all their games; yours runs as usual (Art. 56.7.4).",
        "leave_ended": "{player}'s leave ended on {last}; play goes on.",
        "lost_email": "Case {case}: {player} has lost access to their email (reported on "
        "{day}). Unless access is restored by {until}, they are treated as withdrawn from "
        "event {event} (Art. 56.1.6).",
        "lost_email_expired": "Case {case}: {player} did not restore access to their email "
        "within 30 days of {day}, so they are treated as withdrawn from event {event} "
        "(Art. 56.1.6); the withdrawal is case {withdrawal}, for the arbiter to decide.",
        "unfinished": "Game {game} goes to adjudication (case {case}, {day}). By {until} "
        "send the arbiter your claimed result (win or draw) with its reasoning, and any "
        "analysis; the player to move states their move, which counts as made (Art. 56.9.4). "
        "Answer this message, or use the case's page: {link}\nIf both claims agree, "
        "that is the result (Art. 56.9.5); a player who sends nothing may not appeal "
        "(Art. 56.9.7).",
        "case_closed": "Case {case} ({kind}) is closed: {decision}.",
        "event_closed": "{event} is over: every game is decided. The final standings:\n\n{tables}",
        "move": "{player} has played {move} in game {game}.",
        "forward_fired": "{player} has played {move} in game {game}, and the conditional moves "
        "followed at once: {fired} (Art. 56.3.7).",
        "your_move": "It is your move.\nPlease reply to this message with the record (at least "
        "your opponent's last move) and your move, in numeric notation or any other.",
        "their_move": "It is {player}'s move now; nothing is needed from you.",
        "forward_offer": "{player} has played {move} in game {game} and offers a draw with this "
        "move. It is your move.\n"
        'To accept the draw, reply to this message with the words "I accept the draw". To play '
        "on, reply with the record (at least your opponent's last move) and your move, in numeric "
        "notation "
        "or any other: a move declines the offer.",
        "offer_sent": "With this move you offer a draw: your opponent is told, and may accept it "
        "or answer with a move, which declines it.",
        "offer_with_move": "With this move {player} offers a draw. To accept it, reply with the "
        'words "draw accepted"; a reply with your move declines it.',
        "declined_by_move": "{player} answered your draw offer with a move, so it is declined.",
        "message": "{player} writes: {message}",
        "draw_answer": 'To accept it, reply with the words "draw accepted"; to decline it, with '
        '"draw declined", or reply with your move.',
        "draw_answer_wait": 'To accept it, reply with the words "draw accepted"; to decline it, '
        'with "draw declined". The move is still {player}\'s to make.',
        "draw_accepted": "Game {game}: {player} accepted your draw offer; the game is drawn "
        "(1/2-1/2).",
        "game_over": "Game {game} is over: {result} ({reason}).",
        "draw_claimed": "Game {game}: {player} claimed a draw ({reason}); the position allows "
        "it, so the game is drawn (1/2-1/2).",
        "draw_claimed_move": "Game {game}: {player} played {move} and claimed a draw "
        "({reason}); the position allows it, so the game is drawn (1/2-1/2).",
        "game_over_case": "Game {game} is over by the arbiter's decision in case {case}: "
        "{result} ({reason}).",
        "game_annulled": "Game {game} is not counted: your opponent has left the event, and "
        "by the arbiter's decision in case {case} their unfinished games are not counted "
        "(Art. 56.8).",
        "lapsed_deviated": "Game {game}: your conditional moves {line} were not played: your "
        "opponent played {move} instead. It is your move.",
        "lapsed_draw_offer": "Game {game}: your conditional moves {line} were not played: your "
        "opponent's move {move} came with a draw offer, which is yours to answer.",
        "lapsed_game_over": "Game {game} is over, so your conditional moves {line} will not be "
        "played.",
        "entry_accepted": "Your entry to {event} ({code}) is accepted. Its official start is "
        "{start}; you will get your games and opponents by mail when the sections are paired.",
        "entry_refused": "Your entry to {event} ({code}) is not accepted.",
        "event_games_web": "Your games, each on its page on the site (you may also play them "
        "from a desktop program through Xfcc):",
        "entry_note": "The organiser writes: {note}",
        "event_started": "{event} has begun; its official start is {start} (time counts from "
        "then). Your games: {games}, with White: {white}; your opponents: {opponents}.",
        "event_started_bye": "{event} has begun; its official start is {start}. You have a "
        "bye in the first round (Art. 26): you will be told, with its games, when your first "
        "match is paired, as soon as the matches before it are decided.",
        "event_games": "Each game has its own subject, below: send your moves in a game by "
        "writing with its subject (or replying to the server's mail in it). With White, send "
        "your first move now.",
        "event_games_black": "Each game has its own subject, below: send your moves in a game "
        "by writing with its subject (or replying to the server's mail in it). The games start "
        "from the event's set position with Black to move: with Black, send your first move "
        "now.",
        "paired": "{event}, {stage}: {white} - {black} (game {game}). The game begins "
        "now, and White's time with it: with White, send your first move.",
        "paired_black": "{event}, {stage}: {white} - {black} (game {game}). The game "
        "begins now from the event's set position, Black to move, and Black's time with it: "
        "with Black, send your first move.",
        "bye": "{event}, round {round}: you have no game this round (the bye); it scores {points}.",
        "kind_time_claim": "time claim",
        "kind_silence": "no moves",
        "kind_lost_email": "lost email",
        "kind_withdrawal": "withdrawal",
        "kind_complaint": "complaint",
        "kind_adjudication": "adjudication",
        "white_wins": "White wins",
        "black_wins": "Black wins",
        "draw": "a draw",
        "upheld": "claim upheld: the game is lost on time (Art. 56.6.6)",
        "rejected": "claim rejected (Art. 56.6.7)",
        "loss_white": "White is scored a loss",
        "loss_black": "Black is scored a loss",
        "dismissed": "dismissed",
        "warning": "a warning",
        "loss": "loss in all unfinished games",
        "adjudication": "the unfinished games are adjudicated",
        "exclusion": "excluded from the event; the unfinished games are not counted",
        "restored": "email access restored",
        "not_restored": "not restored in 30 days",
        # Notices a player may choose to have by mail, each with its page's link.
        "conditional_lapsed": "Game {game}: your conditional line {line} ended unplayed.",
        "time_low": "Game {game}: your time is running low: {days_left} days left, until "
        "{deadline}.",
        "five_days": "Game {game}: {days_left} days or fewer are left before the time control "
        "(Art. 56.4.10).",
        "notice_no_move": "Game {game}: no move has been made for {days} days.",
        "case_deadline": "Case {case}: the time for the {what} ends on {until}: {link}",
        "protest": "protest",
        "appeal": "appeal",
        "notice": "A notification: {link}",
        "game_link": "The game's page: {link}",
        "group_moves": "your games' moves, offers and results",
        "group_time": "reminders of your time",
        "group_cases": "claims, decisions and appeals",
        "group_leaves": "your partners' leaves",
        "group_events": "news of your events",
        "footer_chosen": "You get {group} by email because you chose to. To stop these "
        "emails: {unsubscribe}\nAll your notification settings: {settings}",
        "footer_shared": "Your notification settings: {settings}",
        "footer_formal": "The rules of your event have this sent by email. Your other "
        "notifications are set at {settings}",
        # ---- what the calendar tells a player about their time, and a case's
        "alert_time_low": "Game {game}: your time is running low: {days_left} days left before "
        "the control, {percent}% of the period. Move by {deadline} to stay within the limit.",
        "alert_five_days": "Game {game}: {days_left} days left before the control at your move "
        "{control}; the last day is {deadline}. Five days or fewer (Art. 56.4.10).",
        "alert_five_days_email": " From now on copy all your correspondence in this game to "
        "the arbiter; the server copies its own mail of this game to the arbiter too.",
        "alert_five_days_post": " From now on send your moves by registered mail (Art. 55.4.12).",
        "alert_no_move": "Game {game}: {days} days have passed without your move; your "
        "opponent's last move was {move}.",
        "alert_no_move_first": "Game {game}: {days} days have passed since the start without "
        "your first move.",
        "case_deadline_protest": "Case {case} ({kind}): your time to protest to the arbiter ends "
        "on {until} (Art. 56.6.4): on the case's page (/cases/{case}), or by answering this "
        "message.",
        "case_deadline_appeal": "Case {case} ({kind}): the time to appeal the decision ends on "
        "{until} (Art. {appeal_article}): on the case's page (/cases/{case}).",
        # ---- the daily digest
        "digest_subject": "[cc] Your games, {day}",
        "digest_intro": "Your daily digest for {day}.",
        "digest_to_move": "Your move in {count} games, fewest days left first:",
        "digest_to_move_one": "Your move in 1 game:",
        "digest_game": "Game {game}, {event}: against {opponent} (you play {color}), your "
        "move {number}",
        "digest_after": " after {move}",
        "digest_left": "{days_left} days left: move by {deadline}",
        "digest_over": "over the time limit by {days} days",
        "digest_more": "... and {more} more games where it is your move: {link}",
        "digest_left_one": "1 day left: move by {deadline}",
        "digest_over_one": "over the time limit by 1 day",
        "digest_more_one": "... and 1 more game where it is your move: {link}",
        "digest_to_move_over": "Your move in more than {count} games, fewest days left first:",
        "digest_more_over": "... and more than {more} more games where it is your move: {link}",
        "digest_white": "White",
        "digest_black": "Black",
        "digest_since": "Since your last digest:",
        "digest_game_prefix": "Game {game}: ",
        "digest_case_prefix": "Case {case}: ",
        "digest_settings": "What you hear of, how, and the hour of this digest: {link}",
        "d_move": "{player} played {move}.",
        "d_fired": " Your conditional reply followed: {fired}.",
        "d_draw_offered": "{player} offers a draw.",
        "d_draw_offered_move": "{player} played {move} and offers a draw.",
        "d_draw_accepted": "{player} accepted your draw offer.",
        "d_draw_declined": "{player} declined your draw offer.",
        "d_resigned": "{player} resigned; result {result}.",
        "d_game_over": "the game is over: {result}.",
        "d_conditional_lapsed": "your conditional line {line} ended unplayed.",
        "d_forfeit": "{player} went over the time limit on {day}: the game is lost on time "
        "(Art. 54.5.2).",
        "d_time_low": "your time is running low: {days_left} days left, move by {deadline}.",
        "d_five_days": "{days_left} days left before the control (Art. 56.4.10).",
        "d_no_move": "{days} days without your move.",
        "d_reminder": "your opponent's move {move} waited {days} days and was sent again "
        "(Art. 56.5.1).",
        "d_post_no_reply": "your move {move} has had no answer for {days} days (Art. 55.5.1).",
        "d_post_no_first_move": "no first move by White in {days} days (Art. 55.5.1).",
        "d_overstep_open": "{player} went over the time limit on {day}; you may claim it "
        "(Art. {article}).",
        "d_leave_recorded": "{player} has announced a leave from {first} to {last}.",
        "d_leave_started": "{player} is on leave from {first} to {last}.",
        "d_leave_withdrawn": "{player} has withdrawn the leave from {first} to {last}.",
        "d_leave_ended": "{player}'s leave ended on {last}.",
        "d_event_started": "{event} has begun: your games are open.",
        "d_event_started_bye": "{event} has begun: you have a bye in the first round.",
        "d_entry_accepted": "{event}: your entry is accepted.",
        "d_entry_refused": "{event}: your entry is not accepted.",
        "d_paired": "you are paired: {white} - {black}, {stage}.",
        "d_bye": "{event}, round {round}: you have the bye ({points}).",
        "d_event_closed": "the event is over; the final standings are on its page.",
        "d_claim_filed": "a time claim against you; you may protest within 14 days.",
        "d_claim_received": "your time claim is filed.",
        "d_case_opened": "a case is opened.",
        "d_case_decided": "the arbiter decided; an appeal is possible until {until}.",
        "d_case_appealed": "{player} appealed the decision.",
        "d_appeal_decided": "the appeal arbiter decided; the decision is final.",
        "d_case_closed": "the case is closed.",
        "d_case_deadline": "the time to {what} ends on {until}.",
        "d_silence": "no move for {days} days: the arbiter has a case about it.",
        "d_lost_email": "{player} has lost access to their email.",
        "d_lost_email_expired": "{player} did not restore their email in 30 days.",
        "d_unfinished": "the game goes to adjudication: your materials by {until}.",
        "d_submissions_closed": "the time for the adjudication's materials is over.",
        "d_other": "news on the site.",
        "what_protest": "protest",
        "what_appeal": "appeal",
        "held_subject": "Held: a message in your name did not pass the sender check",
        "held": "A message from your address (subject: {subject}; arrived {arrived}) did not "
        "pass the check of its sender ({evidence}), so it is held for the arbiter: nothing in "
        "it was recorded and nothing was charged.\n"
        "If you did not send it, someone wrote your address on it: nothing needs doing, and "
        "the arbiter has a copy. If you sent it, send it again from your own mailbox, or ask "
        "the arbiter to release it; a released message counts from the day it arrived.",
        "leave_confirm_subject": "Confirm your leave",
        "leave_confirm": "You asked for a leave from {first} to {last} (Art. 56.7.1) in a "
        "message that names no game. To record it, reply to this message keeping its subject "
        "(any text will do) within {days} days. Until then no leave is recorded.",
        "leave_refused": "Your leave was not recorded: {reason}",
        "email_bounced": "Our mail to {player} at {address} bounced: {reason}.\n"
        "The receiving server said: {diagnostic}\n"
        "Their mail may be lost (Art. 56.1.6): what is sent to this address does not arrive. "
        "Unless access to their email is restored within 30 days of reporting its loss, they "
        "are treated as withdrawn. The address stays marked as failing until a message from "
        "it arrives or the office changes it.\nEvent {event}: {link}",
        "email_bounced_subject": "[cc] {event}: the email of {player} bounced",
        "d_email_bounced": "the email of {player} ({address}) bounced: their mail may be lost.",
        # ---- a fault of a move, and what to do about it
        "illegible": 'The move "{text}" ({where}) cannot be read: {why} (Art. 56.3.4)',
        "impossible": 'The move "{text}" ({where}) is not possible in the position: {why} '
        "(Art. 56.3.4)",
        "ambiguous": 'The move "{text}" ({where}) is ambiguous: {why} (Art. 56.3.4)',
        "sequence": 'The move number "{text}" does not fit the record, which is at {where} '
        "there (Art. 56.3.4)",
        "refused_move": "{reason} (Art. 56.3.4)",
        "white_move": "White's move {number}",
        "black_move": "Black's move {number}",
        "again": "Please send your move again, repeating before it at least your opponent's "
        "last move, {last}.",
        "again_first": "Please send your first move again.",
        "penalty_day": "{days} penalty day",
        "penalty_days_few": "{days} penalty days",
        "penalty_days": "{days} penalty days",
        "over_no_move": "Game {game} is over: {result} ({reason}). No more moves are recorded "
        "in it; nothing was charged.",
        "fired_yours": "Conditional moves followed at once: {moves}. It is your move.",
        "fired_theirs": "Conditional moves followed at once: {moves}. It is your opponent's move.",
        "kilobytes": "{size} KB",
        "megabytes": "{size} MB",
        # ---- the position, drawn
        "diagram_white": "Position, White to move:",
        "diagram_black": "Position, Black to move:",
        "diagram_legend": "White's pieces in capitals, Black's in small letters: K king, "
        "Q queen, R rook, B bishop, N knight, P pawn.",
        # ---- a first move that has not come
        "reminder_first": "Game {game}: you have the first move, {with_side}, and it has not "
        "come in the {days} days since the game's start on {start}. Please send it. As for a "
        "move unanswered for 14 days, the arbiter has a copy of this reminder, and your answer "
        "is copied to the arbiter too (Art. 56.5.1). A game without a move for 40 days may be "
        "scored as a loss against a player who did not tell the arbiter of the delay "
        "(Art. 56.5.3).",
        "d_reminder_first": "you have the first move: {days} days since the start without it.",
        "with_white": "with White",
        "with_black": "with Black (the game starts from a set position, Black to move)",
    },
    "ru": {
        "accepted": "Ваш ход {move} в партии {game} записан ({arrived}) и отправлен партнёру.",
        "fired": "Сразу последовал условный ответ партнёра: {moves}. Ваш ход.",
        "forward": "{player}: ход {move} в партии {game}. Ваш ход.\n"
        "Ответьте на это письмо, повторив запись (хотя бы последний ход партнёра, {move}) и "
        "указав свой ход в цифровой или другой нотации.",
        "fault": "Ваше сообщение по партии {game} не принято.\n{reason}.\n"
        "Ход не записан и партнёру не отправлен; ваше время продолжает идти.{penalty}\n"
        "{again}",
        "penalty": " За это к вашему времени добавляется {days} (ст. {article}).",
        "no_move": "В сообщении нет вашего хода, а сообщение без ответного хода считается "
        "присланным с неразборчивым ходом (ст. 56.3.5)",
        "no_repetition": "Перед вашим ходом не повторён последний ход партнёра, {expected} "
        "(ст. 56.3.3)",
        "wrong_repetition": "В вашем сообщении {where} записан как «{given}», а в записи "
        "партии — {expected} (ст. 56.3.3)",
        "not_your_turn": "Партия {game}: сейчас ход партнёра. Ваш последний ход, {move}, уже "
        "записан; из этого сообщения ничего не записано, штрафа нет.",
        "unknown_sender": "Этот адрес не зарегистрирован на сервере, и сообщение не прочитано. "
        "Ходы присылаются с адреса, указанного в настройках участника.",
        "no_token": "Из сообщения не видно, к какой партии оно относится. Ответьте на последнее "
        "письмо сервера по партии, сохранив тему; ваши партии:\n{games}",
        "oversized": "Ваше сообщение не прочитано: его размер — {size}, а сервер читает "
        "сообщения до {limit}. Ничего из него не записано. Пришлите ход простым текстом, без "
        "вложений.",
        "set_aside": "Сообщение не удалось обработать; оно передано администратору.",
        "resigned": "Партия {game}: {player} сдаёт партию. Результат {result}.",
        "draw_offered": "{player} предлагает ничью в партии {game}.",
        "draw_agreed": "Партия {game} закончилась вничью по соглашению.",
        "draw_declined": "{player}: предложение ничьей в партии {game} отклонено.",
        "leave_taken": "Ваш перерыв с {first} по {last} записан; он действует во всех ваших "
        "партиях.",
        "leave_ended_early": "Ваш перерыв прерван: игра во всех ваших партиях продолжается "
        "(ст. 56.7.3).",
        "refused": "Ваш запрос по партии {game} отклонён: {reason}",
        "over": "Партия {game} окончена: {result} ({reason}).",
        "position": "Позиция (FEN): {fen}",
        "copy_note": "Копия арбитру: у участника осталось 5 дней или меньше до контроля "
        "(ст. 56.4.10).",
        "forfeit": "Партия {game}: {player} — лимит времени превышен {day} (израсходовано "
        "{total} дн., лимит {limit}); партия проиграна по времени (ст. 54.5.2). "
        "Результат {result}.",
        "reminder": "Партия {game}: ход партнёра {move} ждёт вашего ответа {days} дн., поэтому "
        "он повторён, с копией арбитру (ст. 56.5.1). Ваш ответ тоже будет направлен арбитру в "
        "копии.",
        "overstep_open": "Партия {game}: {player} — лимит времени превышен {day}: "
        "израсходовано {total} дн., лимит {limit} (ход {move}). Вы можете заявить арбитру о "
        "просрочке не позднее ответа на {control}-й ход партнёра (ст. {article}): на странице "
        "партии, через API или ответом на это письмо со словами «заявляю о просрочке».",
        "claim_filed": "Партия {game}: {claimant} заявляет, что вы превысили лимит времени "
        "(израсходовано {total} дн., лимит {limit}, ваш ход {move}); это дело {case}, копия у "
        "арбитра. Партия прервана до решения арбитра (ст. 56.6.3). Вы можете направить арбитру "
        "протест в течение 14 дней, до {until} (ст. 56.6.4), на странице дела: {link}",
        "claim_received": "Ваше заявление о просрочке в партии {game} зарегистрировано как дело "
        "{case}; копии направлены {player} и арбитру. Партия прервана до решения арбитра "
        "(ст. 56.6.3).",
        "case_opened": "Дело {case} ({kind}), соревнование {event}: {summary}\nДело, "
        "доказательства и история: {link}",
        "case_decided": "Дело {case} ({kind}): решение арбитра: {decision}.\nОбоснование: "
        "{reasons}\nСтороны могут подать апелляцию апелляционному арбитру в течение 14 дней, "
        "до {until} (ст. {appeal_article}), на странице дела: {link}",
        "case_appealed": "Дело {case} ({kind}): {player} обжалует решение арбитра ({decision}). "
        "Апелляцию рассматривает апелляционный арбитр, не принимавший решения и не являющийся "
        "стороной (ст. 34.2): {link}",
        "appeal_decided": "Дело {case} ({kind}): апелляционный арбитр {verdict} решение "
        "арбитра; решение теперь: {decision}.\nОбоснование: {reasons}\nЭто решение "
        "окончательное (ст. {appeal_article}).",
        "submitted": "Ваши материалы для присуждения приобщены к делу {case} и переданы арбитру.",
        "protest_received": "Ваш протест приобщён к делу {case} и направлен арбитру.",
        "appeal_received": "Ваша апелляция по делу {case} подана; её рассмотрит апелляционный "
        "арбитр, не принимавший решения и не являющийся стороной (ст. 34.2).",
        "confirmed": "оставил в силе",
        "reversed": "отменил",
        "silence": "Партия {game}: ходов не было {days} дн. (ст. {article}); у арбитра дело "
        "{case}. Участнику, не сообщившему арбитру о задержке, может быть засчитано поражение.",
        "post_no_reply": "Партия {game}: на ваш ход {move} нет ответа {days} дн. Повторите его "
        "со всей относящейся к нему информацией заказным письмом (ст. 55.5.1); если ответа не "
        "будет и на него, сообщите арбитру о срыве переписки.",
        "post_no_first_move": "Партия {game}: белые не сделали первого хода за {days} дн. с "
        "начала турнира. Пошлите белым запрос заказным письмом; арбитр получил копию этого "
        "уведомления (ст. 55.5.1).",
        "leave_recorded": "{player}: объявлен перерыв с {first} по {last} (ст. 56.7.2). На время "
        "перерыва часы этого участника во всех партиях стоят, а у партнёров идут как обычно "
        "(ст. 56.7.4).",
        "leave_withdrawn": "{player}: объявленный перерыв с {first} по {last} отменён, игра идёт "
        "как обычно.",
        "leave_started": "{player} в перерыве с {first} по {last} (ст. 56.7.2): время партнёра "
        "во всех партиях стоит, ваше идёт как обычно (ст. 56.7.4).",
        "leave_ended": "Перерыв {player} окончился {last}; игра продолжается.",
        "lost_email": "Дело {case}: {player} — доступ к электронной почте утрачен (сообщено "
        "{day}). Если доступ не будет восстановлен до {until}, это считается выбытием из "
        "соревнования {event} (ст. 56.1.6).",
        "lost_email_expired": "Дело {case}: {player} — доступ к почте не восстановлен в течение "
        "30 дней с {day}, это считается выбытием из соревнования {event} (ст. 56.1.6); "
        "выбытие — дело {withdrawal}, решение за арбитром.",
        "unfinished": "Партия {game} передаётся на присуждение (дело {case}, {day}). До {until} "
        "пришлите арбитру требуемый результат (выигрыш или ничья) с обоснованием и, по "
        "желанию, анализ; участник, чья очередь хода, указывает свой ход, который считается "
        "сделанным (ст. 56.9.4). Ответьте на это письмо или воспользуйтесь страницей дела: "
        "{link}\nЕсли требования совпадают, это и есть результат (ст. 56.9.5); "
        "не приславший материалов не может обжаловать присуждение (ст. 56.9.7).",
        "case_closed": "Дело {case} ({kind}) закрыто: {decision}.",
        "event_closed": "{event} окончено: все партии решены. Итоговая таблица:\n\n{tables}",
        "move": "{player}: ход {move} в партии {game}.",
        "forward_fired": "{player}: ход {move} в партии {game}, и сразу последовали "
        "условные ходы: {fired} (ст. 56.3.7).",
        "your_move": "Ваш ход.\nОтветьте на это письмо, повторив запись (хотя бы последний ход "
        "партнёра) и указав свой ход в цифровой или другой нотации.",
        "their_move": "Теперь ход {player}; от вас ничего не требуется.",
        "forward_offer": "{player}: ход {move} в партии {game}; вместе с этим ходом предложена "
        "ничья. Ваш ход.\n"
        "Чтобы принять ничью, ответьте на это письмо словами «принимаю ничью». Чтобы продолжить "
        "игру, ответьте, повторив запись (хотя бы последний ход партнёра) и указав свой ход в "
        "цифровой или другой нотации: ответ ходом означает отказ от ничьей.",
        "offer_sent": "Вместе с этим ходом вы предлагаете ничью: партнёр извещён и может принять "
        "её или ответить ходом, что означает отказ.",
        "offer_with_move": "Вместе с этим ходом {player} предлагает ничью. Чтобы принять её, "
        "ответьте словами «принимаю ничью»; ответ ходом означает отказ.",
        "declined_by_move": "{player}: ответ на ваше предложение ничьей — ход, то есть отказ.",
        "message": "{player} пишет: {message}",
        "draw_answer": "Чтобы принять её, ответьте словами «принимаю ничью»; чтобы отклонить — "
        "«отклоняю ничью» или ответьте ходом.",
        "draw_answer_wait": "Чтобы принять её, ответьте словами «принимаю ничью»; чтобы "
        "отклонить — «отклоняю ничью». Ход по-прежнему за партнёром ({player}).",
        "draw_accepted": "Партия {game}: {player} — ваше предложение ничьей принято; партия "
        "закончилась вничью (½–½).",
        "game_over": "Партия {game} окончена: {result} ({reason}).",
        "draw_claimed": "Партия {game}: {player} — требование ничьей ({reason}); позиция это "
        "позволяет, партия закончилась вничью (½–½).",
        "draw_claimed_move": "Партия {game}: {player} — ход {move} и требование ничьей "
        "({reason}); позиция это позволяет, партия закончилась вничью (½–½).",
        "game_over_case": "Партия {game} окончена решением арбитра по делу {case}: {result} "
        "({reason}).",
        "game_annulled": "Партия {game} не учитывается: ваш партнёр выбыл из соревнования, и "
        "решением арбитра по делу {case} его неоконченные партии не учитываются (ст. 56.8).",
        "lapsed_deviated": "Партия {game}: ваши условные ходы {line} не сыграны: партнёр "
        "сделал другой ход, {move}. Ваш ход.",
        "lapsed_draw_offer": "Партия {game}: ваши условные ходы {line} не сыграны: вместе с "
        "ходом {move} партнёр предложил ничью, ответить на это предложение можете только вы.",
        "lapsed_game_over": "Партия {game} окончена, поэтому ваши условные ходы {line} не "
        "будут сыграны.",
        "entry_accepted": "Ваша заявка на «{event}» ({code}) принята. Официальный старт — "
        "{start}; партии и соперников вы получите письмом, когда группы будут составлены.",
        "entry_refused": "Ваша заявка на «{event}» ({code}) не принята.",
        "event_games_web": "Ваши партии, у каждой своя страница на сайте (играть можно и из "
        "программы на компьютере через Xfcc):",
        "entry_note": "Оргкомитет пишет: {note}",
        "event_started": "Соревнование «{event}» началось; официальный старт — {start} (время "
        "считается с этого дня). Число ваших партий: {games}, из них белыми: {white}; ваши "
        "партнёры: {opponents}.",
        "event_started_bye": "Соревнование «{event}» началось; официальный старт — {start}. "
        "В первом круге вы свободны от игры (ст. 26): когда решатся матчи перед вашим, вам "
        "сообщат о вашем первом матче и его партиях.",
        "event_games": "У каждой партии своя тема письма (ниже): ходы в партии присылайте с "
        "этой темой (или ответом на письмо сервера по ней). Играющие белыми — пришлите первый "
        "ход.",
        "event_games_black": "У каждой партии своя тема письма (ниже): ходы в партии "
        "присылайте с этой темой (или ответом на письмо сервера по ней). Партии начинаются с "
        "заданной позиции турнира, ход чёрных: играющие чёрными — пришлите первый ход.",
        "paired": "{event}, {stage}: {white} - {black} (партия {game}). Партия начинается "
        "сейчас, и время белых идёт с этой минуты: играющий белыми — пришлите первый ход.",
        "paired_black": "{event}, {stage}: {white} - {black} (партия {game}). Партия "
        "начинается сейчас с заданной позиции турнира, ход чёрных, и время чёрных идёт с этой "
        "минуты: играющий чёрными — пришлите первый ход.",
        "bye": "{event}, тур {round}: в этом туре вы свободны от игры; за пропуск тура "
        "начисляется {points}.",
        "kind_time_claim": "просрочка времени",
        "kind_silence": "нет ходов",
        "kind_lost_email": "потеря почты",
        "kind_withdrawal": "выбытие",
        "kind_complaint": "жалоба",
        "kind_adjudication": "присуждение",
        "white_wins": "победа белых",
        "black_wins": "победа чёрных",
        "draw": "ничья",
        "upheld": "заявление удовлетворено: партия проиграна по времени (ст. 56.6.6)",
        "rejected": "заявление отклонено (ст. 56.6.7)",
        "loss_white": "белым засчитано поражение",
        "loss_black": "чёрным засчитано поражение",
        "dismissed": "отклонено",
        "warning": "предупреждение",
        "loss": "поражение во всех неоконченных партиях",
        "adjudication": "неоконченные партии присуждаются",
        "exclusion": "исключение из турнира; неоконченные партии не учитываются",
        "restored": "доступ к почте восстановлен",
        "not_restored": "не восстановлен за 30 дней",
        "conditional_lapsed": "Партия {game}: ваш условный вариант {line} не состоялся.",
        "time_low": "Партия {game}: ваше время на исходе: осталось {days_left} дн., до {deadline}.",
        "five_days": "Партия {game}: до контроля времени осталось {days_left} дн. или меньше "
        "(ст. 56.4.10).",
        "notice_no_move": "Партия {game}: ходов не было {days} дн.",
        "case_deadline": "Дело {case}: срок подачи ({what}) истекает {until}: {link}",
        "protest": "протест",
        "appeal": "апелляция",
        "notice": "Уведомление: {link}",
        "game_link": "Страница партии: {link}",
        "group_moves": "ходы, предложения и результаты ваших партий",
        "group_time": "напоминания о времени",
        "group_cases": "заявления, решения и апелляции",
        "group_leaves": "перерывы ваших партнёров",
        "group_events": "новости ваших соревнований",
        "footer_chosen": "Вы получаете {group} по почте, потому что сами это выбрали. "
        "Отказаться от этих писем: {unsubscribe}\nВсе настройки уведомлений: {settings}",
        "footer_shared": "Настройки уведомлений: {settings}",
        "footer_formal": "По правилам вашего соревнования это письмо отправляется по почте. "
        "Остальные уведомления настраиваются здесь: {settings}",
        # ---- что календарь говорит участнику о его времени и о сроках дела
        "alert_time_low": "Партия {game}: ваше время на исходе: до контроля осталось "
        "{days_left} дн., {percent}% периода. Сделайте ход до {deadline}, чтобы уложиться "
        "в лимит.",
        "alert_five_days": "Партия {game}: до контроля на вашем {control}-м ходу осталось "
        "{days_left} дн.; последний день — {deadline}. Пять дней или меньше (ст. 56.4.10).",
        "alert_five_days_email": " Отныне направляйте копии всей переписки по этой партии "
        "арбитру; письма сервера по партии тоже идут арбитру в копии.",
        "alert_five_days_post": " Отныне посылайте ходы заказными письмами (ст. 55.4.12).",
        "alert_no_move": "Партия {game}: прошло {days} дн. без вашего хода; последний ход "
        "партнёра — {move}.",
        "alert_no_move_first": "Партия {game}: с начала турнира прошло {days} дн., а вашего "
        "первого хода нет.",
        "case_deadline_protest": "Дело {case} ({kind}): срок вашего протеста арбитру истекает "
        "{until} (ст. 56.6.4): на странице дела (/cases/{case}) или ответом на это письмо.",
        "case_deadline_appeal": "Дело {case} ({kind}): срок апелляции на решение истекает "
        "{until} (ст. {appeal_article}): на странице дела (/cases/{case}).",
        # ---- ежедневная сводка
        "digest_subject": "[cc] Ваши партии, {day}",
        "digest_intro": "Ваша ежедневная сводка на {day}.",
        "digest_to_move": "Ваш ход в партиях: {count}; сначала те, где осталось меньше дней:",
        "digest_game": "Партия {game}, {event}: против {opponent} (вы играете {color}), ваш "
        "{number}-й ход",
        "digest_after": " после {move}",
        "digest_left": "осталось {days_left} дн.: ход до {deadline}",
        "digest_over": "лимит времени превышен на {days} дн.",
        "digest_more": "... и ещё партий, где ваш ход: {more}: {link}",
        "digest_to_move_over": "Ваш ход в партиях: больше {count}; сначала те, где осталось "
        "меньше дней:",
        "digest_more_over": "... и ещё партий, где ваш ход: больше {more}: {link}",
        "digest_white": "белыми",
        "digest_black": "чёрными",
        "digest_since": "С прошлой сводки:",
        "digest_game_prefix": "Партия {game}: ",
        "digest_case_prefix": "Дело {case}: ",
        "digest_settings": "Что, как и в котором часу вам сообщать: {link}",
        "d_move": "ход {move} ({player}).",
        "d_fired": " Последовал ваш условный ответ: {fired}.",
        "d_draw_offered": "{player} предлагает ничью.",
        "d_draw_offered_move": "ход {move} и предложение ничьей ({player}).",
        "d_draw_accepted": "ваше предложение ничьей принято ({player}).",
        "d_draw_declined": "ваше предложение ничьей отклонено ({player}).",
        "d_resigned": "{player} сдаёт партию; результат {result}.",
        "d_game_over": "партия окончена: {result}.",
        "d_conditional_lapsed": "ваш условный вариант {line} не состоялся.",
        "d_forfeit": "лимит времени превышен {day} ({player}): партия проиграна по времени "
        "(ст. 54.5.2).",
        "d_time_low": "время на исходе: осталось {days_left} дн., ход до {deadline}.",
        "d_five_days": "до контроля осталось {days_left} дн. (ст. 56.4.10).",
        "d_no_move": "{days} дн. без вашего хода.",
        "d_reminder": "ход партнёра {move} ждал {days} дн. и направлен повторно (ст. 56.5.1).",
        "d_post_no_reply": "на ваш ход {move} нет ответа {days} дн. (ст. 55.5.1).",
        "d_post_no_first_move": "белые не сделали первого хода за {days} дн. (ст. 55.5.1).",
        "d_overstep_open": "лимит времени превышен {day} ({player}); вы можете заявить об этом "
        "(ст. {article}).",
        "d_leave_recorded": "объявлен перерыв с {first} по {last} ({player}).",
        "d_leave_started": "{player} в перерыве с {first} по {last}.",
        "d_leave_withdrawn": "перерыв с {first} по {last} отменён ({player}).",
        "d_leave_ended": "перерыв {player} окончился {last}.",
        "d_event_started": "«{event}»: турнир начался, ваши партии открыты.",
        "d_event_started_bye": "«{event}»: турнир начался, в первом круге вы свободны от игры.",
        "d_entry_accepted": "«{event}»: ваша заявка принята.",
        "d_entry_refused": "«{event}»: ваша заявка не принята.",
        "d_paired": "жеребьёвка: {white} - {black}, {stage}.",
        "d_bye": "«{event}», тур {round}: вы свободны от игры ({points}).",
        "d_event_closed": "турнир окончен; итоговая таблица на его странице.",
        "d_claim_filed": "заявление о просрочке против вас; протест возможен в течение 14 дней.",
        "d_claim_received": "ваше заявление о просрочке зарегистрировано.",
        "d_case_opened": "открыто дело.",
        "d_case_decided": "арбитр принял решение; апелляция возможна до {until}.",
        "d_case_appealed": "{player} обжалует решение.",
        "d_appeal_decided": "апелляционный арбитр принял решение; оно окончательное.",
        "d_case_closed": "дело закрыто.",
        "d_case_deadline": "срок: {what} до {until}.",
        "d_silence": "ходов нет {days} дн.: у арбитра дело об этом.",
        "d_lost_email": "доступ к почте утрачен ({player}).",
        "d_lost_email_expired": "доступ к почте не восстановлен за 30 дней ({player}).",
        "d_unfinished": "партия передаётся на присуждение: материалы до {until}.",
        "d_submissions_closed": "срок материалов для присуждения истёк.",
        "d_other": "новости на сайте.",
        "what_protest": "протест",
        "what_appeal": "апелляция",
        "held_subject": "Задержано: письмо от вашего имени не прошло проверку отправителя",
        "held": "Письмо с вашего адреса (тема: {subject}; получено {arrived}) не прошло "
        "проверку отправителя ({evidence}) и задержано для арбитра: ничего из него не записано, "
        "штраф не начислен.\n"
        "Если вы его не отправляли, кто-то указал в нём ваш адрес: делать ничего не нужно, "
        "копия у арбитра. Если отправляли, пришлите его ещё раз из своего почтового ящика или "
        "попросите арбитра его принять; принятое письмо считается полученным в день прибытия.",
        "leave_confirm_subject": "Подтвердите перерыв",
        "leave_confirm": "Вы просите перерыв с {first} по {last} (ст. 56.7.1) в письме, где не "
        "указана партия. Чтобы он был записан, ответьте на это письмо, сохранив тему (текст "
        "может быть любым), в течение {days} дней. До тех пор перерыв не записан.",
        "leave_refused": "Перерыв не записан: {reason}",
        "email_bounced": "{player}: письмо на адрес {address} вернулось: {reason}.\n"
        "Ответ принимающего сервера: {diagnostic}\n"
        "Почта участника может теряться (ст. 56.1.6): письма на этот адрес не доходят. Если "
        "доступ к почте не восстановлен в течение 30 дней после сообщения о его утрате, это "
        "считается выбытием. Адрес остаётся отмеченным как неработающий, пока с него не придёт "
        "письмо или пока оргкомитет его не изменит.\nСоревнование {event}: {link}",
        "email_bounced_subject": "[cc] {event}: {player} — письмо вернулось",
        "d_email_bounced": "{player}: письмо на адрес {address} вернулось, почта может теряться.",
        # ---- ошибка в ходе и что с ней делать
        "illegible": "Ход «{text}» ({where}) не удаётся прочитать: {why} (ст. 56.3.4)",
        "impossible": "Ход «{text}» ({where}) невозможен в этой позиции: {why} (ст. 56.3.4)",
        "ambiguous": "Ход «{text}» ({where}) неоднозначен: {why} (ст. 56.3.4)",
        "sequence": "Номер хода «{text}» не соответствует записи: в этом месте в ней {where} "
        "(ст. 56.3.4)",
        "refused_move": "{reason} (ст. 56.3.4)",
        "white_move": "{number}-й ход белых",
        "black_move": "{number}-й ход чёрных",
        "again": "Пришлите ход ещё раз, повторив перед ним хотя бы последний ход партнёра, {last}.",
        "again_first": "Пришлите свой первый ход ещё раз.",
        "penalty_day": "{days} штрафной день",
        "penalty_days_few": "{days} штрафных дня",
        "penalty_days": "{days} штрафных дней",
        "over_no_move": "Партия {game} окончена: {result} ({reason}). Ходы в ней больше не "
        "записываются; штрафа нет.",
        "fired_yours": "Сразу последовали условные ходы: {moves}. Ваш ход.",
        "fired_theirs": "Сразу последовали условные ходы: {moves}. Теперь ход партнёра.",
        "kilobytes": "{size} КБ",
        "megabytes": "{size} МБ",
        # ---- позиция на диаграмме
        "diagram_white": "Позиция, ход белых:",
        "diagram_black": "Позиция, ход чёрных:",
        "diagram_legend": "Белые фигуры — заглавными буквами, чёрные — строчными: Кр — король, "
        "Ф — ферзь, Л — ладья, С — слон, К — конь, П — пешка.",
        # ---- первый ход, которого нет
        "reminder_first": "Партия {game}: первый ход за вами ({with_side}), но его нет "
        "уже {days} дн. со старта партии {start}. Пришлите его. Как и при ходе без ответа в "
        "течение 14 дней, арбитр получил копию этого напоминания, и ваш ответ тоже будет "
        "направлен ему в копии (ст. 56.5.1). В партии без ходов в течение 40 дней может быть "
        "засчитано поражение участнику, не сообщившему арбитру о задержке (ст. 56.5.3).",
        "d_reminder_first": "первый ход за вами: со старта прошло {days} дн.",
        "with_white": "вы играете белыми",
        "with_black": "вы играете чёрными: партия начинается с заданной позиции, ход чёрных",
    },
}


#: texts with a singular of their own (``key_one``) for a count of 1, by the
#: count's parameter (the Russian texts abbreviate, "дн.", and need none)
_COUNTED = {
    "digest_to_move": "count",
    "digest_left": "days_left",
    "digest_over": "days",
    "digest_more": "more",
}


def say(lang: str, key: str, **params: object) -> str:
    """A text in ``lang`` (English when unknown).

    >>> say("ru", "over", game=3, result="1-0", reason="мат")
    'Партия 3 окончена: 1-0 (мат).'
    >>> say("en", "digest_to_move", count=1)
    'Your move in 1 game:'
    """
    table = TEXTS.get(lang, TEXTS["en"])
    counted = _COUNTED.get(key)
    if counted is not None and params.get(counted) == 1 and f"{key}_one" in table:
        key = f"{key}_one"
    return table[key].format(**_said(params, lang))


def _said(params: dict[str, object], lang: str) -> dict[str, object]:
    """A game's result as the reader's language writes it (½–½ in Russian)."""
    result = params.get("result")
    if isinstance(result, str):
        return {**params, "result": word("result", result, lang)}
    return params


class _Blank(dict[str, object]):
    """A parameter a notice did not carry is said as a dash, never a failure:
    a mail must not undo the move it reports."""

    def __missing__(self, key: str) -> str:
        return "-"


def say_notice(lang: str, key: str, **params: object) -> str:
    """A notification's text in ``lang``; a kind without its own text is said
    as a bare notice with its link, and a missing parameter as a dash. A
    kind whose name the gateway's answers use already has its text under
    ``notice_`` and the kind.

    >>> say_notice("en", "no_move", game=4)
    'Game 4: no move has been made for - days.'
    >>> say_notice("ru", "no_such_kind", link="https://cc.test/notifications")
    'Уведомление: https://cc.test/notifications'
    """
    table = TEXTS.get(lang, TEXTS["en"])
    text = table.get(f"notice_{key}") or table.get(key) or table["notice"]
    return text.format_map(_Blank(_said(params, lang)))


def days_of_penalty(days: int, lang: str) -> str:
    """A number of penalty days as ``lang`` says it, the noun agreeing.

    >>> days_of_penalty(2, "en"), days_of_penalty(1, "en")
    ('2 penalty days', '1 penalty day')
    >>> [days_of_penalty(n, "ru") for n in (1, 2, 5, 11, 21, 22)]  # doctest: +NORMALIZE_WHITESPACE
    ['1 штрафной день', '2 штрафных дня', '5 штрафных дней', '11 штрафных дней',
     '21 штрафной день', '22 штрафных дня']
    """
    if days % 10 == 1 and days % 100 != 11:
        key = "penalty_day"
    elif 2 <= days % 10 <= 4 and not 12 <= days % 100 <= 14:
        key = "penalty_days_few"
    else:
        key = "penalty_days"
    return say(lang, key, days=days)


def size_of(octets: int, lang: str) -> str:
    """A message's size in kilobytes or megabytes (of 1000), as ``lang`` writes
    numbers, rounded up: a message over a limit never reads as the limit.

    >>> size_of(1_000_000, "en"), size_of(1_000_400, "en"), size_of(1_250_000, "ru")
    ('1 MB', '1.1 MB', '1,3 МБ')
    >>> size_of(20_480, "ru"), size_of(300, "en")
    ('21 КБ', '1 KB')
    """
    if octets >= 1_000_000:
        tenths = math.ceil(octets / 100_000)
        shown, key = f"{tenths // 10}.{tenths % 10}".removesuffix(".0"), "megabytes"
    else:
        shown, key = str(math.ceil(octets / 1000)) if octets else "0", "kilobytes"
    return say(lang, key, size=number(shown, lang))
