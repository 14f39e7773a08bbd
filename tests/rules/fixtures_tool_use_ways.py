"""TU-019 fixtures written three ways: an agent reading through `read_file` while it edits and runs tests its own way
(the tool-use rules' other fixtures live in `fixtures_tool_use*.py`; the test merges a rule's fixtures from every
module)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Read, Tests, turn_of

from .fixtures_workflow_ways import Repo, families, played


def tu019_read_again_after_the_fix(repo: Repo) -> dict[str, Run]:
    return played(repo, turn_of("Fix the bug", "Fixed.", Read(repo.source, tool=True), repo.fix(),
                                Read(repo.source, tool=True), Tests(), intent="bug-fix"))


def tu019_read_again_after_another_edit(repo: Repo) -> dict[str, Run]:
    """The file read twice is not the one edited in between."""
    return played(repo, turn_of("Fix the bug", "Fixed.", Read(repo.source, tool=True), repo.other_fix(),
                                Read(repo.source, tool=True), Tests(), intent="bug-fix"))


FIXTURES = {
    "TU-019": {"pass": families("tu019_read_again_after_the_fix", tu019_read_again_after_the_fix),
               "fail": families("tu019_read_again_after_another_edit", tu019_read_again_after_another_edit)},
}
