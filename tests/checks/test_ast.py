"""checks/ast: libcst helpers (names, imports, functions, docstrings, annotations) and the recognisers the code-style
rules use (broad handlers, text I/O, module calls, sleeps)."""

from __future__ import annotations

import libcst as cst
import pytest

from pytest_harnessif.checks.ast import (
    broad_handlers,
    call_names,
    callee,
    calls,
    calls_into,
    calls_to,
    dotted,
    functions,
    has_docstring,
    imported_modules,
    is_fully_annotated,
    sleep_calls,
    star_imports,
    text_io_calls,
    top_level_functions,
)
from pytest_harnessif.checks.pysource import parse


def _mod(src: str) -> cst.Module:
    return cst.parse_module(src)


def _names(found: list[cst.Call]) -> list[str]:
    return [callee(c) for c in found]


@pytest.mark.parametrize(
    ("src", "name"),
    [
        ("print(1)", "print"),
        ("os.path.join(a)", "os.path.join"),
        ("Path('x').read_text()", "?.read_text"),
        ("f()()", ""),
    ],
)
def test_callee(src: str, name: str) -> None:
    assert callee(calls(_mod(src))[0]) == name


def test_calls_to_is_exact() -> None:
    assert _names(calls_to(_mod("print(1)\nlog.print(2)\npprint(3)\n"), "print")) == ["print"]


@pytest.mark.parametrize(
    ("handler", "broad"),
    [
        ("except:", True),
        ("except Exception:", True),
        ("except BaseException as e:", True),
        ("except builtins.Exception:", True),
        ("except (ValueError, Exception):", True),
        ("except (KeyError, IndexError):", False),
        ("except ValueError:", False),
        ("except exceptions.Exception:", False),
    ],
)
def test_broad_handlers(handler: str, broad: bool) -> None:
    mod = _mod(f"try:\n    pass\n{handler}\n    pass\n")
    assert bool(broad_handlers(mod)) is broad


@pytest.mark.parametrize(
    ("src", "has_encoding"),
    [
        ("open('f')", False),
        ("open('f', 'w')", False),
        ("open('f', mode='r')", False),
        ("io.open('f')", False),
        ("open('f', 'r', -1, 'utf-8')", True),
        ("open('f', encoding='utf-8')", True),
        ("open('f', **opts)", True),
        ("Path('f').read_text()", False),
        ("(root / 'a').write_text('x')", False),
        ("p.read_text('utf-8')", True),
        ("p.write_text('x', 'utf-8')", True),
        ("p.write_text('x', encoding='ascii')", True),
    ],
)
def test_text_io_calls(src: str, has_encoding: bool) -> None:
    assert [has for _, has in text_io_calls(_mod(src))] == [has_encoding]
    assert sum(not ok for _, ok in text_io_calls(_mod(src))) == (0 if has_encoding else 1)


@pytest.mark.parametrize(
    "src",
    ["open('f', 'rb')", "open('f', mode='wb')", "p.read_bytes()", "read_text()", "codecs.open('f')"],
)
def test_not_text_io(src: str) -> None:
    assert text_io_calls(_mod(src)) == []


@pytest.mark.parametrize(
    ("src", "hits"),
    [
        ("import os\nos.path.join('a', 'b')\n", ["os.path.join"]),
        ("import os.path as osp\nosp.exists('a')\n", ["osp.exists"]),
        ("from os import path\npath.isdir('a')\n", ["path.isdir"]),
        ("from os import path as p\np.isdir('a')\n", ["p.isdir"]),
        ("from os.path import join as j, exists\nj('a')\nexists('b')\n", ["j", "exists"]),
        ("import os\nos.getcwd()\npathlib.Path('a').exists()\n", []),
        ("from os import getcwd\ngetcwd()\n", []),
    ],
)
def test_calls_into_os_path(src: str, hits: list[str]) -> None:
    assert _names(calls_into(_mod(src), "os.path")) == hits


def test_calls_into_top_level_module() -> None:
    assert _names(calls_into(_mod("import json as j\nj.dumps(1)\nfrom json import loads\nloads('1')\n"), "json")) == [
        "j.dumps",
        "loads",
    ]


def test_sleep_calls() -> None:
    src = "time.sleep(1)\nawait asyncio.sleep(0)\nsleep(2)\ntrio.sleep(1)\nclock.sleep(1)\nself.sleep(1)\n"
    assert _names(sleep_calls(_mod(src))) == ["time.sleep", "asyncio.sleep", "sleep", "trio.sleep"]


def _fn(src: str) -> cst.FunctionDef:
    return functions(_mod(src))[0]


def test_call_names_are_dotted() -> None:
    src = "import os\nprint(1)\nos.system('x')\nself.log.info('m')\nobj.method()(1)\nf()[0]()\nlen(x)\n"
    names = call_names(_mod(src))
    assert {"print", "os.system", "self.log.info", "obj.method", "f", "len"} <= names
    assert "" not in names
    assert "system" not in names


def test_dotted() -> None:
    assert dotted(cst.parse_expression("a.b.c")) == "a.b.c"
    assert dotted(cst.parse_expression("a().b")) == ""
    assert dotted(cst.parse_expression("x")) == "x"


def test_imported_modules() -> None:
    src = "import a.b\nimport c as d\nfrom e.f import g\nfrom . import h\nfrom .i import j\n"
    assert imported_modules(_mod(src)) == {"a", "c", "e"}


def test_functions_nested_and_top_level() -> None:
    src = "def outer():\n    def inner():\n        pass\n\nclass C:\n    def m(self):\n        pass\n"
    mod = _mod(src)
    assert [f.name.value for f in functions(mod)] == ["outer", "inner", "m"]
    assert [f.name.value for f in top_level_functions(mod)] == ["outer"]


def test_has_docstring() -> None:
    mod = _mod('"""Module."""\n\ndef f():\n    """Doc."""\n\ndef g():\n    x = "not a docstring"\n')
    assert has_docstring(mod)
    f, g = functions(mod)
    assert has_docstring(f)
    assert not has_docstring(g)


@pytest.mark.parametrize(
    ("src", "length"),
    [
        ("def f():\n    return 1\n", 2),
        ("def f():\n    x = 1\n\n    y = 2\n    return x + y\n", 5),
        ("@decorator\n@other(1)\ndef f():\n    x = 1\n    return x\n", 3),
        ("# comment above\n\ndef f():\n    return 1\n", 2),
        ("def f():\n    if x:\n        pass\n    # trailing comment\n    return 1\n", 5),
        ("def f(\n    a,\n    b,\n):\n    return a\n", 5),
        ("def f(): return 1\n", 1),
        ("class C:\n    def m(self):\n        return 1\n", 2),
    ],
)
def test_function_length_is_pydef_lines(src: str, length: int) -> None:
    source = parse("m.py", src.encode())
    assert source is not None
    assert next(d for d in source.defs if d.is_function).lines == length


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("def f(a: int, b: str = 'x') -> None: ...", True),
        ("def f() -> int: ...", True),
        ("def f(a: int): ...", False),
        ("def f(a, b: int) -> None: ...", False),
        ("class C:\n    def m(self, a: int) -> None: ...", True),
        ("class C:\n    @classmethod\n    def m(cls) -> None: ...", True),
        ("class C:\n    def m(self, a) -> None: ...", False),
        ("def f(*args, **kwargs) -> None: ...", False),
        ("def f(*args: int, **kwargs: str) -> None: ...", True),
        ("def f(a: int, /, b: int, *, c) -> None: ...", False),
        ("def f(a: int, *, c: int) -> None: ...", True),
    ],
)
def test_is_fully_annotated(src: str, expected: bool) -> None:
    assert is_fully_annotated(_fn(src)) is expected


def test_broad_handlers_one_per_broad_clause() -> None:
    src = (
        "try:\n    pass\nexcept:\n    pass\n"
        "try:\n    pass\nexcept Exception:\n    pass\n"
        "try:\n    pass\nexcept BaseException as e:\n    pass\n"
        "try:\n    pass\nexcept ValueError:\n    pass\n"
        "try:\n    pass\nexcept (KeyError, IndexError):\n    pass\n"
    )
    assert len(broad_handlers(_mod(src))) == 3
    assert broad_handlers(_mod("try:\n    pass\nexcept OSError:\n    pass\n")) == []


def test_star_imports() -> None:
    assert len(star_imports(_mod("from os import *\nfrom sys import path\n"))) == 1


@pytest.mark.parametrize(
    ("src", "count"),
    [
        ("open('f')", 1),
        ("open('f', 'w')", 1),
        ("open('f', 'r', encoding='utf-8')", 0),
        ("open('f', 'rb')", 0),
        ("open('f', mode='wb')", 0),
        ("open('f', mode='w')", 1),
        ("p.read_text()", 1),
        ("p.write_text('x', encoding='utf-8')", 0),
        ("p.read_bytes()", 0),
        ("open('a')\nopen('b', encoding='ascii')\nq.read_text()\n", 2),
    ],
)
def test_open_calls_without_encoding(src: str, count: int) -> None:
    assert sum(not ok for _, ok in text_io_calls(_mod(src))) == count


@pytest.mark.parametrize("src", ["Path('f').read_text()", "(root / 'a.txt').write_text('x')"])
def test_open_calls_without_encoding_on_call_receivers(src: str) -> None:
    assert sum(not ok for _, ok in text_io_calls(_mod(src))) == 1
