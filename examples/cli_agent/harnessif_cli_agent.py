"""Example third-party agent: a command-line coding agent driven once per user turn (see README.md)."""

from __future__ import annotations

import hashlib
import json
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from pytest_harnessif.agents.base import TurnResult
from pytest_harnessif.agents.registry import AgentContext, AgentSpec
from pytest_harnessif.agents.tools import ToolBox
from pytest_harnessif.entries import TaskEntry
from pytest_harnessif.schema import RunKey
from pytest_harnessif.stack import Stack
from pytest_harnessif.trajectory import Step, ToolCall


class CliConversation:
    """Writes the surfaces to files outside the workspace, then runs the CLI once per user turn."""

    def __init__(self, program: Path, stack: Stack, toolbox: ToolBox) -> None:
        self.program = program
        self.toolbox = toolbox
        self.home = Path(tempfile.mkdtemp(prefix="cli-agent-"))
        (self.home / "system.md").write_text(stack.system_prompt, encoding="utf-8")
        tools = [t.model_dump() for t in stack.tools]
        (self.home / "tools.json").write_text(json.dumps(tools, indent=1), encoding="utf-8")
        for name, body in stack.skills.items():
            (self.home / "skills" / name).mkdir(parents=True)
            (self.home / "skills" / name / "SKILL.md").write_text(body, encoding="utf-8")
        self.turns = 0

    def send(self, text: str) -> TurnResult:
        cmd = shlex.join(
            [
                sys.executable,
                str(self.program),
                "--system-file",
                str(self.home / "system.md"),
                "--tools-file",
                str(self.home / "tools.json"),
                "--skills-dir",
                str(self.home / "skills"),
                "--prompt",
                text,
            ]
        )
        res = self.toolbox.sandbox.exec(cmd, timeout=300)
        self.turns += 1
        call = ToolCall(
            id=f"cli_{self.turns}",
            name="cli",
            args={"prompt": text},
            output=res.output,
            is_error=res.exit_code != 0,
            command=cmd,
            exit_code=res.exit_code,
            timed_out=res.timed_out,
        )
        return TurnResult([Step(tool_calls=[call])], res.stdout.strip(), "reply" if res.exit_code == 0 else "error")

    def close(self) -> None:
        shutil.rmtree(self.home, ignore_errors=True)


class CliAgent:
    """One CLI program as an Agent."""

    def __init__(self, program: Path) -> None:
        self.program = program
        self.name = f"cli:{program.name}"
        self.model_id = f"cli:{program.name}@{hashlib.sha256(program.read_bytes()).hexdigest()[:12]}"

    def open(self, stack: Stack, toolbox: ToolBox) -> CliConversation:
        return CliConversation(self.program, stack, toolbox)


def pytest_harness_make_agent(spec: str, context: AgentContext, config: object) -> AgentSpec | None:
    """Handle `cli:<path to program>`."""
    if not spec.startswith("cli:"):
        return None
    program = Path(spec.removeprefix("cli:")).resolve()

    def make(entry: TaskEntry, key: RunKey) -> CliAgent:
        return CliAgent(program)

    digest = hashlib.sha256(program.read_bytes()).hexdigest()[:16] if program.is_file() else "missing"
    return AgentSpec(f"cli:{program.stem}", f"command-line agent {program}", make, f"cli:{digest}")
