"""Model-call limits per provider endpoint, shared by every process and thread of a host (all xdist workers, the
judge, the in-worker trajectory threads): at most `concurrency` requests in flight (`slots.Slots`) and at most `rpm`
requests started in any minute (a log of start times under a file lock). Each attempt of a call, retries included,
goes through the limit, so a provider's 429s are not made worse by every worker retrying at once."""

from __future__ import annotations

import functools
import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock

from ..digest import digest
from ..slots import Slots

ROOT = Path(tempfile.gettempdir()) / f"harnessif-limits-{os.getuid()}"
WINDOW = 60.0  # seconds the request-rate limit counts over


class HostLimit:
    """The limit of one endpoint on this host (`root` holds its slot files and start log)."""

    def __init__(self, endpoint: str, concurrency: int | None, rpm: float | None, root: Path = ROOT,
                 window: float = WINDOW) -> None:  # fmt: skip
        self.folder = root / digest(endpoint, size=12)
        self.slots = Slots(self.folder / "in-flight", concurrency) if concurrency else None
        self.rpm, self.window = rpm, window

    @contextmanager
    def __call__(self) -> Iterator[None]:
        """Hold one request's place: a free slot, then a start within the rate."""
        lock = self.slots.acquire() if self.slots is not None else None
        try:
            if self.rpm:
                self._admit()
            yield
        finally:
            if lock is not None:
                Slots.release(lock)

    def _admit(self) -> None:
        log = self.folder / "starts.json"
        self.folder.mkdir(parents=True, exist_ok=True)
        assert self.rpm is not None
        allowed = max(1, int(self.rpm * self.window / 60.0))
        while True:
            with FileLock(self.folder / "starts.lock", thread_local=False):
                now = time.time()
                try:
                    starts = [t for t in json.loads(log.read_text()) if now - t < self.window]
                except (OSError, ValueError, TypeError):
                    starts = []  # none yet, or a damaged log: start counting afresh
                if len(starts) < allowed:
                    log.write_text(json.dumps([*starts, now]))
                    return
                wait = min(starts) + self.window - now
            time.sleep(min(max(wait, 0.01), 1.0))


@functools.cache
def host_limit(endpoint: str, concurrency: int | None, rpm: float | None) -> HostLimit | None:
    """This process's limit object for an endpoint (None when neither limit is set)."""
    return HostLimit(endpoint, concurrency, rpm) if concurrency or rpm else None
