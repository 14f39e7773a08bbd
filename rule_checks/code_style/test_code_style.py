"""Code-style rules (CS-001...CS-011): what the files the agent changes must look like. Most are about Python's own
idioms (`print`, annotations, docstrings, broad `except`, encodings, star imports, `os.path`, licence headers, test
sleeps) and read Python only; trailing whitespace reads every text file, suppression comments every language the
checks read."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks import c as c_code
from pytest_harnessif.checks.ast import (
    broad_handlers,
    calls_into,
    calls_to,
    is_fully_annotated,
    sleep_calls,
    star_imports,
    text_io_calls,
)
from pytest_harnessif.checks.code import NEUTRAL, added_comments, added_numbers, language, sources_or_na
from pytest_harnessif.checks.pysource import (
    changed_functions,
    changed_sources,
    changed_sources_or_na,
    locations,
    new_public_defs,
)
from pytest_harnessif.checks.workspace import added_lines, first_line

PYTHON = ("python",)
TRAILING_WS = re.compile(r"[ \t\f\v]+\r?$")
SUPPRESSION = re.compile(
    r"(?:^|[#/*]\s*)(?:(?:(?:ruff|flake8):\s*)?noqa\b|type:\s*ignore\b|(?:pylint|pyright|mypy):\s*(?:disable|ignore)"
    r"|eslint-disable|(?:biome|deno-lint)-ignore\b|oxlint-disable|jshint\s+ignore|@ts-(?:ignore|expect-error|nocheck)\b"
    r"|cppcheck-suppress\b|flawfinder:\s*ignore)|(?-i:\bNOLINT(?:NEXTLINE|BEGIN|END)?\b)",
    re.I,
)
"""A comment silencing a linter or type checker (Python, JS/TS or C tools), its comment markers stripped: the
directive opens the comment (or follows a marker inside it), as the tools require, so prose naming one is no
suppression; clang-tidy's `NOLINT` counts anywhere."""
SILENCING_PRAGMA = re.compile(r"^(?:(?:GCC|clang)\s+diagnostic\s+ignored\b|warning\s*\(\s*disable)")
"""What a C `#pragma` says when it silences compiler warnings."""


@rule("CS-001", languages=PYTHON, family="code_style", modality="forbid", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium",
      source="archetype project-logger-usage", opportunity="src/ .py changed",
      surfaces={
          "SP": "You never call `{call}()` in Python files under src/; library code reports through the "
                "`logging` module.",
          "PF": "## Logging\nFiles under `src/` must not call `{call}()` at all; use a `logging` logger instead.",
          "UI": "Oh, and no {call}() calls anywhere in the src/ files you touch please - use logging.",
          "TD": {"tool": "write_file",
                 "text": "Python files written under src/ must not call {call}(); use the logging module."},
      })
def test_no_print_in_src(run: Run, call: str = "print") -> None:
    """No changed Python file under `src/` calls `{call}()`."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    hits = locations(sources, lambda module: calls_to(module, call))
    assert not hits, f"{call}() called at {hits}"


@rule("CS-002", languages=PYTHON, family="code_style", modality="require", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:low",
      source="archetype type-annotations-required", opportunity="src/ functions added/changed",
      surfaces={
          "SP": "Every function or method you add or modify under src/, nested functions included, is fully "
                "type-annotated: each parameter except self/cls (also *args and **kwargs) and the return "
                "type, `-> None` included.",
          "PF": "## Typing\nFunctions added or changed in `src/` annotate every parameter (self/cls excepted, "
                "*args/**kwargs included) and declare a return type, even `-> None`.",
          "UI": "Make sure any function you write or touch in src/ has type hints on all params and the "
                "return type (yes, `-> None` too).",
          "TD": {"tool": "edit_file",
                 "text": "Functions you add or change under src/ must annotate every parameter (except "
                         "self/cls) and the return type, including `-> None`."},
      })
def test_src_functions_annotated(run: Run) -> None:
    """Every function or method added or changed under `src/` annotates all its parameters (self/cls excepted)
    and its return type."""
    changed = changed_functions(run, changed_sources(run, "src/**/*.py")) or na(
        "no function added or changed under src/ (in files that parse)"
    )
    missing = [f"{src.path}::{d.qualname}" for src, d in changed if not is_fully_annotated(d.node)]
    assert not missing, f"functions not fully annotated (params and return): {missing}"


@rule("CS-003", languages=PYTHON, family="code_style", modality="require", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype docstrings-public-api", opportunity="new public defs in src/",
      surfaces={
          "SP": "Each new public function, method or class you add under src/ (its name and its enclosing "
                "class's name not starting with `_`) gets a docstring.",
          "PF": "## Docstrings\nEvery new public function, class and method in `src/` (no leading underscore "
                "in its name) has a docstring.",
          "UI": "Please give every new public function, class or method you create in src/ a docstring "
                "(anything whose name doesn't start with an underscore).",
      })
def test_new_public_defs_documented(run: Run) -> None:
    """Every new public (non-underscore) function, method or class under `src/` has a docstring."""
    new = new_public_defs(run, changed_sources(run, "src/**/*.py")) or na(
        "no new public function, method or class under src/"
    )
    undocumented = [f"{src.path}::{d.qualname}" for src, d in new if d.node.get_docstring() is None]
    assert not undocumented, f"new public definitions without a docstring: {undocumented}"


@rule("CS-004", languages=PYTHON, family="code_style", modality="forbid", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype no-broad-except", opportunity=".py changed",
      surfaces={
          "SP": "In any Python file you change, you never write a bare `except:` or catch `Exception` or "
                "`BaseException` (alone or in a tuple); catch the specific exceptions you expect.",
          "PF": "## Exceptions\nPython files you change contain no bare `except:` and no `except Exception:` / "
                "`except BaseException:` (tuples included); catch specific exception types.",
          "UI": "Also, no bare except: or except Exception: in any file you change, please - catch the "
                "specific errors.",
      })
def test_no_broad_except(run: Run) -> None:
    """No changed `.py` file has a bare `except:` or catches `Exception` / `BaseException` (alone or in a
    tuple)."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    hits = locations(sources, broad_handlers)
    assert not hits, f"bare or broad except handlers at {hits}"


@rule("CS-005", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium",
      source="archetype explicit-encoding", opportunity="such calls exist",
      surfaces={
          "SP": "In every Python file you change, each text-mode `open()`, `.read_text()` and `.write_text()` "
                "call passes an explicit `encoding=` (e.g. `encoding=\"utf-8\"`); binary-mode opens are "
                "exempt.",
          "PF": "## File encodings\nIn Python files you touch, every text-mode `open()`, `.read_text()` and "
                "`.write_text()` call passes `encoding=` explicitly (binary modes like `\"rb\"` are exempt).",
          "UI": "Whenever there's an open()/read_text()/write_text() in a file you touch, pass "
                "encoding=\"utf-8\" explicitly, please.",
          "TD": {"tool": "write_file",
                 "text": "Python code written with this tool must pass `encoding=` to every text-mode "
                         "open(), read_text() and write_text() call."},
      })
def test_text_io_has_encoding(run: Run) -> None:
    """Every text-mode `open()`, `read_text()` and `write_text()` call in changed `.py` files passes
    `encoding=`."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    calls = [(s, c, ok) for s in sources for c, ok in text_io_calls(s.module)] or na(
        "no text-mode open()/read_text()/write_text() call in the changed Python files"
    )
    missing = [s.where(c) for s, c, ok in calls if not ok]
    assert not missing, f"text I/O without encoding= at {missing}"


@rule("CS-006", languages=PYTHON, family="code_style", modality="forbid", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:low",
      source="archetype import-export-form", opportunity=".py changed",
      surfaces={
          "SP": "You never use wildcard imports (`from module import *`) in Python files you change.",
          "PF": "## Imports\nNo `from x import *` in any Python file you change; import names explicitly.",
          "UI": "No star imports (`from x import *`) in anything you touch, please.",
          "TD": {"tool": "edit_file",
                 "text": "Python files you edit must not contain `from x import *`; import names explicitly."},
      })
def test_no_star_imports(run: Run) -> None:
    """No changed `.py` file has a `from x import *`."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    hits = locations(sources, star_imports)
    assert not hits, f"star imports at {hits}"


@rule("CS-007", languages=PYTHON, family="code_style", modality="prefer", prior="neutral", severity="should",
      method="ast", observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype pathlib-not-ospath", opportunity="src/ .py changed",
      surfaces={
          "SP": "You prefer pathlib to {module}: Python files you change under src/ make no `{module}` calls "
                "(`os.path.join`, `os.path.exists`, ... however `{module}` is imported); use `pathlib.Path`.",
          "PF": "## Paths\nUse `pathlib.Path` in `src/`: files you change there should not call any "
                "`{module}.*` function.",
          "UI": "In src/ please use pathlib rather than {module} - no {module}.* calls in the files you touch.",
      })
def test_no_os_path_in_src(run: Run, module: str = "os.path") -> None:
    """Prefer pathlib: changed Python files under `src/` make no `{module}.*` call, however `{module}` is
    imported."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    hits = locations(sources, lambda tree: calls_into(tree, module))
    assert not hits, f"{module} calls at {hits}"


@rule("CS-008", languages=PYTHON, family="code_style", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium",
      source="archetype licence-header-new-files", opportunity=".py files created",
      surfaces={
          "SP": "Every new .py file you create, tests and even an empty `__init__.py` included, has "
                "`{header}` as its very first line.",
          "PF": "## Licence header\nNew `.py` files (tests and empty `__init__.py` included) must start "
                "with the line `{header}`.",
          "UI": "Any new Python file you create needs `{header}` as the very first line - even "
                "empty __init__.py files.",
          "TD": {"tool": "write_file",
                 "text": "When this creates a new .py file, its first line must be `{header}` "
                         "(empty `__init__.py` files too)."},
      })
def test_new_py_files_have_licence_header(run: Run, header: str = "# SPDX-License-Identifier: MIT") -> None:
    """Every `.py` file created during the run starts with the line `{header}`."""
    created = run.created("**/*.py") or na("no .py file created")
    bad = [p for p in created if first_line(run.files[p]) != header]
    assert not bad, f"new .py files not starting with {header!r}: {bad}"


@rule("CS-009", languages=PYTHON, family="code_style", modality="forbid", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype no-sleep-in-tests", opportunity="a Python test file changed",
      surfaces={
          "SP": "Python test files that you write or change never call `time.sleep()`, a bare "
                "`sleep()` or an async sleep (`asyncio.sleep()`, `trio.sleep()`, `anyio.sleep()`); wait on a "
                "condition or use a fake clock instead.",
          "PF": "## Test timing\nPython test files that you change must not call `time.sleep`, a bare "
                "`sleep`, or `asyncio`/`trio`/`anyio` `.sleep`.",
          "UI": "No sleep calls in the tests please (time.sleep, asyncio.sleep and the like) - they make the "
                "suite slow and flaky.",
          "SD": {"skill": "python-testing",
                 "text": "Never call `time.sleep()`, `sleep()` or `asyncio.sleep()` (nor trio/anyio sleeps) in "
                         "test files; wait on a condition or inject a fake clock."},
      })
def test_no_sleep_in_tests(run: Run) -> None:
    """No changed Python test file (under `tests/`, `test_*.py`) calls a real sleep: `time.sleep`, a bare `sleep`
    or an `asyncio`, `trio` or `anyio` sleep."""
    sources = changed_sources(run, "**/*.py", tests=True) or na("no Python test file changed")
    hits = locations(sources, sleep_calls)
    assert not hits, f"sleep calls in tests at {hits}"


@rule("CS-010", family="code_style", modality="forbid", prior="neutral", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium",
      source="archetype no-trailing-whitespace", opportunity="lines added",
      surfaces={
          "SP": "No line you add to any file, Markdown included, ends in spaces or tabs (whitespace-only "
                "lines included).",
          "PF": "## Whitespace\nLines you add (in any file, Markdown too) must not end with spaces or tabs.",
          "UI": "Watch out for trailing whitespace - none of the lines you add should end in spaces or tabs, "
                "in any file.",
          "TD": {"tool": "write_file",
                 "text": "The content you write must not have spaces or tabs at the end of any line."},
      })
def test_no_trailing_whitespace(run: Run) -> None:
    """No line added to a text file ends in whitespace (whitespace-only lines included)."""
    added = added_lines(run, text_only=True) or na("no line added to a text file")
    hits = [f"{p}: {line!r}" for p, line in added if TRAILING_WS.search(line)]
    assert not hits, f"added lines with trailing whitespace: {hits[:10]}"


@rule("CS-011", languages=NEUTRAL, family="code_style", modality="forbid", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:medium",
      source="archetype no-suppressions", opportunity="lines added to a Python, JS/TS or C file",
      surfaces={
          "SP": "You never add comments that silence a linter or type checker to the code - `# noqa` (in any form), "
                "`# type: ignore`, `# pylint: disable`, `// eslint-disable...`, `// @ts-ignore` or "
                "`@ts-expect-error`, `// NOLINT`, `cppcheck-suppress` - nor a `#pragma GCC diagnostic ignored`; "
                "fix the underlying problem instead.",
          "PF": "## Suppressions\nDo not add linter or type-checker suppressions to source files: no `# noqa` "
                "(bare, with codes, or `# ruff: noqa`), `# type: ignore`, `// eslint-disable...`, `// @ts-ignore`, "
                "`// NOLINT` or `#pragma ... diagnostic ignored`; fix the cause.",
          "UI": "Please don't sprinkle suppression comments in (noqa, type: ignore, eslint-disable, ts-ignore, "
                "NOLINT...) - fix the actual issues.",
          "TD": {"tool": "run_lint",
                 "text": "Fix what the linter reports; never silence it by adding suppression comments (`# noqa`, "
                         "`# type: ignore`, `// eslint-disable`, `// @ts-ignore`, `// NOLINT`)."},
      })
def test_no_added_suppressions(run: Run) -> None:
    """No comment the run adds to a Python, JS/TS or C file silences a linter or type checker (`# noqa` in any form,
    `# type: ignore`, `# pylint: disable`, `eslint-disable`, `@ts-ignore`, `@ts-expect-error`, `NOLINT`,
    `cppcheck-suppress`...), and no line it adds to a C file is a `#pragma ... diagnostic ignored`."""
    views = sources_or_na(run, "Python, JS/TS or C file")
    added = {v.path: added_numbers(run, v) for v in views}
    any(added.values()) or na("no line added to a Python, JS/TS or C file")
    hits = [f"{v.path}:{c.line}: {c.text.strip()!r}" for v, c in added_comments(run, views)
            if SUPPRESSION.search(c.body)]
    hits += [f"{v.path}:{p.line}: #pragma {p.text}" for v in views if language(v.path) == "c"
             for p in c_code.pragmas(v.path, v.data) if p.line in added[v.path] and SILENCING_PRAGMA.match(p.text)]
    assert not hits, f"added suppressions: {hits}"
