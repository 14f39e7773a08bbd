"""An audit's numbers (`--harness-audit`, population `audit`): per rule, how often the sessions comply, with a
bootstrap interval over sessions, how many sessions the logs cannot judge ("not in the log"), the worst sessions
with their evidence, and per session its violations.

One verdict per (session, rule), so resampling sessions for one rule is drawing a binomial count: the interval is
the percentile interval of `Binomial(n, p̂) / n` (the nonparametric bootstrap of a proportion, exactly). Per agent,
sessions are resampled as clusters (a session's pass and scorable counts move together)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .populations import require_single

NOT_IN_LOG = "not in the log"
REPLICATES, SEED, LEVEL = 10_000, 20260714, 0.95


def _frame(rows: Sequence[Mapping[str, object]] | pd.DataFrame) -> pd.DataFrame:
    df = pd.DataFrame(rows) if not isinstance(rows, pd.DataFrame) else rows
    require_single(df)
    if df.empty:
        return pd.DataFrame(columns=["model", "task", "rule", "status", "reason"])
    df = df.copy()
    df["unlogged"] = (df["status"] == "n/a") & df["reason"].fillna("").str.startswith(NOT_IN_LOG)
    return df


def _interval(passes: int, n: int, rng: np.random.Generator) -> tuple[float, float]:
    if n == 0:
        return float("nan"), float("nan")
    draws = rng.binomial(n, passes / n, size=REPLICATES) / n * 100
    tail = (1 - LEVEL) / 2 * 100
    low, high = np.percentile(draws, [tail, 100 - tail])
    return float(low), float(high)


def rules(rows: Sequence[Mapping[str, object]] | pd.DataFrame) -> pd.DataFrame:
    """Per rule: sessions, pass, fail, n/a (of which `not in the log`), errors, unjudged, compliance % of pass+fail
    with its 95% bootstrap interval over sessions; most failing first."""
    df = _frame(rows)
    rng = np.random.default_rng(SEED)
    out = []
    for rule, g in df.groupby("rule", sort=True):
        counts = g["status"].value_counts()
        passed, failed = int(counts.get("pass", 0)), int(counts.get("fail", 0))
        n = passed + failed
        low, high = _interval(passed, n, rng)
        out.append({
            "rule": rule, "sessions": int(g["task"].nunique()), "pass": passed, "fail": failed,
            "na": int(counts.get("n/a", 0)), "not_in_log": int(g["unlogged"].sum()),
            "errors": int(counts.get("error", 0)), "unjudged": int(counts.get("unjudged", 0)),
            "compliance": passed / n * 100 if n else float("nan"), "ci_low": low, "ci_high": high,
        })  # fmt: skip
    table = pd.DataFrame(out, columns=["rule", "sessions", "pass", "fail", "na", "not_in_log", "errors", "unjudged",
                                       "compliance", "ci_low", "ci_high"])  # fmt: skip
    return table.sort_values(["fail", "rule"], ascending=[False, True], kind="stable").reset_index(drop=True)


def agents(rows: Sequence[Mapping[str, object]] | pd.DataFrame) -> pd.DataFrame:
    """Per agent (the `model` of the rows): sessions, verdicts, compliance % of pass+fail with its 95% bootstrap
    interval, sessions resampled as clusters."""
    df = _frame(rows)
    rng = np.random.default_rng(SEED)
    out = []
    for model, g in df.groupby("model", sort=True):
        per = g.groupby("task")["status"].agg(passed=lambda s: int((s == "pass").sum()),
                                              scored=lambda s: int(s.isin(["pass", "fail"]).sum()))  # fmt: skip
        passed, scored = per["passed"].to_numpy(), per["scored"].to_numpy()
        total = int(scored.sum())
        low = high = float("nan")
        if total:
            picks = rng.integers(0, len(per), size=(min(REPLICATES, 2000), len(per)))
            num, den = passed[picks].sum(axis=1), scored[picks].sum(axis=1)
            ratios = num[den > 0] / den[den > 0] * 100
            tail = (1 - LEVEL) / 2 * 100
            low, high = (float(v) for v in np.percentile(ratios, [tail, 100 - tail]))
        out.append({"model": model, "sessions": len(per), "verdicts": len(g), "scored": total,
                    "not_in_log": int(g["unlogged"].sum()),
                    "compliance": int(passed.sum()) / total * 100 if total else float("nan"),
                    "ci_low": low, "ci_high": high})  # fmt: skip
    return pd.DataFrame(out, columns=["model", "sessions", "verdicts", "scored", "not_in_log", "compliance", "ci_low",
                                      "ci_high"])  # fmt: skip


def evidence_line(reason: str) -> str:
    """The first line of a failure's reason: the evidence the check names."""
    return (reason or "").strip().splitlines()[0] if (reason or "").strip() else ""


def worst(rows: Sequence[Mapping[str, object]] | pd.DataFrame, per_rule: int = 3) -> pd.DataFrame:
    """Per rule, its failing sessions, the sessions with the most violations overall first, with the evidence line."""
    df = _frame(rows)
    failed = df[df["status"] == "fail"]
    if failed.empty:
        return pd.DataFrame(columns=["rule", "model", "task", "violations", "evidence"])
    load = failed.groupby("task").size().rename("violations")
    ranked = failed.join(load, on="task").sort_values(["rule", "violations", "task"], ascending=[True, False, True])
    ranked = ranked.groupby("rule", sort=True).head(per_rule)
    return pd.DataFrame({"rule": ranked["rule"], "model": ranked["model"], "task": ranked["task"],
                         "violations": ranked["violations"],
                         "evidence": ranked["reason"].map(evidence_line)}).reset_index(drop=True)  # fmt: skip


@dataclass(frozen=True)
class SessionFacts:
    """What the audit knows of a session beside its verdicts: its format, its turns' intents, what its log lacks."""

    format: str
    flow: list[str]
    lacks: list[str]


def sessions(rows: Sequence[Mapping[str, object]] | pd.DataFrame, facts: Mapping[str, SessionFacts]) -> pd.DataFrame:
    """Per session: agent, format, its turn flow (intents), pass, fail, not in the log, the rules it violated."""
    df = _frame(rows)
    out = []
    for (model, task), g in df.groupby(["model", "task"], sort=True):
        fact = facts.get(str(task))
        out.append({
            "task": task, "model": model, "format": fact.format if fact else "",
            "flow": " > ".join(fact.flow) if fact else "", "lacks": ", ".join(fact.lacks) if fact else "",
            "pass": int((g["status"] == "pass").sum()), "fail": int((g["status"] == "fail").sum()),
            "not_in_log": int(g["unlogged"].sum()),
            "violations": ", ".join(sorted(g.loc[g["status"] == "fail", "rule"].astype(str))),
        })  # fmt: skip
    table = pd.DataFrame(out, columns=["task", "model", "format", "flow", "lacks", "pass", "fail", "not_in_log",
                                       "violations"])  # fmt: skip
    return table.sort_values(["fail", "task"], ascending=[False, True], kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class AuditAnalysis:
    """Every table of an audit, computed once from its verdict rows."""

    agents: pd.DataFrame
    rules: pd.DataFrame
    worst: pd.DataFrame
    sessions: pd.DataFrame

    def tables(self) -> dict[str, pd.DataFrame]:
        return {"agents": self.agents, "rules": self.rules, "worst": self.worst, "sessions": self.sessions}


def analyse(rows: Sequence[Mapping[str, object]], facts: Mapping[str, SessionFacts]) -> AuditAnalysis:
    df = _frame(rows)
    return AuditAnalysis(agents(df), rules(df), worst(df), sessions(df, facts))
