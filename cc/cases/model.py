"""The cases' public vocabulary: the stored case, as the doors name it
(the tables themselves are the store's)."""

from __future__ import annotations

from cc.store.models import Case as Case
