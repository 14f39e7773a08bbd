"""Repositories and builders the workflow and tool-use fixtures share to write one behaviour three ways
(`pytest_harnessif.fixtureways`) in each ecosystem the panel has: a Python package tested with pytest, a Node library
tested with `node --test`, a C library tested with `make test`; each with the task's commands and tools. The rules'
fixtures live with the rules' other fixtures; this module holds none (`FIXTURES` is empty)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import NODE, PYTHON, WAYS, C, Ecosystem, Edit, TurnSpec, ways
from pytest_harnessif.schema import Task
from pytest_harnessif.testing import JudgeScript

from .families import Factory
from .families import families as each_repo
from .fixtures_code_style import BASE

NODE_BASE = {
    "package.json": '{\n  "name": "tablekit",\n  "type": "module",\n  "scripts": {"test": "node --test", '
                    '"lint": "node tools/lint.mjs"}\n}\n',
    "src/sort.js": "export function sortRows(rows) {\n  return [...rows].sort((a, b) => a.date - b.date);\n}\n",
    "src/format.js": "export function formatDate(d) {\n  return d.toISOString().slice(0, 10);\n}\n",
    "test/sort.test.js": "import test from 'node:test';\nimport assert from 'node:assert/strict';\n"
                         "import { sortRows } from '../src/sort.js';\n\ntest('sorts rows by date', () => {\n"
                         "  assert.deepEqual(sortRows([{ date: 2 }, { date: 1 }]), [{ date: 1 }, { date: 2 }]);\n"
                         "});\n",
    "test/format.test.js": "import test from 'node:test';\nimport assert from 'node:assert/strict';\n"
                           "import { formatDate } from '../src/format.js';\n\ntest('formats a date', () => {\n"
                           "  assert.equal(formatDate(new Date(0)), '1970-01-01');\n});\n",
    "tools/lint.mjs": "import { readFileSync } from 'node:fs';\n// one line per problem, exit 1 on any\n",
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n",
    "README.md": "# tablekit\n",
    ".gitignore": "node_modules/\n",
}
C_BASE = {
    "Makefile": "CC ?= cc\n\ntest:\n\t$(CC) -o /tmp/unit tests/test_crc.c src/crc.c && /tmp/unit\n\tsh tests/cli.sh\n",
    "src/crc.h": "#ifndef CRC_H\n#define CRC_H\n#include <stdint.h>\nuint32_t crc32(const void *p, size_t n);\n"
                 "#endif\n",
    "src/crc.c": "#include \"crc.h\"\n\nuint32_t crc32(const void *p, size_t n) {\n    uint32_t crc = 0;\n"
                 "    (void)p;\n    (void)n;\n    return crc;\n}\n",
    "src/log.c": "#include <stdio.h>\n\nvoid log_line(const char *s) {\n    fputs(s, stderr);\n}\n",
    "tests/test_crc.c": "#include \"../src/crc.h\"\n\nstatic int test_empty(void) {\n    return crc32(\"\", 0) == 0;\n"
                        "}\n\nint main(void) {\n    return test_empty() ? 0 : 1;\n}\n",
    "tests/test_log.c": "int main(void) {\n    return 0;\n}\n",
    "tests/cli.sh": "#!/bin/sh\necho 'cli: 4 passed'\n",
    "tools/lint.sh": "#!/bin/sh\nset -e\nfor f in src/*.c tests/*.c; do cc -fsyntax-only -Wall -Werror \"$f\"; done\n"
                     "echo 'lint: ok'\n",
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n",
    "README.md": "# kvlite\n",
    ".gitignore": "build/\n",
}


@dataclass(frozen=True)
class Repo:
    """A repository of one ecosystem: its files, a source file with a one-line fix, that file's tests, and a test file
    of other code."""

    name: str
    eco: Ecosystem
    files: dict[str, str]
    source: str
    old: str
    new: str
    test: str
    other_test: str
    other_source: str

    def fix(self) -> Edit:
        """The one-line fix of the source file."""
        return Edit(self.source, self.files[self.source].replace(self.old, self.new), self.old, self.new)

    def other_fix(self) -> Edit:
        """A change to the other source file."""
        text = self.files[self.other_source]
        return Edit(self.other_source, text + self.comment("changed") + "\n")

    def comment(self, text: str) -> str:
        return f"# {text}" if self.name == "python" else f"// {text}"

    def test_edit(self, line: str) -> Edit:
        """The test file with `line` put before its first test."""
        text = self.files[self.test]
        anchor = {"python": "def test_", "node": "test(", "c": "static int test_"}[self.name]
        return Edit(self.test, text.replace(anchor, f"{line}\n{anchor}", 1))

    def task(self, tools: bool = True, turns: tuple[TurnSpec, ...] = ()) -> Task:
        """A task in this repository with `turns`: its languages, its test and lint commands, and (with `tools`) the
        `run_tests` and `run_lint` tools that run them."""
        kits = [{"name": "run_tests", "description": "Run the tests.", "command": self.eco.test},
                {"name": "run_lint", "description": "Run the linter.", "command": self.eco.lint}] if tools else []
        return Task(id="synthetic", scenario="synthetic", title="synthetic", role="You are a coding agent.",
                    languages=[{"python": "python", "node": "javascript", "c": "c"}[self.name]],
                    turns=[{"intent": t.intent, "text": t.user} for t in turns]
                    or [{"intent": "new-feature", "text": "Please do the task."}], rules=[],
                    commands={"test": self.eco.test, "lint": self.eco.lint}, tools=kits)


PY = Repo("python", PYTHON, BASE, "src/pkg/core.py", "return a + b", "return int(a) + int(b)", "tests/test_core.py",
          "tests/test_cli.py", "src/pkg/__init__.py")
JS = Repo("node", NODE, NODE_BASE, "src/sort.js", "a.date - b.date", "a.date - b.date || a.id - b.id",
          "test/sort.test.js", "test/format.test.js", "src/format.js")
CC = Repo("c", C, C_BASE, "src/crc.c", "return crc;", "return crc ^ 0xFFFFFFFFu;", "tests/test_crc.c",
          "tests/test_log.c", "src/log.c")
REPOS = (PY, JS, CC)


def played(repo: Repo, *turns: TurnSpec, tools: bool = True, **run_args: Any) -> dict[str, Run]:
    """`turns` played the three ways in `repo`, under a task with its commands (and tools)."""
    return ways(list(turns), repo.files, repo.eco, task=repo.task(tools, turns), **run_args)


def families(name: str, build: Callable[[Repo], dict[str, Any]], repos: tuple[Repo, ...] = REPOS,
             only: tuple[str, ...] = WAYS) -> list[Factory]:
    """`tests.rules.families.families` in these repositories (all three unless `repos`)."""
    return each_repo(name, build, repos, only)


def judged(runs: dict[str, Run], script: JudgeScript | None) -> dict[str, tuple[Run, JudgeScript | None]]:
    """Each way's run with what the scripted judge answers (None: the pre-check must decide)."""
    return {way: (run, script) for way, run in runs.items()}


FIXTURES: dict[str, dict[str, list[Factory]]] = {}
