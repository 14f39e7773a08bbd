"""Preflight: before anything is collected, one cheap request per model endpoint (the session's models and the
judge) proves it answers and takes the key, so a dead URL or a refused key is one usage error in seconds rather
than an error per item after minutes of retries. `--harness-preflight=no` skips it (offline specs never probe)."""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

from .agents.providers._client import ProviderClient
from .agents.registry import AgentContext, ModelSpecError, endpoint, make_client

PROBE_SECONDS = 10.0
SKIP = "skip this check with --harness-preflight=no"


def _problem(option: str, spec: str, ctx: AgentContext) -> str | None:
    client = make_client(spec, ctx)
    try:
        problem = client.probe(PROBE_SECONDS) if isinstance(client, ProviderClient) else None
    finally:
        client.close()
    if problem is None:
        return None
    target = endpoint(spec)
    hint = (
        f"check {'/'.join(target.provider.key_env)}"
        if "API key" in problem
        else f"check the URL ({target.provider.url_env} or @base_url in the spec) and the network"
    )
    return f"{option}={spec}: {problem}; {hint}, or {SKIP}"


def preflight(specs: Iterable[tuple[str, str]], ctx: AgentContext) -> list[str]:
    """What is wrong with each endpoint that `specs` ((option, spec) pairs) name, probed concurrently, one
    probe per (provider, URL); offline and replay specs are not probed."""
    probes: dict[tuple[str, str | None], tuple[str, str]] = {}
    for option, spec in specs:
        try:
            target = endpoint(spec)
        except ModelSpecError:
            continue
        probes.setdefault((target.provider.name, target.base_url), (option, spec))
    if not probes:
        return []
    with ThreadPoolExecutor(max_workers=min(8, len(probes))) as pool:
        found = list(pool.map(lambda pair: _problem(*pair, ctx), probes.values()))
    return [p for p in found if p is not None]
