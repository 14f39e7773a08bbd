"""checks/summaries: every runner's summary read in its own format, several added up, failing tests named."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.summaries import (
    Counts,
    coverage_percent,
    failing_tests,
    read_counts,
    suite_counts,
    summaries,
)


@pytest.mark.parametrize(
    ("output", "passed", "failed", "errors", "skipped"),
    [
        ("....F\n=========== 1 failed, 4 passed, 1 skipped in 0.12s ===========", 4, 1, 0, 1),
        ("4 passed in 0.05s", 4, 0, 0, 0),
        ("2 passed, 1 xfailed, 3 warnings in 1.2s (0:00:01)", 2, 0, 0, 1),
        ("unit: 35 passed\ncli: 17 passed", 52, 0, 0, 0),
        ("FAIL test_x: tests/a.c:3: x == 1\nunit: 34 passed, 1 failed", 34, 1, 0, 0),
        ("....\n" + "-" * 70 + "\nRan 4 tests in 0.001s\n\nFAILED (failures=1, skipped=1)", 2, 1, 0, 1),
        ("Ran 3 tests in 0.0s\n\nOK", 3, 0, 0, 0),
        ("TAP version 13\nok 1 - a\nnot ok 2 - sorts by date\n1..2\n# tests 2\n# suites 0\n# pass 1\n# fail 1\n"
         "# cancelled 0\n# skipped 0\n# todo 0\n# duration_ms 5", 1, 1, 0, 0),
        ("✔ a (1ms)\nℹ tests 12\nℹ suites 2\nℹ pass 12\nℹ fail 0\nℹ cancelled 0\nℹ skipped 0\nℹ todo 0", 12, 0, 0, 0),
        ("not ok 6 - drops a late answer\n# pass 5\n# fail 2", 5, 2, 0, 0),         # `| grep -E '^# (pass|fail)'`
        ("Test Suites: 1 failed, 2 passed, 3 total\nTests:       1 failed, 11 passed, 12 total", 11, 1, 0, 0),
        (" Test Files  2 passed (2)\n      Tests  11 passed | 1 skipped (12)", 11, 0, 0, 1),
        ("  11 passing (30ms)\n  1 failing\n  2 pending", 11, 1, 0, 2),
        ("test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out\n"
         "test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured", 5, 0, 0, 1),
        ("100% tests passed, 0 tests failed out of 12", 12, 0, 0, 0),
        ("[INFO] Results:\n[INFO]\n[INFO] Tests run: 12, Failures: 1, Errors: 0, Skipped: 2", 9, 1, 0, 2),
        ("12 examples, 1 failure, 2 pending", 9, 1, 0, 2),
        ("1..3\nok 1 a\nnot ok 2 b\nok 3 c # skip no db", 1, 1, 0, 1),
    ],
)
def test_each_runners_summary(output: str, passed: int, failed: int, errors: int, skipped: int) -> None:
    counts = read_counts(output)
    assert (counts.passed, counts.failed, counts.errors, counts.skipped) == (passed, failed, errors, skipped)


def test_own_harness_lines() -> None:
    assert read_counts("HTTP/1.1 200 OK").summaries == 0 and read_counts("served: 200 ok").summaries == 0
    assert (read_counts("cli: 12 tests ok").passed, read_counts("cli: 12 tests ok").green) == (12, True)
    for output in ("unit: 35 passed\ncli: 2 failed", "unit: 35 passed\n2 tests failed"):
        counts = read_counts(output)
        assert (counts.passed, counts.failed, counts.summaries, counts.green) == (35, 2, 2, False)
    assert read_counts("FAILED tests/a.py::test_n - AssertionError: expected 3 failed").summaries == 0
    assert read_counts("cli: 0 failed").summaries == 0
    assert [(s.start, s.line) for s in summaries("x\nRan 3 tests in 0.1s\n\nOK\nunit: 2 passed")] == [(1, 3), (4, 4)]


def test_maven_per_class_lines_are_not_counted_again() -> None:
    out = ("[INFO] Tests run: 7, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.1 s - in a.ATest\n"
           "[INFO] Results:\n[INFO]\n[INFO] Tests run: 7, Failures: 0, Errors: 0, Skipped: 0")
    assert read_counts(out).passed == 7


def test_go_counts_cases_when_verbose_and_packages_otherwise() -> None:
    quiet = read_counts("ok  \texample.com/a\t0.01s\nok  \texample.com/b\t(cached)")
    assert (quiet.green, quiet.passed, quiet.summaries) == (True, 0, 2)
    red = read_counts("--- FAIL: TestX (0.00s)\nFAIL\nFAIL\texample.com/pkg\t0.01s\nok  \texample.com/other\t0.02s")
    assert red.red and not red.green
    verbose = read_counts("=== RUN   TestA\n--- PASS: TestA (0.00s)\n--- PASS: TestB (0.00s)\nok  \tx/y\t0.1s")
    assert verbose.passed == 2 and verbose.green


def test_green_red_and_passed_counts() -> None:
    assert Counts(3, 0, 0, 0, 1).green and not Counts(0, 0, 0, 0, 1).green and Counts(1, 1, 0, 0, 1).red
    assert sum(suite_counts("unit: 35 passed\ncli: 17 passed")) == 52 and suite_counts("no tests ran in 0.01s") == []
    assert suite_counts("lint: ok") == []
    assert [s.format for s in summaries("3 passed in 0.1s\nunit: 2 passed")] == ["pytest", "own"]


def test_suite_counts() -> None:
    assert suite_counts("unit: 35 passed\ncli: 17 passed\nlint: ok") == [35, 17]
    assert suite_counts("=== 1 failed, 11 passed in 0.4s ===") == [11]
    assert suite_counts("# tests 3\n# pass 3\n# fail 0") == [3]
    assert suite_counts("no tests ran in 0.01s") == []


def test_coverage_totals_of_every_reporter() -> None:
    assert coverage_percent("Name  Stmts  Miss  Cover\nTOTAL  120  12  90%\n12 passed") == 90
    assert coverage_percent("TOTAL  10  1  80%\n...\nTOTAL  10  0  95.5%") == 95.5
    assert coverage_percent("File | % Stmts | % Branch\nAll files |   87.5 |   80 |") == 87.5
    assert coverage_percent("ok  pkg  0.1s  coverage: 70.0% of statements\ntotal:\t(statements)\t72.5%") == 72.5
    assert coverage_percent("Summary coverage rate:\n  lines......: 85.0% (170 of 200 lines)") == 85
    assert coverage_percent("12 passed in 0.3s") is None


def test_failing_tests_in_each_runners_words() -> None:
    out = "\n".join([
        "FAILED tests/test_a.py::test_x[a b] - AssertionError: boom",
        "ERROR tests/test_b.py::TestY::test_z",
        "tests/test_c.py::test_w FAILED                                   [ 50%]",
        "FAIL: test_parse (tests.test_parser.ParserTest.test_parse)",
        "--- FAIL: TestRefund (0.00s)",
        "test ledger::tests::sums ... FAILED",
        "not ok 3 - sorts rows by date",
        "  ● SearchBox › clears the query",
        "FAIL test_roundtrip: tests/test_record.c:40: got == want",
        "1 failed",
    ])
    assert failing_tests(out) == [
        "tests/test_a.py::test_x[a b]", "tests/test_b.py::TestY::test_z", "tests/test_c.py::test_w",
        "tests.test_parser.ParserTest.test_parse", "TestRefund", "ledger::tests::sums", "sorts rows by date",
        "SearchBox › clears the query", "test_roundtrip"]
