"""sankey/report: position counts, layout geometry, the headless PNG and the self-contained HTML page."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from matplotlib.image import imread

from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.corpora import label_sequences, load_corpus
from pytest_harnessif.taskflow.intents import LABELS
from pytest_harnessif.taskflow.report import html_report, text_report
from pytest_harnessif.taskflow.sankey import NODE_W, PositionFlow, layout, render_png, render_svg
from pytest_harnessif.taskflow.targets import ECP_SAMPLE
from pytest_harnessif.taskflow.tfas import compare

DATA = Path(__file__).parent / "data"
BUG, FEAT, GREET, EXEC = Intent.bug_fix, Intent.new_feature, Intent.greeting, Intent.execute
SESSIONS = [[GREET, BUG, BUG], [BUG, FEAT], [BUG], [FEAT, BUG, EXEC, EXEC, EXEC, FEAT, FEAT]]


def test_positions_keep_all_16_labels_unfiltered() -> None:
    flow = PositionFlow.of("t", SESSIONS)
    assert flow.sessions == 4 and len(flow.nodes) == 5 and len(flow.links) == 4
    assert flow.nodes[0] == {GREET: 1, BUG: 2, FEAT: 1}  # greeting is drawn, not spliced
    assert flow.links[0] == {(GREET, BUG): 1, (BUG, FEAT): 1, (FEAT, BUG): 1}
    assert flow.nodes[4] == {EXEC: 1}  # only the 7-message session reaches message 5; 6 and 7 are not drawn
    assert sum(flow.nodes[1].values()) == 3


def test_layout_bands_fit_their_nodes_without_overlap() -> None:
    lay = layout(PositionFlow.of("t", SESSIONS * 3))
    for column in lay.nodes:
        tops = [n.y for n in column]
        assert tops == sorted(tops)
        assert all(a.y + a.h <= b.y + 1e-9 for a, b in pairwise(column))
        assert [n.label for n in column] == sorted((n.label for n in column), key=LABELS.index)
    nodes = {(round(n.x), n.label): n for column in lay.nodes for n in column}
    for band in lay.bands:
        source = nodes[round(band.x0 - NODE_W), band.source]
        target = nodes[round(band.x1), band.target]
        assert source.y - 1e-9 <= band.y0 and band.y0 + band.t <= source.y + source.h + 1e-9
        assert target.y - 1e-9 <= band.y1 and band.y1 + band.t <= target.y + target.h + 1e-9
    assert sum(b.count for b in lay.bands) == sum(sum(links.values()) for links in lay.flow.links)


def test_png_is_rendered_headless(tmp_path: Path) -> None:
    target = label_sequences(load_corpus(ECP_SAMPLE))
    path = tmp_path / "flows.png"
    render_png([PositionFlow.of("ECP", target), PositionFlow.of("bench", SESSIONS)], path)
    image = imread(path)
    assert image.shape[1] > image.shape[0] > 300  # side by side: wider than tall
    assert image[..., :3].std() > 0.05  # not blank


def test_html_is_self_contained_with_components_and_gaps() -> None:
    target = [[BUG, FEAT, EXEC, Intent.planning], [FEAT, FEAT, Intent.planning]]
    comparison = compare(target, SESSIONS, replicates=20)
    page = html_report([PositionFlow.of("target", target), PositionFlow.of("bench", SESSIONS)], comparison,
                       target="t.jsonl", benchmark="tasks/")
    assert page.count("<svg") == 2
    assert not re.search(r"""(src|href)=["']?https?:""", page)  # no external assets
    assert f"TFAS {comparison.score.tfas:.1f}" in page
    for name in ("S_L", "S_T", "S_R", "Gap table", "planning"):
        assert name in page
    for label in LABELS:
        assert f"</i>{label.value}</span>" in page
    text = text_report(comparison, "t.jsonl", "tasks/")
    assert text.splitlines()[0].startswith(f"TFAS {comparison.score.tfas:.1f}  (S_L")
    assert "  planning" in text.split("gap table")[1].splitlines()[1]


def test_svg_titles_carry_counts_and_shares() -> None:
    svg = render_svg(PositionFlow.of("t", SESSIONS))
    assert "<title>message 1: bug-fix 2 (50.0%)</title>" in svg
    assert "<title>greeting → bug-fix: 1 (25.0%)</title>" in svg


@pytest.mark.parametrize("positions", [1, 3])
def test_fewer_positions(positions: int) -> None:
    flow = PositionFlow.of("t", SESSIONS, positions)
    assert len(flow.nodes) == positions
    assert bool(layout(flow).bands) == (positions > 1)
