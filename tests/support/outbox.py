"""The mail a site has queued, delivered to a local outbox and read back."""

from __future__ import annotations

from pathlib import Path

from cc.app.services import Services
from cc.office.outbox import Outbox


def sent_mail(site: Services, tmp_path: Path) -> list[object]:
    """Deliver what is queued (the embedded default's local relay) and read it."""
    import asyncio

    from mailgate.sender import LocalRelay, deliver_due

    box = Outbox(tmp_path / "outbox")
    asyncio.run(deliver_due(site.outbound, LocalRelay(), site.ctx.clock.now, box))
    return box.messages()  # type: ignore[return-value]
