"""A loopback coding model that plays an SWE-TaskFlow dataset's flows, a loopback answer judge, and a session runner
over both (the real OpenAI client talks to them): shared by the SWE-TaskFlow and scale-out tests."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_harnessif.flowdata import load_dataset
from pytest_harnessif.swe import hunks, spread

from ..support.loopback import LoopbackServer, openai_reply

Body = dict[str, Any]
Reply = Callable[[Body], Body]


def run_dir(root: Path) -> Path:
    return max((root / "reports").iterdir(), key=lambda p: p.stat().st_mtime)


def rows(root: Path) -> list[dict[str, Any]]:
    text = (run_dir(root) / "taskflow_rows.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def flow_bot(dataset: Path, config: str, meddle: bool = False, wrong: bool = False) -> Reply:
    """A loopback coding model that plays each task's flow: on an issue turn it applies its share of the gold
    patch through bash, on a question turn it answers with the reference (or, `wrong`, does not know); `meddle`
    makes it edit the repository during question turns first."""
    entries = {e.instance.repo: e for e in load_dataset(dataset, config).values()}

    def respond(body: Body) -> Body:
        messages = body["messages"]
        system = messages[0]["content"]
        entry = next(e for repo, e in entries.items() if f"on the {repo} repository" in system)
        flow = entry.flow
        turn = sum(m["role"] == "user" for m in messages) - 1
        since = messages[max(i for i, m in enumerate(messages) if m["role"] == "user"):]
        steps = sum(m["role"] == "assistant" for m in since)
        kind = flow.turns[turn]
        if kind.kind == "question":
            if meddle and steps == 0:
                script = "echo '# scratch' >> README.md && echo notes > NOTES.txt"
                return openai_reply("", [("bash", {"command": script})])
            return openai_reply("I am not sure." if wrong else kind.reference or "")
        if steps == 0:
            share = spread(hunks(entry.instance.patch), len(flow.issue_turns))[flow.issue_turns.index(turn)]
            command = "git apply - <<'EOF'\n" + "".join(share) + "EOF"
            return openai_reply("", [("bash", {"command": command})])
        return openai_reply("Done: the change is in and the tests I ran pass.")

    return respond


_SECTION = re.compile(r"## Reference answer \(hidden from the agent\)\n(.*?)\n\n## Evidence chain.*?"
                      r"## The agent's answer\n(.*)\n$", re.S)  # fmt: skip


def fair_judge(body: Body) -> Body:
    """A loopback answer judge: correct when the answer states the reference."""
    reference, answer = _SECTION.search(body["messages"][-1]["content"]).groups()  # type: ignore[union-attr]
    correct = reference.strip() in answer
    return openai_reply(json.dumps({"correct": correct, "rationale": "states the reference" if correct else "no"}))


def session(pytester: pytest.Pytester, dataset: Path, config: str, *args: str, bot: Reply | None = None,
            judge: Reply | None = fair_judge, model: LoopbackServer | None = None,
            ) -> tuple[pytest.RunResult, list[Body], list[Body]]:  # fmt: skip
    """One session with the flow bot (on `model` when given: its URL names the model) and a judge when given;
    returns the result and the requests both servers received in it."""
    pytester.makefile(".yaml", prices="flow-bot: {input: 2.0, output: 8.0}\n")
    with LoopbackServer("openai", respond=bot or flow_bot(dataset, config)) as own, \
            LoopbackServer("openai", respond=judge or fair_judge) as grader:  # fmt: skip
        server = model or own
        before = len(server.requests)
        judged = [f"--harness-judge=openai/grader@{grader.base_url}"] if judge else []
        result = pytester.runpytest(
            f"--harness-taskflow={dataset}", f"--harness-taskflow-config={config}",
            f"--harness-model=openai/flow-bot@{server.base_url}", "--harness-prices=prices.yaml", *judged,
            "--harness-max-retries=0", "-p", "no:cacheprovider", *args,
        )  # fmt: skip
        return result, [r.body for r in server.requests[before:]], [r.body for r in grader.requests]
