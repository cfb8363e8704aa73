"""The front-end files shipped with the server are the ones the lockfile
names, built by scripts/build-assets: nothing is fetched at run time."""

from __future__ import annotations

import hashlib
import json

from tests.support.paths import ROOT

VENDOR = ROOT / "cc" / "web" / "static" / "vendor"


def test_shipped_assets_match_their_manifest_and_the_lockfile() -> None:
    manifest = json.loads((VENDOR / "MANIFEST.json").read_text())
    lock = json.loads((ROOT / "frontend" / "package-lock.json").read_text())
    wanted = json.loads((ROOT / "frontend" / "package.json").read_text())["dependencies"]
    for name, version in wanted.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
        assert manifest["packages"][name] == version, "run scripts/build-assets"
    shipped = {
        str(p.relative_to(VENDOR)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(VENDOR.rglob("*"))
        if p.is_file() and p.name != "MANIFEST.json"
    }
    assert shipped == manifest["files"]


def test_the_board_bundle_is_built_from_the_current_sources() -> None:
    manifest = json.loads((VENDOR / "MANIFEST.json").read_text())
    sources = {
        str(p.relative_to(ROOT)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted((ROOT / "frontend" / "src").rglob("*"))
        if p.is_file()
    }
    assert sources and manifest["sources"] == sources, "run scripts/build-assets"
    board = ("board.js", "chessground.base.css", "chessground.brown.css")
    board += ("chessground.cburnett.css", "LICENSE.chessground", "LICENSE.chessops")
    for name in board:
        assert f"board/{name}" in manifest["files"]
    for package in ("@lichess-org/chessground", "chessops", "esbuild"):
        assert package in manifest["packages"]


def test_the_accessibility_checker_is_the_locked_one_and_not_served() -> None:
    """axe-core is read by the browser tests from tests/support/vendor/; the
    site never serves it (nothing under cc/web/static names it)."""
    tests_vendor = ROOT / "tests" / "support" / "vendor"
    manifest = json.loads((tests_vendor / "MANIFEST.json").read_text())
    lock = json.loads((ROOT / "frontend" / "package-lock.json").read_text())
    wanted = json.loads((ROOT / "frontend" / "package.json").read_text())["devDependencies"]
    version = wanted["axe-core"]
    assert lock["packages"]["node_modules/axe-core"]["version"] == version
    assert manifest["packages"] == {"axe-core": version}, "run scripts/build-assets"
    shipped = {
        str(p.relative_to(tests_vendor)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(tests_vendor.rglob("*"))
        if p.is_file() and p.name != "MANIFEST.json"
    }
    assert shipped == manifest["files"]
    assert {"axe-core/axe.min.js", "axe-core/LICENSE"} <= set(shipped)
    static = ROOT / "cc" / "web" / "static"
    assert not [p for p in static.rglob("*") if "axe" in p.name.lower()]
