"""The house keeps its map: layers that import only downward, no cycle.

Read from the source with :mod:`ast` (nothing is imported): every import
statement counts, at module level, inside a function or for type checking
only. The table of layers is the one docs/architecture.md draws. Where the
code still breaks a rule it is listed below with the rule (a ratchet): a new
breach fails, and so does a listed one that is gone, so each list only
shrinks.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy

ROOT = Path(__file__).resolve().parent.parent

#: the layers, lowest first: a module imports only from its own package or a
#: package of a lower layer; packages of one layer do not import each other
LAYERS: tuple[tuple[str, ...], ...] = (
    # the pure cores: rules without a database, a clock or a door
    ("notation", "timekeeping", "standings", "adjudication"),
    ("cc.text",),  # every message in both languages
    ("cc.base",),  # what needs no database: refusals, the clock, regulations
    ("cc.store",),  # models, engines, SQLAlchemy's internals, session memos
    ("migrations",),  # alembic's scripts: the store finds them by path
    ("cc.kernel",),  # who is asking, lookups, access, the notice hub
    ("cc.office", "cc.ratings"),
    ("cc.accounts",),
    ("cc.clock",),  # the day ledger and what feeds it
    ("cc.events",),
    ("cc.games",),  # a game's end advances its event
    ("cc.cases",),
    ("cc.views",),
    ("cc.notify",),
    ("cc.app",),  # the services facade and the daily run
    # the doors: each medium into service calls and back
    ("cc.xfcc",),
    ("mailgate",),
    ("cc.web",),  # serves Xfcc, and pushes mailgate's texts to browsers
    ("cc.run",),  # one site, wired, and the processes it serves
    ("cc.console",),  # the command builds the site
)
CORES = LAYERS[0]
DOORS = ("cc.xfcc", "mailgate", "cc.web", "cc.console")
#: what a search for modules covers: every package of the table
PACKAGES = tuple(p for layer in LAYERS for p in layer)

#: Cycles of modules still to break at their cause (each as its sorted members).
KNOWN_CYCLES: set[tuple[str, ...]] = set()

#: Doors that still import the store.
KNOWN_DOORS_ON_THE_STORE: set[str] = set()

#: Modules that still use ``Session.info`` outside the store's memo module.
KNOWN_SESSION_INFO: set[str] = set()

#: Modules still longer than the limit, to be split by what they hold.
KNOWN_LONG: set[str] = set()
#: a module past this many lines holds two things
LONGEST = 600


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(*packages: str) -> Iterator[tuple[str, Path]]:
    for package in packages:
        for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
            yield module_name(path), path


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def imports(name: str, path: Path) -> set[str]:
    """Every module ``name`` imports (``from a import b`` counts as a.b and a)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def package_of(module: str) -> str | None:
    """The package of :data:`PACKAGES` a module belongs to (the longest match)."""
    owners = [p for p in PACKAGES if within(module, p)]
    return max(owners, key=len) if owners else None


def layer_of(package: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if package in layer)


def all_modules() -> dict[str, Path]:
    return dict(modules(*PACKAGES))


def test_every_package_of_the_server_has_its_layer() -> None:
    """A new package must be placed in the table before anything can import it."""
    unplaced = set()
    for name, _path in modules("cc"):
        parts = name.split(".")
        if len(parts) > 1 and package_of(name) is None:
            unplaced.add(".".join(parts[:2]))
    assert unplaced == set()


def test_imports_go_only_down_the_layers() -> None:
    offending = []
    for name, path in all_modules().items():
        source = package_of(name)
        assert source is not None
        for target in sorted(imports(name, path)):
            owner = package_of(target)
            if owner is None or owner == source:
                continue
            if layer_of(owner) >= layer_of(source):
                offending.append(f"{name} imports {target}")
    assert offending == []


def test_the_cores_stand_alone() -> None:
    """The pure cores import nothing of the server, nor of the gateway."""
    offending = []
    for name, path in modules(*CORES):
        for target in sorted(imports(name, path)):
            if within(target, "cc") or within(target, "mailgate"):
                offending.append(f"{name} imports {target}")
    assert offending == []


def module_graph() -> dict[str, set[str]]:
    known = all_modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        graph[name] = set()
        for target in imports(name, path):
            # "from a import b" names a.b, a module or only a name of a
            if target in known and target != name:
                graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """The strongly connected parts of more than one node (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[tuple[str, ...]] = set()
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.add(tuple(sorted(members)))
    return found


def test_no_two_modules_import_each_other_through_any_chain() -> None:
    assert cycles(module_graph()) == KNOWN_CYCLES


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {("a", "b", "c")}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == set()


def test_the_doors_reach_the_rules_through_the_services_not_the_store() -> None:
    found = set()
    for name, path in modules(*DOORS):
        if any(within(target, "cc.store") for target in imports(name, path)):
            found.add(name)
    assert found == KNOWN_DOORS_ON_THE_STORE


@functools.cache
def sqlalchemy_private_names() -> frozenset[str]:
    """Names SQLAlchemy keeps private (``_x`` defined in its source) that no
    module of ours defines for itself."""
    theirs: set[str] = set()
    for path in Path(sqlalchemy.__file__).parent.rglob("*.py"):
        theirs.update(_defined_private(ast.parse(path.read_bytes())))
    ours: set[str] = set()
    for _name, path in modules(*PACKAGES):
        ours.update(_defined_private(_tree(path)))
    return frozenset(theirs - ours)


def _defined_private(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def test_sqlalchemys_private_api_is_used_only_in_the_store() -> None:
    private = sqlalchemy_private_names()
    offending = []
    for name, path in all_modules().items():
        if within(name, "cc.store"):
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Attribute) and node.attr in private:
                offending.append(f"{name}:{node.lineno} .{node.attr}")
            elif isinstance(node, ast.ImportFrom) and within(node.module or "", "sqlalchemy"):
                offending.extend(
                    f"{name}:{node.lineno} {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_")
                )
    assert offending == []


def test_the_private_api_search_sees_the_store_use_it() -> None:
    """The search finds what the store's own modules do use (it can fail)."""
    private = sqlalchemy_private_names()
    assert {"_commit_all", "_register_altered", "_add_unpresent"} <= private


SESSION_INFO = re.compile(r"\bsession\.info\b|\bSession\.info\b")


def test_session_memos_are_kept_by_the_store_alone() -> None:
    found = set()
    for name, path in all_modules().items():
        if name == "cc.store.memos":
            continue
        if SESSION_INFO.search(path.read_text()):
            found.add(name)
    assert found == KNOWN_SESSION_INFO


def test_no_module_holds_two_things() -> None:
    long = set()
    for name, path in modules("cc", "mailgate"):
        if len(path.read_text().splitlines()) > LONGEST:
            long.add(name)
    assert long == KNOWN_LONG


#: folders of tests/ that are not a package's: the tests in a real browser
#: (they walk every package's pages), and what the tests share
TEST_FOLDERS_OF_THEIR_OWN = {"browser", "support", "fixtures", "data"}


def test_the_tests_mirror_the_packages() -> None:
    """A package's tests are found under its own name: tests/games/ for
    cc/games/, tests/mailgate/ for the email door, and none lie loose."""
    tests = ROOT / "tests"
    names = {p.rsplit(".", 1)[-1] for p in PACKAGES}
    folders = {p.name for p in tests.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    assert folders - names - TEST_FOLDERS_OF_THEIR_OWN == set()
    loose = sorted(p.name for p in tests.glob("test_*.py") if p.name != Path(__file__).name)
    assert loose == []
    for folder in folders - {"fixtures", "data"}:
        assert (tests / folder / "__init__.py").exists(), folder


def test_tests_share_through_support_not_through_each_other() -> None:
    """What two test files share lives in tests/support (or a folder's
    conftest.py): a test module imported by another would run its tests'
    set-up for readers who never open it, and hide where a helper lives."""
    tests = ROOT / "tests"
    borrowed = []
    for path in sorted(tests.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.rsplit(".", 1)[-1].startswith("test_")
            ):
                borrowed.append(f"{path.relative_to(tests)}: {node.module}")
    assert borrowed == []
