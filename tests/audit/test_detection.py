"""Every format is told from its content alone: each fixture is claimed by its own importer and no other."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_harnessif.audit.record import LogError
from pytest_harnessif.audit.rulesfile import AuditRules
from pytest_harnessif.audit.sessions import IMPORTERS, detect, discover, load

LOGS = Path(__file__).parent / "logs"
GOOD = sorted(p for p in LOGS.rglob("*") if p.is_file() and "broken" not in p.parts)


@pytest.mark.parametrize("path", GOOD, ids=[str(p.relative_to(LOGS)) for p in GOOD])
def test_each_fixture_is_detected_as_its_own_format(path: Path) -> None:
    assert path.relative_to(LOGS).parts[0] == detect(path, path.read_text()).FORMAT


def test_every_format_has_fixtures_and_broken_files() -> None:
    assert {p.relative_to(LOGS).parts[0] for p in GOOD} == set(IMPORTERS)
    assert {p.relative_to(LOGS).parts[0] for p in LOGS.glob("*/broken/*")} == set(IMPORTERS)


def test_a_whole_folder_imports_with_one_error_per_broken_file() -> None:
    sessions, errors = load([LOGS], AuditRules(rules=["TU-003"], commands={}))
    broken = [f for f, _ in discover([LOGS]) if "broken" in f.parts]
    assert len(sessions) == len(GOOD)
    assert sorted(Path(e.source) for e in errors) == sorted(broken)
    assert all(isinstance(e, LogError) and Path(e.source).name in str(e) for e in errors)


BROKEN = {
    "claude-code/broken/bad-line.jsonl": ":2: not JSON",
    "claude-code/broken/bad-tool.jsonl": ":2: a tool_use block needs `id`, `name` and an `input` object",
    "codex/broken/bad-arguments.jsonl": ":3: function_call `arguments` is not JSON",
    "codex/broken/call-before-user.jsonl": ":2: the assistant acts before any user message",
    "codex/broken/payload-not-object.jsonl": ":2: a rollout line needs a known `type` and an object `payload`",
    "codex/broken/truncated-line.jsonl": ":3: not JSON",
    "generic/broken/assistant-first.jsonl": ":1: an assistant message or tool call before any user line",
    "generic/broken/late-session-line.jsonl": ":2: a session line comes first",
    "generic/broken/tool-without-name.jsonl": ":2: name: Field required",
    "generic/broken/truncated-line.jsonl": ":2: not JSON",
    "mini-swe-agent/broken/arguments-not-json.traj.json": ": field 'messages[2].tool_calls': arguments not JSON",
    "mini-swe-agent/broken/bad-json.traj.json": ":4: not JSON",
    "openhands/broken/agent-first.jsonl": ":1: the agent acts before any user message",
    "openhands/broken/args-not-object.json": ": event 1: `args` must be an object",
    "openhands/broken/no-source.jsonl": ":2: an event needs a `source` and an `action` or `observation`",
    "openhands/broken/truncated-line.jsonl": ":2: not JSON",
    "swe-agent/broken/no-action.traj": ": field 'trajectory[0].action': missing or not a string",
    "swe-agent/broken/only-demonstrations.traj": ": field 'history': no user message (the task)",
}


def test_every_broken_file_has_its_expected_message() -> None:
    assert sorted(BROKEN) == sorted(str(p.relative_to(LOGS)) for p in LOGS.glob("*/broken/*"))


@pytest.mark.parametrize(("name", "says"), BROKEN.items(), ids=list(BROKEN))
def test_a_broken_log_names_its_file_and_line_or_field(name: str, says: str) -> None:
    from pytest_harnessif.audit.sessions import read

    path = LOGS / name
    with pytest.raises(LogError) as caught:
        read(path)
    assert str(caught.value).startswith(f"{path}{says}")
