"""What a task needs of the host for the local sandbox: programs on PATH at a minimum version, one clear line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from pytest_harnessif.sandbox.base import SandboxError
from pytest_harnessif.sandbox.host import check_host, host_version, unmet
from pytest_harnessif.schema import Task
from tests.support.factories import task_dict

PYTHON = Path(sys.executable).name


def test_the_running_interpreter_meets_its_own_version() -> None:
    version = host_version(PYTHON)
    assert version is not None and version.startswith(f"{sys.version_info.major}.{sys.version_info.minor}")
    assert unmet([PYTHON, f"{PYTHON}>=3.11"]) == []


def test_a_missing_program_and_a_too_old_version_are_named() -> None:
    assert unmet(["no-such-program-harnessif", f"{PYTHON}>=99.1"]) == [
        "no-such-program-harnessif (not on PATH)",
        f"{PYTHON}>=99.1 (found {host_version(PYTHON)})",
    ]


def test_a_program_only_on_the_hosts_own_path_is_missing_for_the_sandbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`needs` is checked on the PATH the sandbox's commands see, not on the shell's that started the run."""
    program = tmp_path / "harnessif-only-on-my-path"
    program.write_text("#!/bin/sh\necho 'v1.2.3'\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    assert unmet([program.name]) == [f"{program.name} (not on PATH)"]


def test_check_host_is_one_line_naming_the_task_and_the_way_out() -> None:
    task = Task.model_validate(task_dict(needs=["no-such-program-harnessif>=2"]))
    with pytest.raises(SandboxError) as info:
        check_host(task)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("task mini needs no-such-program-harnessif>=2 (not on PATH) on this host")
    assert "--harness-sandbox=docker" in message
    check_host(Task.model_validate(task_dict(needs=[PYTHON])))
