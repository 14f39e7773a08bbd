"""`harnessif taskflow ...`: every subcommand through `add_parser`, on fixture corpora, the ECP sample and the panel."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from pytest_harnessif.commands import taskflow
from pytest_harnessif.taskflow.corpora import label_sequences, load_corpus
from pytest_harnessif.taskflow.report import text_report
from pytest_harnessif.taskflow.targets import ECP_SAMPLE
from pytest_harnessif.taskflow.tfas import Comparison, compare

from ..support.loopback import LoopbackServer, bad_request
from .conftest import answering

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]
ECP = str(ECP_SAMPLE)


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="harnessif")
    taskflow.add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["taskflow", *argv])
    return args.func(args)


def classify_dataclaw(out: Path, cache: Path) -> int:
    return run("classify", str(DATA / "dataclaw_conversations.jsonl"), "--model", "baseline", "--out", str(out),
               "--cache", str(cache))


@pytest.fixture
def labelled(tmp_path: Path) -> Path:
    assert classify_dataclaw(tmp_path / "labelled.jsonl", tmp_path / "cache") == 0
    return tmp_path / "labelled.jsonl"


def test_classify_writes_labelled_sessions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "labelled.jsonl"
    assert classify_dataclaw(out_file, tmp_path / "cache") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"4 messages in 2 sessions -> {out_file}"
    assert "cached 0, needed a retry 0, fell back to 'other' 0" in out
    sessions = load_corpus(out_file)
    assert [s.labels for s in sessions] == [["bug-fix", "tests", "execute"], ["explain"]]
    assert classify_dataclaw(tmp_path / "again.jsonl", tmp_path / "cache") == 0
    assert "cached 4," in capsys.readouterr().out


def test_classify_through_a_loopback_model_records_fallbacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             openai_server: LoopbackServer,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # where the default cache would go
    answering(openai_server, lambda body: "no idea")
    assert run("classify", str(DATA / "generic.jsonl"), "--model", f"openai/m@{openai_server.base_url}", "--out",
               str(tmp_path / "out.jsonl"), "--no-cache", "--retries", "1") == 0
    assert len(openai_server.requests) == 5 * 2
    assert all(body["temperature"] == 0 for body in openai_server.bodies())
    assert "fell back to 'other' 5" in capsys.readouterr().out
    assert not (tmp_path / ".harnessif").exists()


def test_a_failed_model_call_exits_1(tmp_path: Path, openai_server: LoopbackServer,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    openai_server.respond = lambda body: bad_request("no such model")
    assert run("classify", str(DATA / "generic.jsonl"), "--model", f"openai/m@{openai_server.base_url}", "--out",
               str(tmp_path / "out.jsonl"), "--no-cache", "--concurrency", "1") == 1
    err = capsys.readouterr().err
    assert err.startswith("harnessif taskflow: model call failed: openai at ") and "no such model" in err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_missing_key_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("classify", str(DATA / "generic.jsonl"), "--model", "claude-sonnet-4-6", "--out",
               str(tmp_path / "out.jsonl")) == 2
    assert capsys.readouterr().err == ("harnessif taskflow: ANTHROPIC_API_KEY is not set (needed for "
                                       "anthropic/claude-sonnet-4-6)\n")


def test_dist_prints_and_publishes_the_three_vectors(labelled: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert run("dist", str(labelled), "--json", str(tmp_path / "flow.json")) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "2 sessions, 4 messages with a TFAS label, 6 edges"
    assert "START -> bug-fix" in out
    vectors = json.loads((tmp_path / "flow.json").read_text())
    assert len(vectors["L"]) == 7 and len(vectors["T"]) == 13 and len(vectors["R"]) == 196
    assert sum(vectors["R"].values()) == pytest.approx(1.0)


def test_tfas_of_the_panel_against_the_ecp_sample(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("tfas", "--target", ECP, "--benchmark", str(ROOT / "tasks"), "--bootstrap", "200",
               "--json", str(tmp_path / "tfas.json")) == 0
    expected = compare(label_sequences(load_corpus(Path(ECP))), label_sequences(load_corpus(ROOT / "tasks")),
                       replicates=200)
    assert capsys.readouterr().out == text_report(expected, ECP, str(ROOT / "tasks")) + "\n"
    assert Comparison.model_validate_json((tmp_path / "tfas.json").read_text()) == expected
    assert expected.target.sessions == 180 and expected.bootstrap is not None


def test_sankey_writes_png_and_html(tmp_path: Path, labelled: Path) -> None:
    assert run("sankey", "--target", ECP, "--benchmark", str(labelled), "--out", str(tmp_path / "fig"),
               "--bootstrap", "0") == 0
    html = (tmp_path / "fig" / "taskflow.html").read_text()
    assert html.count("<svg") == 2 and "Gap table" in html
    assert (tmp_path / "fig" / "taskflow.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert run("sankey", "--target", ECP, "--out", str(tmp_path / "solo"), "--min-length", "1") == 0
    solo = (tmp_path / "solo" / "taskflow.html").read_text()
    assert solo.count("<svg") == 1 and "Gap table" not in solo


@pytest.fixture
def echo(openai_server: LoopbackServer) -> str:
    """The base URL of a loopback model that calls everything a bug fix."""
    return answering(openai_server, lambda body: '{"task_type": "bug-fix"}').base_url


def test_agree_runs_three_models(tmp_path: Path, echo: str, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "sessions.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"s{i}", "messages": [f"Fix bug {i}.", "thanks!"]}) + "\n"
                              for i in range(120)))
    assert run("agree", str(corpus), "--model", "baseline", "--model", f"openai/a@{echo}", "--model",
               f"openai/b@{echo}", "--no-cache") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "100 sessions, 200 messages"
    assert out[1:4] == [f"  baseline / openai/a@{echo}: 50.0%", f"  baseline / openai/b@{echo}: 50.0%",
                        f"  openai/a@{echo} / openai/b@{echo}: 100.0%"]
    assert out[4] == "  mean: 66.7%"


@pytest.mark.parametrize(("argv", "message"), [
    (["dist", str(DATA / "generic.jsonl")], "unlabelled messages"),
    (["tfas", "--target", str(DATA / "nope.jsonl"), "--benchmark", ECP], "no such file"),
    (["classify", str(DATA / "generic.jsonl"), "--model", "gemma", "--out", "x.jsonl"], "provider/model"),
    (["classify", str(DATA / "generic.jsonl"), "--model", "gold", "--out", "x.jsonl"], "use 'baseline' or"),
    (["agree", str(DATA / "generic.jsonl"), "--model", "baseline", "--model", "baseline"], "exactly three"),
    (["agree", str(DATA / "generic.jsonl"), "--model", "baseline", "--model", "baseline", "--model", "baseline"],
     "at least 100 sessions, got 2"),
])
def test_errors_exit_2_with_a_message(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(*argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("harnessif taskflow: ") and message in err
