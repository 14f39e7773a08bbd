"""SWE-TaskFlow part 2, the data: issue instances in SWE-bench and Pro form, gold patches cut into hunks, the split
contract, the configurations and the TFAS optimiser (taskflow spec 5, 8, 9)."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import numpy as np
import pytest

from pytest_harnessif.schema import Intent
from pytest_harnessif.swe import JOIN, Flow, FlowTurn, Instance, hunks, make_flow, spread
from pytest_harnessif.taskflow.augment import AugmentError, contract_problems, read_augmentations
from pytest_harnessif.taskflow.configs import CONFIGS, Prepared, arrange, build, join, options
from pytest_harnessif.taskflow.distributions import task_flow
from pytest_harnessif.taskflow.instances import InstanceError, read_instances
from pytest_harnessif.taskflow.optimise import optimise, shape

PATCH = """\
diff --git a/pkg/a.py b/pkg/a.py
--- a/pkg/a.py
+++ b/pkg/a.py
@@ -1,3 +1,3 @@
 x = 1
-y = 2
+y = 3
 z = 4
@@ -20,3 +20,3 @@ def f():
     a = 1
-    b = 2
+    b = 3
     c = 4
diff --git a/pkg/b.py b/pkg/b.py
--- a/pkg/b.py
+++ b/pkg/b.py
@@ -5,2 +5,2 @@
-old
+new
 same
"""
RECORD = {
    "instance_id": "acme__widgets-7", "repo": "acme/widgets", "base_commit": "a" * 40,
    "problem_statement": "Widgets break.", "patch": PATCH, "test_patch": "",
    "FAIL_TO_PASS": '["tests/test_w.py::test_new"]', "PASS_TO_PASS": '["tests/test_w.py::test_old"]',
    "version": "1.2", "environment_setup_commit": "b" * 40,
}  # fmt: skip


def instance(**changes: object) -> Instance:
    return Instance.model_validate({**RECORD, **changes})


def test_swe_bench_fields_read_as_swe_bench_stores_them() -> None:
    inst = instance()
    assert inst.FAIL_TO_PASS == ["tests/test_w.py::test_new"] and inst.tests == ["tests/test_w.py::test_new",
                                                                                  "tests/test_w.py::test_old"]
    assert inst.prompt == "Widgets break." and inst.task_id == "acme-widgets-7"


def test_a_pro_prompt_is_joined_as_pro_joins_it() -> None:
    inst = instance(requirements="- keep it", interface="No new interfaces are introduced.", repo_language="Go")
    assert inst.prompt == ("Widgets break.\n\nRequirements:\n- keep it\n\nNew interfaces introduced:\n"
                           "No new interfaces are introduced.")  # fmt: skip
    assert inst.language == "go"


@pytest.mark.parametrize("layout", ["list", "object", "jsonl"])
def test_instance_files_in_every_layout(tmp_path: Path, layout: str) -> None:
    path = tmp_path / "instances.json"
    other = {**RECORD, "instance_id": "acme__widgets-8"}
    text = {"list": json.dumps([RECORD, other]), "object": json.dumps(RECORD),
            "jsonl": json.dumps(RECORD) + "\n\n" + json.dumps(other) + "\n"}[layout]  # fmt: skip
    path.write_text(text)
    assert [i.instance_id for i in read_instances(path)] == ["acme__widgets-7", "acme__widgets-8"][
        : 1 if layout == "object" else 2]


def test_a_bad_instance_names_its_record_and_field(tmp_path: Path) -> None:
    path = tmp_path / "instances.jsonl"
    path.write_text(json.dumps(RECORD) + "\n" + json.dumps({**RECORD, "base_commit": "HEAD"}) + "\n")
    with pytest.raises(InstanceError, match=r"instances.jsonl:2: base_commit: String should match"):
        read_instances(path)
    path.write_text(json.dumps([RECORD, RECORD]))
    with pytest.raises(InstanceError, match=r"\[1\]: instance acme__widgets-7 repeats .*\[0\]"):
        read_instances(path)
    path.write_text(json.dumps([{**RECORD, "FAIL_TO_PASS": "[not json"}]))
    with pytest.raises(InstanceError, match="FAIL_TO_PASS: Value error, expected a list of test ids"):
        read_instances(path)


def test_a_patch_is_cut_into_standalone_hunks_and_spread_in_order() -> None:
    parts = hunks(PATCH)
    assert len(parts) == 3
    assert all(p.startswith("diff --git ") and p.count("@@ -") == 1 for p in parts)
    assert parts[1].startswith("diff --git a/pkg/a.py") and "+    b = 3" in parts[1]
    assert spread(parts, 3) == [[p] for p in parts]
    assert spread(parts, 2) == [parts[:2], parts[2:]] and spread(parts, 1) == [parts]
    assert spread(["a"], 3) == [["a"], [], []]


def test_the_split_contract_checks_artifacts_and_decomposition_talk() -> None:
    prompt = "Calling `parse('x')` raises\n```\nValueError: bad\n```\nin `pkg/a.py`."
    good = ["`parse('x')` raises", "Here:\n```\nValueError: bad\n```", "It lives in `pkg/a.py`."]
    assert contract_problems(prompt, good) == []
    broken = ["`parse(\"x\")` raises", "ValueError: bad", "Part 3 of 3: it lives in `pkg/a.py`."]
    problems = contract_problems(prompt, broken)
    assert any("parse('x')" in p for p in problems) and any("ValueError" in p for p in problems)
    assert any("turn 3 mentions the decomposition: 'Part 3 of 3'" in p for p in problems)


def test_bad_augmentations_name_file_and_field(tmp_path: Path) -> None:
    (tmp_path / "aug.yaml").write_text("acme__widgets-7:\n  split: [one, two]\n")
    with pytest.raises(AugmentError, match=r"aug.yaml: acme__widgets-7: split: List should have at least 3"):
        read_augmentations(tmp_path / "aug.yaml", ["acme__widgets-7"])
    (tmp_path / "aug.yaml").write_text("nobody__x-1: {}\n")
    with pytest.raises(AugmentError, match="no instance 'nobody__x-1'"):
        read_augmentations(tmp_path / "aug.yaml", ["acme__widgets-7"])
    folder = tmp_path / "augment"
    folder.mkdir()
    (folder / "acme__widgets-7.yaml").write_text("questions:\n  - {id: q1, text: why?, reference: because}\n")
    with pytest.raises(AugmentError, match=r"acme__widgets-7.yaml: questions.0.evidence: Field required"):
        read_augmentations(folder, ["acme__widgets-7"])


def _turn(kind: str, text: str, q: str | None = None) -> FlowTurn:
    if kind == "question":
        return FlowTurn(kind="question", text=text, intent=Intent.explain, question=q, reference=f"ref {q}")
    return FlowTurn(kind="issue", text=text, intent=Intent.bug_fix)


def prepared(questions: int = 2, split: bool = True, task: str = "acme__widgets-7") -> Prepared:
    issue = tuple(_turn("issue", f"turn {i}") for i in range(1, 4)) if split else None
    return Prepared(
        instance=instance(instance_id=task), prompt_intent=Intent.bug_fix, split=issue,
        concat=join(issue, Intent.bug_fix) if issue else None,
        questions=tuple(_turn("question", f"question {k}?", f"q{k}") for k in range(1, questions + 1)),
        no_split=None if split else "atomic",
    )  # fmt: skip


def shapes(turns: list[FlowTurn] | str) -> str:
    assert not isinstance(turns, str), turns
    return "".join("Q" if t.kind == "question" else "I" for t in turns)


def test_each_configuration_has_its_shape() -> None:
    p = prepared()
    assert {c: shapes(build(c, p, seed=0, chosen={p.instance.task_id: list(p.split or ())})) for c in CONFIGS} == {
        "single": "I", "split": "III", "concat": "I", "qa-first": "QQIII", "qa-last": "IIIQQ",
        "qa-random": shapes(build("qa-random", p, 0)), "qa-only": "QQ", "tfas": "III",
    }  # fmt: skip
    single, concat = build("single", p, 0), build("concat", p, 0)
    assert single[0].text == "Widgets break." and concat[0].text == JOIN.join(["turn 1", "turn 2", "turn 3"])
    qa_random = shapes(build("qa-random", p, 0))
    assert sorted(qa_random) == sorted("QQIII") and qa_random == shapes(build("qa-random", p, 0))  # seeded
    assert [t.question for t in build("qa-random", p, 0) if t.question] == ["q1", "q2"]  # given order kept
    layouts = {shapes(build("qa-random", prepared(task=f"acme__w-{n}"), 0)) for n in range(40)}
    assert len(layouts) > 3  # placements differ between tasks


def test_tasks_a_configuration_cannot_hold_are_left_out_with_a_reason() -> None:
    atomic, silent = prepared(split=False), prepared(questions=0)
    assert shapes(build("single", atomic, 0)) == "I"
    assert build("split", atomic, 0) == "no split: atomic" and build("tfas", atomic, 0) == "no split: atomic"
    assert build("qa-first", silent, 0) == "no kept question" and build("qa-only", silent, 0) == "no kept question"


def test_options_enumerate_counts_and_placements() -> None:
    for a in range(4):
        found = options(prepared(questions=a))
        assert len(found) == sum(comb(a, n) * comb(n + 3, n) for n in range(a + 1))
        assert len({shapes(o) + ",".join(str(t.question) for t in o) for o in found}) == len(found)
    assert len(options(prepared(questions=3))) == 63
    assert arrange(prepared().split or (), prepared().questions, [1, 3])[1].question == "q1"


def test_the_optimiser_moves_toward_the_target_and_is_seeded() -> None:
    tasks = [prepared(questions=3, task=f"acme__w-{n}") for n in range(12)]
    opts = [options(p) for p in tasks]
    # the target: sessions of 5 turns, questions first then the issue (like the reported QA-heavy slices)
    target = task_flow([[Intent.explain, Intent.explain, Intent.bug_fix, Intent.bug_fix, Intent.bug_fix]] * 10)
    chosen = optimise(opts, target, seed=3, restarts=4)
    flows = [o[k] for o, k in zip(opts, chosen.choice, strict=True)]
    baseline = optimise([o[:1] for o in opts], target, restarts=1)  # no questions: the Split configuration
    assert chosen.tfas > baseline.tfas + 20
    assert chosen.tfas == pytest.approx(100 * np.cbrt(chosen.s_l * chosen.s_t * chosen.s_r))
    assert all(shapes(f) == "QQIII" for f in flows)  # the target's exact shape is reachable, so it is found
    assert optimise(opts, target, seed=3, restarts=4).choice == chosen.choice
    summary = shape(flows)
    assert summary["sessions_by_questions"] == {"2": 12} and summary["pattern"]["before"] == 12
    assert summary["positions"]["before the first issue turn"] == 24


def test_a_flow_hash_catches_a_hand_edit() -> None:
    flow = make_flow(instance(), "split", [_turn("issue", "one"), _turn("question", "why?", "q1")])
    data = flow.model_dump(mode="json")
    data["turns"][1]["reference"] = "a different answer"
    with pytest.raises(ValueError, match="hash: does not match the turns"):
        Flow.model_validate(data)
    assert flow.issue_turns == [0] and flow.question_turns == [1]
    with pytest.raises(ValueError, match="a question turn needs its question id and reference"):
        FlowTurn(kind="question", text="why?", intent=Intent.explain)
