"""Opening a case: a time claim, a complaint, a withdrawal, a lost email and its return."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.json_values import as_json
from cc.base.kinds import CaseKind, CaseStatus, EventStatus
from cc.base.regulations import Mode
from cc.cases.oversteps import ClaimBasis, claim_basis_of
from cc.cases.parties import officials, require_entered, unfinished_games
from cc.cases.records import CaseRecords, add_entry, find_case
from cc.cases.rules import LOST_EMAIL_DAYS, PROTEST_DAYS, local_day
from cc.cases.views import CaseReader, CaseView
from cc.games.moves import GameService
from cc.games.turns import acting_player
from cc.kernel.access import require_official
from cc.kernel.context import Actor, ServiceContext, find_event, find_game, find_player
from cc.kernel.notifications import Kind
from cc.store.models import Case, Event, Player, Section, SectionEntry
from cc.text.i18n import N_


class Filing:
    """Files the cases a player (or an official for them) brings to the arbiter."""

    def __init__(
        self,
        ctx: ServiceContext,
        games: GameService,
        records: CaseRecords,
        reader: CaseReader,
    ) -> None:
        self.ctx = ctx
        self.games = games
        self.records = records
        self.reader = reader

    def claim_basis(self, actor: Actor, game_id: int) -> ClaimBasis | None:
        """The overstep ``actor`` may claim in the game now, or None."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            if actor.player_id not in (game.white_id, game.black_id):
                return None
            try:
                return claim_basis_of(session, game, actor.player_id, self.ctx.now())
            except errors.ServiceError:
                return None

    def file_time_claim(
        self,
        actor: Actor,
        game_id: int,
        statement: str | None = None,
        *,
        as_player: int | None = None,
    ) -> CaseView:
        """56.6.1-56.6.3: the partner claims the overstep; the game stops."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            claimant = acting_player(
                session, actor, game, as_player, N_("claim an overstep for another player")
            )
            basis = claim_basis_of(session, game, claimant.id, now)
            accused = game.white if claimant.id == game.black_id else game.black
            case = self.records.new_case(
                session,
                actor,
                game.event,
                CaseKind.TIME_CLAIM,
                now,
                game=game,
                claimant=claimant,
                respondent=accused,
                statement=statement,
                details=as_json(basis),
                evidence_games=[game],
            )
            today = case.filed_on
            game.suspended_by_case_id = case.id
            game.pauses = [*(game.pauses or []), [(today + timedelta(days=1)).isoformat(), None]]
            game.next_deadline = None
            until = today + timedelta(days=PROTEST_DAYS)
            params: dict[str, Any] = {
                "game": game.id,
                "claimant": claimant.name,
                "player": accused.name,
                "total": basis.total,
                "limit": basis.limit,
                "move": basis.move,
                "until": until.isoformat(),
            }
            # 56.6.2: the accused and the arbiter get a copy.
            self.records.notify(
                session, case, [accused], Kind.CLAIM_FILED, copy_arbiter=True, **params
            )
            self.records.notify(session, case, [claimant], Kind.CLAIM_RECEIVED, **params)
            return self.reader.view(session, case, actor)

    def file_complaint(self, actor: Actor, game_id: int, statement: str) -> CaseView:
        """54.1.2: a player tells the arbiter of a partner's breach."""
        now = self.ctx.now()
        if not statement.strip():
            raise errors.InvalidInput(field="statement", reason=N_("say what happened"))
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            claimant = acting_player(session, actor, game, None, N_("complain"))
            partner = game.white if claimant.id == game.black_id else game.black
            case = self.records.new_case(
                session,
                actor,
                game.event,
                CaseKind.COMPLAINT,
                now,
                game=game,
                claimant=claimant,
                respondent=partner,
                statement=statement,
                details={},
                evidence_games=[game],
            )
            self.records.tell_opened(session, case, statement, [partner])
            return self.reader.view(session, case, actor)

    def open_withdrawal(
        self, actor: Actor, event_code: str, player_ref: str, statement: str | None = None
    ) -> CaseView:
        """54.7, 55.8, 56.8: a player leaves the event, for the arbiter to decide
        what becomes of the unfinished games. The player, or the arbiter, opens it."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            event = find_event(session, event_code, lock=True)
            player = find_player(session, player_ref)
            if actor.player_id != player.id:
                require_official(session, actor, event, N_("open a withdrawal"))
            require_entered(session, event, player)
            return self.reader.view(
                session,
                self.withdrawal(session, actor, event, player, statement, now, {}),
                actor,
            )

    def withdrawal(
        self,
        session: Session,
        actor: Actor,
        event: Event,
        player: Player,
        statement: str | None,
        now: datetime,
        details: dict[str, Any],
    ) -> Case:
        games = unfinished_games(session, event, player)
        case = self.records.new_case(
            session,
            actor,
            event,
            CaseKind.WITHDRAWAL,
            now,
            claimant=session.get(Player, actor.player_id) if actor.player_id else None,
            respondent=player,
            statement=statement,
            details={**details, "games": [g.id for g in games]},
            evidence_games=games,
        )
        self.records.tell_opened(session, case, statement or "", [player])
        return case

    def report_lost_email(
        self, actor: Actor, player_ref: str, statement: str | None = None
    ) -> list[CaseView]:
        """56.1.6: a player lost access to their email; unless it is restored in
        30 days they are treated as withdrawn. One case per event they play in."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = find_player(session, player_ref)
            events = session.scalars(
                select(Event)
                .join(Section, Section.event_id == Event.id)
                .join(SectionEntry, SectionEntry.section_id == Section.id)
                .where(
                    SectionEntry.player_id == player.id,
                    Event.status == EventStatus.STARTED,
                    Event.mode == Mode.EMAIL,
                )
                .order_by(Event.id)
            ).all()
            if actor.player_id != player.id:
                for event in events:
                    require_official(session, actor, event, N_("report a lost email"))
            if not events:
                raise errors.InvalidInput(
                    field="player",
                    reason=N_("{login} plays in no running email event", login=player.login),
                )
            views = []
            for event in events:
                case = self.records.new_case(
                    session,
                    actor,
                    event,
                    CaseKind.LOST_EMAIL,
                    now,
                    claimant=player,
                    respondent=player,
                    statement=statement,
                    details={},
                    evidence_games=[],
                )
                case.due_on = case.filed_on + timedelta(days=LOST_EMAIL_DAYS + 1)
                self.records.notify(
                    session,
                    case,
                    officials(event),
                    Kind.LOST_EMAIL,
                    player=player.name,
                    day=case.filed_on.isoformat(),
                    until=(case.filed_on + timedelta(days=LOST_EMAIL_DAYS)).isoformat(),
                    event=event.code,
                )
                views.append(self.reader.view(session, case, actor))
            return views

    def restore_email(self, actor: Actor, case_id: int, note: str | None = None) -> CaseView:
        """The lost email is back in time: the case closes."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            case = find_case(session, case_id)
            if case.kind != CaseKind.LOST_EMAIL or case.status != CaseStatus.OPEN:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("restore the email")
                )
            if actor.player_id != case.respondent_id:
                require_official(session, actor, case.event, N_("close a lost-email case"))
            self._restored(session, case, actor, now, note)
            return self.reader.view(session, case, actor)

    def email_changed(self, session: Session, actor: Actor, player: Player) -> None:
        """A new registered address restores a lost email (56.1.6)."""
        now = self.ctx.now()
        for case in session.scalars(
            select(Case).where(
                Case.kind == CaseKind.LOST_EMAIL,
                Case.status == CaseStatus.OPEN,
                Case.respondent_id == player.id,
            )
        ):
            self._restored(session, case, actor, now, "a new address was registered")

    def _restored(
        self, session: Session, case: Case, actor: Actor, now: datetime, note: str | None
    ) -> None:
        case.status = CaseStatus.CLOSED
        case.decision = "restored"
        case.decided_at = now
        case.decided_on = local_day(case.event, now)
        case.due_on = None
        add_entry(session, case, actor, now, "restored", note)
