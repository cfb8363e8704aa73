"""What a session keeps for its own transaction: the one module that touches ``Session.info``.

A memo saves reading or computing the same thing twice in one unit of work
(a move and its answers, one message of the email gateway, a batch of the
daily run). Each kind is a :class:`Memo`, declared once where it is used,
with what it keeps and when it is dropped; its key in ``Session.info`` is
its name, spelled as the module that declares it and what it keeps
(``cc.store.rows.pending``), so no two kinds share one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from sqlalchemy.orm import Session

T = TypeVar("T")


class Memo(Generic[T]):
    """One kind of thing a session keeps, under its own key of ``Session.info``.

    >>> from sqlalchemy.orm import Session
    >>> SEEN = Memo[set[int]]("cc.example.seen", "ids seen; never dropped")
    >>> session = Session()
    >>> SEEN.get(session) is None
    True
    >>> SEEN.setdefault(session, set).add(1)
    >>> SEEN.setdefault(session, set)
    {1}
    >>> SEEN.put(session, {2}); SEEN.get(session)
    {2}
    >>> SEEN.drop(session); SEEN.drop(session); SEEN.get(session) is None
    True
    """

    def __init__(self, name: str, doc: str) -> None:
        #: the key in ``Session.info``
        self.name = name
        #: what it keeps, and when it is dropped
        self.__doc__ = doc

    def __repr__(self) -> str:
        return f"Memo({self.name!r})"

    def get(self, session: Session) -> T | None:
        """What ``session`` keeps, or None."""
        return session.info.get(self.name)

    def setdefault(self, session: Session, factory: Callable[[], T]) -> T:
        """What ``session`` keeps, kept first as ``factory()`` if nothing is."""
        info = session.info
        found = info.get(self.name)
        if found is None:
            found = info[self.name] = factory()
        return found

    def put(self, session: Session, value: T) -> None:
        """Keep ``value`` in ``session``, in place of what it kept."""
        session.info[self.name] = value

    def drop(self, session: Session) -> None:
        """Forget what ``session`` keeps (nothing if it keeps nothing)."""
        session.info.pop(self.name, None)


__all__ = ["Memo"]
