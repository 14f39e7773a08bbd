"""The judge through the plugin: a judged and a hybrid rule on the tiny panel, a loopback server playing the
judge over the real OpenAI SDK client; cache, rejudge, unjudged, errors and option validation."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ..support.loopback import LoopbackServer, openai_reply

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"
JUDGED_RULES = '''
from pytest_harnessif import Run, judge, na, rule

RUBRIC = {"question": "Does the code add a farewell greeting?", "pass_if": ["farewell() returns Bye"],
          "fail_if": ["no farewell"]}


@rule("MP-010", family="output_control", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="universal", fit="SP:high UI:high", source="curated: mini panel",
      opportunity="a final reply",
      rubric={"question": "Is the final reply a plain report of the test result?",
              "pass_if": ["it reports the result"], "fail_if": ["it does not"]},
      surfaces={"SP": "Report test results plainly.", "UI": "Just tell me plainly how the tests went."})
def test_reply_reports_plainly(run: Run) -> None:
    """The final reply reports the test result plainly."""
    judge(final_reply=run.final_reply)


@rule("MP-011", family="code_style", modality="forbid", prior="align", method="hybrid", rubric=RUBRIC,
      observability="deep", universality="cross-coding", fit="SP:high PF:high", source="curated: mini panel",
      opportunity="src/ changed",
      surfaces={"SP": "No debug output in src/.", "PF": "## Code\\nNo debug output in src/."})
def test_no_debug_output(run: Run) -> None:
    """No debug output is added under src/."""
    diff = run.diff("src/**")
    if not diff:
        na("src/ unchanged")
    assert "print(" not in diff, "print() added in src/"
    judge(src_diff=diff)
'''


@pytest.fixture
def panel(pytester: pytest.Pytester) -> Path:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    (pytester.path / "mini_rules" / "judged").mkdir()
    (pytester.path / "mini_rules" / "judged" / "__init__.py").write_text("")
    (pytester.path / "mini_rules" / "judged" / "test_judged.py").write_text(JUDGED_RULES)
    task = pytester.path / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text().replace("rules: [MP-001, MP-002]", "rules: [MP-001, MP-002, MP-010, MP-011]"))
    return pytester.path


@pytest.fixture
def judge_server() -> LoopbackServer:
    """Passes a request whose evidence shows the farewell change or a reply ending in DONE, fails the rest."""

    def respond(body: dict) -> dict:
        prompt = body["messages"][-1]["content"]
        ok = "Bye, {name}" in prompt or "DONE" in prompt
        return openai_reply(json.dumps({"verdict": "pass" if ok else "fail", "reason": "scripted by content"}))

    with LoopbackServer("openai", respond=respond) as server:
        yield server


def run_dir(root: Path) -> Path:
    (found,) = [p for p in (root / "reports").iterdir() if p.is_dir()]
    return found


def rows_of(root: Path) -> dict[str, dict]:
    folder = run_dir(root)
    rows = {r["rule"]: r for r in map(json.loads, (folder / "verdicts.jsonl").read_text().splitlines())}
    shutil.rmtree(root / "reports")
    return rows


def test_judged_verdicts_are_recorded_and_a_rescore_costs_no_calls(
    pytester: pytest.Pytester, panel: Path, judge_server: LoopbackServer
) -> None:
    judge = f"--harness-judge=openai/judge-model@{judge_server.base_url}"
    result = pytester.runpytest("--harness-model=gold", judge, "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines([
        "harnessif: judge openai/judge-model@http://127.0.0.1:* (3 votes, temperature 0.3)",
        "judge-based verdicts: 2 (0 by pre-check, 2 by the judge with 6 call(s) and 0 cache hit(s), 0 unjudged)",
    ])
    requests = [json.loads(line) for line in (run_dir(panel) / "judge_requests.jsonl").read_text().splitlines()]
    rows = rows_of(panel)
    judged = rows["MP-011"]["judge"]
    assert rows["MP-011"]["status"] == "pass" and rows["MP-011"]["reason"] == ""
    assert judged["status"] == "pass" and len(judged["votes"]) == 3 and judged["calls"] == 3
    assert judged["judge"].startswith("openai/judge-model@") and judged["votes"][0]["reason"] == "scripted by content"
    assert {r["hash"] for r in requests} == {rows["MP-010"]["judge"]["request"], judged["request"]}
    assert next(r for r in requests if r["hash"] == judged["request"])["evidence"]["src_diff"].startswith("--- a/src")
    assert len(judge_server.requests) == 6

    again = pytester.runpytest("--harness-model=gold", judge, "-p", "no:cacheprovider")
    again.stdout.fnmatch_lines(["*2 by the judge with 0 call(s) and 6 cache hit(s)*"])
    assert len(judge_server.requests) == 6  # re-scoring a recorded run costs no judge call
    assert {r: v["status"] for r, v in rows_of(panel).items()} == {r: v["status"] for r, v in rows.items()}

    fresh = pytester.runpytest("--harness-model=gold", judge, "--harness-rejudge", "-p", "no:cacheprovider")
    fresh.stdout.fnmatch_lines(["*judge*rejudge)", "*2 by the judge with 6 call(s) and 0 cache hit(s)*"])
    assert len(judge_server.requests) == 12


def test_the_precheck_decides_without_the_judge(
    pytester: pytest.Pytester, panel: Path, judge_server: LoopbackServer
) -> None:
    judge = f"--harness-judge=openai/judge-model@{judge_server.base_url}"
    result = pytester.runpytest("--harness-model=defaults", judge, "--junitxml=out.xml", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*1 by pre-check, 1 by the judge with 3 call(s)*"])
    props = {
        case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in ET.parse(panel / "out.xml").getroot().iter("testcase")
    }
    judged = next(p for p in props.values() if p.get("rule") == "MP-010")
    assert judged["judge"].endswith(": fail (fail,fail,fail)") and judged["status"] == "fail"
    assert "judge" not in next(p for p in props.values() if p.get("rule") == "MP-011")
    rows = rows_of(panel)
    assert rows["MP-011"]["status"] == "fail" and rows["MP-011"]["judge"] is None
    assert rows["MP-011"]["reason"] == "print() added in src/"
    assert rows["MP-010"]["status"] == "fail" and rows["MP-010"]["judge"]["status"] == "fail"


def test_without_a_judge_judged_rules_are_unjudged_not_na_or_errors(pytester: pytest.Pytester, panel: Path) -> None:
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider", "-rA")
    assert result.ret == pytest.ExitCode.OK
    assert result.parseoutcomes().get("unjudged") == 2
    result.stdout.fnmatch_lines([
        "harnessif: no judge (--harness-judge): judge-based rules are reported unjudged",
        "model*unjudged*Acc*",
        "gold*4*2*0*0*0*2*100.0*",
        "judge-based verdicts: 2 (0 by pre-check, 0 by the judge with 0 call(s) and 0 cache hit(s), 2 unjudged)",
    ])
    rows = rows_of(panel)
    assert rows["MP-010"]["status"] == rows["MP-011"]["status"] == "unjudged"
    assert "no judge configured" in rows["MP-010"]["reason"]


def test_unusable_judge_answers_are_error_verdicts_with_the_raw_answers(
    pytester: pytest.Pytester, panel: Path
) -> None:
    with LoopbackServer("openai", respond=lambda body: openai_reply("It looks fine to me!")) as server:
        result = pytester.runpytest(
            "--harness-model=gold", f"--harness-judge=openai/j@{server.base_url}", "-p", "no:cacheprovider"
        )
    result.assert_outcomes(passed=2, errors=2)
    rows = rows_of(panel)
    row = rows["MP-010"]
    assert row["status"] == "error" and "JudgeError: judge has no majority of 3 votes" in row["reason"]
    assert [v["raw"] for v in row["judge"]["votes"]] == ["It looks fine to me!"] * 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--harness-judge=nosuch/model"], "*--harness-judge: *unknown provider 'nosuch'*"),
        (["--harness-judge=openai/gpt-judge"], "*--harness-judge: OPENAI_API_KEY is not set*"),
        (["--harness-judge=openai/j@http://127.0.0.1:9", "--harness-judge-votes=0"], "*--harness-judge-votes: *"),
        (
            ["--harness-judge=openai/j@http://127.0.0.1:9", "--harness-judge-max-tokens=1"],
            "*--harness-judge-max-tokens: *",
        ),
    ],
)
def test_bad_judge_options_are_usage_errors(
    pytester: pytest.Pytester, panel: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    result = pytester.runpytest("--harness-model=gold", *args, "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: harnessif: {message.lstrip('*')}"])


def test_xdist_workers_share_the_judge_cache_and_match_serial(
    pytester: pytest.Pytester, panel: Path, judge_server: LoopbackServer
) -> None:
    judge = f"--harness-judge=openai/judge-model@{judge_server.base_url}"
    par = pytester.runpytest_subprocess("--harness-model=gold", "--harness-model=defaults", judge, "-n", "2")
    par.assert_outcomes(passed=4, failed=4)
    par.stdout.fnmatch_lines(["*3 by the judge with 9 call(s) and 0 cache hit(s)*"])
    rows = rows_of(panel)
    serial = pytester.runpytest("--harness-model=gold", "--harness-model=defaults", judge, "-p", "no:xdist")
    serial.stdout.fnmatch_lines(["*3 by the judge with 0 call(s) and 9 cache hit(s)*"])
    assert rows_of(panel).keys() == rows.keys()


def test_junit_tells_na_from_unjudged(pytester: pytest.Pytester, panel: Path) -> None:
    """Both are <skipped>; the message says which, and why, without reading the properties."""
    task = panel / "tasks" / "demo" / "mini" / "task.yaml"
    task.write_text(task.read_text().replace("MP-011]", "MP-011, MP-003]"))
    pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider", f"--junitxml={panel / 'junit.xml'}")
    skipped = {
        case.get("name", "").split("[")[0]: case.find("skipped").get("message", "")
        for case in ET.parse(panel / "junit.xml").iter("testcase")
        if case.find("skipped") is not None
    }
    assert skipped["test_explain_cites"] == "n/a (no opportunity in this run; not scored): no explain turn"
    assert skipped["test_reply_reports_plainly"].startswith("unjudged (no judge; counted apart, not in Acc): ")
