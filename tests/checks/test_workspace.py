"""checks/workspace and the evidence filter: what a run changed, without generated files."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.workspace import (
    added_count,
    added_lines,
    changed_paths,
    files_before_turn,
    first_line,
    workspace_path,
)
from pytest_harnessif.evidence import is_generated
from pytest_harnessif.testing import make_run, turn

BASE = {"src/pkg/a.py": "x = 1\n", "README.md": "# r\n", "old.txt": "o\n"}


@pytest.mark.parametrize(
    ("path", "artefact"),
    [
        (".venv/lib/python3.11/site-packages/x.py", True),
        (".tox/py311/log.txt", True),
        ("src/pkg.egg-info/PKG-INFO", True),
        (".coverage", True),
        ("src/pkg/__pycache__/a.cpython-311.pyc", True),
        (".git/HEAD", True),
        (".pytest_cache/README.md", True),
        ("src/pkg/a.py", False),
        ("docs/venv.md", False),
        ("src/coverage.py", False),
        ("eggs/info.txt", False),
    ],
)
def test_is_generated(path: str, artefact: bool) -> None:
    assert is_generated(path) is artefact


def test_changed_created_and_deleted_without_artefacts() -> None:
    final = {
        **BASE,
        "src/pkg/a.py": "x = 2\n",
        "src/pkg/b.py": "y = 1\n",
        "src/pkg.egg-info/PKG-INFO": "m\n",
        ".coverage": "c",
        "src/pkg/__pycache__/a.cpython-311.pyc": "\0",
    }
    del final["old.txt"]
    run = make_run(initial=BASE, final=final)
    assert changed_paths(run) == ["old.txt", "src/pkg/a.py", "src/pkg/b.py"]
    assert changed_paths(run, "src/**") == ["src/pkg/a.py", "src/pkg/b.py"]
    assert [f.path for f in run.changed()] == ["src/pkg/a.py", "src/pkg/b.py"]
    assert run.created() == ["src/pkg/b.py"]


def test_turn_changes_and_files_before_turn() -> None:
    one = {**BASE, "README.md": "# r\n\nmore\n"}
    two = {**one, "src/pkg/a.py": "x = 3\n", ".tox/log": "l"}
    run = make_run(initial=BASE, final=two, turns=[turn("a", "r", files=one), turn("b", "r", files=two)])
    assert run.changed_in_turn(0) == ["README.md"]
    assert run.changed_in_turn(1) == ["src/pkg/a.py"]
    assert files_before_turn(run, 0) == run.initial_files
    assert files_before_turn(run, 1)["README.md"] == b"# r\n\nmore\n"


def test_added_lines() -> None:
    final = {**BASE, "README.md": "# r\nnew  \n", "data.bin": "a\0b\nc\n", ".venv/x.py": "v\n"}
    run = make_run(initial=BASE, final=final)
    assert added_lines(run) == [("README.md", "new  "), ("data.bin", "a\0b"), ("data.bin", "c")]
    assert added_lines(run, text_only=True) == [("README.md", "new  ")]
    assert added_lines(run, "**/*.py") == []


@pytest.mark.parametrize(
    ("raw", "path"),
    [("./src/a.py", "src/a.py"), ("src//b/../a.py", "src/a.py"), ("/tmp/x", "/tmp/x"), ("a.py", "a.py")],
)
def test_workspace_path(raw: str, path: str) -> None:
    assert workspace_path(raw) == path


@pytest.mark.parametrize(
    ("before", "after", "count"),
    [
        (b"a\nb\n", b"a\nB\nc\n", 2),  # one replaced, one inserted
        (None, b"x\ny", 2),
        (b"a\nb\n", b"a\n", 0),  # deletions add nothing
        (b"a\n", None, 0),
        (b"a\nb\n", b"a\nb\n", 0),
    ],
)
def test_added_count(before: bytes | None, after: bytes | None, count: int) -> None:
    assert added_count(before, after) == count


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"\xef\xbb\xbf# header\r\nrest\n", "# header"),
        (b"# header  \n", "# header"),
        (b"\n# second\n", ""),
        (b"", ""),
    ],
)
def test_first_line(data: bytes, line: str) -> None:
    assert first_line(data) == line
