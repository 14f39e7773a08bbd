"""store: atomic save/load, stale and corrupt entries, get_or_run exactly once, path segments."""

from __future__ import annotations

import multiprocessing
import threading
import time
import warnings
from pathlib import Path

import pytest

from pytest_harnessif.files import safe_segment
from pytest_harnessif.sandbox.base import tar_from_files
from pytest_harnessif.schema import RunKey
from pytest_harnessif.store import RECORD, Store, StoreWarning
from pytest_harnessif.trajectory import Recording, Trajectory, TurnRecord

KEY = RunKey(model="openai/gpt-5.5@http://h:8000/v1", task="mini", round=1)


def _recording(key: RunKey = KEY, fingerprint: str = "fp", marker: str = "x", status: str = "ok") -> Recording:
    traj = Trajectory.model_validate(
        {
            "key": key.model_dump(),
            "fingerprint": fingerprint,
            "agent": "test",
            "status": status,
            "turns": [TurnRecord(index=0, intent="new-feature", user="u", reply=marker, snapshot="turn-0.tar")],
        }
    )
    snaps = {
        "initial.tar": tar_from_files({"a.txt": b"initial"}),
        "turn-0.tar": tar_from_files({"a.txt": marker.encode()}),
        "final.tar": tar_from_files({"a.txt": b"final" + marker.encode()}),
    }
    return Recording(traj, snaps if status == "ok" else {})


def test_save_load_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    rec = _recording(marker="hello")
    store.save(rec)
    loaded = store.load(KEY, "fp")
    assert loaded is not None
    assert loaded.trajectory == rec.trajectory
    assert loaded.snapshots == rec.snapshots
    assert store.path(KEY).parent.parent.parent == tmp_path / "cfg"


def test_missing_entry_is_none(tmp_path: Path) -> None:
    assert Store(tmp_path, "cfg").load(KEY, "fp") is None


def test_fingerprint_mismatch_is_stale(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    store.save(_recording(fingerprint="old"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert store.load(KEY, "new") is None


def test_corrupt_trajectory_warns_and_is_none(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    store.save(_recording())
    (store.path(KEY) / RECORD).write_text('{"key": {"model": "x"', encoding="utf-8")
    with pytest.warns(StoreWarning, match="corrupt store entry"):
        assert store.load(KEY, "fp") is None


def test_trajectory_with_unknown_field_is_corrupt(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    store.save(_recording())
    record = store.path(KEY) / RECORD
    record.write_text(record.read_text(encoding="utf-8").replace('"agent"', '"agnet"'), encoding="utf-8")
    with pytest.warns(StoreWarning):
        assert store.load(KEY, "fp") is None


@pytest.mark.parametrize("damage", ["truncate", "garble", "empty"])
def test_an_unreadable_snapshot_warns_with_its_path_and_is_none(tmp_path: Path, damage: str) -> None:
    store = Store(tmp_path, "cfg")
    store.save(_recording(marker="x" * 5000))
    tar = store.path(KEY) / "turn-0.tar"
    data = tar.read_bytes()
    tar.write_bytes({"truncate": data[:1500], "garble": b"not a tar at all" * 100, "empty": b""}[damage])
    with pytest.warns(StoreWarning, match=f"{tar}: unreadable snapshot, re-running"):
        assert store.load(KEY, "fp") is None


def test_missing_snapshot_warns_and_is_none(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    store.save(_recording())
    (store.path(KEY) / "turn-0.tar").unlink()
    with pytest.warns(StoreWarning, match="turn-0.tar"):
        assert store.load(KEY, "fp") is None


def test_failed_run_needs_no_snapshots(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    store.save(_recording(status="failed"))
    loaded = store.load(KEY, "fp")
    assert loaded is not None
    assert loaded.trajectory.status == "failed"


def test_save_replaces_and_leaves_no_temp_dirs(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    store.save(_recording(marker="one"))
    store.save(_recording(marker="two"))
    loaded = store.load(KEY, "fp")
    assert loaded is not None
    assert loaded.trajectory.turns[0].reply == "two"
    parent = store.path(KEY).parent
    assert [p.name for p in parent.iterdir()] == ["r1"]


class Counter:
    def __init__(self, marker: str = "x", delay: float = 0.0) -> None:
        self.calls = 0
        self.marker = marker
        self.delay = delay
        self._lock = threading.Lock()

    def __call__(self) -> Recording:
        with self._lock:
            self.calls += 1
        time.sleep(self.delay)
        return _recording(marker=self.marker)


def test_get_or_run_runs_once_then_reuses(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    run = Counter("first")
    rec, fresh = store.get_or_run(KEY, "fp", run, run_id="run-a")
    assert fresh and run.calls == 1
    assert rec.trajectory.extra["run_id"] == "run-a"
    again, fresh_again = store.get_or_run(KEY, "fp", run, run_id="run-b")
    assert not fresh_again and run.calls == 1
    assert again.trajectory.turns[0].reply == "first"
    assert not any(".tmp-" in p.name or ".old-" in p.name for p in store.path(KEY).parent.iterdir())


def test_get_or_run_reruns_on_a_new_fingerprint(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    run = Counter()
    store.get_or_run(KEY, "fp-1", run, run_id="a")
    store.get_or_run(KEY, "fp-2", run, run_id="a")
    assert run.calls == 2


def test_rerun_runs_once_per_run_id(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    run = Counter()
    store.get_or_run(KEY, "fp", run, run_id="a")
    _, fresh = store.get_or_run(KEY, "fp", run, run_id="b", rerun=True)
    assert fresh and run.calls == 2
    _, fresh = store.get_or_run(KEY, "fp", run, run_id="b", rerun=True)
    assert not fresh and run.calls == 2


def test_get_or_run_after_corruption_runs_again(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    run = Counter()
    store.get_or_run(KEY, "fp", run, run_id="a")
    (store.path(KEY) / "final.tar").unlink()
    with pytest.warns(StoreWarning):
        _, fresh = store.get_or_run(KEY, "fp", run, run_id="a")
    assert fresh and run.calls == 2
    assert store.load(KEY, "fp") is not None


def test_two_threads_run_the_key_exactly_once(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    run = Counter(delay=0.3)
    results: list[bool] = []
    barrier = threading.Barrier(2)

    def worker() -> None:
        barrier.wait()
        results.append(store.get_or_run(KEY, "fp", run, run_id="a")[1])

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=20)
    assert run.calls == 1
    assert sorted(results) == [False, True]


def _process_worker(root: str, counter: str, start: float) -> None:
    time.sleep(max(0.0, start - time.time()))

    def run() -> Recording:
        with open(counter, "a", encoding="utf-8") as fh:
            fh.write("run\n")
        time.sleep(0.3)
        return _recording()

    Store(Path(root), "cfg").get_or_run(KEY, "fp", run, run_id="a")


def test_two_processes_run_the_key_exactly_once(tmp_path: Path) -> None:
    counter = tmp_path / "calls.txt"
    counter.touch()
    ctx = multiprocessing.get_context("fork")
    start = time.time() + 0.3
    procs = [ctx.Process(target=_process_worker, args=(str(tmp_path), str(counter), start)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=20)
    assert [p.exitcode for p in procs] == [0, 0]
    assert counter.read_text().splitlines() == ["run"]


def test_safe_segment() -> None:
    spec = "openai/gpt-5.5@http://h:8000/v1"
    seg = safe_segment(spec)
    assert "/" not in seg and seg not in ("", ".", "..")
    assert seg == safe_segment(spec)
    assert safe_segment("gold") == "gold"
    assert safe_segment("openai/gpt-5.5@http://h:8001/v1") != seg
    assert safe_segment("openai/gpt-5.5") != safe_segment("openai_gpt-5.5")
    assert safe_segment("a/b") != safe_segment("a:b")
    assert len(safe_segment("x/" * 200)) < 100


def test_store_path_is_one_segment_per_model(tmp_path: Path) -> None:
    store = Store(tmp_path, "cfg")
    path = store.path(KEY)
    assert path.relative_to(tmp_path / "cfg").parts == (safe_segment(KEY.model), "mini", "r1")


@pytest.mark.parametrize("name", [".", ".."])
def test_safe_segment_never_returns_a_dot_segment(name: str) -> None:
    assert safe_segment(name) not in (".", "..", "")
