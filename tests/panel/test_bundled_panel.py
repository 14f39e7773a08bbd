"""The bundled coding panel: 60 tasks, 7-8 in each of backend, frontend, systems and data_ml (part 1) and of
automation, security_testing, tool_orchestration and technical_docs (part 2); per task 6-10 user turns, 25-35
injected rules of which 10-27 have a declared opportunity; UI and TD placements each >= 5% of the scorable ones;
varied intents; turn flows at TFAS >= 65 against the bundled ECP target; a repository serves at most three tasks and
passes its own tests before any agent touches it. No shared skeleton: a second gold per task, closers, issue numbers
and people not reused, few near-duplicate turns, long sessions, repositories with a history and a lint script of
their own, few form-only checks. (Gold, gold-alt, defaults and the gamer on the panel: tests/plugin/test_panel_e2e.)"""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from pytest_harnessif.checks.shell import parse
from pytest_harnessif.library import load_rules, load_tasks
from pytest_harnessif.report.library import placements
from pytest_harnessif.report.panel import out_of_bounds, task_stats
from pytest_harnessif.report.skeleton import Skeleton, measure
from pytest_harnessif.sandbox.host import unmet
from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.corpora import label_sequences, load_corpus
from pytest_harnessif.taskflow.targets import ECP_SAMPLE
from pytest_harnessif.taskflow.tfas import compare

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
TASKS = {k: e for k, e in load_tasks(ROOT / "tasks", RULES).items() if e.task.kind == "coding"}
PLACED = placements(RULES, TASKS)
STATS = task_stats(TASKS, RULES, PLACED)
PART_1 = {"backend", "frontend", "systems", "data_ml"}
PART_2 = {"automation", "security_testing", "tool_orchestration", "technical_docs"}
FIX_OR_ADD = {Intent.new_feature, Intent.bug_fix}
REPOS = sorted({e.repo for e in TASKS.values()})


@pytest.fixture(scope="module")
def skeleton() -> Skeleton:
    return measure(TASKS)


def test_every_task_has_a_second_gold() -> None:
    assert [t for t, e in TASKS.items() if e.alt_script is None] == []


def test_no_closer_ends_more_than_five_tasks(skeleton: Skeleton) -> None:
    assert all(len(group) <= 5 for group in skeleton.closer_groups), skeleton.closer_groups


def test_no_issue_number_or_person_appears_in_two_tasks(skeleton: Skeleton) -> None:
    assert (skeleton.reused_issues, skeleton.reused_names) == ({}, {})


def test_at_most_five_percent_of_turns_have_a_near_duplicate_in_another_task(skeleton: Skeleton) -> None:
    assert skeleton.near_share <= 0.05, skeleton.near_duplicates


def test_at_least_eight_sessions_of_nine_or_ten_turns(skeleton: Skeleton) -> None:
    assert skeleton.long_sessions >= 8


def test_each_repository_has_a_history_and_a_lint_script_of_its_own(skeleton: Skeleton) -> None:
    assert (skeleton.thin_histories, skeleton.shared_lint) == ([], [])


def test_at_most_ten_percent_of_deterministic_scorable_rules_check_only_the_form() -> None:
    scorable = {r.id for e in TASKS.values() for r in e.task.rules if r.opportunity}
    deterministic = [RULES[r].meta for r in scorable if RULES[r].meta.verifiability == "deterministic"]
    form = [m.id for m in deterministic if m.checks == "form"]
    assert len(form) <= 0.1 * len(deterministic), form


def test_sixty_tasks_seven_or_eight_per_scenario() -> None:
    per_scenario = Counter(e.task.scenario for e in TASKS.values())
    assert set(per_scenario) == PART_1 | PART_2, per_scenario
    assert all(7 <= n <= 8 for n in per_scenario.values()) and len(TASKS) == 60, per_scenario


def test_user_turns_and_tool_descriptions_each_carry_five_percent_of_the_scorable_rules() -> None:
    scorable = Counter(str(PLACED[t, r.id]) for t, e in TASKS.items() for r in e.task.rules if r.opportunity)
    shares = {s: scorable[s] / sum(scorable.values()) for s in ("UI", "TD")}
    assert all(share >= 0.05 for share in shares.values()), shares


def test_every_task_is_within_the_bounds() -> None:
    assert out_of_bounds(STATS) == []


def test_every_task_gives_against_prior_rules_an_opportunity() -> None:
    """AP-Acc needs rules that go against an unprompted agent's habits, with something to judge."""
    assert {s.task: s.against_scorable for s in STATS if (s.against_scorable or 0) < 3} == {}


def test_intents_follow_real_sessions_not_only_fix_and_add() -> None:
    flat = Counter(t.intent for e in TASKS.values() for t in e.task.turns)
    assert {e.task.id for e in TASKS.values() if sum(t.intent not in FIX_OR_ADD for t in e.task.turns) < 2} == set()
    retained = set(Intent) - {Intent.greeting, Intent.meta_question, Intent.other}
    assert retained <= set(flat), retained - set(flat)


def test_the_turn_flows_reach_tfas_65_against_the_ecp_target() -> None:
    target = label_sequences(load_corpus(ECP_SAMPLE))
    comparison = compare(target, [[t.intent for t in e.task.turns] for e in TASKS.values()], replicates=0)
    assert comparison.score.tfas >= 65, comparison.score


def test_a_repository_serves_at_most_three_tasks() -> None:
    used = Counter(e.repo for e in TASKS.values())
    assert max(used.values()) <= 3, used


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_the_test_and_lint_commands_are_recognised_by_the_checks(task_id: str) -> None:
    """Rules about running the tests or the linter find these commands (checks.shell): a task whose test command
    they could not see would fail gold on every such rule."""
    task = TASKS[task_id].task
    assert task.languages and task.needs, "say what the repo is written in and what the local sandbox needs"
    assert any(s.is_test_run for s in parse(task.commands["test"])), task.commands["test"]
    if "lint" in task.commands:
        assert any(s.is_lint_run for s in parse(task.commands["lint"])), task.commands["lint"]


@pytest.mark.parametrize("repo", REPOS, ids=[f"{r.parent.parent.name}/{r.name}" for r in REPOS])
def test_each_repository_passes_its_tests_at_the_start(repo: Path, tmp_path: Path) -> None:
    entries = [e for e in TASKS.values() if e.repo == repo]
    missing = unmet(set().union(*(e.task.needs for e in entries)))
    assert not missing, f"this host lacks {missing} (`.ci/run` installs them)"
    work = tmp_path / "repo"
    shutil.copytree(repo, work)
    for command in sorted({e.task.commands["test"] for e in entries}):
        proc = subprocess.run(command, shell=True, cwd=work, capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, f"{command} in {repo}:\n{(proc.stdout + proc.stderr)[-3000:]}"
