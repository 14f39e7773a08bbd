"""Building a site: pages, nav order and nested folders."""

from pathlib import Path

import pytest

from lintelkit.site import build, load_pages


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_index_first_then_nav_order(tmp_path: Path) -> None:
    src = write(tmp_path, {"index.md": "# Home", "a.md": "# A", "b.md": "# B", "nav.txt": "b.md\n"})
    assert [p.title for p in load_pages(src)] == ["Home", "B", "A"]


def test_build_writes_pages_and_style(tmp_path: Path) -> None:
    src = write(tmp_path / "docs", {"index.md": "# Home\n\nHi.", "guide/setup.md": "# Setup"})
    written = build(src, tmp_path / "site", "Demo")
    assert sorted(p.relative_to(tmp_path / "site").as_posix() for p in written) == [
        "guide/setup.html", "index.html", "style.css"]
    page = (tmp_path / "site" / "guide" / "setup.html").read_text()
    assert "<title>Setup - Demo</title>" in page
    assert '<a href="../index.html">Home</a>' in page
    assert '<a href="../guide/setup.html" class="current">Setup</a>' in page


def test_empty_source_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        build(tmp_path, tmp_path / "site")
