"""``cc event trf`` at the console: a started Swiss's section as FIDE's TRF,
on standard output or into a file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from standings.trf import read_trf
from tests.support.console import Console


def test_a_swiss_written_as_a_trf_at_the_console(console: Console) -> None:
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Chief Arbiter", "--role", "arbiter")
    for i in range(1, 6):
        console.run("player", "add", f"p{i}", "--name", f"Player {i}")
    today = datetime.now(UTC).date()
    console.event(
        "SW",
        "Open Swiss",
        today - timedelta(days=1),
        ("p1", "p2", "p3", "p4", "p5"),
        "--arbiter",
        "arb",
        "--system",
        "swiss",
        "--rounds",
        "3",
    )
    t = read_trf(console.run("event", "trf", "SW").stdout)
    assert t.name == "Open Swiss" and t.rounds == 3 and len(t.players) == 5
    assert t.played_rounds == 0  # round 1 is being played
    said = console.run("--lang", "ru", "event", "trf", "SW", "--output", "sw.trf").stdout
    assert "sw.trf" in said and "записан" in said
    assert read_trf((console.home / "sw.trf").read_text(encoding="utf-8")) == t
    console.refused("event", "trf", "SW", "--section", "Z", code="not_found")
    console.refused("event", "trf", "NOPE", code="not_found")
