"""AST helpers over libcst modules: calls, imports, function definitions, docstrings, annotations.

Each helper takes a `cst.Module` and returns nodes of it (or facts about them); pass `Source.module` of
`checks.pysource` to be able to say on which line a returned node sits (`Source.where(node)`).
"""

from __future__ import annotations

from collections import OrderedDict

import libcst as cst
import libcst.matchers as m

BROAD_EXCEPTIONS = frozenset({"Exception", "BaseException", "builtins.Exception", "builtins.BaseException"})
SLEEP_MODULES = frozenset({"time", "asyncio", "trio", "anyio"})
INDEXED = 512  # trees whose node lists are kept (as many as the parse cache keeps modules)
_NODES: OrderedDict[int, tuple[cst.CSTNode, list[cst.CSTNode]]] = OrderedDict()


class _Collect(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.nodes.append(node)
        return True


def nodes(root: cst.CSTNode) -> list[cst.CSTNode]:
    """Every node of the tree under `root` (itself included) in document order, from one traversal kept for the
    most recent trees: the many checks of a run ask the same module again and again."""
    hit = _NODES.get(id(root))
    if hit is None or hit[0] is not root:
        collect = _Collect()
        root.visit(collect)
        hit = _NODES[id(root)] = (root, collect.nodes)
        while len(_NODES) > INDEXED:
            _NODES.popitem(last=False)
    _NODES.move_to_end(id(root))
    return hit[1]


def _types(matcher: m.BaseMatcherNode | m.OneOf[m.BaseMatcherNode]) -> tuple[type[cst.CSTNode], ...] | None:
    """The node classes a matcher can match (None when it does not say: every node is tried)."""
    options = matcher.options if isinstance(matcher, m.OneOf) else (matcher,)
    found = [getattr(cst, type(o).__name__, None) for o in options]
    if all(isinstance(t, type) and issubclass(t, cst.CSTNode) for t in found):
        return tuple(found)  # type: ignore[arg-type]
    return None


def findall(root: cst.CSTNode, matcher: m.BaseMatcherNode | m.OneOf[m.BaseMatcherNode]) -> list[cst.CSTNode]:
    """What `libcst.matchers.findall` returns (nodes in document order, `root` included), filtered from the
    tree's kept node list instead of a new traversal per question."""
    types = _types(matcher)
    return [n for n in nodes(root) if (types is None or isinstance(n, types)) and m.matches(n, matcher)]


def dotted(node: cst.BaseExpression) -> str:
    """`a.b.c` for a Name/Attribute chain; '' for anything else."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        head = dotted(node.value)
        return f"{head}.{node.attr.value}" if head else ""
    return ""


def callee(call: cst.Call) -> str:
    """Dotted name of the called function; `?.attr` when the receiver is not a plain name chain (`f().read`)."""
    name = dotted(call.func)
    if not name and isinstance(call.func, cst.Attribute):
        return f"?.{call.func.attr.value}"
    return name


def calls(module: cst.Module) -> list[cst.Call]:
    """Every call, in source order."""
    return [c for c in findall(module, m.Call()) if isinstance(c, cst.Call)]


def calls_to(module: cst.Module, name: str) -> list[cst.Call]:
    """Calls whose `callee` is `name` (`print` matches `print(...)`, not `log.print(...)`)."""
    return [c for c in calls(module) if callee(c) == name]


def call_names(module: cst.Module) -> set[str]:
    """Dotted names of every called function (`print`, `os.system`, `self.log.info`)."""
    return {dotted(c.func) for c in calls(module)} - {""}


def imports(module: cst.Module) -> list[cst.Import | cst.ImportFrom]:
    """Every `import` and `from ... import` statement, nested ones included."""
    return [n for n in findall(module, m.Import() | m.ImportFrom()) if isinstance(n, cst.Import | cst.ImportFrom)]


def imported_modules(module: cst.Module) -> set[str]:
    """Top-level module names imported anywhere in the module (`import a.b` -> `a`, `from c import d` -> `c`)."""
    names: set[str] = set()
    for node in imports(module):
        if isinstance(node, cst.Import):
            names.update(dotted(alias.name).split(".")[0] for alias in node.names)
        elif node.module is not None and not node.relative:
            names.add(dotted(node.module).split(".")[0])
    return names


def functions(module: cst.Module) -> list[cst.FunctionDef]:
    """Every function definition, nested ones included, in source order."""
    return [n for n in findall(module, m.FunctionDef()) if isinstance(n, cst.FunctionDef)]


def top_level_functions(module: cst.Module) -> list[cst.FunctionDef]:
    return [n for n in module.body if isinstance(n, cst.FunctionDef)]


def has_docstring(node: cst.FunctionDef | cst.ClassDef | cst.Module) -> bool:
    """Whether the module, class or function starts with a docstring."""
    return node.get_docstring() is not None


def is_fully_annotated(fn: cst.FunctionDef) -> bool:
    """Return type and every parameter (except self/cls) annotated."""
    params = [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]
    for star in (fn.params.star_arg, fn.params.star_kwarg):
        if isinstance(star, cst.Param):
            params.append(star)
    named = [p for p in params if p.name.value not in ("self", "cls")]
    return fn.returns is not None and all(p.annotation is not None for p in named)


def broad_handlers(module: cst.Module) -> list[cst.ExceptHandler]:
    """`except:` and handlers catching `Exception`/`BaseException` (alone or inside a tuple)."""
    out = []
    for h in findall(module, m.ExceptHandler()):
        if not isinstance(h, cst.ExceptHandler):
            continue
        caught = [e.value for e in h.type.elements] if isinstance(h.type, cst.Tuple) else [h.type]
        if h.type is None or any(c is not None and dotted(c) in BROAD_EXCEPTIONS for c in caught):
            out.append(h)
    return out


def star_imports(module: cst.Module) -> list[cst.ImportFrom]:
    """`from x import *` statements."""
    return [n for n in findall(module, m.ImportFrom(names=m.ImportStar())) if isinstance(n, cst.ImportFrom)]


def text_io_calls(module: cst.Module) -> list[tuple[cst.Call, bool]]:
    """Every text-mode `open()` / `io.open()` / `.read_text()` / `.write_text()` call and whether it passes an
    encoding.

    An encoding counts when given as `encoding=`, in its positional slot, or possibly through `**kwargs`;
    `open()` with a literal binary mode (`"rb"`, `mode="wb"`) is not text I/O.
    """
    out = []
    for call in calls(module):
        name = callee(call)
        method = name.rsplit(".", 1)[-1]
        positional = [a for a in call.args if a.keyword is None and not a.star]
        if name in ("open", "io.open"):
            mode = next((a.value for a in call.args if a.keyword and a.keyword.value == "mode"), None)
            if mode is None and len(positional) > 1:
                mode = positional[1].value
            if isinstance(mode, cst.SimpleString) and "b" in str(mode.evaluated_value):
                continue
            slot = 3
        elif "." in name and method in ("read_text", "write_text"):
            slot = 0 if method == "read_text" else 1
        else:
            continue
        has = len(positional) > slot or any(
            a.star == "**" or (a.keyword is not None and a.keyword.value == "encoding") for a in call.args
        )
        out.append((call, has))
    return out


def calls_into(module: cst.Module, target: str) -> list[cst.Call]:
    """Calls of functions of the module `target` (e.g. `os.path`) however it is imported: `os.path.join()`,
    `import os.path as p; p.join()`, `from os import path; path.join()`, `from os.path import join; join()`."""
    parent, _, leaf = target.rpartition(".")
    modules, names = {target}, set()
    for imp in imports(module):
        if isinstance(imp, cst.Import):
            modules |= {dotted(a.asname.name) for a in imp.names if a.asname and dotted(a.name) == target}
        elif isinstance(imp.names, cst.ImportStar) or imp.module is None:
            continue
        elif dotted(imp.module) == target:
            names |= {dotted(a.asname.name if a.asname else a.name) for a in imp.names}
        elif parent and dotted(imp.module) == parent:
            modules |= {dotted(a.asname.name if a.asname else a.name) for a in imp.names if dotted(a.name) == leaf}
    return [
        c for c in calls(module) if (name := callee(c)) in names or any(name.startswith(f"{mod}.") for mod in modules)
    ]


def sleep_calls(module: cst.Module) -> list[cst.Call]:
    """`sleep(...)` and `time.sleep` / `asyncio.sleep` / `trio.sleep` / `anyio.sleep` calls."""
    return [
        c
        for c in calls(module)
        if (name := callee(c)) == "sleep" or (name.endswith(".sleep") and name[: -len(".sleep")] in SLEEP_MODULES)
    ]
