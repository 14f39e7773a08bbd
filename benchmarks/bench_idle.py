"""What the installed plugin costs a pytest process that does not use it: `pytest --collect-only` in an empty
directory with the plugin loaded (as it is in every pytest process of the environment, every xdist worker) against
the same command with `-p no:harnessif` (plain pytest, the floor); interleaved, median of 7."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time

from _common import ENV

REPEAT = 7


def once(cwd: str, *extra: str) -> float:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *extra],
                          cwd=cwd, capture_output=True, text=True, env=ENV)  # fmt: skip
    if proc.returncode not in (0, 5):
        raise SystemExit(proc.stdout[-2000:] + proc.stderr[-2000:])
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as empty:
        once(empty)  # warm: the bytecode caches are written
        plugin, plain = [], []
        for _ in range(REPEAT):
            plugin.append(once(empty))
            plain.append(once(empty, "-p", "no:harnessif"))
    p, f = statistics.median(plugin), statistics.median(plain)
    print(f"pytest --collect-only in an empty directory: plain pytest {f:.3f} s (floor), with the plugin {p:.3f} s, "
          f"ratio {p / f:.2f}x")


if __name__ == "__main__":
    main()
