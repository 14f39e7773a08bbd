"""checks/metrics_code: what the quantitative and conditional rules measure in code of any language."""

from __future__ import annotations

import pytest

from pytest_harnessif import NotApplicable
from pytest_harnessif.checks.code import definitions, found_or_na
from pytest_harnessif.checks.metrics_code import (
    case_name,
    existing_tests,
    length,
    lengthened_lines,
    selected_name,
    untested,
)
from pytest_harnessif.evidence import FileView
from pytest_harnessif.testing import make_run


def test_length_counts_from_the_header() -> None:
    py = FileView("a.py", b"@cache\n@other\ndef f(x):\n    return x\n")
    js = FileView("a.js", b"export function f(x) {\n  return x;\n}\n")
    assert [length(d) for d in definitions(py)] == [2] and [length(d) for d in definitions(js)] == [3]


def test_which_languages_lack_tests() -> None:
    assert untested(["src/a.py", "src/b.ts", "src/c.c"], ["tests/test_a.py", "test/b.test.js"]) == ["c"]
    assert untested(["src/c.c"], ["tests/cli_test.sh"]) == []
    assert untested(["src/a.py"], ["tests/data/rows.json"]) == ["python"]


@pytest.mark.parametrize(("changed", "missing"), [
    (["tests/test_cli.py"], []),            # pytest driving the built binary
    (["tests/cli.bats"], []),
    (["tests/run.sh"], []),
    (["tests/data/sample.txt"], ["c"]),
    (["web/app.test.js"], ["c"]),           # a test of other code, not under a test folder
    (["src/util.h"], ["c"]),
])
def test_what_covers_c_code(changed: list[str], missing: list[str]) -> None:
    assert untested(["src/crc.c"], changed) == missing


def test_case_names() -> None:
    assert case_name("tests/test_a.py::TestX.test_y") == "test_y"
    assert case_name("test/a.test.js::drops rows") == "drops rows"
    assert case_name("tests/t.c::test_parse") == "test_parse"
    assert case_name("test/a.test.js::regression › drops rows") == "drops rows"
    assert selected_name("test/a.test.js::regression › drops rows") == "regression › drops rows"
    assert selected_name("tests/test_a.py::TestRegression.test_y") == "TestRegression.test_y"


def test_only_lines_the_run_made_long_count() -> None:
    long = "x" * 90
    run = make_run(initial={"a.c": f"int a;\n/* {long} */\nint b;\n"},
                   final={"a.c": f"int b;\n/* {long} */\nint a;\n/* {long} more */\n"})
    added, over = lengthened_lines(run, ["a.c"], 80)
    assert added == 3 and [line for _, line in over] == [f"/* {long} more */"]


def test_existing_tests_a_failing_id_names() -> None:
    tests = "def test_x():\n    assert 1\n\n\ndef test_y():\n    assert 1\n"
    run = make_run(initial={"tests/test_a.py": tests, "tests/test_b.py": tests.replace("test_y", "test_w")})
    ids = ["tests/test_a.py::test_x", "test_y", "tests/new.py::test_x", "test_missing"]
    assert [(i, p, d.full_name) for i, p, d in existing_tests(run, ids)] == [
        ("tests/test_a.py::test_x", "tests/test_a.py", "test_x"), ("test_y", "tests/test_a.py", "test_y")]


def test_existing_tests_finds_a_described_case_by_its_title() -> None:
    """jest names a case with its describe blocks; node's TAP reporter by its title alone: both find it."""
    cases = "describe('sorting', () => {\n  it('keeps ties', () => {\n    expect(1).toBe(1);\n  });\n});\n"
    run = make_run(initial={"test/sort.test.js": cases})
    found = existing_tests(run, ["sorting › keeps ties", "keeps ties"])
    assert [(i, d.full_name) for i, _, d in found] == [("sorting › keeps ties", "sorting › keeps ties"),
                                                       ("keeps ties", "sorting › keeps ties")]


def test_found_or_na_names_what_it_cannot_read() -> None:
    run = make_run(final={"main.go": "package main\n"})
    with pytest.raises(NotApplicable, match=r"cannot read Go: main\.go"):
        found_or_na(run, [], "function changed")
    assert found_or_na(run, [1], "function changed") == [1]
