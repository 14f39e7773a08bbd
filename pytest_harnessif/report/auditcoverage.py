"""Which rules a team's logs can audit, before any audit runs: every rule's check called on every imported session
(no judge), each outcome sorted into judged (pass, fail, n/a: the log had what the check needs), not in the log, or
not auditable (the rule does not fit the session: another kind of work, language, or a task field it lacks)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pandas as pd

from ..audit.sessions import Session
from ..authoring import NOT_IN_LOG, NotApplicable, Unjudged
from ..entries import RuleEntry
from ..library import composable
from ..llm_judge.context import judging

KINDS = ("judged", "unjudged", "not_in_log", "not_auditable")


def outcome(entry: RuleEntry, session: Session) -> str:
    """One rule on one session, as the audit decides it: pass, fail, na, unjudged, not_in_log or not_auditable (a
    check that crashes is `error`)."""
    if composable(entry.meta, session.task) is not None:
        return "not_auditable"
    with judging(None, entry.meta.rubric):
        try:
            entry.check(session.run)
        except Unjudged:
            return "unjudged"
        except NotApplicable as exc:
            return "not_in_log" if str(exc).startswith(f"n/a: {NOT_IN_LOG}") else "na"
        except AssertionError:
            return "fail"
        except Exception:
            return "error"
    return "pass"


def coverage(sessions: Iterable[Session], rules: Mapping[str, RuleEntry]) -> pd.DataFrame:
    """Per (format, rule): how many sessions gave each kind of outcome; `kind` is the best the format reached
    (judged when any session could judge it)."""
    rows = [{"format": s.imported.format, "rule": rid, "outcome": outcome(entry, s)}
            for s in sessions for rid, entry in sorted(rules.items())]  # fmt: skip
    if not rows:
        return pd.DataFrame(columns=["format", "rule", "sessions", *KINDS, "kind"])
    df = pd.DataFrame(rows)
    df["bucket"] = df["outcome"].map(lambda o: "judged" if o in ("pass", "fail", "na", "error") else o)
    table = df.pivot_table(index=["format", "rule"], columns="bucket", aggfunc="size", fill_value=0)
    table = table.reindex(columns=list(KINDS), fill_value=0).reset_index()
    table.insert(2, "sessions", table[list(KINDS)].sum(axis=1))
    table["kind"] = table[list(KINDS)].apply(lambda r: next((k for k in KINDS if r[k]), "not_auditable"), axis=1)
    return table


def per_format(table: pd.DataFrame) -> pd.DataFrame:
    """Per format: how many rules it can judge, leaves unjudged without a judge, cannot see, cannot fit."""
    counts = table.groupby(["format", "kind"]).size().unstack(fill_value=0).reindex(columns=list(KINDS), fill_value=0)
    return counts.reset_index()
