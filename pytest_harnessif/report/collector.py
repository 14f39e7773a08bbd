"""The controller's collector: verdict rows arrive on test reports (from every xdist worker); at the end of the
session they are scored once and that one analysis is printed and written to `reports/<run-id>/`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .completeness import Session, completeness, partial_line, population_line

RECORDED = ("trajectory", "recorded")  # the user property of an item whose key was played in this session
RATE_LIMITED = "rate_limited"  # with it, how many of that trajectory's model requests were answered 429


def recorded(extra: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The user properties of an item whose trajectory was played in this session (`extra`: its record's)."""
    limited = extra.get(RATE_LIMITED)
    return [RECORDED, *([(RATE_LIMITED, limited)] if limited else [])]


class Collector:
    """A pytest plugin object (registered on the controller only). `meta` describes the session for
    `summary.json`; `full` adds the family and surface tables to the terminal summary; `expected` is how many
    verdicts the whole panel plans; `stop` is the file whose existence tells every worker, after Ctrl-C, not to
    start another trajectory."""

    def __init__(self, run_dir: Path, meta: Mapping[str, Any], full: bool, expected: int, stop: Path) -> None:
        self.run_dir = run_dir
        self.meta = dict(meta)
        self.full = full
        self.expected = expected
        self.stop = stop
        self.interrupted = False
        self.stopped = False
        self.rows: list[dict[str, Any]] = []
        self.outcomes: list[dict[str, Any]] = []  # E0 conflict runs
        self.flows: list[dict[str, Any]] = []  # SWE-TaskFlow measurements
        self.requests: dict[str, dict[str, Any]] = {}
        self.fresh: set[str] = set()
        self.limited: dict[str, int] = {}  # trajectory played now -> its 429 responses

    def pytest_runtest_logreport(self, report: Any) -> None:
        for rows, attr in ((self.outcomes, "harness_e0"), (self.flows, "harness_flow")):
            outcome = getattr(report, attr, None)
            if outcome is not None:
                rows.append(outcome)
                self._played(report, outcome["trajectory"])
                return
        verdict = getattr(report, "harness_verdict", None)
        if verdict is None:
            return
        self.rows.append(verdict)
        for request in getattr(report, "harness_judge_requests", []):
            self.requests[request["hash"]] = request
        self._played(report, _key(verdict))

    def _played(self, report: Any, trajectory: str) -> None:
        properties = [tuple(p) for p in report.user_properties]
        if RECORDED in properties:
            self.fresh.add(trajectory)
            for name, value in properties:
                if name == RATE_LIMITED:
                    self.limited[trajectory] = int(value)

    def _played_meta(self, trajectories: set[str]) -> dict[str, Any]:
        """How many trajectories the rows come from, how many were played in this session and how many of their
        model requests a provider answered with 429 (rate limited; retried)."""
        fresh = self.fresh & trajectories
        meta = {"trajectories": len(trajectories), "trajectories_recorded": len(fresh)}
        if limited := {t: n for t, n in self.limited.items() if t in fresh}:
            meta["rate_limited"] = {"responses": sum(limited.values()), "trajectories": len(limited)}
        return meta

    def pytest_keyboard_interrupt(self) -> None:
        self.interrupted = True
        self.stop.parent.mkdir(parents=True, exist_ok=True)
        self.stop.touch()

    def pytest_sessionfinish(self, session: Any) -> None:
        self.stopped = bool(session.shouldstop)

    def pytest_unconfigure(self) -> None:
        self.stop.unlink(missing_ok=True)

    def _session(self, exitstatus: int, config: Any) -> Session:
        return Session(
            interrupted=self.interrupted or exitstatus == 2,  # pytest.ExitCode.INTERRUPTED
            last_failed=bool(config.getoption("lf", False)),
            keyword=config.getoption("keyword", "") or "",
            markexpr=config.getoption("markexpr", "") or "",
            stopped=self.stopped and not self.interrupted,
            not_run=self.meta.get("tasks_not_run"),
        )

    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: Any) -> None:
        if not self.rows and not self.outcomes and not self.flows:
            if self.interrupted:
                terminalreporter.write_line("harnessif: interrupted before any verdict: nothing recorded", yellow=True)
            return
        if self.outcomes:
            self._e0_summary(terminalreporter, self._session(exitstatus, config))
            return
        if self.flows:
            self._taskflow_summary(terminalreporter, self._session(exitstatus, config))
            return
        if self.meta.get("population") == "audit":
            self._audit_summary(terminalreporter, self._session(exitstatus, config))
            return
        from ..metrics.accuracy import summarize  # pandas and the figures: imported only when there is a report
        from ..metrics.panel import panels
        from ..metrics.populations import NONCODING
        from .records import in_order, write_run
        from .terminal import full_tables, judge_line, noncoding_summary, summary_table

        rows = in_order(self.rows)
        frames = panels(rows)
        meta = {**self.meta, **self._played_meta({_key(r) for r in rows})}
        errors = sum(r["status"] == "error" for r in rows)
        meta.update(completeness(self.expected, len(rows), errors, self._session(exitstatus, config)))
        run_dir = write_run(self.run_dir, rows, meta, list(self.requests.values()), frames)
        tr = terminalreporter
        tr.write_sep("=", "Harness-IF summary")
        coding = {name: frame for name, frame in frames.items() if name != NONCODING}
        if coding or not frames:
            tr.write_line(population_line(meta["population"], meta.get("zero_injection")))
            tr.write_line(summary_table(summarize(coding)))
        if NONCODING in frames:
            tr.write_line(population_line(NONCODING))
            tr.write_line(noncoding_summary(frames[NONCODING]))
        if self.full:
            tr.write_line(full_tables(frames))
        self._records(tr, run_dir, meta, judge_line(rows))

    def _e0_summary(self, tr: Any, session: Session) -> None:
        """The E0 pilot: its outcome rows written and analysed (ranks, BT, bootstrap), the short tables printed."""
        import pandas as pd

        from ..metrics.e0 import COLUMNS, analyse
        from .e0 import text, write_run

        meta = {**self.meta, **self._played_meta({r["trajectory"] for r in self.outcomes})}
        errors = sum(r["outcome"] == "error" for r in self.outcomes)
        meta.update(completeness(self.expected, len(self.outcomes), errors, session))
        analysis = analyse(pd.DataFrame(self.outcomes, columns=list(COLUMNS)))
        run_dir = write_run(self.run_dir, self.outcomes, meta, analysis)
        tr.write_sep("=", "Harness-IF summary")
        tr.write_line(population_line(meta["population"]))
        tr.write_line(text(analysis, full=self.full) if analysis else "no run was decisive: nothing to rank")
        self._records(tr, run_dir, meta)

    def _taskflow_summary(self, tr: Any, session: Session) -> None:
        """An SWE-TaskFlow run: its rows written and analysed (resolve, checkpoints, answers, cost), the tables
        printed."""
        from ..taskflow.runs import analyse
        from .taskflow import text, write_run

        meta = {**self.meta, **self._played_meta({r["trajectory"] for r in self.flows})}
        errors = sum(r["status"] == "error" for r in self.flows)
        meta.update(completeness(self.expected, len(self.flows), errors, session))
        analysis = analyse(self.flows)
        run_dir = write_run(self.run_dir, self.flows, meta, analysis)
        tr.write_sep("=", "Harness-IF summary")
        tr.write_line(population_line(meta["population"]))
        tr.write_line(text(analysis))
        self._records(tr, run_dir, meta)

    def _audit_summary(self, tr: Any, session: Session) -> None:
        """An audit of imported logs: its rows written and analysed (per agent, per rule, worst sessions, per
        session), the short tables printed."""
        from .audit import text, write_run

        rows = self.rows
        meta = {**self.meta, **self._played_meta({_key(r) for r in rows})}
        errors = sum(r["status"] == "error" for r in rows)
        meta.update(completeness(self.expected, len(rows), errors, session))
        run_dir, analysis = write_run(self.run_dir, rows, meta)
        tr.write_sep("=", "Harness-IF summary")
        tr.write_line(population_line(meta["population"]))
        tr.write_line(text(analysis, meta, full=self.full))
        audit = meta["audit"]
        tr.write_line(f"sessions: {audit['sessions']} imported, {len(audit['not_imported'])} file(s) not imported")
        partial = partial_line(meta)
        tr.write_line(f"records: {run_dir}" + (" (marked complete: false)" if partial else ""))
        if partial:
            tr.write_line(partial, yellow=True, bold=True)

    @staticmethod
    def _records(tr: Any, run_dir: Path, meta: Mapping[str, Any], judged: str | None = None) -> None:
        """The closing lines: trajectories played and re-used, requests a provider rate-limited, the judge's line,
        where the records are, and whether they are a partial run."""
        played, fresh = meta["trajectories"], meta["trajectories_recorded"]
        tr.write_line(f"trajectories: {played} ({fresh} recorded now, {played - fresh} re-used)")
        if limited := meta.get("rate_limited"):
            tr.write_line(f"rate limited: {limited['responses']} model request(s) answered 429 in "
                          f"{limited['trajectories']} trajectory(ies), retried")  # fmt: skip
        if judged is not None:
            tr.write_line(judged)
        partial = partial_line(meta)
        tr.write_line(f"records: {run_dir}" + (" (marked complete: false)" if partial else ""))
        if partial:
            tr.write_line(partial, yellow=True, bold=True)


def _key(row: Mapping[str, Any]) -> str:
    """The trajectory a verdict came from (a one-at-a-time probe runs one per target rule)."""
    withheld = f"/without-{row['rule']}" if row.get("probe") == "each" else ""
    return f"{row['model']}/{row['task']}/r{row['round']}{withheld}"
