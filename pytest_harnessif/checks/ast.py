"""AST helpers over libcst modules: calls, imports, function definitions, docstrings, annotations."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m


def dotted(node: cst.BaseExpression) -> str:
    """`a.b.c` for a Name/Attribute chain; '' for anything else."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        head = dotted(node.value)
        return f"{head}.{node.attr.value}" if head else ""
    return ""


def call_names(module: cst.Module) -> set[str]:
    """Dotted names of every called function (`print`, `os.system`, `self.log.info`)."""
    return {dotted(c.func) for c in m.findall(module, m.Call()) if isinstance(c, cst.Call)} - {""}


def imported_modules(module: cst.Module) -> set[str]:
    """Top-level module names imported anywhere in the module (`import a.b` -> `a`, `from c import d` -> `c`)."""
    names: set[str] = set()
    for node in m.findall(module, m.Import() | m.ImportFrom()):
        if isinstance(node, cst.Import):
            names.update(dotted(alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, cst.ImportFrom) and node.module is not None and not node.relative:
            names.add(dotted(node.module).split(".")[0])
    return names


def functions(module: cst.Module) -> list[cst.FunctionDef]:
    """Every function definition, nested ones included, in source order."""
    return [n for n in m.findall(module, m.FunctionDef()) if isinstance(n, cst.FunctionDef)]


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


def function_length(module: cst.Module, fn: cst.FunctionDef) -> int:
    """Number of source lines from the `def` line to the last body line (decorators and comments above excluded)."""
    bare = fn.with_changes(decorators=(), leading_lines=())
    return len(module.code_for_node(bare).strip("\n").splitlines())


def bare_excepts(module: cst.Module) -> list[cst.ExceptHandler]:
    """`except:` and `except Exception:` / `except BaseException:` handlers."""
    out = []
    for h in m.findall(module, m.ExceptHandler()):
        if isinstance(h, cst.ExceptHandler) and (h.type is None or dotted(h.type) in ("Exception", "BaseException")):
            out.append(h)
    return out


def star_imports(module: cst.Module) -> list[cst.ImportFrom]:
    return [n for n in m.findall(module, m.ImportFrom(names=m.ImportStar())) if isinstance(n, cst.ImportFrom)]


def open_calls_without_encoding(module: cst.Module) -> int:
    """Text-mode `open(...)`/`read_text`/`write_text` calls that pass no `encoding=`."""
    count = 0
    for c in m.findall(module, m.Call()):
        if not isinstance(c, cst.Call):
            continue
        name = dotted(c.func)
        last = name.rsplit(".", 1)[-1]
        if name != "open" and last not in ("read_text", "write_text"):
            continue
        kw = {a.keyword.value for a in c.args if a.keyword is not None}
        mode = next((a.value for a in c.args if a.keyword is not None and a.keyword.value == "mode"), None)
        if mode is None and name == "open" and len(c.args) > 1 and c.args[1].keyword is None:
            mode = c.args[1].value
        if isinstance(mode, cst.SimpleString) and "b" in mode.evaluated_value:
            continue
        if "encoding" not in kw:
            count += 1
    return count
