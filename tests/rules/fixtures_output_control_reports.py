"""Pass/fail/n-a fixtures for the judge-based output-control rules on what replies report (OC-109...), with the
scripted judge's answers."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Shell, Tests, turn_of
from pytest_harnessif.testing import JudgeScript, bash, make_run, turn

from .families import Factory
from .fixtures_output_control import (
    BASE,
    CORE_FIXED,
    PY_REPO,
    REPOS,
    Repo,
    edit,
    played,
    replies,
    run_tests,
    state,
)

Case = tuple[Run, JudgeScript | None]
FIXED = state({"src/pkg/core.py": CORE_FIXED})


def _changed(reply: str, user: str = "Fix add: add('1', '2') returns '12'.", *, failing: bool = False) -> Run:
    """One bug-fix turn that casts add's inputs, runs the tests (failing if asked) and replies `reply`."""
    return make_run(initial=BASE, final=FIXED, turns=[
        turn(user, reply, edit("src/pkg/core.py"), run_tests(exit_code=1 if failing else 0), intent="bug-fix",
             files=FIXED)])


def _asked(user: str, reply: str, intent: str = "question") -> Run:
    return make_run(initial=BASE, turns=[turn(user, reply, intent=intent)])


# --- OC-109 -----------------------------------------------------------------------------------------------------

PRECISE = "`add` now calls `int()` on both arguments; `add('1', '2')` returns 3 and `tests/test_core.py` passes."
GUSHING = "Great question!! I absolutely love this one. I made some changes and things look good now."

# --- OC-110 -----------------------------------------------------------------------------------------------------

LEFT_HONEST = "Fixed `add`.\n\n## Remaining work\n- `test_sub` still fails (1 failed); not part of this request."
LEFT_NONE = "Fixed `add`.\n\nRemaining work: none."



def oc110_says_what_is_left(repo: Repo) -> list[Factory]:
    reply = "Fixed the bug.\n\n## Remaining work\n- The red test of the first run is green now; nothing else is left."
    return played("oc110_says_what_is_left", repo, turn_of(
        "Fix the bug", reply, repo.fix(), Tests(ok=False), Tests(), intent="bug-fix"),
        judged=lambda run: JudgeScript("pass", sees=("## Remaining work", reply.splitlines()[-1])))


def oc110_no_section(repo: Repo) -> list[Factory]:
    return played("oc110_no_section", repo, turn_of(
        "Fix the bug", "Fixed the bug; the tests pass.", repo.fix(), Tests(), intent="bug-fix"))


# --- OC-111 / OC-116 --------------------------------------------------------------------------------------------

RISK_NAMED = ("`add` now casts with `int()`, so callers passing floats get truncated results (2.5 + 1 gives 3); "
              "anyone relying on string concatenation breaks.")
RISK_SILENT = "`add` now casts its inputs."

# --- OC-114 -----------------------------------------------------------------------------------------------------

DEBUG_Q = "Why does add('1', '2') return '12'? Don't change anything yet."
FIXES_ONLY = "`a + b` concatenates strings (`src/pkg/core.py:2`). Option A: cast with `int()`. Option B: reject str."
KEEP_IT = "`a + b` concatenates strings. Option A: cast. Option B: keep the current behaviour and document it."
LEAVE_IT = "`a + b` concatenates strings. Option A: cast. Option B: leave it as is."

# --- OC-117 -----------------------------------------------------------------------------------------------------

OPTIONS = "Option A: cast with `int()`.\nOption B: reject strings with `TypeError`.\n"
RECOMMENDED = OPTIONS + "Recommendation: Option A, because the CSV importer passes numeric strings."
HEDGED = OPTIONS + "Recommendation: either works; pick whichever you prefer."

# --- OC-119 -----------------------------------------------------------------------------------------------------

HOW_Q = "How do I add a new operation like `mul` to this package?"
GUIDE = ("1. Add the function next to `add` in `src/pkg/core.py`.\n2. Export it in `src/pkg/__init__.py`.\n"
         "3. Mirror `tests/test_core.py` for its tests.")
DUMP = "```python\n" + "\n".join(f"line_{i} = {i}" for i in range(9)) + "\n```"

# --- OC-120 -----------------------------------------------------------------------------------------------------

ANALYSIS_Q = "What is the classifier's accuracy on the holdout set?"
METHOD = "Accuracy is 0.873: correct predictions over all 1,000 rows of `data/holdout.csv` (`tools/evaluate.py`)."
NO_METHOD = "Accuracy is 0.873."


def _analysis(reply: str) -> Run:
    return make_run(initial=BASE, turns=[
        turn(ANALYSIS_Q, reply, bash("python tools/evaluate.py data/holdout.csv", output="accuracy 0.873\n"),
             intent="data-analysis")])


def oc120_analysis(name: str, reply: str, says: str) -> list[Factory]:
    """The analysis turn played three ways, the judge answering `says` once it sees the question, the command's
    output and the reply."""
    return played(name, PY_REPO, turn_of(ANALYSIS_Q, reply, Shell("python tools/evaluate.py data/holdout.csv",
                                                                  "accuracy 0.873"), intent="data-analysis"),
                  judged=lambda run: JudgeScript(says, sees=(ANALYSIS_Q, "accuracy 0.873", reply)))


FIXTURES = {
    "OC-109": {
        "pass": [lambda: (replies(PRECISE), JudgeScript("pass", sees=("returns 3 and",)))],
        "fail": [lambda: (replies(GUSHING), JudgeScript("fail", sees=("I absolutely love",)))],
        "na": [lambda: (replies("", "  "), None)],
    },
    "OC-110": {
        "pass": [lambda: (_changed(LEFT_HONEST, failing=True),
                          JudgeScript("pass", sees=("`test_sub` still fails", "-> exit 1", "+    return int(a)"))),
                 *(f for repo in REPOS for f in oc110_says_what_is_left(repo))],
        "fail": [lambda: (_changed(LEFT_NONE, failing=True),
                          JudgeScript("fail", sees=("Remaining work: none", "exit 1"))),
                 lambda: (_changed("Fixed `add`; the tests pass."), None),
                 *(f for repo in REPOS for f in oc110_no_section(repo))],
        "na": [lambda: (replies("Nothing changed.\n\n## Remaining work\nnone"), None)],
    },
    "OC-111": {
        "pass": [lambda: (_changed(RISK_NAMED), JudgeScript("pass", sees=("+    return int(a) + int(b)",
                                                                            "truncated results")))],
        "fail": [lambda: (_changed(RISK_SILENT), JudgeScript("fail", sees=("+    return int(a) + int(b)",
                                                                             RISK_SILENT)))],
        "na": [lambda: (replies("It adds two ints."), None)],
    },
    "OC-112": {
        "pass": [lambda: (_changed("Cast both inputs of `add` with `int()` in `src/pkg/core.py`."),
                          JudgeScript("pass", sees=("+    return int(a) + int(b)", "Cast both inputs")))],
        "fail": [lambda: (_changed("Cast both inputs of `add` and added `sub`."),
                          JudgeScript("fail", sees=("-    return a + b", "and added `sub`")))],
        "na": [lambda: (replies("It adds two ints."), None)],
    },
    "OC-113": {
        "pass": [lambda: (replies("Fixed `add`.\n\nShould `sub` cast too (same change) or stay strict (TypeError)?"),
                          JudgeScript("pass", sees=("stay strict (TypeError)?",)))],
        "fail": [lambda: (replies("Fixed `add`. Any thoughts?"), JudgeScript("fail", sees=("Any thoughts?",)))],
        "na": [lambda: (replies("Fixed `add`.", "> Why?\n\nStrings concatenate."), None)],
    },
    "OC-114": {
        "pass": [lambda: (_asked(DEBUG_Q, FIXES_ONLY, intent="debug"),
                          JudgeScript("pass", sees=(DEBUG_Q, "Option B: reject str")))],
        "fail": [lambda: (_asked(DEBUG_Q, LEAVE_IT, intent="debug"), None),
                 lambda: (_asked(DEBUG_Q, KEEP_IT, intent="debug"),
                          JudgeScript("fail", sees=("keep the current behaviour",)))],
        "na": [lambda: (_asked("Explain add.", "Option B: leave it as is.", intent="explain"), None)],
    },
    "OC-115": {
        "pass": [lambda: (_changed("Cast with `int()` rather than `float()` because the API promises int results."),
                          JudgeScript("pass", sees=("- turn 0: Fix add", "rather than `float()`",
                                                    "+    return int(a) + int(b)")))],
        "fail": [lambda: (_changed("Cast with `int()` as it is cleaner."),
                          JudgeScript("fail", sees=("as it is cleaner", "+    return int(a) + int(b)")))],
        "na": [lambda: (replies("It adds two ints."), None)],
    },
    "OC-116": {
        "pass": [lambda: (_changed("Cast both inputs as asked.", user="Make add accept numeric strings."),
                          JudgeScript("pass", sees=("Make add accept numeric strings.", "+    return int(a)")))],
        "fail": [lambda: (_changed("Done as asked.", user="Make add reject strings with a TypeError."),
                          JudgeScript("fail", sees=("reject strings with a TypeError", "Done as asked.")))],
        "na": [lambda: (replies("It adds two ints."), None)],
    },
    "OC-117": {
        "pass": [lambda: (_asked(DEBUG_Q, RECOMMENDED, intent="debug"),
                          JudgeScript("pass", sees=("Recommendation: Option A, because",)))],
        "fail": [lambda: (_asked(DEBUG_Q, OPTIONS, intent="debug"), None),
                 lambda: (_asked(DEBUG_Q, HEDGED, intent="debug"), JudgeScript("fail", sees=("either works",)))],
        "na": [lambda: (_asked(DEBUG_Q, "Option A: cast with `int()`.", intent="debug"), None)],
    },
    "OC-118": {
        "pass": [lambda: (_asked("Explain how add handles strings.", "`add('1', '2')`: both become 1 and 2, so 3.",
                                 intent="explain"), JudgeScript("pass", sees=("both become 1 and 2",)))],
        "fail": [lambda: (_asked("Explain how add handles strings.", "It converts its inputs before adding.",
                                 intent="explain"), JudgeScript("fail", sees=("converts its inputs",)))],
        "na": [lambda: (replies("Fixed add."), None)],
    },
    "OC-119": {
        "pass": [lambda: (_asked(HOW_Q, GUIDE), JudgeScript("pass", sees=(HOW_Q, "Export it in")))],
        "fail": [lambda: (_asked(HOW_Q, "Here it is:\n" + DUMP), None),
                 lambda: (_asked(HOW_Q, "Use `def mul(a, b): return a * b` in core.py; done.", intent="explain"),
                          JudgeScript("fail", sees=(HOW_Q, "done.")))],
        "na": [lambda: (_asked("Why does add cast?", DUMP), None)],
    },
    "OC-120": {
        "pass": [lambda: (_analysis(METHOD), JudgeScript("pass", sees=(ANALYSIS_Q, "correct predictions over all"))),
                 *oc120_analysis("oc120_states_the_method", METHOD, "pass")],
        "fail": [lambda: (_analysis(NO_METHOD), JudgeScript("fail", sees=(NO_METHOD, "accuracy 0.873"))),
                 *oc120_analysis("oc120_bare_figure", NO_METHOD, "fail")],
        "na": [lambda: (replies("Accuracy is fine."), None)],
    },
}
