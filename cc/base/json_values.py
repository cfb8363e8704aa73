"""Values as JSON: what every door answers and every audit entry records.

The services answer dataclasses; the API, the console's ``--json`` and the
audit log's details all need the same plain form of them, so it is made once
here, below every domain.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import date, datetime
from typing import Any


def as_json(value: Any) -> Any:
    """Dataclasses, dates and instants turned into plain JSON values."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: as_json(v) for k, v in asdict(value).items()}
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_json(v) for v in value]
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value
