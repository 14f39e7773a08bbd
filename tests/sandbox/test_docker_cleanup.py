"""Docker sandboxes leave nothing behind: close, exceptions, SIGINT, SIGTERM, SIGKILL, xdist, prune; labels."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import docker
import pytest

from pytest_harnessif.commands import sandbox as sandbox_command
from pytest_harnessif.sandbox import SandboxError
from pytest_harnessif.sandbox.docker import DockerSandbox
from pytest_harnessif.sandbox.engine import engine, prune
from pytest_harnessif.sandbox.select import SandboxChoice, choose

from .conftest import LABELS, run_command

ROOT = Path(__file__).resolve().parents[2]


def _containers(run: str) -> list[str]:
    return [c["Id"] for c in engine().api.containers(all=True, filters={"label": f"harnessif.run={run}"})]


def _wait_for(predicate: object, within: float) -> float | None:
    """Seconds until `predicate()` held, or None if it never did within `within` seconds."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        if predicate():  # type: ignore[operator]
            return time.monotonic() - start
        time.sleep(0.05)
    return None


def test_close_removes_the_container_and_is_idempotent(docker_choice: SandboxChoice) -> None:
    box = docker_choice.empty(LABELS)
    assert isinstance(box, DockerSandbox)
    cid = box.id
    labels = engine().api.inspect_container(cid)["Config"]["Labels"]
    assert labels["harnessif"] == "1"
    assert labels["harnessif.run"] == LABELS["harnessif.run"]
    assert labels["harnessif.key"] == LABELS["harnessif.key"]
    assert labels["harnessif.image"] == docker_choice.info["image"]
    box.close()
    box.close()
    with pytest.raises(docker.errors.NotFound):
        engine().api.inspect_container(cid)
    with pytest.raises(SandboxError, match="closed"):
        box.exec("true")


def test_an_exception_in_a_with_block_removes_the_container(docker_choice: SandboxChoice) -> None:
    cid = ""
    with pytest.raises(RuntimeError), docker_choice.empty(LABELS) as box:  # type: ignore[attr-defined]
        cid = box.id
        raise RuntimeError("the test failed")
    with pytest.raises(docker.errors.NotFound):
        engine().api.inspect_container(cid)


_CHILD = """
import sys, time
from pytest_harnessif.sandbox.select import choose
box = choose("docker").empty({{"harnessif.run": "{run}"}})
print(box.id, flush=True)
{body}
"""


@pytest.mark.parametrize(
    ("how", "body"),
    [
        ("SIGINT", 'box.exec("sleep 60", timeout=120)'),
        ("SIGTERM", 'box.exec("sleep 60", timeout=120)'),
        ("SIGTERM", "time.sleep(60)"),
        ("SIGKILL", "time.sleep(60)"),
        ("exit", "sys.exit(3)"),
        ("exception", "raise RuntimeError('crash')"),
    ],
)
def test_the_container_goes_however_its_owner_ends(docker_choice: SandboxChoice, how: str, body: str) -> None:
    run = f"child-{uuid.uuid4().hex[:12]}"
    with subprocess.Popen(
        [sys.executable, "-c", _CHILD.format(run=run, body=body)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    ) as child:
        try:
            assert child.stdout is not None
            cid = child.stdout.readline().strip()
            assert cid, child.stderr.read() if child.stderr else ""
            assert _containers(run) == [cid]
            if how.startswith("SIG"):
                time.sleep(0.3)  # inside the exec (or the sleep)
                child.send_signal(getattr(signal, how))
            child.wait(timeout=60)
        finally:
            child.kill()
    # an orderly exit removes it before the process ends; after SIGKILL the engine does (auto_remove)
    within = 10.0 if how == "SIGKILL" else 0.5
    assert _wait_for(lambda: not _containers(run), within) is not None, f"container of {run} left after {how}"


def test_prune_removes_leftovers_of_one_run(docker_choice: SandboxChoice, capsys: pytest.CaptureFixture[str]) -> None:
    run, other = f"crashed-{uuid.uuid4().hex[:12]}", f"live-{uuid.uuid4().hex[:12]}"
    api = engine().api
    for r in (run, run, other):  # created, never started: what a crash between create and start leaves
        api.create_container(docker_choice.info["image_id"], command=["true"], labels={"harnessif": "1",
                                                                                        "harnessif.run": r})
    assert len(_containers(run)) == 2
    assert run_command(sandbox_command, ["sandbox", "prune", "--run", run]) == 0
    assert capsys.readouterr().out.strip() == f"removed 2 containers of run {run}"
    assert _containers(run) == []
    assert len(_containers(other)) == 1
    assert prune(engine(), other) == 1
    assert prune(engine(), other) == 0


def _trajectory(repo: str) -> tuple[str, list[int]]:
    """One trajectory's worth of work in a fresh process (for the several-processes test)."""
    choice = choose("docker")
    box = choice.from_repo(Path(repo), {"AGENTS.md": b"# hi\n"}, dict(LABELS))
    try:
        codes = [box.exec(f"echo {i} > f{i}.txt && git add -A && git commit -qm 'c{i}'").exit_code for i in range(5)]
        return box.exec("git log --format=%s | wc -l").stdout.strip(), codes
    finally:
        box.close()


@pytest.mark.slow
def test_several_processes_at_once(docker_choice: SandboxChoice, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a\n")
    with ProcessPoolExecutor(max_workers=3, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(_trajectory, [str(tmp_path)] * 3))
    assert results == [("6", [0] * 5)] * 3


_XDIST_TESTS = """
import os
import pytest
from pytest_harnessif.sandbox.select import choose

CHOICE = choose("docker")


@pytest.mark.parametrize("i", range(8))
def test_long(i, tmp_path):
    (tmp_path / "a.txt").write_text("x")
    box = CHOICE.from_repo(tmp_path, {}, {"harnessif.run": os.environ["HARNESSIF_TEST_RUN"]})
    try:
        box.exec("sleep 60", timeout=120)
    finally:
        box.close()
"""


@pytest.mark.slow
def test_sigint_in_the_middle_of_an_xdist_run_leaves_no_container(
    docker_choice: SandboxChoice, tmp_path: Path
) -> None:
    run = f"xdist-{uuid.uuid4().hex[:12]}"
    (tmp_path / "test_long.py").write_text(textwrap.dedent(_XDIST_TESTS))
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "-q", str(tmp_path)],
        cwd=tmp_path, env={**os.environ, "HARNESSIF_TEST_RUN": run}, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert _wait_for(lambda: len(_containers(run)) == 2, 60) is not None, "the workers never started"
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal signals the whole process group
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    alive_at_exit = len(_containers(run))
    # a worker that xdist SIGKILLs mid-cleanup leaves its container to the engine (auto_remove), within a second
    settled = _wait_for(lambda: not _containers(run), 5)
    assert settled is not None, f"{len(_containers(run))} container(s) alive 5 s after pytest exited:\n{out[-2000:]}"
    print(f"containers alive when pytest exited: {alive_at_exit}; none {settled:.2f} s later")
