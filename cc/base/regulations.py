"""An event's regulations ("положение / регламент") and their per-mode defaults.

Every number the rules mark as a default is a field here, so an event can
override it; :func:`defaults_for` gives the values of spec §1 for each mode
(server: Art. 54, email: Art. 56, post: Art. 55).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from cc.text.i18n import N_
from standings import DEFAULT_TEAM_ORDER, DEFAULT_TIEBREAKS, TeamTiebreak, Tiebreak
from standings.swiss import SwissTiebreak
from timekeeping.ledger import DayCounting

__all__ = [
    "BYE_POINTS",
    "DayCounting",
    "Mode",
    "Regulations",
    "defaults_for",
    "parse_time_control",
]

#: what a Swiss bye may score (the regulations choose; 1, an unplayed win, by default)
BYE_POINTS = ("1", "1/2", "0")


class Mode(enum.StrEnum):
    """How moves travel in an event (spec §1)."""

    SERVER = "server"
    EMAIL = "email"
    POST = "post"


@dataclass(frozen=True)
class Regulations:
    """The settings of one event that the rules leave to its regulations."""

    #: time control: ``control_moves`` moves in ``control_days`` days, cumulative
    #: (54.4.2, 55.4.2, 56.4.2)
    control_moves: int
    control_days: int
    #: leave per calendar year (54.6.1, 55.7.1, 56.7.1)
    leave_days_per_year: int
    #: leave over the whole event; None when the regulations set no cap (54.6.1)
    leave_days_per_event: int | None
    #: penalty for an illegal, impossible or wrongly repeated move
    #: (email 2: 56.3.3; post 5: 55.3.3), and for a repeat in post play (10)
    penalty_days: int
    penalty_days_repeat: int
    day_counting: DayCounting
    #: ICCF option: days beyond 20 on one move count double (spec §10.2)
    iccf_double_after_20: bool
    #: post play: the first overstep is a loss instead of a restart (55.6.11)
    first_overstep_loses: bool
    #: conditional moves ("variants") allowed (54.3.3)
    conditional_moves: bool
    #: email: the partner's move counts as received the next day (spec §10.3)
    next_day_receipt: bool
    #: the tie-breaks of the final standings, in order (Art. 39.3; names of
    #: standings.Tiebreak, comma-separated)
    tiebreaks: str = ",".join(t.value for t in DEFAULT_TIEBREAKS)
    #: team sections: the main score and then the tie-breaks, in order (38.7,
    #: 39.3.2; names of standings.TeamTiebreak, comma-separated)
    team_ranking: str = ",".join(t.value for t in DEFAULT_TEAM_ORDER)
    #: aids the regulations forbid (shown to Xfcc clients, which may enforce
    #: them on the player's side); correspondence play allows all by default
    no_engines: bool = False
    no_databases: bool = False
    no_opening_books: bool = False
    no_tablebases: bool = False
    #: how the public (anyone but the game's players and the event's
    #: officials) sees a game still being played: None, not at all until it
    #: ends (the default); N, as it stood N moves ago (ICCF's delay), its
    #: result and state hidden until it ends. The rules leave this to the
    #: regulations; finished games are public either way.
    public_moves_behind: int | None = None
    #: a Swiss: the points of a bye, "1" (an unplayed win, the default),
    #: "1/2" or "0"
    bye_points: str = "1"

    def __post_init__(self) -> None:
        if self.control_moves < 1 or self.control_days < 1:
            raise ValueError(
                N_(
                    "time control must be at least 1 move in 1 day, got {moves}/{days}",
                    moves=self.control_moves,
                    days=self.control_days,
                )
            )
        for name in ("leave_days_per_year", "penalty_days", "penalty_days_repeat"):
            if getattr(self, name) < 0:
                raise ValueError(
                    N_(
                        "{name} cannot be negative, got {value}",
                        name=name,
                        value=getattr(self, name),
                    )
                )
        # a round robin's (39.3.1) and a Swiss's (39.3.3, 39.3.4); the event's
        # system is checked against them where the event is made
        known = {t.value for t in Tiebreak} | {t.value for t in SwissTiebreak}
        for name in self.tiebreaks.split(","):
            if name and name not in known:
                raise ValueError(
                    N_(
                        "{name!r} is not a tie-break; choose from {known}",
                        name=name,
                        known=", ".join(sorted(known)),
                    )
                )
        team_known = {t.value for t in TeamTiebreak}
        ranking = [name for name in self.team_ranking.split(",") if name]
        if not ranking:
            raise ValueError(N_("team_ranking needs at least match_points or board_points"))
        for name in ranking:
            if name not in team_known:
                raise ValueError(
                    N_(
                        "{name!r} is not a team ranking; choose from {known}",
                        name=name,
                        known=", ".join(sorted(team_known)),
                    )
                )
        if self.public_moves_behind is not None and self.public_moves_behind < 0:
            raise ValueError(
                N_(
                    "{name} cannot be negative, got {value}",
                    name="public_moves_behind",
                    value=self.public_moves_behind,
                )
            )
        if self.bye_points not in BYE_POINTS:
            raise ValueError(
                N_(
                    "a bye scores 1, 1/2 or 0, got {value!r}",
                    value=self.bye_points,
                )
            )
        if self.leave_days_per_event is not None and self.leave_days_per_event < 0:
            raise ValueError(
                N_(
                    "{name} cannot be negative, got {value}",
                    name="leave_days_per_event",
                    value=self.leave_days_per_event,
                )
            )

    def with_changes(self, **changes: object) -> Regulations:
        """A copy with some settings overridden (unknown names are an error)."""
        for name in changes:
            if name not in self.__dataclass_fields__:
                raise ValueError(N_("{name!r} is not a setting of the regulations", name=name))
        return replace(self, **changes)  # type: ignore[arg-type]


def default_leave_days_per_year() -> int:
    """The yearly leave cap of a player in no event: the tightest default."""
    return min(r.leave_days_per_year for r in _DEFAULTS.values())


_DEFAULTS: dict[Mode, Regulations] = {
    Mode.SERVER: Regulations(
        control_moves=10,
        control_days=50,
        leave_days_per_year=45,
        leave_days_per_event=None,
        penalty_days=0,
        penalty_days_repeat=0,
        day_counting=DayCounting.CALENDAR,
        iccf_double_after_20=False,
        first_overstep_loses=True,
        conditional_moves=True,
        next_day_receipt=False,
    ),
    Mode.EMAIL: Regulations(
        control_moves=10,
        control_days=60,
        leave_days_per_year=30,
        leave_days_per_event=None,
        penalty_days=2,
        penalty_days_repeat=2,
        day_counting=DayCounting.CALENDAR,
        iccf_double_after_20=False,
        first_overstep_loses=True,
        conditional_moves=True,
        next_day_receipt=False,
    ),
    Mode.POST: Regulations(
        control_moves=10,
        control_days=30,
        leave_days_per_year=30,
        leave_days_per_event=None,
        penalty_days=5,
        penalty_days_repeat=10,
        day_counting=DayCounting.CALENDAR,
        iccf_double_after_20=False,
        first_overstep_loses=False,
        conditional_moves=True,
        next_day_receipt=False,
    ),
}


def defaults_for(mode: Mode) -> Regulations:
    """The defaults of spec §1 for ``mode``.

    >>> r = defaults_for(Mode.EMAIL)
    >>> (r.control_moves, r.control_days, r.leave_days_per_year, r.penalty_days)
    (10, 60, 30, 2)
    >>> defaults_for(Mode.POST).first_overstep_loses
    False
    """
    return _DEFAULTS[Mode(mode)]


def parse_time_control(text: str) -> tuple[int, int]:
    """Read a control written ``M/N`` (moves / days).

    >>> parse_time_control("10/50")
    (10, 50)
    >>> parse_time_control("ten")
    Traceback (most recent call last):
    ...
    ValueError: time control must be written MOVES/DAYS, e.g. 10/50, got 'ten'
    """
    moves, sep, days = text.partition("/")
    if not sep or not moves.strip().isdigit() or not days.strip().isdigit():
        raise ValueError(
            N_("time control must be written MOVES/DAYS, e.g. 10/50, got {text!r}", text=text)
        )
    return int(moves), int(days)
