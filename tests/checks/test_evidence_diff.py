"""`Run.diff`: a glob restricts it, `keep` takes paths as they are (a changed `pages/[id].js` is no glob)."""

from __future__ import annotations

import glob

from pytest_harnessif.checks.render import turn_diff
from pytest_harnessif.testing import make_run, turn

ROUTE = "pages/[id].js"


def test_diff_keeps_exact_paths_that_a_glob_would_read_as_character_classes() -> None:
    run = make_run(initial={ROUTE: "a\n", "pages/i.js": "b\n"}, final={ROUTE: "A\n", "pages/i.js": "B\n"})
    assert "+++ b/pages/i.js" in run.diff(ROUTE) and ROUTE not in run.diff(ROUTE)  # `[id]` is one of `i`, `d`
    kept = run.diff(keep={ROUTE}.__contains__)
    assert "+++ b/pages/[id].js" in kept and "+A\n" in kept and "pages/i.js" not in kept
    assert run.diff(glob.escape(ROUTE)) == kept
    assert run.diff("**/*.py", keep=lambda p: True) == ""


def test_diff_of_and_turn_diff_take_paths_as_they_are() -> None:
    final = {ROUTE: "A\n", "pages/i.js": "B\n"}
    run = make_run(initial={ROUTE: "a\n", "pages/i.js": "b\n"}, final=final, turns=[turn("go", "done", files=final)])
    assert run.diff_of([ROUTE]) == run.diff(keep={ROUTE}.__contains__)
    only = turn_diff(run, 0, paths=[ROUTE])
    assert "+++ b/pages/[id].js" in only and "pages/i.js" not in only
    assert "pages/i.js" in turn_diff(run, 0, ROUTE)  # as a glob, `[id]` is a character class
