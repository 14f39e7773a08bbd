import subprocess
from pathlib import Path

from tests.conftest import git


def release(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "scripts/release.sh", *args], cwd=repo, capture_output=True, text=True
    )


def test_patch_release_commits_and_tags(release_repo: Path) -> None:
    done = release(release_repo, "patch")
    assert done.returncode == 0, done.stderr
    assert "released 0.6.2" in done.stdout
    assert git(release_repo, "tag", "--list", "v0.6.2").strip() == "v0.6.2"
    assert git(release_repo, "log", "-1", "--format=%s").strip() == "Release 0.6.2"
    changelog = (release_repo / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog.index("## Unreleased") < changelog.index("## 0.6.2 - ")


def test_refuses_a_dirty_tree(release_repo: Path) -> None:
    (release_repo / "CHANGELOG.md").write_text("# edited\n", encoding="utf-8")
    done = release(release_repo, "patch")
    assert done.returncode == 1
    assert "working tree not clean" in done.stderr
    assert git(release_repo, "tag", "--list").split() == ["v0.6.1"]


def test_refuses_another_branch(release_repo: Path) -> None:
    git(release_repo, "switch", "-qc", "topic")
    done = release(release_repo, "minor")
    assert done.returncode == 1
    assert "not topic" in done.stderr


def test_unknown_part_prints_usage(release_repo: Path) -> None:
    done = release(release_repo, "huge")
    assert done.returncode == 2
    assert done.stderr.startswith("Usage:")
