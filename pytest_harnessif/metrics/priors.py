"""Prior labels from the zero-injection probe (spec 6): one vote per build and rule, k-of-n consensus with
lineage (consensus / curated / unknown), written as the prior file (`priorfile`), and prior labels applied to rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pandas as pd

from ..priorfile import PriorsError
from ..priorfile import write as write_prior_file
from ..schema import Lineage, Prior
from .frame import eligible, passed
from .populations import ZERO_INJECTION, require_single

LABELS = (Prior.align.value, Prior.against.value, Prior.neutral.value)


def probe_votes(df: pd.DataFrame) -> pd.DataFrame:
    """Rule x build table of votes (spec 6.1) from zero-injection verdicts: align_prior when every pass/fail
    verdict of the build on the rule passed, against_prior when every one failed, neutral when they are mixed
    or the rule had no opportunity (our choice, as the spec suggests). Missing cells: the build never ran it."""
    if require_single(df) not in (ZERO_INJECTION, None):
        raise PriorsError(
            f"prior votes come from zero-injection verdicts only, got population {df['population'].iloc[0]!r}"
        )
    e, z = eligible(df), passed(df)
    flags = pd.DataFrame({"rule": df["rule"], "build": df["model"], "n": e, "p": e & z})
    sums = flags.groupby(["rule", "build"], sort=True)[["n", "p"]].sum()
    vote = pd.Series(Prior.neutral.value, index=sums.index)
    vote[(sums["n"] > 0) & (sums["p"] == sums["n"])] = Prior.align.value
    vote[(sums["n"] > 0) & (sums["p"] == 0)] = Prior.against.value
    return vote.unstack("build")


def consensus(df: pd.DataFrame, k: int = 5, n: int = 9) -> pd.DataFrame:
    """Final label per rule (spec 6.2-6.3): the label at least `k` of the `n` probe builds voted for (none when
    two labels reach k), lineage `consensus` (`consensus_all` when any of the rule's verdicts came from the
    cheaper probe that withheld every rule at once); otherwise the library's label from the rows, lineage
    `curated` when that label is curated and `unknown` otherwise — never guessed. The input must hold exactly `n`
    builds. Columns: prior, lineage, one count per label, abstain, curated (the library's label)."""
    if not 1 <= k <= n:
        raise PriorsError(f"need 1 <= k <= n, got k={k}, n={n}")
    votes = probe_votes(df)
    builds = list(votes.columns)
    if len(builds) != n:
        raise PriorsError(f"{len(builds)} probe build(s) found ({', '.join(builds) or 'none'}) but n={n}")
    counts = pd.DataFrame({label: (votes == label).sum(axis=1) for label in LABELS})
    counts["abstain"] = votes.isna().sum(axis=1)
    library = df.drop_duplicates("rule").set_index("rule").reindex(counts.index)
    reached = counts[list(LABELS)] >= k
    unique = reached.sum(axis=1) == 1
    table = counts.assign(curated=library["prior"])
    table["prior"] = library["prior"].where(~unique, reached.idxmax(axis=1))
    fallback = library["lineage"].where(library["lineage"] == Lineage.curated.value, Lineage.unknown.value)
    cheap = df.assign(all=df["probe"] == "all").groupby("rule")["all"].any().reindex(counts.index, fill_value=False)
    agreed = pd.Series(Lineage.consensus.value, index=counts.index).where(~cheap, Lineage.consensus_all.value)
    table["lineage"] = fallback.where(~unique, agreed)
    return table[["prior", "lineage", *LABELS, "abstain", "curated"]]


def write_priors(
    path: Path, table: pd.DataFrame, *, k: int, n: int, builds: Sequence[str], sources: Sequence[str]
) -> Path:
    """Write a `consensus` table as the prior file (see `priorfile` and docs/metrics.md)."""
    rules = {
        str(rule): {
            "prior": row["prior"],
            "lineage": row["lineage"],
            "votes": {label: int(row[label]) for label in (*LABELS, "abstain")},
            "curated": row["curated"],
        }
        for rule, row in table.sort_index().iterrows()
    }
    return write_prior_file(path, rules, k=k, n=n, builds=builds, sources=sources)


def apply_priors(df: pd.DataFrame, priors: Mapping[str, tuple[Prior, Lineage]]) -> pd.DataFrame:
    """Relabel rows' prior and lineage from a loaded prior file; rules it does not list keep theirs."""
    out = df.copy()
    listed = out["rule"].isin(list(priors))
    out.loc[listed, "prior"] = out.loc[listed, "rule"].map(lambda r: priors[r][0].value)
    out.loc[listed, "lineage"] = out.loc[listed, "rule"].map(lambda r: priors[r][1].value)
    return out
