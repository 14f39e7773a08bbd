"""Run one (model, task, round): render the stack, start the sandbox, drive the agent turn by turn, record."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from pathlib import Path

from .agents.base import Agent, Conversation
from .agents.tools import ToolBox
from .entries import TaskEntry
from .evidence import is_generated
from .sandbox.base import Sandbox, tar_members
from .sandbox.local import from_directory
from .schema import RunKey
from .stack import Stack
from .trajectory import Commit, GitState, Recording, Trajectory, TurnRecord, Usage

SandboxFromRepo = Callable[[Path, dict[str, bytes]], Sandbox]


def local_sandbox(repo: Path, overlay: dict[str, bytes]) -> Sandbox:
    """The default backend: a git-initialised local copy of the task repo."""
    return from_directory(repo, overlay=overlay)


class RunInterrupted(KeyboardInterrupt):
    """The session was interrupted: the trajectory stops before its next user turn and is not recorded."""


def run_trajectory(
    key: RunKey,
    entry: TaskEntry,
    stack: Stack,
    agent: Agent,
    fingerprint: str,
    make_sandbox: SandboxFromRepo = local_sandbox,
    stop: Callable[[], bool] = lambda: False,
) -> Recording:
    """Play every user turn of `entry` with `agent`. Any exception ends the run as `failed` with its cause;
    `stop()` turning true (the session was interrupted) raises `RunInterrupted` before the next user turn."""
    started = time.time()
    clock = time.monotonic()
    task = entry.task
    traj = Trajectory(
        key=key,
        fingerprint=fingerprint,
        agent=agent.name,
        model_id=agent.model_id,
        system_prompt=stack.system_prompt,
        tools=stack.tools,
        placement=stack.placement,
        started=started,
    )
    rec = Recording(traj)
    box: Sandbox | None = None
    conversation: Conversation | None = None
    try:
        path, text = stack.project_file
        box = make_sandbox(entry.repo, {path: text.encode()} if path else {})
        traj.sandbox = box.backend
        base = box.exec("git rev-parse -q --verify HEAD", timeout=60).stdout.strip()
        rec.snapshots[traj.initial_snapshot] = box.snapshot()
        toolbox = ToolBox(box, stack.tools, stack.skills, {t.name: t.command for t in task.tools})
        conversation = agent.open(stack, toolbox)
        for i, (turn, text) in enumerate(zip(task.turns, stack.turns, strict=True)):
            if traj.end_reason != "completed":
                break  # a run budget is used up: the remaining user turns never arrive
            if stop():
                raise RunInterrupted(f"{key.id}: the session was interrupted before user turn {i}")
            before = box.snapshot() if turn.read_only else None
            result = conversation.send(text)
            if result.run_ended is not None:
                traj.end_reason = result.run_ended
            name = f"turn-{i}.tar"
            rec.snapshots[name] = box.snapshot()
            restored = changed_files(before, rec.snapshots[name]) if before is not None else []
            if restored:
                box.restore(before)
            traj.turns.append(
                TurnRecord(
                    index=i,
                    intent=str(turn.intent),
                    user=text,
                    steps=result.steps,
                    reply=result.reply,
                    stop_reason=result.stop_reason,
                    snapshot=name,
                    restored=restored,
                )
            )
        rec.snapshots[traj.final_snapshot] = box.snapshot()
        traj.git = git_state(box, base)
    except Exception as exc:  # the run broke: record why; its rule items become errors
        traj.status = "failed"
        traj.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
        if isinstance(getattr(exc, "exchange", None), dict):
            traj.extra["failed_call"] = exc.exchange  # the model call that gave up: request and every attempt
    finally:
        if conversation is not None:
            conversation.close()
        if box is not None:
            box.close()
    traj.model_id = agent.model_id
    if limited := rate_limited(traj):
        traj.extra["rate_limited"] = limited
    traj.usage = sum((s.usage for t in traj.turns for s in t.steps), Usage())
    costs = [s.cost for t in traj.turns for s in t.steps if s.cost is not None]
    traj.cost = sum(costs) if costs else None
    traj.duration = time.monotonic() - clock
    return rec


def rate_limited(traj: Trajectory) -> int:
    """How many of the run's model requests (retries included) a provider answered with HTTP 429."""
    exchanges = [s.exchange for t in traj.turns for s in t.steps if s.exchange]
    if isinstance(traj.extra.get("failed_call"), dict):
        exchanges.append(traj.extra["failed_call"])
    return sum(a.get("status") == 429 for e in exchanges for a in e.get("attempts", []) if isinstance(a, dict))


def changed_files(before: bytes, after: bytes) -> list[str]:
    """The workspace files two snapshots disagree on (created, modified or deleted; tool caches and git internals
    left out), sorted."""
    a, b = ({p: d for p, d in tar_members(t).items() if not is_generated(p)} for t in (before, after))
    return sorted(p for p in a.keys() | b.keys() if a.get(p) != b.get(p))


_SEP, _END = "\x1f", "\x1e"


def git_state(box: Sandbox, base: str = "") -> GitState:
    """Branch, branch heads, all commits (newest first) and porcelain status of the workspace; `base` is the
    commit the run started from."""

    def git(args: str) -> str:
        res = box.exec(f"git {args}", timeout=60)
        if res.exit_code != 0:
            raise RuntimeError(f"git {args} failed: {res.output.strip()}")
        return res.stdout

    branch = git("rev-parse --abbrev-ref HEAD").strip()
    heads = dict(
        line.split(" ", 1)[::-1]
        for line in git("for-each-ref --format='%(objectname) %(refname:short)' refs/heads").splitlines()
        if line.strip()
    )
    log = git(f"log --branches --date-order --format='%H{_SEP}%s{_SEP}%b{_SEP}%an{_END}'")
    commits = []
    for chunk in log.split(_END):
        fields = chunk.strip("\n").split(_SEP)
        if len(fields) == 4:
            sha, subject, body, author = fields
            commits.append(
                Commit(
                    sha=sha,
                    subject=subject,
                    body=body.strip(),
                    author=author,
                    branch_heads=sorted(b for b, h in heads.items() if h == sha),
                )
            )
    dirty = [line for line in git("status --porcelain").splitlines() if line.strip()]
    return GitState(base=base, branch=branch, branches=sorted(heads), heads=heads, commits=commits, dirty=dirty)
