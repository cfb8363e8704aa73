"""The alembic revisions as main's own line of commits had them, read with git.

A revision that reached main was deployed by some site, so it never changes
after: each later commit of the first-parent line (the merges into main and
the commits made on it) keeps its ``down_revision`` and its operations, and
adds new revisions only on top of the head it found. A branch merged with
revisions of its own renumbers those, never main's.

"The same operations" is the abstract syntax tree of ``upgrade()`` and of
every module-level name it uses (helpers, constants, in turn), with
docstrings and type annotations left out. Comments, docstrings, formatting,
quotes and annotations change freely; any change to what runs (an argument, a
column's type, a statement added) is a change. The text of the file would
flag a reworded comment; the SQL alembic would emit depends on the backend
and its version, and cannot be had for a data migration without a database.
"""

from __future__ import annotations

import ast
import subprocess
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

VERSIONS = "migrations/versions"
ROOT = Path(__file__).resolve().parents[2]


class NoHistory(Exception):
    """The tree is not a git repository with commits (an exported tarball)."""


@dataclass(frozen=True)
class Revision:
    revision: str
    down_revision: str | None
    operations: str
    path: str


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    ).stdout


def has_history(repo: Path = ROOT) -> bool:
    try:
        return bool(git(repo, "rev-parse", "--verify", "--quiet", "HEAD").strip())
    except (OSError, subprocess.CalledProcessError):
        return False


def _strip(node: ast.AST) -> ast.AST:
    """``node`` without docstrings and annotations (a copy)."""
    node = ast.parse(ast.unparse(node)).body[0]  # a copy
    for child in ast.walk(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = child.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                child.body = body[1:] or [ast.Pass()]
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            child.returns = None
        if isinstance(child, ast.arg):
            child.annotation = None
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return ast.Assign(targets=[node.target], value=node.value, lineno=0)
    return node


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def operations(module: ast.Module) -> str:
    """The normalised form of what ``upgrade()`` runs (see the module's docstring)."""
    definitions: dict[str, ast.stmt] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            definitions[stmt.name] = stmt
        elif isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                for name in _names(target):
                    definitions[name] = stmt
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            definitions[stmt.target.id] = stmt
    for name in ("revision", "down_revision", "branch_labels", "depends_on", "downgrade"):
        definitions.pop(name, None)
    if "upgrade" not in definitions:
        return ""
    used: dict[str, str] = {}
    todo = ["upgrade"]
    while todo:
        name = todo.pop()
        if name in used or name not in definitions:
            continue
        node = _strip(definitions[name])
        used[name] = ast.dump(node)
        todo.extend(_names(node))
    return "\n".join(f"{name}: {used[name]}" for name in sorted(used))


def read_revision(source: str, path: str) -> Revision | None:
    module = ast.parse(source)
    values: dict[str, object] = {}
    for stmt in module.body:
        target = (
            stmt.targets[0]
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            else stmt.target
            if isinstance(stmt, ast.AnnAssign)
            else None
        )
        value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id in ("revision", "down_revision"):
            assert value is not None
            values[target.id] = ast.literal_eval(value)
    if "revision" not in values:
        return None
    down = values.get("down_revision")
    return Revision(
        revision=str(values["revision"]),
        down_revision=None if down is None else str(down),
        operations=operations(module),
        path=path,
    )


def _revision_files(paths: list[str]) -> list[str]:
    return [p for p in paths if p.endswith(".py") and not p.endswith("__init__.py")]


def state_at(repo: Path, commit: str, cache: dict[str, Revision | None]) -> dict[str, Revision]:
    """The revisions in ``commit``'s tree, by revision id."""
    found: dict[str, Revision] = {}
    for line in git(repo, "ls-tree", "-r", commit, f"{VERSIONS}/").splitlines():
        meta, path = line.split("\t", 1)
        if not _revision_files([path]):
            continue
        blob = meta.split()[2]
        if blob not in cache:
            cache[blob] = read_revision(git(repo, "cat-file", "blob", blob), path)
        revision = cache[blob]
        if revision is not None:
            found[revision.revision] = revision
    return found


def state_today(repo: Path) -> dict[str, Revision]:
    """The revisions in the working tree."""
    found: dict[str, Revision] = {}
    folder = repo / VERSIONS
    for path in sorted(_revision_files([str(p) for p in folder.glob("*.py")])):
        revision = read_revision(Path(path).read_text(encoding="utf-8"), path)
        if revision is not None:
            found[revision.revision] = revision
    return found


def first_parent_commits(repo: Path = ROOT) -> list[str]:
    """The commits of HEAD's first-parent line that changed a revision, oldest first."""
    if not has_history(repo):
        raise NoHistory(f"{repo} has no git history")
    return git(
        repo, "log", "--first-parent", "--reverse", "--format=%H", "HEAD", "--", VERSIONS
    ).split()


def head_of(state: dict[str, Revision]) -> str | None:
    parents = {r.down_revision for r in state.values()}
    heads = [r for r in state if r not in parents]
    assert len(heads) <= 1, f"several heads: {sorted(heads)}"
    return heads[0] if heads else None


def violations(
    states: list[tuple[str, dict[str, Revision]]], allowed: dict[tuple[str, str], str]
) -> list[str]:
    """Where a state of the line changed or removed a revision of the one before it,
    or added one anywhere but on its head. ``allowed`` holds the known
    exceptions, ``(commit prefix, revision)``: why."""
    found: list[str] = []

    def excused(commit: str, revision: str) -> bool:
        return any(commit.startswith(c) and r == revision for c, r in allowed)

    for (_, before), (commit, after) in pairwise(states):
        for rev, old in before.items():
            new = after.get(rev)
            if excused(commit, rev):
                continue
            if new is None:
                found.append(f"{commit[:9]} removes or renumbers revision {rev} ({old.path})")
            elif new.down_revision != old.down_revision:
                found.append(
                    f"{commit[:9]} changes the parent of revision {rev} "
                    f"from {old.down_revision} to {new.down_revision}"
                )
            elif new.operations != old.operations:
                found.append(f"{commit[:9]} changes what revision {rev} does ({new.path})")
        head = head_of(before)
        for rev, new in after.items():
            if rev in before or excused(commit, rev):
                continue
            down = new.down_revision
            while down is not None and down not in before and down in after:
                down = after[down].down_revision
            if down != head:
                found.append(
                    f"{commit[:9]} adds revision {rev} below the head {head} "
                    f"(it comes after {down}): new revisions go on top"
                )
    return found
