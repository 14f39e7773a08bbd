"""Populations are never pooled (spec 0): every aggregate refuses mixed input; splitting keeps them apart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
import pytest

from pytest_harnessif.metrics import accuracy, bootstrap, cascade, noncoding, priors, reliability, support, taxonomy
from pytest_harnessif.metrics.accuracy import summarize
from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.panel import panels
from pytest_harnessif.metrics.populations import PopulationError, require_single, split

from ..support.verdicts import verdict

AGGREGATES: list[Callable[[pd.DataFrame], Any]] = [
    accuracy.accuracy_table,
    accuracy.rule_weights,
    accuracy.severity_weighted,
    accuracy.ap_lineage,
    support.common_support,
    bootstrap.item_bootstrap,
    reliability.reliability,
    reliability.method_agreement,
    cascade.audit,
    taxonomy.failure_taxonomy,
    taxonomy.failures_by_family,
    taxonomy.by_modality_class,
    taxonomy.by_surface,
    taxonomy.by_family,
    taxonomy.family_by_model,
    noncoding.run_rates,
    noncoding.case_means,
    noncoding.domain_macro,
    noncoding.nc_macro,
    priors.probe_votes,
]


def mixed() -> pd.DataFrame:
    return to_frame(
        [
            verdict("m", "t", "r", "pass"),
            verdict("m", "t", "r", "fail", population="zero_injection"),
            verdict("m", "c", "PW-001", "pass", population="noncoding"),
            verdict("m", "t", "r", "pass", population="e0"),
        ]
    )


@pytest.mark.parametrize("aggregate", AGGREGATES, ids=lambda f: f"{f.__module__.rsplit('.', 1)[1]}.{f.__name__}")
def test_every_aggregate_refuses_mixed_populations(aggregate: Callable[[pd.DataFrame], Any]) -> None:
    with pytest.raises(PopulationError, match=r"populations e0, main, noncoding, zero_injection cannot be pooled"):
        aggregate(mixed())


def test_split_orders_populations_and_keeps_rows_apart() -> None:
    parts = split(mixed())
    assert list(parts) == ["main", "zero_injection", "e0", "noncoding"]
    assert all(require_single(df) == name for name, df in parts.items())
    assert sum(len(df) for df in parts.values()) == 4


def test_rows_without_a_population_are_main() -> None:
    df = to_frame([{"model": "m", "task": "t", "round": 1, "rule": "r", "status": "pass"}])
    assert require_single(df) == "main"
    assert require_single(df.iloc[:0]) is None


def test_summaries_are_per_population() -> None:
    summaries = summarize(mixed())
    assert [(s.population, s.model, s.acc) for s in summaries] == [
        ("main", "m", 1.0),
        ("zero_injection", "m", 0.0),
        ("e0", "m", 1.0),
        ("noncoding", "m", 1.0),
    ]


def test_the_fairness_audit_runs_within_one_population() -> None:
    """Five main agents; only zero-injection verdicts miss the artifact: the main pair stays testable."""
    rows = [verdict(f"a{k}", "t", "CL-001", "pass") for k in range(5)]
    rows += [
        verdict(f"a{k}", "t", "CL-001", "fail", artifact="CHANGELOG.md", population="zero_injection") for k in range(5)
    ]
    scored = panels(rows)
    assert set(scored["main"]["scored"]) == {"pass"}
    assert set(scored["zero_injection"]["scored"]) == {"untestable"}


def test_frame_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="lack required field"):
        to_frame([{"model": "m", "task": "t"}])
    with pytest.raises(ValueError, match=r"unknown verdict status\(es\) \['maybe'\]"):
        to_frame([verdict("m", "t", "r", "maybe")])
    assert to_frame([]).empty
