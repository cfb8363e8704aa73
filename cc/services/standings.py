"""The standings of an event's sections: the crosstable with its tie-breaks.

Gathers the games as :mod:`standings` needs them: a result given without play
(a withdrawal, a default) is "+"/"-"; a game annulled by an exclusion never
counts; games still running or awaiting adjudication are "*"; withdrawn
players per Art. 33 from their section entries.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from cc.models import Game, GameStatus, ResultReason
from cc.services.context import ServiceContext, find_event
from standings import Crosstable, GameRecord, crosstable

_UNPLAYED = (ResultReason.WITHDRAWAL, ResultReason.DEFAULT)


@dataclass(frozen=True)
class SectionStandings:
    section: str
    table: Crosstable
    #: login -> (name, starting number)
    names: dict[str, str]
    numbers: dict[str, int]
    #: games still to finish or adjudicate
    unfinished: int

    @property
    def final(self) -> bool:
        return self.unfinished == 0

    def text(self) -> str:
        return self.table.text(self.names)

    def as_dict(self) -> dict[str, object]:
        return {
            "section": self.section,
            "final": self.final,
            "tiebreaks": [t.value for t in self.table.tiebreaks],
            "players": list(self.table.players),
            "rows": [
                {
                    "place": r.place_text,
                    "player": r.player,
                    "name": self.names[r.player],
                    "number": self.numbers[r.player],
                    "points": float(r.points),
                    "tiebreaks": {k: float(v) for k, v in r.tiebreaks.items()},
                    "cells": {o: [str(c) for c in cs] for o, cs in r.cells.items()},
                    "withdrawn": r.withdrawn,
                    "not_counted": r.not_counted,
                }
                for r in self.table.rows
            ],
        }


class StandingsService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def event(self, code: str) -> list[SectionStandings]:
        """Each section's crosstable, as the results stand now."""
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            order = [t for t in event.tiebreaks.split(",") if t]
            out = []
            for section in event.sections:
                entries = sorted(section.entries, key=lambda e: (e.number or 0, e.id))
                logins = [e.player.login for e in entries]
                games = session.scalars(
                    select(Game).where(Game.section_id == section.id).order_by(Game.id)
                ).all()
                records = []
                unfinished = 0
                for g in games:
                    done = g.status == GameStatus.FINISHED
                    unfinished += g.status in (GameStatus.ONGOING, GameStatus.ADJUDICATION)
                    records.append(
                        GameRecord(
                            g.white.login,
                            g.black.login,
                            g.result.value if done else "*",
                            played=g.result_reason not in _UNPLAYED,
                            annulled=g.status == GameStatus.ANNULLED,
                        )
                    )
                table = crosstable(
                    logins,
                    records,
                    withdrawn=[e.player.login for e in entries if e.withdrawn_on],
                    tiebreaks=order,
                )
                out.append(
                    SectionStandings(
                        section=section.name,
                        table=table,
                        names={e.player.login: e.player.name for e in entries},
                        numbers={e.player.login: i + 1 for i, e in enumerate(entries)},
                        unfinished=unfinished,
                    )
                )
            return out
