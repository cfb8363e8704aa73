"""Conditional moves (variants, 54.3.3, 56.3.7-56.3.9, 55.3.8-55.3.9).

A player registers lines "their reply, my answer, ..." while the partner is
to move; each line is private to its owner until it fires (§10.6). The
partner's move either follows a line, which then plays the owner's answer
at once, dated with the move that set it off, or defeats it: the line
lapses, and its owner is told which line and why (a CONDITIONAL_LAPSED
notice), once, since a line lapses only once.

:class:`ConditionalMoves` is handed the function that records a move
(:meth:`cc.games.moves.GameService.record_move`), with which a line plays
its answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

import notation
from cc.base import errors
from cc.base.kinds import Door, LineStatus
from cc.games import turns
from cc.games.forfeits import Forfeits
from cc.games.move_text import notation_reason
from cc.games.open_items import may_have_open
from cc.kernel.context import Actor, ServiceContext, audit, find_game
from cc.kernel.notifications import Kind, Notice
from cc.store.models import ConditionalLine, Event, Game, Player
from cc.text.i18n import N_, code
from notation import start


@dataclass(frozen=True)
class LineView:
    """One of the caller's conditional lines, from the next expected move."""

    id: int
    from_move: int
    moves: list[str]
    text: str


#: why a line lapsed (the ``reason`` of a CONDITIONAL_LAPSED notice)
DEVIATED = "deviated"
DRAW_OFFER = "draw_offer"
GAME_OVER = "game_over"
ILLEGAL = "illegal"


def line_san(fen: str, moves: list[str], chess960: bool = False) -> list[str]:
    """``moves`` (UCI) played from ``fen``, in SAN; a move that no longer
    fits the position is given as written.

    >>> line_san(chess.STARTING_FEN, ["e2e4", "e7e5"])
    ['e4', 'e5']
    """
    board = chess.Board(fen, chess960=chess960)
    sans = []
    for uci in moves:
        move = chess.Move.from_uci(uci)
        if board.is_legal(move):
            sans.append(board.san(move))
            board.push(move)
        else:
            sans.append(uci)
    return sans


class PlayMove(Protocol):
    """Records a move made in ``game`` and what follows from it: the game's
    end, and the lines it sets off (:meth:`ConditionalMoves.fire_lines`)."""

    def __call__(
        self,
        session: Session,
        actor: Actor,
        game: Game,
        event: Event,
        player: Player,
        board: chess.Board,
        move: chess.Move,
        when: datetime,
        now: datetime,
        stated_sent_on: date | None,
        fired: list[str] | None = None,
    ) -> object: ...


class ConditionalMoves:
    """Lines registered, listed, cancelled, fired and lapsed."""

    def __init__(self, ctx: ServiceContext, forfeits: Forfeits, *, play: PlayMove) -> None:
        self.ctx = ctx
        self.forfeits = forfeits
        #: records the answer a line plays
        self.play = play

    def add_line(
        self, actor: Actor, game_id: int, text: str, *, as_player: int | None = None
    ) -> int:
        """Register conditional moves while the partner is to move (54.3.3).

        ``text`` is the partner's expected move, then the answer, and so on,
        in any notation; several lines make branches. The line is private to
        its owner until it fires, and can be cancelled before that.
        """
        now = self.ctx.now()
        with turns.playing(
            self.ctx, self.forfeits, actor, game_id, as_player, N_("enter conditional moves")
        ) as (
            session,
            game,
            player,
            _now,
        ):
            color = chess.WHITE if player.id == game.white_id else chess.BLACK
            if turns.to_move(game) == color:
                raise errors.InvalidInput(
                    field="line",
                    reason=N_("it is your move: send it, with the line that follows it"),
                )
            line = self.parse_line(game, game.position(), text)
            return self.store_line(session, actor, game, player, line, now)

    def cancel_line(self, actor: Actor, line_id: int) -> None:
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            line = session.get(ConditionalLine, line_id, with_for_update=True)
            if line is None or line.player_id != actor.player_id:
                raise errors.NotFound(kind="conditional line", ref=line_id)
            if line.status != LineStatus.ACTIVE:
                raise errors.InvalidInput(
                    field="line",
                    reason=N_("it is {status}", status=code("status", line.status.value)),
                )
            line.status = LineStatus.CANCELLED
            line.closed_at = now
            audit(
                session, actor, now, "conditional_cancelled", game_id=line.game_id, line_id=line.id
            )

    def lines(self, actor: Actor, game_id: int, style: str = "san") -> list[LineView]:
        """The caller's own active lines in a game: ``moves`` in SAN (what the
        API gives), ``text`` in ``style``, the notation the player reads."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            rows = session.scalars(
                select(ConditionalLine)
                .where(
                    ConditionalLine.game_id == game.id,
                    ConditionalLine.player_id == actor.player_id,
                    ConditionalLine.status == LineStatus.ACTIVE,
                )
                .order_by(ConditionalLine.id)
            ).all()
            views = []
            for row in rows:
                sans = line_san(game.fen, row.moves[row.position :], game.chess960)
                first = start.move_number(row.next_ply, game.plies_before)
                text = notation.write_moves(
                    [chess.Move.from_uci(u) for u in row.moves[row.position :]],
                    style,
                    board=game.position(),
                )
                views.append(LineView(id=row.id, from_move=first, moves=sans, text=text))
            return views

    def parse_line(self, game: Game, board: chess.Board, text: str) -> list[str]:
        """A line read from ``board``: partner's move first, ending with the owner's."""
        if not game.event.conditional_moves:
            raise errors.InvalidInput(
                field="line", reason=N_("the regulations of this event allow no conditional moves")
            )
        read = notation.read_move_list(text, board)
        if read.failure is not None:
            failure = read.failure
            raise (
                errors.ImpossibleMove(
                    text=failure.text,
                    game_id=game.id,
                    fen=failure.error.fen,
                    reason=N_(
                        "move {number} of the line: {reason}",
                        number=failure.number,
                        reason=notation_reason(failure.error),
                    ),
                )
                if failure.error.kind != "illegible"
                else errors.IllegibleMove(
                    text=failure.text,
                    game_id=game.id,
                    fen=failure.error.fen,
                    reason=N_(
                        "move {number} of the line: {reason}",
                        number=failure.number,
                        reason=notation_reason(failure.error),
                    ),
                )
            )
        moves = [m.move.uci() for m in read.moves]
        if len(moves) < 2 or len(moves) % 2:
            raise errors.InvalidInput(
                field="line",
                reason=N_("a line gives the partner's move and your answer to it, in pairs"),
            )
        return moves

    @staticmethod
    def store_line(
        session: Session,
        actor: Actor,
        game: Game,
        player: Player,
        moves: list[str],
        now: datetime,
        *,
        next_ply: int | None = None,
    ) -> int:
        next_ply = next_ply or game.ply_count + 1
        for other in session.scalars(
            select(ConditionalLine).where(
                ConditionalLine.game_id == game.id,
                ConditionalLine.player_id == player.id,
                ConditionalLine.status == LineStatus.ACTIVE,
            )
        ):
            theirs = other.moves[other.position :]
            if other.next_ply != next_ply:
                continue
            # Branches may share the partner's moves, but then the answers must agree.
            for i in range(0, min(len(theirs), len(moves)), 2):
                if theirs[i] != moves[i]:
                    break
                if theirs[i + 1] != moves[i + 1]:
                    raise errors.Conflict(
                        what=N_("conditional line with another answer to the same moves"),
                        ref=N_("line {line_id}", line_id=other.id),
                    )
        line = ConditionalLine(
            game_id=game.id,
            player_id=player.id,
            moves=moves,
            position=0,
            next_ply=next_ply,
            status=LineStatus.ACTIVE,
            door=actor.door,
            created_at=now,
        )
        session.add(line)
        session.flush()
        audit(
            session,
            actor,
            now,
            "conditional_added",
            event_id=game.event_id,
            game_id=game.id,
            line_id=line.id,
            moves=moves,
        )
        return line.id

    def fire_lines(
        self,
        session: Session,
        game: Game,
        event: Event,
        mover: Player,
        ply: int,
        uci: str,
        san: str,
        before_fen: str,
        when: datetime,
        now: datetime,
        fired: list[str] | None,
    ) -> None:
        """The partner's lines answer the move just made, or lapse (§10.6).

        A fired move is dated when the move that set it off was sent, so it
        costs its player nothing; the proposer paid on the first move
        (56.4.6). A line the move defeats lapses, and its owner is told:
        the move was another (``deviated``), or it came with a draw offer,
        which only the owner may answer (``draw_offer``). Branches that lapse
        because another branch answered are not told: the move notice says
        what was played for the owner (``fired``).
        """
        owner = game.black if mover.id == game.white_id else game.white
        lines = session.scalars(
            select(ConditionalLine)
            .where(
                ConditionalLine.game_id == game.id,
                ConditionalLine.player_id == owner.id,
                ConditionalLine.status == LineStatus.ACTIVE,
            )
            .order_by(ConditionalLine.id)
        ).all()
        if not lines:
            return
        offer = turns.open_offer(session, game)
        reply: str | None = None
        lapsed: list[tuple[ConditionalLine, list[str]]] = []
        for line in lines:
            expected = line.moves[line.position]
            if line.next_ply != ply or expected != uci or offer is not None:
                # Another move, or a draw offer to answer: the owner decides.
                lapsed.append((line, line.moves[line.position :]))
                line.status = LineStatus.LAPSED
                line.closed_at = when
                continue
            reply = line.moves[line.position + 1]
            line.position += 2
            line.next_ply += 2
            if line.position >= len(line.moves):
                line.status = LineStatus.COMPLETED
                line.closed_at = when
        if reply is None:
            reason = DRAW_OFFER if offer is not None else DEVIATED
            for line, rest in lapsed:
                self._tell_lapsed(session, game, line, before_fen, rest, reason, move=san)
            return
        board = game.position()
        move = chess.Move.from_uci(reply)
        if not board.is_legal(move):  # checked when stored; the position is the one foreseen
            return
        if fired is not None:
            fired.append(board.san(move))
        actor = Actor(player_id=owner.id, door=Door.SYSTEM, label=f"conditional:{owner.login}")
        self.play(session, actor, game, event, owner, board, move, when, now, None, fired=fired)

    def lapse_all(self, session: Session, actor: Actor, game: Game, when: datetime) -> None:
        """The game is over: every active line lapses. Its owner is told
        (``game_over``) unless the owner ended the game themselves."""
        if not may_have_open(session, game.id, "lines"):
            return
        for line in session.scalars(
            select(ConditionalLine).where(
                ConditionalLine.game_id == game.id, ConditionalLine.status == LineStatus.ACTIVE
            )
        ):
            line.status = LineStatus.LAPSED
            line.closed_at = when
            if line.player_id != actor.player_id:
                self._tell_lapsed(
                    session, game, line, game.fen, line.moves[line.position :], GAME_OVER
                )

    def _tell_lapsed(
        self,
        session: Session,
        game: Game,
        line: ConditionalLine,
        fen: str,
        moves: list[str],
        reason: str,
        *,
        move: str | None = None,
    ) -> None:
        """CONDITIONAL_LAPSED to the line's owner: the moves it still held, in
        SAN from ``fen``, and why; keyed by the line, so told once."""
        params: dict[str, str | None] = {
            "line": " ".join(line_san(fen, moves, game.chess960)),
            "reason": reason,
        }
        if move is not None:
            params["move"] = move
        self.ctx.notifications.notify(
            session,
            Notice(
                recipient_id=line.player_id,
                kind=Kind.CONDITIONAL_LAPSED,
                game_id=game.id,
                event_id=game.event_id,
                params=params,
                key=f"conditional_lapsed:{line.id}",
            ),
        )
