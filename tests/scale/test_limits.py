"""Limits shared by every thread and process of a host: slots (sandboxes per engine, requests in flight per
provider) and a request rate per provider; checked by timing what many holders actually did."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pytest_harnessif.agents.ratelimit import HostLimit
from pytest_harnessif.slots import Slots

HOLDER = """
import sys, threading, time
from pathlib import Path
from pytest_harnessif.slots import Slots
slots, out = Slots(Path(sys.argv[1]), int(sys.argv[2])), Path(sys.argv[3])
def hold(k):
    with slots.held():
        began = time.time(); time.sleep(0.3)
        with open(out, "a") as f:
            f.write(f"{began} {time.time()}\\n")
threads = [threading.Thread(target=hold, args=(k,)) for k in range(3)]
[t.start() for t in threads]; [t.join() for t in threads]
"""


def most_at_once(spans: list[tuple[float, float]]) -> int:
    events = sorted([(a, 1) for a, _ in spans] + [(b, -1) for _, b in spans])
    now = peak = 0
    for _, step in events:
        now += step
        peak = max(peak, now)
    return peak


def test_slots_hold_across_threads_and_processes(tmp_path: Path) -> None:
    log = tmp_path / "spans.txt"
    procs = [subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path / "slots"), "2", str(log)])
             for _ in range(3)]  # fmt: skip
    assert all(p.wait(timeout=60) == 0 for p in procs)
    spans = [tuple(map(float, line.split())) for line in log.read_text().splitlines()]
    assert len(spans) == 9 and most_at_once(spans) == 2  # 9 holders of 0.3 s, two at a time


def test_a_slot_comes_back_when_its_holder_releases_it(tmp_path: Path) -> None:
    slots = Slots(tmp_path, 1)
    lock = slots.acquire()
    got: list[float] = []
    waiter = threading.Thread(target=lambda: (slots.acquire(), got.append(time.monotonic())))
    started = time.monotonic()
    waiter.start()
    time.sleep(0.2)
    assert not got
    Slots.release(lock)
    waiter.join(timeout=5)
    assert got and got[0] - started >= 0.2
    with pytest.raises(ValueError, match="at least one"):
        Slots(tmp_path, 0)


def test_requests_in_flight_and_per_minute_are_limited_per_endpoint(tmp_path: Path) -> None:
    spans: list[tuple[float, float]] = []
    limit = HostLimit("http://127.0.0.1:1/v1", concurrency=2, rpm=None, root=tmp_path)

    def call() -> None:
        with limit():
            began = time.time()
            time.sleep(0.1)
            spans.append((began, time.time()))

    threads = [threading.Thread(target=call) for _ in range(6)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert most_at_once(spans) == 2

    starts: list[float] = []
    rate = HostLimit("http://127.0.0.1:2/v1", concurrency=None, rpm=180, root=tmp_path, window=1.0)  # 3 a second
    for _ in range(7):
        with rate():
            starts.append(time.monotonic())
    assert starts[2] - starts[0] < 0.5 and starts[3] - starts[0] >= 0.95 and starts[6] - starts[0] >= 1.95
    other = HostLimit("http://127.0.0.1:3/v1", concurrency=None, rpm=180, root=tmp_path, window=1.0)
    began = time.monotonic()
    with other():
        assert time.monotonic() - began < 0.5  # another endpoint has its own budget
