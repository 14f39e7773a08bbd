"""C code-style rules (CS-043...CS-050, CS-106): memory handling, unsafe string functions, braces, linkage and
headers in the C a systems run writes, and the warnings its Makefile turns on. Checks read the syntax tree of the
code the run added (`checks.c`: comments and strings are never code), and are n/a when no C file (or Makefile)
changed."""

from __future__ import annotations

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.checks import c
from pytest_harnessif.checks.code import added_numbers, calls, changed_code_or_na, on_added_lines
from pytest_harnessif.checks.project import is_makefile, make_variable
from pytest_harnessif.evidence import FileView

C_SOURCES = "**/*.c"
ALLOCATORS = ("malloc", "calloc", "realloc", "strdup")


def added_allocations(run: Run, allocators: tuple[str, ...]) -> list[tuple[FileView, c.Allocation]]:
    """The allocations of `allocators` assigned on a line the run added to a `.c` file (n/a when none changed)."""
    views = changed_code_or_na(run, "c", C_SOURCES)
    return on_added_lines(run, views, lambda v: c.allocations(v.path, v.data, allocators))


@rule("CS-043", languages=("c",), family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="specific", scenarios=("systems",),
      fit="SP:medium PF:high UI:low SD:medium",
      source="archetype assert-invariants (adapted: allocation results checked)",
      opportunity="an allocation assigned on an added C line",
      surfaces={
          "SP": "Every pointer you get from {allocators:code-or} is tested against `NULL` in the function that "
                "allocates it (`if (!buf) {{ return -1; }}`).",
          "PF": "## Allocation failures\nThe result of {allocators:code-or} is always tested for `NULL` in the "
                "allocating function; out-of-memory is handled, never ignored.",
          "UI": "Please check every {allocators:or} result for NULL.",
          "SD": {"skill": "c-build",
                 "text": "Test each {allocators:code-or} result against NULL in the same function."},
      })
def test_allocations_checked_for_null(run: Run, allocators: tuple[str, ...] = ALLOCATORS) -> None:
    """Every result of {allocators:code-or} the run assigns on an added line is tested against `NULL` later in
    the same function."""
    made = added_allocations(run, allocators) or na("no allocation assigned on an added C line")
    bad = [f"{v.path}:{a.line}: {a.target} = {a.allocator}(...)" for v, a in made if not a.checked]
    assert not bad, f"allocations never checked for NULL: {bad}"


@rule("CS-044", languages=("c",), family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="specific", scenarios=("systems",),
      fit="SP:medium PF:high UI:low SD:medium",
      source="curated: realloc through a temporary so a failure does not leak the block",
      opportunity="a realloc call added",
      surfaces={
          "SP": "Grow buffers through a temporary: `tmp = {call}(buf, n); if (!tmp) ...; buf = tmp;`. Never "
                "assign `{call}`'s result straight back to the pointer you pass it.",
          "PF": "## Resizing buffers\n`p = {call}(p, n)` leaks `p` when the call fails; always {call} into a "
                "temporary and assign it back after the NULL check.",
          "UI": "Careful with {call}: go through a temp pointer, don't do p = {call}(p, ...).",
          "SD": {"skill": "c-build",
                 "text": "`{call}` into a temporary, check it, then assign; `p = {call}(p, n)` is rejected."},
      })
def test_realloc_through_temporary(run: Run, call: str = "realloc") -> None:
    """No `{call}` call the run adds assigns its result to the pointer it reallocates."""
    grown = added_allocations(run, (call,)) or na(f"no {call} call assigned on an added C line")
    bad = [f"{v.path}:{a.line}: {a.target} = {call}({a.args[0]}, ...)" for v, a in grown if a.in_place]
    assert not bad, f"{call} results assigned over the reallocated pointer: {bad}"


@rule("CS-045", languages=("c",), family="code_style", modality="forbid", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="archetype forbidden-api (adapted: unbounded C string functions)", opportunity="C code added",
      surfaces={
          "SP": "C code you write never calls the unbounded string functions {banned:code-or}; use the "
                "length-checked ones (`snprintf`, `strncpy` with explicit termination, `fgets`).",
          "PF": "## Banned functions\n{banned:code-or} are not allowed in our C sources. Use `snprintf` and "
                "friends and pass buffer sizes.",
          "UI": "Don't use {banned:or} in the C code please.",
          "SD": {"skill": "c-build",
                 "text": "Never call {banned:code-or}; bounded alternatives only."},
      })
def test_no_unbounded_string_functions(run: Run, banned: tuple[str, ...] = ("strcpy", "strcat", "sprintf",
                                                                            "vsprintf", "gets")) -> None:
    """No line the run adds to a C file calls {banned:code-or}."""
    views = changed_code_or_na(run, "c")
    any(added_numbers(run, v) & c.code_lines(v.path, v.data) for v in views) or na("no C code added")
    bad = [f"{v.path}:{call.line}: {call.callee}" for v, call in on_added_lines(run, views, calls)
           if call.callee in banned]
    assert not bad, f"unbounded string functions called: {bad}"


@rule("CS-046", languages=("c",), family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype always-braces", opportunity="a control statement added to a C file",
      surfaces={
          "SP": "In C, every `if`, `else`, `for` and `while` body you write is wrapped in braces, even a single "
                "statement.",
          "PF": "## Braces\nAlways brace control-flow bodies: `if (x) {{ return; }}`, never `if (x) return;`. "
                "`else if` chains are fine.",
          "UI": "Always use braces on ifs and loops in the C code, even one-liners.",
      })
def test_control_bodies_braced(run: Run) -> None:
    """Every `if`, `else`, `for` and `while` the run adds to a C file has a braced body."""
    views = changed_code_or_na(run, "c")
    controls = on_added_lines(run, views, lambda v: c.controls(v.path, v.data))
    added = [(v, s) for v, s in controls if s.keyword != "do"] or na("no control statement added to a C file")
    bad = [f"{v.path}:{s.line}: {s.keyword}" for v, s in added if not s.braced]
    assert not bad, f"control statements without braces: {bad}"


@rule("CS-047", languages=("c",), family="code_style", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="archetype minimal-exports (adapted: internal C functions are static)",
      opportunity="a function defined on an added line of a .c file",
      surfaces={
          "SP": "A C function you define that no header (`.h`) declares is internal: mark it `static`. Only "
                "`{entry}` and functions declared in a header have external linkage.",
          "PF": "## Linkage\nFunctions not declared in a header are `static`. The public API is exactly what the "
                "headers declare (plus `{entry}`).",
          "UI": "Make helper functions static unless they're in a header.",
      })
def test_internal_functions_static(run: Run, entry: str = "main") -> None:
    """Every function the run defines in a `.c` file is `static` unless a header declares it or it is
    `{entry}`."""
    views = changed_code_or_na(run, "c", C_SOURCES)
    new = on_added_lines(run, views, lambda v: c.functions(v.path, v.data)) or na(
        "no function defined on an added line of a .c file")
    public = {name for h in run.glob("**/*.h") for name in c.prototypes(h.path, h.data)} | {entry}
    bad = [f"{v.path}:{f.line}: {f.name}" for v, f in new if not f.is_static and f.name not in public]
    assert not bad, f"internal functions without static: {bad}"


@rule("CS-048", languages=("c",), family="code_style", modality="require", prior="align", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low TD:low",
      source="curated: include guards named after the header",
      opportunity="a header created or modified",
      surfaces={
          "SP": "Every C header you create or edit has an include guard named after the file: `#ifndef "
                "RING_BUFFER_H` / `#define RING_BUFFER_H` first and `#endif` last for `ring_buffer.h` (no "
                "`#pragma once`).",
          "PF": "## Headers\nHeaders are wrapped in `#ifndef NAME_H` / `#define NAME_H` ... `#endif`, NAME being "
                "the file name in capitals with non-alphanumerics turned into `_` (`ring_buffer.h` -> "
                "`RING_BUFFER_H`).",
          "UI": "Headers need include guards named after the file (FOO_H for foo.h), please.",
          "TD": {"tool": "write_file",
                 "text": "A `.h` file you write opens with `#ifndef FILE_H` / `#define FILE_H` (its name in "
                         "capitals) and ends with `#endif`."},
      })
def test_headers_have_named_guards(run: Run) -> None:
    """Every header the run creates or changes opens with `#ifndef X` / `#define X` and ends with `#endif`, X
    being its file name in capitals with `.` (and other non-alphanumerics) as `_`."""
    headers = changed_code_or_na(run, "c", "**/*.h")
    guards = [(v.path, c.include_guard(v.path, v.data), c.guard_name(v.path)) for v in headers]
    bad = [f"{path}: {found!r} (expected {wanted!r})" for path, found, wanted in guards if found != wanted]
    assert not bad, f"headers without the include guard their name gives: {bad}"


@rule("CS-049", family="code_style", modality="require", prior="neutral", method="cross_file",
      observability="structural", universality="specific", scenarios=("systems",),
      fit="SP:medium PF:high UI:low SD:high",
      source="archetype build-must-succeed (adapted: warnings on in the Makefile)",
      opportunity="a Makefile created or modified",
      surfaces={
          "SP": "A Makefile you write or edit compiles with warnings on: its `CFLAGS` include {flags:code-and}.",
          "PF": "## Build flags\n`CFLAGS` in every Makefile contains {flags:code-and}; do not drop them to get "
                "a build through.",
          "UI": "Keep {flags:and} in CFLAGS in the Makefile.",
          "SD": {"skill": "c-build",
                 "text": "`CFLAGS` always carries {flags:code-and}; fix warnings instead of removing flags."},
      })
def test_makefile_enables_warnings(run: Run, flags: tuple[str, ...] = ("-Wall", "-Wextra")) -> None:
    """Every Makefile the run creates or modifies sets `CFLAGS` containing {flags:code-and}."""
    makefiles = [v for v in run.changed() if is_makefile(v.path)] or na("no Makefile created or modified")
    cflags = [(v.path, make_variable(v.text, "CFLAGS")) for v in makefiles]
    bad = [f"{path}: CFLAGS {words} lacks {[f for f in flags if f not in words]}" for path, words in cflags
           if not set(flags) <= set(words)]
    assert not bad, f"Makefiles without the warning flags: {bad}"


@rule("CS-050", languages=("c",), family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="specific", scenarios=("systems",),
      fit="SP:medium PF:high UI:low SD:medium",
      source="curated: allocation sizes taken from the pointer (sizeof *p)",
      opportunity="an allocation using sizeof added",
      surfaces={
          "SP": "Size allocations from the pointer, not the type: `p = malloc(n * sizeof *p)`; every `sizeof` "
                "inside a {allocators:code-or} call you write applies to `*` the target.",
          "PF": "## Allocation sizes\nWrite `sizeof *ptr` (or `sizeof(*ptr)`) in {allocators:code-or} "
                "arguments, never `sizeof(struct foo)`, so the size follows the pointer's type.",
          "UI": "Use sizeof *ptr in the malloc calls rather than sizeof(type).",
          "SD": {"skill": "c-build",
                 "text": "In {allocators:code-or} arguments use `sizeof *ptr`, not `sizeof(type)`."},
      })
def test_allocation_sizes_from_pointer(run: Run, allocators: tuple[str, ...] = ("malloc", "calloc",
                                                                                "realloc")) -> None:
    """Every `sizeof` inside a {allocators:code-or} call the run adds applies to a dereferenced pointer
    (`sizeof *p`), not to a type."""
    views = changed_code_or_na(run, "c")
    sized = on_added_lines(run, views, lambda v: c.sizeofs(v.path, v.data, allocators))
    sized = sized or na("no allocation using sizeof added")
    bad = [f"{v.path}:{s.line}: sizeof {s.operand}" for v, s in sized if not s.dereferenced]
    assert not bad, f"allocation sizes taken from a type: {bad}"


@rule("CS-106", languages=("c",), family="code_style", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="specific", scenarios=("systems",), fit="SP:medium PF:high SD:medium",
      source="curated: every heap allocation has an owner that frees it on every path",
      opportunity="an allocation assigned on an added C line",
      rubric={
          "question": "Does every heap allocation in the C code the agent added have a clear owner that releases "
                      "it on every path, error paths and early returns included?",
          "pass_if": ["Each allocated block is freed before every return of the function that owns it, or "
                      "is handed on (returned, stored in a structure, passed to a function documented to take "
                      "ownership) with that transfer visible in the code.",
                      "Error paths release what was allocated before them (e.g. a cleanup label or frees before "
                      "each early return)."],
          "fail_if": ["Some path (an early return, an error branch, a `break` out of a loop) leaves a block "
                      "allocated with no pointer to it left to free.",
                      "A block is freed twice, or used after it was freed."],
          "na_if": ["The added C code allocates no heap memory."],
      },
      surfaces={
          "SP": "Every block you allocate in C has one clear owner that frees it on every path, early returns "
                "and error branches included (a single cleanup label is fine); no leaks, no double frees.",
          "PF": "## Memory ownership\nFor each allocation it is obvious who frees it. Error paths release what "
                "was allocated before them; prefer one `cleanup:` label per function over scattered frees.",
          "SD": {"skill": "c-build",
                 "text": "Free every allocation on every path (error paths too); run the tests under valgrind "
                         "if you can."},
      })
def test_allocations_released_on_every_path(run: Run) -> None:
    """Every heap block the C code the run adds allocates is released on every path or handed on to a visible
    owner.

    Pre-check: a local that receives an allocation and is afterwards never freed, returned, stored or passed to
    any call fails; the judge reads the C diff."""
    made = added_allocations(run, ALLOCATORS) or na("no allocation assigned on an added C line")
    lost = [f"{v.path}:{a.line}: {a.target}" for v, a in made if a.local and not a.handed_on]
    assert not lost, f"allocations never freed, returned, stored or passed on: {lost}"
    judge(c_diff=run.diff("**/*.[ch]"))
