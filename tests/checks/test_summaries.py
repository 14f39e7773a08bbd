"""checks/summaries: every runner's summary read in its own format, several added up, failing tests named."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.summaries import Counts, failing_tests, passed_count, read_counts, summaries


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


def test_green_red_and_passed_count() -> None:
    assert Counts(3, 0, 0, 0, 1).green and not Counts(0, 0, 0, 0, 1).green and Counts(1, 1, 0, 0, 1).red
    assert passed_count("unit: 35 passed\ncli: 17 passed") == 52 and passed_count("no tests ran in 0.01s") is None
    assert passed_count("lint: ok") is None
    assert [s.format for s in summaries("3 passed in 0.1s\nunit: 2 passed")] == ["pytest", "own"]


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
