"""Transcript pages: one self-contained HTML page per trajectory of a run, rendered from its store record, so
a verdict in `report.html` links to what the agent was told and did."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import pandas as pd
from pydantic import ValidationError

from ..files import atomic_write, safe_segment
from ..schema import RunKey
from ..store import RECORD, Store
from ..trajectory import ToolCall, Trajectory, TurnRecord

FOLDER = "transcripts"
LIMIT = 20_000  # characters of one text block shown before it is cut
RUN_ID = re.compile(r"\d{8}-\d{6}-[0-9a-f]+")

STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1000px;color:#222}
h1{font-size:1.4rem}h2{border-bottom:2px solid #ddd;padding-bottom:.2rem;margin-top:2rem;font-size:1.15rem}
pre{background:#f6f6f6;border:1px solid #e2e2e2;padding:.5rem;white-space:pre-wrap;word-break:break-word;
font-size:.82rem;margin:.3rem 0}
.user{border-left:4px solid #4a7ebb;padding-left:.6rem}.reply{border-left:4px solid #3a9a5b;padding-left:.6rem}
.call{margin:.6rem 0 .6rem 1rem;border-left:2px solid #ccc;padding-left:.6rem}.call p{margin:.3rem 0}
.note{color:#555;font-size:.88rem}.bad{color:#a11}
dl{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem}dt{font-weight:600}
"""


class TranscriptKey(NamedTuple):
    """One trajectory of a run: (model, task, round) and, in a one-at-a-time probe, the rule withheld."""

    model: str
    task: str
    round: int
    withheld: str | None = None


def key_of(row: Mapping[str, Any]) -> TranscriptKey:
    """The trajectory a verdict row was judged on (a one-at-a-time probe withholds the row's own rule)."""
    withheld = str(row["rule"]) if row.get("probe") == "each" else None
    return TranscriptKey(str(row["model"]), str(row["task"]), int(row["round"]), withheld)


def page_path(key: TranscriptKey) -> str:
    """The page's path relative to the run directory: `transcripts/<model>/<task>/r<round>.html`."""
    run = f"r{key.round}" + (f"-without-{safe_segment(key.withheld)}" if key.withheld else "")
    return f"{FOLDER}/{safe_segment(key.model)}/{safe_segment(key.task)}/{run}.html"


def _text(value: str, limit: int = LIMIT) -> str:
    """An escaped <pre> block, cut after `limit` characters with a note saying how much was left out."""
    if len(value) <= limit:
        return f"<pre>{html.escape(value)}</pre>"
    rest = len(value) - limit
    return (
        f"<pre>{html.escape(value[:limit])}</pre>"
        f'<p class="note">... {rest:,} more characters not shown (the full text is in {RECORD} in the store).</p>'
    )


def _args(args: Mapping[str, Any]) -> str:
    """Each argument under its name: text as written (an edit's new code reads as code), the rest as JSON."""
    if not args:
        return '<p class="note">no arguments</p>'
    return "".join(
        f"<p>{html.escape(name)}</p>"
        + _text(v if isinstance(v, str) else json.dumps(v, indent=1, ensure_ascii=False, sort_keys=True))
        for name, v in sorted(args.items())
    )


def _call(call: ToolCall) -> str:
    status = []
    if call.exit_code:
        status.append(f"exit code {call.exit_code}")
    if call.is_error:
        status.append("tool error")
    if call.timed_out:
        status.append("timed out")
    if call.killed_reason:
        status.append(f"killed: {call.killed_reason}")
    flag = f' <span class="bad">({html.escape(", ".join(status))})</span>' if status else ""
    command = f"<p>command</p>{_text(call.command)}" if call.command else ""
    code = "" if call.exit_code is None else f" (exit code {call.exit_code})"
    return (
        f'<div class="call"><p><strong>tool call {html.escape(call.name)}</strong>{flag}</p>'
        f"{_args(call.args)}{command}<p>output{code}</p>{_text(call.output)}</div>"
    )


def _turn(turn: TurnRecord) -> str:
    steps = []
    for step in turn.steps:
        if step.text and step.text != turn.reply:
            steps.append(f"<p>assistant</p>{_text(step.text)}")
        steps.extend(_call(c) for c in step.tool_calls)
    stop = "" if turn.stop_reason == "reply" else f' <span class="bad">(turn ended: {turn.stop_reason})</span>'
    return (
        f'<section id="turn-{turn.index + 1}"><h2>Turn {turn.index + 1}: {html.escape(turn.intent)}</h2>'
        f'<div class="user"><p><strong>user</strong></p>{_text(turn.user)}</div>{"".join(steps)}'
        f'<div class="reply"><p><strong>final reply of the turn</strong>{stop}</p>{_text(turn.reply)}</div></section>'
    )


def render(traj: Trajectory, key: TranscriptKey, back: str) -> str:
    """One trajectory as a page: what the agent was given, every turn's user text, tool calls and reply."""
    title = f"{key.model} / {key.task} / round {key.round}" + (f" / without {key.withheld}" if key.withheld else "")
    facts = {
        "agent": traj.agent,
        "model id": traj.model_id or "",
        "status": traj.status + (f": {traj.error}" if traj.error else ""),
        "run ended": traj.end_reason,
        "recorded by run": str(traj.extra.get("run_id", "")),
        "rules placed": ", ".join(f"{r} ({s})" for r, s in sorted(traj.placement.items())) or "none",
        "tokens": f"{traj.usage.input_tokens:,} in, {traj.usage.output_tokens:,} out, {traj.usage.calls} call(s)",
        "duration": f"{traj.duration:.1f} s",
    }
    if audit := traj.extra.get("audit"):  # a session imported from another harness's log: nothing run or placed here
        for unknown in ("run ended", "rules placed", "tokens", "duration"):
            del facts[unknown]
        facts.update({"imported from": f"{audit.get('source', '')} ({audit.get('format', '')})",
                      "the log lacks": ", ".join(audit.get("lacks", [])) or "nothing"})  # fmt: skip
    dl = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in facts.items() if v)
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}</style></head><body>"
        f'<p><a href="{html.escape(back)}">back to the report</a></p><h1>Transcript: {html.escape(title)}</h1>'
        f"<dl>{dl}</dl>"
        f"<details><summary>system prompt as sent</summary>{_text(traj.system_prompt)}</details>"
        + "".join(_turn(t) for t in traj.turns)
        + ("" if traj.turns else "<p>No turn was recorded.</p>")
        + "</body></html>\n"
    )


def keys_in(frames: Iterable[pd.DataFrame]) -> list[TranscriptKey]:
    """Every trajectory the verdict rows of `frames` were judged on, in a stable order."""
    found: set[TranscriptKey] = set()
    for df in frames:
        cols = [c for c in ("model", "task", "round", "rule", "probe") if c in df.columns]
        found.update(key_of(r) for r in df[cols].to_dict("records"))
    return sorted(found, key=lambda k: (k.model, k.task, k.round, k.withheld or ""))


def _load(store: Store, key: TranscriptKey, run_id: str) -> Trajectory | None:
    """The store record of `key`, or None when it is missing, unreadable, or was recorded by a later run (then
    it is not the trajectory this run's verdicts judged)."""
    path = store.path(RunKey(model=key.model, task=key.task, round=key.round, withheld=key.withheld)) / RECORD
    try:
        traj = Trajectory.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, ValueError):
        return None
    recorded = str(traj.extra.get("run_id", ""))
    if RUN_ID.fullmatch(recorded) and RUN_ID.fullmatch(run_id) and recorded > run_id:
        return None
    return traj


def write_transcripts(
    out_dir: Path, keys: Iterable[TranscriptKey], meta: Mapping[str, Any]
) -> dict[TranscriptKey, str]:
    """Write a page per key whose store record (summary meta `store`) is still there; keep a page written
    earlier when the record is gone. Returns key -> page path relative to `out_dir`, for the keys with a page."""
    base = Path(str(meta["store"])) if meta.get("store") else None
    store = Store(base.parent, base.name) if base is not None else None  # Store(root, hash).base == root / hash
    run_id = str(meta.get("run_id", ""))
    pages: dict[TranscriptKey, str] = {}
    for key in keys:
        rel = page_path(key)
        target = out_dir / rel
        traj = _load(store, key, run_id) if store is not None else None
        if traj is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            back = "../" * (rel.count("/")) + "report.html"
            atomic_write(target, render(traj, key, back).encode())
        if target.is_file():
            pages[key] = rel
    return pages
