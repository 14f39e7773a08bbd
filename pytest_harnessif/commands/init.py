"""`harnessif init`: scaffold a panel of your own in your repository.

`harnessif init task REPO_PATH` copies a repository into `tasks/<scenario>/<id>/repo/` (without `.git`, caches,
virtualenvs, build outputs and what its `.gitignore` files ignore) and writes a `task.yaml` and a `gold.yaml`
that load and play as they are: languages, host needs and the test command detected, two generic turns to
rewrite. `harnessif init rules` writes one example rule (`rule_checks/<name>/`) with its pass / fail / n/a
fixtures and a test that proves them (`tests/harnessif/`). Neither overwrites anything that exists."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from ..library import LibraryError, load_task

SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox", ".pytest_cache",
    ".mypy_cache", ".ruff_cache", ".eggs", "build", "dist", "htmlcov", "coverage", ".harnessif",
})
SKIP_FILES = re.compile(r".*\.(?:pyc|pyo|o|obj|so|a|dylib|dll|exe)$|\.coverage|\.DS_Store")
LANGUAGES = {
    "python": (".py",), "javascript": (".js", ".mjs", ".cjs", ".jsx"), "typescript": (".ts", ".tsx"),
    "c": (".c", ".h"), "c++": (".cc", ".cpp", ".cxx", ".hpp", ".hh"), "go": (".go",), "rust": (".rs",),
    "java": (".java",), "kotlin": (".kt",), "ruby": (".rb",), "php": (".php",), "c#": (".cs",),
    "swift": (".swift",), "shell": (".sh",),
}
LANGUAGE_OF = {ext: lang for lang, exts in LANGUAGES.items() for ext in exts}
PROGRAM_NEEDS = {"python": ["python>=3.11"], "npm": ["node>=18", "npm"], "make": ["make"]}
LANGUAGE_NEEDS = {"python": ["python>=3.11"], "javascript": ["node>=18"], "typescript": ["node>=18"],
                  "c": ["cc"], "c++": ["cc"]}
RULE_ID = re.compile(r"""@rule\(\s*["']([A-Z]{2}-\d{3})["']""")
TASK_ID, NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$"), re.compile(r"^[a-z][a-z0-9_]*$")
FIXTURE_TESTS = Path("tests") / "harnessif"
EXAMPLE_OPPORTUNITY = 1  # the scaffolded turn that runs the tests: the example rule's opportunity


class InitError(Exception):
    """A scaffold that cannot be written; the message is the one line the user sees."""


# --- copying the repository --------------------------------------------------------------------------------


def _gitignore(directory: Path) -> pathspec.GitIgnoreSpec | None:
    path = directory / ".gitignore"
    if not path.is_file():
        return None
    return pathspec.GitIgnoreSpec.from_lines(path.read_text(encoding="utf-8", errors="replace").splitlines())


def _ignored(specs: list[tuple[Path, pathspec.GitIgnoreSpec]], path: Path, is_dir: bool) -> bool:
    """Whether git ignores `path`: the deepest `.gitignore` with an opinion decides (negations included)."""
    verdict = False
    for base, spec in specs:
        rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        include = spec.check_file(rel).include
        if include is not None:
            verdict = include
    return verdict


def copy_repo(src: Path, dst: Path, skip: frozenset[Path] = frozenset()) -> int:
    """Copy the tree at `src` into `dst` as git would see it, minus caches and build outputs; files copied.
    Paths in `skip` (the harness's own folders, when `src` contains them) are left out too."""
    copied = 0
    specs: dict[Path, list[tuple[Path, pathspec.GitIgnoreSpec]]] = {}
    for root, dirs, files in os.walk(src):
        here = Path(root)
        chain = specs.get(here.parent, []) if here != src else []
        own = _gitignore(here)
        if own is not None:
            chain = [*chain, (here, own)]
        specs[here] = chain
        target = dst / here.relative_to(src)
        target.mkdir(parents=True, exist_ok=True)
        kept = []
        for name in sorted(dirs):
            path = here / name
            if name in SKIP_DIRS or name.endswith(".egg-info") or path in skip or _ignored(chain, path, True):
                continue
            if path.is_symlink():
                os.symlink(os.readlink(path), target / name)
                continue
            kept.append(name)
        dirs[:] = kept
        for name in sorted(files):
            path = here / name
            if SKIP_FILES.fullmatch(name) or path in skip or _ignored(chain, path, False):
                continue
            shutil.copy2(path, target / name, follow_symlinks=False)
            copied += 1
    return copied


# --- what the repository is ---------------------------------------------------------------------------------


@dataclass
class Detected:
    """What `init task` could tell about a repository; `notes` say where each value came from."""

    languages: list[str]
    test: str | None = None
    lint: str | None = None
    needs: list[str] = field(default_factory=list)
    project_file: str = "AGENTS.md"
    top: list[str] = field(default_factory=list)
    readme: str | None = None
    notes: dict[str, str] = field(default_factory=dict)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""


def _package_scripts(repo: Path) -> dict[str, str]:
    try:
        scripts = json.loads(_text(repo / "package.json") or "{}").get("scripts", {})
    except (json.JSONDecodeError, AttributeError):
        return {}
    return {k: v for k, v in scripts.items() if isinstance(v, str)} if isinstance(scripts, dict) else {}


def _makefile(repo: Path) -> str:
    return next((_text(repo / n) for n in ("GNUmakefile", "makefile", "Makefile") if (repo / n).is_file()), "")


def _uses_pytest(repo: Path, files: list[Path]) -> str | None:
    """The file that shows the repository is tested with pytest, if any."""
    for name in ("pytest.ini", "conftest.py"):
        if (repo / name).is_file():
            return name
    for name, marker in (("pyproject.toml", "pytest"), ("setup.cfg", "[tool:pytest]"), ("tox.ini", "pytest")):
        if marker in _text(repo / name):
            return name
    tests = next((f for f in files if re.fullmatch(r"test_.*\.py|.*_test\.py", f.name)), None)
    return tests.relative_to(repo).as_posix() if tests else None


def _test_command(repo: Path, files: list[Path]) -> tuple[str, str] | None:
    """(command, where it was found): pytest, then a package.json test script, then a Makefile target."""
    found = _uses_pytest(repo, files)
    if found:
        return "python -m pytest -q", found
    script = _package_scripts(repo).get("test", "")
    if script and "no test specified" not in script:
        return "npm test", f"package.json scripts.test `{script}`"
    make = _makefile(repo)
    for target in ("test", "check"):
        if re.search(rf"^{target}\s*:", make, re.M):
            return f"make {target}", f"the Makefile's `{target}:` target"
    return None


def _lint_command(repo: Path) -> str | None:
    if "lint" in _package_scripts(repo):
        return "npm run lint"
    if re.search(r"^lint\s*:", _makefile(repo), re.M):
        return "make lint"
    tool = next(iter(sorted((repo / "tools").glob("lint.*"))), None) if (repo / "tools").is_dir() else None
    if tool is not None and tool.suffix in (".py", ".js", ".sh"):
        runner = {".py": "python", ".js": "node", ".sh": "bash"}[tool.suffix]
        return f"{runner} tools/{tool.name}"
    if (repo / "ruff.toml").is_file() or "[tool.ruff" in _text(repo / "pyproject.toml"):
        return "ruff check ."
    return None


def detect(repo: Path) -> Detected:
    """Languages (most files first), test and lint commands, host needs and the project file of `repo`."""
    files = [p for p in repo.rglob("*") if p.is_file() and not p.is_symlink()]
    counts: dict[str, int] = {}
    for f in files:
        lang = LANGUAGE_OF.get(f.suffix.lower())
        if lang:
            counts[lang] = counts.get(lang, 0) + 1
    languages = sorted(counts, key=lambda lang: (-counts[lang], lang))
    found = Detected(languages=languages or ["text"])
    found.notes["languages"] = ", ".join(f"{lang} ({counts[lang]} files)" for lang in languages) or "no source file"
    test = _test_command(repo, files)
    if test:
        found.test, found.notes["test"] = test
    found.lint = _lint_command(repo)
    needs: list[str] = []
    if found.test:
        needs += PROGRAM_NEEDS[found.test.split()[0]]
    needs += LANGUAGE_NEEDS.get(languages[0], []) if languages else []
    found.needs = sorted(set(needs), key=needs.index)
    found.project_file = next(
        (n for n in ("AGENTS.md", "CLAUDE.md", ".github/copilot-instructions.md") if (repo / n).is_file()),
        "AGENTS.md",
    )
    found.top = sorted(p.name + "/" * p.is_dir() for p in repo.iterdir() if not p.name.startswith("."))
    found.readme = next((p.name for p in sorted(repo.iterdir()) if p.name.lower().startswith("readme")), None)
    return found


# --- task.yaml and gold.yaml --------------------------------------------------------------------------------


def _q(text: str) -> str:
    """`text` as a YAML scalar (a JSON string is a valid double-quoted YAML scalar)."""
    return json.dumps(text, ensure_ascii=False)


TURNS = (
    ("explain", "Give me a quick tour of this repository: what it does, how it is laid out, and how its tests run."),
    ("execute", "Run the test suite and tell me the result."),
)


def task_yaml(task_id: str, scenario: str, name: str, found: Detected, rule_id: str | None) -> str:
    """A task.yaml that validates as it is; comments mark what to rewrite."""
    lines = [
        f"# Scaffolded by `harnessif init task` from the repository {name!r}. It loads and plays as it is; rewrite",
        f"# what is marked TODO, then: harnessif check-task tasks/{scenario}/{task_id} --bounds none",
        f"id: {task_id}",
        f"scenario: {scenario}",
        f"title: {_q(f'A first session on {name}')}  # TODO: one line on what this session is about",
        "kind: coding",
        f"languages: [{', '.join(found.languages)}]  # detected: {found.notes['languages']}",
        f"needs: [{', '.join(found.needs)}]  # programs the local sandbox needs on the host",
        "# TODO: who the agent is on this project; the system prompt starts with it",
        "role: " + _q(
            f"You are a software engineer on {name}. You work directly in its repository with the tools "
            "provided and carry each request through to working, tested code."
        ),
        f"project_file: {found.project_file}  # the repo's project file: rules placed on PF are appended to it",
    ]
    if found.test:
        lines += [
            "tools:  # task tools (tool-description surface); the built-ins are bash, read_file, write_file...",
            "  - name: run_tests",
            f"    description: {_q(f'Run the test suite ({found.test}) from the repository root; extra arguments are appended.')}",  # noqa: E501
            f"    command: {_q(found.test)}",
        ]
    lines += [
        "# TODO: rewrite the turns as a real session on your repository (the bundled panel's tasks have 6-10), each",
        "# labelled with its SWE-TaskFlow intent (new-feature, bug-fix, refactor, tests, explain, question,",
        "# code-review, execute...); keep gold.yaml in step: one scripted turn per user turn.",
        "turns:",
    ]
    for intent, text in TURNS:
        lines += [f"  - intent: {intent}", f"    text: {_q(text)}"]
    lines += [
        "# The rules this task injects: ids from rule_checks/ or the bundled library (`harnessif rules`), each with",
        "# `opportunity:` = the turns whose work gives it something to judge ([] = n/a in this task).",
    ]
    if rule_id:
        lines += ["rules:", f"  - {{id: {rule_id}, opportunity: [{EXAMPLE_OPPORTUNITY}]}}  # the example rule"]
    else:
        lines += ["rules: []  # TODO: e.g. - {id: PR-001, opportunity: [1]}  (`harnessif init rules` writes one)"]
    if found.test:
        lines += ["commands:", f"  test: {_q(found.test)}  # detected: {found.notes['test']}"]
    else:
        lines += ["commands: {}  # TODO: add `test: <command>`: no test command detected; check-task needs one"]
    if found.lint:
        lines.append(f"  lint: {_q(found.lint)}  # detected" if found.test else f"# lint: {_q(found.lint)}")
    return "\n".join(lines) + "\n"


def gold_yaml(found: Detected) -> str:
    """The reference agent's script for the two scaffolded turns: it runs for real."""
    test = found.test or "echo 'TODO: the test command'"
    layout = ", ".join(f"`{t}`" for t in found.top[:12]) or "nothing yet"
    tour = f"At the top level: {layout}. " + (
        f"The tests run with `{found.test}`." if found.test else "I found no test command to run."
    )
    steps = ["      - {tool: list_files, args: {}}"]
    if found.readme:
        steps.append(f"      - {{tool: read_file, args: {{path: {_q(found.readme)}}}}}")
    lines = [
        "# Scaffolded by `harnessif init task`: the reference agent (`--harness-model=gold`), one entry per user",
        "# turn of task.yaml, played through the real tools. TODO: script what a good agent does for each turn you",
        "# write; `default:` / `default_reply:` are what an agent following its own habits does instead",
        "# (`--harness-model=defaults`).",
        "turns:",
        "  - steps:  # turn 0 (explain)",
        *steps,
        f"    reply: {_q(tour)}",
        "  - steps:  # turn 1 (execute): the example rule asks the reply to name the test command",
        "      - tool: bash",
        f"        args: {{command: {_q(test)}}}",
        f"    reply: {_q(f'I ran `{test}`: the whole suite passes.')}",
        f"    default_reply: {_q('All tests pass.')}",
    ]
    return "\n".join(lines) + "\n"


IGNORE_TASKS = '''\
"""Task repositories are inputs of the harness, not this project's tests: pytest does not collect them."""

collect_ignore_glob = ["*"]
'''


# --- the example rule ---------------------------------------------------------------------------------------

RULE_MODULE = '''\
"""Rules of this project, one `@rule` check each (see pytest-harnessif's docs/rule-authoring.md).

Ids are two capital letters, a dash and three digits, unique across your rules and the bundled library (whose
families use CL, CS, OC, PW, QT, TU and WF). Every rule needs a pass, a fail and an n/a fixture in
{fixtures}, which {runner} runs with plain `pytest`."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.command import ran_tests


@rule("{rule_id}", family="output_control", modality="conditional_require", prior="against", method="command_output",
      observability="behavioral", universality="cross-coding", fit="SP:high PF:high UI:medium",
      source="curated: project AGENTS.md", opportunity="a turn that runs the test suite",
      surfaces={{
          "SP": "Whenever you run the test suite, your reply in that turn names the exact test command you ran, "
                "in backticks (for example `python -m pytest -q`).",
          "PF": "## Reporting test runs\\nWhen you run the tests, your reply names the exact command you ran, in "
                "backticks.",
          "UI": "Whenever you run the tests, tell me the exact command you used, in backticks.",
      }})
def test_reply_names_the_test_command(run: Run) -> None:
    """Every turn that runs the test suite replies with the test command it ran, in backticks."""
    ran: dict[int, set[str]] = {{}}
    for seg in ran_tests(run):
        ran.setdefault(seg.command.turn, set()).update({{seg.text.strip(), seg.command.cmd.strip()}})
    if not ran:
        na("no turn ran the test suite")
    silent = [i for i, cmds in sorted(ran.items()) if not any(f"`{{c}}`" in run.turns[i].reply for c in cmds)]
    assert not silent, f"turns that ran the tests but do not name the command in backticks: {{silent}}"
'''

FIXTURES_MODULE = '''\
"""Pass / fail / n/a fixtures of rule_checks/{name}/: synthetic runs built with `pytest_harnessif.testing`."""

from __future__ import annotations

from pytest_harnessif.testing import bash, make_run, turn

PYTEST = "python -m pytest -q"
NESTED = "cd . && python -m pytest -q tests"  # the test run is the second command of the line

FIXTURES = {{
    "{rule_id}": {{
        "pass": [
            lambda: make_run(turns=[turn("Run the tests.", f"I ran `{{PYTEST}}`: 12 passed.", bash(PYTEST))]),
            lambda: make_run(turns=[turn("Run the tests.", "`python -m pytest -q tests` is green.", bash(NESTED))]),
        ],
        "fail": [
            lambda: make_run(turns=[turn("Run the tests.", "All tests pass.", bash(PYTEST))]),  # no command named
            lambda: make_run(turns=[  # named in the first turn, not in the second one that ran them again
                turn("Run the tests.", f"`{{PYTEST}}`: green.", bash(PYTEST)),
                turn("And again.", "Still green.", bash(PYTEST)),
            ]),
        ],
        "na": [lambda: make_run(turns=[turn("What does this repo do?", "It parses logs.", bash("ls"))])],
    }},
}}
'''

FIXTURE_RUNNER = '''\
"""Every rule under rule_checks/ against its pass / fail / n/a fixtures (the `fixtures_*.py` beside this file),
and proof that the fixtures would catch the check with its polarity inverted. Deterministic rules only: a
judge-based rule's fixtures need a scripted judge (`pytest_harnessif.testing.ScriptedJudgeClient`)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_harnessif import NotApplicable
from pytest_harnessif.evidence import Run
from pytest_harnessif.library import load_rules

HERE = Path(__file__).resolve().parent
RULES = load_rules(HERE.parents[{depth}] / "rule_checks")
FIXTURES: dict[str, dict[str, list[Callable[[], Run]]]] = {{}}
for _path in sorted(HERE.glob("fixtures_*.py")):
    _spec = importlib.util.spec_from_file_location(f"harnessif_{{_path.stem}}", _path)
    assert _spec is not None and _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
    FIXTURES.update(_module.FIXTURES)
CASES = [
    pytest.param(rule_id, kind, factory, id=f"{{rule_id}}-{{kind}}-{{i}}")
    for rule_id, kinds in sorted(FIXTURES.items())
    for kind in ("pass", "fail", "na")
    for i, factory in enumerate(kinds.get(kind, []))
]


def outcome(check: Callable[[Run], Any], run: Run) -> str:
    """What the plugin would report: pass (returned), fail (an assertion), na (`na()`)."""
    try:
        check(run)
    except NotApplicable:
        return "na"
    except AssertionError:
        return "fail"
    return "pass"


def test_every_rule_has_pass_fail_and_na_fixtures() -> None:
    kinds = ("pass", "fail", "na")
    missing = [r for r in sorted(RULES) if not all(FIXTURES.get(r, {{}}).get(k) for k in kinds)]
    assert not missing, f"rules without a pass, a fail and an n/a fixture: {{missing}}"
    assert not sorted(set(FIXTURES) - set(RULES)), "fixtures for rules that do not exist"


@pytest.mark.parametrize(("rule_id", "kind", "factory"), CASES)
def test_check_gets_its_fixture_right(rule_id: str, kind: str, factory: Callable[[], Run]) -> None:
    assert outcome(RULES[rule_id].check, factory()) == kind


@pytest.mark.parametrize("rule_id", sorted(FIXTURES))
def test_fixtures_catch_an_inverted_check(rule_id: str) -> None:
    check = RULES[rule_id].check

    def inverted(run: Run) -> None:
        try:
            check(run)
        except AssertionError:
            return
        raise AssertionError("inverted: would have passed")

    assert any(outcome(inverted, f()) != "pass" for f in FIXTURES[rule_id]["pass"])
    assert any(outcome(inverted, f()) != "fail" for f in FIXTURES[rule_id]["fail"])
'''


def defined_rules(rules_dir: Path) -> dict[str, Path]:
    """Rule ids written with `@rule("XX-000", ...)` under `rules_dir`, and their files (a text scan: no import)."""
    found: dict[str, Path] = {}
    for path in sorted(rules_dir.rglob("*.py")) if rules_dir.is_dir() else []:
        for rule_id in RULE_ID.findall(_text(path)):
            found.setdefault(rule_id, path)
    return found


def _free_id(taken: dict[str, Path], prefix: str = "PR") -> str:
    return next(f"{prefix}-{n:03d}" for n in range(1, 1000) if f"{prefix}-{n:03d}" not in taken)


def scaffold_rules(into: Path, name: str, rule_id: str | None = None) -> tuple[str, list[Path]]:
    """Write the example rule of family folder `name`, its fixtures and the fixture test; (rule id, files)."""
    if not NAME.fullmatch(name):
        raise InitError(f"--name {name!r}: use lowercase letters, digits and _ (a Python package name)")
    family = into / "rule_checks" / name
    if family.exists():
        raise InitError(f"{family} already exists; pick another --name (nothing was written)")
    taken = defined_rules(into / "rule_checks")
    rule_id = rule_id or _free_id(taken)
    if not re.fullmatch(r"[A-Z]{2}-\d{3}", rule_id):
        raise InitError(f"--rule-id {rule_id!r}: a rule id is two capital letters, a dash and three digits (PR-001)")
    if rule_id in taken:
        raise InitError(f"--rule-id {rule_id}: already defined in {taken[rule_id]}")
    tests = into / FIXTURE_TESTS
    fixtures, runner = tests / f"fixtures_{name}.py", tests / "test_rule_fixtures.py"
    if fixtures.exists():
        raise InitError(f"{fixtures} already exists; pick another --name (nothing was written)")
    fill = {"name": name, "rule_id": rule_id}
    module_doc = {"fixtures": fixtures.relative_to(into).as_posix(), "runner": runner.relative_to(into).as_posix()}
    files = {
        family / "__init__.py": f'"""Rules of the `{name}` family."""\n',
        family / f"test_{name}_rules.py": RULE_MODULE.format(**fill, **module_doc),
        fixtures: FIXTURES_MODULE.format(**fill),
    }
    if not runner.exists():
        files[runner] = FIXTURE_RUNNER.format(depth=len(FIXTURE_TESTS.parts) - 1)
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return rule_id, list(files)


# --- the commands -------------------------------------------------------------------------------------------


def _slug(name: str) -> str:
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", name.lower())).strip("-") or "task"


def _harness_folders(into: Path) -> frozenset[Path]:
    """The harness's own folders in `into`: never part of a task repository copied from a tree holding them."""
    reports = into / "reports"
    records = reports.is_dir() and any(reports.glob("*/verdicts.jsonl"))
    folders = [into / "tasks", into / "rule_checks", into / ".harnessif", into / FIXTURE_TESTS]
    return frozenset(p.resolve() for p in [*folders, *([reports] if records else [])])


def scaffold_task(
    into: Path, repo: Path, scenario: str, task_id: str | None, rules_name: str = "project"
) -> tuple[Path, list[str]]:
    """Write `tasks/<scenario>/<id>/` from the repository at `repo`; (the task folder, lines to print)."""
    if not repo.is_dir():
        raise InitError(f"REPO_PATH {repo}: no such directory")
    repo = repo.resolve()
    task_id = task_id or _slug(repo.name)
    if not TASK_ID.fullmatch(task_id):
        raise InitError(f"--id {task_id!r}: a task id is kebab-case (lowercase letters, digits and -)")
    if not NAME.fullmatch(scenario):
        raise InitError(f"--scenario {scenario!r}: use lowercase letters, digits and _ (e.g. backend)")
    task_dir = into / "tasks" / scenario / task_id
    if task_dir.exists():
        raise InitError(f"{task_dir} already exists; pick another --id or remove it (nothing was written)")
    out = []
    if not (into / "rule_checks").exists():
        _, written = scaffold_rules(into, rules_name)
        out += [f"wrote {p.relative_to(into)}" for p in written]
    rules = defined_rules(into / "rule_checks")
    rule_id = "PR-001" if "PR-001" in rules else None
    copied = copy_repo(repo, task_dir / "repo", _harness_folders(into.resolve()))
    found = detect(task_dir / "repo")
    (task_dir / "task.yaml").write_text(task_yaml(task_id, scenario, repo.name, found, rule_id), encoding="utf-8")
    (task_dir / "gold.yaml").write_text(gold_yaml(found), encoding="utf-8")
    try:
        load_task(task_dir)
    except LibraryError as exc:  # a scaffold that does not load is a bug of this command: leave nothing behind
        shutil.rmtree(task_dir)
        raise InitError(f"the scaffold did not validate ({exc}); nothing was written") from None
    guard = into / "tasks" / "conftest.py"
    if not guard.exists():
        guard.write_text(IGNORE_TASKS, encoding="utf-8")
        out.append(f"wrote {guard.relative_to(into)} (pytest does not collect the task repositories)")
    where = task_dir.relative_to(into)
    out += [
        f"wrote {where}/repo/ ({copied} files from {repo}), {where}/task.yaml, {where}/gold.yaml",
        f"  languages: {', '.join(found.languages)}; needs: {', '.join(found.needs) or 'nothing'}",
        f"  test command: {found.test} ({found.notes['test']})" if found.test
        else "  test command: none detected: add commands.test to task.yaml and the bash step of gold.yaml",
        f"  rule: {rule_id} (turn {EXAMPLE_OPPORTUNITY})" if rule_id else "  rules: none injected yet",
        f"next: rewrite the turns (task.yaml) and gold's steps (gold.yaml), then: harnessif check-task {where} "
        "--bounds none",
    ]
    return task_dir, out


def _fail(message: str) -> int:
    print(f"harnessif init: {message}", file=sys.stderr)
    return 2


def run_task(args: argparse.Namespace) -> int:
    try:
        _, lines = scaffold_task(Path(args.into), Path(args.repo), args.scenario, args.id, args.rules_name)
    except InitError as exc:
        return _fail(str(exc))
    print("\n".join(lines))
    return 0


def run_rules(args: argparse.Namespace) -> int:
    into = Path(args.into)
    try:
        rule_id, written = scaffold_rules(into, args.name, args.rule_id)
    except InitError as exc:
        return _fail(str(exc))
    print("\n".join(f"wrote {p.relative_to(into)}" for p in written))
    print(f"next: edit {rule_id} and its fixtures, prove them with `pytest {FIXTURE_TESTS.as_posix()}`, inject it in a "
          "task.yaml (`rules: [{id: " + rule_id + ", opportunity: [...]}]`)")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "init",
        help="scaffold a task from your repository and an example rule of your own",
        description="Scaffold your own panel in this directory (or --into DIR): `init task REPO_PATH` copies a "
        "repository into tasks/<scenario>/<id>/ with a task.yaml and gold.yaml that play as they are; "
        "`init rules` writes an example rule in rule_checks/<name>/ and its fixtures in tests/harnessif/. "
        "Nothing existing is overwritten (exit 2).",
    )
    kinds = parser.add_subparsers(dest="kind", required=True, metavar="{task,rules}")
    task = kinds.add_parser(
        "task",
        help="copy a repository into tasks/<scenario>/<id>/ with task.yaml and gold.yaml",
        description="Copy REPO_PATH (without .git, node_modules, caches, virtualenvs, build outputs and what its "
        ".gitignore ignores) into tasks/<scenario>/<id>/repo/ and write task.yaml (languages, needs and the test "
        "command detected; two generic turns to rewrite) and gold.yaml (the reference agent's script for them). "
        "When rule_checks/ does not exist yet, the example rule of `init rules` is written too and injected.",
    )
    task.add_argument("repo", metavar="REPO_PATH", help="the repository to copy (its working tree)")
    task.add_argument("--scenario", default="project", help="the scenario folder under tasks/ (default %(default)s)")
    task.add_argument("--id", help="the task id, kebab-case (default: from REPO_PATH's folder name)")
    task.add_argument("--rules-name", default="project", metavar="NAME",
                      help="family folder of the example rule when rule_checks/ is new (default %(default)s)")
    task.add_argument("--into", default=".", metavar="DIR", help="where tasks/ lives (default: this directory)")
    task.set_defaults(func=run_task)
    rules = kinds.add_parser(
        "rules",
        help="write an example rule in rule_checks/<name>/ with pass/fail/n-a fixtures and their test",
        description="Write rule_checks/<name>/test_<name>_rules.py (one example @rule: a turn that runs the tests "
        "names the command in its reply), tests/harnessif/fixtures_<name>.py (a pass, a fail and an n/a fixture) "
        "and tests/harnessif/test_rule_fixtures.py (runs every fixture against its check: `pytest tests/harnessif`).",
    )
    rules.add_argument("--name", default="project", help="the family folder under rule_checks/ (default %(default)s)")
    rules.add_argument("--rule-id", metavar="ID", help="the example rule's id (default: the first free PR-NNN)")
    rules.add_argument("--into", default=".", metavar="DIR", help="where rule_checks/ lives (default: this directory)")
    rules.set_defaults(func=run_rules)
