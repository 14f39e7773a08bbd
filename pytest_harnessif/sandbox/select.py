"""Choosing the sandbox backend of a session: `auto` (docker when an engine answers), `local` or `docker`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import docker.errors
from filelock import FileLock

from ..slots import Slots
from .base import Sandbox, SandboxError
from .docker import DockerLimits, DockerSandbox, install_hooks
from .engine import engine
from .history import init_commands
from .images import ImageRef, lookup, offline_image, scenario_images
from .local import LocalSandbox, from_directory

KINDS = ("auto", "local", "docker")
LOCAL_WARNING = "{reason}; using the local sandbox (not isolated)"


@dataclass(frozen=True)
class SandboxChoice:
    """The backend of a session and how to make its sandboxes; `info` goes into every trajectory record.

    Docker sandboxes run the image of their scenario (label `harnessif.scenario`, else the parent of the task
    folder) when `harnessif image build` made one, else the default image (`image=` or the offline image).
    """

    backend: str
    warning: str | None
    info: dict[str, str]
    images: dict[str, ImageRef] = field(default_factory=dict, repr=False)  # scenario -> image; "" = default
    limits: DockerLimits = field(default_factory=DockerLimits, repr=False)
    slots: Slots | None = field(default=None, repr=False)  # at most this many containers at once on the engine
    host: str | None = None  # the engine (None: DOCKER_HOST, else the local socket)

    def from_repo(self, repo: Path, overlay: dict[str, bytes], labels: dict[str, str]) -> Sandbox:
        """A workspace holding a copy of `repo` plus `overlay`, on branch main with the repository's history."""
        if self.backend == "local":
            return from_directory(repo, overlay=overlay)
        if not repo.is_dir():
            raise SandboxError(f"repo directory {repo} does not exist")
        box = self._docker(labels, labels.get("harnessif.scenario") or repo.parent.parent.name)
        try:
            box.copy_in(repo, overlay)
            res = box.exec(init_commands(repo), timeout=60)
            if res.exit_code != 0:
                raise SandboxError(f"git init of {repo} failed: {res.output}")
        except BaseException:
            box.close()
            raise
        return box

    def empty(self, labels: dict[str, str]) -> Sandbox:
        """An empty workspace (for `Run.exec`, which restores a snapshot into it next)."""
        if self.backend == "local":
            return LocalSandbox()
        return self._docker(labels, labels.get("harnessif.scenario", ""))

    def _docker(self, labels: dict[str, str], scenario: str) -> Any:  # a DockerSandbox, or one holding a slot
        image = self.images.get(scenario) or self.images[""]
        if self.slots is None:
            return DockerSandbox(image, self.limits, labels, self.host)
        lock = self.slots.acquire()  # wait for a free place on the engine before starting a container
        try:
            return Held(DockerSandbox(image, self.limits, labels, self.host), lock)
        except BaseException:
            Slots.release(lock)
            raise


class Held:
    """A sandbox that holds its engine slot until it is closed; everything else is the sandbox's own."""

    def __init__(self, box: Sandbox, lock: FileLock) -> None:
        self._box, self._lock = box, lock

    def __getattr__(self, name: str) -> Any:
        return getattr(self._box, name)

    def close(self) -> None:
        try:
            self._box.close()
        finally:
            if self._lock.is_locked:
                Slots.release(self._lock)


def choose(kind: str = "auto", *, image: str | None = None, limits: DockerLimits | None = None,
           host: str | None = None) -> SandboxChoice:  # fmt: skip
    """The session's backend, on the engine at `host` (default: DOCKER_HOST, else the local socket). `auto` falls
    back to local with a warning when no engine answers (in under a second when there is none); an explicit
    `docker` without an engine, or with a missing image, raises."""
    if kind not in KINDS:
        raise SandboxError(f"unknown sandbox {kind!r}: choose one of {', '.join(KINDS)}")
    if kind == "local":
        return SandboxChoice("local", None, {"backend": "local"})
    try:
        client = engine(timeout=1.0 if kind == "auto" else 10.0, host=host)
        images = {"": lookup(client, image) if image else offline_image(client)}
        if image is None:
            images.update(scenario_images(client))
    except (SandboxError, docker.errors.DockerException) as exc:
        if kind == "docker":
            raise SandboxError(f"the docker sandbox is not available: {exc}") from None
        return SandboxChoice("local", LOCAL_WARNING.format(reason=exc), {"backend": "local"})
    limits = limits or DockerLimits()
    install_hooks()
    info = {
        "backend": "docker",
        "engine": str(client.version().get("Version", "")),
        "image": images[""].name,
        "image_id": images[""].id,
        "limits": limits.describe(),
    }
    if images[""].mounts:
        info["image_mounts"] = ",".join(images[""].mounts)
    info.update({f"image.{s}": ref.describe for s, ref in images.items() if s})
    return SandboxChoice("docker", None, info, images, limits, host=host)
