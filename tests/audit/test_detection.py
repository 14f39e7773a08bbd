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


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("mini-swe-agent/broken/bad-json.traj.json", ":4: not JSON"),
        ("mini-swe-agent/broken/arguments-not-json.traj.json", "'messages[2].tool_calls': arguments not JSON"),
        ("swe-agent/broken/only-demonstrations.traj", "'history': no user message"),
    ],
)
def test_a_broken_document_names_its_line_or_field(name: str, says: str) -> None:
    from pytest_harnessif.audit.sessions import read

    with pytest.raises(LogError) as caught:
        read(LOGS / name)
    assert name.rsplit("/", 1)[1] in str(caught.value) and says in str(caught.value)
