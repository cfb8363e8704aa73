"""The overstep a player may claim against their partner, and the refusal when none."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import CaseKind, GameStatus
from cc.base.regulations import Mode
from cc.cases.rules import claim_article
from cc.clock.ledger import LedgerService
from cc.store.models import Case, Game, Move
from notation import start


@dataclass(frozen=True)
class ClaimBasis:
    """What the record shows for a time claim: the overstep and its window."""

    game_id: int
    accused: str
    accused_name: str
    #: the accused's move on which the limit was passed, and the limit
    move: int
    limit: int
    total: int
    overstep_on: date
    cycle: int
    #: the accused's control move: the claim is due by the reply to it (56.6.1)
    control_move: int
    #: loses the game if upheld (post play's first overstep restarts the count)
    decisive: bool
    #: the article that sets the claim's window: 56.6.1 by email, 55.6.3 by post
    article: str = "56.6.1"


def claim_basis_of(session: Session, game: Game, claimant_id: int, now: datetime) -> ClaimBasis:
    """The overstep of the partner that ``claimant_id`` may claim in ``game``
    now (56.6.1, 55.6.1), or the refusal saying why none: a server game
    (54.5.2), a game over or suspended, a claim too late (no later than the
    reply to the control move) or barred (56.6.7), no overstep."""
    event = game.event
    if event.mode == Mode.SERVER:
        raise errors.ClaimNotInMode(game_id=game.id, mode=event.mode.value)
    if game.status != GameStatus.ONGOING:
        raise errors.GameOver(
            game_id=game.id,
            result=game.result.value,
            reason=game.result_reason.value if game.result_reason else game.status.value,
        )
    if game.suspended_by_case_id is not None:
        raise errors.CaseOpen(game_id=game.id, case_id=game.suspended_by_case_id)
    accused_white = claimant_id == game.black_id
    accused = game.white if accused_white else game.black
    claimant = game.black if accused_white else game.white
    color = chess.WHITE if accused_white else chess.BLACK
    ledger = LedgerService.compute(session, game, now)
    clock = ledger.player(accused_white)
    per = event.control_moves
    restart = event.mode == Mode.POST and not event.first_overstep_loses
    # Post play (55.6.4): an overstep already fixed is not claimed again,
    # and only an overstep after the restart can lose the game (55.6.6).
    fixed_before = clock.restarted_from_move or 0
    for over in reversed(clock.oversteps):
        if over.on > ledger.today or over.move_number < fixed_before:
            continue
        cycle = (over.move_number - 1) // per + 1
        control = cycle * per
        # the control counts the player's moves made in the game (Art. 26)
        reply_ply = start.nth_move_ply(control, color, game.plies_before) + 1
        if game.ply_count >= reply_ply:
            reply = session.scalar(
                select(Move).where(Move.game_id == game.id, Move.ply == reply_ply)
            )
            raise errors.ClaimTooLate(
                game_id=game.id,
                player=accused.login,
                control_move=control,
                replied_on=reply.sent_on.isoformat() if reply else "?",
                article=claim_article(event.mode),
            )
        barring = session.scalar(
            select(Case).where(
                Case.game_id == game.id,
                Case.kind == CaseKind.TIME_CLAIM,
                Case.claimant_id == claimant_id,
                Case.barred_cycle == cycle,
            )
        )
        if barring is not None:
            raise errors.ClaimBarred(
                who=claimant.login,
                game_id=game.id,
                first=control - per + 1,
                last=control,
                case_id=barring.id,
            )
        return ClaimBasis(
            game_id=game.id,
            accused=accused.login,
            accused_name=accused.name,
            move=over.move_number,
            limit=over.limit,
            # The days used up to and including the overstepping move:
            # what the record shows against its limit.
            total=clock.moves[over.move_number - 1].total,
            overstep_on=over.on,
            cycle=cycle,
            control_move=control,
            decisive=not (restart and clock.restarted_from_move is None),
            article=claim_article(event.mode),
        )
    raise errors.NoOverstep(
        game_id=game.id,
        player=accused.login,
        total=clock.total,
        limit=clock.total + clock.days_left,
    )
