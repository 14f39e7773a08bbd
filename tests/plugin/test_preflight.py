"""Preflight: a dead URL or a refused key for a model or the judge is one usage error before collection, naming
the option, the URL or variable and what to do; one probe per endpoint, none from xdist workers."""

from __future__ import annotations

import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..support.loopback import LoopbackServer, Provider, tool_loop

MINI = Path(__file__).resolve().parents[1] / "data" / "minipanel"


@pytest.fixture
def panel(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    for provider in ("OPENAI", "ANTHROPIC"):
        monkeypatch.setenv(f"{provider}_API_KEY", "sk-preflight")
        monkeypatch.delenv(f"{provider}_BASE_URL", raising=False)
    return pytester.path


@pytest.fixture(params=["openai", "anthropic"])
def server(request: pytest.FixtureRequest) -> Iterator[LoopbackServer]:
    provider: Provider = request.param
    with LoopbackServer(provider, respond=tool_loop(provider, 1)) as srv:
        yield srv


def dead_url() -> str:
    """A loopback port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def usage_error(pytester: pytest.Pytester, *args: str) -> str:
    result = pytester.runpytest(*args, "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR, result.stdout.str()[-2000:]
    assert "collected" not in result.stdout.str()
    return result.stderr.str()


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_dead_model_url_is_one_usage_error(pytester: pytest.Pytester, panel: Path, provider: str) -> None:
    url = dead_url()
    err = usage_error(pytester, f"--harness-model={provider}/m@{url}")
    assert f"--harness-model={provider}/m@{url}: cannot connect to {url.removesuffix('/v1')}" in err
    assert "--harness-preflight=no" in err and "Traceback" not in err
    assert not (panel / "reports").exists() and not (panel / ".harnessif").exists()


def test_a_refused_key_names_the_variable(pytester: pytest.Pytester, panel: Path, server: LoopbackServer) -> None:
    server.models_status = 401
    err = usage_error(pytester, f"--harness-model={server.provider}/m@{server.base_url}")
    variable = "OPENAI_API_KEY" if server.provider == "openai" else "ANTHROPIC_API_KEY"
    assert "refused the API key (HTTP 401)" in err and f"check {variable}" in err
    assert server.requests == []


def test_a_dead_judge_is_one_usage_error(pytester: pytest.Pytester, panel: Path) -> None:
    url = dead_url()
    err = usage_error(pytester, "--harness-model=gold", f"--harness-judge=openai/judge@{url}")
    assert f"--harness-judge=openai/judge@{url}: cannot connect" in err


def test_one_probe_per_endpoint_from_the_controller_only(
    pytester: pytest.Pytester, panel: Path, server: LoopbackServer
) -> None:
    """Two specs on one endpoint, two xdist workers: one probe, then the run goes on."""
    spec = f"{server.provider}/m@{server.base_url}"
    result = pytester.runpytest(
        f"--harness-model={spec}", f"--harness-judge={spec}", "-n", "2", "-p", "no:cacheprovider"
    )
    assert result.ret in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), result.stdout.str()[-2000:]
    assert server.probes == 1 and server.requests


def test_preflight_no_skips_the_probe(pytester: pytest.Pytester, panel: Path, server: LoopbackServer) -> None:
    server.models_status = 401  # a server whose model list refuses the key but whose completions work
    result = pytester.runpytest(
        f"--harness-model={server.provider}/m@{server.base_url}", "--harness-preflight=no", "-p", "no:cacheprovider"
    )
    assert result.ret in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), result.stdout.str()[-2000:]
    assert server.probes == 0 and server.requests
