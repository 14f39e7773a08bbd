"""A rule's verdict on an imported session, computed by calling its check as the plugin would (no judge)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pytest_harnessif.audit import generic
from pytest_harnessif.audit.rulesfile import AuditRules
from pytest_harnessif.audit.sessions import Session, read, session, session_ids
from pytest_harnessif.authoring import NotApplicable, Unjudged
from pytest_harnessif.entries import TaskEntry
from pytest_harnessif.evidence import Run
from pytest_harnessif.library import load_rules
from pytest_harnessif.llm_judge.context import judging
from pytest_harnessif.report.auditcoverage import outcome as coverage_outcome
from pytest_harnessif.sandbox.local import LocalSandbox
from pytest_harnessif.trajectory import ToolCall, Trajectory

ROOT = Path(__file__).resolve().parents[2]
RULES = load_rules(ROOT / "rule_checks")
LOGS = Path(__file__).parent / "logs"


def imported(path: Path, rules: list[str] | None = None, commands: dict[str, str] | None = None) -> Session:
    """The session of one log file, auditing `rules` (default every library rule)."""
    plan = AuditRules(rules=sorted(RULES) if rules is None else rules, commands=commands or {})
    return session(session_ids([(path, path.parent)])[0], read(path), plan)


def outcome(rule_id: str, s: Session) -> str:
    """pass, fail, na, `unlogged` (n/a: not in the log), `unfit` (the audit refuses the rule for this session),
    unjudged or error: the audit's own decision, as `harnessif audit coverage` counts it."""
    decided = coverage_outcome(RULES[rule_id], s)
    return {"not_in_log": "unlogged", "not_auditable": "unfit"}.get(decided, decided)


def verdicts(path: Path, rules: list[str]) -> dict[str, str]:
    """Each rule's outcome on the log at `path`, detected by content and audited for those rules only."""
    s = session("fixture", read(path), AuditRules(rules=sorted(rules), commands={}))
    return {rule: outcome(rule, s) for rule in rules}


def calls(path: Path, turn: int = 0) -> list[ToolCall]:
    """The tool calls of one turn of an imported log."""
    return [c for step in read(path).trajectory.turns[turn].steps for c in step.tool_calls]


def recorded_outcome(rule_id: str, run: Run) -> str:
    """The verdict of a rule on a run this plugin recorded, by calling its check (no judge)."""
    entry = RULES[rule_id]
    with judging(None, entry.meta.rubric):
        try:
            entry.check(run)
        except Unjudged:
            return "unjudged"
        except NotApplicable:
            return "na"
        except AssertionError:
            return "fail"
    return "pass"


def round_trip(store: Path, tasks: dict[str, TaskEntry], out: Path) -> tuple[Counter[str], list[str]]:
    """Every trajectory of a store exported to generic JSONL (into `out`) and imported back: the audit's outcome of
    each rule its task injects, and where it differs from the recording's (rules whose evidence the export does not
    keep, `unlogged` or `unfit`, are not compared)."""
    seen: Counter[str] = Counter()
    differ = []
    for record in sorted(store.glob("*/*/*/r1/trajectory.json")):
        traj = Trajectory.model_validate_json(record.read_bytes())
        entry = tasks[traj.key.task]
        snaps = {p.name: p.read_bytes() for p in record.parent.glob("*.tar")}
        run = Run(traj, entry.task, snaps.__getitem__, LocalSandbox)
        path = out / f"{traj.key.model}-{traj.key.task}.jsonl"
        path.write_text(generic.export(traj, [t.text for t in entry.task.turns], skills=entry.task.skills))
        plan = AuditRules(rules=[r.id for r in entry.task.rules], commands=entry.task.commands,
                          project_file=entry.task.project_file)  # fmt: skip
        audited = session(path.stem, read(path), plan)
        for ref in entry.task.rules:
            seen[got := outcome(ref.id, audited)] += 1
            if got not in ("unlogged", "unfit") and got != (was := recorded_outcome(ref.id, run)):
                differ.append(f"{traj.key.id} {ref.id}: recorded {was}, imported {got}")
    return seen, differ
