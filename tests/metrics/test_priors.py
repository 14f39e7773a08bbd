"""Zero-injection votes, k-of-n consensus with lineage, and the prior file (spec 6)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
import yaml

from pytest_harnessif.metrics.frame import to_frame
from pytest_harnessif.metrics.priors import apply_priors, consensus, probe_votes, write_priors
from pytest_harnessif.priorfile import FORMAT, PriorsError, load_priors
from pytest_harnessif.schema import Lineage, Prior

from ..support.verdicts import verdict

Z = {"population": "zero_injection"}


def probe() -> pd.DataFrame:
    """Three builds; per rule their unprompted behaviour (two runs each where it matters)."""
    rows = []
    for b in ("b1", "b2", "b3"):
        rows += [verdict(b, "t", "ALIGN", "pass", **Z), verdict(b, "u", "ALIGN", "pass", **Z)]  # all comply
    rows += [verdict("b1", "t", "AGAINST", "fail", **Z), verdict("b2", "t", "AGAINST", "fail", **Z)]
    rows += [
        verdict("b3", "t", "AGAINST", "fail", **Z),
        verdict("b3", "u", "AGAINST", "pass", **Z),  # b3 mixed -> neutral
    ]
    rows += [verdict("b1", "t", "SPLIT", "pass", prior="align_prior", **Z)]
    rows += [verdict("b2", "t", "SPLIT", "fail", prior="align_prior", **Z)]
    rows += [verdict("b3", "t", "SPLIT", "n/a", prior="align_prior", **Z)]  # no opportunity -> neutral
    rows += [verdict("b1", "t", "LOST", "pass", prior="neutral", lineage="unknown", **Z)]  # b2, b3 never ran it
    return to_frame(rows)


def test_votes_per_build() -> None:
    votes = probe_votes(probe())
    assert votes.loc["ALIGN"].tolist() == ["align_prior"] * 3
    assert votes.loc["AGAINST"].tolist() == ["against_prior", "against_prior", "neutral"]
    assert votes.loc["SPLIT"].tolist() == ["align_prior", "against_prior", "neutral"]
    assert votes.loc["LOST", "b1"] == "align_prior" and votes.loc["LOST", ["b2", "b3"]].isna().all()


def test_consensus_with_lineage() -> None:
    t = consensus(probe(), k=2, n=3)
    assert t[["prior", "lineage"]].to_dict("index") == {
        "AGAINST": {"prior": "against_prior", "lineage": "consensus"},
        "ALIGN": {"prior": "align_prior", "lineage": "consensus"},
        "LOST": {"prior": "neutral", "lineage": "unknown"},  # no consensus, library label not curated
        "SPLIT": {"prior": "align_prior", "lineage": "curated"},  # no consensus: the curated label stays
    }
    assert t.loc["AGAINST", ["align_prior", "against_prior", "neutral", "abstain"]].tolist() == [0, 2, 1, 0]
    assert t.loc["LOST", "abstain"] == 2
    assert t.loc["SPLIT", "curated"] == "align_prior"


def test_consensus_of_the_all_withheld_probe_has_its_own_lineage() -> None:
    """`--harness-zero-injection=all` (every rule withheld at once) is cheaper than the paper's one-at-a-time
    probe; a label it agrees on says so (`consensus_all`), a label of the paper's probe stays `consensus`."""
    each = probe().assign(probe="each")
    cheap = each.assign(probe=each["rule"].map(lambda r: "all" if r == "AGAINST" else "each"))
    t = consensus(cheap, k=2, n=3)
    assert t.loc["AGAINST", "lineage"] == "consensus_all" and t.loc["ALIGN", "lineage"] == "consensus"
    assert consensus(each, k=2, n=3).loc["AGAINST", "lineage"] == "consensus"


def test_threshold_changes_labels_and_ties_give_no_consensus() -> None:
    strict = consensus(probe(), k=3, n=3)
    assert strict.loc["AGAINST", "lineage"] == "curated"  # only 2 of 3 agree
    assert strict.loc["ALIGN", "lineage"] == "consensus"
    tie = consensus(probe(), k=1, n=3)
    assert tie.loc["SPLIT", "lineage"] == "curated"  # align, against and neutral all reach k=1


def test_build_count_must_match_n_and_k_must_fit() -> None:
    with pytest.raises(PriorsError, match=r"3 probe build\(s\) found \(b1, b2, b3\) but n=9"):
        consensus(probe())
    with pytest.raises(PriorsError, match="1 <= k <= n"):
        consensus(probe(), k=4, n=3)


def test_votes_refuse_the_main_panel() -> None:
    with pytest.raises(PriorsError, match="zero-injection verdicts only, got population 'main'"):
        probe_votes(to_frame([verdict("b1", "t", "r", "pass")]))


def test_prior_file_round_trip(tmp_path: Path) -> None:
    t = consensus(probe(), k=2, n=3)
    path = write_priors(tmp_path / "sub" / "priors.yaml", t, k=2, n=3, builds=["b3", "b1", "b2"], sources=["run-1"])
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT and (doc["k"], doc["n"]) == (2, 3) and doc["builds"] == ["b1", "b2", "b3"]
    assert doc["rules"]["AGAINST"] == {
        "prior": "against_prior",
        "lineage": "consensus",
        "votes": {"align_prior": 0, "against_prior": 2, "neutral": 1, "abstain": 0},
        "curated": "against_prior",
    }
    loaded = load_priors(path)
    assert loaded["AGAINST"] == (Prior.against, Lineage.consensus)
    assert loaded["LOST"] == (Prior.neutral, Lineage.unknown)
    assert set(loaded) == {"AGAINST", "ALIGN", "LOST", "SPLIT"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rules: {}\n", "format: Field required"),
        ("format: other/1\nrules: {}\n", "format 'other/1' is not"),
        (f"format: {FORMAT}\nrules:\n  CS-001: {{prior: sometimes, lineage: curated}}\n", "rules.CS-001.prior"),
        (f"format: {FORMAT}\nrules:\n  CS-001: {{prior: neutral}}\n", "rules.CS-001.lineage: Field required"),
        ("format: [unclosed\n", "not YAML"),
        ("- a list\n", r"\(file\)"),
    ],
)
def test_bad_prior_files_name_the_file_and_field(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "priors.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PriorsError, match=message) as info:
        load_priors(path)
    assert str(path) in str(info.value)


def test_missing_prior_file(tmp_path: Path) -> None:
    with pytest.raises(PriorsError, match="No such file"):
        load_priors(tmp_path / "nope.yaml")


def test_apply_priors_relabels_listed_rules_only() -> None:
    df = to_frame(
        [verdict("m", "t", "A", "pass", prior="neutral"), verdict("m", "t", "B", "fail", prior="align_prior")]
    )
    out = apply_priors(df, {"A": (Prior.against, Lineage.consensus)})
    assert out[["prior", "lineage"]].values.tolist() == [["against_prior", "consensus"], ["align_prior", "curated"]]
    assert df.loc[0, "prior"] == "neutral"  # input untouched
