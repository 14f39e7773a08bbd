"""The controller's collector: verdict rows arrive on test reports (from every xdist worker); at the end of the
session they are scored once and that one analysis is printed and written to `reports/<run-id>/`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

RECORDED = ("trajectory", "recorded")  # the user property of an item whose key was played in this session


class Collector:
    """A pytest plugin object (registered on the controller only). `meta` describes the session for
    `summary.json`; `full` adds the family and surface tables to the terminal summary."""

    def __init__(self, run_dir: Path, meta: Mapping[str, Any], full: bool) -> None:
        self.run_dir = run_dir
        self.meta = dict(meta)
        self.full = full
        self.rows: list[dict[str, Any]] = []
        self.requests: dict[str, dict[str, Any]] = {}
        self.fresh: set[str] = set()

    def pytest_runtest_logreport(self, report: Any) -> None:
        verdict = getattr(report, "harness_verdict", None)
        if verdict is None:
            return
        self.rows.append(verdict)
        for request in getattr(report, "harness_judge_requests", []):
            self.requests[request["hash"]] = request
        if RECORDED in [tuple(p) for p in report.user_properties]:
            self.fresh.add(_key(verdict))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.rows:
            return
        from ..metrics.accuracy import summarize  # pandas and the figures: imported only when there is a report
        from ..metrics.panel import panels
        from .records import in_order, write_run
        from .terminal import full_tables, judge_line, summary_table

        rows = in_order(self.rows)
        frames = panels(rows)
        keys = {_key(r) for r in rows}
        fresh = self.fresh & keys
        meta = {**self.meta, "trajectories": len(keys), "trajectories_recorded": len(fresh)}
        run_dir = write_run(self.run_dir, rows, meta, list(self.requests.values()), frames)
        tr = terminalreporter
        tr.write_sep("=", "Harness-IF summary")
        tr.write_line(summary_table(summarize(frames)))
        if self.full:
            tr.write_line(full_tables(frames))
        tr.write_line(f"trajectories: {len(keys)} ({len(fresh)} recorded now, {len(keys) - len(fresh)} re-used)")
        tr.write_line(judge_line(rows))
        tr.write_line(f"records: {run_dir}")


def _key(row: Mapping[str, Any]) -> str:
    """The trajectory a verdict came from (a one-at-a-time probe runs one per target rule)."""
    withheld = f"/without-{row['rule']}" if row.get("probe") == "each" else ""
    return f"{row['model']}/{row['task']}/r{row['round']}{withheld}"
