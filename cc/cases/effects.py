"""What a decision does to the games, the entries and the ledgers, kept so an appeal can undo it."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base.kinds import CaseKind, CaseStatus, ChargeKind, GameResult, GameStatus, ResultReason
from cc.cases.adjudication import Adjudication
from cc.cases.parties import unfinished_games
from cc.cases.records import add_entry, find_case
from cc.cases.rules import RESULTS
from cc.clock.ledger import LedgerService
from cc.games.moves import GameService
from cc.kernel.context import Actor, ServiceContext, audit, find_game
from cc.kernel.notifications import Kind, Notice
from cc.store.models import Case, Event, Game, Player, Section, SectionEntry, TimeCharge


def snapshot(game: Game) -> dict[str, Any]:
    return {
        "game": game.id,
        "status": game.status.value,
        "result": game.result.value,
        "result_reason": game.result_reason.value if game.result_reason else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "suspended_by_case_id": game.suspended_by_case_id,
        "pauses": [list(p) for p in game.pauses or []],
    }


class DecisionEffects:
    """Carries out a decision on the games and entries, and undoes it on appeal."""

    def __init__(self, ctx: ServiceContext, games: GameService, adjudication: Adjudication) -> None:
        self.ctx = ctx
        self.games = games
        self.adjudication = adjudication

    def apply(
        self,
        session: Session,
        actor: Actor,
        case: Case,
        decision: str,
        now: datetime,
        today: date,
        *,
        bar: bool = False,
        penalty_days: int = 0,
    ) -> list[dict[str, Any]]:
        """Carry out ``decision``; return what it changed, to undo on appeal."""
        effects: list[dict[str, Any]] = []
        kind = case.kind
        if kind == CaseKind.TIME_CLAIM:
            game = case.game
            assert game is not None
            effects.append(snapshot(game))
            decisive = bool(case.details.get("decisive", True))
            if decision == "upheld" and decisive:
                loser_white = case.respondent_id == game.white_id
                game.suspended_by_case_id = None
                self.games.finish(
                    session,
                    actor,
                    game,
                    GameResult.BLACK_WINS if loser_white else GameResult.WHITE_WINS,
                    ResultReason.TIME_FORFEIT,
                    now,
                )
            else:
                # Rejected, or a post player's first overstep fixed (55.6.4):
                # play resumes; the days of the suspension count for no one.
                self.resume(session, game, today, now)
                if bar:
                    case.barred_cycle = int(case.details["cycle"])
                if penalty_days:
                    claimant = case.claimant
                    assert claimant is not None
                    color = chess.WHITE if claimant.id == game.white_id else chess.BLACK
                    first = chess.WHITE if game.plies_before % 2 == 0 else chess.BLACK
                    made = (game.ply_count + (0 if color == first else 1)) // 2
                    charge = TimeCharge(
                        game_id=game.id,
                        player_id=claimant.id,
                        move_number=made + 1,
                        days=penalty_days,
                        kind=ChargeKind.PENALTY,
                        reason=f"unfounded time claim, case {case.id} (Art. 55.6.10)",
                        on=today,
                        created_by_id=actor.player_id,
                        created_at=now,
                    )
                    session.add(charge)
                    session.flush()
                    effects.append({"charge": charge.id})
                    LedgerService.refresh_deadline(session, game, now)
        elif kind == CaseKind.ADJUDICATION:
            game = case.game
            assert game is not None
            effects.append(snapshot(game))
            self.games.finish(
                session, actor, game, RESULTS[decision], ResultReason.ADJUDICATION, now
            )
        elif kind == CaseKind.SILENCE and decision != "dismissed":
            game = case.game
            assert game is not None
            effects.append(snapshot(game))
            result = GameResult.BLACK_WINS if decision == "loss_white" else GameResult.WHITE_WINS
            self.games.finish(session, actor, game, result, ResultReason.DEFAULT, now)
        elif kind == CaseKind.WITHDRAWAL or (
            kind == CaseKind.COMPLAINT and decision == "exclusion"
        ):
            player = case.respondent
            assert player is not None
            effects.extend(self.withdraw(session, actor, case.event, player, decision, now, today))
        return effects

    def withdraw(
        self,
        session: Session,
        actor: Actor,
        event: Event,
        player: Player,
        decision: str,
        now: datetime,
        today: date,
    ) -> list[dict[str, Any]]:
        """56.8: one decision for all the player's unfinished games at once."""
        effects: list[dict[str, Any]] = []
        for entry in session.scalars(
            select(SectionEntry)
            .join(Section, Section.id == SectionEntry.section_id)
            .where(Section.event_id == event.id, SectionEntry.player_id == player.id)
        ):
            effects.append(
                {
                    "entry": entry.id,
                    "withdrawn_on": entry.withdrawn_on.isoformat() if entry.withdrawn_on else None,
                    "withdrawal": entry.withdrawal,
                }
            )
            entry.withdrawn_on = today
            entry.withdrawal = decision
        for game in unfinished_games(session, event, player):
            effects.append(snapshot(game))
            game.suspended_by_case_id = None
            if decision == "loss":
                white_lost = game.white_id == player.id
                self.games.finish(
                    session,
                    actor,
                    game,
                    GameResult.BLACK_WINS if white_lost else GameResult.WHITE_WINS,
                    ResultReason.WITHDRAWAL,
                    now,
                )
            elif decision == "adjudication":
                self.games.finish(
                    session, actor, game, GameResult.UNFINISHED, ResultReason.ADJUDICATION, now
                )
                game.status = GameStatus.ADJUDICATION
                game.result_reason = None
                game.finished_at = None
                opened = self.adjudication.open_adjudication(session, game, now, "withdrawal")
                effects.append({"opened_case": opened.id})
            else:
                self.games.finish(
                    session, actor, game, GameResult.UNFINISHED, ResultReason.WITHDRAWAL, now
                )
                game.status = GameStatus.ANNULLED
        return effects

    def undo(self, session: Session, actor: Actor, case: Case, now: datetime) -> None:
        """Put back what the decision changed (the appeal reversed it)."""
        for effect in reversed(case.effects or []):
            if "game" in effect:
                game = find_game(session, int(effect["game"]), lock=True)
                game.status = GameStatus(effect["status"])
                game.result = GameResult(effect["result"])
                game.result_reason = (
                    ResultReason(effect["result_reason"]) if effect["result_reason"] else None
                )
                game.finished_at = (
                    datetime.fromisoformat(effect["finished_at"]) if effect["finished_at"] else None
                )
                game.suspended_by_case_id = effect["suspended_by_case_id"]
                game.pauses = effect["pauses"]
                LedgerService.refresh_deadline(session, game, now)
                audit(
                    session,
                    actor,
                    now,
                    "game_restored",
                    event_id=game.event_id,
                    game_id=game.id,
                    case_id=case.id,
                    status=game.status.value,
                )
            elif "entry" in effect:
                entry = session.get(SectionEntry, int(effect["entry"]))
                assert entry is not None
                entry.withdrawn_on = (
                    date.fromisoformat(effect["withdrawn_on"]) if effect["withdrawn_on"] else None
                )
                entry.withdrawal = effect["withdrawal"]
            elif "opened_case" in effect:
                opened = find_case(session, int(effect["opened_case"]), lock=True)
                if opened.status == CaseStatus.OPEN:
                    opened.status = CaseStatus.CLOSED
                    opened.due_on = None
                    add_entry(session, opened, actor, now, "withdrawn", None, by_case=case.id)
            elif "charge" in effect:
                charge = session.get(TimeCharge, int(effect["charge"]))
                if charge is not None:
                    session.delete(charge)
        session.flush()

    def resume(self, session: Session, game: Game, today: date, now: datetime) -> None:
        """Play goes on: the suspension ends today (its days count for no one)."""
        game.suspended_by_case_id = None
        pauses = [list(p) for p in game.pauses or []]
        if pauses and pauses[-1][1] is None:
            first = date.fromisoformat(str(pauses[-1][0]))
            if first > today:
                pauses.pop()  # resumed on the day it was filed: no day stood still
            else:
                pauses[-1][1] = today.isoformat()
        game.pauses = pauses
        LedgerService.refresh_deadline(session, game, now)

    def tell_games_over(self, session: Session, case: Case, effects: list[dict[str, Any]]) -> None:
        """GAME_OVER to each player of a game the decision ended, who is not
        told that game's result by the decision itself.

        The decision goes to the case's parties (CASE_DECIDED, APPEAL_DECIDED),
        and for the case's own game (a time claim, a silence, an
        adjudication) it is that game's result: its players are not told
        twice. The respondent of a withdrawal or an exclusion is told the
        fate of all their games by the decision. Their opponents are told
        each game's own result here: a withdrawal's decision names no game
        (56.8, 33), and an exclusion by a complaint has them as no party.
        """
        for effect in effects:
            if "game" not in effect:
                continue
            game = session.get(Game, int(effect["game"]))
            if game is None or game.status not in (GameStatus.FINISHED, GameStatus.ANNULLED):
                continue
            if game.id == case.game_id:
                continue
            reason = game.result_reason.value if game.result_reason else game.status.value
            for player_id in (game.white_id, game.black_id):
                if player_id == case.respondent_id:
                    continue
                self.ctx.notifications.notify(
                    session,
                    Notice(
                        recipient_id=player_id,
                        kind=Kind.GAME_OVER,
                        game_id=game.id,
                        event_id=game.event_id,
                        params={
                            "result": game.result.value,
                            "reason": reason,
                            "status": game.status.value,
                            "case": case.id,
                        },
                    ),
                )
