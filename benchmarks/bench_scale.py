"""Scale-out: 64 trajectories x 8 model calls against a loopback model that answers each call after 1 s (the real
OpenAI client, the local sandbox), played serially, by 16 xdist workers, and by 4 workers with 4 trajectories at
once each (`--harness-concurrency=4`). Prints wall time, the speed-up over serial and the largest resident memory
of any worker process (sampled from /proc every 0.2 s).

    python benchmarks/bench_scale.py [--rounds 64] [--latency 1.0] [--skip-serial SECONDS]

`--skip-serial` uses a serial time measured before instead of the 9 minutes the serial run takes.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from _common import ENV, ROOT

sys.path.insert(0, str(ROOT))

from tests.support.loopback import LoopbackServer, tool_loop

MINIPANEL = ROOT / "tests" / "data" / "minipanel"
CALLS_PER_TURN = 3  # the mini task has 2 user turns: (3 tool calls + 1 reply) x 2 = 8 model calls


def _children(pid: int) -> set[int]:
    """Every descendant of `pid` (from /proc)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _is_python(pid: int) -> bool:
    try:
        return "python" in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
    except OSError:
        return False


def run(project: Path, url: str, rounds: int, *args: str) -> tuple[float, float, float]:
    """Wall seconds, the largest RSS of any xdist worker (or of the single process) in MB, and of the controller."""
    store = Path(tempfile.mkdtemp(prefix="bench-scale-store-"))
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", f"--harness-model=openai/bench@{url}",
               f"--harness-rounds={rounds}", f"--harness-store={store}", *args]  # fmt: skip
    peak: dict[int, float] = {}
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=project, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            for pid in {proc.pid, *_children(proc.pid)}:
                if _is_python(pid):
                    peak[pid] = max(peak.get(pid, 0.0), _rss_mb(pid))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, _ = proc.communicate()
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    shutil.rmtree(store, ignore_errors=True)
    if proc.returncode not in (0, 1):  # 1: rules failed (the loopback model does not follow them): verdicts, not errors
        raise SystemExit(f"{' '.join(args) or 'serial'} failed ({proc.returncode}):\n{out[-3000:]}")
    controller = peak.pop(proc.pid, 0.0)
    return elapsed, max(peak.values(), default=controller), controller


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=64, help="trajectories (rounds of the one mini task)")
    parser.add_argument("--latency", type=float, default=1.0, help="seconds the loopback model takes per call")
    parser.add_argument("--skip-serial", type=float, metavar="SECONDS", help="a serial time measured before")
    args = parser.parse_args()
    project = Path(tempfile.mkdtemp(prefix="bench-scale-")) / "minipanel"
    shutil.copytree(MINIPANEL, project)
    modes = {"-n 16": ("-n", "16"), "-n 4, 4 at once per worker": ("-n", "4", "--harness-concurrency=4")}
    if args.skip_serial is None:
        modes = {"serial": (), **modes}
    results: dict[str, tuple[float, float, float]] = {}
    with LoopbackServer("openai", latency=args.latency, respond=tool_loop("openai", CALLS_PER_TURN)) as server:
        for name, flags in modes.items():
            results[name] = run(project, server.base_url, args.rounds, *flags)
            print(f"  {name:28} {results[name][0]:7.1f} s", flush=True)
        calls = len(server.requests)
    serial = results["serial"][0] if "serial" in results else args.skip_serial
    assert serial is not None
    ideal = args.rounds * 8 * args.latency
    print(f"\n{args.rounds} trajectories x 8 calls at {args.latency:g} s per call ({calls} calls served; "
          f"{ideal:.0f} s of model time)")
    print(f"{'mode':30}{'wall s':>8}{'speed-up':>10}{'worker RSS MB':>15}{'controller MB':>15}")
    if "serial" not in results:
        print(f"{'serial (given)':30}{serial:8.1f}{1.0:9.2f}x")
    for name, (seconds, worker, controller) in results.items():
        print(f"{name:30}{seconds:8.1f}{serial / seconds:9.2f}x{worker:15.0f}{controller:15.0f}")


if __name__ == "__main__":
    main()
