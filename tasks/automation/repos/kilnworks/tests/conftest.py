"""Shared fixtures: a scratch git checkout of the release tooling for the script tests."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RELEASE_FILES = ["scripts", "src/kilnworks/__init__.py", "pyproject.toml", "CHANGELOG.md"]


def git(repo: Path, *args: str) -> str:
    """Run git in `repo` and return its stdout."""
    done = subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True)
    return done.stdout


@pytest.fixture
def release_repo(tmp_path: Path) -> Path:
    """A git checkout on main with the release scripts and the files they edit, tagged v0.6.1."""
    repo = tmp_path / "kilnworks"
    for name in RELEASE_FILES:
        source, target = ROOT / name, repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target)
    (repo / "src/kilnworks/__init__.py").write_text('__version__ = "0.6.1"\n', encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.name", "Release Test")
    git(repo, "config", "user.email", "release@test.invalid")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "kilnworks 0.6.1")
    git(repo, "tag", "-a", "v0.6.1", "-m", "kilnworks 0.6.1")
    return repo
