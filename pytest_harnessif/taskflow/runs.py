"""SWE-TaskFlow results from verdict rows (taskflow spec 10): resolve rate, test-pass curves over checkpoints, answer
accuracy, repository changes in question turns, and cost and tokens per task, per model and configuration.

A *run* is one pass over the tasks: a round of a session (`run` = `<run id>/r<round>`). Every figure is the mean
over runs with the min and max beside it, as the paper plots them (no intervals, no tests). Errors are counted,
never scored: a session whose resolve row is an error leaves the resolve rate of its run."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

KEYS = ["model", "config"]
STAT = ["mean", "min", "max", "runs"]
COLUMNS = ("model", "config", "task", "round", "kind", "status", "checkpoint", "resolved", "tests_passed",
           "tests_total", "cost", "input_tokens", "output_tokens", "turns")  # fmt: skip


def frame(rows: Sequence[dict[str, Any]]) -> pd.DataFrame:
    """The rows as a frame (a field no row has, e.g. costs when `-k` left out the resolve rows, is empty); rows from
    different sessions are told apart by their `run`."""
    df = pd.DataFrame(list(rows))
    for column in COLUMNS:
        if column not in df:
            df[column] = None
    if "run" not in df:
        df["run"] = "r" + df["round"].astype(str)
    return df


def _spread(per_run: pd.DataFrame, value: str) -> pd.DataFrame:
    """Mean, min and max of `value` over the runs of each model and configuration."""
    grouped = per_run.groupby(KEYS)[value]
    out = grouped.agg(["mean", "min", "max"])
    out["runs"] = grouped.size()
    return out.reset_index()


def resolve(df: pd.DataFrame) -> pd.DataFrame:
    """Resolve rate and final test-pass rate (%) per model and configuration, with the tasks and errors behind them."""
    rows = df[(df["kind"] == "resolve")]
    errors = rows.groupby(KEYS)["status"].apply(lambda s: int((s == "error").sum())).rename("errors").reset_index()
    scored = rows[rows["status"] != "error"].copy()
    scored["resolved"] = scored["resolved"].astype(float) * 100
    scored["rate"] = scored["tests_passed"].astype(float) / scored["tests_total"].astype(float) * 100
    per_run = scored.groupby([*KEYS, "run"]).agg(resolved=("resolved", "mean"), rate=("rate", "mean"),
                                                 tasks=("task", "nunique")).reset_index()  # fmt: skip
    out = _spread(per_run, "resolved").rename(columns=lambda c: f"resolve_{c}" if c in STAT else c)
    rate = _spread(per_run, "rate")[[*KEYS, "mean"]].rename(columns={"mean": "test_pass_mean"})
    tasks = per_run.groupby(KEYS)["tasks"].max().rename("tasks").reset_index()
    return errors.merge(out, on=KEYS, how="left").merge(rate, on=KEYS, how="left").merge(tasks, on=KEYS, how="left")


def checkpoints(df: pd.DataFrame) -> pd.DataFrame:
    """Resolve and test-pass rate (%) at each checkpoint (0 = clean, k = after issue turn k), mean and min-max over
    runs, per model and configuration."""
    rows = df[(df["kind"] == "checkpoint") & (df["status"] != "error")].copy()
    rows["resolved"] = rows["resolved"].astype(float) * 100
    rows["rate"] = rows["tests_passed"].astype(float) / rows["tests_total"].astype(float) * 100
    per_run = rows.groupby([*KEYS, "checkpoint", "run"])[["resolved", "rate"]].mean().reset_index()
    grouped = per_run.groupby([*KEYS, "checkpoint"])
    out = grouped.agg(resolve_mean=("resolved", "mean"), rate_mean=("rate", "mean"), rate_min=("rate", "min"),
                      rate_max=("rate", "max"), runs=("run", "nunique")).reset_index()  # fmt: skip
    out["checkpoint"] = out["checkpoint"].astype(int)
    return out


def answers(df: pd.DataFrame) -> pd.DataFrame:
    """Answer accuracy (% of judged answers correct) per model and configuration over runs, with the questions
    left unjudged and the question turns that changed the repository (restored)."""
    asked = df[df["kind"] == "answer"]
    if asked.empty:
        return pd.DataFrame(columns=[*KEYS, "accuracy_mean", "accuracy_min", "accuracy_max", "runs", "questions",
                                     "unjudged", "errors", "changed"])  # fmt: skip
    judged = asked[asked["status"].isin(["pass", "fail"])].copy()
    judged["correct"] = (judged["status"] == "pass").astype(float) * 100
    per_run = judged.groupby([*KEYS, "run"])["correct"].mean().reset_index()
    out = _spread(per_run, "correct").rename(columns=lambda c: f"accuracy_{c}" if c in ("mean", "min", "max") else c)
    counts = asked.groupby(KEYS).agg(
        questions=("status", "size"),
        unjudged=("status", lambda s: int((s == "unjudged").sum())),
        errors=("status", lambda s: int((s == "error").sum())),
    ).reset_index()
    unchanged = df[df["kind"] == "unchanged"]
    changed = unchanged.groupby(KEYS)["status"].apply(lambda s: int((s == "fail").sum())).rename("changed")
    merged = counts.merge(out, on=KEYS, how="left").merge(changed.reset_index(), on=KEYS, how="left")
    return merged[[*KEYS, "accuracy_mean", "accuracy_min", "accuracy_max", "runs", "questions", "unjudged", "errors",
                   "changed"]]  # fmt: skip


def costs(df: pd.DataFrame) -> pd.DataFrame:
    """Cost (USD, when priced) and tokens per task per model and configuration: the mean over a run's tasks, then
    mean and min-max over runs."""
    rows = df[(df["kind"] == "resolve") & (df["status"] != "error")].copy()
    rows["tokens"] = rows["input_tokens"].fillna(0) + rows["output_tokens"].fillna(0)
    per_run = rows.groupby([*KEYS, "run"]).agg(cost=("cost", lambda s: s.mean() if s.notna().all() else None),
                                               tokens=("tokens", "mean"), turns=("turns", "mean")).reset_index()
    cost = _spread(per_run.dropna(subset=["cost"]), "cost").rename(columns=lambda c: f"cost_{c}" if c in STAT else c)
    tokens = _spread(per_run, "tokens").rename(columns=lambda c: f"tokens_{c}" if c in STAT else c)
    turns = per_run.groupby(KEYS)["turns"].mean().rename("turns").reset_index()
    return tokens.merge(cost, on=KEYS, how="left").merge(turns, on=KEYS)


def cost_ratio(table: pd.DataFrame, over: str = "split", base: str = "single") -> pd.DataFrame:
    """Per model, the `over`/`base` ratio of mean cost per task (tokens when a cost is missing): the paper's Split
    versus Single comparison."""
    out = []
    for model, group in table.groupby("model"):
        by = group.set_index("config")
        if over in by.index and base in by.index:
            priced = pd.notna(by.loc[over, "cost_mean"]) and pd.notna(by.loc[base, "cost_mean"])
            column = "cost_mean" if priced and by.loc[base, "cost_mean"] > 0 else "tokens_mean"
            if by.loc[base, column] > 0:
                out.append({"model": model, "of": "cost" if column == "cost_mean" else "tokens",
                            "ratio": float(by.loc[over, column] / by.loc[base, column])})  # fmt: skip
    return pd.DataFrame(out, columns=["model", "of", "ratio"])


def analyse(rows: Sequence[dict[str, Any]]) -> dict[str, pd.DataFrame]:
    """Every table of the SWE-TaskFlow report."""
    df = frame(rows)
    table = costs(df)
    return {"resolve": resolve(df), "checkpoints": checkpoints(df), "answers": answers(df), "costs": table,
            "ratio": cost_ratio(table)}  # fmt: skip
