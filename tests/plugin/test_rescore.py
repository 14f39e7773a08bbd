"""Re-scoring from the store re-uses a deterministic check's verdict for the same recording and the same code, and
gives verdict rows identical to running every check again; a change of the rule's code, a new recording or
`--harness-recheck` runs the check again, and an unjudged verdict is not re-used once a judge is there."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pytest_harnessif.authoring import NotApplicable, Unjudged
from pytest_harnessif.verdicts import Replay

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"
COUNTED = '''

@rule("MP-900", family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="universal", fit="SP:high UI:high", source="curated: test",
      opportunity="a final reply", surfaces={"SP": "Say hello.", "UI": "Please say hello."})
def test_counted(run: Run) -> None:
    """The final reply is not empty (each call of the check leaves a line in calls.txt)."""
    with open("calls.txt", "a", encoding="utf-8") as out:
        out.write("called\\n")
    assert run.final_reply.strip(), "empty final reply"
'''


@pytest.fixture
def panel(pytester: pytest.Pytester) -> Path:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    rules = pytester.path / "mini_rules" / "basic" / "test_basic.py"
    rules.write_text(rules.read_text(encoding="utf-8") + COUNTED, encoding="utf-8")
    task = next(pytester.path.glob("tasks/*/*/task.yaml"))
    text = task.read_text(encoding="utf-8")
    task.write_text(text.replace("[MP-001, MP-002]", "[MP-001, MP-002, MP-900]"), encoding="utf-8")
    return pytester.path


def calls(root: Path) -> int:
    path = root / "calls.txt"
    return len(path.read_text().splitlines()) if path.exists() else 0


def rows(pytester: pytest.Pytester, *args: str) -> list[tuple]:
    pytester.runpytest_subprocess("--harness-model=gold", "--harness-model=defaults", "-p", "no:cacheprovider", *args)
    run = max((pytester.path / "reports").iterdir(), key=lambda p: p.stat().st_mtime)
    found = [json.loads(line) for line in (run / "verdicts.jsonl").read_text().splitlines()]
    return sorted((r["model"], r["rule"], r["status"], r["reason"], r["artifact"], r["model_id"]) for r in found)


def test_kept_verdicts_replay_identically(pytester: pytest.Pytester, panel: Path) -> None:
    first = rows(pytester)
    assert calls(panel) == 2  # gold and defaults
    again = rows(pytester)
    assert again == first and calls(panel) == 2  # not called again
    assert rows(pytester, "--harness-recheck") == first and calls(panel) == 4
    assert {r[2] for r in first} == {"pass", "fail"}  # replayed failures too


def test_a_code_change_or_a_new_recording_runs_the_check_again(pytester: pytest.Pytester, panel: Path) -> None:
    rows(pytester)
    rules = panel / "mini_rules" / "basic" / "test_basic.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# touched\n", encoding="utf-8")
    rows(pytester)
    assert calls(panel) == 4
    rows(pytester, "--harness-rerun")  # new recordings: their verdicts are new
    assert calls(panel) == 6
    rows(pytester)
    assert calls(panel) == 6


@pytest.mark.parametrize(
    ("status", "raised"),
    [("n/a", NotApplicable), ("unjudged", Unjudged), ("fail", AssertionError)],
)
def test_a_replayed_outcome_is_classified_as_it_was_kept(status: str, raised: type[BaseException]) -> None:
    with pytest.raises(raised) as info:
        Replay({"status": status, "reason": "why", "artifact": "tests/" if status == "fail" else None}).outcome()
    assert "why" in str(info.value)
    if status == "fail":
        assert info.value.artifact == "tests/"
