"""The events' public vocabulary: the stored event, as the doors name it
(the tables themselves are the store's)."""

from __future__ import annotations

from cc.store.models import Event as Event
