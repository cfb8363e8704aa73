"""Main's revisions are append-only: a revision that reached main never changes.

A site deployed at any commit of main stands at that commit's head revision,
and the next ``cc db upgrade`` takes every revision below it as applied. So a
revision of main's first-parent line keeps its number, its parent and its
operations in every later commit and today, and new revisions go on top of
the head (see :mod:`tests.support.revision_history` for what "the same
operations" means). Merging a branch with revisions of its own renumbers the
branch's.
"""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

import pytest

from tests.support.revision_history import (
    ROOT,
    VERSIONS,
    NoHistory,
    Revision,
    first_parent_commits,
    git,
    read_revision,
    state_at,
    state_today,
    violations,
)

#: Changes main's line made before the rule held, (commit, revision): why each
#: is let be. Each is a commit of main's history; nothing is added here for a
#: new one: a revision that must change gets a new revision on top instead.
KNOWN = {
    ("bb9d131", "0006"): (
        "0006 was given its UPDATE of the games under way when the first sites were "
        "meant to keep their data; no site had been deployed to keep"
    ),
    ("604e4a4", "0009"): "0009 was given its UPDATE of the email and post games, as above",
    ("69a5afe", "0009"): "0009's kinds of case were given 'adjudication', as above",
    ("2fef119", "0027"): (
        "the Swiss merge put its 0026 before the knockout's 0027, which had revised 0025 "
        "since the knockout merge; revision 0032 adds what 0026 adds to the sites "
        "stamped 0027 in between"
    ),
    ("2fef119", "0026"): "0026 came in below the head 0027 in the same merge, as above",
}


def _states() -> list[tuple[str, dict[str, Revision]]]:
    try:
        commits = first_parent_commits(ROOT)
    except NoHistory:
        pytest.skip(
            f"{ROOT} has no git history (an exported tree): main's revisions cannot be "
            "compared with their earlier forms; run the tests in a clone"
        )
    cache: dict[str, Revision | None] = {}
    return [(c, state_at(ROOT, c, cache)) for c in commits] + [("today", state_today(ROOT))]


def test_no_revision_of_main_is_renumbered_reparented_or_changed() -> None:
    states = _states()
    assert len(states) > 1, "the first-parent line has no commit that added a revision"
    assert violations(states, KNOWN) == []


def test_the_known_exceptions_are_commits_of_main_that_did_what_they_say() -> None:
    """Each exception is needed: without it the history fails, so none hides another."""
    states = _states()
    for key in KNOWN:
        rest = {k: v for k, v in KNOWN.items() if k != key}
        found = violations(states, rest)
        assert any(f.startswith(key[0]) and f" {key[1]} " in f for f in found), (key, found)


def test_every_revision_file_names_its_revision() -> None:
    for revision in state_today(ROOT).values():
        assert Path(revision.path).name.startswith(revision.revision + "_"), revision.path


# ----------------------------------------------------- the rule on a made-up line


def _file(revision: str, down: str | None, body: str, doc: str = "A revision.") -> str:
    return textwrap.dedent(
        f'''\
        """{doc}"""

        from alembic import op
        import sqlalchemy as sa

        revision: str = "{revision}"
        down_revision: str | None = {down!r}

        WIDTH = 32


        def upgrade() -> None:
            {body}


        def downgrade() -> None:
            pass
        '''
    )


@pytest.fixture
def line(tmp_path: Path) -> Path:
    """A repository whose main line has 0001 and 0002 in two commits."""
    subprocess.run(["git", "init", "-q", "-b", "main", str(tmp_path)], check=True)
    for key, value in (("user.name", "Test"), ("user.email", "test@example.org")):
        git(tmp_path, "config", key, value)
    (tmp_path / VERSIONS).mkdir(parents=True)
    _write(tmp_path, "0001_a.py", _file("0001", None, 'op.create_table("a")'))
    _commit(tmp_path, "0001")
    _write(
        tmp_path,
        "0002_b.py",
        _file("0002", "0001", 'op.add_column("a", sa.Column("b", sa.String(WIDTH)))'),
    )
    _commit(tmp_path, "0002")
    return tmp_path


def _write(repo: Path, name: str, text: str) -> None:
    (repo / VERSIONS / name).write_text(text, encoding="utf-8")


def _commit(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def _found(repo: Path) -> list[str]:
    cache: dict[str, Revision | None] = {}
    states = [(c, state_at(repo, c, cache)) for c in first_parent_commits(repo)]
    return violations([*states, ("today", state_today(repo))], {})


def test_a_new_revision_on_top_and_reworded_text_pass(line: Path) -> None:
    _write(
        line,
        "0002_b.py",
        _file(
            "0002",
            "0001",
            "# a comment\n            op.add_column('a', sa.Column(\"b\", sa.String(WIDTH),))",
            doc="Reworded.",
        ),
    )
    _write(line, "0003_c.py", _file("0003", "0002", 'op.create_table("c")'))
    assert _found(line) == []


def _b_and_x(line: Path, b: tuple[str, str], x: tuple[str, str]) -> list[str]:
    """Write the revision adding column b and one creating table x, each as
    (revision, parent); what the check then finds."""
    column = 'op.add_column("a", sa.Column("b", sa.String(WIDTH)))'
    _write(line, f"{b[0]}_b.py", _file(*b, column))
    _write(line, f"{x[0]}_x.py", _file(*x, 'op.create_table("x")'))
    return _found(line)


def test_a_renumbered_revision_fails(line: Path) -> None:
    """A branch's 0002 merged as 0002, main's 0002 moved up to 0003."""
    (line / VERSIONS / "0002_b.py").rename(line / VERSIONS / "0003_b.py")
    found = _b_and_x(line, ("0003", "0002"), ("0002", "0001"))
    assert any("changes what revision 0002 does" in f for f in found), found
    _commit(line, "merge")
    assert any("changes what revision 0002 does" in f for f in _found(line))


def test_a_reparented_revision_fails(line: Path) -> None:
    """A branch's revision put between two of main's, as the Swiss merge did."""
    found = _b_and_x(line, ("0002", "0015"), ("0015", "0001"))
    assert any("changes the parent of revision 0002 from 0001 to 0015" in f for f in found)
    assert any("adds revision 0015 below the head 0002" in f for f in found), found


def test_a_revision_whose_operations_change_fails(line: Path) -> None:
    """Also through a helper or a constant upgrade() uses."""
    source = (line / VERSIONS / "0002_b.py").read_text(encoding="utf-8")
    _write(line, "0002_b.py", source.replace("WIDTH = 32", "WIDTH = 64"))
    assert _found(line) == [f"today changes what revision 0002 does ({line}/{VERSIONS}/0002_b.py)"]


def test_a_removed_revision_fails(line: Path) -> None:
    (line / VERSIONS / "0002_b.py").unlink()
    _commit(line, "gone")
    assert any("removes or renumbers revision 0002" in f for f in _found(line))


def test_the_operations_leave_out_docstrings_annotations_and_downgrade() -> None:
    one = read_revision(_file("0001", None, "op.create_table('a')"), "a.py")
    two = read_revision(
        _file("0001", None, '"""Makes a."""\n            op.create_table("a")', doc="Other.")
        .replace("def upgrade() -> None:", "def upgrade():")
        .replace("pass", "op.drop_table('a')"),
        "b.py",
    )
    assert one is not None and two is not None
    assert one.operations == two.operations
    assert "create_table" in one.operations
