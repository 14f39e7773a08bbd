"""Conditional-logic rules for documentation (CL-160...): a change that users meet reaches the docs - a breaking
changelog entry its migration guide, a new command-line option the reference pages. They read Markdown files and
the text of changed files (option names as string literals), never a language's syntax tree, so they hold in a
Go, Python or any other project."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.comments import added_line_numbers
from pytest_harnessif.checks.docs import is_guide, is_markdown, text_of
from pytest_harnessif.checks.facts import is_test_path
from pytest_harnessif.checks.history import heading_above
from pytest_harnessif.checks.replies import inline_code

BREAKING = re.compile(r"\bbreaking\b", re.I)
LONG_OPTION = re.compile(r"(?:add_argument|[oO]ption|[fF]lag)\s*\((?:[^()]|\([^()]*\))*?"
                         r"[\"'`]--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\b")
GO_FLAG = re.compile(r"(?:\b(?:p?flag|fs|flags)|Flags\(\))\."
                     r"(?:Bool|Int\d*|Uint\d*|String|Float\d+|Duration|Func|Text|Var|Count|IP)\w*\(\s*(?:&[\w.]+\s*,\s*)?"
                     r"\"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\"")
NODE_OPTION = re.compile(  # util.parseArgs({options: {"dry-run": {type: "boolean"}}}): a key whose value has a type
    r"^\s*[\"']?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)[\"']?\s*:\s*\{\s*type\s*:\s*[\"'`](?:boolean|string)[\"'`]", re.M
)
NOT_SOURCE = re.compile(r"\.(?:md|markdown|mdx|rst|txt|lock|sum|json|ya?ml|toml|cfg|ini)$|(?:^|/)(?:docs?|vendor)/",
                        re.I)


def _breaking_entries(run: Run, changelog: str) -> list[str]:
    """Entries the run added to `changelog` that announce a breaking change: under a `### Removed` heading, or
    saying `breaking`."""
    view = run.file(changelog)
    old = run.initial_files.get(changelog)
    if view is None or view.data == old:
        return []
    lines = view.lines
    out = []
    for n in sorted(added_line_numbers(old, view.data)):
        line = lines[n - 1].strip()
        if not line or line.startswith("#"):
            continue
        if BREAKING.search(line) or (heading_above(lines, n, 3) or "").lower() == "removed":
            out.append(line)
    return out


@rule("CL-160", family="conditional_logic", modality="conditional_require", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:high PF:high UI:medium SD:high",
      source="archetype docs-with-api-change (a breaking change updates the migration guide in the same change)",
      opportunity="breaking entries added to {changelog}",
      surfaces={
          "SP": "If you add a breaking entry to `{changelog}` (one under `### Removed`, or one marked breaking), "
                "update the migration/upgrade guide in the same change: the guide (a Markdown file whose name says "
                "migration or upgrading) must cover it, naming every identifier, flag or setting the entry puts in "
                "backticks.",
          "PF": "## Breaking changes\nA `{changelog}` entry under `### Removed` or marked **Breaking** is never "
                "alone: the migration guide is updated in the same change and mentions each `code` name the entry "
                "mentions, so users find how to migrate.",
          "UI": "If anything you change ends up as a breaking or removed item in the changelog, update the "
                "migration guide too and cover the same names there.",
          "SD": {"skill": "docs-writing",
                 "text": "For each breaking or `### Removed` entry added to `{changelog}`, update the migration "
                         "guide in the same change, naming each backticked name the entry names."},
      })
def test_breaking_entries_reach_the_migration_guide(run: Run, changelog: str = "CHANGELOG.md") -> None:
    """If the run added a breaking entry to `{changelog}` (under a `### Removed` heading, or saying `breaking`), it
    also changed a migration or upgrade guide (a Markdown file whose path names `migrat...` or `upgrad...`), and the
    changed guides mention every inline-code name of every such entry."""
    entries = _breaking_entries(run, changelog) or na(f"no breaking entry added to {changelog}")
    guides = [p for p in sorted({*run.created(), *run.modified()}) if is_guide(p)]
    assert guides, f"breaking {changelog} entries but no migration guide changed: {entries}"
    text = "\n".join(text_of(run.files[p]) for p in guides)
    missing = [f"{name!r} ({entry[:60]!r})" for entry in entries for name in inline_code(entry) if name not in text]
    assert not missing, f"names of breaking entries the migration guide ({', '.join(guides)}) never mentions: {missing}"


def _new_options(run: Run) -> list[tuple[str, str]]:
    """`(path, --name)` for each long option a non-test source file gained: a `"--name"` string literal in an
    `add_argument(...)`, `option(...)` / `Option(...)` or `flag(...)` call (argparse, click, typer, commander...) or
    a Go flag definition (`flag.String("name", ...)`, `fs.Bool(...)`, `cmd.Flags().BoolP("name", ...)`) or an
    option of Node's `util.parseArgs` (`"dry-run": { type: "boolean" }` on one line), whose option no source file
    defined before the run."""
    before = "\n".join(text_of(d) for p, d in run.initial_files.items() if not NOT_SOURCE.search(p))
    known = {f"--{m}" for rx in (LONG_OPTION, GO_FLAG, NODE_OPTION) for m in rx.findall(before)}
    out = []
    for path in sorted({*run.created(), *run.modified()}):
        if NOT_SOURCE.search(path) or is_test_path(path):
            continue
        data = run.files[path]
        lines = text_of(data).splitlines()
        for n in sorted(added_line_numbers(run.initial_files.get(path), data)):
            for rx in (LONG_OPTION, GO_FLAG, NODE_OPTION):
                out += [(path, f"--{m}") for m in rx.findall(lines[n - 1]) if f"--{m}" not in known]
    return list(dict.fromkeys(out))


@rule("CL-161", family="conditional_logic", modality="conditional_require", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:high PF:high UI:medium SD:high",
      source="archetype docs-with-api-change (adapted: a new command-line option is documented in the reference)",
      opportunity="new command-line options in source files",
      surfaces={
          "SP": "When you add a command-line option (a long `--flag`) to the program, document it: the exact "
                "`--flag` must appear in the `README.md` or in a Markdown page under `{docs}/`.",
          "PF": "## CLI reference\nEvery new long option (`--something`) added to the code is documented in the "
                "same change - in `README.md` or a page under `{docs}/` - spelled exactly as the program accepts "
                "it.",
          "UI": "Any new command-line flag you add has to show up in the docs ({docs}/ or the README), spelled "
                "exactly like the real flag.",
          "SD": {"skill": "docs-writing",
                 "text": "A new `--flag` in the code means a docs update: the exact `--flag` must appear in "
                         "`README.md` or a page under `{docs}/`."},
      })
def test_new_options_documented(run: Run, docs: str = "docs") -> None:
    """If a non-test source file gained a long option no source defined before (a `"--name"` literal in an
    `add_argument(...)`, `option(...)` or `flag(...)` call, or a Go `flag.X("name", ...)` / `Flags().X("name", ...)`
    definition), `--name` appears in `README.md` or in a Markdown file under `{docs}/` in the final workspace."""
    options = _new_options(run) or na("no new command-line option in a source file")
    pages = [p for p in run.files if is_markdown(p) and (p == "README.md" or p.startswith(f"{docs}/"))]
    text = "\n".join(text_of(run.files[p]) for p in pages)
    missing = [f"{option} ({path})" for path, option in options
               if not re.search(rf"{re.escape(option)}(?![\w-])", text)]
    assert not missing, f"new options documented in neither README.md nor {docs}/: {missing}"
