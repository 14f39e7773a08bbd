"""The whole analysis of a run, per population (never pooled): every table the report, the HTML and
`harnessif report` show, computed once from verdict rows."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..metrics import accuracy, judged, noncoding, taxonomy
from ..metrics.bootstrap import BootstrapResult, item_bootstrap
from ..metrics.cascade import audit
from ..metrics.panel import Panels, Rows, as_panels
from ..metrics.populations import MAIN, NONCODING, require_single
from ..metrics.reliability import Reliability, method_agreement, reliability
from ..metrics.support import Support, common_support


@dataclass(frozen=True)
class CodingAnalysis:
    """Spec 4-5 for one coding population (main, zero_injection, e0, ...)."""

    population: str
    frame: pd.DataFrame
    accuracy: pd.DataFrame
    lineage: pd.DataFrame
    support: Support
    bootstrap: BootstrapResult
    reliability: Reliability
    methods: pd.DataFrame
    decided_by: pd.DataFrame
    cascade: pd.DataFrame
    taxonomy: pd.DataFrame
    family_failures: pd.DataFrame
    family: pd.DataFrame
    family_models: pd.DataFrame
    modality: pd.DataFrame
    surface: pd.DataFrame

    def tables(self) -> dict[str, pd.DataFrame]:
        """Every table by file-friendly name (what `tables/<population>/<name>.csv` holds)."""
        b, r = self.bootstrap, self.reliability
        return {
            "accuracy": self.accuracy,
            "ap_lineage": self.lineage,
            "bootstrap_models": b.models,
            "bootstrap_adjacent": b.adjacent,
            "reliability": pd.DataFrame(
                {"value": [r.rounds, r.agent_icc, r.agents, r.cell_icc, r.cells, r.mean_cell_range]},
                index=pd.Index(["rounds", "agent_icc", "agents", "cell_icc", "cells", "mean_cell_range"], name="stat"),
            ),
            "cell_round_range": r.cell_range.to_frame(),
            "methods": self.methods,
            "decided_by": self.decided_by,
            "cascade_audit": self.cascade,
            "failure_taxonomy": self.taxonomy,
            "failures_by_family": self.family_failures,
            "family": self.family,
            "family_by_model": self.family_models,
            "modality_class": self.modality,
            "surface": self.surface,
        }


@dataclass(frozen=True)
class NoncodingAnalysis:
    """Spec 8 for the non-coding population."""

    population: str
    frame: pd.DataFrame
    nc_macro: pd.DataFrame
    domains: pd.DataFrame

    def tables(self) -> dict[str, pd.DataFrame]:
        return {"nc_macro": self.nc_macro, "domain_macro": self.domains}


Analysis = CodingAnalysis | NoncodingAnalysis


def analyse_coding(df: pd.DataFrame) -> CodingAnalysis:
    """All coding metrics of one scored population frame; the bootstrap runs on common support (spec 5.7)."""
    common = common_support(df)
    return CodingAnalysis(
        population=require_single(df) or MAIN,
        frame=df,
        accuracy=accuracy.accuracy_table(df).join(accuracy.severity_weighted(df)),
        lineage=accuracy.ap_lineage(df),
        support=common,
        bootstrap=item_bootstrap(common.rows),
        reliability=reliability(df),
        methods=method_agreement(df),
        decided_by=judged.decided_by(df),
        cascade=audit(df),
        taxonomy=taxonomy.failure_taxonomy(df),
        family_failures=taxonomy.failures_by_family(df),
        family=taxonomy.by_family(df),
        family_models=taxonomy.family_by_model(df),
        modality=taxonomy.by_modality_class(df),
        surface=taxonomy.by_surface(df),
    )


def analyse(rows: Rows | Panels) -> dict[str, Analysis]:
    """One analysis per population present: NC-Macro for `noncoding`, the coding metrics for the others."""
    return {
        name: NoncodingAnalysis(name, df, noncoding.nc_macro(df), noncoding.domain_macro(df))
        if name == NONCODING
        else analyse_coding(df)
        for name, df in as_panels(rows).items()
    }
