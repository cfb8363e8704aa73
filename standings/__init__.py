"""Crosstables and tie-breaks of round-robin sections: pure, no I/O.

See :mod:`standings.crosstable`.
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

__all__ = [
    "DEFAULT_TIEBREAKS",
    "Cell",
    "Crosstable",
    "GameRecord",
    "Row",
    "Tiebreak",
    "crosstable",
]
