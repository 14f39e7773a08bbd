"""sandbox/base + sandbox/local specifics: process groups on the host, pipes, from_directory, tar helpers.

What every backend must do (exec, stdin, caps, env, files, snapshots) is in tests/sandbox/test_conformance.py.
"""

from __future__ import annotations

import gc
import os
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_harnessif.sandbox import ExecResult, LocalSandbox, Sandbox, SandboxError
from pytest_harnessif.sandbox.base import safe_relpath, tar_from_files, tar_members
from pytest_harnessif.sandbox.local import from_directory


@pytest.fixture
def box() -> Iterator[LocalSandbox]:
    sandbox = LocalSandbox()
    yield sandbox
    sandbox.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a killed child whose reaper is slow shows up as a zombie: that is dead
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _dies(pid: int, within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_local_sandbox_satisfies_the_protocol(box: LocalSandbox) -> None:
    assert isinstance(box, Sandbox)
    assert box.backend == "local"


def test_exec_output_property_joins_streams() -> None:
    assert ExecResult(0, "a", "").output == "a"
    assert ExecResult(0, "", "b").output == "b"
    assert ExecResult(0, "a", "b").output == "a\nb"


def test_timeout_kills_the_whole_process_group(box: LocalSandbox) -> None:
    res = box.exec("sleep 30 & echo $! > bg.pid; sleep 30", timeout=0.5)
    assert res.timed_out
    assert res.exit_code == 124
    assert res.duration < 10
    pid = int(box.read("bg.pid"))
    assert _dies(pid), f"background child {pid} survived the timeout"


def test_detached_straggler_is_killed_after_the_command_ends(box: LocalSandbox) -> None:
    res = box.exec("sleep 30 >/dev/null 2>&1 & echo $! > bg.pid; echo started", timeout=10)
    assert res.exit_code == 0
    assert not res.timed_out
    assert res.stdout == "started\n"
    assert _dies(int(box.read("bg.pid")))


def test_safe_relpath_normalises() -> None:
    assert safe_relpath(".") == ""
    assert safe_relpath("./a//b") == "a/b"


def test_tar_from_files_round_trip() -> None:
    files = {"a.txt": b"a", "d/b.bin": b"\x00\xff"}
    assert tar_members(tar_from_files(files)) == files


def test_close_removes_the_workspace() -> None:
    sandbox = LocalSandbox()
    root = sandbox.workspace.parent
    sandbox.write("a.txt", b"x")
    sandbox.close()
    assert not root.exists()


def test_from_directory_git_inits_with_overlay(tmp_path: Path) -> None:
    src = tmp_path / "repo"
    (src / "pkg" / "__pycache__").mkdir(parents=True)
    (src / "pkg" / "a.py").write_text("x = 1\n")
    (src / "pkg" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"junk")
    with from_directory(src, overlay={"AGENTS.md": b"# rules\n", "pkg/a.py": b"x = 2\n"}) as sandbox:
        log = sandbox.exec("git log --format=%s").stdout.splitlines()
        assert log == ["Initial import"]
        assert sandbox.exec("git status --porcelain").stdout == ""
        assert sandbox.exec("git branch --show-current").stdout.strip() == "main"
        assert sandbox.read("AGENTS.md") == b"# rules\n"
        assert sandbox.read("pkg/a.py") == b"x = 2\n"
        assert sandbox.list() == ["AGENTS.md", "pkg/a.py"]
        tracked = sandbox.exec("git ls-files").stdout.split()
        assert tracked == ["AGENTS.md", "pkg/a.py"]
    assert (src / "pkg" / "a.py").read_text() == "x = 1\n"  # the source is untouched


def test_from_directory_missing_source(tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="does not exist"):
        from_directory(tmp_path / "nope")


def test_exec_closes_its_pipes(box: LocalSandbox) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        box.exec("echo hi")
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]
