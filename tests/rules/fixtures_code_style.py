"""Pass/fail/n-a fixtures for the code-style rules (CS-*); also the small repo the WF/TU fixtures share."""

from __future__ import annotations

from typing import Any

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .fixtures_code_style_c import BUFFER_C, C_BASE, buffer_with
from .fixtures_code_style_javascript import FORMAT, WEB_BASE, format_with, web
from .fixtures_code_style_python import run_with

HEADER = "# SPDX-License-Identifier: MIT\n"
CORE = (
    "import logging\n\nlog = logging.getLogger(__name__)\n\n\n"
    "def add(a: int, b: int) -> int:\n    \"\"\"Add two numbers.\"\"\"\n    return a + b\n\n\n"
    "def legacy(x):\n    return x  \n"
)
BASE = {
    "src/pkg/__init__.py": '"""A tiny package."""\n',
    "src/pkg/core.py": CORE,
    "tests/test_core.py": "from pkg.core import add\n\n\ndef test_add() -> None:\n    assert add(1, 2) == 3\n",
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n",
    "README.md": "# pkg\n",
    "pyproject.toml": '[project]\nname = "pkg"\nversion = "0.1.0"\ndependencies = ["requests>=2"]\n',
    ".gitignore": "__pycache__/\n.pytest_cache/\n",
}


def write(path: str, content: str = "") -> ToolCall:
    """A `write_file` call."""
    return tool("write_file", path=path, content=content, output=f"wrote {path}")


def state(changes: dict[str, str | None], base: dict[str, str] = BASE) -> dict[str, str]:
    """`base` with `changes` applied (None deletes the path)."""
    out = dict(base)
    for path, text in changes.items():
        if text is None:
            out.pop(path, None)
        else:
            out[path] = text
    return out


def changed(changes: dict[str, str | None], *calls: ToolCall, reply: str = "Done.", **git: Any) -> Run:
    """A one-turn run that applies `changes` to BASE (through `calls`, by default one write_file per path)."""
    calls = calls or tuple(write(p, t) for p, t in changes.items() if t is not None)
    turns = [turn("Please make the change.", reply, *calls)]
    return make_run(initial=BASE, final=state(changes), turns=turns, **git)


def core_with(extra: str) -> Run:
    """src/pkg/core.py with `extra` appended."""
    return changed({"src/pkg/core.py": CORE + extra})


# --- CS-001 print ---------------------------------------------------------------------------------


def cs001_logging_and_lookalikes() -> Run:
    return core_with(
        '\n\ndef report(n: int) -> None:\n    """Log n."""\n    log.info("print(%s)", n)\n    console.print(n)\n'
    )


def cs001_print_in_main_block() -> Run:
    return changed({"src/pkg/cli.py": HEADER + "def main() -> None:\n    pass\n\n\n"
                    "if __name__ == \"__main__\":\n    print(main())\n"})


def cs001_print_in_nested_helper() -> Run:
    return core_with('\n\ndef total(xs: list[int]) -> int:\n    """Sum."""\n    def show(v: int) -> None:\n'
                     "        print(v)\n\n    return sum(xs)\n")


def cs001_only_tests_changed() -> Run:
    return changed({"tests/test_core.py": BASE["tests/test_core.py"] + "\n\ndef test_p() -> None:\n    print(1)\n"})


def cs001_src_does_not_parse() -> Run:
    return core_with("\n\ndef broken(:\n    print(1)\n")


# --- CS-002 annotations ---------------------------------------------------------------------------


def cs002_new_annotated_old_untouched() -> Run:
    return core_with('\n\nclass Box:\n    def __init__(self, v: int) -> None:\n        self.v = v\n\n'
                     '    def get(self, *args: int, **kw: str) -> int:\n        return self.v\n')


def cs002_init_without_return() -> Run:
    return core_with("\n\nclass Box:\n    def __init__(self, v: int):\n        self.v = v\n")


def cs002_changed_legacy_function() -> Run:
    return changed({"src/pkg/core.py": CORE.replace("    return x  \n", "    return x * 2\n")})


def cs002_only_constants() -> Run:
    return core_with("\nTIMEOUT = 5\n")


# --- CS-003 docstrings ----------------------------------------------------------------------------


def cs003_public_documented_private_not() -> Run:
    return core_with('\n\ndef scale(x: int) -> int:\n    """Scale x."""\n    return _twice(x)\n\n\n'
                     "def _twice(x: int) -> int:\n    return 2 * x\n\n\n"
                     'class Box:\n    """A box."""\n\n    def __repr__(self) -> str:\n        return "Box"\n')


def cs003_undocumented_method() -> Run:
    return core_with('\n\nclass Box:\n    """A box."""\n\n    def size(self) -> int:\n        return 1\n')


def cs003_undocumented_new_module_function() -> Run:
    return changed({"src/pkg/util.py": HEADER + "def slug(s: str) -> str:\n    return s.lower()\n"})


def cs003_only_changed_existing() -> Run:
    return changed({"src/pkg/core.py": CORE.replace("return a + b", "return b + a")})


# --- CS-004 broad except --------------------------------------------------------------------------


def cs004_specific_handlers() -> Run:
    return core_with('\n\ndef parse(s: str) -> int:\n    """Parse."""\n    try:\n        return int(s)\n'
                     "    except (ValueError, TypeError):\n        return 0\n")


def cs004_exception_in_tuple() -> Run:
    return core_with('\n\ndef parse(s: str) -> int:\n    """Parse."""\n    try:\n        return int(s)\n'
                     "    except (ValueError, Exception) as exc:\n        raise RuntimeError(s) from exc\n")


def cs004_bare_except_in_test() -> Run:
    return changed({"tests/test_core.py": BASE["tests/test_core.py"]
                    + "\n\ndef test_x() -> None:\n    try:\n        add(1, 2)\n    except:\n        pass\n"})


def cs004_only_markdown() -> Run:
    return changed({"CHANGELOG.md": BASE["CHANGELOG.md"] + "- Fixed add.\n"})


# --- CS-005 encoding ------------------------------------------------------------------------------


def cs005_encodings_given() -> Run:
    return core_with(
        '\n\ndef load(p: str) -> str:\n    """Load."""\n    raw = open(p, "rb").read()\n'
        '    with open(p, "w", encoding="utf-8") as fh:\n        fh.write("x")\n'
        '    return Path(p).read_text("utf-8") + str(raw)\n'
    )


def cs005_chained_read_text() -> Run:
    return core_with('\n\ndef load(p: str) -> str:\n    """Load."""\n    return Path(p).read_text()\n')


def cs005_text_mode_open() -> Run:
    return core_with('\n\ndef load(p: str) -> str:\n    """Load."""\n    with open(p, "rb") as fh:\n'
                     '        fh.read()\n    with open(p, "r") as fh:\n        return fh.read()\n')


def cs005_no_io() -> Run:
    return core_with('\n\ndef neg(x: int) -> int:\n    """Negate."""\n    return -x\n')


# --- CS-006 star imports --------------------------------------------------------------------------


def cs006_explicit_imports() -> Run:
    return changed({"src/pkg/__init__.py": '"""A tiny package."""\n\nfrom .core import add\n'})


def cs006_relative_star() -> Run:
    return changed({"src/pkg/__init__.py": '"""A tiny package."""\n\nfrom .core import *  # re-export\n'})


# --- CS-007 os.path -------------------------------------------------------------------------------


def cs007_pathlib() -> Run:
    return core_with(
        '\n\ndef find(path: Path) -> bool:\n    """Exists? (not os.path.exists)."""\n'
        "    return path.joinpath('x').exists()\n"
    )


def cs007_aliased_join() -> Run:
    return changed({"src/pkg/core.py": "from os.path import join as pjoin\n" + CORE
                    + '\n\ndef where(d: str) -> str:\n    """Where."""\n    return pjoin(d, "x")\n'})


def cs007_os_path_exists() -> Run:
    return core_with('\n\ndef has(p: str) -> bool:\n    """Has."""\n    import os\n\n    return os.path.exists(p)\n')


def cs007_only_tests() -> Run:
    return changed({"tests/test_core.py": "import os.path\n" + BASE["tests/test_core.py"]})


# --- CS-008 licence header ------------------------------------------------------------------------


def cs008_headers_everywhere() -> Run:
    return changed({
        "src/pkg/util.py": HEADER + '"""Utilities."""\n',
        "src/pkg/sub/__init__.py": HEADER,
        "tests/test_util.py": HEADER + "def test_u() -> None:\n    pass\n",
        "src/pkg/core.py": CORE + "\nX = 1\n",
    })


def cs008_empty_init_without_header() -> Run:
    return changed({"src/pkg/util.py": HEADER + '"""Utilities."""\n', "src/pkg/sub/__init__.py": ""})


def cs008_header_after_docstring() -> Run:
    return changed({"tests/test_util.py": '"""Tests."""\n' + HEADER + "def test_u() -> None:\n    pass\n"})


def cs008_only_modified() -> Run:
    return core_with("\nX = 1\n")


# --- CS-009 sleep in tests ------------------------------------------------------------------------


TESTS = BASE["tests/test_core.py"]


def cs009_fake_clock() -> Run:
    return changed({"tests/test_core.py": TESTS + "\n\ndef test_wait(clock) -> None:\n    clock.sleep(5)\n"
                    "    assert clock.now() == 5\n"})


def cs009_from_time_import_sleep() -> Run:
    return changed({"tests/test_core.py": "from time import sleep\n\n" + TESTS
                    + "\n\ndef test_wait() -> None:\n    sleep(0.1)\n"})


def cs009_asyncio_sleep() -> Run:
    return changed({"tests/test_async.py": HEADER + "import asyncio\n\n\nasync def test_a() -> None:\n"
                    "    await asyncio.sleep(0.05)\n"})


def cs009_sleep_in_a_colocated_test() -> Run:
    """A test module beside the code (`src/pkg/test_clock.py`) is a test file too."""
    return changed({"src/pkg/test_clock.py": HEADER + "import time\n\n\ndef test_tick() -> None:\n"
                    "    time.sleep(0.2)\n"})


def cs009_src_only() -> Run:
    return core_with("\nimport time\nDELAY = time.sleep\n")


# --- CS-010 trailing whitespace -------------------------------------------------------------------

WEB_AND_C = {**WEB_BASE, **C_BASE}


def cs010_clean_lines_old_whitespace_kept() -> Run:
    return changed({
        "src/pkg/core.py": CORE + "\nX = 1\n",
        ".pytest_cache/v/cache/nodeids": "[ \n  \"tests/test_core.py::test_add\" \n]",
    })


def cs010_markdown_hard_break() -> Run:
    return changed({"CHANGELOG.md": BASE["CHANGELOG.md"] + "- Added `scale`.  \n"})


def cs010_whitespace_only_line() -> Run:
    return core_with('\n\ndef neg(x: int) -> int:\n    """Negate."""\n    \n    return -x\n')


def cs010_only_deletion() -> Run:
    return changed({"README.md": None})


def cs010_js_and_c_clean() -> Run:
    return run_with({"src/lib/format.js": FORMAT + "\nexport const ASC = 1;\n",
                     "src/buffer.c": BUFFER_C + "\nint buffer_zero(void)\n{\n    return 0;\n}\n"}, base=WEB_AND_C)


def cs010_js_trailing_spaces() -> Run:
    return format_with("\nexport function byDate(a, b) {  \n  return a.date - b.date;\n}\n")


def cs010_c_trailing_tab() -> Run:
    return buffer_with("\nint buffer_zero(void)\n{\n    return 0;\t\n}\n")


# --- CS-011 suppressions --------------------------------------------------------------------------


def cs011_clean() -> Run:
    return core_with('\n\ndef note() -> str:\n    """Explain noqa policy."""\n    return "no suppressions here"\n')


def cs011_noqa_variant() -> Run:
    return changed({"src/pkg/__init__.py": '"""A tiny package."""\n\nfrom .core import add  #NOQA: F401\n'})


def cs011_type_ignore() -> Run:
    return core_with('\n\ndef f() -> int:\n    """F."""\n    return add("1", 2)  # type: ignore[arg-type]\n')


def cs011_only_markdown() -> Run:
    return changed({"CHANGELOG.md": BASE["CHANGELOG.md"] + "- Avoid `# noqa`.\n"})


def cs011_directive_named_in_a_string() -> Run:
    """`# noqa` inside a string literal is no comment (a line regex took it for one)."""
    return core_with('\n\nHINT = "never add # noqa or # type: ignore"\n')


def cs011_js_and_c_prose_comments() -> Run:
    return run_with({
        "src/lib/format.js": FORMAT + "\n// eslint runs in CI; keep this pure.\nexport const ASC = 1;\n",
        "src/buffer.c": BUFFER_C + "\n/* NOLINTs are banned here, fix the cause. */\nint buffer_zero(void)\n{\n"
                                   "    return 0;\n}\n"}, base=WEB_AND_C)


def cs011_directives_named_in_prose() -> Run:
    """A comment that names a directive in a sentence silences nothing: the tools read one only where it opens the
    comment."""
    return run_with({
        "src/lib/format.js": FORMAT + "\n// We never add eslint-disable here; fix what the linter reports.\n"
                                      "export const ASC = 1;\n",
        "src/rows.ts": "// never add @ts-ignore here: fix the type instead\nexport const version: number = 2;\n",
        "src/buffer.c": BUFFER_C + "\n/* Do not add cppcheck-suppress here. */\nint buffer_zero(void)\n{\n"
                                   "    return 0;\n}\n"}, base=WEB_AND_C)


def cs011_eslint_disable() -> Run:
    return format_with("\nexport function logRows(rows) {\n  // eslint-disable-next-line no-console\n"
                       "  console.log(rows);\n}\n")


def cs011_ts_expect_error() -> Run:
    return web({"src/rows.ts": "export function first(rows: string[]): number {\n"
                                "  // @ts-expect-error legacy callers pass numbers\n  return rows[0];\n}\n"})


def cs011_c_nolint() -> Run:
    return buffer_with("\nint buffer_zero(int unused) { // NOLINT(misc-unused-parameters)\n    return 0;\n}\n")


def cs011_c_pragma() -> Run:
    return buffer_with('\n#pragma GCC diagnostic ignored "-Wunused-parameter"\nint buffer_zero(int unused) {\n'
                       "    return 0;\n}\n")


FIXTURES = {
    "CS-001": {"pass": [cs001_logging_and_lookalikes],
               "fail": [cs001_print_in_main_block, cs001_print_in_nested_helper],
               "na": [cs001_only_tests_changed, cs001_src_does_not_parse]},
    "CS-002": {"pass": [cs002_new_annotated_old_untouched],
               "fail": [cs002_init_without_return, cs002_changed_legacy_function],
               "na": [cs002_only_constants]},
    "CS-003": {"pass": [cs003_public_documented_private_not],
               "fail": [cs003_undocumented_method, cs003_undocumented_new_module_function],
               "na": [cs003_only_changed_existing]},
    "CS-004": {"pass": [cs004_specific_handlers],
               "fail": [cs004_exception_in_tuple, cs004_bare_except_in_test],
               "na": [cs004_only_markdown]},
    "CS-005": {"pass": [cs005_encodings_given],
               "fail": [cs005_chained_read_text, cs005_text_mode_open],
               "na": [cs005_no_io]},
    "CS-006": {"pass": [cs006_explicit_imports], "fail": [cs006_relative_star], "na": [cs004_only_markdown]},
    "CS-007": {"pass": [cs007_pathlib], "fail": [cs007_aliased_join, cs007_os_path_exists],
               "na": [cs007_only_tests]},
    "CS-008": {"pass": [cs008_headers_everywhere],
               "fail": [cs008_empty_init_without_header, cs008_header_after_docstring],
               "na": [cs008_only_modified]},
    "CS-009": {"pass": [cs009_fake_clock],
               "fail": [cs009_from_time_import_sleep, cs009_asyncio_sleep, cs009_sleep_in_a_colocated_test],
               "na": [cs009_src_only]},
    "CS-010": {"pass": [cs010_clean_lines_old_whitespace_kept, cs010_js_and_c_clean],
               "fail": [cs010_markdown_hard_break, cs010_whitespace_only_line, cs010_js_trailing_spaces,
                        cs010_c_trailing_tab],
               "na": [cs010_only_deletion]},
    "CS-011": {"pass": [cs011_clean, cs011_directive_named_in_a_string, cs011_js_and_c_prose_comments,
                        cs011_directives_named_in_prose],
               "fail": [cs011_noqa_variant, cs011_type_ignore, cs011_eslint_disable, cs011_ts_expect_error,
                        cs011_c_nolint, cs011_c_pragma],
               "na": [cs011_only_markdown]},
}
