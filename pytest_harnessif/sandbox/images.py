"""Sandbox images: per-scenario images built from `tasks/<scenario>/Dockerfile`, and the offline image.

The offline image needs no registry: `docker import` of a tiny root filesystem (an `/etc` with an unprivileged
`agent` user, the dynamic loader's cache, Debian's alternatives links, and empty mount points) whose containers
bind-mount the host's `/usr` and the running interpreter's prefix read-only. As in the local sandbox, the host's
pytest plugins (this harness among them) stay out of the agent's pytest runs. Its tag is a hash of its contents,
mounts and settings, so every process of a run (and later runs) finds the same image.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tarfile
import tempfile
from pathlib import Path

import docker
import docker.errors
from filelock import FileLock
from pydantic import BaseModel, ConfigDict

from ..digest import digest_bytes
from .base import SandboxError, sandbox_path

OFFLINE_REPO = "harnessif/offline"
SCENARIO_REPO = "harnessif"
LABEL_SCENARIO = "harnessif.scenario"
LABEL_MOUNTS = "harnessif.mounts"
AGENT_UID = 1000
_LIB_LINKS = ("bin", "lib", "lib32", "lib64", "libx32")


class ImageRef(BaseModel):
    """A local image a sandbox runs: its name, content id, and the host paths it needs mounted read-only."""

    model_config = ConfigDict(frozen=True)

    name: str
    id: str
    mounts: tuple[str, ...] = ()

    @classmethod
    def of(cls, image: docker.models.images.Image, name: str) -> ImageRef:
        labels = image.labels or {}
        return cls(name=name, id=image.id, mounts=tuple(json.loads(labels.get(LABEL_MOUNTS, "[]"))))

    @property
    def describe(self) -> str:
        return f"{self.name}@{self.id}"


def lookup(client: docker.DockerClient, name: str) -> ImageRef:
    """A local image by name or id; SandboxError when it is not there (nothing is pulled)."""
    try:
        return ImageRef.of(client.images.get(name), name)
    except docker.errors.ImageNotFound:
        raise SandboxError(
            f"image {name!r} is not present in the engine; build it with `harnessif image build` "
            "(or `harnessif image build --offline` where no registry is reachable)"
        ) from None


def scenario_images(client: docker.DockerClient) -> dict[str, ImageRef]:
    """Images built by `harnessif image build`, by scenario (the newest when several carry one scenario)."""
    found: dict[str, tuple[str, ImageRef]] = {}
    for image in client.images.list(filters={"label": LABEL_SCENARIO}):
        scenario = image.labels[LABEL_SCENARIO]
        created = image.attrs.get("Created", "")
        if scenario not in found or created > found[scenario][0]:
            name = image.tags[0] if image.tags else image.id
            found[scenario] = (created, ImageRef.of(image, name))
    return {scenario: ref for scenario, (_, ref) in sorted(found.items())}


def build_scenario_image(client: docker.DockerClient, dockerfile: Path) -> ImageRef:
    """Build `tasks/<scenario>/Dockerfile` as `harnessif/<scenario>:latest` (the Dockerfile alone is the context)."""
    scenario = dockerfile.parent.name
    tag = f"{SCENARIO_REPO}/{scenario}:latest"
    context = io.BytesIO()
    with tarfile.open(fileobj=context, mode="w") as tf:
        _add(tf, "Dockerfile", data=dockerfile.read_bytes(), mode=0o644)
    context.seek(0)
    try:
        image, _ = client.images.build(
            fileobj=context, custom_context=True, tag=tag, labels={LABEL_SCENARIO: scenario}, rm=True, forcerm=True
        )
    except docker.errors.BuildError as exc:
        log = "".join(str(chunk.get("stream") or chunk.get("error") or "") for chunk in exc.build_log)
        raise SandboxError(f"building {tag} from {dockerfile} failed: {exc.msg}\n{log[-2000:]}") from None
    except docker.errors.APIError as exc:
        raise SandboxError(f"building {tag} from {dockerfile} failed: {exc.explanation or exc}") from None
    return ImageRef.of(image, tag)


def host_mounts() -> tuple[str, ...]:
    """Host paths the offline image mounts read-only: /usr, non-usrmerged lib dirs, the interpreter (and venv)."""
    mounts = ["/usr"]
    mounts += [f"/{name}" for name in _LIB_LINKS if Path(f"/{name}").is_dir() and not Path(f"/{name}").is_symlink()]
    for path in (Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve()):
        if not any(path.is_relative_to(m) for m in mounts):
            mounts.append(str(path))
    return tuple(mounts)


def offline_rootfs(mounts: tuple[str, ...]) -> bytes:
    """The offline image's root filesystem as a deterministic tar (same host, same bytes)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tf:
        for name in ("dev", "etc", "home", "proc", "root", "run", "sbin", "sys", "usr", "workspace"):
            _add(tf, name, mode=0o755)
        _add(tf, "tmp", mode=0o1777)
        for name in _LIB_LINKS:
            host = Path(f"/{name}")
            if host.is_symlink():
                _add(tf, name, link=os.readlink(host))
        passwd = f"root:x:0:0:root:/root:/bin/sh\nagent:x:{AGENT_UID}:{AGENT_UID}:agent:/home/agent:/bin/bash\n"
        _add(tf, "etc/passwd", data=passwd.encode(), mode=0o644)
        _add(tf, "etc/group", data=f"root:x:0:\nagent:x:{AGENT_UID}:\n".encode(), mode=0o644)
        _add(tf, "etc/nsswitch.conf", data=b"passwd: files\ngroup: files\nhosts: files dns\n", mode=0o644)
        cache = Path("/etc/ld.so.cache")
        if cache.is_file():
            _add(tf, "etc/ld.so.cache", data=cache.read_bytes(), mode=0o644)
        alternatives = Path("/etc/alternatives")
        if alternatives.is_dir():
            _add(tf, "etc/alternatives", mode=0o755)
            for link in sorted(alternatives.iterdir()):
                if link.is_symlink():
                    _add(tf, f"etc/alternatives/{link.name}", link=os.readlink(link))
    return buf.getvalue()


def offline_changes(mounts: tuple[str, ...]) -> list[str]:
    """Instructions applied on import: PATH with the interpreter first, UTF-8, no host pytest plugins, the mounts."""
    return [
        f"ENV PATH={sandbox_path()}",
        "ENV LANG=C.UTF-8",
        "ENV PYTEST_DISABLE_PLUGIN_AUTOLOAD=1",
        f"LABEL {LABEL_MOUNTS}={json.dumps(json.dumps(list(mounts)))}",
    ]


def offline_image(client: docker.DockerClient) -> ImageRef:
    """The offline image for this host, imported on first use; safe to call from several processes at once."""
    mounts = host_mounts()
    rootfs = offline_rootfs(mounts)
    changes = offline_changes(mounts)
    tag = digest_bytes(rootfs, json.dumps(changes).encode())
    name = f"{OFFLINE_REPO}:{tag}"
    with FileLock(Path(tempfile.gettempdir()) / "harnessif-offline-image.lock"):
        try:
            return ImageRef.of(client.images.get(name), name)
        except docker.errors.ImageNotFound:
            pass
        try:
            client.api.import_image_from_data(rootfs, repository=OFFLINE_REPO, tag=tag, changes=changes)
            return ImageRef.of(client.images.get(name), name)
        except docker.errors.APIError as exc:
            raise SandboxError(f"importing the offline image {name} failed: {exc.explanation or exc}") from None


def _add(tf: tarfile.TarFile, name: str, *, data: bytes | None = None, link: str | None = None, mode: int = 0) -> None:
    info = tarfile.TarInfo(name)
    info.mode = mode
    if link is not None:
        info.type, info.linkname, info.mode = tarfile.SYMTYPE, link, 0o777
    elif data is None:
        info.type = tarfile.DIRTYPE
    else:
        info.size = len(data)
    tf.addfile(info, io.BytesIO(data) if data is not None else None)
