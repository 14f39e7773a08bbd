"""A counting semaphore shared by every thread and process that sees one folder: `n` slot files, each held with an
exclusive file lock while in use. Used for sandboxes per container engine and model calls in flight per provider;
put the folder on storage every host sees and the limit holds across hosts."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

POLL = 0.02  # seconds between rounds over the slots while all are taken


class Slots:
    """At most `n` holders at once among everyone using `folder`."""

    def __init__(self, folder: Path, n: int) -> None:
        if n < 1:
            raise ValueError(f"slots: need at least one, got {n}")
        self.folder, self.n = folder, n
        self._turn = threading.Lock()  # threads of one process ask one at a time (fair, no busy herd)

    def acquire(self) -> FileLock:
        """Wait for a free slot and hold it; give the returned lock to `release`."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with self._turn:
            while True:
                for i in range(self.n):
                    lock = FileLock(self.folder / f"slot-{i}.lock", thread_local=False)
                    try:
                        lock.acquire(timeout=0)
                    except Timeout:
                        continue
                    return lock
                time.sleep(POLL)

    @staticmethod
    def release(lock: FileLock) -> None:
        lock.release()

    @contextmanager
    def held(self) -> Iterator[None]:
        lock = self.acquire()
        try:
            yield
        finally:
            self.release(lock)
