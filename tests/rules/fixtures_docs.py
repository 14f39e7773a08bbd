"""Fixtures of the documentation rules (CS-160..162, QT-160, WF-160..161, TU-160, OC-160, CL-160..161), played in a
small Go command-line project with a docs folder: the rules read Markdown, replies and commands, never Go's syntax.
Rules reading commands have behaviours written the three ways (`pytest_harnessif.fixtureways`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_harnessif import Run
from pytest_harnessif.fixtureways import Edit, Shell, TurnSpec, turn_of, ways
from pytest_harnessif.testing import make_run, tool, turn

from .families import family

BASE = {
    "go.mod": "module example.com/tally\n\ngo 1.19\n",
    "cmd/tally/main.go": 'package main\n\nimport "flag"\n\nvar jsonOut = flag.Bool("json", false, "print JSON")\n\n'
                         "func main() {\n\tflag.Parse()\n}\n",
    "cmd/tally/main_test.go": 'package main\n\nimport "testing"\n\nfunc TestMain(t *testing.T) {}\n',
    "README.md": "# tally\n\nCount rows in CSV files.\nSee the [CLI reference](docs/cli.md).\n",
    "docs/index.md": "# tally docs\n\n## Install\n\nBuild it with Go.\n",
    "docs/cli.md": "# CLI reference\n\n## Options\n\n- `--json` prints JSON.\n",
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n\n## 1.2.0\n\n### Added\n\n- JSON output.\n",
    "tools/check_docs.sh": "#!/bin/sh\n# checks relative links in docs/\nset -eu\n",
}
FENCE = "```"


def docs_run(changes: dict[str, str], reply: str = "Updated the docs.", base: dict[str, str] | None = None) -> Run:
    """One turn that writes `changes` (path -> new text) through the file tool."""
    initial = dict(BASE if base is None else base)
    final = {**initial, **changes}
    calls = [tool("write_file", path=p, content=t) for p, t in changes.items()]
    return make_run(initial=initial, final=final,
                    turns=[turn("Please update the docs for the new output mode.", reply, *calls,
                                intent="generate-docs",
                                files=final)])


def page(body: str, path: str = "docs/cli.md") -> Callable[[], Run]:
    """A run appending `body` to a page (`docs/cli.md` by default)."""
    return lambda: docs_run({path: BASE.get(path, "# Page\n") + body})


# --- CS-160: fences in docs carry a language -------------------------------------------------------------------------

TAGGED = f"\n## Example\n\n{FENCE}console\n$ tally --json rows.csv\n{FENCE}\n\n{FENCE}text\n3 rows\n{FENCE}\n"
UNTAGGED_OUTPUT = f"\n## Example\n\n{FENCE}console\n$ tally --json rows.csv\n{FENCE}\n\n{FENCE}\n3 rows\n{FENCE}\n"
OLD_BARE = {**BASE, "docs/index.md": BASE["docs/index.md"] + f"\n{FENCE}\ngo build ./cmd/tally\n{FENCE}\n"}


def _edit_in_old_bare_block() -> Run:
    """The run edits the body of an untagged block it did not write, and adds only prose."""
    new = (OLD_BARE["docs/index.md"].replace("go build ./cmd/tally", "go install ./cmd/tally")
           + f"\nThen test it.\n\n{FENCE}bash\ngo test ./...\n{FENCE}\n")
    return docs_run({"docs/index.md": new}, base=OLD_BARE)


# --- CS-161: relative links resolve ----------------------------------------------------------------------------------

GOOD_LINKS = ("\n## See also\n\n- [Installing](index.md#install)\n- [Options](#options)\n"
              "- [The changelog](../CHANGELOG.md) and [the tools](../tools/)\n- [Go](https://go.dev/doc/)\n"
              "\n[ref]: ./index.md\n")


def _links(line: str) -> Callable[[], Run]:
    return page(f"\n## See also\n\n{line}\n")


# --- CS-162: one sentence per line -----------------------------------------------------------------------------------

ONE_PER_LINE = ("\n## Output\n\nWith `--json`, tally prints one object per file.\n"
                "Fields are sorted, e.g. `rows` before `size`.\n| flag | meaning. Second |\n"
                "1. Run `tally a.csv`.\n")
TWO_ON_ONE = "\n## Output\n\nWith `--json`, tally prints one object per file.\nFields are sorted. Rows come first.\n"


# --- QT-160: migration sections show before and after ----------------------------------------------------------------

def _guide(*sections: str, path: str = "docs/migrating-to-2.md") -> Callable[[], Run]:
    return lambda: docs_run({path: "# Migrating to 2.0\n\n## Command line\n" + "".join(sections)})


def _section(title: str, *bodies: str) -> str:
    return f"\n### {title}\n\nWhat changed.\n" + "".join(f"\n{FENCE}bash\n{b}\n{FENCE}\n" for b in bodies)


RENAMED = _section("The json flag is now format", "tally --json a.csv", "tally --format=json a.csv")
DROPPED = _section("The quiet flag is gone", "tally -q a.csv", "tally a.csv 2>/dev/null")


# --- WF-160: docs checked after docs edits (three ways) --------------------------------------------------------------

NEW_CLI = BASE["docs/cli.md"] + "- `--format` picks `json` or `csv`.\n"
NEWER_CLI = NEW_CLI + "- `--quiet` prints nothing on success.\n"
DOCS_OK = Shell("sh tools/check_docs.sh", output="docs: 4 pages, 0 broken links")
DOCS_BROKEN = Shell("sh tools/check_docs.sh", output="docs/cli.md:7: broken link", exit_code=1)


def _docs_turns(*actions: Any) -> Callable[[], dict[str, Run]]:
    spec: TurnSpec = turn_of("The CLI page is missing the format option, please document it.",
                             "Documented `--format` in docs/cli.md.", *actions, intent="generate-docs")
    return lambda: ways([spec], BASE)


def _built_with(build: str) -> Callable[[], dict[str, Run]]:
    base = {**BASE, "mkdocs.yml": "site_name: tally\n"}
    spec = turn_of("Document the format option.", "Done.", Edit("docs/cli.md", NEW_CLI),
                   Shell(build, output="INFO - Documentation built in 0.31 seconds"), intent="generate-docs")
    return lambda: ways([spec], base)


def _second_turn_unchecked() -> dict[str, Run]:
    first = turn_of("Document the format option.", "Documented it.", Edit("docs/cli.md", NEW_CLI), DOCS_OK,
                    intent="generate-docs")
    second = turn_of("Also the quiet flag, please.", "Documented `--quiet` too.", Edit("docs/cli.md", NEWER_CLI),
                     intent="generate-docs")
    return ways([first, second], BASE)


def _rendered_then_checked(check: Shell) -> Callable[[], dict[str, Run]]:
    render = Shell("python tools/render_cli.py > /dev/null", writes={"docs/cli.md": NEW_CLI})
    spec = turn_of("Regenerate the CLI page.", "Regenerated docs/cli.md.", render, check, intent="generate-docs")
    return lambda: ways([spec], {**BASE, "tools/render_cli.py": "print('cli')\n"})


def _code_only_turns() -> dict[str, Run]:
    spec = turn_of("Add a quiet flag.", "Added `--quiet`.",
                   Edit("cmd/tally/main.go", BASE["cmd/tally/main.go"] + "\nvar quiet = true\n"),
                   Shell("go vet ./...", output=""))
    return ways([spec], BASE)


# --- TU-160: shell examples were run (three ways) --------------------------------------------------------------------

EXAMPLES = (BASE["docs/cli.md"] + f"\n## Examples\n\n{FENCE}console\n$ tally --format=json rows.csv\n"
            '{"rows": 3}\n' + f"{FENCE}\n\n{FENCE}bash\n# totals of every file\ntally --sum \\\n  data/*.csv\n"
            f"{FENCE}\n")


def _examples_turns(*runs: Shell) -> Callable[[], dict[str, Run]]:
    spec = turn_of("Add usage examples to the CLI page.", "Added two examples to docs/cli.md.",
                   Edit("docs/cli.md", EXAMPLES), *runs, intent="generate-docs")
    return lambda: ways([spec], {**BASE, "data/a.csv": "x\n1\n", "rows.csv": "x\n1\n2\n3\n"})


def _variables_example(*runs: Shell) -> Callable[[], dict[str, Run]]:
    """An example that sets a variable on its own line and uses it on the next, run as written."""
    text = BASE["docs/cli.md"] + f"\n## One file\n\n{FENCE}bash\nfile='rows.csv'\ntally --sum \"$file\"\n{FENCE}\n"
    spec = turn_of("Show how to total one file.", "Added an example.", Edit("docs/cli.md", text), *runs,
                   intent="generate-docs")
    return lambda: ways([spec], {**BASE, "rows.csv": "x\n1\n2\n3\n"})


def _cd_example() -> dict[str, Run]:
    text = BASE["docs/cli.md"] + f"\n## Totals\n\n{FENCE}sh\ncd data && tally --sum a.csv\n{FENCE}\n"
    spec = turn_of("Show how to total a folder.", "Added an example.", Edit("docs/cli.md", text),
                   Shell("cd /workspace/data && tally --sum a.csv 2>&1", output="1"), intent="generate-docs")
    return ways([spec], {**BASE, "data/a.csv": "x\n1\n"})


RAN_JSON = Shell("tally --format=json rows.csv", output='{"rows": 3}')
RAN_SUM = Shell("tally --sum data/*.csv", output="1")


# --- OC-160: the reply names the changed pages -----------------------------------------------------------------------

def _two_pages(reply: str, base: dict[str, str] | None = None) -> Callable[[], Run]:
    return lambda: docs_run({"docs/cli.md": NEW_CLI, "CHANGELOG.md": BASE["CHANGELOG.md"].replace(
        "## Unreleased\n", "## Unreleased\n\n### Added\n\n- `--format` option.\n")}, reply, base)


def _code_turn_only() -> Run:
    final = {**BASE, "cmd/tally/main.go": BASE["cmd/tally/main.go"] + "\n// quiet mode\n"}
    return make_run(initial=BASE, final=final, turns=[
        turn("Add a comment.", "Added a comment in cmd/tally/main.go.",
             tool("write_file", path="cmd/tally/main.go", content=final["cmd/tally/main.go"]), files=final)])


# --- CL-160: breaking entries reach the migration guide --------------------------------------------------------------

def _breaking(entry: str, heading: str = "### Removed", guide: str | None = None, changelog: str = "CHANGELOG.md"
              ) -> Callable[[], Run]:
    def build() -> Run:
        changes = {changelog: BASE["CHANGELOG.md"].replace("## Unreleased\n",
                                                           f"## Unreleased\n\n{heading}\n\n- {entry}\n")}
        if guide is not None:
            changes["docs/upgrading.md"] = f"# Upgrading\n\n## To 2.0\n\n{guide}\n"
        return docs_run(changes)

    return build


# --- CL-161: new command-line options are documented -----------------------------------------------------------------

def _option(code: str, docs: dict[str, str], path: str = "cmd/tally/main.go") -> Callable[[], Run]:
    return lambda: docs_run({path: BASE.get(path, "") + code, **docs})


GO_OPTION = '\nvar format = flag.String("format", "text", "output format")\n'
CLI_WITH_FORMAT = {"docs/cli.md": NEW_CLI}
NODE_OPTIONS = ("const { values } = parseArgs({\n  options: {\n    'dry-run': { type: 'boolean', short: 'n' },\n"
                "  },\n});\n")

FIXTURES: dict[str, dict[str, list[Any]]] = {
    "CS-160": {
        "pass": [page(TAGGED), _edit_in_old_bare_block],  # an old untagged block edited is not the run's
        "fail": [page(UNTAGGED_OUTPUT), page("\n~~~\nsum\n~~~\n", "README.md")],
        "na": [page("\nMore prose, no code.\n"), lambda: docs_run({"cmd/tally/main.go": "package main\n"})],
    },
    "CS-161": {
        "pass": [page(GOOD_LINKS), _links("- [Install notes](../docs/index.md#install)")],
        "fail": [_links("- [Installing](index.md#installation)"),  # the heading is `Install`
                 _links("- [Config](config.md)"),
                 _links("[Options](#option)")],
        "na": [_links("- [Go](https://go.dev/doc/) and [mail](mailto:a@b.c)"),
               _links("- `[not a link](nowhere.md)` in code")],
    },
    "CS-162": {
        "pass": [page(ONE_PER_LINE)],
        "fail": [page(TWO_ON_ONE), page("\n- Use `--json`. It is faster.\n")],
        "na": [page(f"\n## Example\n\n{FENCE}text\nOne. Two. Three.\n{FENCE}\n"),
               lambda: docs_run({"cmd/tally/main.go": "package main\n"})],
    },
    "QT-160": {
        "pass": [_guide(RENAMED, DROPPED), _guide(RENAMED, path="UPGRADING.md"),
                 lambda: docs_run({"MIGRATION.md": "# Migrating\n\n## Overview\n\nVersion 2 renames a flag.\n"
                                                   + RENAMED})],  # a framing section needs no code
        "fail": [_guide(RENAMED, _section("The quiet flag is gone", "tally -q a.csv")),
                 _guide(_section("Same twice", "tally a.csv", "tally a.csv")),  # identical blocks count once
                 _guide(RENAMED, "\n## Config file\n\nThe config file moved to the XDG folder.\n")],
        "na": [page(RENAMED), _breaking("`--quiet` was removed.")],  # no guide changed
    },
    "WF-160": {
        "pass": [*family("wf160_checked_after_edit", _docs_turns(Edit("docs/cli.md", NEW_CLI), DOCS_OK)),
                 *family("wf160_mkdocs_build", _built_with("mkdocs build --strict")),
                 *family("wf160_script_edit_then_check", _rendered_then_checked(DOCS_OK))],
        "fail": [*family("wf160_checked_before_last_edit", _docs_turns(
                     Edit("docs/cli.md", NEW_CLI), DOCS_OK, Edit("docs/cli.md", NEWER_CLI))),
                 *family("wf160_check_broken", _docs_turns(Edit("docs/cli.md", NEW_CLI), DOCS_BROKEN)),
                 *family("wf160_mkdocs_serve", _built_with("mkdocs serve --help")),
                 *family("wf160_go_doc_prints_docs", _built_with("go doc ./cmd/tally")),
                 *family("wf160_second_turn_unchecked", _second_turn_unchecked),
                 *family("wf160_generator_is_no_check", _rendered_then_checked(Shell("python tools/gen_docs.py")))],
        "na": [*family("wf160_code_only", _code_only_turns)],
    },
    "WF-161": {
        "pass": [page("\n## Limits\n\nFiles over 2 GiB are streamed.\nThe `TODO` column is read as text.\n"),
                 page("\n## Todo lists\n\nA todo list exported as CSV counts one row per item.\n")],
        "fail": [page("\n## Limits\n\nTBD: document the size limit.\n"),
                 page("\n<!-- TODO: screenshots -->\n"),
                 page("\n## Plugins\n\nComing soon.\n")],
        "na": [lambda: docs_run({"cmd/tally/main.go": BASE["cmd/tally/main.go"] + "// TODO: plugins\n"})],
    },
    "TU-160": {
        "pass": [*family("tu160_examples_ran", _examples_turns(RAN_JSON, RAN_SUM)),
                 *family("tu160_cd_example_ran_from_workspace", _cd_example),
                 *family("tu160_variable_set_then_used", _variables_example(
                     Shell("file='rows.csv'\ntally --sum \"$file\"", output="6")))],
        "fail": [*family("tu160_one_example_not_run", _examples_turns(RAN_JSON)),
                 *family("tu160_example_failed", _examples_turns(
                     RAN_SUM, Shell("tally --format=json rows.csv", output="unknown flag", exit_code=2))),
                 *family("tu160_variable_set_but_its_use_not_run", _variables_example(
                     Shell("file='rows.csv'; wc -l \"$file\"", output="4 rows.csv"))),
                 *family("tu160_other_spelling_ran", _examples_turns(
                     RAN_SUM, Shell("tally --format json rows.csv", output='{"rows": 3}')))],
        "na": [page(f"\n{FENCE}json\n{{\"rows\": 3}}\n{FENCE}\n")],
    },
    "OC-160": {
        "pass": [_two_pages("Documented `--format` in `docs/cli.md` and added a CHANGELOG.md entry."),
                 _two_pages("Updated cli.md and CHANGELOG.md.")],  # unique file names are enough
        "fail": [_two_pages("Documented `--format` in docs/cli.md."),
                 _two_pages("Updated cli.md and CHANGELOG.md.",  # `cli.md` is ambiguous here
                            {**BASE, "docs/v1/cli.md": "# Old CLI\n"})],
        "na": [_code_turn_only],
    },
    "CL-160": {
        "pass": [_breaking("`--quiet` was removed; use `2>/dev/null`.",
                           guide="`--quiet` is gone: redirect stderr with `2>/dev/null`."),
                 _breaking("**Breaking:** `--json` is now `--format=json`.", heading="### Changed",
                           guide="Replace `--json` with `--format=json`.")],
        "fail": [_breaking("`--quiet` was removed; use `2>/dev/null`."),
                 _breaking("**Breaking:** `--json` is now `--format=json`.", heading="### Changed",
                           guide="Replace `--json` with the new format flag.")],
        "na": [_breaking("`--format` picks the output.", heading="### Added"),
               _breaking("`--quiet` was removed.", changelog="docs/CHANGES.md")],
    },
    "CL-161": {
        "pass": [_option(GO_OPTION, CLI_WITH_FORMAT),
                 _option('parser.add_argument("--since", help="only rows after DATE")\n',
                         {"docs/export.md": "# Export\n\nUse `--since 2024-01-01` to filter.\n"},
                         path="tools/export.py"),
                 _option(NODE_OPTIONS, {"README.md": "Run `sizes --dry-run` first.\n"}, path="bin/sizes.mjs")],
        "fail": [_option(GO_OPTION, {}),
                 _option(NODE_OPTIONS, {}, path="bin/sizes.mjs"),
                 _option(GO_OPTION, {"docs/cli.md": BASE["docs/cli.md"] + "- `--formats` lists formats.\n"}),
                 _option(GO_OPTION, {"CHANGELOG.md": BASE["CHANGELOG.md"] + "- `--format`\n"})],
        "na": [_option('\nvar again = flag.Bool("json", true, "")\n', {}),  # not a new option
               _option(GO_OPTION, {}, path="cmd/tally/format_test.go"),
               _option('\nvar log = exec.Command("git", "--no-pager", "log")\n', {}),  # runs git, defines nothing
               # a subcommand's flag set is named, not defined as an option; looking a flag up defines none
               _option('\nvar sortCmd = flag.NewFlagSet("sort", flag.ExitOnError)\nvar f = fs.Lookup("json")\n', {})],
    },
}
