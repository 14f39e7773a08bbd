"""Test-run summaries in each runner's own format, read out of a command's output, and the tests they name as
failing.

`summaries(output)` finds every summary a test run printed — pytest (`=== 3 failed, 10 passed in 0.1s ===` and
`-q`'s bare line), unittest (`Ran 12 tests` then `OK` / `FAILED (failures=1)`), node's test runner (TAP `# pass 11`
and the spec reporter's `ℹ pass 11`), jest (`Tests: 1 failed, 11 passed, 12 total`), vitest (`Tests  11 passed |
1 failed (12)`), mocha (`11 passing`, `1 failing`), `go test` (`--- PASS`/`--- FAIL` lines, `ok`/`FAIL` package
lines), `cargo test` (`test result: ok. 12 passed; 0 failed`), ctest (`100% tests passed, 0 tests failed out of 12`),
Maven (`Tests run: 12, Failures: 0`), bats/TAP, rspec, phpunit, and a project's own harness (`unit: 35 passed,
0 failed`, `12 tests ok`, and a line of failures alone: `cli: 2 failed`). Each line is read by one format at most, so
one run is not counted twice; several summaries in one output (a `make test` running two suites, `cargo test` with
several test binaries) add up in `read_counts`, and `suite_counts` gives each one's passed count. Outputs are parsed
once each (cached). `coverage_percent` reads the total of a coverage report the same output may carry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Counts:
    """Test counts: passed, failed, errors, skipped, how many summaries they come from, and how many of those were
    green without a count (`go test`'s `ok  pkg`)."""

    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    summaries: int = 0
    uncounted_ok: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.passed + other.passed, self.failed + other.failed, self.errors + other.errors,
                      self.skipped + other.skipped, self.summaries + other.summaries,
                      self.uncounted_ok + other.uncounted_ok)

    @property
    def green(self) -> bool:
        """Some summary, no failure or error, and something passed."""
        return self.summaries > 0 and not self.failed and not self.errors and (self.passed > 0 or self.uncounted_ok > 0)

    @property
    def red(self) -> bool:
        return self.failed > 0 or self.errors > 0


@dataclass(frozen=True)
class Summary:
    """One summary: the format that printed it, its counts, the line (0-based) it ends on and the line it starts on."""

    format: str
    counts: Counts
    line: int
    start: int


# --- formats ---------------------------------------------------------------------------------------------------------

PYTEST = re.compile(r"^=*\s*((?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?|rerun)"
                    r"(?:, )?)+|no tests ran)(?: in [\d.]+s(?: \([^)]*\))?)?\s*=*$")
PAIR = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|warnings?|deselected|rerun)")
UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in [\d.]+s$")
UNITTEST_END = re.compile(r"^(OK|FAILED)(?: \((.*)\))?\s*$")
NODE = re.compile(r"^(?:#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) (\d+(?:\.\d+)?)\s*$")
JEST = re.compile(r"^Tests:\s+(.*?)(\d+) total\s*$")
VITEST = re.compile(r"^\s*Tests\s+(.*?)\s*\((\d+)\)\s*$")
MOCHA = re.compile(r"^\s*(\d+) (passing|failing|pending)(?: \(.*\))?\s*$")
GO_CASE = re.compile(r"^\s*--- (PASS|FAIL|SKIP): (\S+)")
GO_PACKAGE = re.compile(r"^(ok|FAIL)\s+\S+(?:\s+[\d.]+s|\s+\(cached\)|\s+\[.*\])?\s*$")
CARGO = re.compile(r"^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored")
CTEST = re.compile(r"^\d+% tests passed, (\d+) tests? failed out of (\d+)")
MAVEN = re.compile(r"^(?:\[\w+\]\s+)?Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$")
BATS = re.compile(r"^(\d+) tests?, (\d+) failures?(?:, (\d+) skipped)?")
RSPEC = re.compile(r"^(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?")
PHPUNIT_OK = re.compile(r"^OK \((\d+) tests?, \d+ assertions?\)")
PHPUNIT = re.compile(r"^Tests: (\d+), Assertions: \d+(?:, Errors: (\d+))?(?:, Failures: (\d+))?(?:, Skipped: (\d+))?")
TAP_PLAN = re.compile(r"^1\.\.(\d+)\s*$")
TAP_LINE = re.compile(r"^(ok|not ok) \d+\b(.*)$")
COMPANIONS = re.compile(r"^\s*(?:Test Suites:|Test Files\s|Snapshots:|Suites:|Duration\s|Start at\s)")
OWN = re.compile(r"(?:^|[\s:])(\d+) (?:tests? (?:passed|pass|ok)|passed|pass)\b(?:[,;]?\s+(\d+) (?:tests? )?failed)?",
                 re.I)
OWN_FAILED = re.compile(r"\b(\d+) (?:tests? )?failed\b", re.I)
OWN_FAILED_ONLY = re.compile(r"^\s*(?:[\w ./-]+:\s*)?(\d+) (?:tests? )?failed\b", re.I)


def _pytest(lines: list[str], i: int) -> tuple[Counts, int] | None:
    hit = PYTEST.match(lines[i].strip())
    if not hit:
        return None
    found = {kind.rstrip("s") if kind.startswith("error") else kind: int(n) for n, kind in PAIR.findall(hit.group(1))}
    return Counts(found.get("passed", 0) + found.get("xpassed", 0), found.get("failed", 0), found.get("error", 0),
                  found.get("skipped", 0) + found.get("xfailed", 0), 1), i


def _unittest(lines: list[str], i: int) -> tuple[Counts, int] | None:
    hit = UNITTEST_RAN.match(lines[i].strip())
    if not hit:
        return None
    for j in range(i + 1, min(len(lines), i + 4)):
        end = UNITTEST_END.match(lines[j].strip())
        if end:
            detail = dict(re.findall(r"([\w ]+?)=(\d+)", end.group(2) or ""))
            numbers = {k.strip(): int(v) for k, v in detail.items()}
            failed, errors = numbers.get("failures", 0), numbers.get("errors", 0)
            skipped = numbers.get("skipped", 0) + numbers.get("expected failures", 0)
            return Counts(int(hit.group(1)) - failed - errors - skipped, failed, errors, skipped, 1), j
    return None


def _node(lines: list[str], i: int) -> tuple[Counts, int] | None:
    """Node's closing block (`# tests 3` ... `# duration_ms 5`), also as a filter such as `grep -E '^# (pass|fail)'`
    leaves it: from its `pass` or `fail` line on."""
    first = NODE.match(lines[i].strip())
    if first is None or first.group(1) not in ("tests", "pass", "fail"):
        return None
    found, j = {}, i
    while j < len(lines) and (hit := NODE.match(lines[j].strip())):
        found[hit.group(1)] = int(float(hit.group(2)))
        j += 1
    return Counts(found.get("pass", 0), found.get("fail", 0), found.get("cancelled", 0),
                  found.get("skipped", 0) + found.get("todo", 0), 1), j - 1


Reader = Callable[[list[str], int], "tuple[Counts, int] | None"]


def _pairs(text: str) -> dict[str, int]:
    return {kind: int(n) for n, kind in re.findall(r"(\d+) (passed|failed|skipped|todo|pending)", text)}


def _listed(pattern: re.Pattern[str]) -> Reader:
    """A summary listing `N passed`, `N failed`, `N skipped`, `N todo` on one line (jest's `Tests:`, vitest's
    `Tests`)."""

    def read(lines: list[str], i: int) -> tuple[Counts, int] | None:
        hit = pattern.match(lines[i].strip())
        if not hit or ("passed" not in hit.group(1) and "failed" not in hit.group(1)):
            return None
        found = _pairs(hit.group(1))
        skipped = found.get("skipped", 0) + found.get("todo", 0)
        return Counts(found.get("passed", 0), found.get("failed", 0), 0, skipped, 1), i

    return read


def _mocha(lines: list[str], i: int) -> tuple[Counts, int] | None:
    hit = MOCHA.match(lines[i])
    if not hit or hit.group(2) != "passing":
        return None
    found, j = {}, i
    while j < len(lines) and (more := MOCHA.match(lines[j])):
        found[more.group(2)] = int(more.group(1))
        j += 1
    return Counts(found.get("passing", 0), found.get("failing", 0), 0, found.get("pending", 0), 1), j - 1


def _cargo(lines: list[str], i: int) -> tuple[Counts, int] | None:
    hit = CARGO.match(lines[i].strip())
    return (Counts(int(hit.group(1)), int(hit.group(2)), 0, int(hit.group(3)), 1), i) if hit else None


def _ctest(lines: list[str], i: int) -> tuple[Counts, int] | None:
    hit = CTEST.match(lines[i].strip())
    if not hit:
        return None
    failed, total = int(hit.group(1)), int(hit.group(2))
    return Counts(total - failed, failed, 0, 0, 1), i


def _maven(lines: list[str], i: int) -> tuple[Counts, int] | None:
    """Maven's totals (after `Results:`); the per-class `Tests run:` lines carry `Time elapsed` and are not read."""
    hit = MAVEN.match(lines[i].strip())
    if not hit or not any("Results" in line for line in lines[max(0, i - 8) : i]):
        return None
    run, failed, errors, skipped = (int(g) for g in hit.groups())
    return Counts(run - failed - errors - skipped, failed, errors, skipped, 1), i


def _counted(pattern: re.Pattern[str], builder: Callable[[re.Match[str]], Counts]) -> Reader:
    def read(lines: list[str], i: int) -> tuple[Counts, int] | None:
        hit = pattern.match(lines[i].strip())
        return (builder(hit), i) if hit else None

    return read


def _number(hit: re.Match[str], group: int) -> int:
    return int(hit.group(group) or 0)


READERS: tuple[tuple[str, Reader], ...] = (
    ("pytest", _pytest),
    ("unittest", _unittest),
    ("node", _node),
    ("jest", _listed(JEST)),
    ("vitest", _listed(VITEST)),
    ("mocha", _mocha),
    ("cargo", _cargo),
    ("ctest", _ctest),
    ("maven", _maven),
    ("bats", _counted(BATS, lambda h: Counts(_number(h, 1) - _number(h, 2) - _number(h, 3), _number(h, 2), 0,
                                             _number(h, 3), 1))),
    ("rspec", _counted(RSPEC, lambda h: Counts(_number(h, 1) - _number(h, 2) - _number(h, 3), _number(h, 2), 0,
                                               _number(h, 3), 1))),
    ("phpunit", _counted(PHPUNIT_OK, lambda h: Counts(_number(h, 1), 0, 0, 0, 1))),
    ("phpunit", _counted(PHPUNIT, lambda h: Counts(_number(h, 1) - _number(h, 2) - _number(h, 3) - _number(h, 4),
                                                   _number(h, 3), _number(h, 2), _number(h, 4), 1))),
)


def _go(lines: list[str], claimed: set[int]) -> Iterator[Summary]:
    """`go test`: counted from `--- PASS/FAIL/SKIP` lines when `-v` printed them, one summary per package line."""
    cases = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    packages: list[tuple[int, str]] = []
    for i, line in enumerate(lines):
        if i in claimed:
            continue
        if hit := GO_CASE.match(line):
            cases[hit.group(1)] += 1
            claimed.add(i)
        elif hit := GO_PACKAGE.match(line):
            packages.append((i, hit.group(1)))
            claimed.add(i)
    if not packages:
        return
    failed_packages = sum(kind == "FAIL" for _, kind in packages)
    ok = sum(kind == "ok" for _, kind in packages)
    counts = Counts(cases["PASS"], cases["FAIL"] or failed_packages, 0, cases["SKIP"], len(packages),
                    ok if not cases["PASS"] else 0)
    yield Summary("go", counts, packages[-1][0], packages[0][0])


def _tap(lines: list[str], claimed: set[int]) -> Iterator[Summary]:
    """Plain TAP (`1..N` with `ok`/`not ok` lines), as bats and tap print it."""
    for i, line in enumerate(lines):
        plan = TAP_PLAN.match(line.strip())
        if i in claimed or not plan:
            continue
        passed = failed = skipped = 0
        last = i
        for j in range(i + 1, len(lines)):
            hit = TAP_LINE.match(lines[j].strip())
            if hit is None:
                continue
            claimed.add(j)
            last = j
            if "# skip" in hit.group(2).lower() or "# todo" in hit.group(2).lower():
                skipped += 1
            elif hit.group(1) == "ok":
                passed += 1
            else:
                failed += 1
        claimed.add(i)
        if passed + failed + skipped:
            yield Summary("tap", Counts(passed, failed, 0, skipped, 1), last, i)


def _own(lines: list[str], claimed: set[int]) -> Iterator[Summary]:
    """A project's own harness: a line saying `N passed` (`unit: 35 passed, 2 failed`, `cli: 17 passed`, `12 tests
    ok`), or one saying only that some failed (`cli: 2 failed`, `3 tests failed`)."""
    for i, line in enumerate(lines):
        if i in claimed:
            continue
        if hit := OWN.search(line):
            failed = int(hit.group(2)) if hit.group(2) else int(m.group(1)) if (m := OWN_FAILED.search(line)) else 0
            counts = Counts(int(hit.group(1)), failed, 0, 0, 1)
        elif (only := OWN_FAILED_ONLY.match(line)) and int(only.group(1)):
            counts = Counts(0, int(only.group(1)), 0, 0, 1)
        else:
            continue
        claimed.add(i)
        yield Summary("own", counts, i, i)


@lru_cache(maxsize=256)
def summaries(output: str) -> tuple[Summary, ...]:
    """Every test summary in a command's output, in order (see the module docstring for the formats); cached, as
    several checks read the same outputs."""
    lines = output.splitlines()
    claimed: set[int] = set()
    found: list[Summary] = []
    for i in range(len(lines)):
        if i in claimed:
            continue
        if COMPANIONS.match(lines[i]):  # jest's and vitest's lines beside their test counts: not test counts
            claimed.add(i)
            continue
        for name, reader in READERS:
            got = reader(lines, i)
            if got is not None:
                counts, end = got
                claimed.update(range(i, end + 1))
                found.append(Summary(name, counts, end, i))
                break
    for extra in (_go, _tap, _own):
        found += list(extra(lines, claimed))
    return tuple(sorted(found, key=lambda s: s.line))


def read_counts(output: str) -> Counts:
    """The counts of every summary in `output`, added up."""
    total = Counts()
    for summary in summaries(output):
        total = total + summary.counts
    return total


def suite_counts(output: str) -> list[int]:
    """The passed count of each test summary in a command's output that counts something, in order (a `make test`
    running a unit suite and a CLI suite gives two; their sum is the run's passed count)."""
    return [s.counts.passed for s in summaries(output) if s.counts.passed or s.counts.failed or s.counts.errors]


COVERAGE_TOTALS = (
    re.compile(r"^TOTAL\s.*?(\d+(?:\.\d+)?)%\s*$", re.M),                          # coverage.py / pytest-cov, gcovr
    re.compile(r"^\s*All files\s*\|\s*(\d+(?:\.\d+)?)\s*\|", re.M),                    # istanbul: c8, nyc, jest
    re.compile(r"^total:\s+\(statements\)\s+(\d+(?:\.\d+)?)%\s*$", re.M),               # go tool cover -func
    re.compile(r"^\s*lines\.*:\s*(\d+(?:\.\d+)?)%", re.M),                               # lcov --summary
)


def coverage_percent(output: str) -> float | None:
    """The total of the last coverage report in a command's output, if any: the `TOTAL ... 87%` line of coverage.py
    (`pytest --cov`) and gcovr, the statements column of istanbul's `All files` row (c8, nyc, `jest --coverage`),
    `go tool cover -func`'s `total:` line, lcov's `lines......: 87.0%`."""
    hits = [(hit.start(), float(hit.group(1))) for pattern in COVERAGE_TOTALS for hit in pattern.finditer(output)]
    return max(hits)[1] if hits else None


# --- failing tests ---------------------------------------------------------------------------------------------------

NODE_ID = r"((?:[^\s\[]|\[[^\]\n]*\])+)"
FAILING = (
    re.compile(rf"^(?:FAILED|ERROR) {NODE_ID}(?: - .*)?$"),                   # pytest's short summary
    re.compile(rf"^{NODE_ID} (?:FAILED|ERROR)(?: +\[ *\d+%\])?$"),            # pytest -v
    re.compile(r"^(?:FAIL|ERROR): (\w+) \(([\w.]+)\)"),                       # unittest
    re.compile(r"^\s*--- FAIL: (\S+)"),                                       # go test
    re.compile(r"^test (\S+) \.\.\. FAILED$"),                                # cargo test
    re.compile(r"^\s*not ok \d+ - (.+?)(?:\s+#.*)?$"),                        # node --test, TAP
    re.compile(r"^\s*●\s+(.+?)\s*$"),                                         # jest
    re.compile(r"^\s*(?:FAIL|×|✗)\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?\s+>\s+.+?)\s*(?:\d+ms)?$"),  # vitest
    re.compile(r"^FAIL (\S+): (.+)$"),                                        # a C harness's `FAIL name: ...`
)


def failing_tests(output: str) -> list[str]:
    """The tests the output reports as failing, as each runner names them (pytest node ids, spaces in parameter ids
    kept; unittest `module.Class.test`; go and cargo test names; node/TAP and jest titles), in order, once each."""
    found: list[str] = []
    for line in output.splitlines():
        text = line.rstrip()
        for k, pattern in enumerate(FAILING):
            hit = pattern.match(text)
            if hit is None:
                continue
            if k == 2:
                found.append(f"{hit.group(2)}.{hit.group(1)}" if not hit.group(2).endswith(hit.group(1))
                             else hit.group(2))
            elif k == 6 and ("›" not in hit.group(1) and " > " not in hit.group(1)):
                continue
            else:
                found.append(hit.group(1))
            break
    return list(dict.fromkeys(found))
