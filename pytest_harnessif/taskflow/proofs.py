"""Proof scripts (taskflow spec 6): a question is kept only if its script runs, prints evidence and leaves the
repository as it found it, on the base commit and on the gold-patched tree alike (so the question holds before and
after the fix). Each run is recorded; the report ships with the dataset."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ..sandbox.local import from_directory
from ..swe import Instance
from .augment import Question

PROOF_CMD = "python -"
STATUS = "git status --porcelain --ignored --untracked-files=all"
SHOWN = 2000  # characters of a proof's output kept in the report


def _run(tree: Path, question: Question, patch: str | None, timeout: float) -> dict[str, Any]:
    with from_directory(tree) as box:
        if patch is not None:
            applied = box.exec("git apply --whitespace=nowarn -", timeout=120, stdin=patch)
            if applied.exit_code != 0:
                return {"problem": f"the gold patch does not apply: {applied.output.strip()[:300]}"}
        before = box.exec(STATUS, timeout=60).stdout
        start = time.monotonic()
        res = box.exec(PROOF_CMD, timeout=timeout, stdin=question.proof)
        seconds = round(time.monotonic() - start, 3)
        clean = box.exec(STATUS, timeout=60).stdout == before
    problem = (
        f"timed out after {timeout:g} s" if res.timed_out
        else f"exit code {res.exit_code}" if res.exit_code != 0
        else "printed no evidence" if not res.stdout.strip()
        else "changed the repository" if not clean
        else None
    )  # fmt: skip
    run = {"exit_code": res.exit_code, "seconds": seconds, "clean": clean, "stdout": res.stdout[:SHOWN]}
    return {**run, "problem": problem} if problem else run


def prove(tree: Path, instance: Instance, question: Question, timeout: float = 60.0) -> dict[str, Any]:
    """The execution report of one question's proof on the base tree and the gold-patched tree; `kept` when both
    runs passed."""
    runs = {"base": _run(tree, question, None, timeout), "gold": _run(tree, question, instance.patch, timeout)}
    problems = [f"{state}: {run['problem']}" for state, run in runs.items() if run.get("problem")]
    return {"question": question.id, "kept": not problems, "problems": problems, "runs": runs}
