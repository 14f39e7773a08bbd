"""The self-contained HTML report: one section per population, tables inline, figures as base64 PNG, and one
small inline script (the table filter); no external resource."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from ..metrics.populations import E0, MAIN, NONCODING, ZERO_INJECTION
from .analysis import Analysis, CodingAnalysis, NoncodingAnalysis
from .format import interval, num, pct
from .transcripts import TranscriptKey
from .views import FILTER_BOX, FILTER_SCRIPT, views

STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;color:#222}
h1{font-size:1.6rem}h2{border-bottom:2px solid #ddd;padding-bottom:.2rem;margin-top:2.5rem}h3{margin-top:1.6rem}
table{border-collapse:collapse;margin:.6rem 0;font-size:.88rem}
th,td{border:1px solid #ddd;padding:.25rem .55rem;text-align:right}th{background:#f4f4f4}
td:first-child,th:first-child{text-align:left}
table.searchable td,table.searchable th{text-align:left}
.scroll{max-height:26rem;overflow:auto;margin:.6rem 0}.scroll table{margin:0}.scroll th{position:sticky;top:0}
table.reasons td{white-space:nowrap}table.reasons td:last-child{white-space:normal}
.banner{background:#fff3cd;border:2px solid #d9a400;padding:.6rem 1rem;margin:1rem 0}
.filter{position:sticky;top:0;background:#fff;padding:.4rem 0;margin:0;border-bottom:1px solid #eee}
img{max-width:100%;display:block;margin:.6rem 0}.note{color:#555;font-size:.88rem}
dl{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem}dt{font-weight:600}
"""

Cell = Callable[[Any], str]

ACC_NOTE = (
    '<p class="note acc-note">Why this Acc differs from the headline Acc: the headline counts every pass/fail '
    "verdict of a model; this table keeps only the (task, round, rule) keys where <em>every</em> model has a pass "
    "or a fail, so all models are compared on the same items. A key where any model got n/a, error or unjudged "
    "drops out for all of them; with one model, or nothing missing, the two are equal.</p>"
)
POPULATIONS = {
    MAIN: "Main panel",
    ZERO_INJECTION: "Zero-injection prior probe (rules withheld: what the agent does unprompted)",
    E0: "Conflict pilot (E0)",
    "taskflow": "SWE-TaskFlow sessions",
    NONCODING: "Non-coding panel",
}
BANNER_KEYS = ("complete", "incomplete_reasons", "verdicts_expected", "verdicts_written")


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _frame(df: pd.DataFrame, columns: Mapping[str, tuple[str, Cell]], index: str) -> str:
    """A DataFrame as a table: `columns` maps column -> (heading, formatter); the index comes first."""
    rows = ([str(i), *(fmt(r[c]) for c, (_, fmt) in columns.items())] for i, r in df.iterrows())
    return table([index, *(h for h, _ in columns.values())], rows)


def _count(v: Any) -> str:
    return "-" if pd.isna(v) else f"{v:.0f}"


def _signed(v: Any) -> str:
    return pct(v, signed=True)


def img(figures: Mapping[str, bytes], name: str, alt: str) -> str:
    if name not in figures:
        return ""
    data = base64.b64encode(figures[name]).decode("ascii")
    return f'<img id="fig-{name}" alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _headline(a: CodingAnalysis) -> str:
    acc = a.accuracy
    cols = {
        "eligible": ("eligible", _count),
        "acc": ("Acc", pct),
        "f_acc": ("F-Acc", pct),
        "dw_acc": ("DW-Acc", pct),
        "ap_eligible": ("AP N", _count),
        "ap_acc": ("AP-Acc", pct),
        "delta": ("delta", _signed),
        "sw_acc": ("SW-Acc", pct),
    }
    ranked = acc.sort_values("acc", ascending=False, kind="stable")
    spread = (
        f"Mean delta (agent-macro) {pct(acc['delta'].mean(), signed=True)} points; Acc span "
        f"{pct(acc['acc'].max() - acc['acc'].min())} pp, SD {pct(acc['acc'].std())} pp over {len(acc)} model(s)."
    )
    return (
        "<h3>Accuracy per model</h3>" + _frame(ranked, cols, "model") + f'<p class="note">{spread} F-Acc and '
        "DW-Acc depend on the cohort; SW-Acc is the severity-weighted view (must 3, should 2, may 1), descriptive "
        "only. The common-support table below explains why its Acc can differ from this one.</p>"
    )


def _uncertainty(a: CodingAnalysis, figures: Mapping[str, bytes]) -> str:
    s, b = a.support, a.bootstrap
    m = b.models
    rows = (
        (
            str(model),
            pct(r["acc"]),
            interval(r["acc_lo"], r["acc_hi"]),
            pct(r["ap_acc"]),
            interval(r["ap_acc_lo"], r["ap_acc_hi"]),
            pct(r["delta"], signed=True),
            interval(r["delta_lo"], r["delta_hi"], signed=True),
        )
        for model, r in m.sort_values("acc", ascending=False, kind="stable").iterrows()
    )
    adjacent = (
        (
            str(r["rank"]),
            f"{r['higher']} > {r['lower']}",
            pct(r["diff"], signed=True),
            interval(r["diff_lo"], r["diff_hi"], signed=True),
            "separated" if r["separated"] else "tied",
        )
        for _, r in b.adjacent.iterrows()
    )
    groups = " | ".join(", ".join(g) for g in b.tie_groups) or "-"
    return (
        "<h3>Accuracy on common support, with intervals</h3>"
        f'<p class="note">Common support keeps {s.kept} of {s.keys} (item, round, rule) keys '
        f"({pct(s.share)}%), {s.against_keys} against-prior, over {s.items} item(s). Bootstrap: {b.resamples} "
        f"item resamples, seed {b.seed}, {b.level:.0%} percentile intervals.</p>"
        + ACC_NOTE
        + img(figures, "acc_vs_ap", "Acc and AP-Acc per model with intervals")
        + table(["model", "Acc", "95% CI", "AP-Acc", "95% CI", "delta", "95% CI"], rows)
        + "<h4>Adjacent-rank Acc differences</h4>"
        + table(["rank", "pair", "diff", "95% CI", "verdict"], adjacent)
        + f'<p class="note">Tie groups: {html.escape(groups)}</p>'
    )


def _lineage(a: CodingAnalysis) -> str:
    cols = {c: (c, _count) for c in ("consensus", "curated", "unknown")}
    cols |= {f"{c}_share": (f"{c} %", pct) for c in ("consensus", "curated", "unknown")}
    return "<h3>Where the against-prior labels of AP-Acc come from</h3>" + _frame(a.lineage, cols, "model")


def _difficulty(a: CodingAnalysis, figures: Mapping[str, bytes]) -> str:
    family = {
        "acc": ("pooled Acc", pct),
        "eligible": ("N", _count),
        "build_min": ("min", pct),
        "build_max": ("max", pct),
    }
    pooled = {"acc": ("pooled Acc", pct), "eligible": ("N", _count)}
    return (
        "<h3>Accuracy by rule family</h3>"
        + img(figures, "family_heatmap", "Acc heatmap by family and model")
        + _frame(a.family, family, "family")
        + "<h3>Accuracy by surface (where the rule was written)</h3>"
        + img(figures, "surface", "pooled Acc per surface")
        + _frame(a.surface, pooled, "surface")
        + '<p class="note">Surface strata are descriptive: the panel is not paired across surfaces.</p>'
        + "<h3>Accuracy by kind of rule</h3>"
        + _frame(a.modality, pooled, "modality class")
    )


def _taxonomy(a: CodingAnalysis, figures: Mapping[str, bytes]) -> str:
    classes = {
        "failures": ("failures", _count),
        "share": ("share", pct),
        "eligible": ("eligible", _count),
        "fail_rate": ("fail rate", pct),
    }
    return (
        "<h3>Failures by class</h3>"
        + img(figures, "failure_taxonomy", "failures by class and family")
        + _frame(a.taxonomy, classes, "class")
        + _frame(a.family_failures, {"failures": ("failures", _count), "share": ("share", pct)}, "family")
    )


def _reliability(a: CodingAnalysis, figures: Mapping[str, bytes]) -> str:
    """Round-to-round agreement; nothing with a single round (there is nothing to compare)."""
    r = a.reliability
    if r.rounds < 2:
        return ""
    cols = {
        "eligible": ("eligible", _count),
        "share": ("share", pct),
        "pass_rate": ("pass rate", pct),
        "per_agent": ("N/agent", lambda v: f"{v:.1f}"),
        "tau": ("Kendall tau-b", lambda v: num(v, 2)),
    }
    return (
        "<h3>Round-to-round reliability</h3>"
        f"<dl><dt>rounds</dt><dd>{r.rounds}</dd><dt>ICC(1,1) agent level</dt><dd>{num(r.agent_icc)} "
        f"({r.agents} agents)</dd><dt>ICC(1,1) agent x item</dt><dd>{num(r.cell_icc)} ({r.cells} cells)</dd>"
        f"<dt>mean per-cell round range</dt><dd>{pct(r.mean_cell_range)} pp</dd></dl>"
        + img(figures, "reliability", "round ranges and method agreement")
        + _frame(a.methods.set_index("method"), cols, "method")
    )


def _decided_by(a: CodingAnalysis) -> str:
    cols = {
        "eligible": ("eligible", _count),
        "deterministic": ("by a check", _count),
        "judge": ("by the judge", _count),
        "judge_share": ("judge share", pct),
        "judge_split": ("of which split votes", _count),
        "unjudged": ("unjudged", _count),
        "judge_errors": ("judge errors", _count),
    }
    return (
        "<h3>Who decided each verdict: a check or the judge</h3>"
        '<p class="note">Eligible verdicts decided by a deterministic check (a hybrid rule\'s pre-check included) '
        "or by the judge's majority; judge-based rows left unjudged (no judge configured) or in error.</p>"
        + _frame(a.decided_by, cols, "model")
    )


def _cascade(a: CodingAnalysis) -> str:
    deduped = int(a.frame["deduped"].sum())
    untestable = int(a.cascade["untestable"].sum()) if len(a.cascade) else 0
    rows = (
        (
            str(r["task"]),
            str(r["rule"]),
            str(r["artifacts"]),
            str(r["tested"]),
            str(r["missing"]),
            "untestable" if r["untestable"] else "kept",
        )
        for _, r in a.cascade.iterrows()
    )
    return (
        "<h3>Dependent failures (cascade rules)</h3>"
        f'<p class="note">{deduped} dependent failure(s) deduped to n/a; {untestable} (item, rule) pair(s) '
        "untestable after the fairness audit.</p>"
        + (
            table(["item", "rule", "missing artifact", "agents tested", "agents missing", "audit"], rows)
            if len(a.cascade)
            else ""
        )
    )


def _coding(a: CodingAnalysis, figures: Mapping[str, bytes], actions: str) -> str:
    """The metrics of a coding population; `actions` (failure reasons, per-rule and per-task tables) follow the
    headline table."""
    if a.accuracy.empty:
        return "<p>No verdicts.</p>"
    return "".join(
        (
            _headline(a),
            actions,
            _uncertainty(a, figures),
            _lineage(a),
            _difficulty(a, figures),
            _taxonomy(a, figures),
            _reliability(a, figures),
            _decided_by(a),
            _cascade(a),
        )
    )


def _noncoding(a: NoncodingAnalysis, figures: Mapping[str, bytes], actions: str) -> str:
    t = a.nc_macro.sort_values("nc_macro", ascending=False, kind="stable")
    rows = (
        (
            str(m),
            pct(r["nc_macro"]),
            interval(r["lo"], r["hi"]),
            pct(r["sigma_r"]),
            pct(r["sigma_c"]),
            _count(r["valid_runs"]),
            _count(r["excluded_runs"]),
            _count(r["cases"]),
        )
        for m, r in t.iterrows()
    )
    domains = {str(c): (str(c), pct) for c in a.domains.columns}
    return (
        "<h3>Non-coding score (NC-Macro)</h3>"
        + img(figures, "nc_macro", "NC-Macro per model with intervals")
        + table(["model", "NC-Macro", "95% CI", "sigma_r", "sigma_c", "valid runs", "empty shells excluded", "cases"],
                rows)
        + '<p class="note">Case-macro average; domain-stratified bootstrap. Never pooled with the coding '
        "panel.</p>" + actions + "<h3>Per domain</h3>"
        + img(figures, "nc_domains", "Case-macro pass rate per domain and model")
        + _frame(a.domains, domains, "model")
    )


def _meta(meta: Mapping[str, Any]) -> str:
    def text(v: Any) -> str:
        return ", ".join(map(str, v)) if isinstance(v, list) else str(v)

    items = "".join(
        f"<dt>{html.escape(str(k))}</dt><dd>{html.escape(text(v))}</dd>"
        for k, v in meta.items()
        if not isinstance(v, dict) and k not in BANNER_KEYS
    )
    return f"<dl>{items}</dl>" if items else ""


def _banner(meta: Mapping[str, Any]) -> str:
    """A warning on top of a partial run (summary `complete: false`): how many verdicts were written and why
    the rest are missing; nothing for a complete run or records that do not say."""
    if meta.get("complete") is not False:
        return ""
    written, expected = meta.get("verdicts_written"), meta.get("verdicts_expected")
    count = ""
    if isinstance(written, int) and isinstance(expected, int) and expected:
        count = f" {written} of {expected} expected verdicts were written."
        if written < expected:
            count += " Every number below covers only the verdicts written."
    why = "".join(f"<li>{html.escape(str(r))}</li>" for r in meta.get("incomplete_reasons") or [])
    return (
        f'<div class="banner" id="partial-run" role="alert"><strong>Partial run, not a result.</strong>'
        f"{html.escape(count)}" + (f"<ul>{why}</ul>" if why else "") + "</div>"
    )


def population_title(name: str) -> str:
    """A population as the user knows it (its record name in brackets)."""
    label = POPULATIONS.get(name)
    return f"{label} ({name})" if label else f"Population {name}"


def render(
    analyses: Mapping[str, Analysis],
    figures: Mapping[str, Mapping[str, bytes]],
    meta: Mapping[str, Any],
    links: Mapping[TranscriptKey, str] | None = None,
) -> str:
    """The report page: a partial-run banner, run metadata, the filter box, then one section per population
    (never pooled): its metrics, failure reasons, per-rule and per-task tables. `links`: transcript pages by
    trajectory, relative to the page."""
    links = links or {}
    sections = []
    for name, a in analyses.items():
        actions = views(a.frame, links)
        body = (
            _noncoding(a, figures[name], actions)
            if isinstance(a, NoncodingAnalysis)
            else _coding(a, figures[name], actions)
        )
        sections.append(
            f'<section id="population-{html.escape(name)}"><h2>{html.escape(population_title(name))}</h2>'
            f"{body}</section>"
        )
    body = FILTER_BOX + "".join(sections) + f"<script>{FILTER_SCRIPT}</script>" if sections else "<p>No verdicts.</p>"
    return page(meta, body)


def page(meta: Mapping[str, Any], body: str) -> str:
    """A whole report page: title, the partial-run banner, the run's metadata, then `body`."""
    title = f"Harness-IF report {meta.get('run_id', '')}".strip()
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{_banner(meta)}{_meta(meta)}{body}"
        "</body></html>\n"
    )
