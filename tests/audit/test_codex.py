"""Codex CLI rollouts: what the importer keeps (turns, commands with exit codes, apply_patch as edits, replies),
detection, malformed rollouts naming file and line, and the verdicts library rules give the sessions."""

from __future__ import annotations

import json

from pytest_harnessif.audit import codex
from pytest_harnessif.audit.sessions import IMPORTERS, detect, read
from pytest_harnessif.evidence import UnloggedExit

from ._outcome import LOGS, calls, imported, outcome

SLUG = LOGS / "codex" / "slugify-bug.jsonl"
CLEANUP = LOGS / "codex" / "exec-command-cleanup.jsonl"
LEGACY = LOGS / "codex" / "legacy-explain.jsonl"


def test_a_rollout_keeps_user_turns_commands_patches_and_replies() -> None:
    log = read(SLUG)
    traj = log.trajectory
    assert log.format == "codex" and traj.model_id == "gpt-5-codex" and traj.key.model == "gpt-5-codex"
    assert traj.system_prompt.startswith("Keep changes minimal.")
    # the injected <user_instructions> and <environment_context> messages are not turns, and each user message
    # (a response item and its user_message event) is one turn
    assert [t.user[:30] for t in traj.turns] == ['`slugify("Héllo  World!")` ret', "Is `slugify` used anywhere els"]
    made = calls(SLUG)
    assert [(c.name, c.command, c.exit_code) for c in made] == [
        ("bash", 'rg -n "def slugify|slugify(" src tests | head -20', 0),
        ("bash", "sed -n '1,40p' src/textkit/slug.py", 0),
        ("bash", "python -c 'from textkit.slug import slugify; print(repr(slugify(\"Héllo  World!\")))'", 1),
        ("bash", "cd src && python -c 'from textkit.slug import slugify; print(repr(slugify(\"Héllo  World!\")))'", 0),
        ("edit_file", None, None),
        ("edit_file", None, None),
        ("write_file", None, None),
        ("bash", "python -m pytest -q 2>&1 | tail -5", 0),
    ]
    assert made[2].is_error and made[2].output.endswith("No module named 'textkit'\n")
    assert made[4].args == {
        "path": "src/textkit/slug.py",
        "old": 'import re\n\n_NON_WORD = re.compile(r"[^a-z0-9]")',
        "new": 'import re\nimport unicodedata\n\n_NON_WORD = re.compile(r"[^a-z0-9]+")',
    }
    assert made[5].args["old"] == '    """A URL slug of `text`."""\n    return _NON_WORD.sub("-", text.lower())'
    assert made[6].args["path"] == "tests/test_slug_unicode.py"  # `apply_patch <<'EOF'` through the shell
    assert made[6].args["content"].endswith('assert slugify("Héllo  World!") == "hello-world"\n')
    assert traj.turns[0].reply.startswith("Fixed `slugify`") and traj.turns[1].reply.startswith("No. The only")
    assert [len(t.steps) for t in traj.turns] == [3, 2]  # agent_message events repeat no assistant message
    assert log.lacks == {"workspace", "git"}


def test_exec_command_outputs_local_shell_calls_and_a_deleted_file() -> None:
    log = read(CLEANUP)
    made = calls(CLEANUP)
    assert [(c.name, c.command, c.exit_code) for c in made] == [
        ("bash", "git grep -n legacy_units -- src tests | head", 0),
        ("bash", "wc -l src/inventory/legacy_units.py src/inventory/units.py", None),  # the output has no code
        ("delete_file", None, None),
        ("edit_file", None, None),
        ("edit_file", None, None),
        ("bash", "uv run pytest -q tests/test_report.py", 1),
        ("bash", "grep -n 'def convert' src/inventory/units.py", 0),
        ("edit_file", None, None),
        ("bash", "uv run pytest -q 2>&1 | tail -3", 0),
    ]
    assert made[0].output == "src/inventory/report.py:1:from inventory.legacy_units import to_kg\n"
    assert made[5].output.startswith("F..") and made[5].is_error
    assert made[2].args == {"path": "src/inventory/legacy_units.py"}
    assert [t.user[:20] for t in log.trajectory.turns] == ["`src/inventory/legac"]  # AGENTS.md is no turn
    assert log.trajectory.turns[0].reply.startswith("Removed `src/inventory/legacy_units.py`")
    assert log.lacks == {"workspace", "git", "exit_codes"}
    assert log.trajectory.model_id == "gpt-5.1-codex-max" and log.trajectory.system_prompt == ""


def test_a_rollout_without_user_message_events_takes_the_response_items() -> None:
    log = read(LEGACY)
    traj = log.trajectory
    assert [t.user for t in traj.turns] == [
        "Explain what `retry_after` in src/httpkit/backoff.py returns when the header is missing."
    ]
    made = calls(LEGACY)
    assert [(c.command, c.exit_code, c.is_error) for c in made] == [
        ("pyest -q tests/test_backoff.py", 127, True),  # the code from its exec_command_end event
        ("nl -ba src/httpkit/backoff.py", 0, False),
    ]
    assert traj.turns[0].reply.startswith("When the header is missing") and traj.model_id is None
    assert log.lacks == {"workspace", "git"}


def test_detection_picks_codex_and_codex_claims_no_other_format() -> None:
    for path in sorted((LOGS / "codex").rglob("*.jsonl")):
        text = path.read_text()
        first = json.loads(text.splitlines()[0])
        assert [f for f, m in IMPORTERS.items() if m.sniff(first)] == ["codex"]
        if path.parent.name != "broken":
            assert detect(path, text) is codex
    for path in sorted(LOGS.rglob("*.json*")):
        if "codex" in path.relative_to(LOGS).parts:
            continue
        text = path.read_text()
        objs = [json.loads(part) for part in (text, text.splitlines()[0]) if _parses(part)]
        assert not any(codex.sniff(obj) for obj in objs), path


def _parses(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def test_verdicts_of_library_rules_on_codex_sessions() -> None:
    s = imported(SLUG, commands={"test": "python -m pytest -q"})
    known = {
        "TU-010": "fail",  # `sed -n '1,40p' src/textkit/slug.py` prints a file through bash
        "TU-016": "fail",  # `cd src && python -c ...` chains two commands
        "TU-011": "fail",  # `grep -rn "slugify" src --include=*.py` caps nothing (the `rg | head` does)
        "TU-003": "pass",  # the shell's `apply_patch <<'EOF'` is an edit, not a file written through bash
        "OC-004": "pass",  # no reply opens with a filler preamble
        "OC-001": "fail",  # no STATUS line ends the final reply
        "CS-001": "unlogged",  # the code as written lives in the workspace, which the log does not keep
        "WF-012": "unlogged",  # commits: the git history is not in the log
    }
    assert {rule: outcome(rule, s) for rule in known} == known
    cleanup = imported(CLEANUP)
    known = {"TU-011": "pass", "TU-016": "pass", "OC-017": "pass"}  # `git grep ... | head` is capped
    assert {rule: outcome(rule, cleanup) for rule in known} == known
    code = cleanup.run.commands[1].exit_code
    assert isinstance(code, UnloggedExit) and format(code) == "?"
