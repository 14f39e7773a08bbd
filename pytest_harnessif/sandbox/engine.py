"""The container engine this process talks to: one docker client per process (probed fast, failing with a reason),
and removal of harnessif containers by label (`harnessif sandbox prune`, the cleanup backstop)."""

from __future__ import annotations

import contextlib
import os
import socket

import docker
import docker.errors

from .base import SandboxError

LABEL = "harnessif"
OP_TIMEOUT = 600.0  # seconds for file transfers and snapshots


_clients: dict[tuple[int, str | None], docker.DockerClient] = {}


def engine(timeout: float = 2.0, host: str | None = None) -> docker.DockerClient:
    """This process's docker client of the engine at `host` (`tcp://...`, `ssh://...`, `unix://...`; default:
    DOCKER_HOST, else the local socket); SandboxError saying why when no engine answers within `timeout`."""
    key = (os.getpid(), host)
    if key not in _clients:
        if any(pid != key[0] for pid, _ in _clients):
            _clients.clear()  # a forked child must not share its parent's connections
        _probe_unix_socket(timeout, host)
        try:
            client = (
                docker.DockerClient(base_url=host, timeout=timeout, use_ssh_client=host.startswith("ssh://"))
                if host
                else docker.from_env(timeout=timeout)
            )
            client.ping()
        except docker.errors.DockerException as exc:
            reason = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
            raise SandboxError(f"no container engine answered ({reason})") from None
        client.api.timeout = OP_TIMEOUT
        _clients[key] = client
    return _clients[key]


def _probe_unix_socket(timeout: float, host: str | None) -> None:
    """Fail at once, leaking nothing, when the engine's unix socket is missing or nobody listens on it."""
    host = host or os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
    if not host.startswith("unix://"):
        return
    path = host.removeprefix("unix://")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(timeout)
        try:
            probe.connect(path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise SandboxError(f"no container engine answered (nothing listens on {path}: {reason})") from None


def prune(client: docker.DockerClient, run: str | None = None) -> int:
    """Remove harnessif containers (of one run, or all of them); returns how many were removed."""
    labels = [f"{LABEL}=1"] + ([f"{LABEL}.run={run}"] if run else [])
    removed = 0
    for container in client.containers.list(all=True, filters={"label": labels}):
        with contextlib.suppress(docker.errors.NotFound):
            try:
                container.remove(force=True)
            except docker.errors.APIError as exc:
                if exc.status_code != 409:  # 409: removal already in progress (auto_remove)
                    raise
            removed += 1
    return removed
