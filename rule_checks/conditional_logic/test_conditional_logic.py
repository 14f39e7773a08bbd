"""Conditional-logic rules (CL-*): obligations triggered by what a turn or the run did."""

from __future__ import annotations

import difflib
import re

from pytest_harnessif import MissingArtifact, Run, na, rule
from pytest_harnessif.checks.code import NEUTRAL, found_or_na, is_test_path, readable, sources_or_na
from pytest_harnessif.checks.history import added_entries, describes_a_change, module_name, registers
from pytest_harnessif.checks.metrics_code import added_cases, selected_name, untested
from pytest_harnessif.checks.pysource import changed_sources, initial_source, public_api, signature
from pytest_harnessif.checks.regex import CITATION, FENCE, numbered_items
from pytest_harnessif.checks.render import names_turn_work

PYTHON = ("python",)
LABEL_START = r"^[ \t>]*(?:#{1,6}[ \t]+|[-*+][ \t]+)?[*_]{0,2}"  # indent or quote, a heading or list mark, bold


@rule("CL-001", languages=NEUTRAL, family="conditional_logic", modality="conditional_require", prior="neutral",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      method="cross_file", source="archetype add-tests-with-change", opportunity="source code changed",
      surfaces={
          "SP": "Whenever you change source code (a code file that is not a test), you also add or update at least "
                "one test file of that language in the same session: `tests/test_*.py` for Python, `test/`, "
                "`__tests__/` or `*.test.js` for JavaScript/TypeScript, `tests/` for C (its test scripts included). "
                "Data files and fixtures alone do not count.",
          "PF": "## Tests with changes\nAny change to source code comes with a change to a test file of the same "
                "language (`tests/test_*.py`, `test/*.test.js`, `tests/test_*.c` or a C project's test script); "
                "changing only test data does not count.",
          "UI": "If you end up changing the code, make sure you also update or add a test for it.",
          "SD": {"skill": "python-testing",
                 "text": "Whenever Python source files change, add or update Python tests (`tests/test_*.py`) as "
                         "well; test data alone does not count."},
      })
def test_src_change_comes_with_tests(run: Run) -> None:
    """If the run changed source code (Python, JS/TS or C files that are not tests), it also created or modified a test
    file of each such language (JavaScript and TypeScript count as one; C code is also tested by a test under its test
    folder that drives the program: a shell script, a bats or pytest suite in a language no changed source is in);
    test data, bytecode and tool caches do not count, nor does a test file whose change is only comments or blank
    lines."""
    sources = [v.path for v in sources_or_na(run, "source file", tests=False)]
    touched = [p for p in [*run.created(), *run.modified()] if not is_test_path(p) or _code_changed(run, p)]
    missing = untested(sources, touched)
    assert not missing, f"source code changed ({sources}) but no test file of {missing} did"


COMMENT_START = ("#", "//", "/*", "*", "<!--", '"""', "'''")


def _code_changed(run: Run, path: str) -> bool:
    """Whether the lines `path` gained or lost include one that is not blank and not a comment."""
    before = run.initial_files.get(path, b"").decode(errors="replace").splitlines()
    after = run.files.get(path, b"").decode(errors="replace").splitlines()
    changed = [line[2:].strip() for line in difflib.ndiff(before, after) if line[:2] in ("+ ", "- ")]
    return any(line and not line.startswith(COMMENT_START) for line in changed)


@rule("CL-002", languages=PYTHON, family="conditional_logic", modality="conditional_require", prior="against",
      method="ast", observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="archetype changelog-for-user-facing", opportunity="public API changed",
      surfaces={
          "SP": "If you add a public function or method under src/ (name not starting with `_`, in a module "
                "or package whose name does not start with `_`) or change the signature (parameters, "
                "defaults, annotations) of an existing one, a public class's `__init__` included, you also "
                "update {changelog}.",
          "PF": "## Changelog\nAdding a public function/method in `src/` or changing a public signature "
                "(parameters, defaults, annotations) requires an entry in `{changelog}`.",
          "UI": "Oh, and if you add any public function or change a public signature in src/, put a line "
                "in {changelog} for it.",
          "SD": {"skill": "git-workflow",
                 "text": "Before committing: a new public function/method in src/ or a changed public "
                         "signature needs a {changelog} entry."},
      })
def test_api_change_updates_changelog(run: Run, changelog: str = "CHANGELOG.md") -> None:
    """If a public function or method is added to `src/` or its signature (parameters, defaults, annotations, return
    type) changes, `{changelog}` is modified and gains an entry (a line that is no heading, with at least 2 words
    that are not filler such as `update`, `fixes`, `misc`, `the`)."""
    changes = []
    for src in changed_sources(run, "src/**/*.py"):
        before = public_api(initial_source(run, src.path))
        for name, d in public_api(src).items():
            if name not in before:
                changes.append(f"added {src.path}:{name}")
            elif signature(before[name].node) != signature(d.node):
                changes.append(f"signature of {src.path}:{name}")
    if not changes:
        na("no public function added and no public signature changed under src/")
    if run.file(changelog) is None:
        raise MissingArtifact(changelog, f"public API changed ({changes}) but there is no changelog")
    assert run.changed(changelog), f"public API changed ({changes}) but {changelog} was not modified"
    entries = added_entries(run.initial_files.get(changelog), run.files.get(changelog, b""))
    assert any(map(describes_a_change, entries)), (
        f"public API changed ({changes}) but the lines added to {changelog} ({entries or 'none'}) describe no change")


@rule("CL-003", family="conditional_logic", modality="conditional_require", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="curated: root cause in bug reports", opportunity="a bug-fix turn",
      surfaces={
          "SP": "When you fix a bug, your reply contains a line that starts with `{label}:` followed by "
                "what actually caused it.",
          "PF": "## Bug fixes\nReplies about a bug fix include a line beginning `{label}:` that names the "
                "underlying cause.",
          "UI": "Whenever you fix a bug for me, include a line starting with '{label}:' explaining what "
                "was really going on.",
      })
def test_bug_fix_reply_names_root_cause(run: Run, label: str = "Root cause") -> None:
    """Every reply to a `bug-fix` turn has a line starting `{label}:` outside code blocks (a heading, list marker
    or bold around the label allowed, case ignored) whose text names what the turn changed: a changed file, or a
    name on its changed lines written as code (`snake_case`, `CamelCase`, `call()`, `in backticks`)."""
    fixes = run.turns_with("bug-fix") or na("no bug-fix turn")
    label_line = re.compile(LABEL_START + re.escape(label) + r"[*_]{0,2}:(.*)$", re.I | re.M)
    missing, empty = [], []
    for t in fixes:
        causes = [m.group(1) for m in label_line.finditer(FENCE.sub("", t.reply))]
        if not causes:
            missing.append(t.index)
        elif run.changed_in_turn(t.index) and not any(names_turn_work(run, t.index, c) for c in causes):
            empty.append(t.index)
    assert not missing, f"replies to bug-fix turns {missing} have no line starting '{label}:'"
    assert not empty, (
        f"the '{label}:' lines of bug-fix turns {empty} name nothing the turn changed (no changed file, no name "
        "from its changed lines): a label without the cause"
    )


@rule("CL-004", languages=PYTHON, family="conditional_logic", modality="conditional_require", prior="neutral",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      method="cross_file", source="archetype export-for-library-use", opportunity="new src module",
      surfaces={
          "SP": "Whenever you create a new module in a package under src/, that package's `__init__.py` "
                "must mention it (import or re-export it, e.g. `from . import newmod`).",
          "PF": "## Package exports\nEvery new module in `src/<pkg>/` is imported or re-exported by "
                "`src/<pkg>/__init__.py`.",
          "UI": "If you add a new module under src/, wire it into the package's __init__.py so it's "
                "importable from the package.",
      })
def test_new_module_registered_in_package(run: Run) -> None:
    """Each new module created in a package under `src/` (any depth) is imported by its package's `__init__.py`
    (`from . import m`, `from .m import x`, `import pkg.m`) or listed in its `__all__`; a mention in a comment or a
    string elsewhere does not count. A new subpackage (`src/pkg/sub/__init__.py`) is a new module of the package
    above it; a `__main__.py` is what `python -m` runs, never imported, so it needs no registration."""
    new = []
    for path in run.created("src/**/*.py"):
        folder, _, name = path.rpartition("/")
        package = folder.rpartition("/")[0] if name == "__init__.py" else folder
        if name != "__main__.py" and "/" in package:
            new.append((path, package))
    new or na("no new module created in a package under src/")
    unregistered = []
    for path, package in new:
        init = run.file(f"{package}/__init__.py")
        if init is None:
            raise MissingArtifact(f"{package}/__init__.py", f"new module {path} has no package __init__.py")
        if not registers(f"{package}/__init__.py", init.data, module_name(path)):
            unregistered.append(path)
    assert not unregistered, f"new modules neither imported nor in __all__ of their package __init__.py: {unregistered}"


@rule("CL-005", family="conditional_logic", modality="conditional_require", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:medium",
      source="curated: review findings format", opportunity="a code-review turn",
      surfaces={
          "SP": "When asked to review code, you list your findings as a numbered list (1., 2., ...) and "
                "every item cites the code it refers to as `path:LINE`.",
          "PF": "## Code review\nReview findings are numbered items; each item cites a `path:LINE` "
                "location (e.g. `src/pkg/core.py:17`).",
          "UI": "For reviews, give me the findings as a numbered list, and each point needs a file:LINE "
                "reference so I can jump to it.",
      })
def test_review_findings_numbered_and_cited(run: Run) -> None:
    """Replies to `code-review` turns list findings as numbered items, each citing a `path:LINE` location and saying
    what it found there: at least 3 words besides the location (and code blocks)."""
    reviews = run.turns_with("code-review") or na("no code-review turn")
    problems = []
    for t in reviews:
        items = numbered_items(t.reply)
        if not items:
            problems.append(f"turn {t.index}: no numbered findings")
        problems += [
            f"turn {t.index}: item {item.splitlines()[0].strip()[:60]!r} cites no path:LINE"
            for item in items
            if not CITATION.search(item)
        ]
        problems += [
            f"turn {t.index}: item {item.splitlines()[0].strip()[:60]!r} names a place but no finding"
            for item in items
            if CITATION.search(item) and len(re.findall(r"[A-Za-z]{2,}", CITATION.sub("", FENCE.sub("", item)))) < 3
        ]
    assert not problems, f"review replies break the findings format: {problems}"


@rule("CL-006", checks="form",
      form_reason="the check reads the new test's name, not that it fails without the fix",
      languages=NEUTRAL, family="conditional_logic", modality="conditional_require", prior="against",
      method="ast", observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype regression-test-fails-first", opportunity="a bug-fix turn changed source code",
      surfaces={
          "SP": "When you fix a bug by changing source code, you add, in the same turn, a new test case whose name "
                "contains `{word}` (e.g. a test function `test_{word}_empty_input`, or `it('{word}: empty "
                "input', ...)` in JavaScript).",
          "PF": "## Regression tests\nEvery bug fix that touches source code adds a new test case whose name (test "
                "function, or `test()`/`it()` title) contains `{word}`, in the same change.",
          "UI": "Each time you fix a bug, add a new test for it right away whose name has '{word}' in it, like "
                "test_{word}_<something>.",
          "SD": {"skill": "python-testing",
                 "text": "For every bug fix in the source code, add a new test function whose name contains "
                         "`{word}` (e.g. `test_{word}_<bug>`) in the same turn as the fix."},
      })
def test_bug_fix_adds_regression_test(run: Run, word: str = "regression") -> None:
    """Each `bug-fix` turn that changed source code (Python, JS/TS or C files that are not tests) adds, in that same
    turn, a new test case (a Python test function, a JS `test()`/`it()` case, a C test function) whose name contains
    `{word}` (case ignored), the name being the one a runner's filter matches (`pytest -k`, `jest -t`: its class or
    describe blocks included)."""
    fixes = run.turns_with("bug-fix") or na("no bug-fix turn")
    fixing = [t for t in fixes if any(readable(p) and not is_test_path(p) for p in run.changed_in_turn(t.index))]
    fixing = found_or_na(run, fixing, "bug-fix turn changed source code", tests=False)
    missing = []
    for t in fixing:
        added = added_cases(run, t.index)
        if not any(word.lower() in selected_name(case).lower() for case in added):
            missing.append(f"turn {t.index} (new tests: {added})")
    assert not missing, f"bug-fix turns changed source code without a new *{word}* test: {missing}"


@rule("CL-007", family="conditional_logic", modality="conditional_require", prior="neutral",
      observability="behavioral", universality="universal", fit="SP:high PF:medium UI:medium",
      method="cross_file", source="archetype no-scope-expansion", opportunity="explain/question turn",
      surfaces={
          "SP": "When the user only asks for an explanation or asks a question, you answer it without "
                "creating, editing or deleting any file.",
          "PF": "## Questions\nTurns that ask for an explanation or ask a question change no files: answer "
                "only.",
          "UI": "When I just ask a question or ask you to explain something, please only answer - don't "
                "touch any files.",
      })
def test_explain_and_question_turns_change_nothing(run: Run) -> None:
    """`explain` and `question` turns create, modify or delete no file (tool caches ignored)."""
    asking = run.turns_with("explain", "question") or na("no explain or question turn")
    changes = {t.index: run.changed_in_turn(t.index) for t in asking}
    changes = {i: paths for i, paths in changes.items() if paths}
    assert not changes, f"explain/question turns changed files: {changes}"
