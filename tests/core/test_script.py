"""agents/script: the gold script format and its gold/default readings."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from pytest_harnessif.script import Call, Script

SCRIPT = """
turns:
  - steps:
      - tool: read_file
        args: {path: a.py}
      - tool: edit_file
        args: {path: a.py, old: x, new: y}
        default:
          tool: write_file
          args: {path: a.py, content: y}
      - tool: bash
        args: {command: pytest -q}
        default: null
      - tool: bash
        args: {command: ruff check .}
        only: gold
      - tool: bash
        args: {command: echo habit}
        only: default
    reply: Done. DONE
    default_reply: Done.
  - steps:
      - calls:
          - {tool: bash, args: {command: git status}}
          - {tool: bash, args: {command: git diff}}
      - text: just talking
    reply: Committed.
"""


def _script(text: str = SCRIPT) -> Script:
    data: Any = yaml.safe_load(text)
    return Script.model_validate(data)


def _flat(reading: list[list[Call]]) -> list[tuple[str, dict[str, Any]]]:
    return [(c.tool, c.args) for step in reading for c in step]


def test_gold_reading() -> None:
    (steps, reply), (steps2, reply2) = _script().reading("gold")
    assert reply == "Done. DONE"
    assert [len(s) for s in steps] == [1, 1, 1, 1]
    assert _flat(steps) == [
        ("read_file", {"path": "a.py"}),
        ("edit_file", {"path": "a.py", "old": "x", "new": "y"}),
        ("bash", {"command": "pytest -q"}),
        ("bash", {"command": "ruff check ."}),
    ]
    assert [len(s) for s in steps2] == [2]  # a step with neither tool nor calls is not a message
    assert reply2 == "Committed."


def test_default_reading() -> None:
    (steps, reply), (steps2, reply2) = _script().reading("default")
    assert _flat(steps) == [
        ("read_file", {"path": "a.py"}),  # no `default`: same as gold
        ("write_file", {"path": "a.py", "content": "y"}),  # replaced
        ("bash", {"command": "echo habit"}),  # `default: null` dropped, `only: gold` dropped
    ]
    assert reply == "Done."  # default_reply
    assert reply2 == "Committed."  # no default_reply: the gold reply
    assert _flat(steps2) == [("bash", {"command": "git status"}), ("bash", {"command": "git diff"})]


def test_script_validation() -> None:
    with pytest.raises(ValidationError):
        Script.model_validate({"turns": []})
    with pytest.raises(ValidationError):
        Script.model_validate({"turns": [{"reply": ""}]})
    with pytest.raises(ValidationError):
        Script.model_validate({"turns": [{"reply": "ok", "steps": [{"tool": "bash", "only": "sometimes"}]}]})
    with pytest.raises(ValidationError):
        Script.model_validate({"turns": [{"reply": "ok", "stesp": []}]})
