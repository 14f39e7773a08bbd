"""Per-trajectory overhead of a model-backed run: one trajectory of 10 user turns x 4 tool calls (bash `true`)
through the real OpenAI client against a zero-latency loopback server, played by the harness (tool loop, local
sandbox, per-turn snapshots, the recorded exchange) against a minimal hand-written loop on the same SDK making the
same calls and running the same commands (the floor), in the same process, interleaved, median of 5. Inspect AI
on the same scripted work is added when `inspect-ai` is installed (optional)."""

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


def inspect_ai_run(folder: Path, url: str) -> float:
    """Inspect AI on the same work: its OpenAI provider, a bash tool run with a subprocess, the 10 user turns
    each generated with `tool_calls="loop"`, logs to a temporary directory, no display."""
    import asyncio
    import os

    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import ChatMessageUser
    from inspect_ai.solver import Generate, TaskState, solver
    from inspect_ai.tool import tool

    @tool
    def bash():  # type: ignore[no-untyped-def]
        async def execute(command: str) -> str:
            """Run a shell command.

            Args:
                command: The command to run.
            """
            proc = await asyncio.create_subprocess_exec("bash", "-c", command, cwd=folder,
                                                        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
            out, err = await proc.communicate()
            return f"exit {proc.returncode}\n{out.decode()}{err.decode()}"

        return execute

    @solver
    def turns():  # type: ignore[no-untyped-def]
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            state.tools = [bash()]
            for n in range(TURNS):
                if n:
                    state.messages.append(ChatMessageUser(content=f"request {n}"))
                state = await generate(state, tool_calls="loop")
            return state

        return solve

    os.environ["OPENAI_API_KEY"] = "bench"
    with tempfile.TemporaryDirectory() as logs:
        start = time.perf_counter()
        [log] = inspect_eval(Task(dataset=[Sample(input="request 0")], solver=turns()), model="openai/bench",
                             model_base_url=url, model_args={"responses_api": False}, display="none",
                             log_dir=logs, score=False)  # fmt: skip
        elapsed = time.perf_counter() - start
        assert log.status == "success", log.error.message if log.error else log.status
        assistant = sum(m.role == "assistant" for m in log.samples[0].messages)  # type: ignore[index]
        assert assistant == TURNS * (CALLS + 1), f"Inspect AI made {assistant} model calls"
    return elapsed


def main() -> None:
    try:
        import inspect_ai
    except ImportError:
        inspect_ai = None
    with tempfile.TemporaryDirectory() as tmp, LoopbackServer("openai", respond=tool_loop("openai", CALLS)) as srv:
        folder = task(Path(tmp))
        kinds = ["harness", "minimal", *(["inspect"] if inspect_ai else [])]
        play = {"harness": harness, "minimal": minimal, "inspect": inspect_ai_run}
        runs: dict[str, list[float]] = {k: [] for k in kinds}
        for kind in kinds:
            play[kind](folder, srv.base_url)  # warm: imports, first connection
        for _ in range(REPEAT):
            for kind in kinds:
                runs[kind].append(play[kind](folder, srv.base_url))
    t = {k: statistics.median(v) for k, v in runs.items()}
    calls = TURNS * (CALLS + 1)
    print(f"one trajectory, {TURNS} turns x {CALLS} tool calls ({calls} model calls), zero-latency loopback:")
    print(f"  minimal SDK loop (floor): {t['minimal']:6.3f} s")
    more = (t["harness"] - t["minimal"]) / calls * 1000
    print(f"  harness:                  {t['harness']:6.3f} s  ratio {t['harness'] / t['minimal']:.2f}x  "
          f"({more:+.1f} ms per call)")
    if "inspect" in t:
        print(f"  Inspect AI {inspect_ai.__version__}:        {t['inspect']:6.3f} s  harness / Inspect AI "
              f"{t['harness'] / t['inspect']:.2f}x")
    else:
        print("  Inspect AI: not installed (pip install inspect-ai to compare)")


if __name__ == "__main__":
    main()
