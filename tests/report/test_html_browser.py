"""Open report.html in headless Chromium: every figure decodes (natural size > 0) and the page renders them."""

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
# Instrumented copy only: the report itself carries no script.
PROBE = (
    '<script>window.addEventListener("load",()=>{for(const i of document.images)'
    'i.setAttribute("data-natural",i.naturalWidth+"x"+i.naturalHeight);'
    'document.body.setAttribute("data-loaded","yes")});</script>'
)


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
    assert len(sizes) == report.read_text(encoding="utf-8").count("<img ") == 9
    assert all(int(w) > 100 and int(h) > 100 for w, h in sizes)


def test_screenshot_is_not_blank_and_shows_the_figures(report: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    result = chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,2600", report.as_uri())
    assert shot.is_file(), result.stderr[-2000:]
    pixels = imread(shot)[..., :3]
    assert pixels.shape[:2] == (2600, 1280)
    assert pixels.std() > 0.05  # not a blank page
    chroma = pixels.max(axis=-1) - pixels.min(axis=-1)
    assert (chroma > 0.25).sum() > 20_000  # the plots' colour: text and tables are grey
    rows_with_colour = np.flatnonzero((chroma > 0.25).sum(axis=1) > 10)
    assert rows_with_colour.max() - rows_with_colour.min() > 800  # more than one figure down the page
