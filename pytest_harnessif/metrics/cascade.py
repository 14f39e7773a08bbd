"""Cascade rules (spec 4.4): dedup of failures that share a missing artifact, and the fairness audit."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .frame import FAIL, NA, PASS, SEVERITY_WEIGHT, UNTESTABLE
from .populations import require_single

RUN = ["population", "model", "task", "round"]
PAIR = ["task", "rule"]


def dedup(df: pd.DataFrame) -> pd.DataFrame:
    """Cascade-dedup (spec 4.4.1): within one run, of the failures naming the same missing artifact keep the
    highest-severity one (ties: lowest rule id) and turn the rest into n/a with `deduped` set."""
    out = df.copy()
    fails = out[(out["scored"] == FAIL) & out["artifact"].notna()]
    if fails.empty:
        return out
    weight = fails["severity"].map(SEVERITY_WEIGHT).fillna(0)
    order = fails.assign(_w=-weight).sort_values([*RUN, "artifact", "_w", "rule"], kind="stable")
    dropped = order.index[order.duplicated([*RUN, "artifact"], keep="first")]
    out.loc[dropped, "scored"] = NA
    out.loc[dropped, "deduped"] = True
    return out


def audit(df: pd.DataFrame, min_agents: int = 5, threshold: float = 0.5) -> pd.DataFrame:
    """Cascade-fairness audit (spec 4.4.2) over one population, per (item, rule) pair with rounds pooled.

    An agent is *tested* on a pair when it has a pass/fail verdict there (before dedup), and *misses* the
    artifact when at least half of those verdicts failed for a missing artifact. A pair with at least
    `min_agents` tested agents of which at least `threshold` miss the artifact is untestable (design gap).
    Returns one row per pair where any artifact went missing: task, rule, artifacts, tested, missing, untestable.
    """
    require_single(df)
    cols = ["task", "rule", "artifacts", "tested", "missing", "untestable"]
    clean = df[df["status"].isin((PASS, FAIL))]
    missing = clean["artifact"].notna()
    if not missing.any():
        return pd.DataFrame(columns=cols)
    misses = missing.groupby([clean[c] for c in (*PAIR, "model")], sort=True).mean() >= 0.5
    by_pair = misses.groupby(level=PAIR, sort=True)
    pairs = pd.DataFrame({"tested": by_pair.size(), "missing": by_pair.sum()})
    pairs = pairs[pairs["missing"] > 0]
    named = clean[missing].drop_duplicates([*PAIR, "artifact"]).sort_values("artifact")
    pairs = pairs.join(named.groupby(PAIR)["artifact"].agg(", ".join).rename("artifacts")).reset_index()
    pairs["untestable"] = (pairs["tested"] >= min_agents) & (pairs["missing"] >= threshold * pairs["tested"])
    return pairs[cols]


def score(df: pd.DataFrame, min_agents: int = 5, threshold: float = 0.5) -> pd.DataFrame:
    """Apply dedup per run, then mark every row of an audited-untestable pair `untestable` (spec 4.4)."""
    out = dedup(df)
    report = audit(out, min_agents, threshold)
    bad = report.loc[report["untestable"], PAIR]
    if not bad.empty:
        keys = pd.MultiIndex.from_frame(out[PAIR].astype(object))
        hit = keys.isin(pd.MultiIndex.from_frame(bad.astype(object)))
        out.loc[np.asarray(hit), "scored"] = UNTESTABLE
    return out
