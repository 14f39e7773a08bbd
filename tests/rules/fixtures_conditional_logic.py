"""Pass/fail/n-a fixtures for the conditional-logic rules (CL-*)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, turn

from .fixtures_output_control import BASE, CORE, CORE_FIXED, PYC, TEST, edit, replies, run_tests, state
from .fixtures_quantitative import changed

CHANGELOG = BASE["CHANGELOG.md"] + "- `add` casts its inputs\n"
TEST_PYC = "tests/__pycache__/test_core.cpython-311-pytest-8.3.0.pyc"

# --- CL-002 -----------------------------------------------------------------------------------

SUB = "\n\ndef sub(a: int, b: int) -> int:\n    return a - b\n"
PRIVATE = "\n\ndef _clamp(a: int) -> int:\n    return max(a, 0)\n"
REFORMATTED = "def add(\n    a: int,\n    b: int,\n) -> int:\n    return a + b\n"
BOX = "class Box:\n    def size(self) -> int:\n        return 1\n"
BOX_EMPTY = BOX + "\n    def empty(self) -> bool:\n        return False\n"
DEFAULTED = CORE.replace("b: int", "b: int = 0")
CTOR = "class Box:\n    def __init__(self, size: int) -> None:\n        self.size = size\n"
CTOR_WIDER = CTOR.replace("size: int)", "size: int, label: str = '')")
AREA = "def area(w: float, h: float) -> float:\n    return w * h\n"

# --- CL-004 -----------------------------------------------------------------------------------

INIT = "src/pkg/__init__.py"
PKG_INIT = BASE[INIT]
STUB = "def parse() -> None:\n    pass\n"

# --- CL-005 -----------------------------------------------------------------------------------

REVIEW_OK = (
    "Findings:\n\n"
    "1. `add` ignores non-int input at `src/pkg/core.py:2`.\n"
    "2. **Missing export**\n   The package never re-exports `sub`; see src/pkg/__init__.py:3.\n"
    "   ```python\n   from .core import add\n   ```\n\n"
    "Overall the module is small and readable."
)
REVIEW_BULLETS = (
    "- `add` ignores non-int input at `src/pkg/core.py:2`.\n"
    "- `sub` is not exported: src/pkg/__init__.py:3."
)
REVIEW_ONE_UNCITED = "1. `add` ignores non-int input at `src/pkg/core.py:2`.\n2. No test covers negatives."
REVIEW_CITE_IN_SUMMARY = (
    "1. `add` ignores non-int input.\n2. The tests never cover negatives.\n\n"
    "Both issues start at src/pkg/core.py:2."
)


def review(*review_replies: str) -> Run:
    turns = [turn("Add sub", "Added sub.")]
    turns += [turn(f"Review pass {i}", r, intent="code-review") for i, r in enumerate(review_replies)]
    return make_run(initial=BASE, turns=turns)


# --- CL-006 -----------------------------------------------------------------------------------

REGRESSION = "\n\ndef test_regression_string_inputs() -> None:\n    assert add('1', '2') == 3\n"
CLASS_REGRESSION = (
    "\n\nclass TestAdd:\n    def test_str_regression(self) -> None:\n        assert add('1', 2) == 3\n"
)
PLAIN = "\n\ndef test_string_inputs() -> None:\n    assert add('1', '2') == 3\n"


def _cause(reply: str) -> Run:
    """A bug-fix turn that changes `add` in src/pkg/core.py and replies `reply`."""
    fixed = state({"src/pkg/core.py": CORE_FIXED})
    return make_run(initial=BASE, final=fixed, turns=[
        turn("add('1', '2') gives '12'", reply, edit("src/pkg/core.py"), intent="bug-fix", files=fixed)])


def bug_fix(test_added: str, later_test: str = "", intent: str = "bug-fix") -> Run:
    """A bug-fix turn changes src/ (and adds `test_added`); an optional later turn adds `later_test`."""
    one = state({"src/pkg/core.py": CORE_FIXED, "tests/test_core.py": TEST + test_added})
    turns = [turn("add('1', '2') crashes", "Root cause: no cast.", edit("src/pkg/core.py"), run_tests(),
                  intent=intent, files=one)]
    if later_test:
        two = state({"tests/test_core.py": TEST + test_added + later_test}, one)
        turns.append(turn("Add a test", "Added one.", edit("tests/test_core.py"), intent="tests", files=two))
    return make_run(initial=BASE, final=turns[-1]["files"], turns=turns)


def edited_regression_test() -> Run:
    """An existing regression test edited in the fix turn is not a new one."""
    initial = state({"tests/test_core.py": TEST + REGRESSION})
    edited = TEST + REGRESSION.replace("3", "3.0")
    one = state({"src/pkg/core.py": CORE_FIXED, "tests/test_core.py": edited}, initial)
    return make_run(initial=initial, final=one, turns=[
        turn("add('1', '2') crashes", "Root cause: no cast.", intent="bug-fix", files=one),
    ])


# --- CL-007 -----------------------------------------------------------------------------------


def ask_then_edit(asking_files: dict[str, str | None], intent: str = "question") -> Run:
    one = state(asking_files)
    two = state({"src/pkg/core.py": CORE_FIXED}, one)
    return make_run(initial=BASE, final=two, turns=[
        turn("How does add work?", "It sums two ints.", run_tests(), intent=intent, files=one),
        turn("Make it cast", "Done.", edit("src/pkg/core.py"), intent="new-feature", files=two),
    ])


FIXTURES = {
    "CL-002": {
        "pass": [
            lambda: changed({"src/pkg/core.py": CORE + SUB, "CHANGELOG.md": CHANGELOG}),
            lambda: changed({"src/pkg/core.py": DEFAULTED, "CHANGELOG.md": CHANGELOG}),
        ],
        "fail": [
            lambda: changed({"src/pkg/core.py": DEFAULTED}),
            lambda: changed({"src/pkg/box.py": BOX_EMPTY}, state({"src/pkg/box.py": BOX})),
            lambda: changed({"src/pkg/geometry.py": AREA}),
            lambda: changed({"src/pkg/core.py": CORE + SUB, "CHANGELOG.md": None}),
            lambda: changed({"src/pkg/box.py": CTOR_WIDER}, state({"src/pkg/box.py": CTOR})),
            # the gamer's move: the changelog gains a line that says nothing
            lambda: changed({"src/pkg/core.py": CORE + SUB, "CHANGELOG.md": BASE["CHANGELOG.md"] + "- Update.\n"}),
        ],
        "na": [
            lambda: changed({"src/pkg/core.py": CORE_FIXED}),
            lambda: changed({"src/pkg/core.py": REFORMATTED + PRIVATE}),
            lambda: changed({"src/pkg/_util.py": "def helper() -> int:\n    return 1\n"}),
            lambda: changed({"src/pkg/_impl/helpers.py": "def helper() -> int:\n    return 1\n"}),
            lambda: changed({"src/pkg/box.py": CTOR_WIDER.replace("Box", "_Box")},
                            state({"src/pkg/box.py": CTOR.replace("Box", "_Box")})),
        ],
    },
    "CL-003": {
        "pass": [
            lambda: replies("Fixed add.\n\nRoot cause: the inputs were never cast to int.", intent="bug-fix"),
            lambda: replies("Fixed add.\n\n- **Root cause:** no cast\n- Fix: cast both", intent="bug-fix"),
            lambda: replies("### Root cause: no cast\n\nadd now casts both inputs.", intent="bug-fix"),
            # the fix changed core.py: the cause names the file or a name on the changed lines
            lambda: _cause("Root cause: `add()` concatenated the raw strings."),
            lambda: _cause("**Root cause:** core.py added the inputs before any cast."),
        ],
        "fail": [
            lambda: replies("Fixed add. The root cause: a missing cast.", intent="bug-fix"),
            lambda: replies("Fixed add.\nRoot cause - a missing cast.", intent="bug-fix"),
            lambda: replies("Fixed add.\n```text\nRoot cause: missing cast\n```", intent="bug-fix"),
            # the gamer's move: the label and nothing the fix touched
            lambda: _cause("Fixed it.\n\nRoot cause: see above."),
            # a word of the changed lines ending a sentence is prose, not a name written as code
            lambda: _cause("Fixed it.\n\nRoot cause: a bad return."),
            lambda: make_run(initial=BASE, turns=[
                turn("Why does add fail?", "Root cause: no cast.", intent="debug"),
                turn("Fix it", "Fixed; added a cast.", intent="bug-fix"),
            ]),
        ],
        "na": [lambda: replies("Root cause is irrelevant here; added sub.")],
    },
    "CL-004": {
        "pass": [lambda: changed({"src/pkg/parser.py": STUB, INIT: PKG_INIT + "from .parser import parse"}),
                 lambda: changed({"src/pkg/parser.py": STUB, INIT: PKG_INIT + '__all__ = ["parser"]\n'}),
                 lambda: changed({"src/pkg/parser.py": STUB, INIT: PKG_INIT + "from . import parser\n"}),
                 # a new subpackage registered by its parent; its __main__.py is run by `python -m`, not imported
                 lambda: changed({"src/pkg/cli/__init__.py": STUB, "src/pkg/cli/__main__.py": "parse()\n",
                                  INIT: PKG_INIT + "from .cli import parse\n"})],
        "fail": [
            lambda: changed({"src/pkg/parser.py": STUB, INIT: PKG_INIT + "# see the parsers package\n"}),
            # the name only in a comment and a string: the old word search took that for a registration
            lambda: changed({"src/pkg/parser.py": STUB, INIT: PKG_INIT + "# TODO: register parser\nNOTE = 'parser'\n"}),
            lambda: changed({"src/pkg/io/reader.py": STUB, "src/pkg/io/__init__.py": '"""I/O helpers."""\n',
                             INIT: PKG_INIT + "from .io.reader import read\n"}),
            lambda: changed({"src/pkg/io/reader.py": STUB}),
            # a new subpackage its parent package never imports
            lambda: changed({"src/pkg/cli/__init__.py": STUB, "src/pkg/cli/__main__.py": "parse()\n"}),
        ],
        "na": [
            lambda: changed({"src/pkg/core.py": CORE_FIXED, "tests/test_core.py": TEST + PLAIN}),
            lambda: changed({"src/helper.py": STUB}),
        ],
    },
    "CL-005": {
        "pass": [lambda: review(REVIEW_OK)],
        "fail": [
            lambda: review(REVIEW_BULLETS),
            lambda: review(REVIEW_ONE_UNCITED),
            lambda: review(REVIEW_CITE_IN_SUMMARY),
            lambda: review(REVIEW_OK, "No further issues found."),
            # the gamer's move: numbered locations with no finding at them
            lambda: review("1. `src/pkg/core.py:2`\n2. See src/pkg/__init__.py:3."),
            lambda: review("1. `add` ignores non-int input at `src/pkg/core.py:2`.\n2. `src/pkg/core.py:1` too."),
        ],
        "na": [lambda: replies("1. Added sub.\n2. Added a test.")],
    },
    "CL-007": {
        "pass": [
            lambda: ask_then_edit({PYC: "\x00bytecode", ".pytest_cache/v/cache/lastfailed": "{}"}),
            lambda: ask_then_edit({}, intent="explain"),
        ],
        "fail": [
            lambda: ask_then_edit({"src/pkg/core.py": CORE + "# note: sums ints\n"}),
            lambda: ask_then_edit({"README.md": None}, intent="explain"),
        ],
        "na": [lambda: changed({"src/pkg/core.py": CORE_FIXED})],
    },
}
