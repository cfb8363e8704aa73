"""Adjudicating an unfinished game: the players' materials, the tablebase, the engine (56.9)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from adjudication import engine as engine_mod
from adjudication import tablebase
from cc.base import errors
from cc.base.json_values import as_json
from cc.base.kinds import CaseKind, CaseStatus, GameResult, GameStatus, ResultReason
from cc.cases.parties import officials, parties_of, require_decider
from cc.cases.records import CaseRecords, add_entry, find_case
from cc.cases.rules import DAILY_RUN, DECISION_OF, SUBMISSION_DAYS, claimed, local_day
from cc.cases.views import CaseReader, CaseView
from cc.games.moves import GameService
from cc.games.turns import acting_player
from cc.kernel.context import Actor, ServiceContext, find_game
from cc.kernel.notifications import Kind
from cc.store.models import Case, Game
from cc.text.i18n import N_


class Adjudication:
    """Opens an adjudication, takes the players' materials, gathers the engine's evidence."""

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
        #: where the Syzygy tables are (the embedded 3-4 piece set by default)
        self.tablebases: list[Path] = [tablebase.EMBEDDED]
        #: the engine's fixed search depth, so its evidence is reproducible
        self.engine_depth = engine_mod.DEFAULT_DEPTH
        self.engine_path: Path | None = None

    def open_adjudication(self, session: Session, game: Game, at: datetime, reason: str) -> Case:
        """56.9.4: both players are asked for their materials within 14 days;
        the record, the final position and the tablebase's verdict (where a
        table covers it) are attached by the server."""
        actor = DAILY_RUN
        today = local_day(game.event, at)
        due = today + timedelta(days=SUBMISSION_DAYS)
        case = self.records.new_case(
            session,
            actor,
            game.event,
            CaseKind.ADJUDICATION,
            at,
            game=game,
            statement=None,
            details={
                "reason": reason,
                "due": due.isoformat(),
                "submissions": {},
                "tablebase": self._tablebase(game.fen),
            },
            evidence_games=[game],
        )
        case.due_on = due + timedelta(days=1)
        people = [game.white, game.black, *officials(game.event, case)]
        self.records.notify(
            session,
            case,
            people,
            Kind.UNFINISHED,
            event=game.event.code,
            day=today.isoformat(),
            game=game.id,
            until=due.isoformat(),
        )
        return case

    def submit(
        self,
        actor: Actor,
        game_id: int,
        claim: str,
        reasoning: str,
        *,
        analysis: str | None = None,
        move: str | None = None,
    ) -> CaseView:
        """A player's materials for adjudication: the claimed result with its
        reasoning, optional analysis, and (the player to move) their move."""
        now = self.ctx.now()
        if claim not in ("win", "draw", "loss"):
            raise errors.InvalidInput(field="claim", reason=N_("claim a win, a draw or a loss"))
        if not reasoning.strip():
            raise errors.InvalidInput(field="reasoning", reason=N_("say why (Art. 56.9.4)"))
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            player = acting_player(session, actor, game, None, N_("submit"))
            case = session.scalar(
                select(Case)
                .where(
                    Case.game_id == game.id,
                    Case.kind == CaseKind.ADJUDICATION,
                    Case.status == CaseStatus.OPEN,
                )
                .with_for_update()
            )
            if case is None:
                raise errors.NotFound(
                    kind="case", ref=N_("adjudication of game {game_id}", game_id=game.id)
                )
            today = local_day(game.event, now)
            due = date.fromisoformat(case.details["due"])
            if today > due:
                raise errors.SubmissionTooLate(
                    case_id=case.id, until=due.isoformat(), today=today.isoformat()
                )
            color = "white" if player.id == game.white_id else "black"
            submissions = dict(case.details.get("submissions", {}))
            if color in submissions:
                raise errors.CaseState(
                    case_id=case.id, status="submitted", action=N_("submitted twice")
                )
            stated = None
            to_move = game.white_to_move == (color == "white")
            # Only the player to move when the game stopped states a move.
            stated_already = any(sub.get("move") for sub in submissions.values())
            if game.status == GameStatus.ADJUDICATION and to_move and not stated_already:
                if not (move and move.strip()):
                    raise errors.InvalidInput(
                        field="move",
                        reason=N_("the player to move states their move (Art. 56.9.4)"),
                    )
                stated = self.games.record_stated_move(session, actor, game, player, move, now)
            submissions[color] = {
                "claim": claim,
                "reasoning": reasoning,
                "analysis": analysis,
                "move": stated,
                "at": now.isoformat(),
            }
            details = {**case.details, "submissions": submissions}
            if stated is not None:
                details["tablebase"] = self._tablebase(game.fen)
            case.details = details
            add_entry(session, case, actor, now, "submitted", reasoning, claim=claim, move=stated)
            if game.status == GameStatus.FINISHED:
                # The stated move ended the game (mate, stalemate, ...).
                self._close(session, case, actor, now, DECISION_OF[game.result.value], "over")
            elif len(submissions) == 2:
                agreed = {claimed(c, s["claim"]) for c, s in submissions.items()}
                if len(agreed) == 1:
                    # 56.9.5: the claims agree: that is the result, no adjudication.
                    (result,) = agreed
                    reason = (
                        ResultReason.AGREED_DRAW
                        if result == GameResult.DRAW
                        else ResultReason.RESIGNATION
                    )
                    self.games.finish(session, actor, game, result, reason, now)
                    self._close(session, case, actor, now, DECISION_OF[result.value], "agreed")
            return self.reader.view(session, case, actor)

    def analyse(self, actor: Actor, case_id: int) -> CaseView:
        """Stockfish's evidence for the adjudicator: the final position
        assessed, and each player's analysis checked move by move. Computed
        outside the transaction (the engine takes its time), then stored."""
        with self.ctx.db.read() as session:
            case = find_case(session, case_id)
            if case.kind != CaseKind.ADJUDICATION or case.game is None:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("analysed by the engine")
                )
            require_decider(session, actor, case, N_("analyse case {case_id}", case_id=case.id))
            fen = case.game.fen
            chess960 = case.game.chess960
            submissions = dict(case.details.get("submissions", {}))
        board = chess.Board(fen, chess960=chess960)
        with engine_mod.engine(self.engine_path, self.engine_depth) as stockfish:
            if stockfish is None:
                raise errors.InvalidInput(
                    field="engine",
                    reason=N_("Stockfish is not installed (apt-get install stockfish)"),
                )
            evidence: dict[str, Any] = {"position": as_json(stockfish.assess(board)), "checks": {}}
            for color, sub in submissions.items():
                moves = engine_mod.analysis_moves(sub.get("analysis") or "", board)
                if moves:
                    evidence["checks"][color] = as_json(stockfish.check_line(board, moves))
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            case = find_case(session, case_id, lock=True)
            if case.game is None or case.game.fen != fen:
                raise errors.CaseState(
                    case_id=case.id, status="changed", action=N_("analysed: the position moved on")
                )
            case.details = {**case.details, "engine": evidence}
            add_entry(session, case, actor, now, "analysed", None, depth=self.engine_depth)
            return self.reader.view(session, case, actor)

    def _close(
        self, session: Session, case: Case, actor: Actor, now: datetime, decision: str, how: str
    ) -> None:
        case.status = CaseStatus.CLOSED
        case.decision = decision
        case.decided_at = now
        case.decided_on = local_day(case.event, now)
        case.due_on = None
        add_entry(session, case, actor, now, how, None, decision=decision)
        self.records.notify(
            session,
            case,
            parties_of(session, case),
            Kind.CASE_CLOSED,
            decision=decision,
        )

    def _tablebase(self, fen: str) -> dict[str, Any] | None:
        verdict = tablebase.probe(fen, self.tablebases)
        return as_json(verdict) if verdict else None
