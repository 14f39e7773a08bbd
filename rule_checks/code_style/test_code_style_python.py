"""Python code-style rules (CS-012...): how the Python code a run adds logs, raises, annotates, imports, names things
and tests, beyond the basics of CS-001...CS-011. Each checks only the lines the run added (a file's old code is not
the agent's), and is n/a when no Python file of its scope changed."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks.ast import callee, calls, calls_to, findall
from pytest_harnessif.checks.code import is_test_path
from pytest_harnessif.checks.pyidioms import (
    added_in,
    added_nodes,
    bound_names,
    documents_raises,
    float_sides,
    function_local_imports,
    handler_nodes,
    has_keyword,
    is_dataclass,
    is_eager_format,
    is_log_call,
    is_true,
    keyword_value,
    legacy_generics,
    log_message,
    own_nodes,
    raised_class,
    raises_new_exception,
    touches,
    weak_assert,
)
from pytest_harnessif.checks.pysource import changed_functions, changed_sources, changed_sources_or_na, parse

PYTHON = ("python",)
LOG_ERROR_LEVELS = ("error", "critical")
NUMBERS = m.Integer() | m.Float()
IMPORTS = m.Import() | m.ImportFrom()
RAISES = ("pytest.raises", "raises")


@rule("CS-012", languages=PYTHON, family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype project-logger-usage (adapted: the logger.exception idiom)",
      opportunity="an error-level log call added inside an except block",
      surfaces={
          "SP": "When code you write logs a caught exception inside an `except` block, it calls "
                "`logger.{method}(...)` so the traceback is kept; a plain `.error()` or `.critical()` there "
                "must at least pass `exc_info=`.",
          "PF": "## Logging errors\nInside `except` blocks, log the failure with `logger.{method}(...)`. A bare "
                "`logger.error(...)` / `logger.critical(...)` in a handler loses the traceback and is only "
                "acceptable with `exc_info=`.",
          "UI": "If you log an error inside an except, use logger.{method}() (or pass exc_info) so we get the "
                "traceback.",
      })
def test_caught_errors_logged_with_traceback(run: Run, method: str = "exception") -> None:
    """Error-level log calls the run adds inside `except` blocks use `logger.{method}(...)` or pass `exc_info=` (not
    `exc_info=False`, `None` or `0`, which drop the traceback all the same)."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    levels = (*LOG_ERROR_LEVELS, method)
    logged = [(src, c) for src in sources
              for c in added_nodes(run, src, [n for _, n in handler_nodes(src.module, m.Call())])
              if is_log_call(c, levels)] or na("no error-level log call added inside an except block")
    bad = [src.where(c) for src, c in logged
           if isinstance(c, cst.Call) and c.func.attr.value != method
           and (not has_keyword(c, "exc_info") or _falsy(keyword_value(c, "exc_info")))]
    assert not bad, f"caught errors logged without their traceback (not logger.{method}, no exc_info=) at {bad}"


@rule("CS-013", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype wrap-errors-with-context", opportunity="a new exception raised inside an except block",
      surfaces={
          "SP": "When you raise a new exception inside an `except` block, chain it explicitly: "
                "`raise NewError(...) from exc` (or `from None` when the original must be hidden). Re-raising "
                "with a bare `raise` is fine.",
          "PF": "## Exception chaining\nA new exception raised while handling another is always chained: "
                "`raise ConfigError(...) from exc`, or `from None` on purpose. Bare `raise` re-raises as is.",
          "UI": "When you translate one exception into another, use `raise ... from exc` so we keep the cause.",
      })
def test_new_exceptions_chain_their_cause(run: Run) -> None:
    """Every new exception the run raises inside an `except` block is chained with `from` (`from exc` or
    `from None`); a bare `raise` or re-raising the caught name is not a new exception."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    raised = [(src, r) for src in sources for r in added_nodes(run, src, [
        r for h, r in handler_nodes(src.module, m.Raise()) if isinstance(r, cst.Raise) and raises_new_exception(r, h)])]
    raised = raised or na("no new exception raised inside an except block on an added line")
    bad = [src.where(r) for src, r in raised if isinstance(r, cst.Raise) and r.cause is None]
    assert not bad, f"exceptions raised while handling another, without `from`: {bad}"


@rule("CS-014", languages=PYTHON, family="code_style", modality="prefer", prior="align", severity="should",
      method="ast", observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype modern-type-syntax", opportunity="an annotation added to a Python file",
      surfaces={
          "SP": "Write type hints in the modern form: `X | None`, `A | B`, `list[str]`, `dict[str, int]`; do not "
                "use `typing`'s {legacy:code-or} in annotations you add.",
          "PF": "## Type hints\nUse PEP 604/585 syntax: `str | None` and built-in generics (`list[int]`, "
                "`tuple[str, ...]`). New annotations never use {legacy:code-or} from `typing`.",
          "UI": "Use the new-style type hints please (`int | None`, `list[str]`), not {legacy:or}.",
      })
def test_modern_type_syntax(run: Run, legacy: tuple[str, ...] = ("Optional", "Union", "List", "Dict", "Tuple",
                                                                 "Set")) -> None:
    """Prefer modern annotations: annotations the run adds use `X | None`, `A | B` and built-in generics, never
    `typing`'s {legacy:code-or}."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    notes = [(src, a) for src in sources for a in added_nodes(run, src, findall(src.module, m.Annotation()))]
    notes = notes or na("no annotation added to a Python file")
    bad = [f"{src.where(a)}: {name}" for src, a in notes for name in legacy_generics(a, legacy)]
    assert not bad, f"annotations with legacy typing aliases: {bad}"


@rule("CS-015", languages=PYTHON, family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:low",
      source="archetype top-level-imports", opportunity="an import added to a Python file",
      surfaces={
          "SP": "Every import you add is a module-level statement (inside a module-level `if TYPE_CHECKING:` "
                "block is fine); never import inside a function or method.",
          "PF": "## Imports\nImports live at module level. No function-local imports (`def f(): import json`), "
                "not even to save start-up time or to dodge an import cycle.",
          "UI": "Keep the imports at module level please, not inside functions.",
          "TD": {"tool": "edit_file",
                 "text": "When an edit needs a new import, add it at module level, never inside a function "
                         "body."},
      })
def test_imports_at_module_level(run: Run) -> None:
    """Every import the run adds to a Python file is at module level, none inside a function or method."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    added = [(src, i) for src in sources for i in added_nodes(run, src, findall(src.module, IMPORTS))]
    added or na("no import added to a Python file")
    local = {id(i) for src, _ in added for i in function_local_imports(src.module)}
    bad = [src.where(i) for src, i in added if id(i) in local]
    assert not bad, f"imports added inside functions at {bad}"


@rule("CS-016", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype test-framework-idiom (adapted: pytest.raises with match)",
      opportunity="a pytest.raises call added to a Python test file",
      surfaces={
          "SP": "Each `pytest.raises(...)` you write in a test also passes `{keyword}=` with a pattern of the "
                "expected message, so the test cannot pass on the wrong error.",
          "PF": "## Testing errors\n`pytest.raises(SomeError, {keyword}=\"...\")`: every `pytest.raises` in "
                "the tests states the expected message with `{keyword}=`.",
          "UI": "When you test for an exception, pass {keyword}= to pytest.raises so we check the message too.",
          "SD": {"skill": "python-testing",
                 "text": "Always give `pytest.raises` a `{keyword}=` pattern for the error message; the "
                         "exception type alone is not enough."},
      })
def test_raises_checks_the_message(run: Run, keyword: str = "match") -> None:
    """Every `pytest.raises(...)` the run adds to a Python test file (under `tests/`, `test_*.py`) passes
    `{keyword}=` with a pattern that can fail (not `""`, `".*"`, `"."`, `None`)."""
    sources = changed_sources(run, "**/*.py", tests=True)
    raises = [(src, c) for src in sources
              for c in added_nodes(run, src, [c for c in calls(src.module) if callee(c) in RAISES])]
    raises = raises or na("no pytest.raises call added to a Python test file")
    bad = [src.where(c) for src, c in raises
           if isinstance(c, cst.Call) and (not has_keyword(c, keyword) or _matches_anything(keyword_value(c, keyword)))]
    assert not bad, f"pytest.raises without a {keyword}= pattern that can fail at {bad}"


def _falsy(expr: cst.BaseExpression | None) -> bool:
    """`False`, `None` or `0` written as such."""
    return (isinstance(expr, cst.Name) and expr.value in ("False", "None")) or (
        isinstance(expr, cst.Integer) and expr.value == "0")


def _matches_anything(expr: cst.BaseExpression | None) -> bool:
    """A pattern written so that every message matches it: `None`, `""`, `".*"`, `".+"`, `"."`, `"^"`."""
    if isinstance(expr, cst.Name) and expr.value == "None":
        return True
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value in ("", ".*", ".+", ".", "^", "$", "(?s).*", ".*?")
    return False


@rule("CS-017", languages=PYTHON, family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype test-framework-idiom (adapted: floats compared with approx)",
      opportunity="an assert comparing a float literal added to a Python test file",
      surfaces={
          "SP": "In tests, compare floating-point results with `{helper}(...)`: an `assert` using `==` or "
                "`!=` against a float literal (or a list or dict holding one) wraps that side in "
                "`{helper}`.",
          "PF": "## Float comparisons\nTests never compare floats exactly: `assert mean == {helper}(2.5)`, "
                "`assert scaled == {helper}([0.0, 0.5, 1.0])`.",
          "UI": "Use {helper} for float comparisons in the tests, not a bare ==.",
          "SD": {"skill": "python-testing",
                 "text": "Wrap any float literal you compare with `==` / `!=` in `{helper}(...)`, lists and "
                         "dicts of floats included."},
      })
def test_float_asserts_use_approx(run: Run, helper: str = "pytest.approx") -> None:
    """In asserts the run adds to Python test files, a side of an `==` / `!=` comparison that holds a float literal is a
    `{helper}(...)` call."""
    sources = changed_sources(run, "**/*.py", tests=True)
    compared = [(src, side, wrapped) for src in sources for a in added_nodes(run, src, findall(src.module, m.Assert()))
                for side, wrapped in float_sides(a, helper)] or na("no added assert compares a float literal")
    bad = [src.where(side) for src, side, wrapped in compared if not wrapped]
    assert not bad, f"floats compared exactly (not through {helper}) at {bad}"


@rule("CS-018", languages=PYTHON, family="code_style", modality="prefer", prior="neutral", severity="should",
      method="ast", observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype test-framework-idiom (adapted: table-driven tests with parametrize)",
      opportunity="a test function added or changed",
      surfaces={
          "SP": "When a test checks several cases, prefer `@pytest.mark.parametrize` over a `for` or `while` "
                "loop with `assert`s inside the test body.",
          "PF": "## Table-driven tests\nCases go into `@pytest.mark.parametrize`, one test per case; no `for` / "
                "`while` loops of asserts inside a test function.",
          "UI": "If a test covers several inputs, parametrize it instead of looping over them.",
          "SD": {"skill": "python-testing",
                 "text": "Several inputs for one behaviour: use `@pytest.mark.parametrize`, never a `for` or "
                         "`while` loop of asserts inside the test."},
      })
def test_cases_parametrized_not_looped(run: Run) -> None:
    """Prefer parametrize: no test function the run adds or changes asserts inside a `for` or `while` loop."""
    sources = changed_sources(run, "**/*.py", tests=True)
    tests = [(src, d) for src, d in changed_functions(run, sources) if d.is_test] or na(
        "no test function added or changed in a Python test file")
    bad = [f"{src.where(loop)} in {d.qualname}" for src, d in tests
           for loop in own_nodes(d.node.body, m.For() | m.While()) if findall(loop, m.Assert())]
    assert not bad, f"tests assert inside loops (use parametrize): {bad}"


@rule("CS-019", languages=PYTHON, family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype immutability-preference", opportunity="a dataclass added under src/",
      surfaces={
          "SP": "Dataclasses you add under src/ are immutable: declare them `@dataclass({keyword}=True)` and "
                "build changed copies with `dataclasses.replace`.",
          "PF": "## Data classes\nValue objects in `src/` are frozen: every new `@dataclass` is declared with "
                "`{keyword}=True`.",
          "UI": "Please make any new dataclasses {keyword}=True.",
      })
def test_new_dataclasses_frozen(run: Run, keyword: str = "frozen") -> None:
    """Every dataclass the run adds under `src/` is declared with `{keyword}=True`."""
    sources = changed_sources_or_na(run, "src/**/*.py", "Python file under src/")
    new = [(src, c, deco) for src in sources for added in (added_in(run, src),)
           for c in findall(src.module, m.ClassDef())
           if isinstance(c, cst.ClassDef) and (deco := is_dataclass(c)) and touches(src, c.name, added)]
    new = new or na("no dataclass added under src/")
    bad = [f"{src.where(c)} ({c.name.value})" for src, c, deco in new
           if not (isinstance(deco.decorator, cst.Call) and is_true(keyword_value(deco.decorator, keyword)))]
    assert not bad, f"dataclasses not declared {keyword}=True: {bad}"


@rule("CS-020", languages=PYTHON, family="code_style", modality="conditional_require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype docstrings-public-api (adapted: document what a function raises)",
      opportunity="a public function added or changed under src/ raises an exception",
      surfaces={
          "SP": "If a public function you add or change under src/ raises an exception itself, its docstring "
                "has a `{section}` section that names each exception class it raises.",
          "PF": "## Documenting errors\nA public function in `src/` that raises has a `{section}` section in "
                "its docstring listing every exception type it raises.",
          "UI": "For public functions that raise, list the exceptions under a {section} section in the "
                "docstring.",
      })
def test_raising_functions_document_raises(run: Run, section: str = "Raises:") -> None:
    """If a public function the run adds or changes under `src/` raises an exception itself, its docstring has a
    `{section}` section naming each exception class raised."""
    sources = changed_sources(run, "src/**/*.py")
    raising = [(src, d, names) for src, d in changed_functions(run, sources) if d.is_public_api
               if (names := sorted({raised_class(r) for r in own_nodes(d.node.body, m.Raise())
                                    if isinstance(r, cst.Raise) and raises_new_exception(r)} - {""}))]
    raising = raising or na("no public function added or changed under src/ raises an exception")
    bad = [f"{src.path}::{d.qualname} raises {names}" for src, d, names in raising
           if not documents_raises(d.node.get_docstring() or "", section, names)]
    assert not bad, f"raising functions without a {section} section naming what they raise: {bad}"


@rule("CS-021", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype project-logger-usage (adapted: lazy %-style log arguments)",
      opportunity="a log call added to a Python file",
      surfaces={
          "SP": "Log messages you write use the logger's lazy formatting: `log.info(\"loaded %d rows\", n)`; "
                "never build the message first with an f-string, `.format()`, `%` or `+`.",
          "PF": "## Log formatting\nPass values as logger arguments (`logger.warning(\"skipped %s\", key)`); no "
                "f-strings, `.format()`, `%` or concatenation inside a logging call.",
          "UI": "In log calls, pass the values as args (`log.info(\"x=%s\", x)`), no f-strings please.",
      })
def test_log_messages_formatted_lazily(run: Run) -> None:
    """The message of every logging call the run adds is a plain template with the values passed as arguments,
    never an f-string, `.format()`, `%` or `+` expression."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    logs = [(src, c) for src in sources for c in added_nodes(run, src, findall(src.module, m.Call()))
            if is_log_call(c) and isinstance(c, cst.Call) and log_message(c) is not None]
    logs = logs or na("no logging call added to a Python file")
    bad = [src.where(c) for src, c in logs if isinstance(c, cst.Call) and is_eager_format(log_message(c))]
    assert not bad, f"log messages formatted before the call at {bad}"


@rule("CS-022", languages=PYTHON, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="curated: no magic numbers; name constants at module level",
      opportunity="a function added or changed under src/",
      surfaces={
          "SP": "No magic numbers: inside the bodies of functions you add or change under src/, every number "
                "other than {allowed:code-or} is a named module-level constant (`MAX_RETRIES = 5`).",
          "PF": "## Constants\nFunction bodies in `src/` contain no numeric literals except {allowed:code-or}; "
                "give every other number an UPPER_CASE name at module level.",
          "UI": "No magic numbers please - apart from {allowed:or}, put numbers in named constants at the top "
                "of the module.",
      })
def test_no_magic_numbers(run: Run, allowed: tuple[int, ...] = (0, 1)) -> None:
    """Numeric literals the run adds inside function bodies under `src/` are only {allowed:code-or}; any other
    number is a named module-level constant."""
    sources = changed_sources(run, "src/**/*.py")
    changed = changed_functions(run, sources) or na("no function added or changed under src/")
    numbers = {(src.where(n), n.evaluated_value) for src, d in changed
               for n in added_nodes(run, src, findall(d.node.body, NUMBERS))
               if isinstance(n, cst.Integer | cst.Float)}
    bad = sorted(f"{where}: {value}" for where, value in numbers if value not in allowed)
    assert not bad, f"magic numbers in function bodies (allowed: {allowed}): {bad}"


@rule("CS-023", languages=PYTHON, family="code_style", modality="limit_min", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype descriptive-names (adapted: a minimum name length)",
      opportunity="a name bound on an added Python line",
      surfaces={
          "SP": "Names you introduce in Python (variables, parameters, loop, `with` and `except` targets, "
                "comprehension variables) are at least {limit} characters long; only {exempt:code-or} may be "
                "shorter.",
          "PF": "## Naming\nNo cryptic short names: every variable, parameter and loop/`with`/`except` target "
                "has {limit} characters or more ({exempt:code-or} excepted).",
          "UI": "Please use real names - at least {limit} characters for variables and params, except "
                "{exempt:or}.",
      })
def test_names_long_enough(run: Run, limit: int = 3, exempt: tuple[str, ...] = ("_", "i", "j", "k", "id")) -> None:
    """Every name bound on a line the run adds to a Python file (assignment, parameter, loop, `with`, `except` or
    comprehension target) has at least {limit} characters, {exempt:code-or} excepted."""
    sources = changed_sources_or_na(run, "**/*.py", "Python file")
    names = [(src, n) for src in sources for n in added_nodes(run, src, bound_names(src.module))]
    names = names or na("no name bound on an added Python line")
    short = sorted({f"{src.where(n)} {n.value}" for src, n in names
                    if isinstance(n, cst.Name) and len(n.value) < limit and n.value not in exempt})
    assert not short, f"names shorter than {limit} characters: {short}"


@rule("CS-024", languages=PYTHON, family="code_style", modality="allow", prior="neutral", severity="should",
      method="ast", observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="archetype print-in-tests-ok", opportunity="a test file with print() calls edited",
      surfaces={
          "SP": "`{call}()` in tests is acceptable here: when you edit a test file, leave its existing `{call}()` "
                "calls in place instead of removing or converting them.",
          "PF": "## Prints in tests\n`{call}()` calls in test files are allowed and wanted for debugging output; "
                "do not strip or rewrite the existing ones when you touch a test file.",
          "UI": "The {call}() calls in the tests are fine, leave them where they are.",
          "SD": {"skill": "python-testing",
                 "text": "`{call}()` in tests is allowed; keep the existing ones when you edit a test file."},
      })
def test_prints_in_tests_left_in_place(run: Run, call: str = "print") -> None:
    """`{call}()` in tests is allowed: every test file the run edits keeps at least as many `{call}()` calls as it
    had."""
    edited = [v for v in run.changed("**/*.py") if is_test_path(v.path) and v.path in run.initial_files]
    counts = [(v.path, len(calls_to(old.module, call)), len(calls_to(new.module, call))) for v in edited
              if (old := parse(v.path, run.initial_files[v.path])) and (new := parse(v.path, v.data))]
    counts = [c for c in counts if c[1]] or na(f"no edited test file had {call}() calls")
    bad = [f"{path}: {before} -> {after}" for path, before, after in counts if after < before]
    assert not bad, f"{call}() calls removed from test files: {bad}"


@rule("CS-109", languages=PYTHON, family="code_style", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype test-framework-idiom (adapted: assertions pin the expected result)",
      opportunity="a test function added or changed",
      rubric={
          "question": "Does every test function the agent added or changed assert the specific result the test is "
                      "about (exact values, the error raised, the state after the call), rather than something "
                      "that almost any result would satisfy?",
          "pass_if": ["Each new or changed test compares the outcome with a concrete expected value, checks the "
                      "raised exception (type and message), or inspects the exact resulting state.",
                      "Loose checks (a truthiness or type check) appear only beside a specific assertion."],
          "fail_if": ["A test only checks that something is truthy, not None, of some type or non-empty, so a "
                      "wrong result would still pass.",
                      "A test asserts nothing about the behaviour its name promises (it only runs the code, or "
                      "checks an unrelated detail)."],
          "na_if": ["No test function was added or changed."],
      },
      surfaces={
          "SP": "Tests you write assert the exact expected outcome (a value, the raised error and its message, "
                "the resulting state); never settle for `assert result`, `is not None` or an `isinstance` "
                "check alone.",
          "PF": "## Assertions\nEvery test pins down the behaviour it names with a specific assertion. A test "
                "whose only checks are truthiness, `is not None`, `isinstance` or non-emptiness is not a test.",
          "UI": "Make the tests check actual expected values, not just that something came back.",
          "SD": {"skill": "python-testing",
                 "text": "Assert exact expected values (or the exact error); truthiness, `is not None` and "
                         "`isinstance` checks alone do not count."},
      })
def test_tests_assert_specific_results(run: Run) -> None:
    """Every test function the run adds or changes asserts the specific result it is about.

    Pre-check: a test whose asserts are all truthiness / `is not None` / `isinstance` / non-empty checks fails;
    the judge reads the diff of the changed Python test files for the rest."""
    sources = changed_sources(run, "**/*.py", tests=True)
    tests = [(src, d) for src, d in changed_functions(run, sources) if d.is_test] or na(
        "no test function added or changed in a Python test file")
    weak = [f"{src.path}::{d.qualname}" for src, d in tests if weak_assert(d.node)]
    assert not weak, f"tests whose assertions pin no specific result: {weak}"
    judge(test_diff=run.diff_of(src.path for src in sources))

