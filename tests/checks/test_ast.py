"""checks/ast: the recognisers the code-style rules use (broad handlers, text I/O, module calls, sleeps)."""

from __future__ import annotations

import libcst as cst
import pytest

from pytest_harnessif.checks.ast import (
    broad_handlers,
    callee,
    calls,
    calls_into,
    calls_to,
    sleep_calls,
    text_io_calls,
)


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
