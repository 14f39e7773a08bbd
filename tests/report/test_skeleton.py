"""The panel skeleton's lint-script measure: a copy with the names swapped is still a shared script."""

from __future__ import annotations

from pathlib import Path

from pytest_harnessif.report.skeleton import _shared_lint

HEAD = '"""The lint of NAME."""\nROOT = "NAME"\n'
SCRIPT = HEAD + "\n".join(f"def check_{i}(path):\n    return scan(path, {i})" for i in range(30))


def _repo(root: Path, name: str, script: str, file: str = "tools/lint.py") -> Path:
    repo = root / "demo" / "repos" / name
    (repo / file).parent.mkdir(parents=True)
    (repo / file).write_text(script)
    return repo


def test_a_renamed_copy_is_shared_and_an_own_script_is_not(tmp_path: Path) -> None:
    repos = [
        _repo(tmp_path, "alpha", SCRIPT.replace("NAME", "alpha")),
        _repo(tmp_path, "beta", SCRIPT.replace("NAME", "beta").replace("check_1(", "check_one("), "bin/lint_beta.py"),
        _repo(tmp_path, "gamma", "import sys\n\nfor line in sys.stdin:\n    print(line.rstrip())\n", "bin/lint"),
        _repo(tmp_path, "delta", "", "README.md"),
    ]
    assert _shared_lint(repos) == [["demo/alpha", "demo/beta"]]
    assert _shared_lint(repos[2:]) == []
