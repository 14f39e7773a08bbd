"""An issue instance's original tests on one workspace state (taskflow spec 10): its test patch applied, its test
command run on FAIL_TO_PASS and PASS_TO_PASS, each test's outcome read from pytest's `-rA` summary lines."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from ..sandbox.base import Sandbox
from ..swe import Instance

LOG = ".harnessif-tests.log"
KEPT = 60_000  # characters of the test output read back (the summary lines are at its end)
_LINE = re.compile(r"^(PASSED|FAILED|ERROR|XFAIL|XPASS) (.+)$", re.M)
PASSING = frozenset({"PASSED", "XPASS"})


@dataclass(frozen=True)
class TestRun:
    """The outcome of each original test (`PASSED`, `FAILED`, `ERROR`, `XFAIL`, `XPASS`, or `MISSING` when the output
    does not name it), and why none ran when the test patch did not apply (`problem`)."""

    outcomes: dict[str, str]
    fail_to_pass: tuple[str, ...]
    pass_to_pass: tuple[str, ...]
    exit_code: int
    output: str
    problem: str | None = None
    timed_out: bool = False

    def passing(self, tests: tuple[str, ...] | None = None) -> list[str]:
        return [t for t in (self.tests if tests is None else tests) if self.outcomes.get(t) in PASSING]

    @property
    def tests(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([*self.fail_to_pass, *self.pass_to_pass]))

    @property
    def resolved(self) -> bool:
        """SWE-bench's criterion: every FAIL_TO_PASS and every PASS_TO_PASS test passes."""
        return len(self.passing()) == len(self.tests)

    @property
    def rate(self) -> float:
        """Test-pass rate: passing / (FAIL_TO_PASS ∪ PASS_TO_PASS) (spec 10 [U], as recommended)."""
        return len(self.passing()) / len(self.tests)

    def describe(self) -> str:
        if self.problem:
            return self.problem
        f2p, p2p = self.passing(self.fail_to_pass), self.passing(self.pass_to_pass)
        failing = [f"{t} ({self.outcomes.get(t, 'MISSING')})" for t in self.tests if t not in set(f2p) | set(p2p)]
        head = (
            f"{len(f2p)}/{len(self.fail_to_pass)} FAIL_TO_PASS and {len(p2p)}/{len(self.pass_to_pass)} PASS_TO_PASS "
            "tests pass"
        )
        return head + (f"; not passing: {', '.join(failing[:8])}" + (" ..." if len(failing) > 8 else "") if failing
                       else "")  # fmt: skip


def outcomes(output: str, tests: tuple[str, ...]) -> dict[str, str]:
    """Each test's outcome from `-rA` summary lines (`PASSED id`, `FAILED id - message`); a test named on no line is
    MISSING; when a test is named twice (a setup error after a pass) the last line wins."""
    found: dict[str, str] = {}
    wanted = set(tests)
    for status, rest in _LINE.findall(output):
        rest = rest.rstrip()
        test = rest if rest in wanted else next((t for t in tests if rest.startswith(f"{t} - ")), None)
        if test is not None:
            found[test] = status
    return {t: found.get(t, "MISSING") for t in tests}


def run_tests(box: Sandbox, instance: Instance, timeout: float = 900.0) -> TestRun:
    """Apply the instance's test patch in `box` (a throwaway workspace: it is changed) and run its tests there."""
    f2p, p2p = tuple(instance.FAIL_TO_PASS), tuple(instance.PASS_TO_PASS)
    tests = tuple(dict.fromkeys([*f2p, *p2p]))
    if instance.test_patch:
        applied = box.exec("git apply --whitespace=nowarn -", timeout=120, stdin=instance.test_patch)
        if applied.exit_code != 0:
            problem = f"the test patch does not apply to this state: {applied.output.strip()[:500]}"
            return TestRun({t: "MISSING" for t in tests}, f2p, p2p, applied.exit_code, applied.output, problem)
    command = f"{instance.test_cmd} {' '.join(shlex.quote(t) for t in tests)}"
    script = f"{command} > {LOG} 2>&1; code=$?; tail -c {KEPT} {LOG}; rm -f {LOG}; exit $code"
    res = box.exec(script, timeout=timeout)
    problem = f"the tests timed out after {timeout:.0f} s" if res.timed_out else None
    return TestRun(outcomes(res.stdout, tests), f2p, p2p, res.exit_code, res.stdout[-KEPT:], problem, res.timed_out)
