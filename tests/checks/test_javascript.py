"""checks/javascript: JS/TS/JSX/TSX read from tree-sitter trees, in the idioms real agents write."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks import javascript as js
from pytest_harnessif.checks.facts import Binding, Comment, Raise


def b(text: str) -> bytes:
    return text.encode()


@pytest.mark.parametrize(
    ("path", "grammar"),
    [("a.js", "javascript"), ("a.jsx", "javascript"), ("a.mjs", "javascript"), ("a.cjs", "javascript"),
     ("a.ts", "typescript"), ("a.mts", "typescript"), ("a.cts", "typescript"), ("a.tsx", "tsx")],
)
def test_grammar_by_extension(path: str, grammar: str) -> None:
    assert js.grammar(path) == grammar


# --- the shape every language module gives -----------------------------------------------------------------


def test_comments_line_block_and_jsx() -> None:
    text = ("// head\nconst a = 'x // y'; /* inline */\n/**\n * Doc.\n */\n"
            "const el = (\n  <div>\n    {/* jsx */}\n    http://not-a-comment\n  </div>\n);\n")
    assert js.comments("a.jsx", b(text)) == [
        Comment(1, 1, "// head", True, "line"),
        Comment(2, 2, "/* inline */", False, "block"),
        Comment(3, 5, "/**\n * Doc.\n */", True, "block"),
        Comment(8, 8, "/* jsx */", False, "block"),
    ]
    assert js.comments("a.jsx", b(text))[2].is_doc


def test_calls_as_written() -> None:
    text = ("useEffect(() => {}, [a]);\nReact.useEffect(f);\nrows?.map((r) => r.id);\n"
            "fetch(url)\n  .then((r) => r.json());\nnew Date(1);\nhtml`<p>${x}</p>`;\n"
            "const m = await import('./m.js');\n")
    found = [(c.callee, c.name, c.line, c.end, c.args) for c in js.calls("a.js", b(text))]
    assert found == [
        ("useEffect", "useEffect", 1, 1, ("() => {}", "[a]")),
        ("React.useEffect", "useEffect", 2, 2, ("f",)),
        ("rows?.map", "map", 3, 3, ("(r) => r.id",)),
        ("fetch(url).then", "then", 4, 5, ("(r) => r.json()",)),
        ("fetch", "fetch", 4, 4, ("url",)),
        ("r.json", "json", 5, 5, ()),
        ("import", "import", 8, 8, ("'./m.js'",)),
    ]


def test_definitions_functions_methods_and_classes() -> None:
    text = """export function load(url, { retries = 2 }, ...rest) {
  if (!url) {
    return null;
  } else if (retries > 0) {
    for (const r of rest) {
      if (r?.ok && r.body) return r;
    }
  }
  return retries ?? 1;
}
export const Table = ({ rows }) => <table>{rows.length}</table>;
const Field = memo(forwardRef((props, ref) => null));
const api = { get() { return 1; }, put: async (id) => id };
exports.parse = function (raw) { return raw; };
class Store extends Base {
  handle = (event) => event;
  get(id) { return this.items[id]; }
}
items.forEach((item) => item);
"""
    found = [(d.name, d.kind, d.line, d.end, d.params, d.qualname) for d in js.definitions("a.jsx", b(text))]
    assert found == [
        ("load", "function", 1, 10, ("url", "{ retries = 2 }", "rest"), "load"),
        ("Table", "function", 11, 11, ("{ rows }",), "Table"),
        ("Field", "function", 12, 12, ("props", "ref"), "Field"),
        ("get", "function", 13, 13, (), "get"),
        ("put", "function", 13, 13, ("id",), "put"),
        ("parse", "function", 14, 14, ("raw",), "parse"),
        ("Store", "class", 15, 18, (), "Store"),
        ("handle", "method", 16, 16, ("event",), "Store.handle"),
        ("get", "method", 17, 17, ("id",), "Store.get"),
    ]
    load = js.definitions("a.jsx", b(text))[0]
    assert (load.complexity, load.depth) == (7, 3)  # if, else if, for, if, &&, ?? ; if > for > if
    assert load.text.startswith("function load(") and load.text.endswith("}")


def test_typescript_definitions_leave_out_this_and_signatures() -> None:
    text = ("export abstract class Repo<T> {\n  abstract find(id: string): T;\n"
            "  get(this: Repo<T>, id: string, opt?: number): T | undefined { return undefined; }\n}\n"
            "function pick(a: string): string;\n"
            "function pick(a: string, fallback = 'x'): string { return a || fallback; }\n")
    found = [(d.name, d.kind, d.params, d.qualname, d.complexity) for d in js.definitions("a.ts", b(text))]
    assert found == [
        ("Repo", "class", (), "Repo", 1),
        ("get", "method", ("id", "opt"), "Repo.get", 1),
        ("pick", "function", ("a", "fallback"), "pick", 2),
    ]


def test_anonymous_default_exports_are_named_default() -> None:
    text = "export default function () {\n  return 1;\n}\nexport default memo(() => 2);\nrows.map(() => 3);\n"
    assert [(d.name, d.line, d.end) for d in js.definitions("a.js", b(text))] == [("default", 1, 3), ("default", 4, 4)]


def test_definitions_of_test_cases() -> None:
    text = """import test from 'node:test';
import assert from 'node:assert/strict';

test('sorts rows', () => {
  assert.deepEqual(sort([2, 1]), [1, 2]);
  assert(rows);
  // assert.equal(1, 2) in a comment does not count
});
it.only(`keeps ${'order'}`, async () => {
  expect(sort([])).toEqual([]);
  expect(sort([1])).toHaveLength(1);
});
test.each([[1]])('each %s', (n) => {});
test('outer', async (t) => {
  await t.test('inner', () => {
    t.assert.ok(done);
  });
});
describe('not a test', () => {});
const matched = pattern.test('abc');
"""
    found = [(d.name, d.kind, d.line, d.end, d.assertions) for d in js.definitions("a.test.js", b(text)) if d.is_test]
    assert found == [
        ("sorts rows", "test", 4, 8, 2),
        ("keeps ${'order'}", "test", 9, 12, 2),
        ("each %s", "test", 13, 13, 0),
        ("outer", "test", 14, 18, 1),
        ("inner", "test", 15, 17, 1),
    ]


def test_test_cases_are_qualified_by_their_describe_blocks() -> None:
    text = """describe('regression', () => {
  it('rows without key', () => { expect(1).toBe(1); });
  describe.each([[1]])('nested %s', (n) => {
    test.only('dup', () => {});
  });
});
context('other', function () { it('dup', () => {}); });
test('top', () => {});
"""
    found = [(d.name, d.full_name) for d in js.definitions("test/a.test.js", b(text)) if d.is_test]
    assert found == [("rows without key", "regression › rows without key"), ("dup", "regression › nested %s › dup"),
                     ("dup", "other › dup"), ("top", "top")]


def test_assertions_in_every_style() -> None:
    text = """import test from 'ava';
import { deepStrictEqual, equal as eq } from 'node:assert';
import strict from 'node:assert/strict';
const { ok } = require('assert');
const chai = require('chai');
test('ava', (t) => {
  t.is(n, 1);
  t.deepEqual(rows, [1]);
  t.true(ok);
  t.plan(3);
});
test('named imports', () => {
  deepStrictEqual(a, b);
  eq(n, 1);
  ok(x);
  strict.equal(n, 1);
});
test('chains', async () => {
  await expect.soft(page).toHaveTitle('x');
  chai.expect(x).to.equal(1);
  x.should.equal(1);
  y.should.be.true;
  expect(z).toEqual(expect.any(Number));
  expect.assertions(1);
});
test('none', () => {
  const t = new Table();
  t.has(1);
  equal(1, 1);
});
"""
    found = [(d.name, d.assertions) for d in js.definitions("test/a.test.js", b(text)) if d.is_test]
    assert found == [("ava", 3), ("named imports", 4), ("chains", 5), ("none", 0)]


def test_raises() -> None:
    text = """function f(x) {
  if (!x) throw new Error(`missing ${x}`);
  if (x < 0) throw new RangeError();
  if (x > 9) throw Error('');
  try {
    g();
  } catch (err) {
    if (err.code) throw err;
    throw new errors.Wrapped('g failed', { cause: err });
  }
  throw 'plain';
}
"""
    assert js.raises("a.js", b(text)) == [
        Raise(2, "Error", True), Raise(3, "RangeError", False), Raise(4, "Error", False),
        Raise(9, "errors.Wrapped", True), Raise(11, "", True),
    ]


def test_bindings() -> None:
    text = ("const { a = fallback, b: [c, ...d] } = o;\nlet total2 = 0;\nvar x;\nfunction f(p, { q }) {}\n"
            "class K {\n  m(r = s) {}\n}\nfor (const item of items) {}\ntry {} catch (err) {}\n"
            "import z from 'z';\nrows.map((row, i) => row);\n")
    assert [(n.name, n.line) for n in js.bindings("a.js", b(text))] == [
        ("a", 1), ("c", 1), ("d", 1), ("total2", 2), ("x", 3), ("f", 4), ("p", 4), ("q", 4), ("K", 5), ("r", 6),
        ("item", 8), ("err", 9), ("row", 11), ("i", 11),
    ]
    assert Binding("fallback", 1) not in js.bindings("a.js", b(text))


# --- what the JS/TS rules ask ----------------------------------------------------------------------------------


def test_code_lines_leave_out_comments_and_string_insides() -> None:
    text = "// only a comment\nconst a = `first\nsecond\n`;\n\n/* block */ b();\n"
    assert js.code_lines("a.js", b(text)) == {2, 4, 6}


def test_declarations_by_kind() -> None:
    text = ("// var old = 1;\nconst note = `var ${x} in a template`;\nlet n = 0;\nvar legacy = 1;\n"
            "for (var i = 0; i < 2; i++) {}\nfor (const row of rows) {}\nexport const p = <p>var q</p>;\n")
    assert [(d.kind, d.line) for d in js.declarations("a.jsx", b(text))] == [
        ("const", 2), ("let", 3), ("var", 4), ("var", 5), ("const", 6), ("const", 7)]


def test_equality_operators() -> None:
    text = "const s = 'a == b';\nif (a == null || b !== c) {}\nconst t = `${x === y} != z`;\n"
    assert [(o.text, o.line) for o in js.equality_operators("a.js", b(text))] == [("==", 2), ("!==", 2), ("===", 3)]


def test_type_uses_only_in_type_positions() -> None:
    text = """// any JSON at all
interface Options { any: boolean; extra: Record<string, any> }
const any = options.any;
function f<T = any>(items: Array<any>, rest: any[]): Promise<unknown> {
  return (items as any).concat(<any>rest);
}
"""
    assert js.type_uses("a.ts", b(text), "any") == [2, 4, 4, 4, 5, 5]
    assert js.type_uses("a.ts", b(text), "T") == [] and js.type_uses("a.ts", b(text), "Array") == [4]
    assert js.type_uses("a.tsx", b("const x = y as any;\n"), "any") == [1]


def test_exports_default_in_every_form() -> None:
    text = """export default function App() {}
export default class Page {}
export default () => null;
export default memo(Table);
export { Table as default, Row };
export { default } from './Table.jsx';
export { default as Cell } from './Cell.jsx';
export const a = 1, b = 2;
export function f() {}
export * from './x.js';
export * as ns from './y.js';
module.exports = { f };
exports.g = g;
module.exports.h = h;
const read = module.exports;
"""
    found = [(e.name, e.line, e.default) for e in js.exports("a.jsx", b(text))]
    assert found == [
        ("default", 1, True), ("default", 2, True), ("default", 3, True), ("default", 4, True),
        ("default", 5, True), ("Row", 5, False), ("default", 6, True), ("Cell", 7, False),
        ("a", 8, False), ("b", 8, False), ("f", 9, False), ("*", 10, False), ("ns", 11, False),
        ("module.exports", 12, True), ("g", 13, False), ("h", 14, False),
    ]
    assert [(e.name, e.default) for e in js.exports("a.ts", b("export = parse;\nexport type T = string;\n"))] == [
        ("default", True), ("T", False)]


def test_module_specifiers() -> None:
    text = ("import a from 'node:fs';\nimport './x.css';\nconst b = require(\"path\");\n"
            "export { c } from '../c.js';\nconst s = 'fs';\nawait import(`y`);\nrequire(`./${name}`);\n")
    assert [(s.value, s.line, s.form) for s in js.module_specifiers("a.js", b(text))] == [
        ("node:fs", 1, "import"), ("./x.css", 2, "import"), ("path", 3, "require"), ("../c.js", 4, "export"),
        ("y", 6, "dynamic")]
    assert [s.value for s in js.module_specifiers("a.ts", b("import fs = require('fs');\n"))] == ["fs"]


def test_awaits_and_method_calls() -> None:
    text = ("// .then( in a comment\nconst s = '.then(cb)';\nasync function f() {\n  for await (const x of xs) {}\n"
            "  const r = await fetch(u);\n  return fetch(u)\n    .then((r) => r.json())\n    ?.then(done);\n}\n")
    assert js.awaits("a.js", b(text)) == [4, 5]
    assert js.method_calls("a.js", b(text), "then") == [7, 8]


def test_suppressions() -> None:
    text = ("// @ts-expect-error: the v1 payload carries legacyId\n// @ts-ignore\n/* @ts-expect-error -- types lag */\n"
            "// never use @ts-ignore here\nconst s = '// @ts-nocheck';\n// @ts-ignored typo\n")
    found = [(s.directive, s.reason, s.line, s.explained) for s in js.suppressions("a.ts", b(text))]
    assert found == [
        ("@ts-expect-error", "the v1 payload carries legacyId", 1, True),
        ("@ts-ignore", "", 2, False),
        ("@ts-expect-error", "types lag", 3, True),
    ]


def test_components() -> None:
    text = """export function App() {}
const Card = ({ a, onClick = () => {} }) => <b/>;
export const List = memo(function L() {});
export const Field = React.memo(forwardRef((props, ref) => null));
export const Typed: React.FC<Props> = ({ rows }) => null;
class Old extends React.Component {}
export default class Page extends PureComponent {}
class Plain extends Base {}
const API_URL = () => 1;
const Styles = { a: 1 };
function helper() {
  function Inner() {}
}
export default memo(function Wrapped() {});
"""
    assert [(c.name, c.line, c.kind) for c in js.components("a.tsx", b(text))] == [
        ("App", 1, "function"), ("Card", 2, "arrow"), ("List", 3, "arrow"), ("Field", 4, "arrow"),
        ("Typed", 5, "arrow"), ("Old", 6, "class"), ("Page", 7, "class"), ("Wrapped", 14, "function")]


def test_list_items_and_their_keys() -> None:
    text = """export const Rows = ({ rows }) => (
  <ul>
    {rows.map((row, i) => <Row key={i} row={row} />)}
    {rows.map(row => <Row key={row.id} />)}
    {rows.map((row, index) => {
      const label = <b>{row.name}</b>;
      return (
        <li key={`${row.id}-${index}`}>{label}</li>
      );
    })}
    {rows.map((row, i) => row.visible ? <Row key={row.id} index={i} /> : null)}
    {rows.map((row) => <><dt>{row.id}</dt></>)}
    {rows.map((row) => <li key="static">{row.name}</li>)}
    {rows.map((row, position) => {
      const key = `${row.type}-${position}`;
      const id = row.id;
      return cells.length ? <Cells key={key} /> : <Cell key={id} />;
    })}
    {rows.map(render)}
    {ids.map((id) => id * 2)}
  </ul>
);
"""
    found = [(i.line, list(i.tag), i.key, i.uses_index, i.stable) for i in js.list_items("a.jsx", b(text))]
    assert found == [
        (3, [3], "i", True, False),
        (4, [4], "row.id", False, True),
        (5, [8], "`${row.id}-${index}`", True, False),
        (11, [11], "row.id", False, True),
        (12, [12], None, False, False),
        (13, [13], '"static"', False, True),
        (14, [17], "key", True, False),
        (14, [17], "id", False, True),
    ]


def test_assertions_that_name_no_value_do_not_count() -> None:
    text = """import test from 'node:test';
import assert from 'node:assert/strict';
test('constant', () => {
  expect(true).toBe(true);
  assert.ok(1);
  assert.equal('a', 'a');
});
test('reads', (t) => {
  assert.fail('unreachable');
  t.pass();
  expect(() => parse('')).toThrow();
});
"""
    found = [(d.name, d.assertions) for d in js.definitions("a.test.js", b(text)) if d.is_test]
    assert found == [("constant", 0), ("reads", 3)]
