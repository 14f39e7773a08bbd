"""Which commands run tests, linters, formatters and type checkers, in every ecosystem the panel and real agents
use, and the task runners and scripts that stand for them.

`classify(argv, project, cwd)` reads one command's words (wrappers already skipped, see `checks.bash`; `argv[0]` as
written) into an `Activity`: whether it runs tests, whether it lints (a linter, type checker or formatter), whether it
rewrites files doing so, and the runner that decided. Task runners — `make`, `just`, `task`, `npm`/`pnpm`/`yarn`/`bun`
/`composer` scripts, `tox` environments, `nox` sessions — are followed into what their recipe or script runs when the
`Project` holds the file that defines it (`checks.projectfiles`); without it, the entry's name speaks (`make test`,
`npm run lint`). Shell scripts the project holds (or the line wrote) are read as commands too. Commands that run
another command — `docker run`/`exec`, `docker compose exec`, `valgrind`, `git bisect run` — are read through. Options
that make a tool run nothing (`--help`, `--version`, `--collect-only`, `cargo test --no-run`, `-DskipTests`,
`ctest -N`) make it no run.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from . import bash
from .projectfiles import EMPTY, Project, Recipe
from .toolnames import LINT_TOOLS, TEST_TOOLS

NOTHING_RUNS = frozenset({"--help", "-h", "--version", "-V", "--collect-only", "--co", "--fixtures", "--markers",
                          "--listTests", "--showConfig", "--no-run", "-DskipTests", "-Dmaven.test.skip=true",
                          "--list-tests", "--clearCache", "--print-config", "--list", "--init"})
STOPS_FOR = {"ctest": frozenset({"-N", "--show-only"}), "bats": frozenset({"--count", "-c"}),
             "go": frozenset({"-list"})}
KEEPS_RUNNING = {"ctest": frozenset({"-V"}), "mvn": frozenset({"-V"}), "mvnw": frozenset({"-V"})}
"""Options of `NOTHING_RUNS` that mean something else to one tool: `ctest -V` is verbose, `mvn -V` shows the version
and builds."""
PYTHONS = re.compile(r"^(?:python(?:\d+(?:\.\d+)*)?|py|pypy\d*)$")
PY_MODULE_TOOLS = {"pytest": "pytest", "py.test": "pytest", "unittest": "unittest", "nose": "nose", "nose2": "nose2",
                   "tox": "tox", "nox": "nox", "coverage": "coverage", "django": "django", "trial": "trial"}
TEST_NAME = re.compile(r"^(?:tests?|check|unit|unittests?|e2e|integration|spec|specs|tests?[:_-].+|.+[:_-]tests?"
                       r"|.+[:_-](?:unit|e2e|spec)|test-all|all-tests)$", re.I)
SCRIPT_TEST_NAME = re.compile(r"^(?:tests?|unit|e2e|spec|tests?[:_-].+|.+[:_-]tests?|.+[:_-](?:unit|e2e|spec))$", re.I)
STRONG_TEST_NAME = re.compile(r"^(?:tests?|unittests?|tests?[:_-].+|.+[:_-]tests?|e2e|integration)$", re.I)
LINT_NAME = re.compile(r"^(?:lint|lints|linter|linting|fmt|format|style|typecheck|type-?check|types|typing|mypy|"
                       r"check[:_-]?(?:format|fmt|style|types|lint)|(?:format|fmt)[:_-]?check|lint[:_-].+|.+[:_-]lint|"
                       r"flake8|pylint|ruff|eslint|prettier|black|isort|clippy|vet|static|analy[sz]e|pre-commit)$",
                       re.I)
NOT_TESTS = frozenset({"docs", "doc", "build", "dev", "release", "publish", "clean", "serve", "deploy", "bump",
                       "changelog", "sdist", "wheel", "package", "install", "venv", "shell", "coverage-report"})
TEST_SCRIPT = re.compile(r"(?:^|/)(?:test_[^/]*|[^/]*_test|[^/]*\.(?:test|spec)|run_?tests?|run-tests?|runtests"
                         r"|tests?)\.(?:py|sh|bash|js|mjs|cjs|ts|rb)$|(?:^|/)(?:bin|script|scripts)/tests?$"
                         r"|(?:^|/)tests?/run(?:[_-]?all)?\.(?:sh|py|js)$")
TEST_BINARY = re.compile(r"(?:^|/)(?:tests?|unit_?tests?|[^/.]*_tests?|test_[^/.]+|tests?/[^/.]+)$")
TEST_DIR = re.compile(r"(?:^|/)(?:tests?|__tests__|spec|specs|testing)/")
LINT_SCRIPT = re.compile(  # lint, lint-shell, lint_docs, kiln_lint, run-lint, check_style, format-check
    r"(?:^|/)(?:lint(?:[_-]\w+)?|\w+[_-]lint|check[_-]?style|format[_-]?check)(?:\.\w+)?$"
)
PY_TEST_FILE = re.compile(r"(?:^|/)(?:test_[^/]*|[^/]*_test)\.py$")
SHELL_SCRIPT = re.compile(r"\.(?:sh|bash)$")
SHEBANG = re.compile(r"^#!.*\b(?:ba|z|da|k)?sh\b")
INTERPRETERS = frozenset({"node", "sh", "bash", "dash", "zsh", "ruby", "perl", "deno", "tsx", "ts-node"})
SCRIPT_RUNNERS = frozenset({"hatch", "pdm"})  # `hatch run NAME` / `pdm run NAME` may run a script of that name
NPM_COMMANDS = frozenset({"install", "i", "ci", "add", "remove", "rm", "uninstall", "update", "up", "publish", "pack",
                          "init", "create", "link", "unlink", "audit", "outdated", "ls", "list", "view", "info",
                          "config", "cache", "exec", "dlx", "why", "store", "import", "rebuild", "prune", "dedupe",
                          "version", "login", "logout", "whoami", "set", "workspace", "workspaces", "help", "x",
                          "patch", "env", "bin", "root", "fetch", "install-test", "it", "setup", "node", "require"})
RUNNER_VALUED = {
    "make": frozenset({"-C", "-f", "--file", "--directory", "-j", "--jobs", "-l", "-o", "-W", "-I"}),
    "just": frozenset({"-f", "--justfile", "-d", "--working-directory", "--set"}),
    "task": frozenset({"-d", "--dir", "-t", "--taskfile", "-o", "--output"}),
    "npm": frozenset({"-w", "--workspace", "--prefix", "-C"}),
    "pnpm": frozenset({"-F", "--filter", "-C", "--dir", "-w", "--workspace"}),
    "yarn": frozenset({"--cwd", "-C"}),
    "bun": frozenset({"--cwd", "-F", "--filter"}),
    "composer": frozenset({"-d", "--working-dir"}),
    "docker": frozenset({"-v", "--volume", "-w", "--workdir", "-e", "--env", "--env-file", "--name", "-p",
                         "--publish", "--network", "--net", "-u", "--user", "--entrypoint", "--mount", "-l", "--label",
                         "--platform", "--cpus", "-m", "--memory", "--add-host", "--hostname", "-h", "--pull",
                         "--cidfile", "--device", "--gpus", "--ulimit", "--tmpfs", "--shm-size", "--ipc", "-f",
                         "--file", "-c", "--context", "-H", "--host", "--project-name", "--profile"}),
    "valgrind": frozenset(),
}
MAX_DEPTH = 6


@dataclass(frozen=True)
class Activity:
    """What one command does for a project's checks: runs tests, lints (a linter, type checker or formatter), rewrites
    files while linting, whether all its linting is a formatter's, the runner that decided (`pytest`, `make check`),
    and whether that runner is the project's own entry (a task-runner target, package script, tox environment,
    script or `pre-commit` hooks) rather than a tool deciding on its own."""

    tests: bool = False
    lint: bool = False
    fixes: bool = False
    runner: str = ""
    formatter: bool = False
    own: bool = False

    def __or__(self, other: Activity) -> Activity:
        formatter = (self.formatter or not self.lint) and (other.formatter or not other.lint)
        return Activity(self.tests or other.tests, self.lint or other.lint, self.fixes or other.fixes,
                        self.runner or other.runner, formatter and (self.lint or other.lint), self.own or other.own)

    @property
    def any(self) -> bool:
        return self.tests or self.lint

    @property
    def rewrites_only(self) -> bool:
        """A formatter rewriting files, no check run (`black .`, `ruff format`, `prettier --write`)."""
        return self.lint and self.fixes and self.formatter

    def named(self, runner: str) -> Activity:
        """This activity as the project entry `runner` decides it."""
        return Activity(self.tests, self.lint, self.fixes, runner, self.formatter, own=True) if self.any else NONE


NONE = Activity()
Reader = Callable[[str, tuple[str, ...], Project, "str | None", int], Activity]


def classify(argv: Iterable[str], project: Project = EMPTY, cwd: str | None = "", depth: int = 0,
             wrappers: tuple[str, ...] = ()) -> Activity:
    """What running `argv` does (wrappers already skipped; `wrappers` are the words skipped): see `Activity`."""
    argv = tuple(argv)
    if not argv or depth > MAX_DEPTH:
        return NONE
    path, args = argv[0].replace("\\", "/"), argv[1:]
    name = bash.command_name(path)
    if DISPATCH.get(name) is not _through and _stops(name, args):
        return NONE
    if wrappers[-2:-1] and bash.command_name(wrappers[-2]) in SCRIPT_RUNNERS and "/" not in path:
        named = _tool(name, args) if name in TEST_TOOLS | LINT_TOOLS else _by_name(name)
        return named.named(f"{bash.command_name(wrappers[-2])} run {name}")
    if PYTHONS.match(name):
        return _python(args, project, cwd, depth)
    if name in INTERPRETERS:
        return _interpreter(name, args, project, cwd, depth)
    if name == "coverage":
        return _python(args[1:], project, cwd, depth) if args[:1] == ("run",) else NONE
    if name in DISPATCH:  # `bun` among them: its scripts, `bun test`, `bun run X`
        return DISPATCH[name](name, args, project, cwd, depth)
    if name in TEST_TOOLS or name in LINT_TOOLS:
        return _tool(name, args)
    return _script(path, args, project, cwd, depth)


def _stops(name: str, args: Iterable[str]) -> bool:
    """An option that makes the tool run nothing (`--help`, `--version`, `--collect-only`, `--no-run`, `ctest -N`;
    not `ctest -V` nor `mvn -V`)."""
    own, keeps = STOPS_FOR.get(name, frozenset()), KEEPS_RUNNING.get(name, frozenset())
    return any((a in NOTHING_RUNS and a not in keeps) or a in own or a.startswith("--collect-only") for a in args)


def _tool(name: str, args: tuple[str, ...]) -> Activity:
    """A test tool or a linter/formatter/type checker run directly."""
    if name == "django-admin":
        return Activity(tests=True, runner="django-admin test") if args[:1] == ("test",) else NONE
    if name == "playwright":
        return Activity(tests=True, runner="playwright test") if args[:1] == ("test",) else NONE
    if name in TEST_TOOLS:
        return NONE if name in ("jest", "vitest") and args[:1] == ("list",) else Activity(tests=True, runner=name)
    return _lint(name, args)


LINT_SUBCOMMANDS = {"biome": frozenset({"check", "lint", "format", "ci"}), "pre-commit": frozenset({"run"}),
                    "golangci-lint": frozenset({"run"}), "php-cs-fixer": frozenset({"fix", "check"})}
CHECK_FLAGS = frozenset({"--check", "--diff", "--check-only", "-l", "--list-different", "-d", "--dry-run", "-n",
                         "--Werror"})
FORMATTERS = frozenset({"black", "isort", "autopep8", "yapf", "prettier", "gofmt", "goimports", "rustfmt", "shfmt",
                        "clang-format", "dprint", "php-cs-fixer"})
FIXES_UNLESS_CHECKING = frozenset({"black", "isort", "autopep8", "yapf", "dprint", "rustfmt", "php-cs-fixer"})
FIXES_WITH = {  # tools that rewrite files only when given one of these flags
    "prettier": frozenset({"--write", "-w"}), "gofmt": frozenset({"-w"}), "goimports": frozenset({"-w"}),
    "shfmt": frozenset({"-w", "--write"}), "clang-format": frozenset({"-i"}),
    "biome": frozenset({"--write", "--apply", "--apply-unsafe", "--fix"}),
}


def _lint(name: str, args: tuple[str, ...]) -> Activity:
    if name in ("tsc", "vue-tsc"):
        return Activity(lint=True, runner=f"{name} --noEmit") if "--noEmit" in args else NONE
    words = [a for a in args if not a.startswith("-")]
    if name == "ruff":
        return _ruff(args, words)
    subs = LINT_SUBCOMMANDS.get(name)
    if subs and (not words or words[0] not in subs):
        return NONE
    given = set(args)
    if name in FIXES_WITH:
        fixes = bool(FIXES_WITH[name] & given)
    elif name in FIXES_UNLESS_CHECKING:
        fixes = not CHECK_FLAGS & given
    else:
        fixes = "--fix" in given or "--fix-only" in given
    return Activity(lint=True, fixes=fixes, runner=name, formatter=name in FORMATTERS, own=name == "pre-commit")


def _ruff(args: tuple[str, ...], words: list[str]) -> Activity:
    """`ruff check` (also plain `ruff .`), `ruff format`; other subcommands (`ruff rule`, `ruff clean`) lint
    nothing."""
    if words[:1] and words[0] in ("rule", "config", "linter", "version", "clean", "server", "analyze"):
        return NONE
    sub = "format" if words[:1] == ["format"] else "check"
    fixes = "--fix" in args if sub == "check" else not CHECK_FLAGS & set(args)
    return Activity(lint=True, fixes=fixes, runner=f"ruff {sub}", formatter=sub == "format")


# --- interpreters and scripts --------------------------------------------------------------------------------------


def _python(args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """`python [options] -m MODULE ...`, `python SCRIPT ...`, `python -c ...`."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "-m" and i + 1 < len(args):
            return _module(args[i + 1], args[i + 2 :], project, cwd, depth)
        if arg.startswith("-m") and len(arg) > 2:
            return _module(arg[2:], args[i + 1 :], project, cwd, depth)
        if arg in ("-c", "-"):
            return NONE
        if not arg.startswith("-"):
            return _python_script(arg, args[i + 1 :], project, cwd, depth)
        i += 2 if arg in ("-X", "-W", "-Q") else 1
    return NONE


def _module(module: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    tool = PY_MODULE_TOOLS.get(module)
    if _stops(module, args):
        return NONE
    if tool == "pytest":
        return Activity(tests=True, runner="pytest")
    if tool in ("unittest", "nose", "nose2", "trial"):
        return Activity(tests=True, runner=tool)
    if tool == "coverage":
        return _python(args[1:], project, cwd, depth + 1) if args[:1] == ("run",) else NONE
    if tool == "django":
        return Activity(tests=True, runner="django test") if args[:1] == ("test",) else NONE
    if tool in ("tox", "nox"):
        return classify((tool, *args), project, cwd, depth + 1)
    return _tool(module, args) if module in LINT_TOOLS else NONE


def _python_script(script: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    base = posixpath.basename(script.replace("\\", "/"))
    if base == "manage.py":
        return Activity(tests=True, runner="manage.py test") if args[:1] == ("test",) else NONE
    if base in ("runtests.py", "run_tests.py", "run-tests.py"):
        return Activity(tests=True, runner=base)
    return _script(script, args, project, cwd, depth)


def _interpreter(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """`node --test`, `node SCRIPT`, `sh SCRIPT`, `deno test`, `deno lint`, `deno fmt`."""
    if name == "node":
        if "--test" in args or any(a.startswith("--test=") for a in args):
            return Activity(tests=True, runner="node --test")
        if args[:1] and "node_modules/.bin/" in args[0]:
            return classify(args, project, cwd, depth + 1)
    if name == "deno":
        if args[:1] == ("test",):
            return Activity(tests=True, runner="deno test")
        if args[:1] in (("lint",), ("fmt",)):
            return Activity(lint=True, fixes=args[0] == "fmt" and "--check" not in args, runner=f"deno {args[0]}",
                            formatter=args[0] == "fmt")
        return NONE
    script = next((a for a in args if not a.startswith("-")), "")
    return _script(script, args[args.index(script) + 1 :] if script else (), project, cwd, depth) if script else NONE


def _script(path: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """A script or binary run directly or through an interpreter: a shell script the project holds is read as
    commands; otherwise its name speaks (a test file or runner script, a test binary under a test directory, a
    lint script)."""
    normal = path.replace("\\", "/")
    if not normal:
        return NONE
    text = project.text(bash.join(cwd, normal)) if cwd is not None else None
    if text is not None and (SHELL_SCRIPT.search(normal) or SHEBANG.match(text)):
        found = _resolve_lines((text,), project, cwd, depth)
        if found.any:
            return found.named(normal)
    if LINT_SCRIPT.search(re.sub(r"\.\w+$", "", normal)):
        return Activity(lint=True, runner=normal, own=True)
    if PY_TEST_FILE.search(normal) and not TEST_DIR.search(normal):
        return NONE  # an agent's ad-hoc check (`python test_fix.py`), not the project's suite
    if TEST_SCRIPT.search(normal) or ("/" in normal and TEST_BINARY.search(normal)):
        return Activity(tests=True, runner=normal, own=True)
    return NONE


# --- task runners --------------------------------------------------------------------------------------------------


def _options(name: str, args: tuple[str, ...]) -> tuple[list[str], dict[str, str]]:
    """A runner's operands (options and their values left out; everything after `--` kept) and the valued options
    given."""
    valued = RUNNER_VALUED.get(name, frozenset())
    words, given, i = [], {}, 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            words += ["--", *args[i + 1 :]]
            break
        if arg in valued and i + 1 < len(args):
            given[arg] = args[i + 1]
            i += 2
            continue
        if arg.startswith("-"):
            key, _, val = arg.partition("=")
            given[key] = val
        else:
            words.append(arg)
        i += 1
    return words, given


def _by_name(entry: str, scripts: bool = False) -> Activity:
    """What a task-runner entry's name promises (`test`, `test:unit`, and for make-like runners `check`, run tests;
    `lint`, `fmt` lint); `scripts` for package.json-like scripts, where `check` or `ci` promise nothing."""
    tests = bool((SCRIPT_TEST_NAME if scripts else TEST_NAME).match(entry))
    lint = bool(LINT_NAME.match(entry))
    return Activity(tests, lint, False, entry) if tests or lint else NONE


def _resolve_lines(lines: Iterable[str], project: Project, cwd: str | None, depth: int) -> Activity:
    """What a recipe's or script's command lines run."""
    found = NONE
    for line in lines:
        for simple in bash.read(line):
            where = bash.join(cwd, simple.cwd) if cwd is not None and simple.cwd is not None else None
            found = found | classify((simple.path, *simple.argv[1:]), project, where, depth + 1, simple.wrappers)
    return found


def _entry(kind: str, entry: str, recipe: tuple[str, ...] | None, deps: Iterable[Activity], project: Project,
           cwd: str | None, depth: int, scripts: bool = False) -> Activity:
    """A task-runner entry: resolved through its recipe (and dependencies) when the project defines it, else by its
    name; a strong test name (`test`, `test:unit`) runs tests whatever its recipe looks like."""
    if recipe is None:
        return _by_name(entry, scripts).named(f"{kind} {entry}")
    resolved = _resolve_lines(recipe, project, cwd, depth)
    for dep in deps:
        resolved = resolved | dep
    if STRONG_TEST_NAME.match(entry):
        resolved = resolved | Activity(tests=True)
    return resolved.named(f"{kind} {entry}")


def _make(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    if any(a in ("-n", "--dry-run", "--just-print", "-q", "--question", "-p") for a in args):
        return NONE
    words, given = _options("make", args)
    directory = given.get("-C", given.get("--directory", ""))
    here = bash.join(cwd, directory) if cwd is not None else None
    runners = project.runners(here)
    targets = [w for w in words if "=" not in w] or ([runners.make_default] if runners.make_default else [])
    known = runners.has_makefile and not runners.make_includes  # else `make: *** No rule to make target`
    found = NONE
    for target in targets:
        found = found | _target("make", target, runners.make, known, project, here, depth)
    return found


def _target(kind: str, entry: str, table: Mapping[str, Recipe], known: bool, project: Project, cwd: str | None,
            depth: int, seen: frozenset[str] = frozenset()) -> Activity:
    """A make target, just recipe or go-task task through its recipe and, at any depth, its dependencies' (`known`:
    the table holds every entry there is, so one it lacks runs nothing; else its name speaks)."""
    recipe = table.get(entry)
    if entry in seen or (recipe is None and known):
        return NONE
    if recipe is None:
        return _by_name(entry).named(f"{kind} {entry}")
    deps = [_target(kind, d, table, known, project, cwd, depth + 1, seen | {entry}) for d in recipe.deps]
    return _entry(kind, entry, recipe.lines, deps, project, cwd, depth)


def _just(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """`just RECIPE`, `task NAME` (go-task), through the justfile or Taskfile when it defines the entry (and its
    dependencies, recipes of the same file), else by the entry's name."""
    if any(a in ("-l", "--list", "--summary", "--show", "-s", "--dry-run", "--list-all", "-a") for a in args):
        return NONE
    words, _ = _options("just" if name == "just" else "task", args)
    runners = project.runners(cwd)
    table = runners.just if name == "just" else runners.tasks
    entries = words[:1] or (["default"] if "default" in table else list(table)[:1])
    found = NONE
    for entry in entries:
        found = found | (_target(name, entry, table, True, project, cwd, depth) if entry in table
                         else _entry(name, entry, None, (), project, cwd, depth))
    return found


def _package(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """`npm test`, `npm run X`, `pnpm X`, `yarn X`, `bun run X`, `bun test`, `composer test`: package.json (composer:
    composer.json) scripts; `yarn jest` runs a package binary."""
    words, given = _options(name, args)
    if not words:
        return NONE
    here = cwd
    for key in ("--prefix", "-C", "--dir", "--cwd", "-d", "--working-dir"):
        if given.get(key) and cwd is not None:
            here = bash.join(cwd, given[key])
    first, rest = words[0], tuple(w for w in words[1:] if w != "--")
    if name == "bun" and first == "test":
        return Activity(tests=True, runner="bun test")
    if first in ("test", "t", "tst") and name != "bun":
        return _package_script(name, "test", project, here, depth)
    if first in ("run", "run-script") and rest:
        return _package_script(name, rest[0], project, here, depth)
    if name in ("pnpm", "yarn", "bun", "composer") and first not in NPM_COMMANDS:
        if first in project.runners(here).scripts:
            return _package_script(name, first, project, here, depth)
        binary = classify((first, *rest), project, here, depth + 1)
        return binary if binary.any else _package_script(name, first, project, here, depth)
    return NONE


def _package_script(name: str, script: str, project: Project, cwd: str | None, depth: int) -> Activity:
    scripts = project.runners(cwd).scripts
    body = scripts.get(script)
    hooks = [_entry(name, hook, (scripts[hook],), (), project, cwd, depth + 1, True)
             for hook in (f"pre{script}", f"post{script}") if hook in scripts]
    kind = name if script == "test" else f"{name} run"
    return _entry(kind, script, (body,) if body is not None else None, hooks, project, cwd, depth, True)


def _tox(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """`tox`, `tox -e a,b`, `nox`, `nox -s a b`: environments or sessions named for linting lint, those named for
    docs or builds do nothing the checks count, the others test; tox envs the project's `tox.ini` defines are
    followed into their commands, and with no selection the `envlist` (nox: `nox.options.sessions`) is run."""
    listing = ("-l", "--list", "-a", "--listenvs", "--listenvs-all", "--notest", "--list-sessions")
    if any(a in listing for a in args):
        return NONE
    runners = project.runners(cwd)
    envs = list(dict.fromkeys(_following(args, ("-e", "-s", "--sessions", "--session", "--envlist"))))
    envs = envs or list(runners.tox_envlist if name == "tox" else runners.nox_sessions)
    if not envs:
        return Activity(tests=True, runner=name)
    found = NONE
    for env in envs:
        named = _by_name(env)
        if name == "tox" and (env in runners.tox or ("*" in runners.tox and not named.lint)):
            found = found | _entry(name, env, runners.tox.get(env, runners.tox.get("*")), (), project, cwd, depth)
        elif named.any:
            found = found | named.named(f"{name} {env}")
        elif env.lower() not in NOT_TESTS:
            found = found | Activity(tests=True, runner=f"{name} {env}")
    return found


def _following(args: tuple[str, ...], keys: tuple[str, ...]) -> list[str]:
    """The words after an option of `keys` up to the next option (`nox -s lint tests`), split on commas."""
    out, taking = [], False
    for arg in args:
        key, _, value = arg.partition("=")
        if key in keys:
            taking = not value
            out += [e for e in value.split(",") if e]
        elif arg.startswith("-"):
            taking = False
        elif taking:
            out += [e for e in arg.split(",") if e]
    return out


def _go(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    sub = args[:1]
    if sub == ("test",):
        return Activity(tests=True, runner="go test")
    if sub == ("vet",):
        return Activity(lint=True, runner="go vet")
    if sub == ("fmt",):
        return Activity(lint=True, fixes=True, runner="go fmt", formatter=True)
    return NONE


def _cargo(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    words = [a for a in args if not a.startswith(("-", "+"))]
    if not words:
        return NONE
    sub = words[0]
    if sub in ("test", "t") or (sub == "nextest" and words[1:2] == ["run"]):
        return Activity(tests=True, runner=f"cargo {sub}")
    if sub == "clippy":
        return Activity(lint=True, fixes="--fix" in args, runner="cargo clippy")
    if sub == "fmt":
        return Activity(lint=True, fixes="--check" not in args, runner="cargo fmt", formatter=True)
    return NONE


MAVEN_TEST_PHASES = frozenset({"test", "verify", "integration-test", "package", "install", "deploy"})
LINT_GOALS = frozenset({"checkstyle", "spotless", "pmd", "spotbugs", "ktlint", "detekt", "errorprone"})
GRADLE_TEST_TASKS = frozenset({"test", "check", "build", "integrationTest", "connectedCheck"})
GRADLE_LINT_TASKS = frozenset({"spotlessCheck", "spotlessApply", "checkstyleMain", "ktlintCheck", "detekt", "lint",
                               "spotbugsMain", "pmdMain"})


def _jvm(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """Maven phases and goals (`mvn test`, `./mvnw verify`, `mvn checkstyle:check`), Gradle tasks (`./gradlew test`,
    `check`, `build`; `-x test` excluded)."""
    if any(a.startswith(("-Dmaven.test.skip=true", "-DskipTests")) for a in args):
        return NONE
    words = [a for i, a in enumerate(args) if not a.startswith("-") and (i == 0 or args[i - 1] != "-x")]
    excluded = {args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-x", "--exclude-task")}
    found = NONE
    for word in words:
        task = word.split(":")[-1]
        if ":" in word and name.startswith("mvn"):
            plugin = word.split(":")[0]
            if plugin in LINT_GOALS:
                found = found | Activity(lint=True, fixes=task in ("apply", "format"), runner=word,
                                         formatter=plugin == "spotless")
            elif word == "surefire:test":
                found = found | Activity(tests=True, runner=word)
        elif _runs_tests(name, word, task, excluded):
            found = found | Activity(tests=True, runner=f"{name} {word}")
        elif name.startswith("gradle") and task in GRADLE_LINT_TASKS:
            found = found | Activity(lint=True, fixes=task.endswith("Apply"), runner=f"{name} {word}")
    return found


def _runs_tests(name: str, word: str, task: str, excluded: set[str]) -> bool:
    """A Maven phase that runs the test phase, or a Gradle task that depends on `test` (not excluded by `-x`)."""
    if name.startswith("mvn"):
        return word in MAVEN_TEST_PHASES
    return task in GRADLE_TEST_TASKS and "test" not in excluded


def _named_tasks(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """Runners whose tasks only their names tell here: `turbo run test lint`, `nx run-many -t test`, `nx test app`,
    `lerna run test`, `rake test`, `meson test`, `cmake --build build --target test`."""
    words, _ = _options(name, args)
    if name == "meson":
        return Activity(tests=True, runner="meson test") if words[:1] == ["test"] else NONE
    if name == "cmake":
        targets = _following(args, ("--target", "-t"))
        return Activity(tests=True, runner="cmake --target test") if {"test", "check"} & set(targets) else NONE
    tasks = _following(args, ("-t", "--target", "--targets")) + [w for w in words if w not in ("run", "run-many")]
    if name == "nx" and words[:1] == ["run"] and len(words) > 1:
        tasks = [words[1].split(":")[-1]]
    elif name == "nx" and words[:1] != ["run-many"]:
        tasks = words[:1]
    found = NONE
    for task in tasks:
        found = found | _by_name(task, scripts=name != "rake").named(f"{name} {task}")
    return found


def _through(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """A command that runs another: `valgrind [opts] CMD`, `git bisect run CMD`, `docker run [opts] IMAGE CMD`,
    `docker exec [opts] CONTAINER CMD`, `docker compose exec|run [opts] SERVICE CMD` (a shell's `-c` string read
    as commands)."""
    if name == "git":
        inner = args[2:] if args[:2] == ("bisect", "run") else ()
    elif name == "valgrind":
        inner = tuple(args[next((i for i, a in enumerate(args) if not a.startswith("-")), len(args)) :])
    else:
        inner = _docker_command(args)
    if not inner:
        return NONE
    payload = bash.shell_payload(inner)
    if payload is not None:
        return _resolve_lines((payload,), project, None, depth)
    skipped, _ = bash.unwrap(inner)
    return classify(inner[skipped:], project, None, depth + 1, inner[:skipped])


def _docker_command(args: tuple[str, ...]) -> tuple[str, ...]:
    """The command `docker run|exec` or `docker compose|docker-compose exec|run` gives its container."""
    words = list(args)
    if words[:1] == ["compose"]:
        words = words[1:]
    valued = RUNNER_VALUED["docker"]
    i = 0
    while i < len(words) and words[i].startswith("-"):  # options before the subcommand
        i += 2 if words[i] in valued else 1
    if i >= len(words) or words[i] not in ("run", "exec"):
        return ()
    i += 1
    while i < len(words) and words[i].startswith("-"):
        i += 2 if words[i] in valued and "=" not in words[i] else 1
    return tuple(words[i + 1 :])


def _next(name: str, args: tuple[str, ...], project: Project, cwd: str | None, depth: int) -> Activity:
    """`next lint` runs ESLint over a Next.js project."""
    return Activity(lint=True, runner="next lint") if args[:1] == ("lint",) else NONE


DISPATCH: dict[str, Reader] = {
    "make": _make, "gmake": _make, "just": _just, "task": _just, "go-task": _just,
    "npm": _package, "pnpm": _package, "yarn": _package, "bun": _package, "composer": _package,
    "tox": _tox, "nox": _tox, "go": _go, "cargo": _cargo,
    "mvn": _jvm, "mvnw": _jvm, "gradle": _jvm, "gradlew": _jvm,
    "turbo": _named_tasks, "nx": _named_tasks, "lerna": _named_tasks, "rake": _named_tasks, "meson": _named_tasks,
    "cmake": _named_tasks, "docker": _through, "docker-compose": _through, "podman": _through, "valgrind": _through,
    "git": _through, "next": _next,
}
