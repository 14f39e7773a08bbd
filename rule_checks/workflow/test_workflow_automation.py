"""Workflow rules for automation (WF-130, WF-131): shell scripts the run changes go through shellcheck before the
reply, and new scripts are made executable. Both read the agent's commands (`checks.shell`: direct runs, `find
-exec`, `xargs`, the lint tool, and task runners or lint scripts followed through the repository's files) against
the scripts the run wrote (`checks.shellcode`)."""

from __future__ import annotations

import fnmatch
import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks import bash, shellcode
from pytest_harnessif.checks.command import edit_positions, numbered_calls
from pytest_harnessif.checks.projectfiles import Project
from pytest_harnessif.checks.shell import Segment, SimpleCommand, parse, project_of, segments
from pytest_harnessif.checks.workspace import repo_path

SHELLS = frozenset({"sh", "bash", "dash", "zsh"})
LINTER_VALUED = frozenset({"-s", "-e", "-f", "-S", "-o", "-P", "-i", "-W", "-C", "--shell", "--exclude", "--format",
                           "--severity", "--enable", "--include", "--source-path", "--rcfile", "--color"})
STOPS = frozenset({"--help", "-h", "--version", "-V"})
MAX_DEPTH = 6
FINDING = re.compile(r"\bSC\d{4}\b")


def _here(cwd: str | None) -> str | None:
    """A command's directory relative to the repository root (`/workspace` is the root), None when unknown."""
    if cwd is None:
        return None
    inside = repo_path(cwd)
    return None if inside is None else "" if inside == "." else inside


def _entry_lines(cmd: SimpleCommand, project: Project, here: str) -> list[str]:
    """The command lines a task-runner entry, a package script, a repository script or `pre-commit` runs."""
    argv, name = cmd.argv, cmd.program
    runners = project.runners(here)
    operands = [a for a in argv[1:] if not a.startswith("-") and "=" not in a]
    if name == "make":
        todo, lines, seen = operands or [runners.make_default], [], set()
        while todo:
            target = todo.pop()
            if target in seen or (recipe := runners.make.get(target)) is None:
                continue
            seen.add(target)
            lines += recipe.lines
            todo += recipe.deps
        return lines
    if name in ("npm", "pnpm", "yarn", "bun"):
        script = operands[1] if operands[:1] == ["run"] and len(operands) > 1 else operands[0] if operands else ""
        return [runners.scripts[script]] if script in runners.scripts else []
    if name == "just":
        return [line for o in operands[:1] for line in (runners.just.get(o).lines if o in runners.just else ())]
    if name == "pre-commit":
        config = project.text(".pre-commit-config.yaml") or ""
        return ["shellcheck"] if "run" in operands and re.search(r"id:\s*shellcheck\b", config) else []
    script = operands[0] if name in SHELLS and operands else argv[0]
    text = project.text(bash.join(here, script))
    return [text] if text is not None and shellcode.is_script(script, text.encode()) else []


def _runs_linter(cmd: SimpleCommand, project: Project, linter: str, depth: int = 0) -> bool:
    """Whether `cmd` runs `linter`, itself or through what it runs (a make target, a package script, a lint script
    the repository holds, pre-commit's shellcheck hook)."""
    if depth > MAX_DEPTH or STOPS & set(cmd.argv[1:]):
        return False
    if cmd.program == linter:
        return True
    here = _here(cmd.cwd)
    if here is None:
        return False
    return any(_runs_linter(inner, project, linter, depth + 1)
               for line in _entry_lines(cmd, project, here) for inner in parse(line, project))


def _covers(cmd: SimpleCommand, linter: str, paths: set[str]) -> bool:
    """Whether a run of the linter checks all of `paths`: it is run through a runner or script (the project's whole
    lint), reads its file list from a pipe (`xargs`) or from `find -exec` (`{}`), or names each path or a glob
    matching it."""
    if cmd.program != linter:
        return True
    operands, args = [], cmd.argv[1:]
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in LINTER_VALUED:
            skip = True
        elif not arg.startswith("-"):
            operands.append(arg)
    if not operands or any("{}" in o or "$" in o or "`" in o for o in operands):
        return True
    here = _here(cmd.cwd)
    named = [repo_path(bash.join(here, o)) if here is not None else o for o in operands]
    return all(any(n is not None and fnmatch.fnmatch(p, n) for n in named) for p in paths)


def _clean(seg: Segment) -> bool:
    """A linter run known to be clean: it succeeded, or its line exited 0 and printed no shellcheck finding (`SCnnnn`)
    although the run's own status was hidden (`shellcheck a.sh | head`, `... || true`)."""
    cmd = seg.command
    return seg.succeeded or (cmd.exit_code == 0 and not cmd.timed_out and not FINDING.search(cmd.output))


@rule("WF-130", languages=("shell",), family="workflow", modality="conditional_require", prior="against",
      method="command_output", observability="behavioral", universality="cross-coding",
      fit="SP:medium PF:high UI:medium TD:medium",
      source="archetype lint-format-before-commit (adapted: shellcheck on every shell change before the reply)",
      opportunity="a turn that creates or changes a shell script",
      surfaces={
          "SP": "Whenever you create or change a shell script in a turn, run `{linter}` on it after your last edit "
                "of that turn (directly, or through `{task:lint}` when that runs it) and fix what it reports until "
                "it exits 0, before you reply.",
          "PF": "## Shell changes\nAny turn that touches a shell script ends with a clean `{linter}` run over it "
                "(after the last edit; `{task:lint}` counts when it runs {linter}). Don't hand back scripts "
                "{linter} hasn't passed.",
          "UI": "Whenever you change one of the shell scripts, run {linter} on it afterwards and get it clean "
                "before you get back to me.",
          "TD": {"tool": "bash",
                 "text": "After you create or change a shell script, run `{linter} <script>` with this tool (after "
                         "your last edit of the turn) and fix what it reports until it exits 0 before replying."},
      })
def test_shellcheck_after_shell_changes(run: Run, linter: str = "shellcheck") -> None:
    """Every turn that creates or changes a shell script runs `{linter}` over those scripts after its last edit of
    one (directly with their paths or a glob, through `xargs` or `find -exec`, or through a make target, package
    script, lint script or pre-commit hook that runs it), and that run is clean: it exits 0, or its line exits 0 and
    prints no `SCnnnn` finding where a pipe or `|| true` hides its own status."""
    turn_of = {order: turn for order, turn, _ in numbered_calls(run)}
    project = project_of(run)
    touched = {t.index: paths for t in run.turns if (paths := {
        p for p in run.changed_in_turn(t.index)
        if (data := run.files_after_turn(t.index).get(p)) is not None and shellcode.is_script(p, data)})}
    touched = touched or na("no turn created or changed a shell script")
    scripts = set().union(*touched.values())
    positions = edit_positions(run, keep=scripts.__contains__)
    segs = segments(run)
    bad = []
    for index, paths in sorted(touched.items()):
        last = max((p for p in positions if turn_of[p[0]] == index), default=(-1, -1))
        runs = [s for s in segs if s.command.turn == index and s.position > last
                and _runs_linter(s, project, linter) and _covers(s, linter, paths)]
        if not any(_clean(s) for s in runs):
            shown = [f"{s.where} (exit {s.command.exit_code})" for s in runs] or "none"
            bad.append(f"turn {index} changed {sorted(paths)}; {linter} runs over them after the last edit: {shown}")
    assert not bad, f"shell changes without a clean {linter} run before the reply: {bad}"


# --- new scripts ----------------------------------------------------------------------------------------------------

OCTAL = re.compile(r"^[0-7]{3,4}$")
SYMBOLIC_X = re.compile(r"^[ugoa]*[+=][rwxXst]*x")


def _makes_executable(mode: str) -> bool:
    """`+x`, `u+x`, `a+rx`, `u=rwx`, or an octal mode whose owner digit has the execute bit (`755`, `0700`)."""
    if OCTAL.match(mode):
        return int(mode[-3]) % 2 == 1
    return any(SYMBOLIC_X.match(part) and not part.startswith(("g", "o")) for part in mode.split(","))


def _chmodded(cmd: SimpleCommand) -> list[str]:
    """The paths (or globs) a command makes executable: `chmod +x`, `chmod 755`, `git update-index --chmod=+x`,
    `git add --chmod=+x`, `install -m 755 SRC DEST`."""
    argv = cmd.argv
    if cmd.program == "chmod":
        words = [a for a in argv[1:] if not a.startswith("-")]  # `-x` takes the bit away: no mode that adds it
        return words[1:] if words and _makes_executable(words[0]) else []
    if cmd.program == "git" and cmd.git is not None and cmd.git[0] in ("update-index", "add"):
        args = cmd.git[1]
        return [a for a in args if not a.startswith("-")] if "--chmod=+x" in args else []
    if cmd.program == "install" and "-m" in argv[1:-1]:
        mode = argv[argv.index("-m") + 1]
        return argv[-1:] if _makes_executable(mode) else []
    return []


@rule("WF-131", languages=("shell",), family="workflow", modality="require", prior="neutral",
      method="command_output", observability="behavioral", universality="cross-coding",
      fit="SP:medium PF:high UI:medium TD:medium",
      source="curated: new scripts start with a shebang and are committed executable",
      opportunity="a shell script created",
      surfaces={
          "SP": "Every new shell script you create starts with a shebang line (`#!/usr/bin/env bash` or "
                "`#!/bin/sh`) and is made executable in the repository (`chmod +x` it, or `git update-index "
                "--chmod=+x`), so it runs as `./path/to/script`.",
          "PF": "## New scripts\nNew scripts need a shebang (`#!/usr/bin/env bash`) and the executable bit: "
                "`chmod +x` them (git records the mode). Files you only `source` are exempt.",
          "UI": "Any new script you add: shebang at the top and chmod +x it, please.",
          "TD": {"tool": "write_file",
                 "text": "This tool cannot set file modes: a new shell script you write with it needs a shebang "
                         "line and a `chmod +x` afterwards through bash."},
      })
def test_new_scripts_executable(run: Run) -> None:
    """Every shell script the run creates (a sourced library without a shebang aside) starts with a `#!` line naming
    a shell and is made executable by a command that succeeded (`chmod +x`/`755` on it or a glob matching it, `git
    update-index --chmod=+x`, `git add --chmod=+x`, `install -m 755`)."""
    new = [v for v in shellcode.changed_scripts(run, runnable=True) if v.path not in run.initial_files]
    new = new or na("no shell script created")
    made = set()
    for seg in segments(run):
        here = _here(seg.cwd)
        if seg.succeeded:
            made |= {repo_path(bash.join(here, p)) if here is not None else p for p in _chmodded(seg)}
    bad = []
    for view in new:
        if shellcode.shebang_shell(view.data) is None:
            bad.append(f"{view.path}: no shebang")
        if not any(m is not None and fnmatch.fnmatch(view.path, m) for m in made):
            bad.append(f"{view.path}: never made executable")
    assert not bad, f"new scripts without a shebang or the executable bit: {bad}"
