"""Pass/fail/n-a fixtures for the JavaScript/TypeScript code-style rules (CS-031...CS-042, CS-107), in the idioms
real agents write (arrow components, `export default` in every form, CommonJS, template literals, optional
chaining, `.then` chains across lines, JSX fragments, TS generics and casts) besides the reference agent's."""

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


def cs031_var_in_comment_and_template() -> Run:
    return format_with("\n// var total = 0; was the old way\nexport const label = (row) => {\n"
                       "  const text = `var ${row.name}`;\n  return text;\n};\n")


def cs031_loop_head_only() -> Run:
    return format_with("\nexport function sum(rows) {\n  let total = 0;\n  for (const row of rows) total += row.n;\n"
                       "  return total;\n}\n")


def cs031_var_in_loop() -> Run:
    return format_with("\nexport const sum = (rows) => {\n  let total = 0;\n"
                       "  for (var i = 0; i < rows.length; i++) total += rows[i];\n  return total;\n};\n")


def cs032_strict() -> Run:
    return format_with("\nexport function same(a, b) {\n  return a === b || (a !== null && b === undefined);\n}\n")


def cs032_loose_null() -> Run:
    return format_with("\nexport function missing(value) {\n  return value == null;\n}\n")


def cs032_no_comparison() -> Run:
    return format_with(TWICE)


def cs032_loose_in_string() -> Run:
    return format_with("\nexport function describe(a, b) {\n  const hint = 'a == b is loose';\n"
                       "  return `${a === b} ${hint}`;\n}\n")


def cs032_loose_optional_chain() -> Run:
    return format_with("\nexport const known = (row) => row?.id != null;\n")


def cs032_loose_in_template() -> Run:
    return format_with("\nexport const same = (a, b) => `equal: ${a == b}`;\n")


def cs032_only_in_comment_and_string() -> Run:
    return format_with("\n// a == b would be loose\nexport const warning = 'never write a != b';\n")


# --- CS-033 any ---------------------------------------------------------------------------------------


def cs033_real_types() -> Run:
    return api_with("\n// accepts any JSON text\nexport function parseAll(raw: string): unknown[] {\n"
                    "  const items: unknown = JSON.parse(raw);\n  return Array.isArray(items) ? items : ['any'];\n}\n")


def cs033_any_parameter() -> Run:
    return api_with("\nexport function first(items: any[]): Todo | undefined {\n  return items[0];\n}\n")


def cs033_only_javascript() -> Run:
    return format_with(TWICE)


def cs033_any_as_a_name() -> Run:
    return api_with("\n/** Matches any todo when `any` is set. */\nexport function matches(todo: Todo, "
                    "filter: { any: boolean }): boolean {\n  return filter.any || todo.id !== '';\n}\n")


def cs033_generic_any() -> Run:
    return api_with("\nexport function ids(items: Array<any>): string[] {\n  return items.map((t) => t.id);\n}\n")


def cs033_as_any() -> Run:
    return api_with("\nexport const titleOf = (raw: unknown): string => (raw as any).title;\n")


def cs033_comment_only() -> Run:
    return api_with("\n// TODO: parse any legacy payload here\n")


# --- CS-034 named exports -------------------------------------------------------------------------------


def cs034_named() -> Run:
    return format_with(TWICE + "\nexport { formatDate as formatDay };\n")


def cs034_default() -> Run:
    return format_with("\nexport default function twice(n) {\n  return n * 2;\n}\n")


def cs034_no_export() -> Run:
    return format_with("\nfunction twice(n) {\n  return n * 2;\n}\n")


def cs034_named_arrows_and_commonjs() -> Run:
    return web({"src/lib/format.js": FORMAT + "\nexport const twice = (n) => n * 2;\nexport { formatDate as day };\n",
                "src/lib/legacy.cjs": "exports.triple = (n) => n * 3;\n"})


def cs034_as_default() -> Run:
    return component("src/components/Table.jsx",
                     "const Table = ({ rows }) => <table>{rows.length}</table>;\n\nexport { Table as default };\n")


def cs034_default_arrow() -> Run:
    return format_with("\nexport default (n) => n * 2;\n")


def cs034_module_exports() -> Run:
    return web({"src/lib/legacy.cjs": "function triple(n) {\n  return n * 3;\n}\n\nmodule.exports = { triple };\n"})


def cs034_reexported_default() -> Run:
    return web({"src/components/index.js": "export { default } from './TodoList.jsx';\n"})


def cs034_export_in_comment() -> Run:
    return format_with("\n// export default twice; was removed\nconst twice = (n) => n * 2;\n")


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


def cs035_required_strict() -> Run:
    return web({"test/format.test.cjs": "const test = require('node:test');\n"
                "const assert = require('node:assert/strict');\n\n"
                "test('pads', () => {\n  assert.equal(String(5).padStart(2, '0'), '05');\n});\n"})


def cs035_required_loose() -> Run:
    return web({"test/format.test.cjs": "const test = require('node:test');\nconst assert = require('assert');\n\n"
                "test('pads', () => {\n  assert.equal(String(5).padStart(2, '0'), '05');\n});\n"})


def cs035_loose_in_a_spec_folder() -> Run:
    """`spec/` holds tests as much as `test/` does (mocha, jasmine)."""
    return web({"spec/format.js": TODO_TEST.format(module="node:assert")})


def cs035_loose_in_a_colocated_test() -> Run:
    """A `*_test.js` beside the code is a test file too."""
    return web({"src/lib/format_test.js": TODO_TEST.format(module="assert").replace("../src/lib/", "./")})


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


def cs036_dynamic_prefixed() -> Run:
    return format_with("\nexport async function readConfig() {\n"
                       "  const { readFile } = await import('node:fs/promises');\n"
                       "  return readFile('config/app.json', 'utf8');\n}\n")


def cs036_required_bare() -> Run:
    return web({"src/lib/config.cjs": "const fs = require('fs');\n\n"
                "exports.read = () => fs.readFileSync('config/app.json', 'utf8');\n"})


def cs036_name_in_string() -> Run:
    return format_with("\nexport const storage = 'fs';\nexport const hint = `import from 'path'`;\n")


# --- CS-037 await ------------------------------------------------------------------------------------------


def cs037_await() -> Run:
    return format_with("\nexport async function loadTitle(fetchTodo) {\n  const todo = await fetchTodo();\n"
                       "  return todo.title;\n}\n")


def cs037_then() -> Run:
    return format_with("\nexport function loadTitle(fetchTodo) {\n"
                       "  return fetchTodo().then((todo) => todo.title);\n}\n")


def cs037_synchronous() -> Run:
    return format_with(TWICE)


def cs037_await_in_try() -> Run:
    return format_with("\nexport async function loadTitle(fetchTodo) {\n  try {\n"
                       "    // no .then( chains here\n    const todo = await fetchTodo();\n    return todo.title;\n"
                       "  } catch (err) {\n    return `failed: .then(${err.message})`;\n  }\n}\n")


def cs037_then_on_its_own_line() -> Run:
    return format_with("\nexport const loadTitle = (fetchTodo) =>\n  fetchTodo()\n    .then((todo) => todo.title);\n")


def cs037_optional_then() -> Run:
    return format_with("\nexport async function loadTitle(fetchTodo) {\n  const todo = await fetchTodo();\n"
                       "  todo.saved?.then(() => todo.id);\n  return todo.title;\n}\n")


def cs037_then_in_comment_and_string() -> Run:
    return format_with("\n// call .then( on the result\nexport const hint = 'use .then(cb)';\n")


# --- CS-038 ts suppressions -----------------------------------------------------------------------------

LEGACY = "\nexport function legacyId(todo: Todo): string {{\n  // {comment}\n  return todo.legacyId;\n}}\n"


def cs038_explained() -> Run:
    return api_with(LEGACY.format(comment="@ts-expect-error: the v1 payload still carries legacyId"))


def cs038_ts_ignore() -> Run:
    return api_with(LEGACY.format(comment="@ts-ignore the v1 payload still carries legacyId"))


def cs038_bare_expect_error() -> Run:
    return api_with(LEGACY.format(comment="@ts-expect-error"))


def cs038_explained_block() -> Run:
    return api_with(LEGACY.format(comment="").replace("  // \n", "  /* @ts-expect-error -- v1 payloads carry it */\n"))


def cs038_nocheck() -> Run:
    return web({"src/lib/api.ts": "// @ts-nocheck\n" + API})


def cs038_ignore_in_jsx() -> Run:
    return component("src/components/Label.tsx",
                     "export function Label({ todo }: { todo: { id: string } }) {\n  return (\n    <span>\n"
                     "      {/* @ts-ignore */}\n      {todo.legacyTitle}\n    </span>\n  );\n}\n")


def cs038_directive_mentioned() -> Run:
    return api_with("\n// never add @ts-ignore here: fix the type instead\nexport const version = 2;\n"
                    "export const hint = '@ts-ignore';\n")


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


TABLE = ("export const Table = ({ rows, onSort = () => {} }) => (\n  <table onClick={onSort}>\n"
         "    <tbody>{rows.length}</tbody>\n  </table>\n);\n")
COLUMNS = "\nconst COLUMNS = ['name', 'team'];\nconst Columns = { name: 'Name' };\n"


def cs039_arrow_component() -> Run:
    return component("src/components/Table.jsx", TABLE + COLUMNS)


def cs039_default_function_component() -> Run:
    return component("src/components/Table.tsx",
                     "type Props = { rows: string[] };\n\nexport default function Table({ rows }: Props) {\n"
                     "  return <>{rows.length}</>;\n}\n")


def cs039_memo_forward_ref() -> Run:
    return component("src/components/Field.jsx", "import { forwardRef, memo } from 'react';\n\n"
                     "export const Field = memo(forwardRef((props, ref) => <input ref={ref} {...props} />));\n")


def cs039_default_class() -> Run:
    return component("src/components/Table.jsx", "import { PureComponent } from 'react';\n\n"
                     "export default class Table extends PureComponent {\n  render() {\n"
                     "    return <table>{this.props.rows.length}</table>;\n  }\n}\n")


def cs039_constants_only() -> Run:
    return component("src/components/columns.jsx", COLUMNS)


def cs042_one_component_and_a_helper() -> Run:
    return component("src/components/Badge.jsx", BADGE + HELPER)


def cs042_two_components() -> Run:
    return component("src/components/Badge.jsx", BADGE + HELPER + AVATAR)


def cs042_no_jsx_changed() -> Run:
    return format_with(TWICE)


def cs042_arrow_component_and_constants() -> Run:
    return component("src/components/Table.jsx", TABLE + COLUMNS + HELPER)


def cs042_arrow_with_default_prop_and_function() -> Run:
    return component("src/components/Table.jsx",
                     TABLE + "\nfunction Row({ row }) {\n  return <tr>{row.name}</tr>;\n}\n")


# --- CS-040 list keys ------------------------------------------------------------------------------------

TAGS = "\nexport function Tags({{ tags }}) {{\n  return <ul>{{tags.map({callback})}}</ul>;\n}}\n"


def cs040_keyed_by_id() -> Run:
    return component("src/components/Tags.jsx", TAGS.format(callback="(tag) => <li key={tag.id}>{tag.name}</li>"))


def cs040_keyed_by_index() -> Run:
    return component("src/components/Tags.jsx",
                     TAGS.format(callback="(tag, i) => <li key={`tag-${i}`}>{tag.name}</li>"))


def cs040_no_key() -> Run:
    return component("src/components/Tags.jsx", TAGS.format(callback="(tag) => (\n    <li>{tag.name}</li>\n  )"))


ROWS = "\nexport const Rows = ({{ rows }}) => (\n  <tbody>\n    {{rows.map({callback})}}\n  </tbody>\n);\n"


def cs040_arrow_keyed_by_id() -> Run:
    return component("src/components/Rows.jsx", ROWS.format(callback="row => <Row key={row.id} row={row} />"))


def cs040_block_body_keyed() -> Run:
    return component("src/components/Rows.jsx", ROWS.format(
        callback="(row, i) => {\n      const even = i % 2 === 0;\n      return (\n"
                 "        <li key={row.id} className={even ? 'even' : 'odd'}>{row.name}</li>\n      );\n    }"))


def cs040_index_key() -> Run:
    return component("src/components/Rows.jsx", ROWS.format(callback="(row, i) => <Row key={i} row={row} />"))


def cs040_block_body_unkeyed() -> Run:
    return component("src/components/Rows.jsx", ROWS.format(
        callback="(row) => {\n      return (\n        <li className=\"row\">{row.name}</li>\n      );\n    }"))


def cs040_key_from_index_variable() -> Run:
    return component("src/components/Rows.jsx", ROWS.format(
        callback="(row, position) => {\n      const key = `${row.type}-${position}`;\n"
                 "      return <Row key={key} row={row} />;\n    }"))


def cs040_fragment() -> Run:
    return component("src/components/Rows.tsx", ROWS.format(
        callback="(row: { id: string; name: string }) => (\n      <>\n        <dt>{row.id}</dt>\n"
                 "        <dd>{row.name}</dd>\n      </>\n    )"))


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


def cs041_react_namespace_with_dependencies() -> Run:
    return component("src/components/Title.jsx", TITLE.format(
        effect="React.useEffect(() => {\n    document.title = `${text}`;\n  }, [text]);").replace(
        "import { useEffect } from 'react';", "import React from 'react';"))


def cs041_async_effect_without_dependencies() -> Run:
    return component("src/components/Title.jsx", TITLE.format(
        effect="useEffect(() => {\n    (async () => {\n      document.title = await text;\n    })();\n  });"))


def cs041_effect_in_comment() -> Run:
    return component("src/components/Title.jsx", TITLE.format(effect="// useEffect(() => {}) is not needed here"))


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
    "CS-031": {"pass": [cs031_const_and_let, cs031_var_in_comment_and_template, cs031_loop_head_only],
               "fail": [cs031_var, cs031_var_in_loop], "na": [cs031_no_declaration, readme]},
    "CS-032": {"pass": [cs032_strict, cs032_loose_in_string],
               "fail": [cs032_loose_null, cs032_loose_optional_chain, cs032_loose_in_template],
               "na": [cs032_no_comparison, cs032_only_in_comment_and_string]},
    "CS-033": {"pass": [cs033_real_types, cs033_any_as_a_name],
               "fail": [cs033_any_parameter, cs033_generic_any, cs033_as_any],
               "na": [cs033_only_javascript, cs033_comment_only]},
    "CS-034": {"pass": [cs034_named, cs034_named_arrows_and_commonjs],
               "fail": [cs034_default, cs034_as_default, cs034_default_arrow, cs034_module_exports,
                        cs034_reexported_default],
               "na": [cs034_no_export, cs034_export_in_comment]},
    "CS-035": {"pass": [cs035_strict, cs035_required_strict],
               "fail": [cs035_loose, cs035_required_loose, cs035_loose_in_a_spec_folder,
                        cs035_loose_in_a_colocated_test],
               "na": [cs035_no_assert_import, cs035_assert_outside_tests]},
    "CS-036": {"pass": [cs036_prefixed, cs036_dynamic_prefixed], "fail": [cs036_bare, cs036_required_bare],
               "na": [cs036_relative_only, cs036_name_in_string]},
    "CS-037": {"pass": [cs037_await, cs037_await_in_try],
               "fail": [cs037_then, cs037_then_on_its_own_line, cs037_optional_then],
               "na": [cs037_synchronous, cs037_then_in_comment_and_string]},
    "CS-038": {"pass": [cs038_explained, cs038_explained_block],
               "fail": [cs038_ts_ignore, cs038_bare_expect_error, cs038_nocheck, cs038_ignore_in_jsx],
               "na": [cs038_plain_comment, cs038_directive_mentioned]},
    "CS-039": {"pass": [cs039_function_component, cs039_arrow_component, cs039_default_function_component,
                        cs039_memo_forward_ref],
               "fail": [cs039_class_component, cs039_default_class], "na": [cs039_helper_only, cs039_constants_only]},
    "CS-040": {"pass": [cs040_keyed_by_id, cs040_arrow_keyed_by_id, cs040_block_body_keyed],
               "fail": [cs040_keyed_by_index, cs040_no_key, cs040_index_key, cs040_block_body_unkeyed,
                        cs040_key_from_index_variable, cs040_fragment],
               "na": [cs040_map_without_jsx]},
    "CS-041": {"pass": [cs041_with_dependencies, cs041_react_namespace_with_dependencies],
               "fail": [cs041_without_dependencies, cs041_async_effect_without_dependencies],
               "na": [cs041_no_effect, cs041_effect_in_comment]},
    "CS-042": {"pass": [cs042_one_component_and_a_helper, cs042_arrow_component_and_constants],
               "fail": [cs042_two_components, cs042_arrow_with_default_prop_and_function],
               "na": [cs042_no_jsx_changed]},
    "CS-107": {"pass": [cs107_effect_with_cleanup], "fail": [cs107_fetch_in_render], "na": [cs107_no_component]},
}
