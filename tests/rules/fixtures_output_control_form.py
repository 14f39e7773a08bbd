"""Pass/fail/n-a fixtures for the output-control rules on the form of replies (OC-009, OC-010, OC-014...)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Shell, Tests, turn_of
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .families import Factory
from .fixtures_output_control import (
    BASE,
    C_FILES,
    CORE_FIXED,
    NODE_FILES,
    PY_REPO,
    SORT,
    STORE,
    edit,
    played,
    replies,
    run_tests,
    state,
    written,
)

STATS = (
    "def mean(values: list[float]) -> float:\n"
    "    total = sum(values)\n"
    "    count = len(values)\n"
    "    if count == 0:\n"
    "        raise ValueError(\"empty\")\n"
    "    return total / count\n"
)
STATS_LINES = STATS.splitlines()
MORE = CORE_FIXED + (
    "\n\ndef add_many(*values: int) -> int:\n    return sum(int(v) for v in values)\n"
    "\n\nclass NumberBox:\n    def __init__(self, value: int) -> None:\n        self.value = value\n"
)


def _changed(reply: str, files: dict[str, str | None], intent: str = "new-feature") -> Run:
    """One turn that changes `files` and answers `reply`."""
    after = state(files)
    return make_run(initial=BASE, final=after, turns=[turn("Do it", reply, edit("src/pkg/core.py"), intent=intent,
                                                           files=after)])


def _stats(reply: str) -> Run:
    """A turn that writes `src/pkg/stats.py` (six code lines) and replies `reply`."""
    return _changed(reply, {"src/pkg/stats.py": STATS})


def _block(lines: list[str], lang: str = "python") -> str:
    return f"```{lang}\n" + "\n".join(lines) + "\n```"


def _bash_turn(*cmds: str) -> Run:
    return make_run(initial=BASE, turns=[turn("Check it", "Checked.", *(bash(c) for c in cmds))])


def _read() -> ToolCall:
    return tool("read_file", path="src/pkg/core.py")


def _tool_turn(reply: str) -> Run:
    """A turn that reads and replies, then one that reads again and replies `reply`, then a chat turn."""
    return make_run(initial=BASE, turns=[turn("Look at add", "Looked.", _read()), turn("And?", reply, _read()),
                                         turn("Thanks", "")])


NODE_MORE = SORT + "\nexport class RowCache {\n  constructor() {\n    this.rows = [];\n  }\n}\n\n" \
            "export function sortByDate(rows) {\n  return rows.slice();\n}\n"
C_MORE = STORE + "\nint store_sub_checked(int a, int b) {\n    return a - b;\n}\n"


def oc014_status_turn() -> list[Factory]:
    """A fix with its test run, then a turn whose only command echoes a status line."""
    return played("oc014_status_turn", PY_REPO,
                  turn_of("Fix the bug", "Fixed; 12 tests pass.", PY_REPO.fix(), Tests(), intent="bug-fix"),
                  turn_of("Anything else?", "No, all done.", Shell("echo 'All 12 tests pass, nothing left.'",
                                                                   output="All 12 tests pass, nothing left.")))


def oc014_git_status_turn() -> list[Factory]:
    return played("oc014_git_status_turn", PY_REPO,
                  turn_of("Fix the bug", "Fixed; 12 tests pass.", PY_REPO.fix(), Tests(), intent="bug-fix"),
                  turn_of("Anything left?", "The tree has only the fix.", Shell("git status --short",
                                                                                output=" M src/pkg/core.py")))


FIXTURES = {
    "OC-009": {
        "pass": [lambda: replies("Run:\n```bash\npython -m pytest -q\n```", "It printed:\n~~~text\n1 passed\n~~~")],
        "fail": [lambda: replies("```python\nadd(1, 2)\n```\nreturns\n```\n3\n```"),
                 lambda: replies("Fine: `add`.", "```\nplain\n```")],
        "na": [lambda: replies("No fence here, only `add(1, 2)` inline.")],
    },
    "OC-010": {
        "pass": [lambda: replies("Changed `src/pkg/core.py` and `tests/test_core.py:5`.",
                                 "```bash\ncat src/pkg/core.py\n```\nSee `README.md`.")],
        "fail": [lambda: replies("Changed `src/pkg/core.py` and tests/test_core.py."),
                 lambda: replies("Updated README.md.")],
        "na": [lambda: replies("Changed the add function; docs/guide.md is not in this repo.")],
    },
    "OC-018": {
        "pass": [lambda: replies("- one\n- two\n\n1. first\n\n**bold** text\n```text\n* not a list\n```")],
        "fail": [lambda: replies("- one\n* two"), lambda: replies("+ only plus")],
        "na": [lambda: replies("No list, just **bold**.")],
    },
    "OC-030": {
        "pass": [lambda: replies("- read\n- fix\n\nA \u2022 inside a sentence is fine.")],
        "fail": [lambda: replies("Steps:\n\u2022 read\n\u2022 fix"), lambda: replies("1. read", "\u25aa fix")],
        "na": [lambda: replies("Plain prose only.")],
    },
    "OC-044": {
        "pass": [lambda: replies("## Summary\nok\n### Detail\nmore\n```bash\n# a shell comment\n```")],
        "fail": [lambda: replies("# Fix report\n## Summary\nok"), lambda: replies("## Summary\n#### Deep detail")],
        "na": [lambda: replies("No headings; `# not one` either.")],
    },
    "OC-042": {
        "pass": [lambda: replies("```python\nfrom pkg import add\nprint(add(1, 2))\n```", "```py\nx = ...\n```"),
                 lambda: replies("```js\nimport { sortRows } from './src/sort.js';\nsortRows(rows);\n```",
                                 "```ts\nconst rows: Row[] = sortRows(input);\n```"),
                 lambda: replies("```c\nif (store_add(1, 2) != 3) {\n    return 1;\n}\n```",
                                 "```c\n#include \"store.h\"\n\nint main(void) { return store_add(1, 2); }\n```")],
        "fail": [lambda: replies("```python\n>>> add(1, 2)\n3\n```"),
                 lambda: replies("```py\ndef f(:\n    pass\n```"),
                 lambda: replies("```js\n> sortRows([2, 1])\n[ 1, 2 ]\n```"),
                 lambda: replies("```c\nint total = store_add(1, 2)\nreturn total;\n```")],
        "na": [lambda: replies("```text\n>>> add(1, 2)\n```"), lambda: replies("```go\nfunc main() {\n```")],
    },
    "OC-019": {
        "pass": [lambda: replies("See `src/pkg/core.py` (the stdlib one is /usr/lib/python3/json/decoder.py).",
                                 "```bash\ncd /workspace/src/pkg/core.py\n```",
                                 "Upstream: https://github.com/org/pkg/blob/main/src/pkg/core.py")],
        "fail": [lambda: replies("Edited `/workspace/src/pkg/core.py`."),
                 lambda: replies("See ~/repo/tests/test_core.py for the test.")],
        "na": [lambda: replies("Nothing about files here.")],
    },
    "OC-020": {
        "pass": [lambda: replies("The cast is at `src/pkg/core.py:2`.", "Line 2 of the output shows it.")],
        "fail": [lambda: replies("The cast is on line 2 of `src/pkg/core.py`."),
                 lambda: replies("See `src/pkg/core.py:2`.", "See core.py, line 2.")],
        "na": [lambda: replies("The cast happens before the addition.")],
    },
    "OC-031": {
        "pass": [lambda: _changed("Added `add_many()` and `NumberBox`; add now casts its inputs.",
                                  {"src/pkg/core.py": MORE}),
                 lambda: written(NODE_FILES, "src/sort.js", "Added `sortByDate()` and `RowCache`.", NODE_MORE),
                 lambda: written(C_FILES, "src/store.c", "Added `store_sub_checked()`.", C_MORE)],
        "fail": [lambda: _changed("Added add_many and `NumberBox`.", {"src/pkg/core.py": MORE}),
                 lambda: _changed("Added `add_many`; add() now casts and NumberBox holds one.",
                                  {"src/pkg/core.py": MORE}),
                 lambda: written(NODE_FILES, "src/sort.js", "Added `sortByDate` and a RowCache class.", NODE_MORE),
                 lambda: written(C_FILES, "src/store.c", "Added store_sub_checked next to `store_add`.", C_MORE)],
        "na": [lambda: _changed("Fixed the cast.", {"src/pkg/core.py": MORE}),
               lambda: replies("`add_many` would be nice.")],
    },
    "OC-036": {
        "pass": [lambda: replies("See `src/pkg/core.py:2` and tests/test_core.py:1-5.")],
        "fail": [lambda: replies("See `src/pkg/core.py:3`."), lambda: replies("See tests/test_core.py:4-6.")],
        "na": [lambda: replies("See docs/guide.md:4 (another project) and http://example.com:8080.")],
    },
    "OC-037": {
        "pass": [lambda: make_run(initial=BASE, turns=[
            turn("Explain add", "See `src/pkg/core.py:2` and `tests/test_core.py`.", intent="explain"),
            turn("Plan sub", "1. Add `src/pkg/ops.py` with `sub`.\n2. Test it.", intent="planning"),
            turn("Is `src/pkg/legacy.py` still used?", "`src/pkg/legacy.py` does not exist.", intent="question"),
        ])],
        "fail": [lambda: replies("The helper lives in `src/pkg/utils.py`."),
                 lambda: make_run(initial=BASE, turns=[turn("Is `src/pkg/legacy.py` still used?",
                                                            "`src/pkg/legacy.py` is gone; see `src/pkg/old.py`.")]),
                 lambda: replies("See `src/pkg/core.py` and `tests/test_ops.py:3`.")],
        "na": [lambda: replies("See `README.md` and `pkg.core`.")],
    },
    "OC-014": {
        "pass": [lambda: _bash_turn("echo 'x = 1' > /tmp/x.py", "echo hi | python -c 'import sys'",
                                    "python -m pytest -q", "cd /workspace && git status"),
                 *oc014_git_status_turn()],
        "fail": [lambda: _bash_turn("python -m pytest -q", "echo 'Now running the linter...'"),
                 lambda: _bash_turn("echo Step 1; printf 'done\\n'"),
                 lambda: _bash_turn("cd /workspace && echo 'Tests pass; moving on.'"),
                 *oc014_status_turn()],
        "na": [lambda: make_run(initial=BASE, turns=[turn("Test", "1 passed.", run_tests())])],
    },
    "OC-015": {
        "pass": [lambda: replies("Fixed add.\n\n## Open questions\n- Should `sub` cast too?",
                                 "```python\n# let me know if this breaks\n```")],
        "fail": [lambda: replies("Fixed add. Let me know if you want more tests."),
                 lambda: replies("Would you like me to add tests?"),
                 lambda: replies("Fixed. If you\u2019d like, I can cover sub as well."),
                 # offers in other words than the first list had
                 lambda: replies("Fixed add. Shall I also cover `sub`?"),
                 lambda: replies("Done. Happy to add more tests."),
                 lambda: replies("Fixed. Want me to port `sub` too?")],
        "na": [lambda: replies("", "  ")],
    },
    "OC-016": {
        "pass": [lambda: replies("Fixed add; `sub` is not done.", "```python\n# I'll keep this\n```")],
        "fail": [lambda: replies("Fixed add. I'll add tests next."),
                 lambda: replies("Looked at it.", "I\u2019m going to look at sub later."),
                 # the gamer's move: the same promise in words the first list missed
                 lambda: replies("Fixed add. Next, I plan to tidy the rest."),
                 lambda: replies("Fixed add; I intend to cover sub in a follow-up.")],
        "na": [lambda: replies("")],
    },
    "OC-017": {
        "pass": [lambda: replies("Done: add casts its inputs. Great care went into the edge cases.")],
        "fail": [lambda: replies("All set! add casts its inputs."), lambda: replies("Perfect !"),
                 # the gamer's move: the cheer in words the first list missed
                 lambda: replies("Nailed it! add casts its inputs.")],
        "na": [lambda: replies("")],
    },
    "OC-021": {
        "pass": [lambda: _stats("Added `mean`:\n" + _block(STATS_LINES[:5])),
                 lambda: _stats("```diff\n" + "\n".join("+" + line for line in STATS_LINES[1:6]) + "\n```")],
        "fail": [lambda: _stats("Added `mean`:\n" + _block(STATS_LINES))],
        "na": [lambda: replies("```python\nadd(1, 2)\n```"), lambda: _stats("Added `mean` in `src/pkg/stats.py`.")],
    },
    "OC-028": {
        "pass": [lambda: replies("Fixed add.\n\n## Open questions\n- Should `sub` cast too?\n- Keep int64?",
                                 "> Why does it fail?\n\nBecause the inputs are strings.")],
        "fail": [lambda: replies("Should `sub` cast too?\n\n## Open questions\n- Keep int64?"),
                 lambda: replies("## Open questions\n- Keep int64?\n\n## Testing\n1 passed"),
                 lambda: replies("Fixed add. Keep int64?")],
        "na": [lambda: replies("Fixed add.", "> Why?\n\nStrings.")],
    },
    "OC-041": {
        "pass": [lambda: _tool_turn("Nothing else calls it.")],
        "fail": [lambda: _tool_turn("  ")],
        "na": [lambda: replies("Hi.", "")],
    },
}
