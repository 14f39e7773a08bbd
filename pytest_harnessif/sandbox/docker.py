"""Docker sandbox: one container per trajectory, no network, capped resources, nothing left behind.

A container runs `tini` (docker's `--init`) over a root helper that holds only CAP_KILL and reads the owner's
attach stream: each line it reads makes it SIGKILL every other process in the container (how a timeout really
kills), and when the stream closes (the owner closed the sandbox, crashed or was SIGKILLed) it exits, the
container stops and the engine removes it (`auto_remove`). Commands run as an unprivileged user in `/workspace`,
a size-capped tmpfs, on a read-only root filesystem with no capabilities; a shell wrapper reports the exit code
and the limits hit (OOM kills, refused forks, full filesystems) after SIGKILLing the command's stragglers.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import secrets
import signal
import socket
import tarfile
import threading
import time
from pathlib import Path, PurePosixPath
from types import FrameType
from typing import Any

import docker
import docker.errors
from pydantic import BaseModel, ByteSize, ConfigDict, Field

from .base import DEFAULT_OUTPUT_CAP, ExecResult, SandboxError, safe_relpath
from .engine import LABEL, OP_TIMEOUT, engine
from .images import AGENT_UID, ImageRef
from .streams import STREAM_HEADER, Capture, ExecStream, recv_exactly

WORKSPACE = PurePosixPath("/workspace")
HOME = "/home/agent"
_GRACE = 10.0  # seconds to wait for a killed command's stream to close
_CACHES = {"__pycache__", ".pytest_cache"}  # never copied into a workspace (as in sandbox.local)
_ENV = {
    "HOME": HOME,
    "TERM": "dumb",
    "LANG": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
    "GIT_AUTHOR_NAME": "Harness Agent",
    "GIT_AUTHOR_EMAIL": "agent@harnessif.invalid",
    "GIT_COMMITTER_NAME": "Harness Agent",
    "GIT_COMMITTER_EMAIL": "agent@harnessif.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}

# Every exec first reads one newline the owner sends once the stream is attached, so no output can race the
# HTTP upgrade; then runs the command.
_GO = 'read -r _ || exit 125; exec "$@"'

# $1 nonce, $2 command, $3 "1" when stdin is fed. Prints "<nonce> <exit> <ooms> <refused forks> <full fs>" last.
_WRAPPER = r"""read -r _ || exit 125
v() { k=$1; shift; for f; do if [ -r "$f" ]; then while read -r a b; do
  if [ "$a" = "$k" ]; then echo "$b"; return; fi; done <"$f"; fi; done; echo 0; }
M="/sys/fs/cgroup/memory/memory.oom_control /sys/fs/cgroup/memory.events"
P="/sys/fs/cgroup/pids/pids.events /sys/fs/cgroup/pids.events"
o=$(v oom_kill $M); p=$(v max $P)
if [ "$3" = 1 ]; then bash -c "$2"; else bash -c "$2" </dev/null; fi
r=$?
kill -9 -1 2>/dev/null; kill -9 -1 2>/dev/null
f=0; for a in $(stat -f -c %a /workspace /tmp "$HOME" /dev/shm 2>/dev/null); do [ "$a" = 0 ] && f=1; done
printf '%s %s %s %s %s\n' "$1" "$r" "$(($(v oom_kill $M)-o))" "$(($(v max $P)-p))" "$f" >&2
"""

# The container's main process (root, CAP_KILL only): one SIGKILL sweep per line read, "k" when done; exits on EOF.
_HELPER = 'while read -r _; do i=0; while [ $i -lt 10000 ] && kill -9 -1 2>/dev/null; do i=$((i+1)); done; echo k; done'


class DockerLimits(BaseModel):
    """Resource limits of one docker sandbox. tmpfs pages (workspace and scratch) count against `memory`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    memory: ByteSize = Field(default=ByteSize(2 << 30), description="RAM of the container, swap disabled")
    cpus: float = Field(default=1.0, gt=0, description="CPU share (docker --cpus)")
    pids: int = Field(default=256, ge=16, description="most processes and threads alive at once")
    workspace: ByteSize = Field(default=ByteSize(1 << 30), description="size cap of the /workspace tmpfs")
    scratch: ByteSize = Field(default=ByteSize(256 << 20), description="size cap of each of /tmp, home and /dev/shm")
    output_cap: int = Field(default=DEFAULT_OUTPUT_CAP, ge=0, description="stdout+stderr bytes an ExecResult keeps")
    output_kill: ByteSize = Field(default=ByteSize(64 << 20), description="output after which a command is killed")
    uid: int = Field(default=AGENT_UID, ge=1, description="the unprivileged user commands run as")
    gid: int = Field(default=AGENT_UID, ge=1)

    def describe(self) -> str:
        """The limits as one JSON string (recorded with every trajectory)."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True)


# --- cleanup: a per-process registry, removed at exit; SIGTERM becomes KeyboardInterrupt ----------------------
_live: dict[str, DockerSandbox] = {}
_live_lock = threading.Lock()
_hooks_installed = _signal_installed = False


def close_all() -> int:
    """Remove every container this process still holds; returns how many."""
    with _live_lock:
        boxes = list(_live.values())
    for box in boxes:
        box.close()
    return len(boxes)


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def install_hooks() -> None:
    """Remove this process's containers at exit and on SIGTERM. A signal handler can only be set from the main
    thread, so `select.choose` calls this there before any container starts in a trajectory thread
    (`--harness-concurrency`)."""
    global _hooks_installed, _signal_installed
    if not _hooks_installed:
        _hooks_installed = True
        atexit.register(close_all)
    if not _signal_installed and threading.current_thread() is threading.main_thread():
        _signal_installed = True
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _on_sigterm)


# --- the sandbox ---------------------------------------------------------------------------------------------
class DockerSandbox:
    """One container: the workspace is a tmpfs at /workspace; every path argument is relative to it."""

    backend = "docker"
    workspace = WORKSPACE

    def __init__(self, image: ImageRef, limits: DockerLimits | None = None, labels: dict[str, str] | None = None,
                 host: str | None = None):  # fmt: skip
        self.image = image
        self.limits = limits or DockerLimits()
        self.output_cap = self.limits.output_cap
        self._api: docker.APIClient = engine(host=host).api
        self._user = f"{self.limits.uid}:{self.limits.gid}"
        self._attach: Any = None
        self.name = f"harnessif-{secrets.token_hex(6)}"  # known before the engine answers, so close() can find it
        self.id = ""
        install_hooks()
        with _live_lock:
            _live[self.name] = self
        try:
            self.id = self._api.create_container(
                image.id,
                command=["sh", "-c", _HELPER],
                user="0:0",
                stdin_open=True,
                working_dir=str(WORKSPACE),
                environment=_ENV,
                labels={LABEL: "1", **(labels or {}), f"{LABEL}.image": image.name},
                name=self.name,
                host_config=self._host_config(),
            )["Id"]
            self._attach = self._api.attach_socket(self.id, params={"stdin": 1, "stdout": 1, "stream": 1})
            self._api.start(self.id)
        except BaseException as exc:
            self.close()
            if isinstance(exc, docker.errors.APIError):
                raise SandboxError(f"starting a container from {image.name} failed: {exc.explanation or exc}") from None
            raise
        self._attach_sock: socket.socket = getattr(self._attach, "_sock", self._attach)

    def _host_config(self) -> dict[str, Any]:
        lim = self.limits
        owner = f"uid={lim.uid},gid={lim.gid}"
        return self._api.create_host_config(
            init=True,
            auto_remove=True,
            network_mode="none",
            read_only=True,
            privileged=False,
            cap_drop=["ALL"],
            cap_add=["KILL"],  # for the root helper only: commands run unprivileged with no capabilities
            security_opt=["no-new-privileges"],
            mem_limit=int(lim.memory),
            memswap_limit=int(lim.memory),
            nano_cpus=int(lim.cpus * 1e9),
            pids_limit=lim.pids,
            shm_size=int(lim.scratch),
            tmpfs={
                str(WORKSPACE): f"rw,exec,nosuid,nodev,size={int(lim.workspace)},mode=0755,{owner}",
                "/tmp": f"rw,exec,nosuid,nodev,size={int(lim.scratch)},mode=1777",
                HOME: f"rw,exec,nosuid,nodev,size={int(lim.scratch)},mode=0755,{owner}",
            },
            binds={path: {"bind": path, "mode": "ro"} for path in self.image.mounts},
            log_config={"type": "none"},
        )

    # --- commands ---------------------------------------------------------------------------------------
    def _start(self, argv: list[str], feed: bytes) -> ExecStream:
        if not self.id:
            raise SandboxError("the sandbox is closed")
        try:
            exec_id = self._api.exec_create(self.id, argv, stdin=True, user=self._user, workdir=str(WORKSPACE))["Id"]
            return ExecStream(self._api, exec_id, feed)
        except docker.errors.APIError as exc:
            raise SandboxError(f"container {self.id[:12]} refused a command: {exc.explanation or exc}") from None

    def exec(self, cmd: str, timeout: float = 60.0, stdin: str | None = None) -> ExecResult:
        """Run `cmd` with bash in the workspace; on timeout (or a flood of output) kill every process it left."""
        start = time.monotonic()
        nonce = secrets.token_hex(8)
        capture = Capture(self.output_cap)
        flood = int(self.limits.output_kill)
        run = self._start(["sh", "-c", _WRAPPER, "harnessif", nonce, cmd, "0" if stdin is None else "1"],
                          (stdin or "").encode())
        reason: str | None = None
        try:
            run.pump(start + timeout, capture.feed, lambda: capture.total > flood)
            if not run.eof:
                reason = "output" if capture.total > flood else "timeout"
                self._kill()
                run.pump(time.monotonic() + _GRACE, lambda stream, data: None, lambda: False)
        except BaseException:  # Ctrl-C or a crash while waiting: leave nothing running
            self._sweep()
            raise
        finally:
            run.close()
        trailer = None if reason else capture.trailer(nonce)
        if trailer is not None:
            code, ooms, refused, full = trailer
            reason = "memory" if ooms else "pids" if refused else "disk" if full else None
        elif reason is None:  # the command killed its own wrapper: ask the engine, then sweep
            code = run.exit_code()
            self._kill()
        else:
            code = 124 if reason == "timeout" else 137
        stdout, stderr, truncated = capture.result()
        return ExecResult(
            exit_code=code,
            stdout=stdout,
            stderr=stderr,
            timed_out=reason == "timeout",
            truncated=truncated,
            duration=time.monotonic() - start,
            killed_reason=reason,
        )

    def _kill(self) -> None:
        """SIGKILL every process in the container but init and the helper, through the helper's stream."""
        sock = getattr(self, "_attach_sock", None)
        if sock is None:
            return
        try:
            sock.settimeout(_GRACE)
            sock.sendall(b"k\n")
            received = b""
            while not received.endswith(b"k\n"):
                header = recv_exactly(sock, STREAM_HEADER.size)
                received += recv_exactly(sock, STREAM_HEADER.unpack(header)[1])
        except OSError as exc:
            raise SandboxError(f"container {self.id[:12]} did not answer a kill request: {exc}") from None

    def _sweep(self) -> None:
        """`_kill` on an error path: best effort, never masking the error being handled."""
        with contextlib.suppress(SandboxError):
            self._kill()

    def _run(self, argv: list[str], feed: bytes = b"", what: str = "") -> bytes:
        """A harness-side command (no caps, no wrapper): its stdout, or SandboxError with its stderr."""
        out: dict[int, list[bytes]] = {1: [], 2: []}
        run = self._start(["sh", "-c", _GO, "harnessif", *argv], feed)
        try:
            run.pump(time.monotonic() + OP_TIMEOUT, lambda stream, data: out[stream].append(data), lambda: False)
            if not run.eof:
                self._kill()
                raise SandboxError(f"{what or argv[0]} in container {self.id[:12]} took over {OP_TIMEOUT:.0f} s")
            code = run.exit_code()
        except BaseException:
            self._sweep()
            raise
        finally:
            run.close()
        if code != 0:
            err = b"".join(out[2]).decode(errors="replace").strip()
            raise SandboxError(f"{what or argv[0]} failed in container {self.id[:12]} (exit {code}): {err}")
        return b"".join(out[1])

    # --- files ------------------------------------------------------------------------------------------
    def read(self, path: str) -> bytes:
        rel = safe_relpath(path) or "."
        try:
            return self._run(["sh", "-c", '[ -f "$1" ] || exit 3; exec cat -- "$1"', "sh", rel], what=f"read {path}")
        except SandboxError as exc:
            if "(exit 3)" in str(exc):
                raise SandboxError(f"no file {path!r} in the workspace") from None
            raise

    def write(self, path: str, data: bytes) -> None:
        rel = safe_relpath(path)
        if not rel:
            raise SandboxError("cannot write to the workspace root")
        script = 'mkdir -p -- "$(dirname -- "$1")" && exec cat >"$1"'
        self._run(["sh", "-c", script, "sh", rel], data, what=f"write {path}")

    def list(self, path: str = ".") -> list[str]:
        rel = safe_relpath(path) or "."
        script = '[ -d "$1" ] || exit 3; exec find "$1" -name .git -prune -o \\( -type f -o -xtype f \\) -print0'
        try:
            out = self._run(["sh", "-c", script, "sh", rel], what=f"list {path}")
        except SandboxError as exc:
            if "(exit 3)" in str(exc):
                raise SandboxError(f"no directory {path!r} in the workspace") from None
            raise
        return sorted(p.decode(errors="surrogateescape").removeprefix("./") for p in out.split(b"\0") if p)

    def snapshot(self) -> bytes:
        script = (
            "find . -mindepth 1 -printf '%P\\0' | LC_ALL=C sort -z"
            " | tar --null --no-recursion --ignore-failed-read -cf - -T -"
        )
        return self._run(["sh", "-c", script], what="snapshot")

    def restore(self, tar: bytes) -> None:
        script = "chmod -R u+w . 2>/dev/null; find . -mindepth 1 -delete && exec tar -xf -"
        self._run(["sh", "-c", script], tar, what="restore")

    def copy_in(self, src: Path, overlay: dict[str, bytes] | None = None) -> None:
        """Copy the directory `src` (without caches) plus `overlay` files into the workspace."""
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w") as tf:
            for item in sorted(src.iterdir()):
                tf.add(item, arcname=item.name, filter=lambda m: None if _CACHES & set(Path(m.name).parts) else m)
            for name, data in (overlay or {}).items():
                info = tarfile.TarInfo(safe_relpath(name))
                info.size, info.mode = len(data), 0o644
                tf.addfile(info, io.BytesIO(data))
        self._run(["tar", "-xf", "-"], buf.getvalue(), what=f"copy of {src}")

    # --- lifetime ---------------------------------------------------------------------------------------
    def close(self) -> None:
        """Remove the container (idempotent; if interrupted, the exit hook or the engine finishes the job)."""
        with _live_lock:
            live = self.name in _live
        if live:
            with contextlib.suppress(docker.errors.NotFound):
                try:
                    self._api.remove_container(self.name, force=True)
                except docker.errors.APIError as exc:
                    if exc.status_code != 409:  # removal already in progress
                        raise
            for _ in range(200):  # a removal the engine had already begun (auto_remove) ends within moments
                try:
                    self._api.inspect_container(self.name)
                except docker.errors.NotFound:
                    break
                time.sleep(0.05)
            with _live_lock:
                _live.pop(self.name, None)
            self.id = ""
        if self._attach is not None:
            sock = getattr(self._attach, "_sock", self._attach)
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
            self._attach.close()
            self._attach = None

    def __enter__(self) -> DockerSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
