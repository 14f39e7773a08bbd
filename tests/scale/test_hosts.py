"""Past one machine, on loopback: an execnet socket server as a second xdist host, and a second docker engine
listening on a loopback TCP port as a remote container engine. A campaign split across them gives the verdicts one
process gives."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_harnessif.cli import main

TASKS = "hookline-rate-limits or customer-csv-cleaning"
MODELS = ("--harness-model=gold", "--harness-model=defaults")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.2)
    pytest.fail(f"{what} did not come up in {seconds:.0f} s")


@pytest.fixture
def socket_host(tmp_path: Path) -> Iterator[str]:
    """`python -m execnet.script.socketserver` on a loopback port: a second host with the project installed."""
    port = free_port()
    log = (tmp_path / "socketserver.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "execnet.script.socketserver", f"127.0.0.1:{port}"],
                            cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT)  # fmt: skip

    def listening() -> bool:
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    try:
        wait_for(listening, 20, "the execnet socket server")
        yield f"socket=127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait()
        log.close()


@pytest.fixture(scope="module")
def second_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second dockerd with its own data and state, listening on a loopback TCP port: a remote engine."""
    if shutil.which("dockerd") is None or os.geteuid() != 0:
        pytest.skip("a second docker engine needs dockerd and root (`.ci/run` installs docker.io)")
    root, port = tmp_path_factory.mktemp("engine2"), free_port()
    url = f"tcp://127.0.0.1:{port}"
    log = (root / "dockerd.log").open("w")
    proc = subprocess.Popen(["dockerd", "--host", url, "--data-root", str(root / "data"), "--exec-root",
                             str(root / "exec"), "--pidfile", str(root / "docker.pid"), "--bridge=none",
                             "--iptables=false"], stdout=log, stderr=subprocess.STDOUT)  # fmt: skip
    import docker

    def answers() -> bool:
        try:
            return bool(docker.DockerClient(base_url=url, timeout=2).ping())
        except Exception:  # not up yet
            return False

    try:
        wait_for(answers, 60, f"a second docker engine on {url} (see {root / 'dockerd.log'})")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def verdicts(root: Path, run: Path | None = None) -> list[tuple[str, str, str, str]]:
    folder = run or max((root / "reports").iterdir(), key=lambda p: p.stat().st_mtime)
    rows = [json.loads(line) for line in (folder / "verdicts.jsonl").read_text().splitlines()]
    return sorted((r["model"], r["task"], r["rule"], r["status"]) for r in rows)


def test_a_campaign_across_a_socket_host_gives_one_process_verdicts(pytester: pytest.Pytester,
                                                                    socket_host: str) -> None:  # fmt: skip
    one = pytester.runpytest_subprocess(*MODELS, "-k", TASKS, "--harness-store=one", "-p", "no:cacheprovider")
    assert one.ret == 1 and "error" not in {v[3] for v in verdicts(pytester.path)}, one.stdout.str()[-3000:]
    alone = verdicts(pytester.path)
    spread = pytester.runpytest_subprocess(
        *MODELS, "-k", TASKS, "--harness-store=shared", "--dist=load", "--tx", f"{socket_host}//chdir={pytester.path}",
        "--tx", "popen", "-v", "-p", "no:cacheprovider",
    )  # fmt: skip
    assert spread.ret == 1, spread.stdout.str()[-3000:]  # `defaults` fails rules on purpose
    assert verdicts(pytester.path) == alone
    ran = {line.split("]")[0] for line in spread.stdout.lines if line.startswith("[gw") and "PASSED" in line}
    assert ran == {"[gw0", "[gw1"}  # both hosts ran items
    trajectories = list((pytester.path / "shared").rglob("trajectory.json"))
    assert len(trajectories) == 4  # one store every host sees: each trajectory played once


def test_sandboxes_on_a_remote_engine_with_slots(pytester: pytest.Pytester, second_engine: str) -> None:
    import docker

    client = docker.DockerClient(base_url=second_engine, timeout=30)
    peak: list[int] = [0]
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            running = client.api.containers(filters={"label": "harnessif=1"})  # no inspect: no race with removal
            peak[0] = max(peak[0], len(running))
            time.sleep(0.1)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        remote = pytester.runpytest_subprocess(
            *MODELS, "-k", TASKS, "--harness-sandbox=docker", f"--harness-docker-host={second_engine}",
            "--harness-sandbox-slots=2", "--harness-concurrency=2", "-n", "2", "--harness-store=remote",
            "-p", "no:cacheprovider",
        )  # fmt: skip
    finally:
        stop.set()
        watcher.join()
    assert remote.ret == 1, remote.stdout.str()[-3000:]  # `defaults` fails rules on purpose
    assert 1 <= peak[0] <= 2  # the containers ran on that engine, never more than the slots at once
    assert any(t.startswith("harnessif/offline:") for image in client.images.list() for t in image.tags)
    remote_verdicts = verdicts(pytester.path)
    local = pytester.runpytest_subprocess(*MODELS, "-k", TASKS, "--harness-store=local", "-p", "no:cacheprovider")
    assert local.ret == 1 and verdicts(pytester.path) == remote_verdicts
    assert "error" not in {v[3] for v in remote_verdicts}

    leftover = client.containers.create(next(t for i in client.images.list() for t in i.tags), "sleep 60",
                                        labels={"harnessif": "1", "harnessif.run": "crashed-run"})  # fmt: skip
    from pytest_harnessif.sandbox import engine as engines

    os.environ["DOCKER_HOST"] = second_engine  # `harnessif sandbox prune` reads the engine as the docker CLI does
    try:
        engines._clients.clear()
        assert main(["sandbox", "prune", "--run", "crashed-run"]) == 0
    finally:
        del os.environ["DOCKER_HOST"]
        engines._clients.clear()
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(leftover.id)


def test_an_engine_that_does_not_answer_is_one_line(pytester: pytest.Pytester) -> None:
    dead = f"--harness-docker-host=tcp://127.0.0.1:{free_port()}"
    result = pytester.runpytest("--harness-model=gold", "--harness-sandbox=docker", dead, "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--harness-docker-host=tcp://127.0.0.1:*: the docker sandbox is not available: *"])
    local = pytester.runpytest("--harness-model=gold", "--harness-sandbox-slots=2", "-p", "no:cacheprovider")
    assert local.ret == pytest.ExitCode.USAGE_ERROR
    local.stderr.fnmatch_lines(["*--harness-sandbox-slots are for containers: add --harness-sandbox=docker*"])
