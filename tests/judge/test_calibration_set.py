"""The bundled calibration set (calibration/judge/): big enough, covering every judge-based rule with the
evidence names its check really passes, and runnable end to end by `harnessif judge calibrate`."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.llm_judge import Judge
from pytest_harnessif.llm_judge.calibration import load_calibration
from pytest_harnessif.llm_judge.context import judging
from pytest_harnessif.schema import JUDGED_METHODS
from pytest_harnessif.testing import ScriptedJudgeClient
from tests.rules.test_rule_fixtures import FIXTURES, RULES
from tests.support.loopback import LoopbackServer, openai_reply

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "calibration" / "judge"
CASES = load_calibration(SET)
JUDGED = sorted(r for r, e in RULES.items() if e.meta.method in JUDGED_METHODS)
HEADING = re.compile(r"^### (.+)\n<<<$", re.M)


def evidence_names(rule_id: str) -> set[str]:
    """The evidence names the rule's check hands the judge, seen on its first judged pass fixture."""
    for factory in FIXTURES[rule_id]["pass"]:
        case = factory()
        if isinstance(case, tuple) and case[1] is not None:
            client = ScriptedJudgeClient(case[1])
            with judging(Judge("scripted", client), RULES[rule_id].meta.rubric):
                RULES[rule_id].check(case[0])
            return set(HEADING.findall(client.prompts[0]))
    raise AssertionError(f"{rule_id}: no judged pass fixture")


def test_the_set_is_large_and_labels_every_outcome() -> None:
    labels = Counter(c.item.label for c in CASES)
    assert len(CASES) >= 60 and all(labels[k] >= 5 for k in ("pass", "fail", "n/a")), labels
    assert all(len(c.item.rationale.split()) >= 5 for c in CASES), "every label comes with a rationale"


@pytest.mark.parametrize("rule_id", JUDGED)
def test_every_judge_based_rule_has_items_with_the_evidence_its_check_passes(rule_id: str) -> None:
    items = [c.item for c in CASES if c.item.rule == rule_id]
    assert len(items) >= 2, f"{rule_id}: fewer than 2 calibration items"
    names = evidence_names(rule_id)
    assert all(set(i.evidence) == names for i in items), (rule_id, names, [sorted(i.evidence) for i in items])


def test_calibrate_runs_on_the_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A loopback judge that answers each item's human label: agreement 100%, kappa 1 over the whole set."""
    label = {json.dumps(c.item.evidence, sort_keys=True): c.item.label for c in CASES}
    by_text = {tuple(sorted(json.loads(k).values())): v for k, v in label.items()}

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        prompt = body["messages"][-1]["content"]
        (verdict,) = {v for texts, v in by_text.items() if all(t.strip() in prompt for t in texts)}
        return openai_reply(json.dumps({"verdict": verdict, "reason": "as labelled"}))

    with LoopbackServer("openai", respond=respond) as server:
        code = main(["judge", "calibrate", "--judge", f"openai/j@{server.base_url}", "--set", str(SET),
                     "--rules", str(ROOT / "rule_checks"), "--no-cache", "--votes", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"n {len(CASES)}   agreement 100.0%   Cohen's kappa 1.000" in out
