"""Backends under test: every test taking `backend` runs once per sandbox backend (local, docker).

Docker tests skip, saying why, only when no container engine answers (`.ci/run` starts one). Each test
process labels its containers with its own run id and checks at the end that none is left.
"""

from __future__ import annotations

import argparse
import dataclasses
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from pytest_harnessif.sandbox import Sandbox, SandboxError
from pytest_harnessif.sandbox.docker import DockerLimits
from pytest_harnessif.sandbox.engine import engine, prune
from pytest_harnessif.sandbox.local import LocalSandbox
from pytest_harnessif.sandbox.select import SandboxChoice, choose

RUN_ID = f"tests-{uuid.uuid4().hex[:12]}"
LABELS = {"harnessif.run": RUN_ID, "harnessif.key": "tests/sandbox/r1"}


@pytest.fixture(scope="session")
def docker_choice() -> Iterator[SandboxChoice]:
    """The docker backend with the offline image (imported once, re-used across sessions)."""
    try:
        engine(timeout=10)
    except SandboxError as exc:  # only a missing engine skips; any other fault fails the tests
        pytest.skip(f"{exc}: the docker backend cannot be tested here (`.ci/run` installs and starts dockerd)")
    choice = choose("docker")
    yield choice
    left = prune(engine(), RUN_ID)
    assert left == 0, f"{left} container(s) of {RUN_ID} were still there at the end of the session"


@dataclasses.dataclass
class Backend:
    """Makes sandboxes of one backend, all labelled with this process's run id."""

    choice: SandboxChoice
    opened: list[Sandbox] = dataclasses.field(default_factory=list)

    @property
    def name(self) -> str:
        return self.choice.backend

    def make(self, output_cap: int | None = None, **limits: object) -> Sandbox:
        """An empty sandbox, closed at the end of the test."""
        if self.name == "local":
            box: Sandbox = LocalSandbox() if output_cap is None else LocalSandbox(output_cap=output_cap)
        else:
            if output_cap is not None:
                limits["output_cap"] = output_cap
            merged = DockerLimits.model_validate({**self.choice.limits.model_dump(), **limits})
            box = dataclasses.replace(self.choice, limits=merged).empty(LABELS)
        self.opened.append(box)
        return box

    def from_repo(self, repo: Path, overlay: dict[str, bytes]) -> Sandbox:
        box = self.choice.from_repo(repo, overlay, LABELS)
        self.opened.append(box)
        return box


@pytest.fixture(params=["local", "docker"])
def backend(request: pytest.FixtureRequest) -> Iterator[Backend]:
    choice = choose("local") if request.param == "local" else request.getfixturevalue("docker_choice")
    made = Backend(choice)
    yield made
    for box in made.opened:
        box.close()


@pytest.fixture
def box(backend: Backend) -> Sandbox:
    return backend.make()


@pytest.fixture
def docker_box(docker_choice: SandboxChoice) -> Iterator[Callable[..., Sandbox]]:
    """Docker sandboxes with limits of the test's choosing: `docker_box(pids=64, workspace="16MiB")`."""
    made = Backend(docker_choice)
    yield lambda **limits: made.make(**limits)
    for box in made.opened:
        box.close()



def run_command(module: ModuleType, argv: list[str]) -> int:
    """Run a `harnessif` subcommand module through its own `add_parser`, as `cli.main` would."""
    parser = argparse.ArgumentParser(prog="harnessif")
    module.add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))
