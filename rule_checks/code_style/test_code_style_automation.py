"""Code-style rules for automation (CS-130...CS-135): the shell scripts, CI workflows, Makefiles and crontabs a run
writes. Shell checks read the scripts' syntax trees (`checks.shellcode`, tree-sitter-bash: comments, quoted text and
heredoc bodies are never code) and are n/a when no shell script changed; the others read the lines the run added
to a workflow, a Makefile or a crontab."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks import cron, shellcode, syntax
from pytest_harnessif.checks.comments import added_line_numbers
from pytest_harnessif.checks.project import is_makefile
from pytest_harnessif.checks.projectfiles import MAKE_RULE
from pytest_harnessif.evidence import FileView

POSIX_SHELLS = frozenset({"sh", "dash"})
EXPANSIONS = ("simple_expansion", "expansion", "command_substitution")


def _added(run: Run, view: FileView) -> set[int]:
    return added_line_numbers(run.initial_files.get(view.path), view.data)


def _scripts_or_na(run: Run, runnable: bool = False) -> list[FileView]:
    return shellcode.changed_scripts(run, runnable) or na("no shell script created or changed")


@rule("CS-130", languages=("shell",), family="code_style", modality="require", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium TD:medium",
      source="curated: shell scripts fail fast (`set -euo pipefail`), as shell style guides ask",
      opportunity="a shell script created or changed",
      surfaces={
          "SP": "Every shell script you create or change turns on strict mode at the top, before its first command: "
                "{options:code-and} (`set -euo pipefail`, or the same options spelled out with `set -o`). A POSIX "
                "`#!/bin/sh` script, which has no pipefail, needs the others (`set -eu`).",
          "PF": "## Shell scripts\nEvery script starts in strict mode: {options:code-and} on before the first "
                "command (`set -euo pipefail`; `set -eu` in a `#!/bin/sh` script). Scripts you only source "
                "(functions, no shebang) are exempt.",
          "UI": "Any shell script you write or touch should start with set -euo pipefail (set -eu for plain sh).",
          "TD": {"tool": "write_file",
                 "text": "When the file is a shell script, turn on {options:code-and} at its top (`set -euo "
                         "pipefail`; `set -eu` for a `#!/bin/sh` script) before any command runs."},
      })
def test_shell_scripts_strict_mode(run: Run, options: tuple[str, ...] = ("errexit", "nounset", "pipefail")) -> None:
    """Every shell script the run creates or changes (sourced libraries aside) turns on {options:code-and} before
    its first command, through `set` or its shebang's flags (`pipefail` is not asked of a `sh`/`dash` script)."""
    scripts = _scripts_or_na(run, runnable=True)
    bad = {}
    for view in scripts:
        wanted = set(options) - ({"pipefail"} if shellcode.shebang_shell(view.data) in POSIX_SHELLS else set())
        if missing := sorted(wanted - shellcode.strict_options(view.data)):
            bad[view.path] = missing
    assert not bad, f"scripts without strict mode before their first command (file: options missing): {bad}"


@rule("CS-131", languages=("shell",), family="code_style", modality="require", prior="against", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium TD:medium",
      source="curated: quote every expansion in shell scripts (shellcheck SC2086)",
      opportunity="a variable expansion or command substitution on a line added to a shell script",
      surfaces={
          "SP": "In shell scripts, every variable expansion and command substitution you write is double-quoted "
                "where bash would split it: `\"$file\"`, `\"${{dir}}/out\"`, `\"$@\"`, `\"$(git rev-parse HEAD)\"` as "
                "command arguments and `[ ]` operands (inside `[[ ]]`, in assignments and as redirect targets it "
                "may stay bare).",
          "PF": "## Quoting\nQuote every expansion in scripts: `\"$var\"`, `\"${{var}}\"`, `\"$@\"`, `\"$(cmd)\"` "
                "whenever it is a command argument or a `[ ]` operand (shellcheck's SC2086). Only `$#`, `$?` and "
                "friends may stay bare.",
          "UI": "Please quote your variables in the shell scripts - \"$var\" not $var, and \"$@\".",
          "TD": {"tool": "edit_file",
                 "text": "In shell scripts, double-quote every expansion you add that is a command argument or "
                         "a `[ ]` operand (`\"$var\"`, `\"$(cmd)\"`, `\"$@\"`)."},
      })
def test_shell_expansions_quoted(run: Run) -> None:
    """Every expansion (`$x`, `${{x}}`, `$(cmd)`) on a line the run added to a shell script is double-quoted wherever
    bash would split and glob it, as shellcheck's SC2086 reads it: command arguments and `[ ]` operands (`[[ ]]`,
    assignments, redirect targets, `case` subjects, `for` lists and numeric specials such as `$#` are exempt)."""
    scripts = _scripts_or_na(run)
    seen, bad = False, []
    for view in scripts:
        added = _added(run, view)
        seen = seen or any(syntax.line(n) in added for n in syntax.nodes("bash", view.data, *EXPANSIONS))
        bad += [f"{view.path}:{e.line}: {e.text}" for e in shellcode.unquoted_expansions(view.data) if e.line in added]
    if not seen:
        na("no expansion on a line added to a shell script")
    assert not bad, f"unquoted expansions bash would split: {bad}"


@rule("CS-132", languages=("shell",), family="code_style", modality="forbid", prior="neutral", method="ast",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="archetype forbidden-api (adapted: fixed temporary paths in scripts; mktemp instead)",
      opportunity="lines added to a shell script",
      surfaces={
          "SP": "Shell scripts you write never use a fixed temporary path (`/tmp/build.log`, `$TMPDIR/out`, "
                "`/tmp/run.$$`): create temporary files and directories with `mktemp` / `mktemp -d` and keep the "
                "name in a variable.",
          "PF": "## Temporary files\nNo hard-coded `/tmp/...` (or `$TMPDIR/...`) names in scripts: two runs would "
                "collide. Use `tmp=\"$(mktemp)\"` / `mktemp -d` and clean up with a `trap`.",
          "UI": "In the scripts, use mktemp for temp files please - no fixed /tmp/whatever paths.",
      })
def test_shell_temp_files_via_mktemp(run: Run) -> None:
    """No line the run added to a shell script names a fixed file under `/tmp`, `/var/tmp` or `$TMPDIR` (as an
    argument, a redirect target or an assigned value); `mktemp`'s template and `-p` directory are fine."""
    scripts = _scripts_or_na(run)
    added = {view.path: _added(run, view) for view in scripts}
    if not any(added.values()):
        na("no line added to a shell script")
    bad = [f"{view.path}:{line}: {word}" for view in scripts for line, word in shellcode.fixed_temp_paths(view.data)
           if line in added[view.path]]
    assert not bad, f"fixed temporary paths instead of mktemp: {bad}"


# --- CI workflows ---------------------------------------------------------------------------------------------------

USES = re.compile(r"""^\s*(?:-\s+)?uses:\s*["']?(?P<ref>[^"'\s#]+)""")
FULL_SHA = re.compile(r"@[0-9a-f]{40}$")


def _is_workflow(path: str) -> bool:
    return cron.is_workflow(path) or path.rsplit("/", 1)[-1] in ("action.yml", "action.yaml")


@rule("CS-133", family="code_style", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="curated: third-party GitHub Actions pinned to a full commit SHA (supply-chain hardening)",
      opportunity="a `uses:` of a remote action added to a GitHub workflow",
      surfaces={
          "SP": "Every third-party action or reusable workflow you add to a GitHub workflow is pinned to a full "
                "40-character commit SHA (`uses: owner/action@<sha> # v2.3.1`), never a tag or branch; only "
                "actions of {trusted:code-or} and local `./` actions may use a tag.",
          "PF": "## CI workflows\nPin third-party actions to a full commit SHA with the version in a comment "
                "(`uses: owner/action@<40-hex sha> # v1.2.0`). Tags and branches are allowed only for "
                "{trusted:code-or}-owned actions.",
          "UI": "If you add actions to the CI workflow, pin the third-party ones to a full commit sha, not a tag "
                "({trusted:or} actions are fine with a tag).",
      })
def test_workflow_actions_pinned(run: Run, trusted: tuple[str, ...] = ("actions", "github")) -> None:
    """Every `uses:` the run adds to a GitHub workflow or action file that names a remote action of an owner other
    than {trusted:code-or} ends in `@` and a full 40-hex commit SHA (local `./` actions and `docker://` images
    aside)."""
    added = []
    for view in run.changed():
        if _is_workflow(view.path):
            numbers = _added(run, view)
            added += [(view.path, i, hit["ref"]) for i, line in enumerate(view.text.splitlines(), 1)
                      if i in numbers and (hit := USES.match(line)) and not hit["ref"].startswith(("./", "docker://"))]
    added = added or na("no remote action added to a GitHub workflow")
    bad = [f"{path}:{line}: {ref}" for path, line, ref in added
           if ref.split("/", 1)[0] not in trusted and not FULL_SHA.search(ref)]
    assert not bad, f"third-party actions not pinned to a full commit SHA: {bad}"


# --- Makefiles ------------------------------------------------------------------------------------------------------

PLAIN_TARGET = re.compile(r"^[A-Za-z0-9_-]+$")


def _makefile_rules(text: str) -> list[tuple[int, list[str], list[str]]]:
    """`(line, targets, recipe lines)` of each rule of a Makefile (continuation lines joined in the recipe)."""
    out: list[tuple[int, list[str], list[str]]] = []
    for i, raw in enumerate(text.splitlines(), 1):
        if raw.startswith("\t") and out:
            out[-1][2].append(raw.strip())
            continue
        rule_line = MAKE_RULE.match(raw.split("#", 1)[0].rstrip())
        if rule_line and not raw.startswith((" ", "\t")):
            out.append((i, rule_line.group(1).split(), [rule_line.group(3) or ""]))
    return out


def _makes_file(target: str, recipe: list[str]) -> bool:
    """A recipe that writes its target: `$@`, or the name after `-o`, `>`, `touch` or `mkdir -p`."""
    text = "\n".join(recipe)
    name = re.escape(target)
    return "$@" in text or bool(re.search(rf"(?:-o\s*|>\s*|touch\s+|mkdir\s+-p\s+)(?:\./)?{name}(?:\s|$)", text))


@rule("CS-134", family="code_style", modality="require", prior="neutral", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="curated: Makefile targets that make no file are declared .PHONY",
      opportunity="a Makefile target added whose recipe makes no file of its name",
      surfaces={
          "SP": "Every Makefile target you add that does not build a file of its own name (`test`, `lint`, "
                "`deploy`, `clean`...) is listed in a `.PHONY:` line of that Makefile.",
          "PF": "## Makefile\nCommand targets (`lint`, `release`, `clean`...) must be declared `.PHONY`; only "
                "targets that build a file of their name may be left out.",
          "UI": "Any make target you add that doesn't build a file should go in .PHONY.",
      })
def test_makefile_targets_phony(run: Run) -> None:
    """Every plain-named target (no `.`, `/`, `%` or variable) the run adds to a Makefile, whose recipe does not
    write its own name (`$@`, `-o name`, `> name`, `touch name`...), is a prerequisite of `.PHONY` in that file."""
    found = []
    for view in run.changed():
        if not is_makefile(view.path):
            continue
        rules = _makefile_rules(view.text)
        phony = {n for line in re.sub(r"\\\n", " ", view.text).splitlines() if line.startswith(".PHONY")
                  for n in line.split(":", 1)[1].split("#", 1)[0].split()}
        numbers = _added(run, view)
        found += [(view.path, line, t, t in phony) for line, targets, recipe in rules if line in numbers
                  for t in targets if PLAIN_TARGET.match(t) and not _makes_file(t, recipe)]
    found = found or na("no Makefile target added that makes no file")
    bad = [f"{path}:{line}: {target}" for path, line, target, declared in found if not declared]
    assert not bad, f"targets that make no file, not declared .PHONY: {bad}"


# --- crontabs -------------------------------------------------------------------------------------------------------

GENERIC = frozenset({"opt", "usr", "bin", "local", "srv", "var", "etc", "home", "root", "dev", "null", "tmp", "scripts",
                     "script", "bash", "the", "and", "for", "with", "run", "runs", "cron", "job", "jobs", "every",
                     "this", "that", "entry", "line", "command", "does", "daily", "nightly", "weekly", "hourly"})


def _terms(text: str) -> set[str]:
    """The words of three letters or more in `text` that say something (paths' generic parts left out)."""
    return {w for w in re.findall(r"[a-z]{3,}", text.lower()) if w not in GENERIC}


def _same_stem(a: str, b: str) -> bool:
    """`rotate`/`rotation`, `backup`/`backups`, `log`/`logs`: a shared prefix of four letters, or the whole
    shorter word."""
    n = min(4, len(a), len(b))
    return a[:n] == b[:n]


def _comment_above(lines: list[str], at: int) -> str:
    """The text of the block of `#` lines directly above line `at` (0-based), commented-out entries left out."""
    out: list[str] = []
    i = at - 1
    while i >= 0 and lines[i].lstrip().startswith("#"):
        body = lines[i].lstrip().lstrip("#")
        if not cron.ENTRY.match(body):
            out.insert(0, body)
        i -= 1
    return " ".join(out)


@rule("CS-135", family="code_style", modality="require", prior="against", method="cross_file",
      observability="structural", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="archetype comments-explain-why (adapted: every crontab entry says what it runs for)",
      opportunity="a crontab entry added",
      surfaces={
          "SP": "Every crontab entry you add has its own comment line directly above it saying what the job does, "
                "in at least {min_words} words that name what it runs (`# Prune build caches older than a week` "
                "above `... prune-cache.sh`); a shared comment over several entries does not count.",
          "PF": "## Cron\nEach crontab line gets a `#` comment right above it, {min_words}+ words, saying what "
                "the job does (name the job: `# Rotate shop logs` over `rotate-logs.sh`). No bare schedule lines.",
          "UI": "For anything you add to the crontab, put a short comment above each line saying what the job "
                "does ({min_words} words at least).",
      })
def test_crontab_entries_commented(run: Run, min_words: int = 3) -> None:
    """Every crontab entry (five schedule fields or `@daily`-style, in `crontab`, `*.cron`, `cron.d/`) the run adds
    has directly above it a comment of at least {min_words} words that names what it runs: a word sharing its stem
    with a word of the entry's command (`rotate` for `rotate-logs.sh`; paths' generic parts such as `opt`, `bin`,
    `scripts` do not count, nor do commented-out entries)."""
    found = []
    for view in run.changed():
        if cron.is_crontab(view.path):
            lines, numbers = view.text.splitlines(), _added(run, view)
            found += [(view.path, i + 1, _comment_above(lines, i), entry["command"]) for i, line in enumerate(lines)
                      if i + 1 in numbers and (entry := cron.ENTRY.match(line))]
    found = found or na("no crontab entry added")
    bad = []
    for path, line, comment, command in found:
        words = re.findall(r"[A-Za-z][A-Za-z'-]*", comment)
        if len(words) < min_words:
            bad.append(f"{path}:{line}: {len(words)} words above it")
        elif not any(_same_stem(a, b) for a in _terms(comment) for b in _terms(command)):
            bad.append(f"{path}:{line}: the comment names nothing `{command}` does")
    assert not bad, f"crontab entries without a comment of {min_words}+ words saying what they run: {bad}"
