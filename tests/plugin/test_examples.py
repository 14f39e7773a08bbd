"""The shipped example of a third-party agent (examples/cli_agent) works through the hook."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "cli_agent"


def test_cli_agent_example_runs_the_panel(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ROOT / "tests" / "data" / "minipanel", pytester.path, dirs_exist_ok=True)
    monkeypatch.syspath_prepend(str(EXAMPLE))
    result = pytester.runpytest(
        "-p", "harnessif_cli_agent", f"--harness-model=cli:{EXAMPLE / 'toy_agent.py'}", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["cli:toy_agent*1*0*1*0*100.0*"])
    record = json.loads(
        next(pytester.path.glob(".harnessif/runs/*/cli_toy_agent*/mini/r1/trajectory.json").__iter__()).read_text()
    )
    command = record["turns"][0]["steps"][0]["tool_calls"][0]["command"]
    assert "--system-file" in command and "--prompt" in command
    assert record["turns"][-1]["reply"].endswith("DONE")
