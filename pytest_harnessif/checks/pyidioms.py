"""Python idioms the Python code-style rules ask about, read through libcst (`checks.pysource.Source`, with position
metadata): the nodes a run added (`added_nodes`), logger calls and their messages, what except handlers raise and
log, function-local imports, legacy `typing` generics, dataclasses, numpy randomness, DataFrame parameters written
into, float comparisons and weak assertions in tests, the names a module binds. What every language is asked
(comments, calls, definitions, raises, bindings) is in `checks.code`."""

from __future__ import annotations

import re
from collections.abc import Iterable

import libcst as cst
import libcst.matchers as m

from ..evidence import FileView, Run
from .ast import callee, calls, dotted, findall, imported_modules, imports
from .code import added_numbers
from .pysource import Source

# --- Python: the nodes a run added --------------------------------------------------------------------------

def touches(src: Source, node: cst.CSTNode, added: set[int]) -> bool:
    """Whether any line of the node is among the `added` line numbers."""
    first, last = src.span(node)
    return any(first <= number <= last for number in added)


def added_in(run: Run, src: Source) -> set[int]:
    """Numbers of the lines of the final `src` that the run added."""
    return added_numbers(run, FileView(src.path, run.files[src.path]))


def added_nodes(run: Run, src: Source, nodes: Iterable[cst.CSTNode]) -> list[cst.CSTNode]:
    """The nodes (of `src.module`) that sit on a line the run added to the file."""
    added = added_in(run, src)
    return [node for node in nodes if touches(src, node, added)]


# --- Python: logging, exceptions, imports, annotations ------------------------------------------------------

LOG_LEVELS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"})

_LOGGER_NAME = re.compile(r"^_*(?:log|logger|LOG|LOGGER|logging)$|_(?:log|logger)$", re.I)


def is_logger(expr: cst.BaseExpression) -> bool:
    """A logger receiver: `logging`, `log`, `logger`, `LOGGER`, `self.log`, `self._logger`, `audit_logger`..."""
    name = dotted(expr)
    return bool(name) and bool(_LOGGER_NAME.search(name.rsplit(".", 1)[-1]))


def is_log_call(node: cst.CSTNode, levels: Iterable[str] = LOG_LEVELS) -> bool:
    """A call of a logging method (one of `levels`) on a logger receiver (`log.info(...)`, `logging.error(...)`)."""
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in set(levels)
        and is_logger(node.func.value)
    )


def log_message(call: cst.Call) -> cst.BaseExpression | None:
    """The message argument of a logging call (the second one of `log.log(level, msg)`), if given."""
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    index = 1 if isinstance(call.func, cst.Attribute) and call.func.attr.value == "log" else 0
    return positional[index] if len(positional) > index else None


def is_eager_format(expr: cst.BaseExpression) -> bool:
    """A string built before the call: an f-string, `"...".format(...)`, or `%` / `+` on a string literal."""
    if isinstance(expr, cst.FormattedString):
        return True
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "format":
        return True
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Modulo | cst.Add):
        return any(isinstance(side, cst.SimpleString | cst.FormattedString | cst.ConcatenatedString)
                   for side in (expr.left, expr.right))
    return False


def has_keyword(call: cst.Call, keyword: str) -> bool:
    """Whether a call passes `keyword=` (or may, through `**kwargs`)."""
    return any(a.star == "**" or (a.keyword is not None and a.keyword.value == keyword) for a in call.args)


def keyword_value(call: cst.Call, keyword: str) -> cst.BaseExpression | None:
    """The value passed as `keyword=` to a call, if any."""
    return next((a.value for a in call.args if a.keyword is not None and a.keyword.value == keyword), None)


_SCOPES = m.FunctionDef() | m.ClassDef() | m.Lambda()


def own_nodes(body: cst.CSTNode, find: m.BaseMatcherNode) -> list[cst.CSTNode]:
    """Nodes matching `find` in `body`, leaving out those inside functions, classes or lambdas defined in it."""
    nested = {id(x) for scope in findall(body, _SCOPES) for x in findall(scope, find)}
    return [n for n in findall(body, find) if id(n) not in nested]


def handler_nodes(module: cst.Module, find: m.BaseMatcherNode) -> list[tuple[cst.ExceptHandler, cst.CSTNode]]:
    """`(handler, node)` for every node matching `find` in an except handler's own body (`own_nodes`)."""
    handlers = [h for h in findall(module, m.ExceptHandler()) if isinstance(h, cst.ExceptHandler)]
    return [(h, n) for h in handlers for n in own_nodes(h.body, find)]


def raises_new_exception(node: cst.Raise, handler: cst.ExceptHandler | None = None) -> bool:
    """A `raise` of an exception (not a bare `raise`, nor re-raising the name `handler` bound)."""
    if node.exc is None:
        return False
    bound = handler.name.name if handler is not None and isinstance(handler.name, cst.AsName) else None
    return not (isinstance(node.exc, cst.Name) and isinstance(bound, cst.Name) and node.exc.value == bound.value)


def raised_class(node: cst.Raise) -> str:
    """The dotted name of the exception class a `raise` raises (`ValueError` for `raise ValueError("x")`)."""
    exc = node.exc
    return "" if exc is None else dotted(exc.func if isinstance(exc, cst.Call) else exc)


def documents_raises(docstring: str, section: str, names: Iterable[str]) -> bool:
    """Whether a docstring has `section` (e.g. `Raises:`) and names, after it, each exception class of `names`
    (by its last dotted part)."""
    _, found_section, rest = docstring.partition(section)
    return bool(found_section) and all(re.search(rf"\b{re.escape(n.rsplit('.', 1)[-1])}\b", rest) for n in names)


def function_local_imports(module: cst.Module) -> list[cst.CSTNode]:
    """`import` statements inside function bodies."""
    inner = {id(i) for fn in findall(module, m.FunctionDef()) for i in findall(fn, m.Import() | m.ImportFrom())}
    return [i for i in findall(module, m.Import() | m.ImportFrom()) if id(i) in inner]


def import_bindings(imp: cst.Import | cst.ImportFrom) -> list[tuple[str, str, str]]:
    """`(imported name, bound name, from-module or "")` for each alias of an `import` / `from ... import`
    statement (`import pandas as pd` -> `("pandas", "pd", "")`); star and relative imports bind nothing here."""
    if isinstance(imp, cst.Import):
        return [(dotted(a.name), dotted(a.asname.name) if a.asname else dotted(a.name), "") for a in imp.names]
    if isinstance(imp.names, cst.ImportStar) or imp.module is None or imp.relative:
        return []
    origin = dotted(imp.module)
    return [(dotted(a.name), dotted(a.asname.name) if a.asname else dotted(a.name), origin) for a in imp.names]


def importing(sources: Iterable[Source], modules: Iterable[str]) -> list[Source]:
    """The sources that import one of the top-level `modules` (e.g. `("pandas",)`) anywhere."""
    wanted = set(modules)
    return [src for src in sources if imported_modules(src.module) & wanted]


def added_imports(run: Run, sources: Iterable[Source]) -> list[tuple[Source, cst.CSTNode, str, str, str]]:
    """`(source, statement, imported name, bound name, from-module or "")` for every name an import statement
    on an added line binds (see `import_bindings`)."""
    out = []
    for src in sources:
        for node in added_nodes(run, src, findall(src.module, m.Import() | m.ImportFrom())):
            if isinstance(node, cst.Import | cst.ImportFrom):
                out += [(src, node, *binding) for binding in import_bindings(node)]
    return out


def legacy_generics(annotation: cst.CSTNode, legacy: Iterable[str]) -> list[str]:
    """The `typing` aliases of `legacy` (`Optional`, `List`...) subscripted in an annotation, as written."""
    names = {n for n in legacy}
    subscripted = [dotted(s.value) for s in findall(annotation, m.Subscript()) if isinstance(s, cst.Subscript)]
    return [n for n in subscripted if n.removeprefix("typing.") in names]


def is_dataclass(node: cst.ClassDef) -> cst.Decorator | None:
    """The `@dataclass` / `@dataclasses.dataclass` decorator (called or not) of a class, if any."""
    for deco in node.decorators:
        target = deco.decorator.func if isinstance(deco.decorator, cst.Call) else deco.decorator
        if dotted(target) in ("dataclass", "dataclasses.dataclass"):
            return deco
    return None


def is_true(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


# --- Python: pandas and numpy -------------------------------------------------------------------------------

def numpy_random_calls(module: cst.Module) -> list[tuple[cst.Call, str]]:
    """`(call, function)` for every call into `numpy.random` however it is imported (`np.random.rand()`,
    `from numpy import random`, `from numpy.random import default_rng`)."""
    randoms, direct = {"numpy.random"}, {}
    for imp in imports(module):
        for name, bound, origin in import_bindings(imp):
            if name == "numpy":
                randoms.add(f"{bound}.random")
            elif name == "numpy.random" or (origin == "numpy" and name == "random"):
                randoms.add(bound)
            elif origin == "numpy.random":
                direct[bound] = name
    out = []
    for call in calls(module):
        name = callee(call)
        head, _, function = name.rpartition(".")
        if head in randoms:
            out.append((call, function))
        elif name in direct:
            out.append((call, direct[name]))
    return out


FRAME_INDEXERS = frozenset({"loc", "iloc", "at", "iat"})


def assigned_frame(target: cst.BaseExpression) -> str:
    """The name a subscript assignment target writes into (`df` for `df["a"]`, `df.loc[m, "a"]`), else ''."""
    if not isinstance(target, cst.Subscript):
        return ""
    base = target.value
    if isinstance(base, cst.Attribute) and base.attr.value in FRAME_INDEXERS:
        base = base.value
    return base.value if isinstance(base, cst.Name) else ""


def assigned_frames(statement: cst.CSTNode) -> list[str]:
    """The names an assignment statement writes into through a subscript (`df` for `df["a"] = 1`,
    `df.loc[m, "a"] += 1`)."""
    if isinstance(statement, cst.Assign):
        targets = [t.target for t in statement.targets]
    elif isinstance(statement, cst.AugAssign | cst.AnnAssign):
        targets = [statement.target]
    else:
        return []
    return [name for t in targets if (name := assigned_frame(t))]


def frame_params(fn: cst.FunctionDef, names: Iterable[str]) -> set[str]:
    """The parameters of a function that hold a DataFrame: annotated `DataFrame` (`pd.DataFrame`, a string
    annotation too) or named one of `names`."""
    params = [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]
    wanted = set(names)
    out = set()
    for p in params:
        note = p.annotation.annotation if p.annotation else None
        text = dotted(note) if isinstance(note, cst.Name | cst.Attribute) else ""
        if isinstance(note, cst.SimpleString):
            text = str(note.evaluated_value)
        if p.name.value in wanted or text.rsplit(".", 1)[-1] == "DataFrame":
            out.add(p.name.value)
    return out


def rebound_before(src: Source, fn: cst.FunctionDef, name: str, node: cst.CSTNode) -> bool:
    """Whether the function rebinds `name` (`name = ...`) on a line before `node`."""
    line = src.line(node)
    for statement in own_nodes(fn.body, m.Assign()):
        if not isinstance(statement, cst.Assign) or src.line(statement) >= line:
            continue
        if any(isinstance(t.target, cst.Name) and t.target.value == name for t in statement.targets):
            return True
    return False


# --- Python: tests ------------------------------------------------------------------------------------------

def holds_float(expr: cst.BaseExpression) -> bool:
    """Whether an expression is a float literal or a literal list, tuple, set or dict holding one (`0.5`, `-1.5`,
    `[0.0, 1]`)."""
    if isinstance(expr, cst.Float):
        return True
    if isinstance(expr, cst.UnaryOperation):
        return holds_float(expr.expression)
    if isinstance(expr, cst.List | cst.Tuple | cst.Set):
        return any(holds_float(e.value) for e in expr.elements if isinstance(e, cst.Element))
    if isinstance(expr, cst.Dict):
        return any(holds_float(e.value) for e in expr.elements if isinstance(e, cst.DictElement))
    return False


def float_sides(node: cst.Assert, helper: str) -> list[tuple[cst.BaseExpression, bool]]:
    """`(side, wrapped)` for the sides of an assert's `==` / `!=` comparisons that compare against floats: a
    float literal or literal container holding one (`0.75`, `[0.0, 1.0]`: not wrapped), or a call of `helper`
    (`pytest.approx(0.75)`: wrapped)."""
    test = node.test if isinstance(node, cst.Assert) else None
    if not isinstance(test, cst.Comparison):
        return []
    sides: list[cst.BaseExpression] = []
    left = test.left
    for target in test.comparisons:
        if isinstance(target.operator, cst.Equal | cst.NotEqual):
            sides += [left, target.comparator]
        left = target.comparator
    unique = {id(s): s for s in sides}
    return [(s, is_call_to(s, helper)) for s in unique.values() if is_call_to(s, helper) or holds_float(s)]


def is_call_to(expr: cst.CSTNode, name: str) -> bool:
    """A call of `name` as written (`pytest.approx(...)`) or through its imported last part (`approx(...)`)."""
    return isinstance(expr, cst.Call) and callee(expr) in (name, name.rsplit(".", 1)[-1])


_STRONG_CHECKS = re.compile(r"(?:^|\.|_)(?:raises|assert\w*|approx)$")


def _weak_test(test: cst.BaseExpression) -> bool:
    """An assertion almost any result passes: truthiness, `is not None`, `isinstance(...)`, a length above 0."""
    if isinstance(test, cst.Name | cst.Attribute | cst.Subscript):
        return True
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _weak_test(test.expression)
    if isinstance(test, cst.Call):
        return callee(test) in ("isinstance", "bool", "callable", "hasattr", "len")
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        none = isinstance(target.comparator, cst.Name) and target.comparator.value == "None"
        if isinstance(target.operator, cst.IsNot) and none:
            return True
        zero = isinstance(target.comparator, cst.Integer) and target.comparator.value == "0"
        return zero and isinstance(target.operator, cst.GreaterThan | cst.NotEqual)
    return False


def weak_assert(fn: cst.FunctionDef) -> bool:
    """Whether a test function's assertions pin no specific result: it has `assert` statements, all of them
    passing for almost any result (truthiness, `is not None`, `isinstance`, a length above 0), and no
    `pytest.raises` or `assert_*` / `approx` helper call. A test without any `assert` is not weak by this
    measure (it may check that a call does not raise)."""
    asserts = [a for a in own_nodes(fn.body, m.Assert()) if isinstance(a, cst.Assert)]
    helpers = [c for c in own_nodes(fn.body, m.Call()) if isinstance(c, cst.Call) and _STRONG_CHECKS.search(callee(c))]
    return bool(asserts) and not helpers and all(_weak_test(a.test) for a in asserts)


def bound_names(module: cst.CSTNode) -> list[cst.Name]:
    """Names the code binds itself: assignment, annotated and augmented assignment targets (tuples unpacked),
    function parameters, `for`/comprehension targets, `with ... as` and `except ... as` names; not imports,
    attributes or subscripts."""
    found: list[cst.Name] = []
    targets = [
        *(t.target for a in findall(module, m.Assign()) if isinstance(a, cst.Assign) for t in a.targets),
        *(a.target for a in findall(module, m.AnnAssign() | m.AugAssign())
          if isinstance(a, cst.AnnAssign | cst.AugAssign)),
        *(f.target for f in findall(module, m.For() | m.CompFor()) if isinstance(f, cst.For | cst.CompFor)),
        *(i.asname.name for i in findall(module, m.WithItem()) if isinstance(i, cst.WithItem) and i.asname),
        *(h.name.name for h in findall(module, m.ExceptHandler()) if isinstance(h, cst.ExceptHandler) and h.name),
    ]
    for target in targets:
        found += _names_in_target(target)
    found += [p.name for p in findall(module, m.Param()) if isinstance(p, cst.Param)]
    return found


def _names_in_target(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, cst.Tuple | cst.List):
        return [n for e in target.elements for n in _names_in_target(e.value)]
    if isinstance(target, cst.StarredElement):
        return _names_in_target(target.value)
    return []
