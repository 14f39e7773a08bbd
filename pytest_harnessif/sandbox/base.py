"""The Sandbox protocol every backend implements, plus tar helpers for snapshots."""

from __future__ import annotations

import io
import os
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Protocol, runtime_checkable

DEFAULT_OUTPUT_CAP = 64 * 1024


class SandboxError(Exception):
    """A sandbox operation was refused (e.g. a path outside the workspace)."""


@dataclass(frozen=True)
class ExecResult:
    """The outcome of one command. Output beyond the cap is cut and `truncated` is set.

    `killed_reason` names the sandbox limit that stopped or curtailed the command: "timeout" (exit 124),
    "output" (more output than the backend lets through; killed), "memory" (a process was OOM-killed),
    "pids" (a fork was refused at the process limit) or "disk" (a writable filesystem is full).
    """

    exit_code: int
    stdout: str
    stderr: str
    timed_out: bool = False
    truncated: bool = False
    duration: float = 0.0
    killed_reason: str | None = None

    @property
    def output(self) -> str:
        """stdout and stderr together, as an agent sees them."""
        return self.stdout + (("\n" if self.stdout and self.stderr else "") + self.stderr if self.stderr else "")


@runtime_checkable
class Sandbox(Protocol):
    """A workspace the agent acts in. Paths are relative to the workspace root."""

    backend: str

    def exec(self, cmd: str, timeout: float = 60.0, stdin: str | None = None) -> ExecResult: ...
    def read(self, path: str) -> bytes: ...
    def write(self, path: str, data: bytes) -> None: ...
    def list(self, path: str = ".") -> list[str]: ...
    def snapshot(self) -> bytes: ...
    def restore(self, tar: bytes) -> None: ...
    def close(self) -> None: ...


def sandbox_path() -> str:
    """The PATH commands see in the local sandbox and the offline image: the harness's interpreter first, then the
    system's directories (a program elsewhere on the host's own PATH is not found, nor checked for by `needs`)."""
    return os.pathsep.join(dict.fromkeys([str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin"]))


def safe_relpath(path: str) -> str:
    """Normalise a workspace-relative path; refuse absolute paths and escapes."""
    p = PurePosixPath(path)
    if p.is_absolute() or ".." in p.parts:
        raise SandboxError(f"path {path!r} is outside the workspace")
    norm = str(p)
    return "" if norm == "." else norm


def tar_members(tar: bytes) -> dict[str, bytes]:
    """Regular files of a snapshot tar, by workspace-relative path."""
    out: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        for m in tf.getmembers():
            if m.isfile():
                f = tf.extractfile(m)
                if f is not None:
                    out[m.name.removeprefix("./")] = f.read()
    return out


def tar_from_files(files: dict[str, bytes]) -> bytes:
    """A snapshot tar holding exactly `files` (used for synthetic runs)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tf:
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size = len(files[name])
            info.mode = 0o644
            tf.addfile(info, io.BytesIO(files[name]))
    return buf.getvalue()
