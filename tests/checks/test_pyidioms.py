"""checks/pyidioms: the Python idioms of the Python code-style rules, read through libcst."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from pytest_harnessif.checks.ast import findall
from pytest_harnessif.checks.pyidioms import (
    added_imports,
    added_nodes,
    assigned_frames,
    bound_names,
    documents_raises,
    float_sides,
    frame_params,
    function_local_imports,
    handler_nodes,
    importing,
    is_eager_format,
    is_log_call,
    legacy_generics,
    log_message,
    numpy_random_calls,
    own_nodes,
    raised_class,
    raises_new_exception,
    rebound_before,
    weak_assert,
)
from pytest_harnessif.checks.pysource import Source, parse
from pytest_harnessif.testing import make_run


def source(text: str, path: str = "src/a.py") -> Source:
    src = parse(path, text.encode())
    assert src is not None
    return src


# --- Python helpers ----------------------------------------------------------------------------------------

PY = '''import logging
import numpy as np
from numpy.random import permutation
from numpy import random as npr

log = logging.getLogger(__name__)


def f(df, frame: "pd.DataFrame", other: int) -> None:
    try:
        x = 1
    except ValueError as exc:
        log.error("bad %s", x)
        log.exception(f"bad {x}")

        def inner():
            log.error("nested")
        raise KeyError("k") from exc
    except KeyError as exc:
        raise exc
    df["a"] = 1
    frame = frame.copy()
    frame.loc[0, "b"] = 2
    np.random.seed(1)
    rng = np.random.default_rng(3)
    permutation([1])
    npr.rand()
    import json
'''


def test_handlers_and_logging() -> None:
    src = source(PY)
    calls_in_handlers = [n for _, n in handler_nodes(src.module, m.Call())]
    errors = [c for c in calls_in_handlers if is_log_call(c, ("error",))]
    assert [src.line(c) for c in errors] == [13]
    exceptions = [c for c in calls_in_handlers if is_log_call(c, ("exception",))]
    assert len(exceptions) == 1 and is_eager_format(log_message(exceptions[0]))
    assert not is_eager_format(log_message(errors[0]))
    assert is_eager_format(cst.parse_expression('"a %s" % x'))
    assert is_eager_format(cst.parse_expression('"a".format(x)'))
    assert log_message(cst.parse_expression('log.log(20, "m")')) is not None
    assert log_message(cst.parse_expression("log.info()")) is None
    raises = handler_nodes(src.module, m.Raise())
    assert [(src.line(r), raises_new_exception(r, h), raised_class(r)) for h, r in raises] == [
        (18, True, "KeyError"), (20, False, "exc")]


def test_own_nodes_skip_nested_scopes() -> None:
    fn = cst.parse_module("def f():\n    g()\n    def h():\n        k()\n    lambda: m()\n").body[0]
    assert isinstance(fn, cst.FunctionDef)
    calls = [c for c in own_nodes(fn.body, m.Call()) if isinstance(c, cst.Call)]
    assert [cst.Module(body=[]).code_for_node(c) for c in calls] == ["g()"]


def test_numpy_random_calls_and_imports() -> None:
    src = source(PY)
    assert [fn for _, fn in numpy_random_calls(src.module)] == ["seed", "default_rng", "permutation", "rand"]
    run = make_run(initial={}, final={"src/a.py": PY})
    bindings = [(name, bound, origin) for _, _, name, bound, origin in added_imports(run, [src])]
    assert ("numpy", "np", "") in bindings and ("random", "npr", "numpy") in bindings
    assert importing([src], ("numpy",)) == [src] and importing([src], ("pandas",)) == []
    local = function_local_imports(src.module)
    assert [src.line(i) for i in local] == [28]


def test_frames_parameters_and_rebinding() -> None:
    src = source(PY)
    fn = next(d.node for d in src.defs if d.name == "f")
    assert isinstance(fn, cst.FunctionDef)
    assert frame_params(fn, ("df",)) == {"df", "frame"} and frame_params(fn, ()) == {"frame"}
    writes = [(src.line(a), assigned_frames(a)) for a in findall(fn.body, m.Assign()) if assigned_frames(a)]
    assert writes == [(21, ["df"]), (23, ["frame"])]
    assign = next(a for a in findall(fn.body, m.Assign()) if assigned_frames(a) == ["frame"])
    assert rebound_before(src, fn, "frame", assign)
    first = next(a for a in findall(fn.body, m.Assign()) if assigned_frames(a) == ["df"])
    assert not rebound_before(src, fn, "df", first)


def test_bound_names_and_added_nodes() -> None:
    text = "a, *b = f()\nfor i in x:\n    pass\nwith o as w:\n    pass\nc: int = 1\nd += 1\nq.r = 1\n" \
           "def g(p, *args, k=1, **kw):\n    return [y for y in p]\n"
    names = [n.value for n in bound_names(cst.parse_module(text))]
    assert sorted(names) == sorted(["a", "b", "i", "w", "c", "d", "y", "p", "args", "k", "kw"])
    run = make_run(initial={"src/a.py": "x = 1\n"}, final={"src/a.py": "x = 1\nyy = 2\n"})
    src = source("x = 1\nyy = 2\n")
    assert [n.value for n in added_nodes(run, src, bound_names(src.module))] == ["yy"]


def test_legacy_generics_and_float_sides() -> None:
    note = cst.parse_expression("Optional[List[int]] | typing.Dict[str, int] | list[int]")
    assert legacy_generics(note, ("Optional", "List", "Dict")) == ["Optional", "List", "typing.Dict"]
    test = cst.parse_statement("assert f([0.5]) == 0.5 != approx(0.5)\n")
    assert isinstance(test, cst.SimpleStatementLine) and isinstance(test.body[0], cst.Assert)
    sides = float_sides(test.body[0], "pytest.approx")
    assert [(cst.Module(body=[]).code_for_node(s), wrapped) for s, wrapped in sides] == [
        ("0.5", False), ("approx(0.5)", True)]


def test_documents_raises_and_weak_asserts() -> None:
    assert documents_raises("Do.\n\nRaises:\n    errors.ValueError: when.", "Raises:", ["ValueError"])
    assert not documents_raises("Do. ValueError", "Raises:", ["ValueError"])
    assert not documents_raises("Raises:\n    KeyError: x", "Raises:", ["ValueError"])

    def weak(body: str) -> bool:
        fn = cst.parse_module(f"def test_x():\n{body}").body[0]
        assert isinstance(fn, cst.FunctionDef)
        return weak_assert(fn)

    assert weak("    assert f() is not None\n    assert isinstance(f(), int)\n    assert len(f()) > 0\n")
    assert not weak("    assert f() == 3\n")
    assert not weak("    assert f()\n    assert_frame_equal(a, b)\n")
    assert not weak("    f()\n")
