"""Crosstables and tie-breaks of round-robin sections, the Swiss system's
table (:mod:`standings.swiss`) and pairing (:mod:`standings.dutch`, FIDE's
Dutch system), FIDE's TRF (:mod:`standings.trf`): pure, no I/O.

See :mod:`standings.crosstable` and, for team events, :mod:`standings.teams`.
"""

from standings.crosstable import (
    DEFAULT_TIEBREAKS,
    Cell,
    Crosstable,
    GameRecord,
    Row,
    Tiebreak,
    crosstable,
)
from standings.teams import (
    DEFAULT_TEAM_ORDER,
    MatchResult,
    TeamRow,
    TeamTable,
    TeamTiebreak,
    team_table,
)

__all__ = [
    "DEFAULT_TEAM_ORDER",
    "DEFAULT_TIEBREAKS",
    "Cell",
    "Crosstable",
    "GameRecord",
    "MatchResult",
    "Row",
    "TeamRow",
    "TeamTable",
    "TeamTiebreak",
    "Tiebreak",
    "crosstable",
    "team_table",
]
