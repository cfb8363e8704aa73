"""The three ways a written move can fail, each naming the text and position."""

from __future__ import annotations


class NotationError(ValueError):
    """A move text that does not give exactly one legal move."""

    kind = "error"

    def __init__(self, text: str, fen: str, reason: str) -> None:
        self.text = text
        self.fen = fen
        self.reason = reason
        super().__init__(f"{self.kind} move {text!r} in {fen}: {reason}")


class IllegibleMoveError(NotationError):
    """The text reads as no notation at all."""

    kind = "illegible"


class ImpossibleMoveError(NotationError):
    """The text reads, but no legal move in the position fits it."""

    kind = "impossible"


class AmbiguousMoveError(NotationError):
    """More than one legal move fits the text."""

    kind = "ambiguous"
