"""Every rule check against its pass / fail / n/a fixtures, and proof that the fixtures catch an inverted check.

A fixture factory returns a `Run`, or `(Run, JudgeScript | None)` for judge-based rules: the check then runs
against the scripted judge (None: the deterministic pre-check must decide without it)."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from pytest_harnessif import NotApplicable
from pytest_harnessif.authoring import Unjudged
from pytest_harnessif.checks import bash as bash_reader
from pytest_harnessif.checks.code import language
from pytest_harnessif.evidence import Command, Run, TurnView
from pytest_harnessif.fixtureways import WAYS
from pytest_harnessif.library import load_rules, load_tasks
from pytest_harnessif.llm_judge import Judge
from pytest_harnessif.llm_judge.context import judging
from pytest_harnessif.report.library import catalogue
from pytest_harnessif.schema import JUDGED_METHODS, Modality
from pytest_harnessif.testing import JudgeScript, ScriptedJudgeClient, bash, make_run, tool, turn

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
Case = Run | tuple[Run, JudgeScript | None]
FIXTURES: dict[str, dict[str, list[Callable[[], Case]]]] = {}
for _path in sorted(Path(__file__).parent.glob("fixtures_*.py")):  # a rule's fixtures may come from several modules
    for _rule_id, _kinds in importlib.import_module(f"tests.rules.{_path.stem}").FIXTURES.items():
        for _kind, _factories in _kinds.items():
            FIXTURES.setdefault(_rule_id, {}).setdefault(_kind, []).extend(_factories)

CASES = [
    pytest.param(rule_id, kind, factory, id=f"{rule_id}-{kind}-{i}")
    for rule_id, kinds in sorted(FIXTURES.items())
    for kind in ("pass", "fail", "na")
    for i, factory in enumerate(kinds.get(kind, []))
]


def outcome(rule_id: str, check: Callable[[Run], Any], case: Case, judged: bool = True) -> str:
    """What the plugin would report: pass (returned), fail (assertion), na (`na()`), unjudged (no judge).
    Judge-based rules run against the case's scripted judge (`judged`) or with no judge at all."""
    run, script = case if isinstance(case, tuple) else (case, None)
    judge = Judge("scripted-judge", ScriptedJudgeClient(script)) if judged else None
    with judging(judge, RULES[rule_id].meta.rubric):
        try:
            check(run)
        except (NotApplicable, Unjudged) as exc:
            return "unjudged" if isinstance(exc, Unjudged) else "na"
        except AssertionError:
            return "fail"
    return "pass"


def inverted(check: Callable[[Run], Any]) -> Callable[[Run], Any]:
    """The same check with its polarity flipped (n/a kept): the bug the fixtures must catch."""

    @functools.wraps(check)
    def flipped(run: Run) -> None:
        try:
            check(run)
        except AssertionError:
            return
        raise AssertionError("inverted: would have passed")

    return flipped


def test_every_rule_has_pass_fail_and_na_fixtures() -> None:
    missing = [r for r in sorted(RULES) if not all(FIXTURES.get(r, {}).get(kind) for kind in ("pass", "fail", "na"))]
    assert not missing, f"rules without a pass, a fail and an n/a fixture: {missing}"
    assert not sorted(set(FIXTURES) - set(RULES)), "fixtures for rules that do not exist"


@pytest.mark.parametrize(("rule_id", "kind", "factory"), CASES)
def test_check_gets_its_fixture_right(rule_id: str, kind: str, factory: Callable[[], Case]) -> None:
    assert outcome(rule_id, RULES[rule_id].check, factory()) == kind


@pytest.mark.parametrize("rule_id", sorted(FIXTURES))
def test_fixtures_catch_an_inverted_check(rule_id: str) -> None:
    flipped = inverted(RULES[rule_id].check)
    kinds = FIXTURES[rule_id]
    assert any(outcome(rule_id, flipped, f()) != "pass" for f in kinds["pass"])
    assert any(outcome(rule_id, flipped, f()) != "fail" for f in kinds["fail"])


def _mutations(value: object) -> list[object]:
    """Values one step away from a parameter's: the next integers, a scaled float, a different name, no items."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1]
    if isinstance(value, float):
        return [value * 0.9, value * 1.1]
    if isinstance(value, str):
        return [value + "x"]
    return [()]


def _outcome_or_error(rule_id: str, check: Callable[[Run], Any], case: Case) -> str:
    try:
        return outcome(rule_id, check, case)
    except Exception:  # e.g. a fixture meant for the pre-check now reaches the judge
        return "error"


PARAMETERS = [(r, name) for r, e in sorted(RULES.items()) for name in e.meta.params]


@pytest.mark.parametrize(("rule_id", "param"), PARAMETERS, ids=[f"{r}-{p}" for r, p in PARAMETERS])
def test_fixtures_sit_on_each_parameters_boundary(rule_id: str, param: str) -> None:
    """A parameter is what the check checks, and the fixtures are near misses around it: for a limit, one step
    tighter fails some pass fixture and one step looser passes some fail fixture (the fixtures sit on the
    boundary); any other parameter, changed, changes the outcome of some fixture."""
    entry, kinds = RULES[rule_id], FIXTURES[rule_id]
    value = entry.meta.params[param]

    def outcomes(changed: object, kind: str) -> list[str]:
        check = functools.partial(entry.check, **{param: changed})
        return [_outcome_or_error(rule_id, check, f()) for f in kinds.get(kind, [])]

    limit = entry.meta.modality in (Modality.limit_max, Modality.limit_min) and type(value) is int
    if limit:
        step = -1 if entry.meta.modality is Modality.limit_max else 1
        assert "fail" in outcomes(value + step, "pass"), f"no pass fixture sits exactly at {param}={value}"
        assert any(o != "fail" for o in outcomes(value - step, "fail")), f"no fail fixture is just past {param}={value}"
        return
    base = {kind: [_outcome_or_error(rule_id, entry.check, f()) for f in kinds.get(kind, [])] for kind in kinds}
    changed = [m for m in _mutations(value) if any(outcomes(m, kind) != base[kind] for kind in kinds)]
    assert changed, f"no fixture's outcome depends on {param}={value!r}"


JUDGED = sorted(r for r, e in RULES.items() if e.meta.method in JUDGED_METHODS)


@pytest.mark.parametrize("rule_id", JUDGED)
def test_judge_based_rules_consult_the_judge_and_are_unjudged_without_one(rule_id: str) -> None:
    """Some pass fixture reaches the judge (so the rule is judge-based in fact), and with no judge configured
    the fixtures the judge would have decided are unjudged, never pass or n/a."""
    for kind in ("pass", "fail", "na"):
        for factory in FIXTURES[rule_id].get(kind, []):
            case = factory()
            scripted = isinstance(case, tuple) and case[1] is not None
            if scripted:
                assert outcome(rule_id, RULES[rule_id].check, case, judged=False) == "unjudged", kind
    assert any(isinstance(c, tuple) and c[1] is not None for c in (f() for f in FIXTURES[rule_id]["pass"]))


def test_hybrid_rules_decide_some_fixture_without_the_judge() -> None:
    """A hybrid rule's pre-check must decide something itself: some fixture of each has no judge script."""
    hybrid = [r for r in JUDGED if RULES[r].meta.method == "hybrid"]
    for rule_id in hybrid:
        cases = [f() for kind in ("fail", "na") for f in FIXTURES[rule_id].get(kind, [])]
        assert any(not isinstance(c, tuple) or c[1] is None for c in cases), rule_id


def test_the_catalogue_is_generated_from_the_metadata() -> None:
    """docs/rule-catalogue.md is what `harnessif rules --catalogue` makes of the library today."""
    written = (ROOT / "docs" / "rule-catalogue.md").read_text(encoding="utf-8")
    assert written == catalogue(RULES, load_tasks(ROOT / "tasks", RULES)), (
        "docs/rule-catalogue.md is out of date: run `harnessif rules --catalogue --out docs/rule-catalogue.md`"
    )


def test_every_rule_is_worded_for_two_surfaces_or_more() -> None:
    thin = [r for r, e in RULES.items() if len(e.meta.surfaces) < 2]
    assert not thin, f"rules worded for fewer than 2 surfaces: {thin}"


# --- checks that read what agents do, and code in several languages ---------------------------------------------

WAY_RULES = {
    "CL-022": "Python commands run through bash go through the lock file's runner: the tool way runs none (n/a)",
    "TU-001": "tests run through the test tool, never bash: only the tool way passes",
    "TU-003": "bash writes no files: only the tool way passes",
    "TU-005": "interpreters and test runs get a `timeout`: the script runs them bare, the other ways do not",
    "TU-010": "files are read with read_file, not printed in bash: only the tool way passes",
    "TU-016": "one command per bash call: the one-liners and the script join commands",
}
"""Rules about the way itself, whose behaviours cannot pass (or fail) all three ways alike, with the reason."""


SPIED = "# read by the spy"


def _marked(run: Run) -> Run:
    """A fresh `Run` of the same recording whose every command line ends in a comment naming it read by the spy,
    so no cache of an earlier reading (per run or per command) answers for it."""
    trajectory = run.trajectory.model_copy(deep=True)
    for call in (c for t in trajectory.turns for s in t.steps for c in s.tool_calls if c.command is not None):
        call.command = f"{call.command}\n{SPIED}"
    return Run(trajectory, run.task, run._snapshots)


def _reads_commands(rule_id: str) -> bool:
    """Whether the check, run on its fixtures, reads the commands the agent ran, whatever helper it goes through:
    it looks at a turn's `commands` (`run.commands` too) or has bash read one of the agent's command lines (a bash
    call's writes...)."""
    seen: list[str] = []
    read = bash_reader.read

    def reading(line: str) -> tuple[bash_reader.Simple, ...]:
        seen.append(line)
        return read(line)

    def listed(turn: TurnView) -> tuple[Command, ...]:
        seen.append(SPIED)
        return turn.__dict__["commands"]

    def stored(turn: TurnView, value: tuple[Command, ...]) -> None:
        turn.__dict__["commands"] = value

    for kind in ("pass", "fail", "na"):
        for factory in FIXTURES[rule_id].get(kind, []):
            case = factory()
            run, script = case if isinstance(case, tuple) else (case, None)
            seen.clear()
            with mock.patch.object(bash_reader, "read", reading), \
                    mock.patch.object(TurnView, "commands", property(listed, stored), create=True):
                _outcome_or_error(rule_id, RULES[rule_id].check, (_marked(run), script))
            if any(SPIED in line for line in seen):
                return True
    return False


@pytest.mark.parametrize("rule_id", sorted(FIXTURES))
def test_a_check_reading_commands_has_a_behaviour_written_three_ways(rule_id: str) -> None:
    """A check that reads the agent's commands meets more than one agent's habits: some behaviour that passes
    and some that fails are each written as tool calls, bash one-liners and a bash script (`tests/rules/families.py`),
    and judged alike all three ways. A rule about the way itself (`WAY_RULES`) needs only a pass and a fail among
    its behaviours written all three ways."""
    if not _reads_commands(rule_id):
        return
    families: dict[str, dict[str, str]] = {}
    for kind in ("pass", "fail", "na"):
        for factory in FIXTURES[rule_id].get(kind, []):
            if hasattr(factory, "family"):
                families.setdefault(factory.family, {})[factory.way] = kind
    whole = [kinds for kinds in families.values() if set(kinds) == set(WAYS)]
    alike = [set(k.values()) for k in whole]
    ways = ", ".join(WAYS)
    if rule_id in WAY_RULES:
        assert not ({"pass"} in alike and {"fail"} in alike), f"{rule_id} is judged alike all ways: not a way rule"
        assert any("pass" in k.values() for k in whole), f"{rule_id}: no passing behaviour written {ways}"
        assert any("fail" in k.values() for k in whole), f"{rule_id}: no failing behaviour written {ways}"
        return
    assert {"pass"} in alike, f"{rule_id}: no behaviour written {ways} passes all three ways"
    assert {"fail"} in alike, f"{rule_id}: no behaviour written {ways} fails all three ways"


def test_way_rules_read_commands() -> None:
    """Every exempted rule exists and reads commands (an exemption outliving its reason is dropped)."""
    assert all(r in RULES and _reads_commands(r) for r in WAY_RULES), sorted(WAY_RULES)


LANGUAGE_FAMILIES = {"python": {"python"}, "javascript or typescript": {"javascript", "typescript"}, "c": {"c"}}
NEUTRAL_RULES = sorted(r for r, e in RULES.items() if set(e.meta.languages) >= {"python", "c"}
                       and set(e.meta.languages) & {"javascript", "typescript"})


def _languages(case: Case) -> set[str]:
    run = case[0] if isinstance(case, tuple) else case
    changed = {*run.created(), *run.modified()}
    return {lang for p in changed if (lang := language(p)) is not None}


@pytest.mark.parametrize("rule_id", NEUTRAL_RULES)
def test_a_language_neutral_check_judges_python_javascript_and_c(rule_id: str) -> None:
    """A rule that reads Python, JavaScript/TypeScript and C has a pass and a fail fixture written in each."""
    for name, family_languages in LANGUAGE_FAMILIES.items():
        for kind in ("pass", "fail"):
            cases = [f() for f in FIXTURES[rule_id].get(kind, [])]
            assert any(_languages(c) & family_languages for c in cases), f"{rule_id}: no {kind} fixture in {name}"


def go_repository_run() -> Run:
    """A run whose every change is Go: a bug fixed with a regression test, a feature added, tests run, committed."""
    initial = {"go.mod": "module example.com/ledger\n\ngo 1.22\n",
               "internal/ledger/ledger.go": "package ledger\n\nfunc Add(a, b int) int {\n\treturn a + b\n}\n",
               "internal/ledger/ledger_test.go": "package ledger\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) "
                                                 "{\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal(\"sum\")\n\t}\n}\n"}
    fixed = {**initial, "internal/ledger/ledger.go": initial["internal/ledger/ledger.go"] +
             "\n// Sum2 adds a list.\nfunc Sum2(xs []int) (total int) {\n\t// total = 0\n\tfor _, x := range xs "
             "{\n\t\ttotal += x\n\t}\n\tif total < 0 {\n\t\tpanic(\"negative\")\n\t}\n\treturn total\n}\n",
             "internal/ledger/ledger_test.go": initial["internal/ledger/ledger_test.go"] +
             "\nfunc TestSumRegression(t *testing.T) {\n\tif Sum2([]int{1, 2}) != 3 {\n\t\tt.Fatal(\"sum\")\n\t}\n}\n",
             "cmd/ledger/main.go": "package main\n\nfunc main() {\n\tprintln(\"ledger\")\n}\n"}
    go_test = bash("cd /workspace && go test ./... 2>&1 | tail -5",
                   output="ok  \texample.com/ledger/internal/ledger\t0.01s")
    return make_run(initial=initial, final=fixed, turns=[
        turn("Sum() goes wrong on long lists, please fix it.", "Fixed Sum2; `go test ./...` passes.",
             tool("write_file", path="internal/ledger/ledger.go", content=fixed["internal/ledger/ledger.go"]),
             tool("write_file", path="internal/ledger/ledger_test.go",
                  content=fixed["internal/ledger/ledger_test.go"]), go_test, intent="bug-fix", files=fixed),
        turn("Add a ledger command.", "Added cmd/ledger.", bash("mkdir -p cmd/ledger"),
             tool("write_file", path="cmd/ledger/main.go", content=fixed["cmd/ledger/main.go"]), go_test,
             bash("git add -A && git commit -m 'Add Sum2 and the ledger command'", output="[main 1a2b3c4] Add Sum2"),
             files=fixed),
    ])


def _na_reason(rule_id: str, run: Run) -> str:
    try:
        RULES[rule_id].check(run)
    except NotApplicable as exc:
        return str(exc.msg)
    except (AssertionError, Unjudged) as exc:
        return f"not n/a: {type(exc).__name__}: {exc}"
    return "not n/a: passed"


@pytest.mark.parametrize("rule_id", sorted(r for r, e in RULES.items() if e.meta.languages))
def test_a_check_says_na_never_fail_in_a_language_it_cannot_read(rule_id: str) -> None:
    """Every rule that reads code meets a repository written in Go with n/a: a language-neutral one says it cannot
    read Go; one that reads a single language finds none of its files."""
    reason = _na_reason(rule_id, go_repository_run())
    assert reason.startswith("n/a:"), reason
    if rule_id in NEUTRAL_RULES:
        assert "cannot read Go" in reason, reason
