"""`--harness-e0`: one item per (model, round, pair, matchup, direction), each a fresh run of the fixed task with
the pair's two statements on two surfaces; outcomes are recorded as the `e0` population, analysed at the end, and
re-read by `harnessif e0 RUN`. Agents with a known precedence are recovered by rank sums and by Bradley-Terry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.conflict import BY_ID, matchups

from ..support.loopback import LoopbackServer, openai_reply

SP_FIRST = "precedence/SP>PF>UI>TD>SD"
ORDERS = {SP_FIRST: ("SP", "PF", "UI", "TD", "SD"), "precedence/later": ("SD", "UI", "TD", "PF", "SP")}


def run_dir(root: Path) -> Path:
    return max((root / "reports").iterdir(), key=lambda p: p.stat().st_mtime)


def outcomes(root: Path) -> list[dict]:
    lines = (run_dir(root) / "e0_outcomes.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("model", list(ORDERS))
def test_a_known_precedence_is_recovered(pytester: pytest.Pytester, model: str) -> None:
    pairs = "commit-language or reply-form or test-file-names"
    result = pytester.runpytest("--harness-e0", f"--harness-model={model}", "-k", pairs, "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3 * 20)
    rows = outcomes(pytester.path)
    assert len(rows) == 60 and {r["population"] for r in rows} == {"e0"}
    assert all(r["winner"] == min((r["surface_a"], r["surface_b"]), key=ORDERS[model].index) for r in rows)
    summary = json.loads((run_dir(pytester.path) / "summary.json").read_text())
    assert summary["e0_result"]["order"] == list(ORDERS[model])  # Bradley-Terry
    ranks = (run_dir(pytester.path) / "e0_ranks.csv").read_text().splitlines()
    header, first = ranks[0].split(","), ranks[1].split(",")
    by_rank = sorted(header[1:], key=lambda s: float(first[header.index(s)]))
    assert by_rank == list(ORDERS[model])  # rank sums
    page = (run_dir(pytester.path) / "report.html").read_text()
    assert 'id="population-e0"' in page and "fig-e0_strengths" in page and "Partial run" in page  # -k: partial
    result.stdout.fnmatch_lines(["population: E0 conflict pilot*", "*60 runs, 60 decisive (AB 30, BA 30)*"])


def test_every_cell_runs_once_and_the_directions_interleave(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--harness-e0", f"--harness-model={SP_FIRST}", "--harness-rounds=2", "--collect-only",
                                "-q", "-p", "no:cacheprovider")  # fmt: skip
    ids = [line.split("[", 1)[1].rstrip("]") for line in result.stdout.lines if "::test_conflict[" in line]
    assert len(ids) == len(set(ids)) == 2 * len(BY_ID) * len(matchups()) * 2
    directions = [i.rsplit("-", 1)[1] for i in ids]
    assert directions[:4] == ["AB", "BA", "BA", "AB"]  # each cell's pair side by side, which goes first alternates
    half = len(directions) // 2
    assert directions[:half].count("AB") == directions[:half].count("BA")


def test_the_run_is_complete_reused_and_read_back(
    pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str]
) -> None:
    first = pytester.runpytest("--harness-e0", f"--harness-model={SP_FIRST}", "-p", "no:cacheprovider")
    first.assert_outcomes(passed=160)
    summary = json.loads((run_dir(pytester.path) / "summary.json").read_text())
    assert summary["complete"] is True and summary["verdicts_written"] == summary["verdicts_expected"] == 160
    assert summary["population"] == "e0" and summary["e0"]["pairs"] == list(BY_ID)
    again = pytester.runpytest("--harness-e0", f"--harness-model={SP_FIRST}", "-p", "no:cacheprovider")
    again.stdout.fnmatch_lines(["trajectories: 160 (0 recorded now, 160 re-used)"])
    capsys.readouterr()
    assert main(["e0", str(run_dir(pytester.path)), "--replicates", "200"]) == 0
    out = capsys.readouterr().out
    assert "160 runs, 160 decisive (AB 80, BA 80)" in out and "ordering SP > PF > UI > TD > SD held in 100.0%" in out
    page = run_dir(pytester.path) / "report.html"
    page.unlink()
    assert main(["report", str(run_dir(pytester.path))]) == 0  # re-rendered from the outcome rows alone
    assert "160 runs, 160 decisive" in capsys.readouterr().out and 'id="population-e0"' in page.read_text()


def test_a_model_that_ignores_the_rules_is_not_decisive(pytester: pytest.Pytester) -> None:
    """A real OpenAI client against a loopback model that commits in English only when the user's turn says so,
    and in Chinese otherwise: only a UI-placed statement wins; where none of a pair's rules is followed (no
    branch is made) the run is reported not decisive, never a winner."""

    def respond(body: dict) -> dict:
        messages = body["messages"]
        if messages[-1]["role"] == "tool":
            return openai_reply("Committed.")
        user = next(m["content"] for m in messages if m["role"] == "user")
        message = "Add a truncate helper" if BY_ID["commit-language"].a in user else "添加 truncate 函数"
        return openai_reply("", [("bash", {"command": f"git commit -q --allow-empty -m '{message}'"})])

    with LoopbackServer("openai", respond=respond) as server:
        result = pytester.runpytest(
            "--harness-e0", f"--harness-model=openai/loop@{server.base_url}", "-k", "commit-language or branch-prefix",
            "-p", "no:cacheprovider",
        )  # fmt: skip
    result.stdout.fnmatch_lines(["*= 20 passed, 120 deselected,*20 not decisive*"])  # warnings may sit between
    rows = outcomes(pytester.path)
    assert {r["outcome"] for r in rows if r["pair"] == "branch-prefix"} == {"neither"}
    assert all(r["reason"].startswith("followed neither rule on branch names") for r in rows if not r["winner"])
    language = [r for r in rows if r["pair"] == "commit-language"]
    assert len(language) == 20
    assert all(r["winner"] == ("UI" if r["surface_a"] == "UI" else r["surface_b"]) for r in language)


def test_a_run_that_breaks_is_an_error_never_a_winner(pytester: pytest.Pytester) -> None:
    with LoopbackServer("openai", respond=lambda body: {"garbage": True}) as server:
        result = pytester.runpytest(
            "--harness-e0", f"--harness-model=openai/broken@{server.base_url}", "-k", "reply-form and SP-TD",
            "--harness-max-retries=0", "-p", "no:cacheprovider",
        )  # fmt: skip
    result.assert_outcomes(errors=2)
    assert {r["outcome"] for r in outcomes(pytester.path)} == {"error"}
    assert all(r["winner"] is None for r in outcomes(pytester.path))
    result.stdout.fnmatch_lines(["*PARTIAL RUN, not a result*2 verdicts are errors*"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([f"--harness-model={SP_FIRST}"], "*precedence agents play only the E0 conflict task; add --harness-e0*"),
        (["--harness-e0", "--harness-model=gold", "--harness-zero-injection=all"], "*separate populations*"),
        (["--harness-e0", "--harness-model=precedence/SP>PF"], "*name each of SP, TD, SD, PF, UI once*"),
    ],
)
def test_bad_e0_settings_are_one_usage_error(pytester: pytest.Pytester, args: list[str], message: str) -> None:
    result = pytester.runpytest(*args, "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


@pytest.mark.slow
def test_two_workers_recover_both_orders(pytester: pytest.Pytester) -> None:
    """The whole pilot for both precedence agents under `-n 2`: every run its own trajectory scope, 320 decisive."""
    models = [f"--harness-model={m}" for m in ORDERS]
    result = pytester.runpytest_subprocess("--harness-e0", *models, "-n", "2", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*320 runs, 320 decisive (AB 160, BA 160)*", "*= 320 passed in *"])
    rows = outcomes(pytester.path)
    for model, order in ORDERS.items():
        mine = [r for r in rows if r["model"] == model]
        assert len(mine) == 160
        assert all(r["winner"] == min((r["surface_a"], r["surface_b"]), key=order.index) for r in mine)
