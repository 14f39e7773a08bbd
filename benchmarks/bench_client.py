"""Per-trajectory overhead of a model-backed run: one trajectory of 10 user turns x 4 tool calls (bash `true`)
through the real OpenAI client against a zero-latency loopback server, played by the harness (tool loop, local
sandbox, per-turn snapshots, the recorded exchange) against a minimal hand-written loop on the same SDK making the
same calls and running the same commands (the floor), in the same process, interleaved, median of 5. Inspect AI
is added when `inspect-ai` is installed (optional)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

sys.path.insert(0, str(ROOT))
from pytest_harnessif.agents.loop import ToolLoopAgent
from pytest_harnessif.agents.registry import make_client
from pytest_harnessif.library import load_task
from pytest_harnessif.runner import run_trajectory
from pytest_harnessif.schema import RunKey
from pytest_harnessif.stack import render
from tests.support.loopback import LoopbackServer, tool_loop

TURNS, CALLS, REPEAT = 10, 4, 5


def task(root: Path) -> Path:
    folder = root / "bench" / "loop"
    (folder / "repo").mkdir(parents=True)
    (folder / "repo" / "README.md").write_text("# bench\n")
    turns = "".join(f"  - intent: explain\n    text: request {n}\n" for n in range(TURNS))
    (folder / "task.yaml").write_text(
        f"id: loop\nscenario: bench\ntitle: t\nlanguages: [python]\nrole: r\nturns:\n{turns}rules: []\n"
    )
    return folder


def harness(folder: Path, url: str) -> float:
    entry = load_task(folder)
    start = time.perf_counter()
    agent = ToolLoopAgent(make_client(f"openai/bench@{url}"), name="bench")
    rec = run_trajectory(RunKey(model="bench", task="loop", round=1), entry, render(entry, {}, {}), agent, "fp")
    assert rec.trajectory.status == "ok", rec.trajectory.error
    return time.perf_counter() - start


def minimal(folder: Path, url: str) -> float:
    """The floor: the SDK's own `create`, the conversation kept as dicts, each command run with subprocess."""
    import openai

    start = time.perf_counter()
    client = openai.OpenAI(base_url=url, api_key="bench", max_retries=0)
    tools = [{"type": "function", "function": {"name": "bash", "description": "Run a command.",
                                               "parameters": {"type": "object", "properties": {"command": {
                                                   "type": "string"}}, "required": ["command"]}}}]  # fmt: skip
    messages: list[dict] = [{"role": "system", "content": "You are a coding agent."}]
    with tempfile.TemporaryDirectory() as work:
        for n in range(TURNS):
            messages.append({"role": "user", "content": f"request {n}"})
            while True:
                reply = client.chat.completions.create(model="bench", messages=messages, tools=tools)
                message = reply.choices[0].message
                messages.append(message.model_dump(exclude_none=True))
                if not message.tool_calls:
                    break
                for call in message.tool_calls:
                    out = subprocess.run(["bash", "-c", "true"], cwd=work, capture_output=True, text=True)
                    messages.append({"role": "tool", "tool_call_id": call.id, "content": f"exit {out.returncode}"})
    client.close()
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, LoopbackServer("openai", respond=tool_loop("openai", CALLS)) as srv:
        folder = task(Path(tmp))
        runs: dict[str, list[float]] = {"harness": [], "minimal": []}
        harness(folder, srv.base_url)  # warm: SDK import, first connection
        for _ in range(REPEAT):
            runs["harness"].append(harness(folder, srv.base_url))
            runs["minimal"].append(minimal(folder, srv.base_url))
    h, m = (statistics.median(runs[k]) for k in ("harness", "minimal"))
    calls = TURNS * (CALLS + 1)
    print(f"one trajectory, {TURNS} turns x {CALLS} tool calls ({calls} model calls), zero-latency loopback:")
    print(f"  minimal SDK loop (floor): {m:6.3f} s")
    more = (h - m) / calls * 1000
    print(f"  harness:                  {h:6.3f} s  ratio {h / m:.2f}x  ({more:+.1f} ms per call)")
    try:
        import inspect_ai  # noqa: F401
    except ImportError:
        print("  Inspect AI: not installed (pip install inspect-ai to compare)")


if __name__ == "__main__":
    main()
