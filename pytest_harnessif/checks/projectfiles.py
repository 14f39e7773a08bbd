"""A repository's files as the command reader needs them: the task runners each directory defines — `Makefile`
targets, `package.json` scripts, `justfile` recipes, `Taskfile.yml` tasks, `tox.ini` environments, `noxfile.py`
sessions — and the scripts a command may run (`sh tools/ci.sh`, a script written by a heredoc earlier in the line).
Each directory is read on first use."""

from __future__ import annotations

import configparser
import json
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml

MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
"""The names GNU make reads, in the order it looks for them."""


@dataclass(frozen=True)
class Recipe:
    """A task-runner entry: the entries it depends on and the command lines it runs."""

    deps: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Runners:
    """The task runners one directory defines (`make_includes`: the Makefile includes others, so a target it lacks
    may still exist)."""

    make: Mapping[str, Recipe] = field(default_factory=dict)
    make_default: str = ""
    make_includes: bool = False
    scripts: Mapping[str, str] = field(default_factory=dict)
    just: Mapping[str, Recipe] = field(default_factory=dict)
    tasks: Mapping[str, Recipe] = field(default_factory=dict)
    tox: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    tox_envlist: tuple[str, ...] = ()
    nox_sessions: tuple[str, ...] = ()
    has_makefile: bool = False


class Project:
    """A repository's files (paths relative to its root; a script a line wrote may sit at an absolute path). An
    empty project knows no runner, so only names speak."""

    def __init__(self, files: Mapping[str, bytes] | None = None) -> None:
        self.files = files or {}
        self._runners: dict[str, Runners] = {}

    def runners(self, cwd: str | None) -> Runners:
        """The runners defined in `cwd` (relative to the root; an absolute or unknown directory has none)."""
        if cwd is None or cwd.startswith("/"):
            return Runners()
        if cwd not in self._runners:
            self._runners[cwd] = _read_runners(self.files, cwd)
        return self._runners[cwd]

    def text(self, path: str) -> str | None:
        """A file's text by the path a command gives (joined with its directory already), if the project has it."""
        data = self.files.get(posixpath.normpath(path).removeprefix("./"))
        return None if data is None else data.decode(errors="replace")

    def with_files(self, extra: Mapping[str, str]) -> Project:
        """This project with files a command line writes before it runs them."""
        if not extra:
            return self
        return Project({**self.files, **{posixpath.normpath(p): t.encode() for p, t in extra.items()}})


EMPTY = Project()


def _read_runners(files: Mapping[str, bytes], cwd: str) -> Runners:
    def text(*names: str) -> str | None:
        for name in names:
            data = files.get(posixpath.join(cwd, name) if cwd else name)
            if data is not None:
                return data.decode(errors="replace")
        return None

    makefile = text(*MAKEFILES)
    make, default = makefile_targets(makefile or "")
    envs, envlist = tox_envs(text("tox.ini"))
    return Runners(make, default, bool(re.search(r"^-?include\s", makefile or "", re.M)),
                   package_scripts(text("package.json")),
                   justfile_recipes(text("justfile", "Justfile", ".justfile") or ""),
                   taskfile_tasks(text("Taskfile.yml", "Taskfile.yaml", "taskfile.yml")), envs, envlist,
                   nox_sessions(text("noxfile.py")), makefile is not None)


MAKE_RULE = re.compile(r"^([A-Za-z0-9_.%/${}()-][^:=#\t]*?)\s*::?(?!=)\s*([^=#;]*?)\s*(?:;\s*(.*))?$")
MAKE_ASSIGN = re.compile(r"^\s*(?:override\s+|export\s+)?([A-Za-z_][\w.-]*)\s*(?::{1,3}|\?|\+|!)?=\s*(.*)$")


def makefile_targets(text: str) -> tuple[dict[str, Recipe], str]:
    """A Makefile's targets (recipe lines with `@`/`-`/`+` dropped and simple variables expanded, `$(MAKE)` as
    `make`) and its default target (the first one that is not special)."""
    variables: dict[str, str] = {}
    targets: dict[str, Recipe] = {}
    default, current = "", []
    for raw in re.sub(r"\\\n", " ", text).splitlines():
        if raw.startswith("\t") and current:
            line = _expand(raw.strip().lstrip("@-+").strip(), variables)
            for name in current:
                targets[name] = Recipe(targets[name].deps, (*targets[name].lines, line))
            continue
        stripped = raw.split("#", 1)[0].rstrip()
        assigned = MAKE_ASSIGN.match(stripped)
        if assigned and ":" not in stripped.split("=", 1)[0].rstrip(":+?!"):
            variables.setdefault(assigned.group(1), assigned.group(2).strip())
            current = []
            continue
        rule = MAKE_RULE.match(stripped)
        if rule is None:
            current = [] if stripped else current
            continue
        names = [n for n in rule.group(1).split() if not n.startswith(".")]
        deps = tuple(d for d in rule.group(2).split() if not d.startswith("|"))
        inline = (_expand(rule.group(3).strip(), variables),) if rule.group(3) else ()
        for name in names:
            old = targets.get(name, Recipe())
            targets[name] = Recipe((*old.deps, *deps), (*old.lines, *inline))
        default = default or next((n for n in names if "%" not in n), "")
        current = names
    return targets, default


def _expand(line: str, variables: Mapping[str, str], depth: int = 0) -> str:
    """Make variables (`$(X)`, `${X}`) replaced by their values; `$$` becomes `$`."""

    def sub(hit: re.Match[str]) -> str:
        name = hit.group(1) or hit.group(2)
        if name == "MAKE":
            return "make"
        return _expand(variables[name], variables, depth + 1) if name in variables and depth < 5 else hit.group(0)

    return re.sub(r"\$\(([\w.-]+)\)|\$\{([\w.-]+)\}", sub, line).replace("$$", "$")


def package_scripts(text: str | None) -> dict[str, str]:
    """The `scripts` of a package.json (none when it does not parse)."""
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        return {}
    scripts = data.get("scripts") if isinstance(data, dict) else None
    return {k: v for k, v in scripts.items() if isinstance(v, str)} if isinstance(scripts, dict) else {}


def justfile_recipes(text: str) -> dict[str, Recipe]:
    """A justfile's recipes: their dependencies and indented lines."""
    recipes: dict[str, Recipe] = {}
    current = ""
    for raw in text.splitlines():
        if raw[:1] in (" ", "\t") and current and raw.strip():
            recipe = recipes[current]
            recipes[current] = Recipe(recipe.deps, (*recipe.lines, raw.strip().lstrip("@-")))
            continue
        hit = re.match(r"^@?([A-Za-z_][\w-]*)(?:\s+[^:=]*)?\s*:(?!=)\s*(.*)$", raw)
        if hit:
            current = hit.group(1)
            recipes[current] = Recipe(tuple(re.findall(r"[A-Za-z_][\w-]*", hit.group(2))))
        elif raw.strip():
            current = ""
    return recipes


def taskfile_tasks(text: str | None) -> dict[str, Recipe]:
    """The tasks of a go-task `Taskfile.yml`: their `deps` and `cmds` (a `task:` entry of `cmds` as `task NAME`)."""
    try:
        data = yaml.safe_load(text) if text else None
    except yaml.YAMLError:
        return {}
    tasks = data.get("tasks") if isinstance(data, dict) else None
    if not isinstance(tasks, dict):
        return {}
    out = {}
    for name, task in tasks.items():
        body = {"cmds": task} if isinstance(task, list) else task if isinstance(task, dict) else {}
        cmds = []
        for c in body.get("cmds", []) or []:
            if isinstance(c, str):
                cmds.append(c)
            elif isinstance(c, dict) and (c.get("cmd") or c.get("task")):
                cmds.append(str(c.get("cmd") or f"task {c['task']}"))
        deps = [d if isinstance(d, str) else str(d.get("task", "")) for d in body.get("deps", []) or []
                if isinstance(d, str | dict)]
        out[str(name)] = Recipe(tuple(d for d in deps if d), tuple(cmds))
    return out


def tox_envs(text: str | None) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """A tox.ini's environments with their commands (`[testenv]` as `*`), and its `envlist`."""
    if not text:
        return {}, ()
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
    except configparser.Error:
        return {}, ()
    envs = {}
    for section in parser.sections():
        if section == "testenv" or section.startswith("testenv:"):
            commands = parser.get(section, "commands", fallback="")
            envs[section.removeprefix("testenv").lstrip(":") or "*"] = tuple(
                line.strip() for line in commands.splitlines() if line.strip())
    envlist = re.split(r"[\s,]+", parser.get("tox", "envlist", fallback="").strip())
    return envs, tuple(e for e in envlist if e)


def nox_sessions(text: str | None) -> tuple[str, ...]:
    """The sessions a noxfile runs by default (`nox.options.sessions = [...]`)."""
    hit = re.search(r"nox\.options\.sessions\s*=\s*[\[(]([^\])]*)[\])]", text or "")
    return tuple(re.findall(r"[\"']([^\"']+)[\"']", hit.group(1))) if hit else ()
