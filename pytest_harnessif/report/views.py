"""The report's views a user acts on: per-rule and per-task tables, the failure reasons with links to the
transcripts, and the inline filter box that searches them (no external script)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence

import pandas as pd

from ..metrics.frame import ERROR, FAIL, NA, PASS, UNJUDGED, UNTESTABLE
from .format import pct
from .transcripts import TranscriptKey, key_of

COUNTS = {"pass": (PASS,), "fail": (FAIL,), "n/a": (NA, UNTESTABLE), "error": (ERROR,), "unjudged": (UNJUDGED,)}
REASON_CHARS = 400

# Filters the rows of every `table.searchable` by the words typed (all must occur, any case). `#filter=words`
# in the page address fills the box on load, so a filtered view can be shared as a link.
FILTER_SCRIPT = """
(function(){
const box=document.getElementById("filter"),shown=document.getElementById("filter-count");
function apply(){
  const words=box.value.toLowerCase().split(/\\s+/).filter(Boolean);let n=0,all=0;
  for(const row of document.querySelectorAll("table.searchable tbody tr")){
    const text=row.textContent.toLowerCase(),hit=words.every(w=>text.includes(w));
    row.hidden=!hit;all++;if(hit)n++;
  }
  shown.textContent=words.length?n+" of "+all+" rows match":"";
}
box.addEventListener("input",apply);
const m=location.hash.match(/^#filter=(.*)$/);
if(m){box.value=decodeURIComponent(m[1]);}
apply();
})();
"""

FILTER_BOX = (
    '<p class="filter"><label for="filter">Filter the per-rule, per-task and failure tables: </label>'
    '<input id="filter" type="search" size="40" placeholder="rule id, task, model, words of a reason"> '
    '<span id="filter-count" class="note"></span></p>'
)


def _table(header: Sequence[str], rows: Iterable[Sequence[str]], css: str = "searchable") -> str:
    """A table whose cells are HTML already escaped by the caller."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<div class="scroll"><table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _link(text: str, href: str | None) -> str:
    return f'<a href="{html.escape(href)}">{html.escape(text)}</a>' if href else html.escape(text)


def _counts(df: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """pass / fail / n/a / error / unjudged counts (status after the cascade rules) and Acc per group."""
    out = pd.DataFrame({name: df["scored"].isin(statuses) for name, statuses in COUNTS.items()}, index=df.index).astype(
        int
    )
    for col in by:
        out[col] = df[col]
    table = out.groupby(by, sort=True).sum()
    eligible = table["pass"] + table["fail"]
    table["acc"] = (table["pass"] / eligible.where(eligible > 0)).astype(float)
    return table


def _count_cells(r: pd.Series) -> list[str]:
    return [*(str(int(r[c])) for c in COUNTS), pct(r["acc"])]


def per_rule(df: pd.DataFrame) -> str:
    """One row per (model, rule): the rule's family and check method (`form`: its check reads only the form), its
    counts and Acc."""
    table = _counts(df, ["model", "rule"])
    frame = df.assign(checks=df["checks"] if "checks" in df.columns else "substance")
    kind = frame.groupby("rule", sort=True)[["family", "method", "checks"]].first()
    rows = (
        [
            html.escape(str(m)),
            html.escape(str(rule)),
            html.escape(str(kind.at[rule, "family"])),
            html.escape(str(kind.at[rule, "method"]) + (" (form)" if kind.at[rule, "checks"] == "form" else "")),
            *_count_cells(r),
        ]
        for (m, rule), r in table.iterrows()
    )
    return _table(["model", "rule", "family", "method", *COUNTS, "Acc"], rows)


def per_task(df: pd.DataFrame, links: Mapping[TranscriptKey, str]) -> str:
    """One row per (model, task): counts, Acc and a link to each of its trajectories."""
    table = _counts(df, ["model", "task"])
    keys: dict[tuple[str, str], set[TranscriptKey]] = {}
    for row in df[[c for c in ("model", "task", "round", "rule", "probe") if c in df.columns]].to_dict("records"):
        key = key_of(row)
        keys.setdefault((key.model, key.task), set()).add(key)

    def transcripts(model: str, task: str) -> str:
        found = sorted(keys.get((model, task), ()), key=lambda k: (k.round, k.withheld or ""))
        cells = [
            _link(f"r{k.round}" + (f" without {k.withheld}" if k.withheld else ""), links[k])
            for k in found
            if k in links
        ]
        return " ".join(cells) or "-"

    rows = (
        [html.escape(str(m)), html.escape(str(t)), *_count_cells(r), transcripts(str(m), str(t))]
        for (m, t), r in table.iterrows()
    )
    return _table(["model", "task", *COUNTS, "Acc", "transcripts"], rows)


def _reason(text: object) -> str:
    one = " ".join(str(text or "").split()) or "(no reason recorded)"
    return one if len(one) <= REASON_CHARS else one[:REASON_CHARS] + " ..."


def _status(row: Mapping[str, object]) -> str:
    if row["status"] == row["scored"]:
        return str(row["status"])
    after = "deduped to n/a" if row.get("deduped") else str(row["scored"])
    return f"{row['status']} ({after})"


def failures(df: pd.DataFrame, links: Mapping[TranscriptKey, str]) -> str:
    """Every fail and error verdict, one line each, with its reason and a link to the transcript."""
    bad = df[df["status"].isin((FAIL, ERROR))]
    if bad.empty:
        return '<p class="note">No fail or error verdict.</p>'
    bad = bad.sort_values(["model", "task", "round", "rule"], kind="stable")
    rows = []
    for row in bad.to_dict("records"):
        key = key_of(row)
        rnd = f"r{key.round}" + (f" without {key.withheld}" if key.withheld else "")
        rows.append(
            [
                html.escape(str(row["model"])),
                html.escape(str(row["task"])),
                _link(rnd, links.get(key)),
                html.escape(str(row["rule"])),
                html.escape(_status(row)),
                html.escape(_reason(row.get("reason"))),
            ]
        )
    return _table(["model", "task", "round", "rule", "verdict", "reason"], rows, "searchable reasons")


def views(df: pd.DataFrame, links: Mapping[TranscriptKey, str]) -> str:
    """The three searchable views of one population's scored frame."""
    if df.empty:
        return ""
    return (
        "<h3>Failure reasons</h3>"
        '<p class="note">Every fail and error verdict with the reason its check (or the judge) gave; the round '
        "links to the transcript of that trajectory when its record is still in the trajectory store.</p>"
        + failures(df, links)
        + "<h3>Per rule</h3>"
        '<p class="note">Counts after the cascade rules; Acc = pass / (pass + fail). n/a, error and unjudged '
        "verdicts never enter Acc.</p>" + per_rule(df) + "<h3>Per task</h3>" + per_task(df, links)
    )
