"""The on-disk trajectory store: one directory per key under a config hash, atomic writes, file locks."""

from __future__ import annotations

import io
import tarfile
import warnings
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock
from pydantic import ValidationError

from .files import atomic_dir, safe_segment
from .schema import RunKey
from .trajectory import Recording, Trajectory

RECORD = "trajectory.json"
FIGURE_CACHE, FIGURES_DONE = ".figures", "complete"  # <store>/<config>/.figures/<digest>/: the report's figure cache


class StoreWarning(UserWarning):
    """A store entry could not be used (corrupt or stale) and is being re-run."""


class Store:
    """`<root>/<config-hash>/<model>/<task>/r<round>/` holding trajectory.json and the snapshot tars."""

    def __init__(self, root: Path, config_hash: str) -> None:
        self.base = root / config_hash

    def path(self, key: RunKey) -> Path:
        run = f"r{key.round}" + (f"-{key.variant}" if key.variant else "")
        return self.base / safe_segment(key.model) / key.task / run

    def load(self, key: RunKey, fingerprint: str) -> Recording | None:
        """The stored recording if complete and current; a corrupt or stale entry warns and returns None."""
        where = self.path(key)
        record = where / RECORD
        if not record.exists():
            return None
        try:
            traj = Trajectory.model_validate_json(record.read_bytes())
            names = {traj.initial_snapshot, traj.final_snapshot, *(t.snapshot for t in traj.turns)} - {""}
            # an imported log (`--harness-audit`) has no snapshot
            if traj.status == "ok":
                missing = sorted(n for n in names if not (where / n).is_file())
                if missing:
                    raise ValueError(f"snapshot files missing: {missing}")
        except (ValidationError, ValueError, OSError) as exc:
            warnings.warn(StoreWarning(f"{record}: corrupt store entry, re-running {key.id}: {exc}"), stacklevel=2)
            return None
        if traj.fingerprint != fingerprint:
            return None
        snaps: dict[str, bytes] = {}
        for name in sorted(names):
            path = where / name
            if not path.is_file():
                continue
            try:
                snaps[name] = path.read_bytes()
                _check_tar(snaps[name])
            except (OSError, tarfile.TarError, EOFError) as exc:
                warnings.warn(StoreWarning(f"{path}: unreadable snapshot, re-running {key.id}: {exc}"), stacklevel=2)
                return None
        return Recording(traj, snaps)

    def save(self, rec: Recording) -> None:
        """Write atomically: a temp directory renamed into place, so an interrupted write leaves nothing."""
        with atomic_dir(self.path(rec.trajectory.key)) as tmp:
            for name, data in rec.snapshots.items():
                (tmp / name).write_bytes(data)
            (tmp / RECORD).write_text(rec.trajectory.model_dump_json(indent=1), encoding="utf-8")

    def get_or_run(
        self, key: RunKey, fingerprint: str, run: Callable[[], Recording], run_id: str, rerun: bool = False
    ) -> tuple[Recording, bool]:
        """The recording for `key`, run at most once across processes (once per `run_id` when `rerun`).

        Returns (recording, was_run_now).
        """
        where = self.path(key)
        where.parent.mkdir(parents=True, exist_ok=True)
        with FileLock(str(where.with_name(f".{where.name}.lock"))):
            found = self.load(key, fingerprint)
            if found is not None and (not rerun or found.trajectory.extra.get("run_id") == run_id):
                return found, False
            rec = run()
            rec.trajectory.extra["run_id"] = run_id
            self.save(rec)
            return rec, True


def _check_tar(data: bytes) -> None:
    """Walk the member headers and check every file's body lies inside the data (no body is copied), so a
    truncated or corrupt tar fails here rather than in a check."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tar:  # snapshots are plain tars
        for member in tar:
            if member.isfile() and member.offset_data + member.size > len(data):
                raise tarfile.ReadError(f"{member.name}: truncated ({member.size} bytes announced)")
