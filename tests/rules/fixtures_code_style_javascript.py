"""Pass/fail/n-a fixtures for the JavaScript/TypeScript code-style rules (CS-031...CS-042, CS-107)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import JudgeScript

from .fixtures_code_style_python import run_with

Case = tuple[Run, JudgeScript | None]

TODO_LIST = """import { useState } from 'react';

export function TodoList({ todos }) {
  const [filter, setFilter] = useState('all');
  const shown = todos.filter((todo) => filter === 'all' || todo.done === (filter === 'done'));
  return (
    <ul onClick={() => setFilter('done')}>
      {shown.map((todo) => (
        <li key={todo.id}>{todo.title}</li>
      ))}
    </ul>
  );
}
"""
FORMAT = """export function formatDate(date) {
  return date.toISOString().slice(0, 10);
}
"""
API = """export interface Todo {
  id: string;
  title: string;
}

export function parseTodo(raw: string): Todo {
  return JSON.parse(raw) as Todo;
}
"""
FORMAT_TEST = """import test from 'node:test';
import assert from 'node:assert/strict';
import { formatDate } from '../src/lib/format.js';

test('formatDate keeps the day', () => {
  assert.equal(formatDate(new Date('2024-05-01T00:00:00Z')), '2024-05-01');
});
"""
WEB_BASE = {
    "package.json": '{"name": "web", "type": "module"}\n',
    "src/components/TodoList.jsx": TODO_LIST,
    "src/lib/format.js": FORMAT,
    "src/lib/api.ts": API,
    "test/format.test.js": FORMAT_TEST,
    "README.md": "# web\n",
}


def web(changes: dict[str, str | None]) -> Run:
    return run_with(changes, base=WEB_BASE)


def format_with(extra: str, head: str = "") -> Run:
    return web({"src/lib/format.js": head + FORMAT + extra})


def api_with(extra: str) -> Run:
    return web({"src/lib/api.ts": API + extra})


def test_file(text: str) -> Run:
    return web({"test/todo.test.js": text})


def component(path: str, text: str) -> Run:
    return web({path: text})


def readme() -> Run:
    return web({"README.md": "# web\n\nThe web app.\n"})


TWICE = "\nexport function twice(n) {\n  return n * 2;\n}\n"

# --- CS-031 var / CS-032 equality ----------------------------------------------------------------------


def cs031_const_and_let() -> Run:
    return format_with("\nexport function count(items) {\n  const size = items.length;\n  let seen = 0;\n"
                       "  for (const item of items) {\n    seen += item ? 1 : 0;\n  }\n  return seen / size;\n}\n")


def cs031_var() -> Run:
    return format_with("\nexport function count(items) {\n  var seen = 0;\n  // var in a comment is fine\n"
                       "  const label = 'var x';\n  return seen + items.length + label.length;\n}\n")


def cs031_no_declaration() -> Run:
    return format_with(TWICE)


def cs032_strict() -> Run:
    return format_with("\nexport function same(a, b) {\n  return a === b || (a !== null && b === undefined);\n}\n")


def cs032_loose_null() -> Run:
    return format_with("\nexport function missing(value) {\n  return value == null;\n}\n")


def cs032_no_comparison() -> Run:
    return format_with(TWICE)


# --- CS-033 any ---------------------------------------------------------------------------------------


def cs033_real_types() -> Run:
    return api_with("\n// accepts any JSON text\nexport function parseAll(raw: string): unknown[] {\n"
                    "  const items: unknown = JSON.parse(raw);\n  return Array.isArray(items) ? items : ['any'];\n}\n")


def cs033_any_parameter() -> Run:
    return api_with("\nexport function first(items: any[]): Todo | undefined {\n  return items[0];\n}\n")


def cs033_only_javascript() -> Run:
    return format_with(TWICE)


# --- CS-034 named exports -------------------------------------------------------------------------------


def cs034_named() -> Run:
    return format_with(TWICE + "\nexport { formatDate as formatDay };\n")


def cs034_default() -> Run:
    return format_with("\nexport default function twice(n) {\n  return n * 2;\n}\n")


def cs034_no_export() -> Run:
    return format_with("\nfunction twice(n) {\n  return n * 2;\n}\n")


# --- CS-035 node:assert/strict / CS-036 node: scheme --------------------------------------------------------

TODO_TEST = """import test from 'node:test';
import assert from '{module}';
import {{ formatDate }} from '../src/lib/format.js';

test('formatDate pads the month', () => {{
  assert.equal(formatDate(new Date('2024-01-05T00:00:00Z')), '2024-01-05');
}});
"""


def cs035_strict() -> Run:
    return test_file(TODO_TEST.format(module="node:assert/strict"))


def cs035_loose() -> Run:
    return test_file(TODO_TEST.format(module="node:assert"))


def cs035_no_assert_import() -> Run:
    return web({"test/format.test.js": FORMAT_TEST + "\ntest('formatDate is a function', () => {});\n"})


def cs035_assert_outside_tests() -> Run:
    return format_with(TWICE, head="import assert from 'assert';\n")


def cs036_prefixed() -> Run:
    return format_with("\nexport async function readConfig() {\n"
                       "  return readFile(join('config', 'app.json'), 'utf8');\n}\n",
                       head="import { readFile } from 'node:fs/promises';\nimport { join } from 'node:path';\n")


def cs036_bare() -> Run:
    return format_with("\nexport function configPath() {\n  return path.join('config', 'app.json');\n}\n",
                       head="import path from 'path';\n")


def cs036_relative_only() -> Run:
    return format_with(TWICE, head="import { parseTodo } from './api.js';\n")


# --- CS-037 await ------------------------------------------------------------------------------------------


def cs037_await() -> Run:
    return format_with("\nexport async function loadTitle(fetchTodo) {\n  const todo = await fetchTodo();\n"
                       "  return todo.title;\n}\n")


def cs037_then() -> Run:
    return format_with("\nexport function loadTitle(fetchTodo) {\n"
                       "  return fetchTodo().then((todo) => todo.title);\n}\n")


def cs037_synchronous() -> Run:
    return format_with(TWICE)


# --- CS-038 ts suppressions -----------------------------------------------------------------------------

LEGACY = "\nexport function legacyId(todo: Todo): string {{\n  // {comment}\n  return todo.legacyId;\n}}\n"


def cs038_explained() -> Run:
    return api_with(LEGACY.format(comment="@ts-expect-error: the v1 payload still carries legacyId"))


def cs038_ts_ignore() -> Run:
    return api_with(LEGACY.format(comment="@ts-ignore the v1 payload still carries legacyId"))


def cs038_bare_expect_error() -> Run:
    return api_with(LEGACY.format(comment="@ts-expect-error"))


def cs038_plain_comment() -> Run:
    return api_with(LEGACY.format(comment="the v1 payload still carries legacyId").replace("todo.legacyId", "todo.id"))


# --- CS-039 function components / CS-042 components per file -----------------------------------------------

BADGE = "export function Badge({ label }) {\n  return <span className=\"badge\">{label}</span>;\n}\n"
CLASS_BADGE = ("import React from 'react';\n\nexport class Badge extends React.Component {\n  render() {\n"
               "    return <span className=\"badge\">{this.props.label}</span>;\n  }\n}\n")
HELPER = "\nfunction initials(name) {\n  return name.slice(0, 2).toUpperCase();\n}\n"
AVATAR = "\nexport const Avatar = ({ name }) => <b>{initials(name)}</b>;\n"


def cs039_function_component() -> Run:
    return component("src/components/Badge.jsx", BADGE)


def cs039_class_component() -> Run:
    return component("src/components/Badge.jsx", CLASS_BADGE)


def cs039_helper_only() -> Run:
    return web({"src/components/TodoList.jsx": TODO_LIST + HELPER})


def cs042_one_component_and_a_helper() -> Run:
    return component("src/components/Badge.jsx", BADGE + HELPER)


def cs042_two_components() -> Run:
    return component("src/components/Badge.jsx", BADGE + HELPER + AVATAR)


def cs042_no_jsx_changed() -> Run:
    return format_with(TWICE)


# --- CS-040 list keys ------------------------------------------------------------------------------------

TAGS = "\nexport function Tags({{ tags }}) {{\n  return <ul>{{tags.map({callback})}}</ul>;\n}}\n"


def cs040_keyed_by_id() -> Run:
    return component("src/components/Tags.jsx", TAGS.format(callback="(tag) => <li key={tag.id}>{tag.name}</li>"))


def cs040_keyed_by_index() -> Run:
    return component("src/components/Tags.jsx",
                     TAGS.format(callback="(tag, i) => <li key={`tag-${i}`}>{tag.name}</li>"))


def cs040_no_key() -> Run:
    return component("src/components/Tags.jsx", TAGS.format(callback="(tag) => (\n    <li>{tag.name}</li>\n  )"))


def cs040_map_without_jsx() -> Run:
    return format_with("\nexport function ids(todos) {\n  return todos.map((todo, i) => todo.id + i);\n}\n")


# --- CS-041 useEffect dependencies --------------------------------------------------------------------------

TITLE = ("import {{ useEffect }} from 'react';\n\nexport function Title({{ text }}) {{\n  {effect}\n"
         "  return <h1>{{text}}</h1>;\n}}\n")
EFFECT = "useEffect(() => {{\n    document.title = text;\n  }}{deps});"


def cs041_with_dependencies() -> Run:
    return component("src/components/Title.jsx", TITLE.format(effect=EFFECT.format(deps=", [text]")))


def cs041_without_dependencies() -> Run:
    return component("src/components/Title.jsx", TITLE.format(effect=EFFECT.format(deps="")))


def cs041_no_effect() -> Run:
    return component("src/components/Title.jsx", TITLE.format(effect="const upper = text.toUpperCase();"))


# --- CS-107 side effects during render (judge) ------------------------------------------------------------------

FETCH_IN_EFFECT = ("import { useEffect, useState } from 'react';\n\nexport function Todos() {\n"
                   "  const [todos, setTodos] = useState([]);\n  useEffect(() => {\n"
                   "    const controller = new AbortController();\n"
                   "    fetch('/api/todos', { signal: controller.signal }).then((r) => r.json()).then(setTodos);\n"
                   "    return () => controller.abort();\n  }, []);\n  return <p>{todos.length}</p>;\n}\n")
FETCH_IN_RENDER = ("import { useState } from 'react';\n\nexport function Todos() {\n"
                   "  const [todos, setTodos] = useState([]);\n"
                   "  fetch('/api/todos').then((r) => r.json()).then(setTodos);\n"
                   "  return <p>{todos.length}</p>;\n}\n")


def cs107_effect_with_cleanup() -> Case:
    return component("src/components/Todos.jsx", FETCH_IN_EFFECT), JudgeScript("pass", sees=("useEffect", "abort"))


def cs107_fetch_in_render() -> Case:
    return component("src/components/Todos.jsx", FETCH_IN_RENDER), JudgeScript("fail", sees=("fetch('/api/todos')",))


def cs107_no_component() -> Case:
    return format_with(TWICE), None


FIXTURES = {
    "CS-031": {"pass": [cs031_const_and_let], "fail": [cs031_var], "na": [cs031_no_declaration, readme]},
    "CS-032": {"pass": [cs032_strict], "fail": [cs032_loose_null], "na": [cs032_no_comparison]},
    "CS-033": {"pass": [cs033_real_types], "fail": [cs033_any_parameter], "na": [cs033_only_javascript]},
    "CS-034": {"pass": [cs034_named], "fail": [cs034_default], "na": [cs034_no_export]},
    "CS-035": {"pass": [cs035_strict], "fail": [cs035_loose],
               "na": [cs035_no_assert_import, cs035_assert_outside_tests]},
    "CS-036": {"pass": [cs036_prefixed], "fail": [cs036_bare], "na": [cs036_relative_only]},
    "CS-037": {"pass": [cs037_await], "fail": [cs037_then], "na": [cs037_synchronous]},
    "CS-038": {"pass": [cs038_explained], "fail": [cs038_ts_ignore, cs038_bare_expect_error],
               "na": [cs038_plain_comment]},
    "CS-039": {"pass": [cs039_function_component], "fail": [cs039_class_component], "na": [cs039_helper_only]},
    "CS-040": {"pass": [cs040_keyed_by_id], "fail": [cs040_keyed_by_index, cs040_no_key],
               "na": [cs040_map_without_jsx]},
    "CS-041": {"pass": [cs041_with_dependencies], "fail": [cs041_without_dependencies], "na": [cs041_no_effect]},
    "CS-042": {"pass": [cs042_one_component_and_a_helper], "fail": [cs042_two_components],
               "na": [cs042_no_jsx_changed]},
    "CS-107": {"pass": [cs107_effect_with_cleanup], "fail": [cs107_fetch_in_render], "na": [cs107_no_component]},
}
