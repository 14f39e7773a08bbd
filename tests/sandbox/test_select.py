"""sandbox.select: the backend choice (auto, local, docker), its warning, its recorded info; DockerLimits."""

from __future__ import annotations

import json
import time
from pathlib import Path
from types import ModuleType

import pytest
from pydantic import ValidationError

from pytest_harnessif.commands import image as image_command
from pytest_harnessif.commands import sandbox as sandbox_command
from pytest_harnessif.sandbox import LocalSandbox, SandboxError
from pytest_harnessif.sandbox import engine as docker_engine
from pytest_harnessif.sandbox.docker import DockerLimits, DockerSandbox
from pytest_harnessif.sandbox.select import SandboxChoice, choose

from .conftest import LABELS, run_command


@pytest.fixture
def no_engine(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The docker SDK pointed at a socket nobody listens on, with this process's cached client forgotten."""
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-engine.sock")
    monkeypatch.setattr(docker_engine, "_clients", {})


def test_local_is_local(tmp_path: Path) -> None:
    choice = choose("local")
    assert (choice.backend, choice.warning, choice.info) == ("local", None, {"backend": "local"})
    (tmp_path / "a.txt").write_text("a\n")
    with choice.from_repo(tmp_path, {"AGENTS.md": b"x\n"}, LABELS) as box:  # type: ignore[attr-defined]
        assert isinstance(box, LocalSandbox)
        assert box.exec("git log --format=%s").stdout == "Initial import\n"
    empty = choice.empty(LABELS)
    assert isinstance(empty, LocalSandbox) and empty.list() == []
    empty.close()


@pytest.mark.usefixtures("no_engine")
def test_auto_without_an_engine_falls_back_to_local_quickly() -> None:
    start = time.monotonic()
    choice = choose("auto")
    assert time.monotonic() - start < 1.0
    assert choice.backend == "local"
    assert choice.warning is not None
    assert choice.warning.startswith("no container engine answered (")
    assert choice.warning.endswith("; using the local sandbox (not isolated)")
    assert choice.info == {"backend": "local"}


@pytest.mark.usefixtures("no_engine")
def test_docker_without_an_engine_is_an_error() -> None:
    with pytest.raises(SandboxError, match=r"docker sandbox is not available: no container engine answered"):
        choose("docker")


@pytest.mark.usefixtures("no_engine")
@pytest.mark.parametrize(("module", "argv"), [(sandbox_command, ["sandbox", "prune"]),
                                             (image_command, ["image", "build", "--offline"])])
def test_commands_without_an_engine(module: ModuleType, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(module, argv) == 2
    assert f"harnessif {' '.join(argv[:2])}: no container engine answered" in capsys.readouterr().err


def test_unknown_kind() -> None:
    with pytest.raises(SandboxError, match="choose one of auto, local, docker"):
        choose("podman")


def test_docker_choice_records_engine_image_and_limits(docker_choice: SandboxChoice) -> None:
    info = docker_choice.info
    assert info["backend"] == "docker"
    assert info["engine"]
    assert info["image"].startswith("harnessif/offline:")
    assert info["image_id"].startswith("sha256:")
    assert "/usr" in info["image_mounts"].split(",")
    assert DockerLimits.model_validate(json.loads(info["limits"])) == docker_choice.limits
    assert choose("auto").backend == "docker"
    box = docker_choice.empty(LABELS)
    try:
        assert isinstance(box, DockerSandbox)
        assert (box.image.name, box.image.id) == (info["image"], info["image_id"])
    finally:
        box.close()


def test_a_missing_image_is_an_error(docker_choice: SandboxChoice) -> None:
    with pytest.raises(SandboxError, match=r"'harnessif-test/no-such:image' is not present.*harnessif image build"):
        choose("docker", image="harnessif-test/no-such:image")
    assert choose("auto", image="harnessif-test/no-such:image").backend == "local"


def test_an_explicit_image_and_limits(docker_choice: SandboxChoice) -> None:
    limits = DockerLimits(memory="512MiB", pids=64, cpus=0.5, workspace="100MiB")
    choice = choose("docker", image=docker_choice.info["image"], limits=limits)
    assert choice.info["image_id"] == docker_choice.info["image_id"]
    assert choice.limits == limits
    box = choice.empty(LABELS)
    try:
        def cgroup(v1: str, v2: str) -> str:  # cgroup v1 or v2, whichever the engine uses
            return box.exec(f"cat /sys/fs/cgroup/{v1} 2>/dev/null || cat /sys/fs/cgroup/{v2}").stdout.strip()

        assert cgroup("pids/pids.max", "pids.max") == "64"
        assert cgroup("memory/memory.limit_in_bytes", "memory.max") == str(512 << 20)
        assert cgroup("cpu/cpu.cfs_quota_us", "cpu.max").split()[0] == "50000"
        assert box.exec("df -k --output=size /workspace | tail -1").stdout.strip() == str(100 << 10)
    finally:
        box.close()


def test_limits_parse_sizes_and_refuse_root() -> None:
    limits = DockerLimits(memory="1GiB", workspace="100MB", output_kill="1MiB")
    assert (int(limits.memory), int(limits.workspace), int(limits.output_kill)) == (1 << 30, 100_000_000, 1 << 20)
    with pytest.raises(ValidationError):
        DockerLimits(uid=0)
    with pytest.raises(ValidationError):
        DockerLimits(swap="1GiB")  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        DockerLimits(cpus=0)
