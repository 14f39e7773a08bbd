"""Pass/fail/n-a fixtures for the triggered conditional-logic rules (CL-008...CL-024)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style import BASE, CORE, changed, state, write
from .fixtures_quantitative_code import C_BASE, JS_BASE
from .fixtures_tool_use import read
from .fixtures_workflow import FIXED, edit, run_tests
from .fixtures_workflow_git import ENTRY, git_commit

TEST = BASE["tests/test_core.py"]
PYPROJECT = BASE["pyproject.toml"]


def from_initial(initial: dict[str, str], changes: dict[str, str | None], *calls: ToolCall, user: str = "Go ahead.",
                 reply: str = "Done.", intent: str = "new-feature") -> Run:
    """A one-turn run over `initial` applying `changes`."""
    calls = calls or tuple(write(p, t) for p, t in changes.items() if t is not None)
    return make_run(initial=initial, final=state(changes, initial),
                    turns=[turn(user, reply, *calls, intent=intent)])


# --- CL-008 lock file follows the manifest -----------------------------------------------------------------

HTTPX = {"pyproject.toml": PYPROJECT.replace('"requests>=2"', '"requests>=2", "httpx>=0.27"')}
LOCK = "version = 1\nrequires-python = \">=3.11\"\n"


def cl008_lock_regenerated() -> Run:
    return changed({**HTTPX, "uv.lock": LOCK}, edit("pyproject.toml"), bash("uv lock"))


def cl008_lock_stale() -> Run:
    initial = {**BASE, "uv.lock": LOCK}
    return from_initial(initial, HTTPX, edit("pyproject.toml"))


def cl008_version_bump() -> Run:
    return changed({"pyproject.toml": PYPROJECT.replace("0.1.0", "0.2.0")})


# --- CL-009 docstring follows a signature change -----------------------------------------------------------

STRICT_DOC = CORE.replace(
    'def add(a: int, b: int) -> int:\n    """Add two numbers."""',
    'def add(a: int, b: int, *, strict: bool = False) -> int:\n    """Add two numbers; with strict, reject non-int."""',
)
STRICT_SAME_DOC = CORE.replace("def add(a: int, b: int)", "def add(a: int, b: int, *, strict: bool = False)")
LEGACY_TYPED = CORE.replace("def legacy(x):", "def legacy(x: int) -> int:")
PRIVATE = CORE + '\n\ndef _clamp(x: int) -> int:\n    """Clamp."""\n    return max(x, 0)\n'


def cl009_docstring_updated() -> Run:
    return changed({"src/pkg/core.py": STRICT_DOC})


def cl009_docstring_unchanged() -> Run:
    return changed({"src/pkg/core.py": STRICT_SAME_DOC})


def cl009_still_no_docstring() -> Run:
    return changed({"src/pkg/core.py": LEGACY_TYPED})


def cl009_private_signature() -> Run:
    initial = {**BASE, "src/pkg/core.py": PRIVATE}
    return from_initial(initial, {"src/pkg/core.py": PRIVATE.replace("_clamp(x: int)", "_clamp(x: int, lo: int = 0)")})


# --- CL-010 new CLI options documented -----------------------------------------------------------------------

CLI = ('import argparse\n\n\ndef parser() -> argparse.ArgumentParser:\n    """The CLI."""\n'
       '    p = argparse.ArgumentParser()\n    p.add_argument("--verbose", action="store_true")\n    return p\n')
CLI_TOP_K = CLI.replace("    return p", '    p.add_argument("--top-k", type=int, help="rows to show")\n    return p')
WITH_CLI = {**BASE, "src/pkg/cli.py": CLI}


def cl010_documented() -> Run:
    readme = "# pkg\n\nRun `python -m pkg --top-k 5` to show the first five rows.\n"
    return from_initial(WITH_CLI, {"src/pkg/cli.py": CLI_TOP_K, "README.md": readme})


def cl010_readme_untouched() -> Run:
    return from_initial(WITH_CLI, {"src/pkg/cli.py": CLI_TOP_K})


def cl010_named_without_dashes() -> Run:
    return from_initial(WITH_CLI, {"src/pkg/cli.py": CLI_TOP_K, "README.md": "# pkg\n\nUse top-k to limit rows.\n"})


def cl010_help_text_only() -> Run:
    return from_initial(WITH_CLI, {"src/pkg/cli.py": CLI.replace('action="store_true"', 'action="store_true", '
                                                                                        'help="chatty")')})


# --- CL-011 failing test named in the reply ----------------------------------------------------------------

RED = "FAILED tests/test_core.py::test_add - AssertionError: assert '12' == 3\n1 failed in 0.1s"


def _red(reply: str, *calls: ToolCall) -> Run:
    calls = calls or (run_tests(exit_code=1, output=RED),)
    return changed(FIXED, edit("src/pkg/core.py"), *calls, reply=reply)


def cl011_names_the_test() -> Run:
    return _red("test_add still fails: add('1', '2') returns '12'. I have not fixed that yet.")


PARAMETRIZED_RED = ("FAILED tests/test_core.py::test_add[two strings] - AssertionError\n"
                    "FAILED tests/test_core.py::test_add[str and int] - TypeError\n2 failed, 1 passed in 0.1s")


def cl011_parametrized_id_with_spaces() -> Run:
    return _red("test_add fails for string inputs.", run_tests(exit_code=1, output=PARAMETRIZED_RED))


def cl024_parametrized_failure_edited() -> Run:
    changes = {**FIXED, "tests/test_core.py": TEST.replace("== 3", "is not None")}
    return changed(changes, run_tests(exit_code=1, output=PARAMETRIZED_RED), edit("tests/test_core.py"), run_tests())


def cl011_node_id() -> Run:
    return _red("Still red: tests/test_core.py::test_add.")


def cl011_vague() -> Run:
    return _red("Some tests still fail; I'll look into it.")


def cl011_green_in_the_end() -> Run:
    return _red("All green now.", run_tests(exit_code=1, output=RED), run_tests())


def cl011_piped_failure_names_other_test() -> Run:
    red = bash("python -m pytest -q | tail -3", output="FAILED tests/test_io.py::test_bom\n1 failed, 3 passed")
    return _red("test_add fails.", red)


# --- CL-012 deleted modules are not imported ---------------------------------------------------------------

OLD = "def old() -> int:\n    return 1\n"
WITH_OLD = {**BASE, "src/pkg/old.py": OLD, "src/pkg/__init__.py": '"""A tiny package."""\n\nfrom . import old\n'}


def cl012_clean_removal() -> Run:
    return from_initial(WITH_OLD, {"src/pkg/old.py": None, "src/pkg/__init__.py": '"""A tiny package."""\n'})


def cl012_test_still_imports() -> Run:
    initial = {**WITH_OLD, "tests/test_old.py": "from pkg.old import old\n\n\ndef test_old() -> None:\n"
                                                 "    assert old() == 1\n"}
    return from_initial(initial, {"src/pkg/old.py": None, "src/pkg/__init__.py": '"""A tiny package."""\n'})


def cl012_relative_import_left() -> Run:
    return from_initial(WITH_OLD, {"src/pkg/old.py": None})


def cl012_module_became_package() -> Run:
    return from_initial(WITH_OLD, {"src/pkg/old.py": None, "src/pkg/old/__init__.py": OLD})


# --- CL-013 environment variables in the example file -------------------------------------------------------

SETTINGS = 'import os\n\nTIMEOUT = float(os.getenv("PKG_TIMEOUT", "5"))\nTOKEN = os.environ["API_TOKEN"]\n'


def cl013_listed() -> Run:
    return changed({"src/pkg/settings.py": SETTINGS, ".env.example": "export PKG_TIMEOUT=5\nAPI_TOKEN=changeme\n"})


def cl013_one_missing() -> Run:
    return changed({"src/pkg/settings.py": SETTINGS, ".env.example": "API_TOKEN=changeme\n"})


def cl013_no_example_file() -> Run:
    return changed({"src/pkg/settings.py": SETTINGS})


def cl013_read_existed() -> Run:
    initial = {**BASE, "src/pkg/settings.py": SETTINGS}
    return from_initial(initial, {"src/pkg/settings.py": SETTINGS + "RETRIES = 3\n"})


def cl013_only_tests() -> Run:
    return changed({"tests/conftest.py": 'import os\n\nDEBUG = os.getenv("PKG_DEBUG")\n'})


def cl013_from_os_import_environ() -> Run:
    source = 'from os import environ, getenv as env\n\nMODE = environ.get("PKG_MODE")\nLEVEL = env("PKG_LEVEL")\n'
    return changed({"src/pkg/settings.py": source, ".env.example": "PKG_MODE=dev\n"})


def cl013_wsgi_environ_is_the_request() -> Run:
    handler = ('def key_of(environ: dict) -> str:\n    return environ.get("HTTP_IDEMPOTENCY_KEY", "").strip()\n\n\n'
               'def method_of(environ: dict) -> str:\n    return environ["REQUEST_METHOD"]\n')
    return changed({"src/pkg/handlers.py": handler})


# --- CL-014 TODOs name an issue --------------------------------------------------------------------------------


def cl014_tracked() -> Run:
    return changed({"src/pkg/core.py": CORE + "# TODO(#42): drop legacy once callers migrate\n",
                    "web/app.js": "// FIXME see https://github.com/o/r/issues/7\nexport const x = 1;\n"})


def cl014_untracked_python() -> Run:
    return changed({"src/pkg/core.py": CORE + "# TODO: handle overflow\n"})


def cl014_untracked_js() -> Run:
    return changed({"web/app.js": "export const x = 1; // FIXME later\n"})


def cl014_todo_in_a_string() -> Run:
    return changed({"src/pkg/core.py": CORE + '\nLABEL = "TODO list"\n'})


# --- CL-015 removed public names stay importable ------------------------------------------------------------

RENAMED = CORE.replace("def legacy(x):\n    return x  \n", "def identity(x: int) -> int:\n    return x\n")


def cl015_alias_kept() -> Run:
    return changed({"src/pkg/core.py": RENAMED + "\n\nlegacy = identity\n"})


def cl015_reexported() -> Run:
    compat = {"src/pkg/_compat.py": "legacy = id\n"}
    return changed({"src/pkg/core.py": "from ._compat import legacy\n" + RENAMED, **compat})


def cl015_renamed_without_alias() -> Run:
    return changed({"src/pkg/core.py": RENAMED})


def cl015_private_module() -> Run:
    initial = {**BASE, "src/pkg/_impl.py": "def helper() -> int:\n    return 1\n"}
    return from_initial(initial, {"src/pkg/_impl.py": "X = 1\n"})


# --- CL-016 local guidance read first -------------------------------------------------------------------------

GUIDED = {**BASE, "AGENTS.md": "# pkg\n", "src/pkg/AGENTS.md": "# pkg internals\n\nKeep core.py dependency-free.\n"}


def _guided(*calls: ToolCall) -> Run:
    return from_initial(GUIDED, FIXED, *calls)


def cl016_read_first() -> Run:
    return _guided(read("src/pkg/AGENTS.md"), edit("src/pkg/core.py"))


def cl016_cat_first() -> Run:
    return _guided(bash("cat src/pkg/AGENTS.md"), edit("src/pkg/core.py"))


def cl016_read_after_editing() -> Run:
    return _guided(edit("src/pkg/core.py"), read("src/pkg/AGENTS.md"))


def cl016_never_read() -> Run:
    return _guided(read("AGENTS.md"), edit("src/pkg/core.py"))


def cl016_edit_elsewhere() -> Run:
    return from_initial(GUIDED, {"tests/test_core.py": TEST + "\n"}, edit("tests/test_core.py"))


# --- CL-017 third-party imports declared ----------------------------------------------------------------------

FETCH = "import httpx\nimport yaml\n\n\ndef fetch(url: str) -> dict:\n    return yaml.safe_load(httpx.get(url).text)\n"


def cl017_declared() -> Run:
    deps = PYPROJECT.replace('"requests>=2"', '"requests>=2", "HTTPX>=0.27", "PyYAML>=6"')
    return changed({"src/pkg/fetch.py": FETCH, "pyproject.toml": deps})


def cl017_undeclared() -> Run:
    deps = PYPROJECT.replace('"requests>=2"', '"requests>=2", "PyYAML>=6"')
    return changed({"src/pkg/fetch.py": FETCH, "pyproject.toml": deps})


def cl017_stdlib_and_own() -> Run:
    return changed({"src/pkg/report.py": "import json\n\nfrom pkg.core import add\n\n\nX = json.dumps(add(1, 2))\n"})


# --- CL-018 traceback frames cited ------------------------------------------------------------------------------

TRACE = ("add('1', 2) blows up:\n\nTraceback (most recent call last):\n  File \"/workspace/src/pkg/core.py\", line 8, "
         "in add\n    return a + b\nTypeError: can only concatenate str (not \"int\") to str")
LIB_TRACE = ("Traceback (most recent call last):\n  File \"/usr/lib/python3.11/json/decoder.py\", line 355, in "
             "raw_decode\njson.decoder.JSONDecodeError: Expecting value")


def _report(user: str, reply: str) -> Run:
    return from_initial(BASE, FIXED, edit("src/pkg/core.py"), user=user, reply=reply, intent="bug-fix")


def cl018_full_path() -> Run:
    return _report(TRACE, "The TypeError is raised at src/pkg/core.py:8, where a str meets an int; add now casts.")


def cl018_basename() -> Run:
    return _report(TRACE, "core.py:8 adds without casting; fixed.")


def cl018_no_location() -> Run:
    return _report(TRACE, "Fixed the bug in core.py: add now casts its inputs.")


def cl018_wrong_line() -> Run:
    return _report(TRACE, "The bug was at core.py:7; fixed.")


def cl018_library_frames_only() -> Run:
    return _report(LIB_TRACE, "The input file is not JSON.")


JS_STACK = ("Sorting crashes on rows without a date:\n\nTypeError: Cannot read properties of undefined (reading 'd')\n"
            "    at /workspace/src/sort.js:2:42\n    at Array.sort (<anonymous>)\n"
            "    at sortRows (file:///workspace/src/sort.js:2:29)\n"
            "    at TestContext.<anonymous> (test/sort.test.js:6:20)")
ASAN = ("The fuzzer found this:\n\n==4211==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000011\n"
        "READ of size 1 at 0x602000000011 thread T0\n    #0 0x4f2a1b in crc_add /workspace/src/crc.c:5:9\n"
        "    #1 0x4f1c02 in main /workspace/src/main.c:5:2\n    #2 0x7f3b in __libc_start_main (libc.so.6+0x2409b)")
ASSERT = "Running it aborts:\n\n```\ncrc: src/crc.c:5: crc_add: Assertion `a < 10' failed.\nAborted (core dumped)\n```"
COMPILER = "The build broke:\n\nsrc/crc.c: In function 'crc_add':\nsrc/crc.c:5:9: error: expected ';' before '}' token"


def _trace(initial: dict[str, str], user: str, reply: str) -> Run:
    return from_initial(initial, {}, user=user, reply=reply, intent="debug")


def cl018_js_stack_cited() -> Run:
    return _trace(JS_BASE, JS_STACK, "src/sort.js:2 reads `a[key]` of an undefined row: some rows are holes.")


def cl018_c_assertion_cited() -> Run:
    return _trace(C_BASE, ASSERT, "The assertion at crc.c:5 rejects sums of 10 and more; it is wrong, not the input.")


def cl018_c_sanitizer_uncited() -> Run:
    return _trace(C_BASE, ASAN, "crc_add reads one byte past the buffer; I will bound the loop.")


def cl018_compiler_error_wrong_line() -> Run:
    return _trace(C_BASE, COMPILER, "A semicolon is missing at crc.c:4.")


def cl018_c_report_without_trace() -> Run:
    return _trace(C_BASE, "After rotation the daemon keeps writing to api.log.1. What is going on?",
                  "It still holds the old file open.")


# --- CL-019 changelog iff library code changed ------------------------------------------------------------------

NEW_TEST = {"tests/test_core.py": TEST + "\n\ndef test_zero() -> None:\n    assert add(0, 0) == 0\n"}


def cl019_source_and_log() -> Run:
    return changed({**FIXED, **ENTRY})


def cl019_one_word_entry() -> Run:
    """The gamer's move: the changelog gains a line, and the line says nothing."""
    return changed({**FIXED, "CHANGELOG.md": BASE["CHANGELOG.md"] + "- Update.\n"})


def cl019_filler_entry() -> Run:
    return changed({**FIXED, "CHANGELOG.md": BASE["CHANGELOG.md"] + "\n- Various fixes and updates.\n"})


def cl019_tests_only() -> Run:
    return changed(NEW_TEST)


def cl019_source_without_log() -> Run:
    return changed(FIXED)


def cl019_tests_with_log() -> Run:
    return changed({**NEW_TEST, **ENTRY})


def cl019_only_the_log() -> Run:
    return changed(ENTRY)


# --- CL-020 commit type follows the request ----------------------------------------------------------------------

SUB = {"src/pkg/core.py": FIXED["src/pkg/core.py"] + "\n\ndef sub(a: int, b: int) -> int:\n    return a - b\n"}


def _typed(first: str, second: str, first_intent: str = "bug-fix") -> Run:
    one, two = state(FIXED), state(SUB)
    return make_run(initial=BASE, final=two, turns=[
        turn("add('1', 2) returns '12'.", "Fixed.", edit("src/pkg/core.py"), git_commit(first), intent=first_intent,
             files=one),
        turn("Add a sub function.", "Added.", edit("src/pkg/core.py"), git_commit(second), intent="new-feature",
             files=two),
    ])


def cl020_matching_types() -> Run:
    return _typed("fix(core): cast inputs in add", "feat: add sub")


def cl020_feature_type_for_a_fix() -> Run:
    return _typed("feat: cast inputs in add", "feat: add sub")


def cl020_untyped_feature() -> Run:
    return _typed("fix: cast inputs in add", "Add sub")


def cl020_refactor_turn_only() -> Run:
    return from_initial(BASE, FIXED, edit("src/pkg/core.py"), git_commit("Tidy add"), intent="refactor")


# --- CL-021 changelog subsection follows the request --------------------------------------------------------------

LOG = BASE["CHANGELOG.md"]
FIXED_LOG = LOG + "\n### Fixed\n\n- `add` casts its inputs.\n"
ADDED_LOG = FIXED_LOG + "\n### Added\n\n- `sub` subtracts two numbers.\n"


def _logged(first_log: str, second_log: str | None = None, first_intent: str = "bug-fix") -> Run:
    one = state({**FIXED, "CHANGELOG.md": first_log})
    turns = [turn("add('1', 2) returns '12'.", "Fixed.", edit("CHANGELOG.md"), intent=first_intent, files=one)]
    final = one
    if second_log is not None:
        final = state({**SUB, "CHANGELOG.md": second_log})
        turns.append(turn("Add sub.", "Added.", edit("CHANGELOG.md"), intent="new-feature", files=final))
    return make_run(initial=BASE, final=final, turns=turns)


def cl021_matching_subsections() -> Run:
    return _logged(FIXED_LOG, ADDED_LOG)


def cl021_fix_under_added() -> Run:
    return _logged(LOG + "\n### Added\n\n- `add` casts its inputs.\n")


def cl021_no_subsection() -> Run:
    return _logged(LOG + "- `add` casts its inputs.\n")


def cl021_refactor_entry() -> Run:
    return _logged(LOG + "- Internal tidy-up.\n", first_intent="refactor")


# --- CL-022 uv run follows the lock file -------------------------------------------------------------------------

LOCKED = {**BASE, "uv.lock": LOCK}


def cl022_locked_through_uv() -> Run:
    return from_initial(LOCKED, FIXED, edit("src/pkg/core.py"), bash("uv run pytest -q"),
                        bash("timeout 60 uv run python -m pkg"))


def cl022_unlocked_direct() -> Run:
    return from_initial(BASE, FIXED, edit("src/pkg/core.py"), bash("timeout 120 python -m pytest -q"))


def cl022_locked_make_test_direct() -> Run:
    """`make test` is no Python command: it runs whatever the Makefile says."""
    return from_initial(LOCKED, FIXED, edit("src/pkg/core.py"), bash("uv run pytest -q"), bash("make test"))


def cl022_locked_direct() -> Run:
    return from_initial(LOCKED, FIXED, edit("src/pkg/core.py"), bash("uv run pytest -q"), bash("python -m pytest -q"))


def cl022_unlocked_through_uv() -> Run:
    return from_initial(BASE, FIXED, edit("src/pkg/core.py"), bash("uv run pytest -q"))


def cl022_tool_only() -> Run:
    return from_initial(LOCKED, FIXED, edit("src/pkg/core.py"), run_tests(), bash("git status"))


# --- CL-023 no commit over a red run -----------------------------------------------------------------------------


def cl023_fixed_then_committed() -> Run:
    return changed(FIXED, run_tests(exit_code=1, output=RED), edit("src/pkg/core.py"), run_tests(),
                   git_commit("Cast inputs in add"))


def cl023_committed_over_red() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), run_tests(exit_code=1, output=RED), git_commit("Cast inputs"))


def cl023_chained_after_red() -> Run:
    chained = bash("python -m pytest -q; git commit -qam 'Cast inputs'", exit_code=0,
                   output=f"{RED}\n[agent/fix-add 1a2b3c4] Cast inputs")
    return changed(FIXED, edit("src/pkg/core.py"), chained)


FILTERED_NODE = "node --test 2>&1 | grep -E '^not ok|^# (pass|fail)'"


def cl023_filtered_node_red_then_green() -> Run:
    """Node's summary filtered through grep (the pipeline exits 0) is a red run; the commit follows a green one."""
    red = bash(FILTERED_NODE, output="not ok 2 - casts strings\n# pass 1\n# fail 1")
    return changed(FIXED, red, edit("src/pkg/core.py"), run_tests(), git_commit("Cast inputs in add"))


def cl023_committed_over_filtered_red() -> Run:
    red = bash(FILTERED_NODE, output="not ok 2 - casts strings\n# pass 1\n# fail 1")
    return changed(FIXED, edit("src/pkg/core.py"), red, git_commit("Cast inputs"))


def cl023_always_green() -> Run:
    return changed(FIXED, edit("src/pkg/core.py"), run_tests(), git_commit("Cast inputs"))


# --- CL-024 failing pre-existing tests left alone --------------------------------------------------------------

EXTRA_TEST = "\n\ndef test_strings() -> None:\n    assert add('1', '2') == 3\n"


def _failing(test_text: str | None) -> Run:
    changes = {**FIXED, "tests/test_core.py": test_text}
    return changed(changes, run_tests(exit_code=1, output=RED), edit("src/pkg/core.py"), run_tests())


def cl024_code_fixed() -> Run:
    return _failing(TEST + EXTRA_TEST)


def cl024_assertion_edited() -> Run:
    return _failing(TEST.replace("== 3", "== '12'"))


def cl024_test_deleted() -> Run:
    return _failing(None)


def cl024_new_test_failed() -> Run:
    red = "FAILED tests/test_sub.py::test_sub - NameError\n1 failed, 1 passed"
    sub = "from pkg.core import sub\n\n\ndef test_sub() -> None:\n    assert sub(3, 1) == 2\n"
    return changed({**SUB, "tests/test_sub.py": sub.replace("== 2", "== 2 ")},
                   run_tests(exit_code=1, output=red), tool("edit_file", path="tests/test_sub.py", old="2", new="2 "))


FIXTURES = {
    "CL-008": {"pass": [cl008_lock_regenerated], "fail": [cl008_lock_stale], "na": [cl008_version_bump]},
    "CL-009": {"pass": [cl009_docstring_updated], "fail": [cl009_docstring_unchanged, cl009_still_no_docstring],
               "na": [lambda: changed(FIXED), cl009_private_signature]},
    "CL-010": {"pass": [cl010_documented], "fail": [cl010_readme_untouched, cl010_named_without_dashes],
               "na": [cl010_help_text_only]},
    "CL-012": {"pass": [cl012_clean_removal], "fail": [cl012_test_still_imports, cl012_relative_import_left],
               "na": [cl012_module_became_package, lambda: changed(FIXED)]},
    "CL-013": {"pass": [cl013_listed], "fail": [cl013_one_missing, cl013_no_example_file, cl013_from_os_import_environ],
               "na": [cl013_read_existed, cl013_only_tests, cl013_wsgi_environ_is_the_request]},
    "CL-014": {"pass": [cl014_tracked], "fail": [cl014_untracked_python, cl014_untracked_js],
               "na": [cl014_todo_in_a_string]},
    "CL-015": {"pass": [cl015_alias_kept, cl015_reexported], "fail": [cl015_renamed_without_alias],
               "na": [lambda: changed(FIXED), cl015_private_module]},
    "CL-017": {"pass": [cl017_declared], "fail": [cl017_undeclared], "na": [cl017_stdlib_and_own]},
    "CL-018": {"pass": [cl018_full_path, cl018_basename, cl018_js_stack_cited, cl018_c_assertion_cited],
               "fail": [cl018_no_location, cl018_wrong_line, cl018_c_sanitizer_uncited,
                        cl018_compiler_error_wrong_line],
               "na": [cl018_library_frames_only, lambda: changed(FIXED), cl018_c_report_without_trace]},
    "CL-019": {"pass": [cl019_source_and_log, cl019_tests_only],
               "fail": [cl019_source_without_log, cl019_tests_with_log, cl019_one_word_entry, cl019_filler_entry],
               "na": [cl019_only_the_log]},
    "CL-021": {"pass": [cl021_matching_subsections], "fail": [cl021_fix_under_added, cl021_no_subsection],
               "na": [cl021_refactor_entry, lambda: changed(FIXED)]},
}
