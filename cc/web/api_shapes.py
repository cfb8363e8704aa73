"""Shapes the API answers with that no service view names, for its document.

Most answers are a service's view dataclass (``as_json`` of it); these are
the few a route puts together itself: the leaves with their balance, an
event with its games, each kind of section table, and PGN. The routes still
answer with plain dictionaries; these classes only say, in the OpenAPI
document, what those dictionaries hold (``tests/web/test_api_contract.py`` and
the crosstable tests check the answers against them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from cc.clock.leaves import LeaveBalance, LeaveView
from cc.views.events import EventView, PublicGame
from cc.web.context import PGN_MEDIA_TYPE


class PgnResponse(PlainTextResponse):
    """PGN, UTF-8: the type the document names for it."""

    media_type = PGN_MEDIA_TYPE


class LeavesOut(BaseModel):
    leaves: list[LeaveView]
    balance: LeaveBalance


@dataclass(frozen=True)
class EventWithGames(EventView):
    """An event as the public reads it, with its games."""

    games: list[PublicGame] = field(default_factory=list)


class _Section(BaseModel):
    section: str = Field(description="The section's name")
    final: bool = Field(description="Whether every game of the section has ended")


class IndividualRow(BaseModel):
    place: str = Field(description="The place as printed: 1, 2-3 ...")
    player: str = Field(description="The player's login")
    name: str
    rating: int | None
    number: int | None = Field(description="The starting number")
    points: float
    tiebreaks: dict[str, float] = Field(description="Each tie-break's value, by its code")
    cells: dict[str, list[str]] = Field(
        description="Against each opponent (by login), the results as printed: 1, ½, 0, +, -"
    )
    games: dict[str, list[int]] = Field(description="Against each opponent, the games' ids")
    withdrawn: bool
    not_counted: bool


class IndividualTable(_Section):
    """A round robin section's crosstable (Art. 38-39)."""

    kind: Literal["individual"]
    tiebreaks: list[str] = Field(description="The tie-breaks' codes, in their order")
    players: list[str] = Field(description="The logins in starting-number order")
    rows: list[IndividualRow]


class SwissCell(BaseModel):
    round: int
    opponent: str | None
    opponent_number: int | None
    colour: str | None = Field(description="white or black; none for a bye or an unplayed round")
    result: str | None
    bye: bool
    game: int | None


class SwissRow(BaseModel):
    place: str
    player: str
    name: str
    rating: int | None
    number: int | None
    points: float
    tiebreaks: dict[str, float]
    rounds: list[SwissCell]
    withdrawn: bool


class SwissTable(_Section):
    """A Swiss section's table: each player's rounds (31.7, 39.3.4)."""

    kind: Literal["swiss"]
    rounds: int | None = Field(description="The rounds the event plays")
    tiebreaks: list[str]
    rows: list[SwissRow]


class TeamMatch(BaseModel):
    round: int
    opponent: str
    board_points: float
    match_points: float
    complete: bool
    unplayed: bool
    text: str = Field(description="The match's score as printed")


class TeamRow(BaseModel):
    place: str
    team: str
    number: int
    match_points: float
    board_points: float
    tiebreaks: dict[str, float]
    players: list[str] = Field(description="The team's logins in board order")
    matches: list[TeamMatch]


class BoardRow(BaseModel):
    board: int
    team: str
    player: str
    name: str
    points: float
    games: int = Field(description="The games played on the board")


class TeamTable(_Section):
    """A team section's table: the teams by match or board points, and each board."""

    kind: Literal["team"]
    ranking: list[str] = Field(description="What ranks the teams, in order")
    teams: list[str]
    rows: list[TeamRow]
    boards: list[BoardRow]


class KnockoutMatch(BaseModel):
    match: str = Field(description="The match's key in the bracket")
    top: str | None
    bottom: str | None
    score: list[float] = Field(description="The top and the bottom player's points")
    winner: str | None
    decided_by: str | None
    games: list[int]


class KnockoutRound(BaseModel):
    bracket: str
    round: int
    matches: list[KnockoutMatch]


class Placing(BaseModel):
    place: str
    name: str


class KnockoutTable(_Section):
    """A knockout section's bracket: its rounds of matches and the final placing."""

    kind: Literal["knockout"]
    rounds: list[KnockoutRound]
    placing: list[Placing]


SectionTable = Annotated[
    IndividualTable | SwissTable | TeamTable | KnockoutTable, Field(discriminator="kind")
]
