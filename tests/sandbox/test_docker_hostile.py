"""Hostile agents under docker: each attack is contained, named in `killed_reason`, and leaves nothing running."""

from __future__ import annotations

import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_harnessif.sandbox import Sandbox
from pytest_harnessif.sandbox.docker import DockerSandbox
from pytest_harnessif.sandbox.engine import engine

MakeBox = Callable[..., Sandbox]


def _processes(box: Sandbox) -> list[str]:
    """Commands of every process in the container, as the host sees them (`docker top`)."""
    assert isinstance(box, DockerSandbox)
    top = engine().api.top(box.id)
    column = top["Titles"].index("CMD")
    return [row[column] for row in top["Processes"]]


def _only_init_and_helper(box: Sandbox) -> bool:
    """Nothing but docker-init and the root helper is left (killed processes may take a moment to be reaped)."""
    deadline = time.monotonic() + 5
    while len(procs := _processes(box)) > 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    return len(procs) == 2 and "docker-init" in procs[0]


def _host_disk_writes(box: Sandbox) -> int:
    """Bytes in the container's writable layer on the host's disk."""
    assert isinstance(box, DockerSandbox)
    (container,) = engine().api.containers(all=True, size=True, filters={"id": box.id})
    return int(container.get("SizeRw") or 0)


def test_fork_bomb_is_capped_by_the_pids_limit(docker_box: MakeBox) -> None:
    box = docker_box(pids=64)
    res = box.exec(":(){ :|:& };:; sleep 1", timeout=20)
    assert res.killed_reason == "pids"
    assert not res.timed_out
    assert _only_init_and_helper(box)
    assert box.exec("echo alive").stdout == "alive\n"


def test_fork_bomb_that_never_returns_is_killed_at_the_timeout(docker_box: MakeBox) -> None:
    box = docker_box(pids=64)
    res = box.exec("bomb() { bomb | bomb & }; bomb; while :; do :; done", timeout=2)
    assert (res.timed_out, res.exit_code, res.killed_reason) == (True, 124, "timeout")
    assert res.duration < 8
    assert _only_init_and_helper(box)
    assert box.exec("echo alive").stdout == "alive\n"


def test_infinite_loop_and_escaped_children_are_killed(docker_box: MakeBox) -> None:
    box = docker_box()
    res = box.exec("setsid sh -c 'while :; do :; done' & nohup sleep 600 >/dev/null 2>&1 & while :; do :; done",
                   timeout=1)
    assert (res.timed_out, res.exit_code, res.killed_reason) == (True, 124, "timeout")
    assert res.duration < 5
    assert _only_init_and_helper(box)
    detached = box.exec("setsid -f sleep 600; setsid -f sh -c 'while :; do :; done'; echo left")
    assert detached.stdout == "left\n" and detached.killed_reason is None
    assert _only_init_and_helper(box)


@pytest.mark.parametrize("cmd", ["head -c 1G /dev/zero", "yes", "cat /dev/urandom >&2"])
def test_a_flood_of_output_is_cut_and_killed(docker_box: MakeBox, cmd: str) -> None:
    box = docker_box(output_kill="16MiB")
    res = box.exec(cmd, timeout=60)
    assert res.killed_reason == "output"
    assert res.truncated and not res.timed_out
    assert res.exit_code == 137
    assert len(res.stdout.encode()) + len(res.stderr.encode(errors="replace")) <= 4 * box.output_cap  # type: ignore[attr-defined]
    assert res.duration < 20
    assert _only_init_and_helper(box)


def test_a_gigabyte_of_output_under_the_default_limits(docker_box: MakeBox) -> None:
    box = docker_box()
    res = box.exec("head -c 1G /dev/zero; echo done", timeout=60)
    assert (res.killed_reason, res.truncated, res.exit_code) == ("output", True, 137)
    assert len(res.stdout) == box.output_cap  # type: ignore[attr-defined]
    assert _only_init_and_helper(box)


@pytest.mark.parametrize("target", ["big.bin", "/tmp/big.bin", "$HOME/big.bin", "/dev/shm/big.bin"])
def test_writing_past_the_size_cap_fails_without_touching_the_host_disk(docker_box: MakeBox, target: str) -> None:
    box = docker_box(workspace="32MiB", scratch="16MiB")
    res = box.exec(f"head -c 200M /dev/zero > {target}", timeout=60)
    assert res.exit_code != 0
    assert "No space left on device" in res.stderr
    assert res.killed_reason == "disk"
    assert _host_disk_writes(box) == 0
    box.exec(f"rm {target}")
    again = box.exec("echo fine > ok.txt && cat ok.txt")
    assert (again.stdout, again.killed_reason) == ("fine\n", None)


def test_writing_outside_the_workspace_is_refused(docker_box: MakeBox) -> None:
    box = docker_box()
    marker = f"harnessif-escape-{uuid.uuid4().hex}"
    prefix = Path(sys.prefix)
    targets = ["/etc/passwd", f"/usr/bin/{marker}", f"/{marker}", f"/root/{marker}", f"{prefix}/{marker}",
               f"/sys/fs/cgroup/{marker}", "/proc/sys/kernel/hostname"]
    for target in targets:
        res = box.exec(f"echo pwned >> {target}")
        assert res.exit_code != 0, f"{target} was writable"
        assert any(e in res.stderr for e in ("Read-only file system", "Permission denied", "No such file")), res.stderr
    assert not Path(f"/usr/bin/{marker}").exists() and not (prefix / marker).exists()
    assert "pwned" not in Path("/etc/passwd").read_text()
    assert box.exec(f"echo inside > /tmp/{marker} && cat /tmp/{marker}").stdout == "inside\n"
    assert not Path(f"/tmp/{marker}").exists()  # the container's /tmp is its own
    assert _host_disk_writes(box) == 0


def test_no_privileges_to_gain(docker_box: MakeBox) -> None:
    box = docker_box()
    res = box.exec("id -u; grep CapEff /proc/self/status; cat /proc/self/status | grep NoNewPrivs")
    assert res.stdout.split("\n")[0] == "1000"
    assert "CapEff:\t0000000000000000" in res.stdout
    assert "NoNewPrivs:\t1" in res.stdout
    box.exec("kill -9 1; kill -9 -1")  # init and the root helper are out of reach
    assert box.exec("mount -t tmpfs none /mnt").exit_code != 0
    assert box.exec("echo alive").stdout == "alive\n"  # init and the helper survived
    assert _only_init_and_helper(box)


def test_no_network(docker_box: MakeBox) -> None:
    box = docker_box()
    connect = box.exec(
        "python -c \"import socket; socket.create_connection(('1.1.1.1', 80), timeout=5)\"", timeout=30
    )
    assert connect.exit_code != 0
    assert "unreachable" in connect.stderr.lower()
    assert connect.duration < 10
    assert box.exec("python -c \"import socket; socket.getaddrinfo('example.com', 80)\"").exit_code != 0
    assert box.exec("ls /sys/class/net").stdout.split() == ["lo"]


def test_memory_hog_is_oom_killed(docker_box: MakeBox) -> None:
    box = docker_box(memory="256MiB", workspace="64MiB", scratch="16MiB")
    res = box.exec("python -c \"x = b'x' * (1 << 30)\"", timeout=60)
    assert res.killed_reason == "memory"
    assert res.exit_code == 137
    assert box.exec("echo alive").stdout == "alive\n"
    assert _only_init_and_helper(box)
