"""The accounts' public vocabulary: the stored player, as the doors name it
(the tables themselves are the store's)."""

from __future__ import annotations

from cc.store.models import Player as Player
