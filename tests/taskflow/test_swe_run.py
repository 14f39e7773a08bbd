"""`pytest --harness-taskflow=DATASET --harness-taskflow-config=NAME`: each task's turns one at a time in one
conversation, a checkpoint after every issue turn, questions answered in text and graded by the answer judge, a
question turn that edits the repository caught and restored, the final resolve on the cumulative state; rows of the
`taskflow` population in the records and the report, and `harnessif taskflow report` over several runs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.flowdata import load_dataset
from pytest_harnessif.swe import CONFIG_NAMES

from ..support.loopback import LoopbackServer, openai_reply
from .flowbot import flow_bot, rows, run_dir, session


def test_a_session_turn_by_turn_with_checkpoints_answers_and_costs(pytester: pytest.Pytester,
                                                                   swe_dataset: Path) -> None:  # fmt: skip
    result, asked, graded = session(pytester, swe_dataset, "qa-random")
    result.assert_outcomes(passed=3 * 5 + 2 * 6)  # 3 tasks x (clean, after 1-3, resolve) + 6 questions x 2
    found = rows(pytester.path)
    assert {r["population"] for r in found} == {"taskflow"} and {r["config"] for r in found} == {"qa-random"}
    curve = {}
    for r in found:
        if r["kind"] == "checkpoint":
            curve.setdefault(r["task"], {})[r["checkpoint"]] = r["tests_passed"]
    assert all(c[0] < c[1] < c[2] < c[3] for c in curve.values()), curve  # the fix arrives turn by turn
    resolved = [r for r in found if r["kind"] == "resolve"]
    assert all(r["resolved"] and r["tests_passed"] == r["tests_total"] for r in resolved)
    assert all(r["input_tokens"] > 0 and r["cost"] > 0 for r in resolved)
    answers = [r for r in found if r["kind"] == "answer"]
    assert all(r["correct"] is True and r["judge"]["judge"].startswith("openai/grader@") for r in answers)

    entries = load_dataset(swe_dataset, "qa-random")
    references = [t.reference for e in entries.values() for t in e.flow.turns if t.reference]
    sent = json.dumps([m["content"] for b in asked for m in b["messages"] if m["role"] in ("system", "user")])
    assert not any(ref in sent for ref in references)  # hidden: the agent is never told a reference
    for entry in entries.values():  # one conversation: each request carries every earlier user turn, in order
        texts = [t.text for t in entry.flow.turns]
        mine = [b for b in asked if f"on the {entry.instance.repo} repository" in b["messages"][0]["content"]]
        users = [[m["content"] for m in b["messages"] if m["role"] == "user"] for b in mine]
        assert all(u == texts[: len(u)] for u in users) and users[-1] == texts
    assert len(graded) == 6 and all(b["temperature"] == 0 for b in graded)

    run = run_dir(pytester.path)
    summary = json.loads((run / "summary.json").read_text())
    assert summary["population"] == "taskflow" and summary["complete"] is True
    assert summary["taskflow"]["config"] == "qa-random" and summary["verdicts_expected"] == 27
    page = (run / "report.html").read_text()
    assert 'id="population-taskflow"' in page and "fig-taskflow_curves" in page and "fig-taskflow_costs" in page
    assert (run / "taskflow_checkpoints.csv").is_file() and (run / "taskflow_curves.png").stat().st_size > 1000
    result.stdout.fnmatch_lines(["population: SWE-TaskFlow sessions*", "resolve rate*", "*qa-random*100.0*"])


def test_a_question_turn_that_edits_the_repository_is_caught_and_restored(pytester: pytest.Pytester,
                                                                          swe_dataset: Path) -> None:  # fmt: skip
    bot = flow_bot(swe_dataset, "qa-first", meddle=True, wrong=True)
    result, _, _ = session(pytester, swe_dataset, "qa-first", "-k", "moneyfmt", bot=bot)
    result.assert_outcomes(passed=5, failed=2)  # its one question: answered wrong, and it changed the repository
    found = {r["measurement"]: r for r in rows(pytester.path)}
    changed = found["unchanged-q1"]
    assert changed["status"] == "fail" and changed["restored"] == ["NOTES.txt", "README.md"]
    assert "changed the repository (NOTES.txt, README.md); restored" in changed["reason"]
    assert found["answer-q1"]["status"] == "fail" and found["answer-q1"]["correct"] is False
    assert found["resolve"]["status"] == "pass"  # the edit was put back before the issue turns
    trajectory = next((pytester.path / ".harnessif" / "runs").rglob("trajectory.json"))
    turns = json.loads(trajectory.read_text())["turns"]
    assert turns[0]["restored"] == ["NOTES.txt", "README.md"] and all(not t["restored"] for t in turns[1:])
    result.stdout.fnmatch_lines(["*unchanged-q1*changed the repository*"])


def test_no_judge_leaves_answers_unjudged_and_a_garbled_grade_is_an_error(pytester: pytest.Pytester,
                                                                          swe_dataset: Path) -> None:  # fmt: skip
    result, _, graded = session(pytester, swe_dataset, "qa-only", "-k", "ratekit", judge=None)
    outcomes = {"passed": 3, "failed": 1, "unjudged": 2, "deselected": 12}  # no issue turn: nothing is resolved
    assert {k: v for k, v in result.parseoutcomes().items() if k != "warnings"} == outcomes  # warnings vary
    assert not graded
    statuses = {r["measurement"]: r["status"] for r in rows(pytester.path)}
    assert statuses["answer-q1"] == statuses["answer-q2"] == "unjudged"

    garbled = session(pytester, swe_dataset, "qa-only", "-k", "ratekit and answer",
                      judge=lambda body: openai_reply("Looks right to me."))[0]  # fmt: skip
    garbled.assert_outcomes(errors=2)
    assert all(r["status"] == "error" and "no usable grade" in r["reason"] for r in rows(pytester.path))
    garbled.stdout.fnmatch_lines(["*PARTIAL RUN, not a result*"])


def test_sessions_are_reused_and_the_report_command_compares_configurations(
    pytester: pytest.Pytester, swe_dataset: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, bots = [], {c: flow_bot(swe_dataset, c) for c in ("single", "split")}
    playing = ["single"]
    with LoopbackServer("openai", respond=lambda body: bots[playing[0]](body)) as model:  # one model, two configs
        for config in ("single", "split"):
            playing[0] = config
            result = session(pytester, swe_dataset, config, "-k", "inikit or routekit", model=model)[0]
            result.assert_outcomes(passed=2 * (3 if config == "single" else 5))
            runs.append(run_dir(pytester.path))
    for recorded in (2, 0):  # the second session re-uses the sessions and the test results of each state
        gold = pytester.runpytest(f"--harness-taskflow={swe_dataset}", "--harness-model=gold", "-k", "inikit or "
                                  "routekit", "-p", "no:cacheprovider")  # fmt: skip
        gold.assert_outcomes(passed=10)
        gold.stdout.fnmatch_lines([f"trajectories: 2 ({recorded} recorded now, {2 - recorded} re-used)"])
    kept = list((pytester.path / ".harnessif" / "runs").rglob("gold/*/r1-split/flowtests.json"))
    assert len(kept) == 2 and all(len(json.loads(p.read_text())) == 4 for p in kept)  # clean, after 1-2, final=3
    for path in kept:  # what the kept outcomes say is what a re-score reports, until --harness-recheck
        states = json.loads(path.read_text())
        path.write_text(json.dumps({k: {**v, "outcomes": dict.fromkeys(v["outcomes"], "FAILED")}
                                    for k, v in states.items()}))  # fmt: skip
    for extra, failed in (((), 10), (("--harness-recheck",), 0)):  # every kept test "failed": all 10 items fail
        again = pytester.runpytest(f"--harness-taskflow={swe_dataset}", "--harness-model=gold", "-k",
                                   "inikit or routekit", *extra, "-p", "no:cacheprovider")  # fmt: skip
        assert again.parseoutcomes().get("failed", 0) == failed

    out = pytester.path / "compared"
    assert main(["taskflow", "report", *map(str, runs), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert re.search(r"/v1\s+single\s+2\s+100\.0", printed) and re.search(r"/v1\s+split\s+2\s+100\.0", printed)
    ratio = re.search(r"/v1\s+(\d+\.\d+)x\s+cost", printed)
    assert ratio and float(ratio.group(1)) > 1.5  # three issue turns cost more than one prompt
    assert (out / "report.html").is_file() and (out / "taskflow_ratio.csv").is_file()
    assert main(["taskflow", "report", str(pytester.path)]) == 2
    assert "no taskflow_rows.jsonl" in capsys.readouterr().err

    rendered = pytester.path / "rendered"
    assert main(["report", str(runs[1]), "--out", str(rendered)]) == 0  # the generic re-render knows these runs
    assert "resolve rate" in capsys.readouterr().out and (rendered / "taskflow_curves.png").is_file()
    again = [json.loads(line) for line in (rendered / "taskflow_rows.jsonl").read_text().splitlines()]
    assert again == [json.loads(line) for line in (runs[1] / "taskflow_rows.jsonl").read_text().splitlines()]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--harness-taskflow=nowhere"], "*nowhere: not an SWE-TaskFlow dataset (no manifest.json)*"),
        (["--harness-taskflow={ds}", "--harness-taskflow-config=mixed"], "*taskflow-config=mixed: choose from*"),
        (["--harness-taskflow={ds}", "--harness-e0"], "*--harness-e0 and --harness-taskflow are separate populations*"),
        (["--harness-taskflow={ds}", "--harness-model=defaults"], "*defaults: SWE-TaskFlow tasks have only the gold*"),
    ],
)
def test_bad_taskflow_settings_are_one_line(pytester: pytest.Pytester, swe_dataset: Path, args: list[str],
                                            message: str) -> None:  # fmt: skip
    model = [] if any(a.startswith("--harness-model") for a in args) else ["--harness-model=gold"]
    result = pytester.runpytest(*[a.format(ds=swe_dataset) for a in args], *model, "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


@pytest.mark.slow
def test_gold_runs_every_configuration_under_xdist(pytester: pytest.Pytester, swe_dataset: Path) -> None:
    for config in CONFIG_NAMES:
        result = pytester.runpytest_subprocess(f"--harness-taskflow={swe_dataset}",
                                               f"--harness-taskflow-config={config}", "--harness-model=gold",
                                               "-n", "2", "-p", "no:cacheprovider")  # fmt: skip
        found = rows(pytester.path)
        resolved = [r["resolved"] for r in found if r["kind"] == "resolve"]
        others = [r["status"] for r in found if r["kind"] != "resolve"]
        assert found and set(others) <= {"pass", "unjudged"}, result.stdout.str()[-3000:]
        assert resolved == [config != "qa-only"] * len(resolved)  # questions alone fix nothing
        assert result.ret == (1 if config == "qa-only" else 0)


def test_a_session_in_the_docker_sandbox(pytester: pytest.Pytester, swe_dataset: Path) -> None:
    """The same measurements with a container per session: checkpoints from snapshots, a question turn's edit
    restored inside the container."""
    from pytest_harnessif.sandbox.base import SandboxError
    from pytest_harnessif.sandbox.engine import engine

    try:
        engine(timeout=10)
    except SandboxError as exc:  # only a missing engine skips (`.ci/run` starts one)
        pytest.skip(f"{exc}: the docker sandbox cannot run here")
    bot = flow_bot(swe_dataset, "qa-last", meddle=True)
    result = session(pytester, swe_dataset, "qa-last", "-k", "moneyfmt", "--harness-sandbox=docker", bot=bot)[0]
    result.assert_outcomes(passed=6, failed=1)
    found = {r["measurement"]: r for r in rows(pytester.path)}
    assert found["unchanged-q1"]["restored"] == ["NOTES.txt", "README.md"] and found["resolve"]["resolved"]
    assert [found[f"after-{k}"]["tests_passed"] for k in (1, 2, 3)] == sorted({found[f"after-{k}"]["tests_passed"]
                                                                              for k in (1, 2, 3)})  # fmt: skip
    result.stdout.fnmatch_lines(["*sandbox docker*"])


def test_a_recorded_session_replays(pytester: pytest.Pytester, swe_dataset: Path) -> None:
    """`replay/<model>@<store>` finds a session under its configuration and plays its model side again."""
    args = (f"--harness-taskflow={swe_dataset}", "-k", "routekit", "-p", "no:cacheprovider")
    pytester.runpytest("--harness-model=gold", *args).assert_outcomes(passed=5)
    store = next((pytester.path / ".harnessif" / "runs").iterdir())
    replayed = pytester.runpytest(f"--harness-model=replay/gold@{store}", *args)
    replayed.assert_outcomes(passed=5)
    assert all(r["resolved"] for r in rows(pytester.path) if r["kind"] == "resolve")
