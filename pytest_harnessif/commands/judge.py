"""`harnessif judge swap|human|calibrate`: how far the LLM judge can be trusted (spec 5.9).

- swap: re-judge a stratified sample of a run's judge-decided verdicts with a second judge, from the requests
  recorded in `judge_requests.jsonl`; agreement and Cohen's kappa on the rows clean on both sides, per-model
  pass-rate deltas.
- human: join human labels (CSV) to a run's verdicts; agreement, kappa and the 3x3 confusion matrix.
- calibrate: grade the human-labelled calibration set with a judge and report the same statistics.

See docs/judge-reliability.md for the formulas, the sampling allocation and the file formats.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from pydantic import ValidationError

from ..agents.registry import ModelSpecError
from ..agents.settings import ModelSettings
from ..bundle import RULES, default_dir
from ..credentials import MissingCredentials
from ..library import LibraryError, load_rules
from ..llm_judge.calibration import (
    DEFAULT_SET,
    LABELS,
    CalibrationError,
    load_calibration,
    run_calibration,
    vote_string,
)
from ..llm_judge.prompt import Request
from ..llm_judge.service import CACHE_DIR, Judge, JudgeSettings
from ..metrics.agreement import agree, by_group, confusion
from ..metrics.sampling import SEED, STRATA, stratified_sample
from ..options import OptionError, add_options, read_options
from ..report.format import num, pct
from ..report.records import JUDGE_REQUESTS, RecordError, read_judge_requests, read_verdicts
from ..report.terminal import text_table
from ..schema import field_errors

PROG = "harnessif judge"
CALL_FIELDS = ("timeout",)  # of the agents' call settings, the ones a judge command takes
KEY = ("model", "task", "round", "rule")
CLEAN = ("pass", "fail")  # "clean on both sides": a definite verdict from each judge
SHOWN = 5  # unmatched labels listed by line before "... and N more"


class JudgeInputError(ValueError):
    """Bad input to a judge subcommand; printed as `harnessif judge <sub>: <message>`, exit 2."""


# --- shared pieces -------------------------------------------------------------------------------------


def _judge(args: argparse.Namespace) -> Judge:
    try:
        settings = read_options(lambda dest: getattr(args, dest, None), JudgeSettings)
        calls = read_options(lambda dest: getattr(args, dest, None), ModelSettings, only=CALL_FIELDS)
    except OptionError as exc:
        raise JudgeInputError(str(exc)) from None
    if args.concurrency < 1:
        raise JudgeInputError("--concurrency: must be at least 1")
    cache = None if args.no_cache else Path(args.cache)
    return Judge.from_spec(args.judge, settings, calls=calls, cache_dir=cache)


def _group_table(table: pd.DataFrame, names: Sequence[str]) -> str:
    def labels(key: Any) -> tuple[str, ...]:
        return tuple(map(str, key)) if isinstance(key, tuple) else (str(key),)

    return text_table(
        (*names, "n", "agree", "kappa"),
        ((*labels(k), f"{t['n']:.0f}", pct(t["agreement"]), num(t["kappa"])) for k, t in table.iterrows()),
    )


def _confusion_table(matrix: pd.DataFrame) -> str:
    rows_name, cols_name = matrix.index.name, matrix.columns.name
    return f"confusion (rows: {rows_name}, columns: {cols_name})\n" + text_table(
        (f"{rows_name} \\ {cols_name}", *map(str, matrix.columns), "total"),
        (
            (str(c), *(str(int(v)) for v in matrix.loc[c]), str(int(matrix.loc[c].sum())))
            for c in matrix.index
        ),
    )


def agreement_report(
    frame: pd.DataFrame, a: str, b: str, classes: Sequence[str], names: tuple[str, str]
) -> str:
    """n, agreement, kappa, the confusion matrix (rows `a`, columns `b`), per-family and per-rule tables."""
    stats = agree(frame[a], frame[b], classes)
    lines = [
        f"n {stats.n}   agreement {pct(stats.agreement)}{'%' * bool(stats.n)}   Cohen's kappa {num(stats.kappa)}"
        + ("   (kappa undefined: both sides used one class throughout)" if stats.n and np.isnan(stats.kappa) else ""),
        "",
        _confusion_table(confusion(frame[a], frame[b], classes, names)),
    ]
    if stats.n:
        lines += ["", "by family", _group_table(by_group(frame, ["family"], a, b, classes), ["family"])]
        lines += ["", "by rule", _group_table(by_group(frame, ["rule", "family"], a, b, classes), ["rule", "family"])]
    return "\n".join(lines)


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{what} {n}" for what, n in sorted(counter.items(), key=lambda x: (-x[1], x[0]))) or "none"


def _write_csv(frame: pd.DataFrame, out: str | None) -> None:
    if out:
        path = Path(out)
        path.parent.mkdir(parents=True, exist_ok=True)
        frame.to_csv(path, index=False)
        print(f"\nrows: {path}")


# --- swap ----------------------------------------------------------------------------------------------


def load_requests(run_dir: Path) -> dict[str, Request]:
    """The run's recorded judge requests by hash; a missing file or a bad request is an error naming it."""
    path = run_dir / JUDGE_REQUESTS
    if not path.is_file():
        raise JudgeInputError(f"{path}: no recorded judge requests (a run writes them when its judge decided)")
    requests: dict[str, Request] = {}
    for line_no, data in enumerate(read_judge_requests(run_dir), 1):
        try:
            key = data.pop("hash")
            requests[str(key)] = Request.model_validate(data)
        except (KeyError, AttributeError, TypeError, ValidationError) as exc:
            detail = (
                field_errors(exc, "(row)")
                if isinstance(exc, ValidationError)
                else f"not a request with a hash ({type(exc).__name__}: {exc})"
            )
            raise JudgeInputError(f"{path}: request {line_no}: {detail}") from None
    return requests


def _left_out(first: str, second: str) -> str:
    """Why a row is not clean on both sides ('' when it is)."""
    sides = [f"{side} {status}" for side, status in (("first", first), ("second", second)) if status not in CLEAN]
    return " + ".join(sides)


def swap(args: argparse.Namespace) -> int:
    run_dir = Path(args.run_dir)
    if args.n < 1:
        raise JudgeInputError("--n: must be at least 1")
    verdicts = pd.DataFrame(read_verdicts(run_dir))
    judged = verdicts[verdicts["judge"].notna()] if "judge" in verdicts.columns else verdicts.iloc[:0]
    if judged.empty:
        raise JudgeInputError(f"{run_dir}: no verdict was decided by the judge")
    requests = load_requests(run_dir)
    sample = stratified_sample(judged, args.n, args.seed)
    hashes = [j["request"] for j in sample["judge"]]
    missing = [(r, h) for r, h in zip(sample.itertuples(), hashes, strict=True) if h not in requests]
    if missing:
        r, h = missing[0]
        raise JudgeInputError(
            f"{run_dir / JUDGE_REQUESTS}: no request {h} (verdict {r.model}/{r.task}/r{r.round}/{r.rule})"
            + (f" and {len(missing) - 1} more missing" if len(missing) > 1 else "")
        )
    judge = _judge(args)
    try:
        unique = list(dict.fromkeys(hashes))
        with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            decided = dict(zip(unique, pool.map(lambda h: judge.decide(requests[h]), unique), strict=True))
    finally:
        judge.close()
    rows = sample.assign(
        first_judge=[j["judge"] for j in sample["judge"]],
        first=[str(j["status"]) for j in sample["judge"]],
        second=[str(decided[h][0].status) for h in hashes],
        second_votes=[vote_string(decided[h][0].votes) for h in hashes],
        second_reason=[decided[h][1] for h in hashes],
        request=hashes,
    )
    rows["left_out"] = [_left_out(a, b) for a, b in zip(rows["first"], rows["second"], strict=True)]
    clean = rows[rows["left_out"] == ""]
    cells = judged.groupby(list(STRATA)).ngroups
    print(f"first judge: {', '.join(sorted(set(rows['first_judge'])))}")
    print(f"second judge: {judge.name} ({judge.calls} model call(s), {judge.hits} cache hit(s))")
    print(
        f"sampled {len(rows)} of {len(judged)} judge-decided verdicts, balanced over {cells} "
        f"{' x '.join(STRATA)} cells (seed {args.seed})"
    )
    print(
        f"clean on both sides (pass/fail): {len(clean)}; left out {len(rows) - len(clean)}: "
        f"{_counts(Counter(r for r in rows['left_out'] if r))}"
    )
    print(agreement_report(clean, "first", "second", CLEAN, ("first", "second")))
    print("\npass rate by model (clean rows; delta = second - first, points)")
    print(_pass_rates(clean))
    out = rows.drop(columns=["judge"]).rename(columns={"first": "first_status", "second": "second_status"})
    _write_csv(out, args.out)
    return 0


def _pass_rates(clean: pd.DataFrame) -> str:
    if clean.empty:
        return "(no clean rows)"
    table = clean.assign(a=clean["first"].eq("pass"), b=clean["second"].eq("pass")).groupby("model")
    stats = table.agg(n=("a", "size"), first=("a", "mean"), second=("b", "mean"))
    return text_table(
        ("model", "n", "first", "second", "delta"),
        (
            (str(m), f"{t['n']:.0f}", pct(t["first"]), pct(t["second"]), pct(t["second"] - t["first"], signed=True))
            for m, t in stats.iterrows()
        ),
    )


# --- human ---------------------------------------------------------------------------------------------


def read_labels(path: Path) -> list[dict[str, Any]]:
    """Human labels: CSV with columns model, task, round, rule, label[, rationale]. A missing column, a bad
    round or label, or a key labelled twice is an error naming the line."""
    try:
        handle = path.open(newline="", encoding="utf-8-sig")  # a spreadsheet's byte-order mark is not a column
    except OSError as exc:
        raise JudgeInputError(f"{path}: cannot be read: {exc}") from None
    with handle:
        reader = csv.DictReader(handle)
        missing = [c for c in (*KEY, "label") if c not in (reader.fieldnames or [])]
        if missing:
            raise JudgeInputError(f"{path}: missing column(s) {', '.join(missing)} (need model,task,round,rule,label)")
        labels: list[dict[str, Any]] = []
        seen: dict[tuple[Any, ...], int] = {}
        for row in reader:
            line = reader.line_num
            label = (row.get("label") or "").strip().lower()
            if label not in LABELS:
                raise JudgeInputError(f"{path}:{line}: label {row.get('label')!r} is not one of pass, fail, n/a")
            try:
                round_ = int((row.get("round") or "").strip())
            except ValueError:
                raise JudgeInputError(f"{path}:{line}: round {row.get('round')!r} is not a whole number") from None
            key = ((row["model"] or "").strip(), (row["task"] or "").strip(), round_, (row["rule"] or "").strip())
            if key in seen:
                shown = "/".join(map(str, key))
                raise JudgeInputError(f"{path}:{line}: {shown} is already labelled on line {seen[key]}")
            seen[key] = line
            labels.append(
                dict(zip(KEY, key, strict=True), label=label, rationale=(row.get("rationale") or "").strip(), line=line)
            )
    if not labels:
        raise JudgeInputError(f"{path}: no labels")
    return labels


def human(args: argparse.Namespace) -> int:
    path, run_dir = Path(args.labels), Path(args.run)
    labels = read_labels(path)
    verdicts: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in read_verdicts(run_dir):
        verdicts.setdefault(tuple(row[k] for k in KEY), []).append(row)
    joined, unmatched, statuses = [], [], Counter[str]()
    for label in labels:
        key = tuple(label[k] for k in KEY)
        found = verdicts.get(key, [])
        if len(found) > 1:
            populations = ", ".join(sorted(r["population"] for r in found))
            raise JudgeInputError(f"{path}:{label['line']}: {'/'.join(map(str, key))} matches verdicts in several "
                                  f"populations ({populations})")
        if not found:
            unmatched.append(label)
            continue
        verdict = found[0]
        if verdict["status"] not in LABELS:
            statuses[f"verdict {verdict['status']}"] += 1
            continue
        joined.append({**{k: verdict[k] for k in (*KEY, "family", "method")}, "human": label["label"],
                       "harness": verdict["status"], "rationale": label["rationale"], "reason": verdict["reason"]})
    if not joined and not statuses:
        raise JudgeInputError(f"{path}: none of the {len(labels)} labels matches a verdict of {run_dir}")
    frame = pd.DataFrame(joined, columns=[*KEY, "family", "method", "human", "harness", "rationale", "reason"])
    print(f"labels: {len(labels)}; joined {len(joined)}; left out {sum(statuses.values())} "
          f"({_counts(statuses)}); unmatched {len(unmatched)}")
    for label in unmatched[:SHOWN]:
        print(f"  unmatched {path}:{label['line']}: {'/'.join(str(label[k]) for k in KEY)} (no such verdict)")
    if len(unmatched) > SHOWN:
        print(f"  ... and {len(unmatched) - SHOWN} more unmatched")
    print(agreement_report(frame, "human", "harness", LABELS, ("human", "harness")))
    _write_csv(frame, args.out)
    return 0


# --- calibrate -----------------------------------------------------------------------------------------


def calibrate(args: argparse.Namespace) -> int:
    folder = default_dir(args.set, str(DEFAULT_SET))
    cases = load_calibration(folder)
    rules_dir = default_dir(args.rules, RULES)
    if not rules_dir.is_dir():
        raise JudgeInputError(f"--rules: {rules_dir} is not a folder")
    rules = load_rules(rules_dir)
    judge = _judge(args)
    try:
        rows = run_calibration(cases, rules, judge, workers=args.concurrency)
    finally:
        judge.close()
    errors = rows["judge"] == "error"
    print(f"calibration set {folder}: {len(rows)} item(s) over {rows['rule'].nunique()} rule(s); judge {judge.name}")
    print(f"judge errors (left out): {int(errors.sum())}; {judge.calls} model call(s), {judge.hits} cache hit(s)")
    print(agreement_report(rows[~errors], "human", "judge", LABELS, ("human", "judge")))
    _write_csv(rows, args.out)
    return 0


# --- parser --------------------------------------------------------------------------------------------


def _guarded(name: str, handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except (JudgeInputError, RecordError, CalibrationError, LibraryError, ModelSpecError,
                MissingCredentials) as exc:
            print(f"{PROG} {name}: {exc}", file=sys.stderr)
            return 2

    return run


def _judge_args(parser: argparse.ArgumentParser, settings: tuple[str, ...]) -> None:
    parser.add_argument("--judge", required=True, metavar="SPEC", help="judge model: provider/model[@base_url]")
    add_options(parser.add_argument, JudgeSettings, only=settings)
    add_options(parser.add_argument, ModelSettings, only=CALL_FIELDS)
    parser.add_argument("--cache", default=str(CACHE_DIR), metavar="DIR",
                        help=f"judge answer cache (default {CACHE_DIR})")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the answer cache")
    parser.add_argument("--concurrency", type=int, default=4, help="requests judged at once (default 4)")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("judge", help="judge reliability: second-judge swap, human audit, calibration set")
    commands = parser.add_subparsers(dest="judge_command", required=True)

    p = commands.add_parser("swap", help="re-judge a stratified sample of a run's judged verdicts with a second judge")
    p.add_argument("run_dir", metavar="RUN_DIR", help="a reports/<run-id>/ directory with judge_requests.jsonl")
    _judge_args(p, ("votes", "temperature", "max_tokens"))
    p.add_argument("--n", type=int, default=200, help="verdicts to sample (default 200)")
    p.add_argument("--seed", type=int, default=SEED, help=f"sampling seed (default {SEED})")
    p.add_argument("--out", metavar="FILE.csv", help="write one row per sampled verdict")
    p.set_defaults(func=_guarded("swap", swap))

    p = commands.add_parser("human", help="agreement of human labels (CSV) with a run's verdicts")
    p.add_argument("labels", metavar="LABELS.csv", help="columns model,task,round,rule,label[,rationale]")
    p.add_argument("--run", required=True, metavar="RUN_DIR", help="the run the labels are about")
    p.add_argument("--out", metavar="FILE", help="write the joined rows (CSV)")
    p.set_defaults(func=_guarded("human", human))

    p = commands.add_parser("calibrate", help="grade the human-labelled calibration set with a judge")
    _judge_args(p, ("votes", "temperature", "max_tokens", "budget"))
    p.add_argument("--set", metavar="DIR", help=f"calibration folder (default {DEFAULT_SET} here, else bundled)")
    p.add_argument("--rules", metavar="DIR", help="rule library (default rule_checks/ here, else the bundled one)")
    p.add_argument("--out", metavar="FILE", help="write one row per calibration item (CSV)")
    p.set_defaults(func=_guarded("calibrate", calibrate))
