"""checks/shellcode: shell scripts read as code — which files are scripts, the facts every language gives (through
`checks.code` too), and what the shell rules ask: strict mode, unquoted expansions (where shellcheck's SC2086 looks),
fixed temporary paths and flags that change what runs."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks import code, shellcode
from pytest_harnessif.evidence import FileView

SCRIPT = b"""#!/usr/bin/env bash
# Deploy the site.
set -euo pipefail

DRY_RUN=0
case "${1:-}" in --dry-run) DRY_RUN=1 ;; esac

deploy() {
  local target=$1
  if [[ $DRY_RUN == 1 ]]; then echo "would copy to $target"; return; fi
  rsync -a site/ "$target" && echo done
}

[ -d site ] || { echo "no site/" >&2; exit 2; }
deploy "web@shop:/srv/site"
"""


@pytest.mark.parametrize(("path", "head", "script"), [
    ("scripts/a.sh", b"echo hi\n", True), ("bin/release", b"#!/usr/bin/env bash\n", True),
    ("bin/tool", b"#!/bin/sh -e\n", True), ("bin/job", b"#!/usr/bin/env -S bash -e\n", True),
    ("bin/fishy", b"#!/usr/bin/fish\n", False), ("tests/a.bats", b"#!/usr/bin/env bats\n", False),
    ("tools/lint.py", b"#!/usr/bin/env python3\n", False), ("README.md", b"# sh\n", False)])
def test_scripts_by_extension_or_shebang(path: str, head: bytes, script: bool) -> None:
    assert shellcode.is_script(path, head) is script


def test_shell_is_a_language_the_checks_read_but_not_a_neutral_one() -> None:
    assert code.language("scripts/deploy.sh") == "shell"
    assert "shell" not in code.NEUTRAL
    view = FileView("scripts/deploy.sh", SCRIPT)
    assert [c.body for c in code.comments(view)] == ["Deploy the site."]
    assert [(d.name, d.complexity, d.depth) for d in code.definitions(view)] == [("deploy", 3, 1)]
    assert [(r.error, r.has_message) for r in code.raises(view)] == [("exit 2", True)]
    assert {b.name for b in code.bindings(view)} == {"DRY_RUN", "deploy", "target"}
    assert "rsync" in {c.callee for c in code.calls(view)}


def test_sourced_libraries_run_nothing() -> None:
    assert shellcode.is_library(b"# helpers\nlog() { echo \"$*\" >&2; }\nROOT=/srv\n")
    assert shellcode.is_library(b'# shellcheck shell=bash\n. "$ROOT/lib/common.sh"\ntest_a() { :; }\n')
    assert not shellcode.is_library(b"log() { :; }\nlog start\n")
    assert not shellcode.is_library(b"#!/bin/sh\nlog() { :; }\n")


@pytest.mark.parametrize(("text", "options"), [
    (b"#!/bin/bash\nset -euo pipefail\necho\n", {"errexit", "nounset", "pipefail"}),
    (b"#!/bin/bash\nreadonly A=1\nset -o errexit -o nounset\nset -o pipefail\n", {"errexit", "nounset", "pipefail"}),
    (b"#!/bin/bash -e\necho\nset -u\n", {"errexit"}),
    (b"#!/bin/bash\nmain() {\n  local a\n  set -eu\n}\nmain \"$@\"\n", {"errexit", "nounset"}),
    (b"#!/bin/bash\nset +e\n", set())])
def test_strict_options_before_the_first_command(text: bytes, options: set[str]) -> None:
    assert shellcode.strict_options(text) == options


def test_unquoted_expansions_where_bash_splits_them() -> None:
    text = (b'x=$1\necho $x "$x" ${y} "$(ls $d)" $# ${#arr[@]}\n[ -z $x ]\n[[ -z $x ]]\nfor f in $list; do :; done\n'
            b'date > $log\ncase $x in a) ;; esac\n')
    assert [(e.line, e.text) for e in shellcode.unquoted_expansions(text)] == [
        (2, "$x"), (2, "${y}"), (2, "$d"), (3, "$x")]


def test_fixed_temporary_paths_but_not_mktemp_templates() -> None:
    text = (b'a=/tmp/out.txt\nb="$(mktemp /tmp/x.XXXXXX)"\nmktemp -p /tmp\ncp f "${TMPDIR:-/tmp}/f.log"\n'
            b'echo hi > /tmp/run.$$\ncd /tmp\n# see /tmp/notes\n')
    assert shellcode.fixed_temp_paths(text) == [(1, "/tmp/out.txt"), (4, "${TMPDIR:-/tmp}/f.log"),
                                                (5, "/tmp/run.$$")]


def test_a_flag_counts_when_code_outside_its_branch_reads_it() -> None:
    assert shellcode.handles_flag(SCRIPT, "--dry-run")
    assert not shellcode.handles_flag(SCRIPT, "--force")
    ignored = b'case "$1" in --dry-run) DRY=1 ;; esac\nrsync -a site/ web:/srv/\n'
    assert not shellcode.handles_flag(ignored, "--dry-run")
