"""A game's draw offers as its mail reads them: the one open, and the moves
that carried one (the mark in the standard form)."""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from cc.base.kinds import DrawOfferStatus
from cc.store import loads
from cc.store.models import DrawOffer, Game, Move

#: a game's draw offers, and its moves' players and times (built once)
_OFFERS = select(DrawOffer.ply, DrawOffer.offered_by_id, DrawOffer.answered_at).where(
    DrawOffer.game_id == bindparam("game_id")
)
_MOVERS = select(Move.ply, Move.player_id, Move.sent_at).where(Move.game_id == bindparam("game_id"))
#: a player's own open offer in a game
_OPEN_OFFER = select(DrawOffer.id).where(
    DrawOffer.game_id == bindparam("game_id"),
    DrawOffer.offered_by_id == bindparam("player_id"),
    DrawOffer.status == DrawOfferStatus.OPEN,
)


def offer_plies(session: Session, game: Game) -> set[int]:
    """The plies whose move carried a draw offer, for the mark in the form:
    an offer made with a move, or standing when its player moved, goes with
    that move; one made after the player's own move goes with that move."""
    offers = loads.read(session, _OFFERS, {"game_id": game.id})
    if not offers:
        return set()
    moves = {
        ply: (player_id, sent_at)
        for ply, player_id, sent_at in loads.read(session, _MOVERS, {"game_id": game.id})
    }
    plies: set[int] = set()
    for offer in offers:
        own = moves.get(offer.ply)
        if own is not None and own[0] == offer.offered_by_id:
            plies.add(offer.ply)
            continue
        after = moves.get(offer.ply + 1)
        if (
            after is not None
            and after[0] == offer.offered_by_id
            and (offer.answered_at is None or offer.answered_at >= after[1])
        ):
            plies.add(offer.ply + 1)
    return plies


def has_open_offer(session: Session, game_id: int, player_id: int) -> bool:
    """Whether the player's own draw offer stands in the game."""
    params = {"game_id": game_id, "player_id": player_id}
    return bool(loads.read(session, _OPEN_OFFER, params))


def open_offer_by(session: Session, game_id: int) -> int | None:
    """Who made the game's open draw offer; None when none is open."""
    return session.scalar(
        select(DrawOffer.offered_by_id).where(
            DrawOffer.game_id == game_id, DrawOffer.status == DrawOfferStatus.OPEN
        )
    )
