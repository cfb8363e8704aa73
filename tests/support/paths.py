"""Where things are, for tests in any folder: the project root and tests/."""

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
