"""Open report.html in headless Chromium: every figure decodes (natural size > 0), the page renders them, and
the filter box hides the table rows that do not match what was typed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from matplotlib.image import imread

from pytest_harnessif.report.records import HTML, write_run

from ._cohort import cohort

BROWSER = next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome", "chrome-headless-shell")) if p),
    None,
)
pytestmark = pytest.mark.skipif(
    BROWSER is None, reason="no headless Chromium on PATH (Debian: apt-get install chromium; CI installs it)"
)
# Instrumented copies only: the report's own script is the table filter.
PROBE = (
    '<script>window.addEventListener("load",()=>{for(const i of document.images)'
    'i.setAttribute("data-natural",i.naturalWidth+"x"+i.naturalHeight);'
    'document.body.setAttribute("data-loaded","yes")});</script>'
)
# Types into the filter box the way a user does: set its value, fire the `input` event the page listens to.
TYPE = (
    '<script>window.addEventListener("load",()=>{const b=document.getElementById("filter");'
    'b.value="OC-003 item-2";b.dispatchEvent(new Event("input"));'
    'document.body.setAttribute("data-typed","yes")});</script>'
)
ROW = re.compile(r"<tr( hidden=\"\")?><td>(.*?)</tr>")


def chromium(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    command = [
        BROWSER,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        f"--user-data-dir={tmp / 'profile'}",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_run(tmp_path_factory.mktemp("browser") / "run", cohort(), {"run_id": "browser"}) / HTML


def test_every_figure_loads_with_a_natural_size(report: Path, tmp_path: Path) -> None:
    probe = tmp_path / "probe.html"
    probe.write_text(report.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"), encoding="utf-8")
    result = chromium(tmp_path, "--virtual-time-budget=15000", "--dump-dom", probe.as_uri())
    assert 'data-loaded="yes"' in result.stdout, result.stderr[-2000:]
    sizes = re.findall(r'<img id="fig-[a-z_]+"[^>]*data-natural="(\d+)x(\d+)"', result.stdout)
    assert len(sizes) == report.read_text(encoding="utf-8").count("<img ") == 10
    assert all(int(w) > 100 and int(h) > 100 for w, h in sizes)


def test_screenshot_is_not_blank_and_shows_the_figures(report: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    result = chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,4200", report.as_uri())
    assert shot.is_file(), result.stderr[-2000:]
    pixels = imread(shot)[..., :3]
    assert pixels.shape[:2] == (4200, 1280)
    assert pixels.std() > 0.05  # not a blank page
    chroma = pixels.max(axis=-1) - pixels.min(axis=-1)
    assert (chroma > 0.25).sum() > 20_000  # the plots' colour: text and tables are grey
    rows_with_colour = np.flatnonzero((chroma > 0.25).sum(axis=1) > 10)
    assert rows_with_colour.max() - rows_with_colour.min() > 800  # more than one figure down the page


def searchable_rows(dom: str) -> list[tuple[bool, str]]:
    """(shown, text) of every row of the searchable tables in a dumped DOM."""
    out = []
    for table in re.findall(r'<table class="searchable[^"]*">.*?</table>', dom, flags=re.S):
        for hidden, cells in ROW.findall(table):
            out.append((not hidden, re.sub(r"<[^>]+>", " ", cells)))
    return out


def test_typing_in_the_filter_box_hides_the_rows_that_do_not_match(report: Path, tmp_path: Path) -> None:
    probe = tmp_path / "typed.html"
    probe.write_text(report.read_text(encoding="utf-8").replace("</body>", TYPE + "</body>"), encoding="utf-8")
    dom = chromium(tmp_path, "--virtual-time-budget=15000", "--dump-dom", probe.as_uri()).stdout
    assert 'data-typed="yes"' in dom
    rows = searchable_rows(dom)
    shown = [text for visible, text in rows if visible]
    assert len(rows) > 200 and 0 < len(shown) < 20
    assert all("OC-003" in t and "item-2" in t for t in shown)  # every word must match, in any cell
    assert all(not ("OC-003" in t and "item-2" in t) for visible, t in rows if not visible)
    assert f"{len(shown)} of {len(rows)} rows match" in dom


def test_a_filter_in_the_page_address_is_applied_on_load(report: Path, tmp_path: Path) -> None:
    address = report.as_uri() + "#filter=gamma%20OC-005"
    dom = chromium(tmp_path, "--virtual-time-budget=15000", "--dump-dom", address).stdout
    rows = searchable_rows(dom)
    shown = [text for visible, text in rows if visible]
    assert shown and all("gamma" in t and "OC-005" in t for t in shown)
    assert len(shown) < len(rows) and f"{len(shown)} of {len(rows)} rows match" in dom
    unfiltered = searchable_rows(chromium(tmp_path, "--dump-dom", report.as_uri()).stdout)
    assert len(unfiltered) == len(rows) and all(visible for visible, _ in unfiltered)
