"""The report's figures as PNG bytes (matplotlib's object API, no pyplot state): Acc vs AP-Acc with
intervals, family x model heatmap, surface bars, failure taxonomy, reliability and NC-Macro; E0 strengths; the
SWE-TaskFlow test-pass curves and costs."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ..metrics.bootstrap import BootstrapResult
from ..metrics.reliability import Reliability
from .analysis import Analysis, NoncodingAnalysis
from .format import num

ACC, AP = "#1f77b4", "#d62728"


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    return buf.getvalue()


def _height(n: int) -> float:
    return max(2.2, 0.45 * n + 1.2)


def acc_vs_ap(boot: BootstrapResult) -> bytes:
    """Per model (by Acc), Acc and AP-Acc on common support with their item-clustered 95% intervals."""
    table = boot.models.sort_values("acc", ascending=True, kind="stable")
    y = np.arange(len(table))
    fig = Figure(figsize=(7.5, _height(len(table))))
    ax = fig.subplots()
    for col, colour, shift, label in (("acc", ACC, 0.12, "Acc"), ("ap_acc", AP, -0.12, "AP-Acc")):
        mid = 100 * table[col].to_numpy()
        err = np.abs(100 * table[[f"{col}_lo", f"{col}_hi"]].to_numpy().T - mid)
        ax.errorbar(mid, y + shift, xerr=np.nan_to_num(err), fmt="o", color=colour, capsize=3, label=label)
    ax.set_yticks(y, [str(m) for m in table.index])
    ax.set_xlabel("% of eligible verdicts (common support, 95% item-clustered CI)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def family_heatmap(acc: pd.DataFrame) -> bytes:
    """Acc per family (rows) x model (columns), annotated in percent."""
    values = 100 * acc.to_numpy(dtype=float)
    fig = Figure(figsize=(max(4.0, 1.0 * acc.shape[1] + 2.5), _height(acc.shape[0])))
    ax = fig.subplots()
    image = ax.imshow(np.ma.masked_invalid(values), cmap="RdYlGn", vmin=0, vmax=100, aspect="auto")
    ax.set_xticks(range(acc.shape[1]), [str(c) for c in acc.columns], rotation=35, ha="right")
    ax.set_yticks(range(acc.shape[0]), [str(f) for f in acc.index])
    for (i, j), v in np.ndenumerate(values):
        ax.text(j, i, "-" if np.isnan(v) else f"{v:.0f}", ha="center", va="center", fontsize=8)
    fig.colorbar(image, ax=ax, label="Acc %")
    return _png(fig)


def surface_bars(surface: pd.DataFrame) -> bytes:
    """Pooled Acc per surface, with each bar's eligible N."""
    fig = Figure(figsize=(6.0, 3.0))
    ax = fig.subplots()
    bars = ax.bar([str(s) for s in surface.index], 100 * surface["acc"].to_numpy(), color=ACC)
    ax.bar_label(bars, labels=[f"N={n:.0f}" for n in surface["eligible"]], fontsize=8)
    ax.set_ylabel("pooled Acc %")
    ax.set_ylim(0, 110)
    return _png(fig)


def failure_taxonomy(classes: pd.DataFrame, families: pd.DataFrame) -> bytes:
    """Failures by rule-structure class (with fail rate) and each family's share of all failures."""
    fig = Figure(figsize=(10.0, 3.4))
    left, right = fig.subplots(1, 2)
    body = classes.drop(index="total", errors="ignore")
    bars = left.bar([str(c) for c in body.index], body["failures"].to_numpy(), color=AP)
    left.bar_label(bars, labels=[f"{100 * r:.1f}% fail" for r in body["fail_rate"]], fontsize=8)
    left.set_ylabel("failures")
    left.set_title("failure class (from modality)")
    right.barh([str(f) for f in families.index][::-1], 100 * families["share"].to_numpy()[::-1], color=AP)
    right.set_xlabel("% of all failures")
    right.set_title("failures by family")
    return _png(fig)


def reliability_plot(rel: Reliability, methods: pd.DataFrame) -> bytes:
    """Per-cell round range of Acc (needs >= 2 rounds) and Kendall tau of each method against overall Acc."""
    fig = Figure(figsize=(10.0, 3.4))
    left, right = fig.subplots(1, 2)
    if len(rel.cell_range):
        left.hist(100 * rel.cell_range.to_numpy(), bins=20, color=ACC)
        left.axvline(100 * rel.mean_cell_range, color="black", linestyle="--", label="mean")
        left.legend()
        left.set_xlabel("agent x item round range of Acc (pp)")
        left.set_ylabel("cells")
    else:
        left.text(0.5, 0.5, f"{rel.rounds} round(s): round ranges and ICC need >= 2", ha="center", va="center")
        left.set_axis_off()
    left.set_title(f"ICC(1,1): agent level {num(rel.agent_icc)}, agent x item {num(rel.cell_icc)}")
    tau = methods.dropna(subset=["tau"])
    right.barh(tau["method"].astype(str).to_numpy(), tau["tau"].to_numpy(), color=ACC)
    right.set_xlim(-1, 1)
    right.axvline(0, color="black", linewidth=0.8)
    right.set_xlabel("Kendall tau-b vs overall ranking")
    right.set_title("check methods")
    return _png(fig)


def nc_macro(table: pd.DataFrame) -> bytes:
    """NC-Macro per model with its domain-stratified 95% interval."""
    table = table.sort_values("nc_macro", kind="stable")
    y = np.arange(len(table))
    mid = 100 * table["nc_macro"].to_numpy()
    err = np.abs(100 * table[["lo", "hi"]].to_numpy().T - mid)
    fig = Figure(figsize=(7.0, _height(len(table))))
    ax = fig.subplots()
    ax.errorbar(mid, y, xerr=np.nan_to_num(err), fmt="o", color=ACC, capsize=3)
    ax.set_yticks(y, [str(m) for m in table.index])
    ax.set_xlabel("NC-Macro % (95% domain-stratified CI)")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def nc_domains(domains: pd.DataFrame) -> bytes:
    """Case-macro rate per domain (groups) and model (bars), the spec's Table 9 as a figure."""
    models, names = [str(m) for m in domains.index], [str(c).replace("_", "\n") for c in domains.columns]
    x = np.arange(len(names))
    width = 0.8 / max(len(models), 1)
    fig = Figure(figsize=(max(7.0, 1.5 * len(names)), 4.0), layout="constrained")
    ax = fig.subplots()
    for i, model in enumerate(models):
        ax.bar(x + (i - (len(models) - 1) / 2) * width, 100 * domains.iloc[i].to_numpy(), width, label=model)
    ax.set_xticks(x, names)
    ax.set_ylim(0, 100)
    ax.set_ylabel("case-macro pass rate %")
    ax.legend(fontsize="small", ncols=min(len(models), 6), loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False)
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def render(analysis: Analysis) -> dict[str, bytes]:
    """Every figure of one population's analysis, by file-friendly name."""
    if isinstance(analysis, NoncodingAnalysis):
        if not len(analysis.nc_macro):
            return {}
        return {"nc_macro": nc_macro(analysis.nc_macro), "nc_domains": nc_domains(analysis.domains)}
    a = analysis
    if a.accuracy.empty:
        return {}
    out = {"acc_vs_ap": acc_vs_ap(a.bootstrap)} if len(a.bootstrap.models) else {}
    out["family_heatmap"] = family_heatmap(a.family_models)
    out["surface"] = surface_bars(a.surface)
    if a.family_failures["failures"].sum():
        out["failure_taxonomy"] = failure_taxonomy(a.taxonomy, a.family_failures)
    if len(a.reliability.cell_range) or a.methods["tau"].notna().any():
        out["reliability"] = reliability_plot(a.reliability, a.methods)
    return out


def e0_strengths(beta: dict[str, float], interval: dict[str, tuple[float, float]]) -> bytes:
    """E0: each surface's Bradley–Terry log-strength (sum to zero) with its crossed-bootstrap 95% interval."""
    order = sorted(beta, key=beta.__getitem__)
    y = np.arange(len(order))
    mid = np.array([beta[s] for s in order])
    err = np.abs(np.array([interval[s] for s in order]).T - mid)
    fig = Figure(figsize=(6.5, _height(len(order))))
    ax = fig.subplots()
    ax.errorbar(mid, y, xerr=err, fmt="o", color=ACC, capsize=3)
    ax.axvline(0, color="#999", linewidth=0.8)
    ax.set_yticks(y, order)
    ax.set_xlabel("log-strength (Bradley-Terry, sum to zero): higher wins conflicts")
    ax.set_title("Which surface wins when two disagree")
    return _png(fig)


def taskflow_curves(points: pd.DataFrame) -> bytes:
    """SWE-TaskFlow: test-pass rate at each checkpoint (clean, after issue turn 1, 2, 3), one line per model and
    configuration, min-max over runs as whiskers."""
    fig = Figure(figsize=(6.5, 3.6))
    ax = fig.subplots()
    for (model, config), g in points.groupby(["model", "config"]):
        g = g.sort_values("checkpoint")
        err = np.vstack([g["rate_mean"] - g["rate_min"], g["rate_max"] - g["rate_mean"]])
        ax.errorbar(g["checkpoint"], g["rate_mean"], yerr=err, marker="o", capsize=3, label=f"{model} · {config}")
    ticks = sorted(points["checkpoint"].unique())
    ax.set_xticks(ticks, ["clean" if t == 0 else f"after {t}" for t in ticks])
    ax.set_ylim(0, 105)
    ax.set_ylabel("original tests passing (%)")
    ax.set_title("Test-pass rate over checkpoints")
    ax.legend(fontsize=8, loc="lower right")
    return _png(fig)


def taskflow_costs(costs: pd.DataFrame) -> bytes:
    """SWE-TaskFlow: cost per task (USD; tokens when unpriced) per configuration and model, min-max over runs."""
    priced = costs["cost_mean"].notna().all()
    stem, unit = ("cost", "USD per task") if priced else ("tokens", "tokens per task")
    labels = [f"{m} · {c}" for m, c in zip(costs["model"], costs["config"], strict=True)]
    mean, low, high = (costs[f"{stem}_{k}"].to_numpy(dtype=float) for k in ("mean", "min", "max"))
    err = np.vstack([mean - low, high - mean])
    fig = Figure(figsize=(6.5, _height(len(labels))))
    ax = fig.subplots()
    y = np.arange(len(labels))
    ax.barh(y, mean, xerr=err, color=ACC, capsize=3)
    ax.set_yticks(y, labels)
    ax.set_xlabel(unit)
    ax.set_title("Cost per task by configuration")
    return _png(fig)
