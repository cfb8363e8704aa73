"""The layers stay layers: doors -> services -> pure cores, and no cycle.

Read from the source with :mod:`ast` (nothing is imported): every import
statement counts, at module level or inside a function, including those for
type checking only. See docs/architecture.md.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the pure cores: rules without a database, a clock or a door
CORES = ("notation", "timekeeping", "standings", "adjudication")
#: what the rule services must never import: the doors, and what wires them
DOORS = (
    "mailgate",
    "cc.web",
    "cc.xfcc",
    "cc.cli",
    "cc.cli_cases",
    "cc.cli_people",
    "cc.cli_mail",
    "cc.cli_receipts",
    "cc.serve",
    "cc.site",
    "cc.bootstrap",
    "cc.scheduling",
    "cc.demo",
    "cc.reports",
    "cc.push",
)
#: the packages whose imports must form no cycle
PACKAGES = ("cc.services", "mailgate", "cc.web", "cc.xfcc", *CORES)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(*packages: str) -> Iterator[tuple[str, Path]]:
    for package in packages:
        for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
            yield module_name(path), path


def imports(name: str, path: Path) -> set[str]:
    """Every module ``name`` imports (``from a import b`` counts as a.b and a)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
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


def test_the_services_and_the_cores_import_no_door() -> None:
    offending = []
    for name, path in modules("cc.services", *CORES):
        for target in sorted(imports(name, path)):
            if any(within(target, door) for door in DOORS):
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


def package_of(module: str) -> str | None:
    """The package of :data:`PACKAGES` a module belongs to (the longest match)."""
    owners = [p for p in PACKAGES if within(module, p)]
    return max(owners, key=len) if owners else None


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {p: set() for p in PACKAGES}
    for name, path in modules(*PACKAGES):
        source = package_of(name)
        assert source is not None
        for target in imports(name, path):
            owner = package_of(target)
            if owner is not None and owner != source:
                graph[source].add(owner)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle in ``graph`` as the list of its nodes (first repeated last), or None."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_packages_import_each_other_without_a_cycle() -> None:
    graph = package_graph()
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])
    # The doors call the services; the services call the cores.
    assert {"cc.services"} <= graph["mailgate"] and {"cc.services"} <= graph["cc.xfcc"]
    assert not graph["cc.services"] & {"mailgate", "cc.web", "cc.xfcc"}


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
