"""Render a target-vs-benchmark comparison as terminal text or as one self-contained HTML page (inline SVG
task-flow diagrams, TFAS with its components, the gap table); similarities are shown on the paper's 0-100 scale."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .distributions import LENGTH_BINS
from .intents import LABELS, TFAS_LABELS
from .sankey import COLORS, PositionFlow, render_svg
from .tfas import Comparison


def _rows(comparison: Comparison) -> list[tuple[str, float, tuple[float, float] | None]]:
    score, boot = comparison.score, comparison.bootstrap
    return [
        ("TFAS", score.tfas, (boot.tfas.low, boot.tfas.high) if boot else None),
        ("S_L", 100 * score.s_l, (100 * boot.s_l.low, 100 * boot.s_l.high) if boot else None),
        ("S_T", 100 * score.s_t, (100 * boot.s_t.low, 100 * boot.s_t.high) if boot else None),
        ("S_R", 100 * score.s_r, (100 * boot.s_r.low, 100 * boot.s_r.high) if boot else None),
    ]


def _shares(comparison: Comparison) -> list[tuple[str, float, float]]:
    return [(label.value, 100 * p, 100 * q)
            for label, p, q in zip(TFAS_LABELS, comparison.target.T, comparison.benchmark.T, strict=True)]


def _lengths(comparison: Comparison) -> list[tuple[str, float, float]]:
    return [(b, 100 * p, 100 * q) for b, p, q in zip(LENGTH_BINS, comparison.target.L, comparison.benchmark.L,
                                                      strict=True)]


def _describe(comparison: Comparison, target: str, benchmark: str) -> tuple[str, str]:
    t, b = comparison.target, comparison.benchmark
    return (f"target {target}: {t.sessions} sessions with >= {comparison.min_messages} messages "
            f"({comparison.length_mode} length), {t.messages} messages with a TFAS label",
            f"benchmark {benchmark}: {b.sessions} sessions, {b.messages} messages with a TFAS label")


def text_report(comparison: Comparison, target: str, benchmark: str) -> str:
    """TFAS with its components (and bootstrap CI), the gap table, intent shares and length bins, as plain text."""
    score = comparison.score
    lines = [f"TFAS {score.tfas:.1f}  (S_L {100 * score.s_l:.1f}  S_T {100 * score.s_t:.1f}  "
             f"S_R {100 * score.s_r:.1f})", *_describe(comparison, target, benchmark), ""]
    boot = comparison.bootstrap
    if boot:
        lines.append(f"bootstrap: {boot.replicates} resamples of target sessions, seed {boot.seed}, "
                     f"{100 * boot.level:.0f}% percentile CI")
        lines.append(f"  {'':6}{'value':>7}{'low':>7}{'high':>7}{'width':>7}")
        lines += [f"  {name:6}{value:7.1f}{ci[0]:7.1f}{ci[1]:7.1f}{ci[1] - ci[0]:7.1f}"
                  for name, value, ci in _rows(comparison) if ci]
        lines.append("")
    lines.append("gap table: intents the benchmark lacks, by target share of TFAS-labelled messages")
    lines += [f"  {g.intent.value:16}{100 * g.target_share:6.1f}%" for g in comparison.gaps] or ["  (none)"]
    lines += ["", f"  {'intent':16}{'target':>8}{'bench':>8}"]
    lines += [f"  {name:16}{p:7.1f}%{q:7.1f}%" for name, p, q in _shares(comparison)]
    lines += ["", f"  {'length':16}{'target':>8}{'bench':>8}"]
    lines += [f"  {name:16}{p:7.1f}%{q:7.1f}%" for name, p, q in _lengths(comparison)]
    return "\n".join(lines)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:8px 0 20px}"
    "td,th{border:1px solid #ccc;padding:3px 10px;text-align:right}td:first-child,th:first-child{text-align:left}"
    ".flows{display:flex;flex-wrap:wrap;gap:16px}.flows figure{flex:1 1 480px;margin:0}"
    ".legend span{display:inline-block;margin:0 12px 4px 0}.legend i{display:inline-block;width:12px;height:12px;"
    "margin-right:4px;vertical-align:middle}"
)


def html_report(flows: Sequence[PositionFlow], comparison: Comparison | None = None, *, target: str = "",
                benchmark: str = "") -> str:
    """One self-contained page: the task-flow diagrams side by side and, given a comparison, TFAS with its
    components, the gap table, intent shares and length bins."""
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>SWE-TaskFlow</title><style>{_STYLE}</style>"
             "</head><body><h1>SWE-TaskFlow</h1>"]
    if comparison is not None:
        score = comparison.score
        parts.append(f"<h2>TFAS {score.tfas:.1f}</h2>")
        parts += [f"<p>{escape(line)}</p>" for line in _describe(comparison, target, benchmark)]
        boot = comparison.bootstrap
        ci_head = [f"{100 * boot.level:.0f}% CI low", "high", "width"] if boot else []
        parts.append(_table(["", "value", *ci_head], [
            [name, f"{value:.1f}", *([f"{ci[0]:.1f}", f"{ci[1]:.1f}", f"{ci[1] - ci[0]:.1f}"] if ci else [])]
            for name, value, ci in _rows(comparison)]))
        if boot:
            parts.append(f"<p>Bootstrap: {boot.replicates} resamples of whole target sessions, seed {boot.seed}, "
                         "percentile intervals; the benchmark is fixed.</p>")
        parts.append("<h2>Gap table</h2><p>Intents the target uses and the benchmark lacks, by target share of "
                     "TFAS-labelled messages.</p>")
        parts.append(_table(["intent", "target share"], [[g.intent.value, f"{100 * g.target_share:.1f}%"]
                                                         for g in comparison.gaps] or [["(none)", ""]]))
        parts.append("<h2>Intent shares (P_T) and session lengths (P_L)</h2>")
        parts.append(_table(["intent", "target", "benchmark"],
                            [[n, f"{p:.1f}%", f"{q:.1f}%"] for n, p, q in _shares(comparison)]))
        parts.append(_table(["length", "target", "benchmark"],
                            [[n, f"{p:.1f}%", f"{q:.1f}%"] for n, p, q in _lengths(comparison)]))
    parts.append("<h2>Task flows: first five user messages, all 16 labels</h2><div class='flows'>")
    parts += [f"<figure><figcaption>{escape(flow.name)} ({flow.sessions} sessions)</figcaption>{render_svg(flow)}"
              "</figure>" for flow in flows]
    parts.append("</div><p class='legend'>")
    parts += [f"<span><i style='background:{COLORS[label]}'></i>{label.value}</span>" for label in LABELS]
    parts.append("</p></body></html>")
    return "".join(parts)
