"""Thematic starts: an event whose games begin from a set position.

The organiser may set the opening of an event's games (Art. 26, thematic
tournaments, as ICCF runs them): a position given as FEN, an opening line
played out from the initial position, or Chess960, a position drawn for each
round, which all the games of that round share. The theme is checked when
the event is created (:func:`theme`) and put on each game where it is
created (:func:`place_start`, the one call every pairing makes), so a game
knows its start for good: every door numbers and replays its moves from
there (notation.start).

The Chess960 draw is reproducible: the event keeps a seed, and round ``r``
draws ``notation.start.chess960_number(seed, r)``; the first game of a round
writes the draw into the audit log (seed, round, number, position).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import Door, EventStatus
from cc.kernel.context import Actor, ServiceContext, audit, find_event, require_admin
from cc.store.memos import Memo
from cc.store.models import AuditEntry, Event, Game
from cc.text.i18n import N_, Text
from notation import start
from notation.start import StartError


@dataclass(frozen=True)
class Theme:
    """An event's start, as it is stored on the event."""

    start_fen: str | None = None
    #: the opening line in SAN, space separated
    start_line: str | None = None
    chess960: bool = False
    chess960_seed: str | None = None

    @property
    def thematic(self) -> bool:
        return self.start_fen is not None or self.chess960


def _reason(exc: StartError) -> Text:
    """A refusal of the pure core, in the reader's language."""
    params = dict(exc.params)
    if "problem" in params:
        params["problem"] = N_(str(params["problem"]))
    return N_(exc.template, **params)


def theme(
    start_fen: str | None = None,
    opening: str | None = None,
    chess960: bool = False,
    seed: str | None = None,
) -> Theme:
    """The theme an organiser asks for, checked; one kind at most."""
    fen = (start_fen or "").strip() or None
    line = (opening or "").strip() or None
    if sum((fen is not None, line is not None, chess960)) > 1:
        raise errors.InvalidInput(
            field="start",
            reason=N_("give one theme: a position, an opening line or Chess960"),
        )
    try:
        if fen is not None:
            return Theme(start_fen=start.set_position(fen))
        if line is not None:
            played = start.opening_line(line)
            return Theme(start_fen=played.fen, start_line=" ".join(played.san))
    except StartError as exc:
        raise errors.InvalidInput(
            field="start_fen" if fen is not None else "opening", reason=_reason(exc)
        ) from None
    if chess960:
        return Theme(chess960=True, chess960_seed=(seed or "").strip() or secrets.token_hex(8))
    return Theme()


def describe(start_fen: str | None, start_line: str | None, chess960: bool) -> Text | None:
    """An event's theme in words (its page, the console); None for the
    usual start."""
    if chess960:
        return N_("Thematic: Chess960, a position drawn for each round")
    if start_line:
        return N_("Thematic: the opening {line}", line=numbered_line(start_line))
    if start_fen:
        return N_("Thematic: the position {fen}", fen=start_fen)
    return None


def numbered_line(line: str) -> str:
    """An opening line in SAN as a record writes it.

    >>> numbered_line("e4 e5 Nf3")
    '1.e4 e5 2.Nf3'
    """
    parts = []
    for i, san in enumerate(line.split()):
        parts.append(f"{i // 2 + 1}.{san}" if i % 2 == 0 else san)
    return " ".join(parts)


class ThemeService:
    """A section's own theme, set by the organiser before the start."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def set_section(
        self,
        actor: Actor,
        code: str,
        section: str,
        *,
        start_fen: str | None = None,
        opening: str | None = None,
    ) -> Theme:
        """Give section ``section`` of a draft event its own start position or
        opening line (none of either: the event's theme again). Chess960 is
        the whole event's, drawn per round for all its sections."""
        chosen = theme(start_fen, opening)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("set a section's theme"))
            event = find_event(session, code, lock=True)
            if event.status != EventStatus.DRAFT:
                raise errors.EventStateError(
                    event=code, reason=N_("the theme is set before the event starts")
                )
            if event.chess960:
                raise errors.InvalidInput(
                    field="start",
                    reason=N_("a Chess960 event draws one position per round for all sections"),
                )
            target = next((s for s in event.sections if s.name == section.strip()), None)
            if target is None:
                raise errors.NotFound(kind="section", ref=section)
            target.start_fen, target.start_line = chosen.start_fen, chosen.start_line
            audit(
                session,
                actor,
                now,
                "section_theme_set",
                event_id=event.id,
                section=target.name,
                start_fen=chosen.start_fen,
                start_line=chosen.start_line,
            )
            return chosen


def place_start(
    session: Session, actor: Actor | None, event: Event, game: Game, now: datetime
) -> Game:
    """Put the event's (or its section's) start on ``game``, just paired (its
    round set), and return it: called where every game is created
    (cc.events.new_games), so the games any system pairs, at the start or
    round by round, begin from the theme. ``actor`` (None: the server)
    draws a Chess960 round's position."""
    section_fen = game.section.start_fen if game.section is not None else None
    if not (event.chess960 or event.start_fen or section_fen):
        return game
    if event.chess960:
        who = actor or Actor(player_id=None, door=Door.SYSTEM, label="thematic start")
        number = round_position(session, who, event, game.round, now)
        fen: str | None = start.chess960_fen(number)
        game.chess960 = True
    elif section_fen:
        # the section's own theme, in place of the event's
        fen = section_fen
        game.start_line = game.section.start_line
    else:
        fen = event.start_fen
        game.start_line = event.start_line
    game.start_fen = None if fen == chess.STARTING_FEN and not event.chess960 else fen
    board = game.start_board()
    game.fen = board.fen()
    game.white_to_move = board.turn == chess.WHITE
    game.repetition = [board.epd(en_passant="legal")]
    return game


ROUND_POSITIONS_DRAWN = Memo[set[tuple[int, int]]](
    "cc.events.thematic.round_positions_drawn",
    """The rounds (event id, round) whose Chess960 position
    :func:`round_position` has drawn and found in the audit log (or written
    there); never dropped: kept as long as the session.""",
)


def round_position(
    session: Session, actor: Actor, event: Event, round_no: int, now: datetime
) -> int:
    """The Chess960 position of the event's round ``round_no``, drawn from its
    seed; the first call for a round writes the draw into the audit log."""
    seed = event.chess960_seed or str(event.id)
    number = start.chess960_number(seed, round_no)
    drawn = ROUND_POSITIONS_DRAWN.setdefault(session, set)
    if (event.id, round_no) in drawn:
        return number
    logged = any(
        (entry.details or {}).get("round") == round_no
        for entry in session.scalars(
            select(AuditEntry).where(
                AuditEntry.event_id == event.id, AuditEntry.action == "round_position_drawn"
            )
        )
    )
    if not logged:
        audit(
            session,
            actor,
            now,
            "round_position_drawn",
            event_id=event.id,
            round=round_no,
            seed=seed,
            number=number,
            fen=start.chess960_fen(number),
        )
    drawn.add((event.id, round_no))
    return number


__all__ = [
    "Theme",
    "ThemeService",
    "describe",
    "numbered_line",
    "place_start",
    "round_position",
    "theme",
]
