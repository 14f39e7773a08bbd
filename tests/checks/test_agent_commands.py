"""The command reader against a corpus of agent command lines written for the project (`tests/data/
agent_commands.yaml`: 740+ lines in the styles of mini-swe-agent, SWE-agent, Claude Code, Codex, OpenHands, Cursor,
aider and people, each with the reading a bash expert gives it). Every line's reading — runs tests? lints? git
subcommands? files written? programs? — is what `harnessif read-command` prints and what the checks see.
`benchmarks/reading_accuracy.py` prints precision and recall per question."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from pytest_harnessif.checks.projectfiles import EMPTY, Project
from pytest_harnessif.checks.shell import read_command

CORPUS = Path(__file__).resolve().parents[1] / "data" / "agent_commands.yaml"
DATA = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))
CONTEXTS = {name: Project({p: t.encode() for p, t in files.items()}) for name, files in DATA["contexts"].items()}
QUESTIONS = ("runs_tests", "runs_lint", "git", "writes", "programs")


def comparable(reading: dict[str, Any]) -> dict[str, Any]:
    """A reading with order left out where the corpus does not fix it: git subcommands as a multiset (a `$(...)`
    runs before the command around it), writes and programs as sets."""
    return {"runs_tests": reading["runs_tests"], "runs_lint": reading["runs_lint"],
            "git": sorted(reading["git"]), "writes": sorted(set(reading["writes"])),
            "programs": sorted(set(reading["programs"]))}


def _param(i: int, entry: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=entry["known_limit"])] if "known_limit" in entry else []
    return pytest.param(entry, id=f"{i:03d}-{entry['style']}", marks=marks)


@pytest.mark.parametrize("entry", [_param(i, e) for i, e in enumerate(DATA["commands"])])
def test_the_reading_of_an_agent_command(entry: dict[str, Any]) -> None:
    got = read_command(entry["cmd"], CONTEXTS.get(entry.get("context", ""), EMPTY))
    assert comparable(got) == comparable(entry), entry.get("note", "")


def test_the_corpus_is_large_varied_and_well_formed() -> None:
    commands = DATA["commands"]
    assert len(commands) >= 300
    styles = Counter(e["style"] for e in commands)
    assert all(styles[s] >= 30 for s in ("mini-swe-agent", "swe-agent", "claude-code", "codex", "openhands",
                                         "cursor")), styles
    assert sum("\n" in e["cmd"] for e in commands) >= 40
    assert all(set(QUESTIONS) <= set(e) and e.get("context", "") in {"", *CONTEXTS} for e in commands)
    keys = [(e["cmd"], e.get("context")) for e in commands]
    assert len(keys) == len(set(keys))
    assert sum(e["runs_tests"] for e in commands) > 100 and sum(e["runs_lint"] for e in commands) > 100
