"""E0, which surface wins when two disagree: per-model surface ranks, a pooled Bradley–Terry fit and its
robustness variants (crossed bootstrap over models and pairs, direction-only fits, leave-one-out, equal cell
weighting, error assignment). Pure numpy/scipy over an outcome table; no pytest.

An outcome row: `model`, `pair`, `direction` (AB or BA: which rule went on the matchup's first surface), `surface_a`,
`surface_b` (where rule A and rule B were placed), `outcome` in {a, b, both, neither, error}. Only `a` and `b` are
decisive: the surface whose rule was followed wins."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.stats import rankdata

SURFACES = ("SP", "TD", "SD", "PF", "UI")
DECISIVE = ("a", "b")
L2 = 1e-3  # ridge on the log-strengths: an undefeated surface stays finite; small against any real count
REPLICATES, SEED = 10_000, 20260723


COLUMNS = ("model", "pair", "direction", "surface_a", "surface_b", "outcome")
OUTCOMES = ("a", "b", "both", "neither", "error")


class OutcomeError(ValueError):
    """An outcome table that cannot be analysed; the message names the file, the row and the column."""


def read_outcomes(path: Path) -> pd.DataFrame:
    """An outcome table from CSV or JSON lines, checked: every column present, surfaces among SP/TD/SD/PF/UI and
    different within a row, direction AB or BA, outcome among a/b/both/neither/error."""
    try:
        table = pd.read_json(path, lines=True, dtype=False) if path.suffix == ".jsonl" else pd.read_csv(path)
    except (OSError, ValueError) as exc:
        raise OutcomeError(f"{path}: not a readable outcome table ({exc})") from None
    missing = [c for c in COLUMNS if c not in table.columns]
    if missing:
        raise OutcomeError(f"{path}: missing column(s) {', '.join(missing)} (need {', '.join(COLUMNS)})")
    table = table[list(COLUMNS)].astype(str)
    allowed = {"surface_a": SURFACES, "surface_b": SURFACES, "direction": ("AB", "BA"), "outcome": OUTCOMES}
    for column, values in allowed.items():
        bad = table.index[~table[column].isin(values)]
        if len(bad):
            row = bad[0]
            raise OutcomeError(f"{path}: row {row + 1}: {column}: {table.at[row, column]!r} is not one of {values}")
    same = table.index[table["surface_a"] == table["surface_b"]]
    if len(same):
        row = same[0]
        raise OutcomeError(f"{path}: row {row + 1}: surface_a and surface_b are both {table.at[row, 'surface_a']}")
    return table


def decisive(outcomes: pd.DataFrame) -> pd.DataFrame:
    """The decisive rows with `winner` and `loser` surfaces."""
    rows = outcomes[outcomes["outcome"].isin(DECISIVE)].copy()
    a_won = rows["outcome"] == "a"
    rows["winner"] = np.where(a_won, rows["surface_a"], rows["surface_b"])
    rows["loser"] = np.where(a_won, rows["surface_b"], rows["surface_a"])
    return rows


def win_matrix(rows: pd.DataFrame, surfaces: Sequence[str] = SURFACES, weight: str | None = None) -> np.ndarray:
    """W[i, j]: (weighted) wins of surface i over surface j among decisive rows."""
    index = {s: k for k, s in enumerate(surfaces)}
    w = np.zeros((len(surfaces), len(surfaces)))
    weights = rows[weight].to_numpy() if weight else np.ones(len(rows))
    winners, losers = (rows[c].map(index).to_numpy(dtype=int) for c in ("winner", "loser"))
    np.add.at(w, (winners, losers), weights)
    return w


def bradley_terry(wins: np.ndarray, l2: float = L2, iterations: int = 100) -> np.ndarray:
    """Log-strengths β maximising Σ W_ij log σ(β_i − β_j) − l2·|β|², by Newton's method; `wins` is one K×K matrix
    or a batch B×K×K (fitted together). The ridge makes the optimum unique and puts it at Σβ = 0."""
    w = wins[None] if wins.ndim == 2 else wins
    n = w + np.swapaxes(w, 1, 2)  # games between i and j
    beta = np.zeros(w.shape[:2])
    eye = np.eye(w.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(beta[:, None, :] - beta[:, :, None]))  # P(i beats j)
        grad = (w - n * p).sum(axis=2) - 2 * l2 * beta
        h = n * p * (1 - p)
        hess = h - eye * h.sum(axis=2)[:, :, None] - 2 * l2 * eye
        step = np.linalg.solve(hess, grad[..., None])[..., 0]
        beta = beta - step
        if np.abs(step).max() < 1e-10:
            break
    beta = beta - beta.mean(axis=1, keepdims=True)
    return beta[0] if wins.ndim == 2 else beta


def ordering(beta: np.ndarray, surfaces: Sequence[str] = SURFACES) -> tuple[str, ...]:
    """Surfaces from the strongest to the weakest."""
    return tuple(surfaces[k] for k in np.argsort(-beta, kind="stable"))


def ranks(rows: pd.DataFrame, surfaces: Sequence[str] = SURFACES) -> pd.DataFrame:
    """Per model, each surface's rank by win proportion (1 = highest precedence; mid-ranks for ties), then the
    rank sum and mean over models, every model weighted equally whatever its run count."""
    table = {}
    for model, group in rows.groupby("model", sort=True):
        w = win_matrix(group, surfaces)
        games = w.sum(axis=1) + w.sum(axis=0)
        rate = np.divide(w.sum(axis=1), games, out=np.full(len(surfaces), 0.5), where=games > 0)
        table[model] = rankdata(-rate, method="average")
    out = pd.DataFrame(table, index=list(surfaces)).T
    out.loc["rank sum"] = out.sum()
    out.loc["mean rank"] = out.loc["rank sum"] / len(table)
    return out


@dataclass(frozen=True)
class Bootstrap:
    """Crossed bootstrap: how often the point ordering, and each adjacent order in it, hold over replicates."""

    order: tuple[str, ...]
    full: float
    adjacent: dict[str, float]  # "SP>PF": share of replicates with β_SP > β_PF
    interval: dict[str, tuple[float, float]]  # per surface: 2.5 and 97.5 percentiles of β over replicates
    replicates: int
    seed: int
    tiers: dict[str, float] | None = None  # "SP,PF,UI > TD": share with every β of a tier above the next tier's


def crossed_bootstrap(
    rows: pd.DataFrame,
    replicates: int = REPLICATES,
    seed: int = SEED,
    surfaces: Sequence[str] = SURFACES,
    tiers: Sequence[Sequence[str]] | None = None,
) -> Bootstrap:
    """Resample models and pairs independently with replacement; refit BT on each replicate (a row counts as
    often as its model times its pair were drawn). `tiers` (strongest first, e.g. [[SP, PF, UI], [TD], [SD]])
    adds how often each tier lies wholly above the next, and all of them at once (`all`)."""
    models, pairs = sorted(rows["model"].unique()), sorted(rows["pair"].unique())
    cells = np.zeros((len(models), len(pairs), len(surfaces), len(surfaces)))
    for (m, p), group in rows.groupby(["model", "pair"]):
        cells[models.index(m), pairs.index(p)] = win_matrix(group, surfaces)
    rng = np.random.default_rng(seed)
    draw_m = np.stack([np.bincount(rng.integers(0, len(models), len(models)), minlength=len(models))
                       for _ in range(replicates)])
    draw_p = np.stack([np.bincount(rng.integers(0, len(pairs), len(pairs)), minlength=len(pairs))
                       for _ in range(replicates)])
    point = bradley_terry(cells.sum(axis=(0, 1)))
    order = ordering(point, surfaces)
    idx = [surfaces.index(s) for s in order]
    betas = np.empty((replicates, len(surfaces)))
    for start in range(0, replicates, 1000):
        wins = np.einsum("bm,bp,mpij->bij", draw_m[start:start + 1000], draw_p[start:start + 1000], cells)
        betas[start:start + 1000] = bradley_terry(wins)
    held = betas[:, idx[:-1]] > betas[:, idx[1:]]
    adjacent = {f"{a}>{b}": float(held[:, k].mean()) for k, (a, b) in enumerate(itertools.pairwise(order))}
    low, high = np.percentile(betas, [2.5, 97.5], axis=0)
    interval = {s: (float(low[k]), float(high[k])) for k, s in enumerate(surfaces)}
    tiered = None
    if tiers:
        columns = [[surfaces.index(s) for s in tier] for tier in tiers]
        above = np.stack([betas[:, up].min(axis=1) > betas[:, down].max(axis=1)
                          for up, down in itertools.pairwise(columns)], axis=1)
        names = [",".join(t) for t in tiers]
        tiered = {f"{a} > {b}": float(above[:, k].mean()) for k, (a, b) in enumerate(itertools.pairwise(names))}
        tiered["all"] = float(above.all(axis=1).mean())
    return Bootstrap(order, float(held.all(axis=1).mean()), adjacent, interval, replicates, seed, tiered)


def _fit(rows: pd.DataFrame, weight: str | None = None) -> tuple[str, ...]:
    return ordering(bradley_terry(win_matrix(rows, SURFACES, weight)))


def _assign(outcomes: pd.DataFrame, pick: Callable[[pd.Series], str]) -> pd.DataFrame:
    """Every non-decisive row made decisive by `pick(row)` -> 'a' or 'b'."""
    out = outcomes.copy()
    undecided = ~out["outcome"].isin(DECISIVE)
    out.loc[undecided, "outcome"] = out[undecided].apply(pick, axis=1)
    return decisive(out)


def robustness(outcomes: pd.DataFrame) -> dict[str, tuple[str, ...]]:
    """The BT ordering under each variant: pooled, AB only, BA only, leaving out each pair and each model, equal
    cell weighting, and the four error-assignment rules (A wins, B wins, the higher or the lower tier of the
    pooled ordering wins)."""
    rows = decisive(outcomes)
    pooled = _fit(rows)
    tier = {s: k for k, s in enumerate(pooled)}
    fits = {"pooled": pooled}
    for direction in ("AB", "BA"):
        if (rows["direction"] == direction).any():
            fits[f"{direction} only"] = _fit(rows[rows["direction"] == direction])
    for column in ("pair", "model"):
        values = sorted(rows[column].unique())
        for value in values if len(values) > 1 else ():  # leaving out the only one leaves nothing to fit
            fits[f"without {column} {value}"] = _fit(rows[rows[column] != value])
    cell = ["model", "pair", "direction", "surface_a", "surface_b"]
    fits["equal cell weighting"] = _fit(rows.assign(weight=1.0 / rows.groupby(cell)["outcome"].transform("size")),
                                        "weight")

    def higher(r: pd.Series) -> str:
        return "a" if tier[r["surface_a"]] < tier[r["surface_b"]] else "b"

    rules: dict[str, Callable[[pd.Series], str]] = {
        "errors: A wins": lambda r: "a",
        "errors: B wins": lambda r: "b",
        "errors: higher tier wins": higher,
        "errors: lower tier wins": lambda r: "b" if higher(r) == "a" else "a",
    }
    for name, pick in rules.items():
        fits[name] = _fit(_assign(outcomes, pick))
    return fits


@dataclass(frozen=True)
class Analysis:
    """Everything E0 reports about one outcome table."""

    outcomes: pd.DataFrame
    decisive: pd.DataFrame
    ranks: pd.DataFrame
    beta: dict[str, float]
    boot: Bootstrap
    fits: dict[str, tuple[str, ...]]

    def counts(self) -> dict[str, int]:
        """Runs, decisive runs per direction, and the non-decisive outcomes."""
        found = self.outcomes["outcome"].value_counts()
        d = self.decisive["direction"]
        return {"runs": len(self.outcomes), "decisive": len(self.decisive), "AB": int((d == "AB").sum()),
                "BA": int((d == "BA").sum()), **{k: int(found.get(k, 0)) for k in ("both", "neither", "error")}}


def analyse(
    outcomes: pd.DataFrame,
    replicates: int = REPLICATES,
    seed: int = SEED,
    tiers: Sequence[Sequence[str]] | None = None,
) -> Analysis | None:
    """Ranks, pooled BT, the crossed bootstrap and the robustness variants of an outcome table; None when no run
    was decisive."""
    rows = decisive(outcomes)
    if rows.empty:
        return None
    beta = dict(zip(SURFACES, (float(b) for b in bradley_terry(win_matrix(rows))), strict=True))
    boot = crossed_bootstrap(rows, replicates=replicates, seed=seed, tiers=tiers)
    return Analysis(outcomes, rows, ranks(rows), beta, boot, robustness(outcomes))
