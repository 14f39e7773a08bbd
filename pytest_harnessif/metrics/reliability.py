"""Reliability (spec 4.2, 5.8): test-retest ICC(1,1) at agent and agent x item level with rounds as the
repeated measurements, the per-cell round range, and Kendall tau of each check method's ranking."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ._arrays import codes, grid, key_codes, ratio
from .frame import eligible, passed
from .populations import require_single


def icc_1_1(y: np.ndarray) -> float:
    """ICC(1,1), one-way random effects, single measure (spec 5.8): targets in rows, k measurements in columns,
    (MSB - MSW) / (MSB + (k - 1) MSW). NaN with fewer than 2 targets or 2 measurements, or no variance."""
    n, k = y.shape
    if n < 2 or k < 2:
        return float("nan")
    means = y.mean(axis=1)
    msb = k * ((means - y.mean()) ** 2).sum() / (n - 1)
    msw = ((y - means[:, None]) ** 2).sum() / (n * (k - 1))
    den = msb + (k - 1) * msw
    return float((msb - msw) / den) if den > 0 else float("nan")


def round_matrix(df: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Acc per target (`by` columns) and round: rows are targets with an eligible verdict in every round of
    the population, columns the rounds (our choice for balance: incomplete targets are dropped)."""
    target, n_targets = key_codes(df, by)
    rnd, rounds = codes(df["round"])
    e, z = eligible(df), passed(df)
    shape = (n_targets, len(rounds))
    acc = ratio(grid(target, rnd, shape, (e & z).astype(float)), grid(target, rnd, shape, e.astype(float)))
    first = pd.Series(np.arange(len(df))).groupby(target).first().to_numpy()
    labels = df[by].iloc[first]
    index = pd.MultiIndex.from_frame(labels) if len(by) > 1 else pd.Index(labels[by[0]], name=by[0])
    table = pd.DataFrame(acc, index=index, columns=pd.Index(rounds, name="round"))
    return table.dropna().sort_index()


@dataclass(frozen=True)
class Reliability:
    """Test-retest reliability of one population: ICCs (NaN with fewer than 2 rounds), their target counts,
    and the mean per-cell (agent x item) round range of Acc."""

    rounds: int
    agent_icc: float
    agents: int
    cell_icc: float
    cells: int
    cell_range: pd.Series

    @property
    def mean_cell_range(self) -> float:
        return float(self.cell_range.mean()) if len(self.cell_range) else float("nan")


def reliability(df: pd.DataFrame) -> Reliability:
    """ICC(1,1) with rounds as measurements (spec 5.8): agent level on each agent's Acc per round pooled over
    all its items (our pooling choice), cell level on each agent x item cell's Acc per round; and the per-cell
    round range max - min (spec 5.8: mean 15.6 pp in the paper)."""
    require_single(df)
    agents = round_matrix(df, ["model"])
    cells = round_matrix(df, ["model", "task"])
    spread = (cells.max(axis=1) - cells.min(axis=1)).rename("range")
    return Reliability(
        rounds=df["round"].nunique(),
        agent_icc=icc_1_1(agents.to_numpy()),
        agents=len(agents),
        cell_icc=icc_1_1(cells.to_numpy()),
        cells=len(cells),
        cell_range=spread if cells.shape[1] >= 2 else spread.iloc[:0],
    )


def method_agreement(df: pd.DataFrame) -> pd.DataFrame:
    """Per check method (spec 4.2): share of eligible verdicts, pooled pass rate, eligible verdicts per agent,
    and Kendall tau-b (our choice of variant) between the agents' ranking by that method's Acc and by overall
    Acc, over agents with a verdict of that method (NaN with fewer than 2 such agents or no variation)."""
    require_single(df)
    e, z = eligible(df), passed(df)
    m, models = codes(df["model"])
    k, methods = codes(df["method"])
    shape = (len(methods), len(models))
    n, p = grid(k, m, shape, e.astype(float)), grid(k, m, shape, (e & z).astype(float))
    overall = ratio(p.sum(0), n.sum(0))
    rows = []
    for j, method in enumerate(methods):
        has = n[j] > 0
        x, y = ratio(p[j], n[j])[has], overall[has]
        varies = len(x) >= 2 and np.ptp(x) > 0 and np.ptp(y) > 0
        tau = _tau(x, y) if varies else float("nan")
        rows.append(
            {
                "method": method,
                "eligible": int(n[j].sum()),
                "share": n[j].sum() / n.sum() if n.sum() else float("nan"),
                "pass_rate": ratio(p[j].sum(), n[j].sum()).item(),
                "per_agent": n[j].sum() / len(models),
                "agents": int(has.sum()),
                "tau": tau,
            }
        )
    return pd.DataFrame(rows, columns=["method", "eligible", "share", "pass_rate", "per_agent", "agents", "tau"])


def _tau(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall's tau-b of two score vectors (ties in either count as scipy's `kendalltau` counts them), over all
    pairs: a handful of agents, so O(n^2) and no scipy import."""
    dx, dy = np.sign(x[:, None] - x[None, :]), np.sign(y[:, None] - y[None, :])
    upper = np.triu_indices(len(x), 1)
    sx, sy = dx[upper], dy[upper]
    untied = np.sqrt(np.count_nonzero(sx) * np.count_nonzero(sy))
    return float((sx * sy).sum() / untied) if untied else float("nan")
