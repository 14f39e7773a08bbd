"""Report figures are drawn again only when what they show changed: an unchanged re-score takes them from
`<store>/<config>/.figures/` (matplotlib is not called), different verdicts draw anew, timings do not count."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.report import figures
from pytest_harnessif.report.records import FIGURES, write_derived

from ._cohort import cohort


def test_an_unchanged_analysis_reuses_its_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store, rows = tmp_path / "store" / "cfg", cohort()
    write_derived(tmp_path / "first", rows, {"store": str(store)})
    drawn = sorted(p.name for p in (tmp_path / "first" / FIGURES / "main").iterdir())
    assert drawn and (store / ".figures").is_dir()

    def refuse(analysis: object) -> dict[str, bytes]:
        raise AssertionError("figures drawn again for an unchanged analysis")

    monkeypatch.setattr(figures, "render", refuse)
    retimed = [{**r, "duration": r.get("duration", 0) + 1.5} for r in rows]  # timings are not what figures show
    write_derived(tmp_path / "second", retimed, {"store": str(store)})
    assert sorted(p.name for p in (tmp_path / "second" / FIGURES / "main").iterdir()) == drawn
    for name in drawn:
        assert (tmp_path / "second" / FIGURES / "main" / name).read_bytes() == (
            tmp_path / "first" / FIGURES / "main" / name
        ).read_bytes()
    changed = [{**r, "status": "fail"} if r["status"] == "pass" and i % 3 == 0 else r for i, r in enumerate(rows)]
    with pytest.raises(AssertionError, match="drawn again"):
        write_derived(tmp_path / "third", changed, {"store": str(store)})
