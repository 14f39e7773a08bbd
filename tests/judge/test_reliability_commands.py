"""`harnessif judge swap|human|calibrate` end to end: run directories written with write_run, a second judge
and the calibration judge played by loopback OpenAI servers (real SDK client), hand-computed agreement and kappa;
the stratified sample's balance and determinism."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
import yaml

from pytest_harnessif.cli import main
from pytest_harnessif.llm_judge import Request
from pytest_harnessif.llm_judge.calibration import CalibrationError, load_calibration
from pytest_harnessif.metrics.sampling import allocate, stratified_sample
from pytest_harnessif.report.records import JUDGE_REQUESTS, write_run
from pytest_harnessif.rulemeta import Rubric
from pytest_harnessif.schema import JudgeRecord, Vote
from tests.support.loopback import LoopbackServer, openai_reply
from tests.support.verdicts import verdict

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rule_checks"
RUBRIC = Rubric(question="Does the reply lead with the outcome?", pass_if=["outcome first"], fail_if=["narration"])
ANSWER = re.compile(r"answer=([a-z/]+)")


def user_text(body: dict[str, Any]) -> str:
    content = body["messages"][-1]["content"]
    return content if isinstance(content, str) else "".join(part.get("text", "") for part in content)


def reply(answer: str) -> dict[str, Any]:
    if answer == "garbage":
        return openai_reply("I would rather not say.")
    return openai_reply(json.dumps({"verdict": answer, "reason": f"the evidence reads {answer}"}))


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("openai") as s:
        yield s


def spec(server: LoopbackServer) -> str:
    return f"openai/second-judge@{server.base_url}"


def run(*argv: str) -> int:
    return main(["judge", *argv])


# --- swap -----------------------------------------------------------------------------------------------

# (model, first judge's status, what the second judge will answer); rows 1-10 in order
SWAP = [
    ("m-a", "pass", "pass"),
    ("m-a", "pass", "pass"),
    ("m-a", "pass", "fail"),
    ("m-a", "fail", "fail"),
    ("m-b", "fail", "pass"),
    ("m-a", "fail", "fail"),
    ("m-b", "pass", "pass"),
    ("m-b", "n/a", "pass"),
    ("m-b", "pass", "garbage"),
    ("m-b", "fail", "fail"),
]


JUDGED = {"family": "professional_writing", "method": "llm_judge", "reason": "recorded", "judge": None}
"""The columns of a verdict of a judge-based rule (`judge` holds the record when the judge decided)."""


def swap_run(tmp_path: Path) -> tuple[Path, list[Request]]:
    """Ten judge-decided verdicts (SWAP) and one decided by a pre-check; the second judge's answer is written
    into each request's evidence so the loopback judge can read it back."""
    rows, requests = [], []
    for i, (model, first, second) in enumerate(SWAP, 1):
        request = Request.build(RUBRIC, {"final_reply": f"row {i}: answer={second}"}, 24_000)
        record = JudgeRecord(judge="openai/first-judge", status=first,
                             votes=[Vote(index=0, status=first, reason="first")], request=request.hash)
        rule, family = ("PW-001", "professional_writing") if i % 2 else ("PW-002", "workflow")
        judged = {**JUDGED, "family": family, "judge": record.model_dump(mode="json")}
        rows.append(verdict(model, f"task-{i:02d}", rule, first, **judged))
        requests.append(request)
    rows.append(verdict("m-a", "task-99", "PW-002", "n/a", **JUDGED))  # pre-check: never sampled
    records = [{"hash": r.hash, **r.model_dump(mode="json")} for r in requests]
    return write_run(tmp_path / "run", rows, {"run_id": "run"}, records), requests


def answer_from_evidence(body: dict[str, Any]) -> dict[str, Any]:
    match = ANSWER.search(user_text(body))
    assert match, "request without an answer marker"
    return reply(match.group(1))


def test_swap_reports_hand_computed_agreement_and_deltas(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    run_dir, _ = swap_run(tmp_path)
    server.respond = answer_from_evidence
    out_csv = tmp_path / "swap.csv"
    assert run("swap", str(run_dir), "--judge", spec(server), "--n", "10", "--cache", str(tmp_path / "cache"),
               "--out", str(out_csv)) == 0
    out = capsys.readouterr().out
    assert len(server.requests) == 10 * 3  # ten requests, three votes each
    assert all(body["temperature"] == 0.3 for body in server.bodies())
    assert "first judge: openai/first-judge\nsecond judge: openai/second-judge@http://127.0.0.1:" in out
    assert "(30 model call(s), 0 cache hit(s))" in out
    assert "sampled 10 of 10 judge-decided verdicts, balanced over 2 family x modality x prior cells" in out
    # rows 8 (first n/a) and 9 (second judge: three unusable votes -> error) are left out
    assert "clean on both sides (pass/fail): 8; left out 2: first n/a 1, second error 1" in out
    # clean rows: [[3, 1], [1, 3]] -> p_o 6/8, p_e 1/2, kappa 0.5
    assert "n 8   agreement 75.0%   Cohen's kappa 0.500" in out
    lines = out.splitlines()
    confusion = lines.index("confusion (rows: first, columns: second)")
    assert lines[confusion + 3].split() == ["pass", "3", "1", "4"]
    assert lines[confusion + 4].split() == ["fail", "1", "3", "4"]
    # m-a: first 3/5 pass, second 2/5 -> -20.0; m-b: clean rows 5, 7, 10: 1/3 -> 2/3, +33.3
    rates = lines.index("pass rate by model (clean rows; delta = second - first, points)")
    assert lines[rates + 3].split() == ["m-a", "5", "60.0", "40.0", "-20.0"]
    assert lines[rates + 4].split() == ["m-b", "3", "33.3", "66.7", "+33.3"]
    # by family (= by rule here): odd rows 1, 3, 5, 7 -> [[2, 1], [1, 0]]: p_o 1/2, p_e 10/16, kappa -1/3;
    # even rows 2, 4, 6, 10 -> [[1, 0], [0, 3]]: kappa 1
    family = lines.index("by family")
    assert lines[family + 3].split() == ["professional_writing", "4", "50.0", "-0.333"]
    assert lines[family + 4].split() == ["workflow", "4", "100.0", "1.000"]
    rule = lines.index("by rule")
    assert lines[rule + 3].split() == ["PW-001", "professional_writing", "4", "50.0", "-0.333"]
    assert lines[rule + 4].split() == ["PW-002", "workflow", "4", "100.0", "1.000"]
    frame = pd.read_csv(out_csv, keep_default_na=False)
    assert len(frame) == 10
    assert {"first_status", "second_status", "second_votes", "left_out", "cell", "request"} <= set(frame.columns)
    assert frame.loc[frame["task"] == "task-09", "second_votes"].item() == "? ? ?"
    assert frame.loc[frame["task"] == "task-08", "left_out"].item() == "first n/a"

    # the same swap again is served from the cache: no new model calls, the same numbers
    assert run("swap", str(run_dir), "--judge", spec(server), "--n", "10", "--cache", str(tmp_path / "cache")) == 0
    again = capsys.readouterr().out
    assert len(server.requests) == 30 and "0 model call(s), 30 cache hit(s)" in again
    assert "n 8   agreement 75.0%   Cohen's kappa 0.500" in again


def test_swap_samples_n_rows(tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir, _ = swap_run(tmp_path)
    server.respond = answer_from_evidence
    assert run("swap", str(run_dir), "--judge", spec(server), "--n", "4", "--votes", "1", "--no-cache") == 0
    out = capsys.readouterr().out
    assert "sampled 4 of 10" in out and len(server.requests) == 4


def test_swap_without_requests_or_with_a_missing_hash_exits_2(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    run_dir, requests = swap_run(tmp_path)
    path = run_dir / JUDGE_REQUESTS
    kept = [line for line in path.read_text(encoding="utf-8").splitlines() if requests[2].hash not in line]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    assert run("swap", str(run_dir), "--judge", spec(server), "--no-cache") == 2
    err = capsys.readouterr().err
    assert err.startswith(f"harnessif judge swap: {path}: no request {requests[2].hash} (verdict m-a/task-03/r1/")
    path.unlink()
    assert run("swap", str(run_dir), "--judge", spec(server), "--no-cache") == 2
    assert f"harnessif judge swap: {path}: no recorded judge requests" in capsys.readouterr().err
    assert not server.requests


def test_swap_on_a_run_without_judged_verdicts_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = write_run(tmp_path / "run", [verdict("m", "t", "PW-002", "n/a", **JUDGED)], {})
    assert run("swap", str(run_dir), "--judge", "openai/x@http://127.0.0.1:9/v1") == 2
    assert "no verdict was decided by the judge" in capsys.readouterr().err


# --- stratified sampling ----------------------------------------------------------------------------------


def cells_frame(sizes: dict[tuple[str, str, str], int]) -> pd.DataFrame:
    rows = [
        verdict(f"m{i % 3}", f"t{i:03d}", "XX-001", family=f, modality=m, prior=p)
        for (f, m, p), n in sizes.items()
        for i in range(n)
    ]
    return pd.DataFrame(rows)


def test_allocate_is_balanced_with_caps() -> None:
    rng = np.random.default_rng(0)
    assert allocate([10, 10, 10], 9, rng) == [3, 3, 3]
    assert allocate([1, 10, 10], 9, rng) == [1, 4, 4]
    assert allocate([2, 0, 2], 100, rng) == [2, 0, 2]
    four = allocate([5, 5, 5, 5], 6, rng)
    assert sum(four) == 6 and sorted(four) == [1, 1, 2, 2]
    assert allocate([3, 3], 0, rng) == [0, 0]
    assert allocate([5, 5, 5, 5], 6, np.random.default_rng(7)) == allocate([5, 5, 5, 5], 6, np.random.default_rng(7))


def test_stratified_sample_balances_the_cells() -> None:
    frame = cells_frame({("a", "require", "neutral"): 20, ("a", "forbid", "neutral"): 5,
                         ("b", "require", "against_prior"): 50, ("c", "limit_max", "align_prior"): 2})
    sample = stratified_sample(frame, 30, seed=1)
    assert len(sample) == 30 and not sample.duplicated().any()
    counts = Counter(sample["cell"])
    # equal shares of 30 over 4 cells; the two small cells give all they have, the rest is split evenly
    assert counts["a x forbid x neutral"] == 5 and counts["c x limit_max x align_prior"] == 2
    assert sorted([counts["a x require x neutral"], counts["b x require x against_prior"]]) in ([11, 12],)
    assert len(stratified_sample(frame, 500, seed=1)) == len(frame)


def test_stratified_sample_is_deterministic_given_the_seed() -> None:
    frame = cells_frame({("a", "require", "neutral"): 40, ("b", "forbid", "neutral"): 40,
                         ("c", "prefer", "align_prior"): 40})
    keys = ["model", "task"]
    first = stratified_sample(frame, 20, seed=20260723)[keys]
    shuffled = frame.sample(frac=1.0, random_state=3)
    assert stratified_sample(shuffled, 20, seed=20260723)[keys].reset_index(drop=True).equals(
        first.reset_index(drop=True))
    other = stratified_sample(frame, 20, seed=1)[keys]
    assert not other.reset_index(drop=True).equals(first.reset_index(drop=True))
    assert sorted(Counter(stratified_sample(frame, 20, seed=5)["cell"]).values()) == [6, 7, 7]


# --- human --------------------------------------------------------------------------------------------------

# (harness status, human label) for tasks 1-10; see the 3x3 example in test_agreement: kappa 3/7
HUMAN = [
    ("pass", "pass"), ("pass", "pass"), ("fail", "fail"), ("fail", "pass"), ("n/a", "n/a"),
    ("n/a", "fail"), ("pass", "n/a"), ("fail", "fail"), ("error", "pass"), ("unjudged", "fail"),
]


def human_run(tmp_path: Path) -> Path:
    rows = [verdict("m-a", f"task-{i:02d}", "PW-001" if i <= 5 else "PW-002", status,
                    **{**JUDGED, "family": "professional_writing" if i <= 5 else "workflow"})
            for i, (status, _) in enumerate(HUMAN, 1)]
    return write_run(tmp_path / "run", rows, {})


def write_labels(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["model", "task", "round", "rule", "label", "rationale"])
        writer.writerows(rows)
    return path


def test_human_reports_the_confusion_matrix_and_unmatched_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_dir = human_run(tmp_path)
    labels = [["m-a", f"task-{i:02d}", "1", "PW-001" if i <= 5 else "PW-002", label.upper() if i == 1 else label,
               "why"] for i, (_, label) in enumerate(HUMAN, 1)]
    labels.append(["m-a", "task-42", "1", "PW-001", "pass", "no such verdict"])
    path = write_labels(tmp_path / "labels.csv", labels)
    out_csv = tmp_path / "joined.csv"
    assert run("human", str(path), "--run", str(run_dir), "--out", str(out_csv)) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "labels: 11; joined 8; left out 2 (verdict error 1, verdict unjudged 1); unmatched 1"
    assert lines[1] == f"  unmatched {path}:12: m-a/task-42/1/PW-001 (no such verdict)"
    assert "n 8   agreement 62.5%   Cohen's kappa 0.429" in out
    confusion = lines.index("confusion (rows: human, columns: harness)")
    assert lines[confusion + 1].split() == ["human", "\\", "harness", "pass", "fail", "n/a", "total"]
    assert [lines[confusion + k].split() for k in (3, 4, 5)] == [
        ["pass", "2", "1", "0", "3"], ["fail", "0", "2", "1", "3"], ["n/a", "1", "0", "1", "2"]]
    # by family: professional_writing = tasks 1-5, 4 agree; human (3, 1, 1), harness (2, 2, 1):
    # p_e = 9/25, kappa (20/25 - 9/25)/(16/25) = 11/16; workflow = tasks 6-8, 1 of 3 agree
    family = lines.index("by family")
    assert lines[family + 3].split() == ["professional_writing", "5", "80.0", "0.688"]
    assert lines[family + 4].split()[:3] == ["workflow", "3", "33.3"]
    rule = lines.index("by rule")
    assert lines[rule + 3].split() == ["PW-001", "professional_writing", "5", "80.0", "0.688"]
    joined = pd.read_csv(out_csv, keep_default_na=False)
    assert len(joined) == 8 and set(joined["human"]) == {"pass", "fail", "n/a"}


def test_human_bad_label_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = human_run(tmp_path)
    path = write_labels(tmp_path / "labels.csv", [["m-a", "task-01", "1", "PW-001", "pass", ""],
                                                  ["m-a", "task-02", "1", "PW-001", "maybe", ""]])
    assert run("human", str(path), "--run", str(run_dir)) == 2
    assert capsys.readouterr().err == (
        f"harnessif judge human: {path}:3: label 'maybe' is not one of pass, fail, n/a\n")
    path = write_labels(tmp_path / "labels.csv", [["m-a", "task-01", "one", "PW-001", "pass", ""]])
    assert run("human", str(path), "--run", str(run_dir)) == 2
    assert f"{path}:2: round 'one' is not a whole number" in capsys.readouterr().err
    path.write_text("model,task,rule,label\nm-a,task-01,PW-001,pass\n", encoding="utf-8")
    assert run("human", str(path), "--run", str(run_dir)) == 2
    assert "missing column(s) round" in capsys.readouterr().err
    path = write_labels(tmp_path / "labels.csv", [["m-x", "task-01", "1", "PW-001", "pass", ""]])
    assert run("human", str(path), "--run", str(run_dir)) == 2
    assert "none of the 1 labels matches a verdict" in capsys.readouterr().err


# --- calibrate ----------------------------------------------------------------------------------------------

# (id, rule, evidence name, text, human label)
ITEMS = [
    ("pw1-outcome", "PW-001", "final_reply", "Fixed paginate(); tests pass. [c1]", "pass"),
    ("pw1-narrates", "PW-001", "final_reply", "First I opened the file, then I ran... [c2]", "fail"),
    ("pw1-empty", "PW-001", "final_reply", " [c3]", "n/a"),
    ("pw2-plain", "PW-002", "markdown_diff", "+Returns the page. [c4]", "pass"),
    ("pw2-hype", "PW-002", "markdown_diff", "+The most powerful pager. [c5]", "fail"),
    ("pw2-sales", "PW-002", "markdown_diff", "+Effortless paging for everyone. [c6]", "fail"),
]


def calibration_set(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    items = [{"id": i, "rule": r, "evidence": {name: text}, "label": label, "rationale": "labelled by hand"}
             for i, r, name, text, label in ITEMS]
    (folder / "a.yaml").write_text(yaml.safe_dump(items[:3]), encoding="utf-8")
    (folder / "sub").mkdir(exist_ok=True)
    (folder / "sub" / "b.yaml").write_text(yaml.safe_dump(items[3:]), encoding="utf-8")
    return folder


def by_marker(answers: dict[str, str]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def respond(body: dict[str, Any]) -> dict[str, Any]:
        text = user_text(body)
        return reply(next(answer for marker, answer in answers.items() if marker in text))

    return respond


def calibrate(server: LoopbackServer, folder: Path, *extra: str) -> int:
    return run("calibrate", "--judge", spec(server), "--set", str(folder), "--rules", str(RULES), "--no-cache",
               *extra)


def test_calibrate_with_a_judge_that_agrees_with_the_humans(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = calibration_set(tmp_path / "calibration")
    server.respond = by_marker({f"[c{k}]": item[4] for k, item in enumerate(ITEMS, 1)})
    out_csv = tmp_path / "calibration.csv"
    assert calibrate(server, folder, "--out", str(out_csv)) == 0
    out = capsys.readouterr().out
    assert f"calibration set {folder}: 6 item(s) over 2 rule(s)" in out
    assert "judge errors (left out): 0; 18 model call(s), 0 cache hit(s)" in out
    assert "n 6   agreement 100.0%   Cohen's kappa 1.000" in out
    # the requests carry the library rubric of each item's rule
    texts = [user_text(b) for b in server.bodies()]
    assert any("outcome first" in t.lower() for t in texts) and any("marketing" in t.lower() for t in texts)
    rows = pd.read_csv(out_csv, keep_default_na=False)
    assert rows["id"].tolist() == [i[0] for i in ITEMS]
    assert (rows["human"] == rows["judge"]).all() and set(rows["family"]) == {"professional_writing"}
    assert rows["votes"].tolist()[:3] == ["pass pass pass", "fail fail fail", "n/a n/a n/a"]


def test_calibrate_with_a_judge_that_always_passes(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = calibration_set(tmp_path / "calibration")
    server.respond = by_marker({"[c6]": "garbage", "": "pass"})  # c6 (a fail) gets no usable answer
    assert calibrate(server, folder) == 0
    out = capsys.readouterr().out
    assert "judge errors (left out): 1;" in out
    # humans: pass 2, fail 2, n/a 1; judge: pass 5. p_o = 2/5; p_e = 2/5 (the judge is constant): kappa 0
    assert "n 5   agreement 40.0%   Cohen's kappa 0.000" in out
    lines = out.splitlines()
    rule = lines.index("by rule")
    assert lines[rule + 3].split() == ["PW-001", "professional_writing", "3", "33.3", "0.000"]
    assert lines[rule + 4].split() == ["PW-002", "professional_writing", "2", "50.0", "0.000"]
    confusion = lines.index("confusion (rows: human, columns: judge)")
    assert [lines[confusion + k].split() for k in (3, 4, 5)] == [
        ["pass", "2", "0", "0", "2"], ["fail", "2", "0", "0", "2"], ["n/a", "1", "0", "0", "1"]]


def test_calibrate_bad_yaml_exits_2_naming_file_and_field(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = calibration_set(tmp_path / "calibration")
    bad = folder / "sub" / "b.yaml"
    items = yaml.safe_load(bad.read_text(encoding="utf-8"))
    items[1]["label"] = "maybe"
    bad.write_text(yaml.safe_dump(items), encoding="utf-8")
    assert calibrate(server, folder) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"harnessif judge calibrate: {bad}: item 1: label: Input should be 'pass', 'fail'")

    del items[1]["label"]
    items[2]["rationale"] = ""
    bad.write_text(yaml.safe_dump(items), encoding="utf-8")
    assert calibrate(server, folder) == 2
    assert f"{bad}: item 1: label: Field required" in capsys.readouterr().err

    bad.write_text("- id: [unclosed\n", encoding="utf-8")
    assert calibrate(server, folder) == 2
    assert f"harnessif judge calibrate: {bad}: not valid YAML" in capsys.readouterr().err

    bad.write_text("id: not-a-list\n", encoding="utf-8")
    assert calibrate(server, folder) == 2
    assert f"{bad}: expected a YAML list of items, got dict" in capsys.readouterr().err
    assert not server.requests


def test_calibrate_unknown_rule_and_duplicate_ids(
    tmp_path: Path, server: LoopbackServer, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = calibration_set(tmp_path / "calibration")
    extra = folder / "c.yaml"
    item = {"id": "x", "rule": "ZZ-999", "evidence": {"final_reply": "hi"}, "label": "pass", "rationale": "r"}
    extra.write_text(yaml.safe_dump([item]), encoding="utf-8")
    assert calibrate(server, folder) == 2
    assert f"{extra}: item 0: rule: unknown rule id 'ZZ-999'" in capsys.readouterr().err

    extra.write_text(yaml.safe_dump([{**item, "id": "pw2-hype", "rule": "PW-002"}]), encoding="utf-8")
    with pytest.raises(CalibrationError, match=r"item 1: id: 'pw2-hype' is also the id of .*c\.yaml: item 0"):
        load_calibration(folder)  # c.yaml sorts before sub/b.yaml
    assert calibrate(server, folder) == 2
    assert "'pw2-hype' is also the id of" in capsys.readouterr().err
    assert not server.requests


def test_bad_judge_settings_and_specs_exit_2(
    tmp_path: Path, server: LoopbackServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = calibration_set(tmp_path / "calibration")
    assert calibrate(server, folder, "--votes", "0") == 2
    assert capsys.readouterr().err.startswith("harnessif judge calibrate: --votes: Input should be greater than")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert run("calibrate", "--judge", "openai/gpt-x", "--set", str(folder), "--rules", str(RULES)) == 2
    assert capsys.readouterr().err.startswith("harnessif judge calibrate: OPENAI_API_KEY is not set")
    assert run("calibrate", "--judge", spec(server), "--set", str(tmp_path / "nowhere"), "--rules", str(RULES)) == 2
    assert "no calibration folder" in capsys.readouterr().err
    assert not server.requests
