"""bbpPairings, FIDE's endorsed Dutch pairing program, as the judge of the TRF
files the server writes: its checker reads a file and re-pairs every round.

The binary is looked for at ``$CC_BBPPAIRINGS`` or /tmp/bbp/bbpPairings.exe;
tests that need it are skipped without it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

BBP = Path(os.environ.get("CC_BBPPAIRINGS", "/tmp/bbp/bbpPairings.exe"))

needs_bbp = pytest.mark.skipif(not BBP.is_file(), reason=f"bbpPairings not found at {BBP}")


def complaints(trf: str, folder: Path, name: str = "event") -> list[str]:
    """What bbpPairings' checker (``--dutch FILE -c``) says of ``trf``
    beyond naming the rounds it checked: an empty list when it reads the file
    and pairs every round as the file does."""
    path = folder / f"{name}.trf"
    path.write_text(trf, encoding="utf-8")
    run = subprocess.run(
        [str(BBP), "--dutch", str(path), "-c"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    said = [
        line
        for line in run.stdout.splitlines()
        if line.strip() and not line.startswith(f"{name}: Round #")
    ]
    if run.returncode:
        said.append(f"exit {run.returncode}: {run.stderr.strip()}")
    return said


def generate(folder: Path, config: str, seed: int) -> str:
    """A random tournament bbpPairings' generator plays with ``config``
    (``PlayersNumber=9`` ... one a line): the TRF it writes."""
    cfg = folder / "generator.txt"
    cfg.write_text(config)
    out = folder / "generated.trf"
    subprocess.run(
        [str(BBP), "--dutch", "-g", str(cfg), "-o", str(out), "-s", str(seed)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return out.read_text(encoding="utf-8")
