"""An audit's records and report (`--harness-audit`): the verdict rows, `summary.json`, the tables as CSV, the report
page (per agent, per rule with the sessions the logs cannot judge, the worst sessions with their evidence, each
session's turn flow beside its violations, transcript links) and the terminal text."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from ..files import atomic_write
from ..metrics.audit import AuditAnalysis, SessionFacts, analyse
from .format import num
from .html import page, table
from .records import HTML, SUMMARY, VERDICTS, in_order
from .terminal import text_table
from .transcripts import TranscriptKey, write_transcripts

SHOWN = 10  # rules and sessions the compact terminal text lists


def facts(meta: Mapping[str, Any]) -> dict[str, SessionFacts]:
    """Each session's format, flow and lacks, from the run's `audit` metadata."""
    audit = meta.get("audit", {})
    return {sid: SessionFacts(fmt, list(audit.get("flows", {}).get(sid, [])), list(audit.get("lacks", {}).get(sid, [])))
            for sid, fmt in audit.get("formats", {}).items()}  # fmt: skip


def _ci(mean: Any, low: Any, high: Any) -> str:
    return "-" if pd.isna(mean) else f"{num(float(mean), 1)} [{num(float(low), 1)}-{num(float(high), 1)}]"


def _agent_rows(a: AuditAnalysis) -> list[list[str]]:
    return [[str(r.model), str(r.sessions), str(r.scored), str(r.not_in_log), _ci(r.compliance, r.ci_low, r.ci_high)]
            for r in a.agents.itertuples()]  # fmt: skip


def _rule_rows(a: AuditAnalysis, statements: Mapping[str, str], width: int | None = None) -> list[list[str]]:
    def said(rule: str) -> str:
        text = statements.get(rule, "")
        return text if width is None or len(text) <= width else text[: width - 3] + "..."

    return [[str(r.rule), said(str(r.rule)), str(r.sessions), str(r.pass_), str(r.fail), str(r.not_in_log),
             str(r.na - r.not_in_log), str(r.errors + r.unjudged), _ci(r.compliance, r.ci_low, r.ci_high)]
            for r in a.rules.rename(columns={"pass": "pass_"}).itertuples()]  # fmt: skip


AGENT_HEAD = ("agent", "sessions", "scored", "not in log", "compliance % [95% CI]")
RULE_HEAD = ("rule", "statement", "sessions", "pass", "fail", "not in log", "other n/a", "err/unj",
             "compliance % [95% CI]")  # fmt: skip


def text(a: AuditAnalysis, meta: Mapping[str, Any], full: bool = False) -> str:
    """The terminal summary: per agent, then the rules (the `SHOWN` most violated unless `full`), the rules no log
    could judge, and the files that were not imported."""
    audit = meta.get("audit", {})
    statements = audit.get("statements", {})
    lines = [text_table(AGENT_HEAD, _agent_rows(a))]
    judged = a.rules[(a.rules["pass"] + a.rules["fail"]) > 0]
    blind = a.rules[(a.rules["not_in_log"] == a.rules["sessions"]) & (a.rules["sessions"] > 0)]
    shown = a.rules if full else judged.head(SHOWN)
    if not shown.empty:
        head = "every rule" if full else f"rules judged on at least one session, most violated first ({len(judged)})"
        rows = _rule_rows(AuditAnalysis(a.agents, shown, a.worst, a.sessions), statements, 60)
        lines += [head, text_table(RULE_HEAD, rows, left=(0, 1))]
    if len(blind):
        lines.append(f"{len(blind)} rule(s) these logs cannot audit (not in the log for every session): "
                     + ", ".join(blind["rule"].astype(str)))  # fmt: skip
    for broken in audit.get("not_imported", []):
        lines.append(f"not imported: {broken}")
    return "\n".join(lines)


def _link(links: Mapping[str, str], task: str, label: str) -> str:
    target = links.get(task)
    return f'<a href="{html.escape(target)}">{html.escape(label)}</a>' if target else html.escape(label)


def _linked_table(header: Sequence[str], rows: Sequence[Sequence[str]], links: Mapping[str, str], col: int) -> str:
    """A table whose column `col` holds session ids, each linked to its transcript page."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{_link(links, c, c) if i == col else html.escape(c)}</td>" for i, c in enumerate(r))
        + "</tr>"
        for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def section(a: AuditAnalysis, meta: Mapping[str, Any], links: Mapping[str, str]) -> str:
    """The report page's audit section."""
    audit = meta.get("audit", {})
    statements = audit.get("statements", {})
    worst = [[str(r.rule), str(r.task), str(r.violations), str(r.evidence)] for r in a.worst.itertuples()]
    per_session = [[str(r.task), str(r.model), str(r.format), str(r.flow), str(r.lacks), str(r.pass_), str(r.fail),
                    str(r.not_in_log), str(r.violations)]
                   for r in a.sessions.rename(columns={"pass": "pass_"}).itertuples()]  # fmt: skip
    broken = "".join(f"<li>{html.escape(str(b))}</li>" for b in audit.get("not_imported", []))
    return "".join([
        '<section id="population-audit"><h2>Audit of imported sessions (audit)</h2>',
        "<p>Each session is a log another harness wrote, scored rule by rule; nothing was injected, so a rule holds "
        "wherever the team wrote it. <em>Not in the log</em>: the check needs evidence this log format does not keep "
        "(the workspace's files, exit codes, the git history, replies): n/a, never pass or fail. Compliance is pass "
        "over pass + fail, with a 95% bootstrap interval over sessions.</p>",
        "<h3>Per agent</h3>", table(AGENT_HEAD, _agent_rows(a)),
        "<h3>Per rule</h3>", table(RULE_HEAD, _rule_rows(a, statements)),
        "<h3>Worst sessions per rule</h3>",
        _linked_table(("rule", "session", "violations in the session", "evidence"), worst, links, 1)
        if worst else "<p>No violation.</p>",
        "<h3>Per session: turn flow and violations</h3>",
        _linked_table(("session", "agent", "format", "turn flow (intents)", "log lacks", "pass", "fail", "not in log",
                       "violated"), per_session, links, 0),
        f"<h3>Files not imported</h3><ul>{broken}</ul>" if broken else "",
        "</section>",
    ])  # fmt: skip


def write_run(run_dir: Path, rows: Sequence[Mapping[str, Any]], meta: Mapping[str, Any]) -> tuple[Path, AuditAnalysis]:
    """Write the rows, `summary.json`, `tables/audit/*.csv`, the transcript pages and the report page."""
    run_dir.mkdir(parents=True, exist_ok=True)
    ordered = in_order(rows)
    analysis = analyse(ordered, facts(meta))
    atomic_write(run_dir / VERDICTS, "".join(json.dumps(r, sort_keys=True) + "\n" for r in ordered))
    tables = run_dir / "tables" / "audit"
    tables.mkdir(parents=True, exist_ok=True)
    for name, df in analysis.tables().items():
        atomic_write(tables / f"{name}.csv", df.to_csv(index=False).encode())
    summary = {**meta, "audit_result": {name: json.loads(df.to_json(orient="records"))
                                        for name, df in analysis.tables().items() if name != "sessions"}}  # fmt: skip
    atomic_write(run_dir / SUMMARY, json.dumps(summary, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    keys = sorted({TranscriptKey(str(r["model"]), str(r["task"]), int(r["round"])) for r in ordered})
    pages = write_transcripts(run_dir, keys, meta)
    links = {key.task: path for key, path in pages.items()}
    atomic_write(run_dir / HTML, page(summary, section(analysis, summary, links)))
    return run_dir, analysis
