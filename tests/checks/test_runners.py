"""checks/runners: options that run nothing per tool, and task runners followed through their dependencies."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.projectfiles import Project
from pytest_harnessif.checks.runners import classify


@pytest.mark.parametrize(
    ("argv", "tests"),
    [
        (("ctest", "-V"), True),                       # verbose
        (("ctest", "--test-dir", "build", "-VV"), True),
        (("mvn", "-V", "test"), True),                 # show the version, then build
        (("./mvnw", "-B", "-V", "verify"), True),
        (("pytest", "-V"), False),                     # pytest's version
        (("cargo", "test", "-V"), False),
        (("ctest", "-N"), False),
    ],
)
def test_dash_v_runs_nothing_only_where_it_means_version(argv: tuple[str, ...], tests: bool) -> None:
    assert classify(argv).tests is tests


MAKEFILE = b"ci: check\ncheck: unit lint\nunit:\n\tpytest -q\nlint:\n\truff check .\nloop: loop\n"
JUSTFILE = b"ci: check\ncheck: unit lint\nunit:\n    pytest -q\nlint:\n    ruff check .\nloop: loop\n"
TASKFILE = b"""version: '3'
tasks:
  ci:
    deps: [check]
  check:
    deps: [unit, lint]
  unit:
    cmds: [pytest -q]
  lint:
    cmds: [ruff check .]
  loop:
    deps: [loop]
"""


@pytest.mark.parametrize("runner", ["make", "just", "task"])
def test_dependencies_are_followed_at_any_depth(runner: str) -> None:
    project = Project({"Makefile": MAKEFILE, "justfile": JUSTFILE, "Taskfile.yml": TASKFILE})
    ci = classify((runner, "ci"), project)
    assert (ci.tests, ci.lint, ci.runner) == (True, True, f"{runner} ci")
    assert not classify((runner, "loop"), project).any


def test_an_entry_the_file_lacks() -> None:
    project = Project({"Makefile": b"build:\n\tcc -o app app.c\n", "justfile": b"build:\n    cc -o app app.c\n"})
    assert not classify(("make", "test"), project).any                 # make: no rule to make target
    assert classify(("just", "test"), project).tests                    # its name speaks
    assert not classify(("just", "build"), project).any
