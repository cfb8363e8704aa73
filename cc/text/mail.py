"""The mail gateway's words to players, in English, by key: the message ids
of the catalog, which holds them in the other languages (see
:func:`mailgate.replies.say`)."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, str]] = {
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
    "draw_accepted": "Game {game}: {player} accepted your draw offer; the game is drawn (1/2-1/2).",
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
    "lapsed_game_over": "Game {game} is over, so your conditional moves {line} will not be played.",
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
    "time_low": "Game {game}: your time is running low: {days_left} days left, until {deadline}.",
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
}

#: the keys whose English says something else elsewhere ("White" is a page's
#: "Белые" and the digest's "белыми"): the catalog holds their other languages
#: under the key as the message's context (msgctxt)
IN_CONTEXT: Final = frozenset(
    {
        "white_wins",
        "black_wins",
        "loss_white",
        "loss_black",
        "digest_white",
        "digest_black",
        "penalty_days_few",
        "penalty_days",
    }
)
