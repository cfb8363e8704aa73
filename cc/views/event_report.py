"""The event's report for the organiser (Art. 53.3): everything in one text.

All results with how each game ended, each section's crosstable, the
oversteps and forfeits, penalty days and other charges, leaves, the arbiter's
decisions and their appeals, and the PGN of every game with the sending date
of each move. Read from the stored record; nothing is computed anew that the
record already says.
"""

from __future__ import annotations

from sqlalchemy import select

from cc.base import errors
from cc.events.standings import StandingsService
from cc.kernel.access import is_official_of
from cc.kernel.context import Actor, ServiceContext, describe, find_event
from cc.store.models import AuditEntry, Case, Game, KnockoutGame, PlayerLeave, TimeCharge
from cc.text.i18n import DEFAULT_LANGUAGE, N_, word
from cc.views.queries import QueryService


class EventReportService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def report(self, actor: Actor, code: str, lang: str = DEFAULT_LANGUAGE) -> str:
        """The report as text, its headings and lines in ``lang``."""

        def _(msgid: str, /, **params: object) -> str:
            return N_(msgid, **params).localize(lang)

        with self.ctx.db.read() as session:
            event = find_event(session, code)
            if not is_official_of(session, actor, event):
                raise errors.NotPermitted(
                    who=describe(session, actor),
                    action=N_("read the report of event {code}", code=code),
                )
            games = session.scalars(
                select(Game).where(Game.event_id == event.id).order_by(Game.id)
            ).all()
            ids = [g.id for g in games]
            out = [
                f"{event.name} ({event.code}), {word('mode', event.mode.value, lang)}",
                _(
                    "{start} - {end}; status {status}; control {moves}/{days}",
                    start=event.start_date,
                    end=event.end_date or "...",
                    status=word("status", event.status.value, lang),
                    moves=event.control_moves,
                    days=event.control_days,
                ),
                _(
                    "arbiter {arbiter}; adjudicator {adjudicator}; appeal arbiters {appeal}",
                    arbiter=event.arbiter.login if event.arbiter else "-",
                    adjudicator=event.adjudicator.login if event.adjudicator else "-",
                    appeal=", ".join(a.player.login for a in event.appeal_arbiters) or "-",
                ),
                "",
                _("RESULTS"),
            ]
            # A knockout's games by their match (W2-1, L1-2, GF), as its bracket names them.
            matches: dict[int, str] = {
                game_id: match
                for game_id, match in session.execute(
                    select(KnockoutGame.game_id, KnockoutGame.match).where(
                        KnockoutGame.game_id.in_(ids)
                    )
                )
            }
            for g in games:
                reason = g.result_reason.value if g.result_reason else g.status.value
                where = matches.get(g.id) or f"r{g.round}"
                out.append(
                    f"  {g.id:>5}  {g.section.name} {where} {g.white.login} - {g.black.login}"
                    f"  {g.result.value}  "
                    + _(
                        "({reason}, {plies} plies)",
                        reason=word("reason", reason, lang),
                        plies=g.ply_count,
                    )
                )
            for section in StandingsService(self.ctx).event(code):
                heading = (
                    _("BRACKET {section}", section=section.section)
                    if section.knockout
                    else _("CROSSTABLE {section}", section=section.section)
                )
                out += ["", heading, section.text(lang)]
            out += ["", _("OVERSTEPS AND FORFEITS")]
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
                what = word("audit", entry.action, lang)
                out.append(
                    "  "
                    + _(
                        "game {id}: {what} on {day}, {total} days of {limit}",
                        id=entry.game_id,
                        what=what,
                        day=d.get("overstep_on"),
                        total=d.get("total"),
                        limit=d.get("limit"),
                    )
                )
            out += ["", _("PENALTIES AND CHARGES")]
            for charge in session.scalars(
                select(TimeCharge).where(TimeCharge.game_id.in_(ids)).order_by(TimeCharge.id)
            ):
                out.append(
                    "  "
                    + _(
                        "game {id}: {days} days ({kind}) on {day}, move {move}: {reason}",
                        id=charge.game_id,
                        days=f"{charge.days:+d}",
                        kind=word("charge", charge.kind.value, lang),
                        day=charge.on,
                        move=charge.move_number,
                        reason=charge.reason,
                    )
                )
            out += ["", _("LEAVES")]
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
                status = word("status", leave.status.value, lang)
                out.append(f"  {who.login}: {leave.first_day} - {leave.last_day} ({status})")
            out += ["", _("DECISIONS AND APPEALS")]
            for case in session.scalars(
                select(Case).where(Case.event_id == event.id).order_by(Case.id)
            ):
                line = "  " + _(
                    "case {id} {kind}", id=case.id, kind=word("kind", case.kind.value, lang)
                )
                if case.game_id:
                    line += " " + _("game {id}", id=case.game_id)
                line += f": {word('status', case.status.value, lang)}"
                if case.decision:
                    line += "; " + _(
                        "decision {decision} ({day}): {reasons}",
                        decision=word("decision", case.decision, lang),
                        day=case.decided_on,
                        reasons=case.reasons or "",
                    )
                if case.appeal_decision:
                    line += "; " + _(
                        "on appeal {decision}: {reasons}",
                        decision=word("decision", case.appeal_decision, lang),
                        reasons=case.appeal_reasons or "",
                    )
                out.append(line)
        out += ["", _("GAMES (PGN)"), QueryService(self.ctx).pgn(ids) if ids else ""]
        return "\n".join(out) + "\n"
