from pathlib import Path

import pytest

from scripts.bump_version import bumped, main


@pytest.mark.parametrize(
    ("part", "expected"),
    [("major", (1, 0, 0)), ("minor", (0, 7, 0)), ("patch", (0, 6, 2))],
)
def test_bumped(part: str, expected: tuple[int, int, int]) -> None:
    assert bumped((0, 6, 1), part) == expected


def test_main_writes_both_files(release_repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["minor", "--root", str(release_repo)]) == 0
    assert capsys.readouterr().out == "0.7.0\n"
    init = (release_repo / "src/kilnworks/__init__.py").read_text(encoding="utf-8")
    assert init == '__version__ = "0.7.0"\n'
    assert 'version = "0.7.0"' in (release_repo / "pyproject.toml").read_text(encoding="utf-8")
