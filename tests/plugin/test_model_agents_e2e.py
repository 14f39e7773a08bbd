"""Real provider clients through the whole plugin, against loopback servers speaking each wire format:
surfaces arrive where they should, several trajectories run under `-n 2`, budgets end runs with their reason,
a permanently failing provider gives errors (never fails), and no credential leaks anywhere."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_harnessif.stack import HD_TEXT

from ..support.loopback import LoopbackServer, bad_request, tool_loop

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"
KEY = "sk-canary-5f1d2c9e"
PASSWORD = "pw-canary-77ab"


@pytest.fixture(params=["openai", "anthropic"])
def provider(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def server(provider: str) -> Iterator[LoopbackServer]:
    with LoopbackServer(provider, respond=tool_loop(provider, 2, command="env | sort")) as srv:  # type: ignore[arg-type]
        yield srv


@pytest.fixture
def panel(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, provider: str) -> Path:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    monkeypatch.setenv(f"{provider.upper()}_API_KEY", KEY)
    return pytester.path


def spec(provider: str, server: LoopbackServer) -> str:
    url = server.base_url.replace("http://", f"http://user:{PASSWORD}@")
    return f"--harness-model={provider}/loop-model@{url}"


def test_a_model_runs_the_panel_with_every_surface_in_place(
    pytester: pytest.Pytester, panel: Path, provider: str, server: LoopbackServer
) -> None:
    result = pytester.runpytest_subprocess(
        spec(provider, server),
        "--harness-rounds=3",
        "-n",
        "2",
        "-p",
        "no:cacheprovider",
        f"--junitxml={panel / 'junit.xml'}",
    )
    result.assert_outcomes(failed=3, skipped=3)  # MP-001 needs a final DONE (the loop model never says it)
    result.stdout.fnmatch_lines(["trajectories: 3 (3 recorded now, 0 re-used)"])
    first = server.requests[0].body
    system = first["messages"][0]["content"] if provider == "openai" else first["system"]
    system_text = system if isinstance(system, str) else " ".join(b["text"] for b in system)
    assert system_text.startswith(HD_TEXT) and "You maintain a tiny greeting library." in system_text
    tools = {(t.get("function") or t)["name"]: (t.get("function") or t)["description"] for t in first["tools"]}
    records = sorted(panel.glob(".harnessif/runs/*/*/mini/r*/trajectory.json"))
    assert len(records) == 3
    traj = json.loads(records[0].read_text())
    placed = traj["placement"]
    wording = {"SP": "End your final reply with the word DONE.", "UI": "Finish your last message with DONE please."}
    if placed["MP-001"] in wording:
        where = system_text if placed["MP-001"] == "SP" else json.dumps(first["messages"])
        assert wording[placed["MP-001"]] in where
    if placed["MP-002"] == "TD":
        assert tools["write_file"].endswith("No print() in src/.")
    step = traj["turns"][0]["steps"][0]
    assert step["exchange"]["request"]["model"] == "loop-model" and step["latency"] > 0
    assert traj["model_id"] == step["exchange"]["response"]["model"] and traj["usage"]["calls"] == 6
    env_output = step["tool_calls"][0]["output"]
    assert "PATH=" in env_output and KEY not in env_output
    leaked = [
        p
        for p in panel.rglob("*")
        if p.is_file() and (KEY.encode() in p.read_bytes() or PASSWORD.encode() in p.read_bytes())
    ]
    assert not leaked, f"credentials leaked into {leaked}"
    assert KEY not in result.stdout.str() + result.stderr.str()


def test_budgets_end_a_run_with_their_reason(
    pytester: pytest.Pytester, panel: Path, provider: str, server: LoopbackServer
) -> None:
    pytester.runpytest_subprocess(spec(provider, server), "--harness-run-steps=2", "-p", "no:cacheprovider")
    traj = json.loads(next(panel.glob(".harnessif/runs/*/*/mini/r1/trajectory.json")).read_text())
    assert traj["status"] == "ok" and traj["end_reason"] == "run_steps"
    assert len(traj["turns"]) == 1 and traj["turns"][0]["stop_reason"] == "run_limit"


def test_a_provider_that_always_refuses_gives_errors_not_fails(
    pytester: pytest.Pytester, panel: Path, provider: str
) -> None:
    with LoopbackServer(provider, respond=lambda body: bad_request(f"no such model; key {KEY}")) as srv:  # type: ignore[arg-type]
        result = pytester.runpytest_subprocess(spec(provider, srv), "-p", "no:cacheprovider")
    result.assert_outcomes(errors=2)
    rows = [json.loads(x) for x in next(panel.glob("reports/*/verdicts.jsonl")).read_text().splitlines()]
    assert {r["status"] for r in rows} == {"error"}
    assert "400" in rows[0]["reason"] and KEY not in rows[0]["reason"]
    traj = json.loads(next(panel.glob(".harnessif/runs/*/*/mini/r1/trajectory.json")).read_text())
    assert traj["status"] == "failed"
    leaked = [p for p in panel.rglob("*") if p.is_file() and KEY.encode() in p.read_bytes()]
    assert not leaked, f"credentials leaked into {leaked}"
