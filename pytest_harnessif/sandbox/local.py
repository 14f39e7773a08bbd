"""Local sandbox: a temp directory, commands in their own process group, a scrubbed environment."""

from __future__ import annotations

import contextlib
import io
import os
import selectors
import shutil
import signal
import subprocess
import tarfile
import tempfile
import time
from pathlib import Path

from .base import DEFAULT_OUTPUT_CAP, ExecResult, SandboxError, safe_relpath, sandbox_path
from .history import init_commands

_KEPT_ENV = ("LANG", "LC_ALL", "TZ")


def scrubbed_env(home: Path) -> dict[str, str]:
    """The environment commands see: no secrets, the host interpreter first on PATH, git identity set."""
    env = {k: os.environ[k] for k in _KEPT_ENV if k in os.environ}
    env.update(
        PATH=sandbox_path(),
        HOME=str(home),
        TERM="dumb",
        PYTHONDONTWRITEBYTECODE="1",
        PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",  # the host's pytest plugins (this harness among them) stay out
        GIT_AUTHOR_NAME="Harness Agent",
        GIT_AUTHOR_EMAIL="agent@harnessif.invalid",
        GIT_COMMITTER_NAME="Harness Agent",
        GIT_COMMITTER_EMAIL="agent@harnessif.invalid",
        GIT_CONFIG_NOSYSTEM="1",
    )
    return env


class LocalSandbox:
    """A workspace in a temp dir. Not an isolation boundary: use docker for untrusted agents."""

    backend = "local"

    def __init__(self, output_cap: int = DEFAULT_OUTPUT_CAP) -> None:
        self._root = Path(tempfile.mkdtemp(prefix="harnessif-"))
        self.workspace = self._root / "workspace"
        self.workspace.mkdir()
        (self._root / "home").mkdir()
        self.output_cap = output_cap
        self.env = scrubbed_env(self._root / "home")

    def _path(self, path: str) -> Path:
        return self.workspace / safe_relpath(path)

    def exec(self, cmd: str, timeout: float = 60.0, stdin: str | None = None) -> ExecResult:
        """Run `cmd` with bash in the workspace; on timeout kill the whole process group."""
        start = time.monotonic()
        with tempfile.TemporaryFile() as feed:  # stdin from a file: a command that never reads it cannot block us
            feed.write((stdin or "").encode())
            feed.seek(0)
            proc = subprocess.Popen(
                ["bash", "-c", cmd],
                cwd=self.workspace,
                env=self.env,
                stdin=feed if stdin is not None else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        with proc:
            try:
                chunks, truncated, timed_out = self._drain(proc, start + timeout)
            except BaseException:  # Ctrl-C or a crash while waiting: leave nothing running
                _kill_group(proc.pid)
                raise
            if timed_out:
                _kill_group(proc.pid)
            try:
                code = proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                _kill_group(proc.pid)
                code = proc.wait()
            _kill_group(proc.pid)  # stragglers that detached from the pipes
        return ExecResult(
            exit_code=124 if timed_out else code,
            stdout=b"".join(chunks["stdout"]).decode(errors="replace"),
            stderr=b"".join(chunks["stderr"]).decode(errors="replace"),
            timed_out=timed_out,
            truncated=truncated,
            duration=time.monotonic() - start,
            killed_reason="timeout" if timed_out else None,
        )

    def _drain(self, proc: subprocess.Popen[bytes], deadline: float) -> tuple[dict[str, list[bytes]], bool, bool]:
        """Read both pipes until EOF or the deadline, keeping at most `output_cap` bytes in all."""
        sel = selectors.DefaultSelector()
        assert proc.stdout and proc.stderr
        sel.register(proc.stdout, selectors.EVENT_READ, "stdout")
        sel.register(proc.stderr, selectors.EVENT_READ, "stderr")
        chunks: dict[str, list[bytes]] = {"stdout": [], "stderr": []}
        kept = 0
        truncated = False
        while sel.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                sel.close()
                return chunks, truncated, True
            for key, _ in sel.select(timeout=min(remaining, 0.5)):
                data = os.read(key.fd, 65536)
                if not data:
                    sel.unregister(key.fileobj)
                    continue
                room = self.output_cap - kept
                if len(data) > room:
                    truncated = True
                    data = data[: max(room, 0)]
                kept += len(data)
                chunks[key.data].append(data)
        sel.close()
        return chunks, truncated, False

    def read(self, path: str) -> bytes:
        p = self._path(path)
        if not p.is_file():
            raise SandboxError(f"no file {path!r} in the workspace")
        return p.read_bytes()

    def write(self, path: str, data: bytes) -> None:
        p = self._path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)

    def list(self, path: str = ".") -> list[str]:
        base = self._path(path)
        if not base.is_dir():
            raise SandboxError(f"no directory {path!r} in the workspace")
        return sorted(
            str(p.relative_to(self.workspace))
            for p in base.rglob("*")
            if p.is_file() and ".git" not in p.relative_to(self.workspace).parts
        )

    def snapshot(self) -> bytes:
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w") as tf:
            for p in sorted(self.workspace.rglob("*")):
                tf.add(p, arcname=str(p.relative_to(self.workspace)), recursive=False)
        return buf.getvalue()

    def restore(self, tar: bytes) -> None:
        shutil.rmtree(self.workspace)
        self.workspace.mkdir()
        with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
            tf.extractall(self.workspace, filter="data")

    def close(self) -> None:
        shutil.rmtree(self._root, ignore_errors=True)

    def __enter__(self) -> LocalSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def from_directory(src: Path, *, git_init: bool = True, overlay: dict[str, bytes] | None = None) -> LocalSandbox:
    """A sandbox whose workspace is a copy of `src` (plus `overlay` files), git-initialised with its history (one
    "Initial import" commit when it has none)."""
    if not src.is_dir():
        raise SandboxError(f"repo directory {src} does not exist")
    box = LocalSandbox()
    shutil.copytree(
        src, box.workspace, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache")
    )
    for path, data in (overlay or {}).items():
        box.write(path, data)
    if git_init:
        res = box.exec(init_commands(src), timeout=60)
        if res.exit_code != 0:
            box.close()
            raise SandboxError(f"git init of {src} failed: {res.output}")
    return box
