"""E0 analysis: Bradley–Terry against an independent fit, the paper's strengths and rank sums from outcome tables
built to match them, agents with a known precedence recovered, a reproducible crossed bootstrap, robustness
variants."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from scipy.optimize import minimize

from pytest_harnessif.metrics.e0 import (
    L2,
    SURFACES,
    bradley_terry,
    crossed_bootstrap,
    decisive,
    ordering,
    ranks,
    robustness,
    win_matrix,
)

PAPER_BT = {"SP": 0.57, "TD": -0.53, "SD": -1.29, "PF": 0.65, "UI": 0.60}
MATCHUPS = list(itertools.combinations(SURFACES, 2))


def table(models: dict[str, list[str]], pairs: int = 4, repeats: int = 1) -> pd.DataFrame:
    """Agents that obey a fixed precedence (`models[name]`, strongest first): both directions of every matchup,
    every pair."""
    rows = []
    for model, order in models.items():
        for pair, (first, second), direction, _ in itertools.product(
            range(pairs), MATCHUPS, ("AB", "BA"), range(repeats)
        ):
            a, b = (first, second) if direction == "AB" else (second, first)
            won = "a" if order.index(a) < order.index(b) else "b"
            rows.append(
                {
                    "model": model,
                    "pair": f"p{pair}",
                    "direction": direction,
                    "surface_a": a,
                    "surface_b": b,
                    "outcome": won,
                }
            )
    return pd.DataFrame(rows)


def independent_fit(wins: np.ndarray) -> np.ndarray:
    """Sum-to-zero BT by a generic optimiser: K-1 free log-strengths, the last one minus their sum."""
    k = wins.shape[0]

    def nll(free: np.ndarray) -> float:
        beta = np.append(free, -free.sum())
        diff = beta[:, None] - beta[None, :]
        return float(np.sum(wins * np.logaddexp(0, -diff)) + L2 * np.sum(beta**2))

    free = minimize(nll, np.zeros(k - 1), method="BFGS", options={"gtol": 1e-10}).x
    return np.append(free, -free.sum())


def test_bt_matches_an_independent_fit_on_random_data() -> None:
    rng = np.random.default_rng(7)
    for _ in range(5):
        wins = rng.integers(0, 30, (5, 5)).astype(float)
        np.fill_diagonal(wins, 0)
        assert np.allclose(bradley_terry(wins), independent_fit(wins), atol=1e-5)
        assert abs(bradley_terry(wins).sum()) < 1e-12


def test_an_undefeated_surface_stays_finite() -> None:
    wins = np.zeros((5, 5))
    wins[0, 1:] = 50  # SP never loses
    beta = bradley_terry(wins)
    assert np.isfinite(beta).all() and ordering(beta)[0] == "SP"


def test_the_papers_strengths_from_a_table_built_to_match() -> None:
    """889 decisive runs' worth of pooled outcomes at the paper's strengths (many more games per matchup, so the
    fit is not noise-bound): the published +0.57 / +0.65 / +0.60 / -0.53 / -1.29 come back."""
    beta = np.array([PAPER_BT[s] for s in SURFACES])
    rows = []
    for i, j in itertools.combinations(range(5), 2):
        p = 1 / (1 + np.exp(beta[j] - beta[i]))
        wins_i = round(20_000 * p)
        rows += [{"winner": SURFACES[i], "loser": SURFACES[j]}] * wins_i
        rows += [{"winner": SURFACES[j], "loser": SURFACES[i]}] * (20_000 - wins_i)
    fitted = bradley_terry(win_matrix(pd.DataFrame(rows)))
    assert fitted == pytest.approx(beta, abs=0.005)
    assert ordering(fitted) == ("PF", "UI", "SP", "TD", "SD")


def test_the_papers_rank_sums_from_a_table_built_to_match() -> None:
    """Nine models: seven rank the top group above TD above SD, one puts SD above TD, one puts TD and SD first;
    SP = PF = UI = 20, TD = 34, SD = 41 (total 135 = 9 x 15), means 2.22 / 3.78 / 4.56."""
    tops = [["SP", "PF", "UI"], ["PF", "UI", "SP"], ["UI", "SP", "PF"]] * 3
    models = {f"m{k}": [*tops[k], "TD", "SD"] for k in range(7)}
    models["m7"] = ["UI", "SP", "PF", "SD", "TD"]
    models["m8"] = ["TD", "SD", "PF", "UI", "SP"]
    got = ranks(decisive(table(models, pairs=1)))
    assert got.loc["rank sum"].to_dict() == {"SP": 20, "TD": 34, "SD": 41, "PF": 20, "UI": 20}
    assert got.loc["mean rank", "SP"] == pytest.approx(2.22, abs=0.005)
    assert got.loc["mean rank", "TD"] == pytest.approx(3.78, abs=0.005)
    assert got.loc["mean rank", "SD"] == pytest.approx(4.56, abs=0.005)


def test_ties_get_mid_ranks() -> None:
    games = ["SP>TD", "TD>SP", "SP>SD", "SP>PF", "SP>UI", "TD>SD", "TD>PF", "TD>UI", "PF>UI", "PF>SD", "UI>SD"]
    rows = pd.DataFrame([{"model": "m", "winner": g[:2], "loser": g[3:]} for g in games])
    assert ranks(rows).loc["m"].to_dict() == {"SP": 1.5, "TD": 1.5, "SD": 5.0, "PF": 3.0, "UI": 4.0}


@pytest.mark.parametrize(
    "precedence",
    [["SP", "PF", "UI", "TD", "SD"], ["UI", "PF", "SD", "TD", "SP"]],  # SP over everything; the later text wins
    ids=["system-prompt-first", "later-text-wins"],
)
def test_a_known_precedence_is_recovered(precedence: list[str]) -> None:
    rows = decisive(table({"a": precedence, "b": precedence}))
    assert list(ranks(rows).loc["mean rank"].sort_values().index) == precedence
    assert ordering(bradley_terry(win_matrix(rows))) == tuple(precedence)


def noisy(seed: int = 3) -> pd.DataFrame:
    """Nine models by eight pairs around the paper's strengths, 1-3 repeats per cell, with errors."""
    rng = np.random.default_rng(seed)
    rows = []
    for model, pair, (first, second), direction in itertools.product(range(9), range(8), MATCHUPS, ("AB", "BA")):
        a, b = (first, second) if direction == "AB" else (second, first)
        for _ in range(rng.integers(1, 4)):
            p = 1 / (1 + np.exp(PAPER_BT[b] - PAPER_BT[a]))
            outcome = "error" if rng.random() < 0.03 else ("a" if rng.random() < p else "b")
            rows.append(
                {
                    "model": f"m{model}",
                    "pair": f"p{pair}",
                    "direction": direction,
                    "surface_a": a,
                    "surface_b": b,
                    "outcome": outcome,
                }
            )
    return pd.DataFrame(rows)


def test_the_crossed_bootstrap_is_reproducible_with_its_seed() -> None:
    rows = decisive(noisy())
    first = crossed_bootstrap(rows, replicates=500, seed=11)
    assert first == crossed_bootstrap(rows, replicates=500, seed=11)
    assert first != crossed_bootstrap(rows, replicates=500, seed=12)
    assert set(first.order[:3]) == {"SP", "PF", "UI"} and first.order[3:] == ("TD", "SD")
    assert first.adjacent[f"{first.order[2]}>TD"] > 0.95 and first.adjacent["TD>SD"] > 0.95
    assert 0 <= first.full <= min(first.adjacent.values())


def test_robustness_variants_keep_a_clear_ordering() -> None:
    outcomes = table({f"m{k}": ["SP", "PF", "UI", "TD", "SD"] for k in range(3)}, pairs=3)
    outcomes.loc[outcomes.index[::7], "outcome"] = "neither"
    fits = robustness(outcomes)
    assert {
        "AB only",
        "BA only",
        "equal cell weighting",
        "without pair p0",
        "without model m2",
        "errors: A wins",
        "errors: lower tier wins",
    } <= set(fits)
    assert set(fits.values()) == {("SP", "PF", "UI", "TD", "SD")}


def test_tiers_hold_where_the_strict_order_inside_a_tier_does_not() -> None:
    """The paper's {SP, PF, UI} > TD > SD: three near-equal leaders swap places, the tiers stay put."""
    boot = crossed_bootstrap(decisive(noisy()), replicates=1000, seed=2, tiers=[["SP", "PF", "UI"], ["TD"], ["SD"]])
    assert boot.tiers is not None and set(boot.tiers) == {"SP,PF,UI > TD", "TD > SD", "all"}
    assert boot.tiers["all"] > 0.95 > boot.full
    assert boot.tiers["all"] <= min(boot.tiers["SP,PF,UI > TD"], boot.tiers["TD > SD"])
    reversed_tiers = crossed_bootstrap(
        decisive(noisy()), replicates=200, seed=2, tiers=[["SD"], ["TD"], ["SP", "PF", "UI"]]
    )
    assert reversed_tiers.tiers is not None and reversed_tiers.tiers["all"] < 0.05
