"""`--harness-concurrency=N`: a process plays N latency-bound trajectories at once, alone or under xdist (the
scheduler hands a worker the same units its harness plays together); verdicts are those of a serial run. Model
requests of a host share `--harness-provider-concurrency` / `--harness-provider-rpm`, and a provider's 429s are
counted in the records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..support.loopback import LoopbackServer, rate_limited
from ..taskflow.flowbot import flow_bot, rows, run_dir

LATENCY = 0.25  # seconds per model call


def in_flight(server: LoopbackServer, latency: float = LATENCY) -> int:
    """The most requests the server was answering at once (each takes `latency`)."""
    times = sorted(r.at for r in server.requests)
    return max(sum(1 for t in times if start <= t < start + latency) for start in times)


def verdicts(root: Path) -> list[tuple[str, str, str, object]]:
    return sorted((r["task"], r["measurement"], r["status"], r["tests_passed"]) for r in rows(root))


def play(pytester: pytest.Pytester, dataset: Path, server: LoopbackServer, *args: str) -> pytest.RunResult:
    return pytester.runpytest(f"--harness-taskflow={dataset}", f"--harness-model=openai/bot@{server.base_url}",
                              "--harness-max-retries=2", "--harness-retry-max-wait=0.05", "-p", "no:cacheprovider",
                              *args)  # fmt: skip


def test_a_process_plays_several_trajectories_at_once(pytester: pytest.Pytester, swe_dataset: Path) -> None:
    with LoopbackServer("openai", latency=LATENCY, respond=flow_bot(swe_dataset, "split")) as server:
        serial = play(pytester, swe_dataset, server, "--harness-store=serial")
        serial.assert_outcomes(passed=20)
        alone, first = in_flight(server), verdicts(pytester.path)
        server.requests.clear()
        together = play(pytester, swe_dataset, server, "--harness-store=together", "--harness-concurrency=4")
        together.assert_outcomes(passed=20)
    assert alone == 1 and in_flight(server) == 4  # the four sessions' requests overlap
    assert verdicts(pytester.path) == first


@pytest.mark.slow
def test_units_under_xdist_give_the_same_verdicts(pytester: pytest.Pytester, swe_dataset: Path) -> None:
    with LoopbackServer("openai", latency=LATENCY, respond=flow_bot(swe_dataset, "split")) as server:
        play(pytester, swe_dataset, server, "--harness-store=serial").assert_outcomes(passed=20)
        first = verdicts(pytester.path)
        server.requests.clear()
        result = play(pytester, swe_dataset, server, "--harness-store=units", "--harness-concurrency=2", "-n", "2")
        result.assert_outcomes(passed=20)
    assert verdicts(pytester.path) == first and in_flight(server) == 4  # 2 workers x 2 trajectories


def test_the_host_limit_caps_requests_in_flight_and_429s_are_counted(pytester: pytest.Pytester,
                                                                      swe_dataset: Path) -> None:  # fmt: skip
    with LoopbackServer("openai", latency=LATENCY, respond=flow_bot(swe_dataset, "split")) as server:
        server.push(rate_limited("0"), rate_limited("0"))  # the first two requests are refused, then retried
        result = play(pytester, swe_dataset, server, "--harness-concurrency=4", "--harness-provider-concurrency=1")
        result.assert_outcomes(passed=20)
    assert in_flight(server) == 1
    summary = json.loads((run_dir(pytester.path) / "summary.json").read_text())
    assert summary["rate_limited"]["responses"] == 2
    result.stdout.fnmatch_lines(["rate limited: 2 model request(s) answered 429 in * trajectory(ies), retried"])
