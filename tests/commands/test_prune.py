"""`harnessif store prune` and `harnessif reports prune` on real stores and run folders; an unreadable store
entry in a real run is warned with its path and re-run."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from pytest_harnessif.cli import main
from pytest_harnessif.sandbox.base import tar_from_files
from pytest_harnessif.schema import RunKey
from pytest_harnessif.store import RECORD, Store
from pytest_harnessif.trajectory import Recording, Trajectory

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"
OLD = time.time() - 40 * 86400


def save(store: Store, task: str, run_id: str, old: bool = False, flow: str | None = None) -> Path:
    key = RunKey(model="gold", task=task, round=1, flow=flow)
    traj = Trajectory(key=key, fingerprint="fp", agent="gold", extra={"run_id": run_id})
    snaps = {n: tar_from_files({"a": b"x"}) for n in (traj.initial_snapshot, traj.final_snapshot)}
    store.save(Recording(traj, snaps))
    if old:
        os.utime(store.path(key) / RECORD, (OLD, OLD))
    return store.path(key)


@pytest.fixture
def store(tmp_path: Path) -> tuple[Path, dict[str, Path]]:
    root = tmp_path / "runs"
    s = Store(root, "cfg")
    tasks = tmp_path / "tasks" / "demo"
    for task in ("kept", "fresh"):
        (tasks / task).mkdir(parents=True)
        (tasks / task / "task.yaml").write_text(f"id: {task}\n")
    paths = {
        "old": save(s, "kept", "run-a", old=True),
        "fresh": save(s, "fresh", "run-b"),
        "gone": save(s, "removed-task", "run-b"),
        "session": save(s, "acme-widgets-7", "run-b", flow="split"),  # an SWE-TaskFlow task: not a panel one
    }
    return root, paths


def test_store_prune_by_age(store: tuple[Path, dict[str, Path]], capsys: pytest.CaptureFixture[str]) -> None:
    root, paths = store
    assert main(["store", "prune", "--store", str(root), "--older-than", "30", "--dry-run"]) == 0
    assert paths["old"].exists() and f"would remove {paths['old']}" in capsys.readouterr().out
    assert main(["store", "prune", "--store", str(root), "--older-than", "30"]) == 0
    assert not paths["old"].exists() and paths["fresh"].exists() and paths["gone"].exists()
    assert not (root / "cfg" / "gold" / "kept").exists(), "empty folders are removed too"
    assert "1 trajectory, freed" in capsys.readouterr().out


def test_store_prune_by_age_takes_old_cached_figures_too(store: tuple[Path, dict[str, Path]]) -> None:
    root, _ = store
    sets = {}
    for name, age in (("stale", OLD), ("recent", time.time())):
        folder = root / "cfg" / ".figures" / name
        folder.mkdir(parents=True)
        (folder / "surface.png").write_bytes(b"png")
        (folder / "complete").write_text("")
        os.utime(folder / "complete", (age, age))
        sets[name] = folder
    assert main(["store", "prune", "--store", str(root), "--older-than", "30"]) == 0
    assert not sets["stale"].exists() and sets["recent"].exists()


def test_store_prune_by_run_and_missing_task(store: tuple[Path, dict[str, Path]], tmp_path: Path) -> None:
    root, paths = store
    assert main(["store", "prune", "--store", str(root), "--missing-tasks", "--tasks", str(tmp_path / "tasks")]) == 0
    assert not paths["gone"].exists() and paths["fresh"].exists() and paths["old"].exists()
    assert paths["session"].exists()
    assert main(["store", "prune", "--store", str(root), "--run", "run-b"]) == 0
    assert not paths["fresh"].exists() and paths["old"].exists()


def test_store_prune_needs_a_filter_and_a_store(
    store: tuple[Path, dict[str, Path]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, paths = store
    assert main(["store", "prune", "--store", str(root)]) == 2
    assert "say what to remove" in capsys.readouterr().err and all(p.exists() for p in paths.values())
    assert main(["store", "prune", "--store", str(tmp_path / "nope"), "--older-than", "1"]) == 2
    assert "no trajectory store there" in capsys.readouterr().err


def test_reports_prune(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "reports"
    for i, complete in enumerate([True, False, True, True]):
        folder = root / f"run-{i}"
        folder.mkdir(parents=True)
        (folder / "summary.json").write_text(json.dumps({"run_id": f"run-{i}", "complete": complete}))
        stamp = time.time() - (3 - i) * 3600 - (40 * 86400 if i == 0 else 0)
        os.utime(folder / "summary.json", (stamp, stamp))
    (root / "not-a-run").mkdir()
    assert main(["reports", "prune", "--reports", str(root), "--partial"]) == 0
    assert sorted(p.name for p in root.iterdir()) == ["not-a-run", "run-0", "run-2", "run-3"]
    assert main(["reports", "prune", "--reports", str(root), "--older-than", "30"]) == 0
    assert sorted(p.name for p in root.iterdir()) == ["not-a-run", "run-2", "run-3"]
    assert main(["reports", "prune", "--reports", str(root), "--keep", "1"]) == 0
    assert sorted(p.name for p in root.iterdir()) == ["not-a-run", "run-3"]
    assert main(["reports", "prune", "--reports", str(root)]) == 2


def test_a_truncated_snapshot_in_a_real_run_is_warned_and_rerun(pytester: pytest.Pytester) -> None:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider").assert_outcomes(passed=2)
    (tar,) = pytester.path.glob(".harnessif/runs/*/gold/mini/r1/final.tar")
    tar.write_bytes(tar.read_bytes()[:700])
    result = pytester.runpytest("--harness-model=gold", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines([f"*{tar}: unreadable snapshot, re-running gold/mini/r1*", "*1 recorded now*"])
