"""The generic JSONL format: what it imports, what it refuses (naming file and line), the verdicts library rules give
its sessions, and the export of a trajectory read back unchanged."""

from __future__ import annotations

from pathlib import Path

from pytest_harnessif.audit import generic
from pytest_harnessif.audit.sessions import IMPORTERS, detect, read
from pytest_harnessif.evidence import UnloggedExit
from pytest_harnessif.testing import bash, make_run, tool, turn

from ._outcome import LOGS, imported, outcome

CSV = LOGS / "generic" / "csv-export-bug.jsonl"
SILENT = LOGS / "generic" / "no-exit-codes.jsonl"


def test_a_session_keeps_turns_messages_calls_and_results() -> None:
    log = read(CSV)
    traj = log.trajectory
    assert log.format == "generic" and traj.key.model == "acme-agent" and traj.model_id == "acme-coder-2"
    assert traj.system_prompt.startswith("You are Acme's coding agent") and [t.name for t in traj.tools] == [
        "bash", "edit_file"]  # fmt: skip
    assert [t.user for t in traj.turns] == [
        "The CSV export drops the last row when the ledger has an odd number of entries. Can you find out why and "
        "fix it?",
        "Thanks. Is `_pairs` still used anywhere?",
    ]
    calls = [c for s in traj.turns[0].steps for c in s.tool_calls]
    assert [(c.name, c.command, c.exit_code) for c in calls] == [
        ("bash", 'cd /home/dev/ledgerline && grep -rn "def export_csv" src | head', 0),
        ("read_file", None, None),
        ("bash", "python -m pytest -q tests/test_export.py 2>&1 | tail -5", 1),
        ("edit_file", None, None),
        ("bash", "python -m pytest -q 2>&1 | tail -3", 0),
    ]
    assert calls[2].output.endswith("1 failed, 4 passed in 0.12s")
    assert traj.turns[0].reply.startswith("The exporter paired rows") and traj.turns[1].reply.startswith("No: only")
    assert log.lacks == {"workspace", "git"}  # every command has its exit code


def test_what_the_log_lacks_is_recorded() -> None:
    log = read(SILENT)
    assert log.lacks == {"workspace", "git", "exit_codes", "replies"}
    s = imported(SILENT)
    assert [t.intent for t in s.trajectory.turns] == ["execute"]  # the log's own label is kept
    code = s.run.commands[0].exit_code
    assert isinstance(code, UnloggedExit) and format(code) == "?"


def test_detection_picks_generic_and_no_other_format_claims_it() -> None:
    for path in sorted((LOGS / "generic").glob("*.jsonl")):
        text = path.read_text()
        assert detect(path, text) is generic
        first = __import__("json").loads(text.splitlines()[0])
        assert [f for f, m in IMPORTERS.items() if m.sniff(first)] == ["generic"]


def test_verdicts_of_library_rules_on_a_generic_session() -> None:
    s = imported(CSV, commands={"test": "python -m pytest -q"})
    known = {
        "TU-011": "fail",  # `grep -rn "_pairs" src tests` caps nothing
        "OC-001": "fail",  # no STATUS line at the end of the final reply
        "TU-016": "fail",  # `cd ... && grep ... | head` chains two commands
        "TU-010": "pass",  # the file was read with read_file, never cat
        "OC-004": "pass",  # no reply opens with a filler preamble
        "TU-003": "pass",  # no file written through bash
        "CS-001": "unlogged",  # the code as written lives in the workspace, which the log does not keep
        "WF-012": "unlogged",  # commits: the git history is not in the log
    }
    assert {rule: outcome(rule, s) for rule in known} == known


def test_a_log_without_replies_or_exit_codes_is_never_judged_on_them() -> None:
    s = imported(SILENT)
    known = {
        "TU-003": "fail",  # `sed -i` wrote a file through bash
        "OC-041": "unlogged",  # "every turn ends with a reply": the log has no reply to judge
        "OC-034": "unlogged",
        "QT-012": "unlogged",  # failed-call repeats need exit codes
        "TU-013": "pass",  # no sudo
    }
    assert {rule: outcome(rule, s) for rule in known} == known


def test_an_export_reads_back_as_the_same_session(tmp_path: Path) -> None:
    run = make_run(turns=[
        turn("Why does the build fail?", "Because `make` needs a tab.", bash("make 2>&1 | tail -2", 2, "x"),
             intent="debug"),
        turn("Fix it.", "Fixed.", tool("edit_file", "ok", path="Makefile", old="  cc", new="\tcc"), intent="bug-fix"),
    ])  # fmt: skip
    path = tmp_path / "exported.jsonl"
    path.write_text(generic.export(run.trajectory, [t.text for t in run.task.turns]))
    back = read(path).trajectory
    assert [(t.user, t.intent, t.reply) for t in back.turns] == [(t.user, t.intent, t.reply) for t in
                                                                  run.trajectory.turns]  # fmt: skip
    ours = [c for t in run.trajectory.turns for s in t.steps for c in s.tool_calls]
    theirs = [c for t in back.turns for s in t.steps for c in s.tool_calls]
    assert [c.model_dump(exclude={"duration"}) for c in theirs] == [c.model_dump(exclude={"duration"}) for c in ours]
