"""The games' public vocabulary: the stored game, as the doors name it (the
tables themselves are the store's)."""

from __future__ import annotations

from cc.store.models import Game as Game
