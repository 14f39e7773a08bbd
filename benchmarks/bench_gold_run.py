"""Wall time of the whole gold run on the starter panel, serial vs `-n 2`, each into a fresh store."""

from __future__ import annotations

import tempfile

from _common import ROOT, timed_pytest


def main() -> None:
    times = {}
    for label, extra in (("serial (-p no:xdist)", ["-p", "no:xdist"]), ("-n 2", ["-n", "2"])):
        with tempfile.TemporaryDirectory() as store, tempfile.TemporaryDirectory() as reports:
            times[label] = timed_pytest(ROOT, "--harness-model=gold", f"--harness-store={store}",
                                        f"--harness-report-dir={reports}", "--harness-rerun", *extra)
    with tempfile.TemporaryDirectory() as store, tempfile.TemporaryDirectory() as reports:
        args = ["--harness-model=gold", f"--harness-store={store}", f"--harness-report-dir={reports}", "-q"]
        timed_pytest(ROOT, *args, repeat=1)
        times["re-use (records present, serial)"] = timed_pytest(ROOT, *args, "-p", "no:xdist")
    base = times["serial (-p no:xdist)"]
    for label, t in times.items():
        print(f"gold run, {label:34s} {t:6.2f} s  ratio {t / base:.2f}x vs serial")


if __name__ == "__main__":
    main()
