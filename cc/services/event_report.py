"""The event's report for the organiser (Art. 53.3): everything in one text.

All results with how each game ended, each section's crosstable, the
oversteps and forfeits, penalty days and other charges, leaves, the arbiter's
decisions and their appeals, and the PGN of every game with the sending date
of each move. Read from the stored record; nothing is computed anew that the
record already says.
"""

from __future__ import annotations

from sqlalchemy import select

from cc import errors
from cc.models import AuditEntry, Case, Game, PlayerLeave, TimeCharge
from cc.services.access import is_official_of
from cc.services.context import Actor, ServiceContext, describe, find_event
from cc.services.queries import QueryService
from cc.services.standings import StandingsService


class EventReportService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def report(self, actor: Actor, code: str) -> str:
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            if not is_official_of(session, actor, event):
                raise errors.NotPermitted(
                    who=describe(session, actor), action=f"read the report of event {code}"
                )
            games = session.scalars(
                select(Game).where(Game.event_id == event.id).order_by(Game.id)
            ).all()
            ids = [g.id for g in games]
            out = [
                f"{event.name} ({event.code}), {event.mode.value}",
                f"{event.start_date} - {event.end_date or '...'}; status {event.status.value}; "
                f"control {event.control_moves}/{event.control_days}",
                f"arbiter {event.arbiter.login if event.arbiter else '-'}; adjudicator "
                f"{event.adjudicator.login if event.adjudicator else '-'}; appeal arbiters "
                + (", ".join(a.player.login for a in event.appeal_arbiters) or "-"),
                "",
                "RESULTS",
            ]
            for g in games:
                reason = g.result_reason.value if g.result_reason else g.status.value
                out.append(
                    f"  {g.id:>5}  {g.section.name} r{g.round} {g.white.login} - {g.black.login}"
                    f"  {g.result.value}  ({reason}, {g.ply_count} plies)"
                )
            for section in StandingsService(self.ctx).event(code):
                out += ["", f"CROSSTABLE {section.section}", section.text()]
            out += ["", "OVERSTEPS AND FORFEITS"]
            forfeits = session.scalars(
                select(AuditEntry)
                .where(
                    AuditEntry.event_id == event.id,
                    AuditEntry.action.in_(("time_forfeit", "overstep_reported")),
                )
                .order_by(AuditEntry.id)
            ).all()
            for entry in forfeits:
                d = entry.details
                out.append(
                    f"  game {entry.game_id}: {entry.action} on {d.get('overstep_on')}, "
                    f"{d.get('total')} days of {d.get('limit')}"
                )
            out += ["", "PENALTIES AND CHARGES"]
            for charge in session.scalars(
                select(TimeCharge).where(TimeCharge.game_id.in_(ids)).order_by(TimeCharge.id)
            ):
                out.append(
                    f"  game {charge.game_id}: {charge.days:+d} days ({charge.kind.value}) on "
                    f"{charge.on}, move {charge.move_number}: {charge.reason}"
                )
            out += ["", "LEAVES"]
            players = {g.white_id for g in games} | {g.black_id for g in games}
            for leave in session.scalars(
                select(PlayerLeave)
                .where(PlayerLeave.player_id.in_(players))
                .order_by(PlayerLeave.first_day)
            ):
                who = next(
                    (g.white if g.white_id == leave.player_id else g.black)
                    for g in games
                    if leave.player_id in (g.white_id, g.black_id)
                )
                out.append(
                    f"  {who.login}: {leave.first_day} - {leave.last_day} ({leave.status.value})"
                )
            out += ["", "DECISIONS AND APPEALS"]
            for case in session.scalars(
                select(Case).where(Case.event_id == event.id).order_by(Case.id)
            ):
                line = f"  case {case.id} {case.kind.value}"
                if case.game_id:
                    line += f" game {case.game_id}"
                line += f": {case.status.value}"
                if case.decision:
                    line += f"; decision {case.decision} ({case.decided_on}): {case.reasons or ''}"
                if case.appeal_decision:
                    line += f"; on appeal {case.appeal_decision}: {case.appeal_reasons or ''}"
                out.append(line)
        out += ["", "GAMES (PGN)", QueryService(self.ctx).pgn(ids) if ids else ""]
        return "\n".join(out) + "\n"
