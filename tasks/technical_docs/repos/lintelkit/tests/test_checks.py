"""The link check and the example runner."""

from pathlib import Path

from lintelkit.cli import main
from lintelkit.examples import extract, run_page
from lintelkit.links import check


def test_broken_relative_links_are_reported(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("[ok](b.md) [gone](c.md#x) [web](https://x.org)\n```\n[code](no.md)\n```\n")
    (tmp_path / "b.md").write_text("# B\n")
    assert [str(b) for b in check(tmp_path)] == ["a.md:1: broken link to c.md#x"]


def test_examples_share_a_namespace_and_stop_at_the_first_failure(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    text = "```python\nx = 2\n```\n\n```python\nassert x == 3\n```\n\n```python\nraise SystemError\n```\n"
    failures = run_page(extract(page, text))
    assert [(f.example.line, f.error) for f in failures] == [(5, "AssertionError")]


def test_skip_marker(tmp_path: Path) -> None:
    text = "<!-- lintelkit: skip -->\n```python\nboom(\n```\n```py\ny = 1\n```\n"
    assert [e.line for e in extract(tmp_path / "p.md", text)] == [5]


def test_cli_links_exit_code(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.md").write_text("[gone](nowhere.md)\n")
    assert main(["links", str(tmp_path)]) == 1
    assert "1 broken links" in capsys.readouterr().out
