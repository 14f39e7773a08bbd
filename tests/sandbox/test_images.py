"""sandbox.images and `harnessif image build`: the offline image, per-scenario images, their choice."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
import yaml

from pytest_harnessif.commands import image as image_command
from pytest_harnessif.sandbox.docker import DockerSandbox
from pytest_harnessif.sandbox.engine import engine
from pytest_harnessif.sandbox.images import host_mounts, offline_rootfs
from pytest_harnessif.sandbox.select import SandboxChoice, choose

from .conftest import LABELS, run_command

ROOT = Path(__file__).resolve().parents[2]


# what a scenario Dockerfile must name to provide a program a task `needs`, any one of them (else the program's
# own name); bookworm's python3 is 3.11, so a node:20-bookworm base with python-is-python3 provides both
PROVIDES = {
    "python": ("FROM python:3.11", "python-is-python3"),
    "node": ("FROM node:20",),
    "go": ("golang-go",),
    "cc": ("gcc",),
}


def test_every_scenario_has_a_dockerfile_providing_git_and_what_its_tasks_need() -> None:
    tasks = [yaml.safe_load(p.read_text()) for p in (ROOT / "tasks").glob("*/*/task.yaml")]
    scenarios = sorted({t["scenario"] for t in tasks})
    assert len(scenarios) >= 2
    for scenario in scenarios:
        text = (ROOT / "tasks" / scenario / "Dockerfile").read_text()
        assert text.count("FROM ") == 1 and "git" in text and "--uid 1000" in text, scenario
        needs = {re.split(">=", n)[0] for t in tasks if t["scenario"] == scenario for n in t.get("needs", [])}
        missing = {n for n in needs if not any(way in text for way in PROVIDES.get(n, (n,)))}
        assert not missing, (scenario, missing)


def test_the_offline_rootfs_is_deterministic_and_small() -> None:
    mounts = host_mounts()
    assert mounts[0] == "/usr"
    rootfs = offline_rootfs(mounts)
    assert rootfs == offline_rootfs(mounts)
    assert len(rootfs) < 2 << 20


def test_image_build_offline(docker_choice: SandboxChoice, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(image_command, ["image", "build", "--offline"]) == 0
    name, image_id, *_ = capsys.readouterr().out.split()
    assert (name, image_id) == (docker_choice.info["image"], docker_choice.info["image_id"])


def test_a_scenario_image_is_built_and_chosen_for_its_scenario(
    docker_choice: SandboxChoice, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = f"scenario-{uuid.uuid4().hex[:8]}"
    (tmp_path / scenario / "task-a" / "repo").mkdir(parents=True)
    (tmp_path / scenario / "task-a" / "repo" / "a.txt").write_text("a\n")
    # no registry here: a Dockerfile on top of the offline image builds anywhere
    (tmp_path / scenario / "Dockerfile").write_text(f"FROM {docker_choice.info['image']}\nENV SCENARIO={scenario}\n")
    tag = f"harnessif/{scenario}:latest"
    try:
        assert run_command(image_command, ["image", "build", "--tasks", str(tmp_path), scenario]) == 0
        assert capsys.readouterr().out.startswith(f"{tag} sha256:")
        choice = choose("docker")
        assert choice.info[f"image.{scenario}"].startswith(f"{tag}@sha256:")
        box = choice.from_repo(tmp_path / scenario / "task-a" / "repo", {}, LABELS)
        try:
            assert isinstance(box, DockerSandbox) and box.image.name == tag
            assert box.exec("echo $SCENARIO; git log --format=%s").stdout == f"{scenario}\nInitial import\n"
        finally:
            box.close()
        other = choice.empty(LABELS)  # no scenario label: the default image
        assert isinstance(other, DockerSandbox) and other.image.name == docker_choice.info["image"]
        other.close()
    finally:
        engine().images.remove(tag, force=True)


def test_a_failing_build_names_the_offline_path(
    docker_choice: SandboxChoice, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "Dockerfile").write_text("FROM harnessif-test/no-such-base:never\n")
    assert run_command(image_command, ["image", "build", "--tasks", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "building harnessif/broken:latest" in err and "failed" in err
    assert "harnessif image build --offline" in err


@pytest.mark.usefixtures("docker_choice")
def test_image_build_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(image_command, ["image", "build", "--tasks", str(tmp_path)]) == 2
    assert "no <scenario>/Dockerfile" in capsys.readouterr().err
    assert run_command(image_command, ["image", "build", "--tasks", str(ROOT / "tasks"), "nope"]) == 2
    assert "no Dockerfile for nope" in capsys.readouterr().err
