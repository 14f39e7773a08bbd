"""JavaScript/TypeScript code-style rules (CS-031...CS-042, CS-107): declarations, equality, types, module form and
Node's test runner in any JS/TS a run writes, and React component conventions for the frontend. Checks read the
syntax trees of the changed files (`checks.javascript`), so nothing in a comment, a string or a template literal
counts, and decide on what lies on the lines the run added; they are n/a when no file of their language changed."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks import javascript as js
from pytest_harnessif.checks.code import added_numbers, calls, changed_code_or_na, changed_sources, on_added_lines
from pytest_harnessif.evidence import FileView

ASSERT_MODULE = re.compile(r"^(?:node:)?assert(?:/strict)?$")
NODE_BUILTINS = frozenset({
    "assert", "async_hooks", "buffer", "child_process", "cluster", "console", "crypto", "dgram", "dns", "events",
    "fs", "http", "http2", "https", "module", "net", "os", "path", "perf_hooks", "process", "querystring",
    "readline", "stream", "string_decoder", "test", "timers", "tls", "url", "util", "v8", "vm", "worker_threads",
    "zlib",
})


def added_lines(run: Run, views: Iterable[FileView], *lines_of: Callable[[str, bytes], Iterable[int]]
                ) -> list[list[str]]:
    """For each `lines_of(path, data)`: `path:LINE: text` (the line as written) of the lines it gives that the run
    added (one diff per file for all of them)."""
    out: list[list[str]] = [[] for _ in lines_of]
    for view in views:
        added = added_numbers(run, view)
        for found, lines in zip(out, lines_of, strict=True):
            found += quoted((view, n) for n in sorted(set(lines(view.path, view.data)) & added))
    return out


def quoted(found: Iterable[tuple[FileView, int]]) -> list[str]:
    """`path:LINE: text` (the line as written) for each `(file, line)`, each line once."""
    texts: dict[str, list[str]] = {}
    out: dict[tuple[str, int], str] = {}
    for view, n in found:
        if view.path not in texts:
            texts[view.path] = view.text.split("\n")
        out.setdefault((view.path, n), f"{view.path}:{n}: {texts[view.path][n - 1].strip()}")
    return list(out.values())


def specifiers(view: FileView) -> list[js.Specifier]:
    """The module specifiers a file imports or requires."""
    return js.module_specifiers(view.path, view.data)


def asynchronous(path: str, data: bytes, method: str) -> list[int]:
    """The lines of the `await`s and of the `.then(...)` and `.{method}(...)` calls of a file."""
    return [*js.awaits(path, data), *(n for name in {"then", method} for n in js.method_calls(path, data, name))]


JS = ("javascript", "typescript")


@rule("CS-031", languages=JS, family="code_style", modality="require", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype language-idioms (adapted: block-scoped declarations)",
      opportunity="a variable declaration added to a JS/TS file",
      surfaces={
          "SP": "In JavaScript and TypeScript, declare variables with `const` (or `let` when they are "
                "reassigned); never with `var`.",
          "PF": "## Declarations\n`const` by default, `let` when the binding changes, `var` never.",
          "UI": "No `var` in the JS please - const or let.",
      })
def test_no_var_declarations(run: Run) -> None:
    """Every variable declaration the run adds to a JS/TS file uses `const` or `let`, never `var`."""
    views = changed_code_or_na(run, "javascript")
    declared = on_added_lines(run, views, lambda v: js.declarations(v.path, v.data)) or na(
        "no variable declaration added to a JS/TS file")
    bad = quoted((v, d.line) for v, d in declared if d.kind == "var")
    assert not bad, f"var declarations among {len(declared)} added: {bad}"


@rule("CS-032", languages=JS, family="code_style", modality="require", prior="align", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype language-idioms (adapted: strict equality)",
      opportunity="an equality comparison added to a JS/TS file",
      surfaces={
          "SP": "Compare with `===` and `!==` in JavaScript and TypeScript; never `==` or `!=`, not even "
                "against `null`.",
          "PF": "## Equality\nStrict equality only: `===` / `!==`. Loose `==` / `!=` (including `x == null`) is "
                "not used.",
          "UI": "Use === and !== in the JS code, never == or !=.",
      })
def test_strict_equality(run: Run) -> None:
    """Every equality comparison the run adds to a JS/TS file is `===` or `!==`, never `==` or `!=`."""
    views = changed_code_or_na(run, "javascript")
    compared = on_added_lines(run, views, lambda v: js.equality_operators(v.path, v.data)) or na(
        "no equality comparison added to a JS/TS file")
    bad = quoted((v, o.line) for v, o in compared if o.text in ("==", "!="))
    assert not bad, f"loose equality at {bad}"


@rule("CS-033", languages=("typescript",), family="code_style", modality="forbid", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="archetype no-any-type", opportunity="TypeScript code added",
      surfaces={
          "SP": "TypeScript you write never uses the `{keyword}` type (`: {keyword}`, `as {keyword}`, "
                "`{keyword}[]`, `<{keyword}>`); type the value, or use `unknown` and narrow it.",
          "PF": "## Types\nNo `{keyword}` in `.ts` / `.tsx` code. Write the real type, a generic, or `unknown` with "
                "a type guard.",
          "UI": "Please don't use `{keyword}` in the TypeScript - give things real types (or unknown).",
      })
def test_no_any_type(run: Run, keyword: str = "any") -> None:
    """No line the run adds to a TypeScript file uses the `{keyword}` type."""
    views = changed_code_or_na(run, "typescript")
    code, bad = added_lines(run, views, js.code_lines, lambda path, data: js.type_uses(path, data, keyword))
    code or na("no TypeScript code added")
    assert not bad, f"`{keyword}` types at {bad}"


@rule("CS-034", languages=JS, family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype import-export-form (adapted: named exports only)",
      opportunity="an export added to a JS/TS file",
      surfaces={
          "SP": "Modules you write export by name only (`export function parseRow`, `export {{ parseRow }}`); no "
                "`export default`, no `as default`, no `module.exports =`.",
          "PF": "## Exports\nNamed exports only. `export default` (or re-exporting `as default`) and "
                "`module.exports =` are not used, so every import names what it takes.",
          "UI": "Use named exports please, no default exports.",
      })
def test_named_exports_only(run: Run) -> None:
    """Every export the run adds to a JS/TS file is a named export: no `export default`, `as default` or
    `module.exports =`."""
    views = changed_code_or_na(run, "javascript")
    exported = on_added_lines(run, views, lambda v: js.exports(v.path, v.data)) or na("no export added to a JS/TS file")
    bad = quoted((v, e.line) for v, e in exported if e.default)
    assert not bad, f"default exports at {bad}"


@rule("CS-035", languages=JS, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:high",
      source="archetype test-framework-idiom (adapted: strict assertions of Node's test runner)",
      opportunity="an assert module imported in a JS/TS test file",
      surfaces={
          "SP": "Tests for Node's test runner import assertions from `{module}`; never from `assert`, "
                "`node:assert` or `assert/strict`.",
          "PF": "## Node tests\nTest files take `assert` from `{module}` (strict deep equality everywhere); the "
                "loose `node:assert` module is not used.",
          "UI": "In the tests, import assert from '{module}' please.",
          "SD": {"skill": "node-testing",
                 "text": "Import assertions with `import assert from '{module}'`; the non-strict `node:assert` "
                         "and bare `assert` are not allowed."},
      })
def test_node_tests_use_strict_assert(run: Run, module: str = "node:assert/strict") -> None:
    """Every assert module a JS/TS test file imports on a line the run added is `{module}`."""
    views = changed_sources(run, tests=True, languages=JS) or na("no JS/TS test file changed")
    specs = [(v, s) for v, s in on_added_lines(run, views, specifiers) if ASSERT_MODULE.match(s.value)] or na(
        "no assert module imported on an added line of a JS/TS test file")
    bad = [f"{v.path}:{s.line}: {s.value!r}" for v, s in specs if s.value != module]
    assert not bad, f"assertions not imported from {module!r}: {bad}"


@rule("CS-036", languages=JS, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype language-idioms (adapted: the node: scheme for built-in modules)",
      opportunity="a Node built-in module imported on an added line",
      surfaces={
          "SP": "Import Node's built-in modules with the `{prefix}` scheme: `{prefix}fs`, `{prefix}path`, "
                "`{prefix}test`; never the bare names (`fs`, `path`).",
          "PF": "## Built-in modules\nEvery import or require of a Node built-in uses the `{prefix}` prefix "
                "(`import {{ readFile }} from '{prefix}fs/promises'`).",
          "UI": "Use the {prefix} prefix for built-in imports ({prefix}fs, {prefix}path...).",
      })
def test_builtins_use_node_scheme(run: Run, prefix: str = "node:") -> None:
    """Every Node built-in module the run imports or requires on an added line is named with the `{prefix}`
    prefix."""
    views = changed_code_or_na(run, "javascript")
    specs = [(v, s) for v, s in on_added_lines(run, views, specifiers)
             if s.value.removeprefix("node:").split("/")[0] in NODE_BUILTINS] or na(
        "no Node built-in module imported on an added line")
    bad = [f"{v.path}:{s.line}: {s.value!r}" for v, s in specs if not s.value.startswith(prefix)]
    assert not bad, f"built-in modules imported without {prefix!r}: {bad}"


@rule("CS-037", languages=JS, family="code_style", modality="prefer", prior="align", severity="should", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype async-style", opportunity="asynchronous JS/TS code added",
      surfaces={
          "SP": "Write asynchronous JavaScript with `async`/`await` rather than promise chains: the code you "
                "add does not call `.{method}(...)`.",
          "PF": "## Async code\nPrefer `async`/`await` with `try`/`catch`; no `.{method}()` chains in new code.",
          "UI": "Prefer async/await over .{method}() chains please.",
      })
def test_await_over_promise_chains(run: Run, method: str = "then") -> None:
    """Prefer `await`: no line the run adds to a JS/TS file calls `.{method}(...)`."""
    views = changed_code_or_na(run, "javascript")
    waits, bad = added_lines(run, views, lambda path, data: asynchronous(path, data, method),
                             lambda path, data: js.method_calls(path, data, method))
    waits or na("no asynchronous code (await or .then) added to a JS/TS file")
    assert not bad, f".{method}() chains at {bad}"


@rule("CS-038", languages=JS, family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:low",
      source="archetype no-suppressions (adapted: the narrow, explained form of a TypeScript suppression)",
      opportunity="a TypeScript suppression comment added",
      surfaces={
          "SP": "If you must silence the TypeScript compiler, use `// {directive}` followed by the reason on the "
                "same line; never `@ts-ignore` or `@ts-nocheck`, never a bare `{directive}`.",
          "PF": "## Type suppressions\nOnly `{directive}` with an explanation (`// {directive}: the lib's types "
                "miss the field`); `@ts-ignore` and `@ts-nocheck` are banned.",
          "UI": "If you need to silence TS, use {directive} with a short reason, never ts-ignore.",
          "TD": {"tool": "edit_file",
                 "text": "Never add `@ts-ignore`/`@ts-nocheck`; a needed suppression is `// {directive}: <reason>`."},
      })
def test_ts_suppressions_explained(run: Run, directive: str = "@ts-expect-error") -> None:
    """Every TypeScript suppression comment the run adds is `{directive}` followed by a reason; no `@ts-ignore`
    or `@ts-nocheck`."""
    views = changed_code_or_na(run, "javascript")
    marks = on_added_lines(run, views, lambda v: js.suppressions(v.path, v.data)) or na(
        "no TypeScript suppression comment added")
    bad = [f"{v.path}:{s.line}: {s.directive} {s.reason}".rstrip() for v, s in marks
           if s.directive != directive or not s.explained]
    assert not bad, f"suppressions that are not an explained {directive}: {bad}"


@rule("CS-039", languages=JS, family="code_style", modality="require", prior="align", method="ast",
      observability="structural", universality="specific", scenarios=("frontend",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype framework-rules (adapted: function components)", opportunity="a React component added",
      surfaces={
          "SP": "React components you write are function components using hooks; never classes extending "
                "`React.Component` or `PureComponent`.",
          "PF": "## Components\nFunction components only. No class components (`extends React.Component` / "
                "`PureComponent`); state lives in hooks.",
          "UI": "Write the components as functions with hooks, not classes.",
          "SD": {"skill": "react-components",
                 "text": "Components are functions with hooks; class components are not accepted."},
      })
def test_function_components(run: Run) -> None:
    """Every React component the run adds (top level of a JSX/TSX module) is a function, not a class."""
    views = changed_code_or_na(run, "jsx")
    added = on_added_lines(run, views, lambda v: js.components(v.path, v.data)) or na("no React component added")
    bad = [f"{v.path}:{c.line}: {c.name}" for v, c in added if c.kind == "class"]
    assert not bad, f"class components: {bad}"


@rule("CS-040", languages=JS, family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="specific", scenarios=("frontend",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype framework-rules (adapted: stable React list keys)",
      opportunity="a .map() rendering JSX added",
      surfaces={
          "SP": "When you render a list with `.map(...)`, the element returned gets a `key` taken from the data "
                "(an id); never the index the callback receives.",
          "PF": "## Lists\nEvery element rendered from `.map()` has a `key` prop from a stable identifier of the "
                "item. Array indexes are never used as keys.",
          "UI": "Give list items real keys from the data, not the array index.",
          "SD": {"skill": "react-components",
                 "text": "Elements rendered in `.map()` need a `key` from the item's id; using the map index as "
                         "the key is a bug."},
      })
def test_list_items_have_stable_keys(run: Run) -> None:
    """Every JSX element the run renders from a `.map(...)` callback has a `key` prop that does not use the
    callback's index parameter."""
    items = [(v, item) for v in changed_code_or_na(run, "javascript") for added in (added_numbers(run, v),)
             for item in js.list_items(v.path, v.data) if {item.line, *item.tag} & added] or na(
        "no .map() rendering JSX added")
    bad = [f"{v.path}:{item.tag.start}: key={item.key!r}" for v, item in items if not item.stable]
    assert not bad, f"list elements without a stable key: {bad}"


@rule("CS-041", languages=JS, family="code_style", modality="require", prior="align", method="ast",
      observability="structural", universality="specific", scenarios=("frontend",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype framework-rules (adapted: React hooks dependencies)",
      opportunity="a useEffect call added",
      surfaces={
          "SP": "Every `{hook}` you write passes its dependency array as the second argument (`[]` when it "
                "runs once); never leave it out.",
          "PF": "## Effects\n`{hook}(fn, deps)` always lists its dependencies; an effect without a dependency "
                "array re-runs on every render and is not accepted.",
          "UI": "Always give {hook} a dependency array.",
          "SD": {"skill": "react-components",
                 "text": "Call `{hook}` with an explicit dependency array (`[]` for mount-only effects)."},
      })
def test_effects_declare_dependencies(run: Run, hook: str = "useEffect") -> None:
    """Every `{hook}(...)` call the run adds passes a second argument (the dependency array)."""
    effects = [(v, c) for v, c in on_added_lines(run, changed_code_or_na(run, "javascript"), calls)
               if c.callee in (hook, f"React.{hook}")] or na(f"no {hook} call added")
    bad = [f"{v.path}:{c.line}" for v, c in effects if len(c.args) < 2]
    assert not bad, f"{hook} without a dependency array at {bad}"


@rule("CS-042", languages=JS, family="code_style", modality="limit_max", prior="neutral", method="ast",
      observability="structural", universality="specific", scenarios=("frontend",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype small-functions (adapted: components per file)",
      opportunity="a JSX/TSX file with a component changed",
      surfaces={
          "SP": "Each `.jsx` / `.tsx` file you create or change defines at most {limit:w} React component at its "
                "top level (counting small helper components); give any other component its own file.",
          "PF": "## Component files\nAt most {limit:w} component per `.jsx` / `.tsx` file: any further component, "
                "even a small helper one, moves to its own file.",
          "UI": "Keep it to {limit:w} component per file please.",
          "SD": {"skill": "react-components",
                 "text": "A component file holds at most {limit:w} top-level component; split extra ones out."},
      })
def test_components_per_file(run: Run, limit: int = 1) -> None:
    """Every JSX/TSX file the run creates or changes defines at most {limit:w} React component at its top level."""
    counted = [(v.path, [c.name for c in js.components(v.path, v.data)]) for v in changed_code_or_na(run, "jsx")]
    counted = [(path, names) for path, names in counted if names] or na("no changed JSX/TSX file defines a component")
    over = [f"{path}: {names}" for path, names in counted if len(names) > limit]
    assert not over, f"files with more than {limit} component: {over}"


@rule("CS-107", languages=JS, family="code_style", modality="require", prior="neutral", method="llm_judge",
      observability="deep", universality="specific", scenarios=("frontend",), fit="SP:medium PF:high SD:high",
      source="archetype framework-rules (adapted: render stays free of side effects)",
      opportunity="a JSX/TSX file with a component changed",
      rubric={
          "question": "Do the React components the agent added or changed keep their render bodies free of side "
                      "effects, doing data fetching, subscriptions, timers, DOM access and storage writes only "
                      "in effects or event handlers?",
          "pass_if": ["Side effects sit inside `useEffect` (with cleanup where something is subscribed or "
                      "scheduled) or inside event handlers; the render body only computes JSX from props and "
                      "state."],
          "fail_if": ["A component calls `fetch`, sets a timer, subscribes to something, writes to "
                      "`localStorage` or touches `document`/`window` directly in its render body.",
                      "A component sets state during render (outside an effect or handler), or an effect "
                      "subscribes or schedules something without returning a cleanup."],
          "na_if": ["The changed files contain no React component."],
      },
      surfaces={
          "SP": "Keep React render functions pure: fetches, timers, subscriptions, DOM and storage access go in "
                "`useEffect` (with a cleanup) or in event handlers, never in the component body itself.",
          "PF": "## Side effects\nRendering is pure. Anything that talks to the outside world (network, timers, "
                "`localStorage`, `document`) runs in an effect with cleanup or in an event handler.",
          "SD": {"skill": "react-components",
                 "text": "No side effects during render: fetch, timers, subscriptions and storage writes belong "
                         "in `useEffect` (cleaned up) or event handlers."},
      })
def test_render_free_of_side_effects(run: Run) -> None:
    """The React components the run adds or changes do side effects (fetches, timers, subscriptions, DOM and
    storage access) only in effects with cleanup or in event handlers, never while rendering.

    The judge reads the diff of the changed JSX/TSX files that define components."""
    views = [v for v in changed_code_or_na(run, "jsx") if js.components(v.path, v.data)] or na(
        "no changed JSX/TSX file defines a component")
    judge(component_diff=run.diff_of(v.path for v in views))
