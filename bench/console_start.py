"""Starting the console: ``cc --help`` against ``python -c "import click"``.

Both are fresh processes of the same interpreter, taken in turn; the
baseline is the interpreter with click and nothing of ours. The goal is at
most 3x: the console imports a command's module (and with it the services,
the store and the web app) only when that command runs. Medians of
repeated runs.

    .venv/bin/python bench/console_start.py [--repeat 9]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from goals import verdict  # noqa: E402

CC = str(Path(sys.executable).parent / "cc")


def seconds(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "CC_HOME": home}
        env.pop("CC_CONFIG", None)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        console, bare = [], []
        for _ in range(options.repeat):
            console.append(seconds([CC, "--help"], env))
            bare.append(seconds([sys.executable, "-c", "import click"], env))
    cc_help, click_only = statistics.median(console), statistics.median(bare)
    print(f"python -c 'import click': {click_only * 1000:.0f} ms")
    print(f"cc --help: {cc_help * 1000:.0f} ms")
    verdict("cc --help / import click", cc_help / click_only, 3)


if __name__ == "__main__":
    main()
