"""checks/shell: splitting command lines and reading what each simple command runs and writes."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.runners import Project
from pytest_harnessif.checks.shell import (
    Segment,
    SimpleCommand,
    lists_tree,
    parse,
    read_command,
    rewrites_history,
    segments,
    segments_of,
    short_flag,
    stages_everything,
    targets_tests,
)
from pytest_harnessif.evidence import Run
from pytest_harnessif.testing import bash, make_run, tool, turn


def one(cmd: str) -> SimpleCommand:
    (sc,) = parse(cmd)
    return sc


@pytest.mark.parametrize(
    ("cmd", "argv", "timeout"),
    [
        ("timeout 120 python -m pytest -q", ["python", "-m", "pytest", "-q"], "120"),
        ("timeout -s KILL 5m python x.py", ["python", "x.py"], "5m"),
        ("env FOO=1 BAR=2 pytest", ["pytest"], None),
        ("FOO=1 nice -n 5 python3 a.py", ["python3", "a.py"], None),
        ("uv run pytest -x", ["pytest", "-x"], None),
        ("sudo -E git status", ["git", "status"], None),
        ("TMP=$(mktemp -d) python -m app `echo a b`", ["python", "-m", "app", "`echo a b`"], None),
    ],
)
def test_argv_and_timeout(cmd: str, argv: list[str], timeout: str | None) -> None:
    main = parse(cmd)[-1]
    assert (main.argv, main.timeout) == (argv, timeout)


@pytest.mark.parametrize(("cmd", "runs"), [("python3 -m pytest -q", "pytest"), ("pytest", "pytest"),
                                           ("python x.py", "python"), ("npm test", "npm")])
def test_runs_names_the_module_of_python_dash_m(cmd: str, runs: str) -> None:
    assert one(cmd).runs == runs


@pytest.mark.parametrize(
    "cmd",
    [
        "pytest",
        "pytest -q tests/test_a.py::test_b",
        "py.test -x",
        "/usr/bin/pytest",
        "python -m pytest -q",
        "python3.11 -m pytest",
        "python -mpytest",
        "python -X dev -m pytest",
        "timeout 60 python -m pytest -q",
        "env PYTHONPATH=src python -m pytest",
        "uv run pytest",
        "node --test",
        "node --test test/table.test.js",
        "npm test",
        "npm run test -- --watch=false",
        "yarn test",
        "npx jest src",
        "make test",
        "make -j2 check",
        "ctest --output-on-failure",
        "go test ./...",
        "cargo test",
    ],
)
def test_is_test_run(cmd: str) -> None:
    assert one(cmd).is_test_run


@pytest.mark.parametrize(
    "cmd",
    [
        "pip install pytest",
        "python -m pip install pytest",
        "grep -rn pytest tests/",
        "cat pytest.ini",
        "echo pytest",
        "python -c 'import pytest'",
        "python pytest_helpers.py",
        "python -m pytest_cov",
        "git commit -m 'run pytest'",
        "node app.js --test-mode",
        "npm install",
        "npm run build",
        "make",
        "make install",
        "go build ./...",
    ],
)
def test_is_not_test_run(cmd: str) -> None:
    assert not one(cmd).is_test_run


@pytest.mark.parametrize(
    ("cmd", "lint"),
    [
        ("python tools/lint.py", True),
        ("./tools/lint.py src", True),
        ("timeout 60 python3 tools/lint.py", True),
        ("ruff check .", True),
        ("python -m ruff check src", True),
        ("ruff format .", True),
        ("python -m ruff format", True),
        ("cat tools/lint.py", False),
        ("grep 'ruff check' README.md", False),
        ("node tools/lint.mjs src", True),
        ("sh tools/lint.sh", True),
        ("npx eslint src", True),
        ("npm run lint", True),
        ("make lint", True),
        ("shellcheck bin/rotate.sh", True),
        ("npm run build", False),
        ("node tools/build.mjs", False),
        ("./scripts/lint-shell.sh", True),  # a repository's own lint scripts, named the ways projects name them
        ("python tools/lint_docs.py", True),
        ("python tools/kiln_lint.py src", True),
        ("bash run_lint", True),
        ("python tools/linter_rules.py", False),
        ("./lintel.sh", False),
    ],
)
def test_is_lint_run(cmd: str, lint: bool) -> None:
    assert one(cmd).is_lint_run is lint


@pytest.mark.parametrize(
    ("cmd", "checks"),
    [("ruff format .", False), ("ruff format --check .", True), ("black src", False), ("black --check src", True),
     ("ruff check --fix .", True), ("prettier --write .", False), ("prettier --check .", True),
     ("npx eslint --fix src", True), ("gofmt -l .", True), ("gofmt -w .", False), ("cargo fmt", False),
     ("cargo fmt -- --check", True), ("make lint", True)],
)
def test_a_formatter_rewriting_files_checks_nothing(cmd: str, checks: bool) -> None:
    assert one(cmd).is_lint_run and one(cmd).checks_lint is checks


@pytest.mark.parametrize(
    ("cmd", "git"),
    [
        ("git commit -am 'x'", ("commit", ["-am", "x"])),
        ("git -C repo -c user.name=a push origin", ("push", ["origin"])),
        ("git --no-pager log", ("log", [])),
        ("git", None),
        ("gitk --all", None),
        ("echo git push", None),
    ],
)
def test_git(cmd: str, git: tuple[str, list[str]] | None) -> None:
    assert one(cmd).git == git


@pytest.mark.parametrize(
    ("cmd", "paths"),
    [
        ("echo hi > out.txt", ["out.txt"]),
        ("echo hi >>log.txt", ["log.txt"]),
        ("pytest &> out.log", ["out.log"]),
        ("python gen.py 1> a.py 2> err.txt", ["a.py", "err.txt"]),
        ("cat > notes.md <<'EOF'", ["notes.md"]),
        ("tee -a a.txt b.txt", ["a.txt", "b.txt"]),
        ("sed -i 's/a/b/' src/a.py", ["src/a.py"]),
        ("sed -i.bak -e 's/a/b/' -e 's/c/d/' x.py y.py", ["x.py", "y.py", "x.py.bak", "y.py.bak"]),
        ("sed --in-place 's/a/b/' f.py", ["f.py"]),
        ("sed -e 's/a/b/' -i f.py", ["f.py"]),
        ("ls > /dev/null 2>&1", []),
        ("pytest -q 2>&1", []),
        ("echo 'a > b'", []),
        ('echo "x >> y"', []),
        ("sed -n '1,5p' a.py", []),
        ("python -c 'print(1 > 0)'", []),
        ("cat <<EOF", []),
    ],
)
def test_written_paths(cmd: str, paths: list[str]) -> None:
    assert one(cmd).written_paths == paths


@pytest.mark.parametrize(
    ("args", "letter", "valued", "expected"),
    [
        (["-A"], "A", "", True),
        (["-am", "msg"], "a", "m", True),
        (["-ma"], "a", "m", False),
        (["--all"], "a", "", False),
        (["--", "-a"], "a", "", False),
        (["file"], "a", "", False),
    ],
)
def test_short_flag(args: list[str], letter: str, valued: str, expected: bool) -> None:
    assert short_flag(args, letter, valued) is expected


def test_segments_positions_and_tools() -> None:
    run = make_run(turns=[
        turn("t0", "r0", tool("read_file", path="a.py"), bash("ruff check . && pytest -q")),
        turn("t1", "r1", tool("run_tests", command="python -m pytest -q", exit_code=0)),
    ])
    segs = segments(run)
    assert [(s.text, s.position, s.command.turn) for s in segs] == [
        ("ruff check .", (1, 0), 0),
        ("pytest -q", (1, 1), 0),
        ("python -m pytest -q", (2, 0), 1),
    ]
    assert [s.text for s in segments(run, "bash")] == ["ruff check .", "pytest -q"]
    assert segs[1].where == "turn 0: `pytest -q`"
    assert segs[0].siblings is segs[1].siblings and segs[1].siblings == segs[:2]
    assert all(a is b for a, b in zip(segs[0].siblings, segs[:2], strict=True))  # read once: green asks them again
    assert segments(run) == segs and segments(run)[0] is segs[0]


@pytest.mark.parametrize(
    ("cmd", "exit_code", "output", "succeeded", "green"),
    [
        ("pytest -q", 0, "", True, True),
        ("pytest -q", 1, "1 failed", False, False),
        ("pytest -q | tail -3", 0, "1 failed, 2 passed", False, False),
        ("pytest -q 2>&1 | tail -3", 0, "3 passed in 0.1s", False, True),
        ("pytest -q && git push", 1, "3 passed\nfatal: no remote", False, True),
        ("pytest a.py; pytest b.py", 0, "3 passed", False, False),
        ("make test | tail -2", 0, "unit: 14 passed, 0 failed", False, True),
        ("pytest -q | tail -1", 0, "12 passed, 0 errors in 0.3s", False, True),
        # the status a trailing echo of `$?` prints is the one of the line before it
        ("make docs; echo \"exit=$?\"", 0, "built 12 pages\nexit=0\n", True, True),
        ("make docs; echo \"exit=$?\"", 0, "broken link\nexit=2\n", False, False),
        ("make docs\necho $?", 0, "ok\n0", True, True),
        ("make html | tail -5; echo $?", 0, "ok\n0", False, False),  # $? is tail's
        ("make docs; echo \"exit=$?\"", 0, "output cut before the echo", False, False),
    ],
)
def test_succeeded_and_green(cmd: str, exit_code: int, output: str, succeeded: bool, green: bool) -> None:
    run = make_run(turns=[turn("t", "r", bash(cmd, exit_code=exit_code, output=output))])
    first = segments(run)[0]
    assert (first.succeeded, first.green) == (succeeded, green)


def test_made_commit() -> None:
    run = make_run(turns=[turn("t", "r",
                               bash("git commit -m x && git push", exit_code=128,
                                    output="[agent/x 1a2b3c4] x\nfatal: no remote"),
                               bash("git commit -m y", exit_code=1, output="nothing to commit"),
                               bash("git log --grep commit"))])
    assert [s.made_commit for s in segments(run)] == [True, False, False, False]


def first_segment(cmd: str) -> Segment:
    return segments(make_run(turns=[turn("t", "r", bash(cmd))]))[0]


@pytest.mark.parametrize(
    ("cmd", "targeted"),
    [
        ("pytest tests/test_a.py", True),
        ("python -m pytest -q tests/test_a.py::test_b", True),
        ("pytest -k add", True),
        ("pytest -kadd", True),
        ("pytest -q", False),
        ("pytest tests/", False),
        ("pytest -x --lf", False),
        ("node --test test/table.test.js", True),
        ("node --test --test-name-pattern=sort", True),
        ("npx jest -t 'sorts by date'", True),
        ("node --test", False),
        ("node --test test/", False),
        ("make test", False),
        ("python -m pytest -q tests/test_a.py", True),
        ("npx jest test/unit/parse.js", True),
        ("mocha test/unit/parse.js", True),
        ("bundle exec rspec spec/models/user_spec.rb", True),
        ("make test TESTS=tests/unit/crc.c", True),
        ("pytest tests/data.json", False),
    ],
)
def test_targets_tests(cmd: str, targeted: bool) -> None:
    assert targets_tests(first_segment(cmd)) is targeted


@pytest.mark.parametrize(
    ("cmd", "rewrites"),
    [
        ("git commit --amend --no-edit", True),
        ("git rebase -i HEAD~2", True),
        ("git reset --hard HEAD~1", True),
        ("git push -f origin main", True),
        ("git push --force-with-lease", True),
        ("git push origin +main", True),
        ("git commit -m 'amend the docs'", False),
        ("git reset --soft HEAD~1", False),
        ("git push -o ci.skip origin main", False),
        ("git push origin main", False),
        ("echo git rebase", False),
    ],
)
def test_rewrites_history(cmd: str, rewrites: bool) -> None:
    assert rewrites_history(first_segment(cmd)) is rewrites


@pytest.mark.parametrize(
    ("cmd", "everything"),
    [
        ("git add -A", True),
        ("git add .", True),
        ("git add --all", True),
        ("git commit -am 'x'", True),
        ("git commit --all -m x", True),
        ("git add src/a.py", False),
        ("git commit -m 'add all of it'", False),
        ("git status -A", False),
        ("ls -A", False),
    ],
)
def test_stages_everything(cmd: str, everything: bool) -> None:
    assert stages_everything(first_segment(cmd)) is everything


@pytest.mark.parametrize(
    ("cmd", "tree"),
    [
        ("ls -R", True),
        ("ls -laR src", True),
        ("ls --recursive", True),
        ("find .", True),
        ("find", True),
        ("find ./src -name '*.py'", True),
        ("find -name '*.py'", True),
        ("ls -la", False),
        ("find src -name '*.py'", False),
        ("find / -name x", False),
        ("tree", False),
    ],
)
def test_lists_tree(cmd: str, tree: bool) -> None:
    assert lists_tree(first_segment(cmd)) is tree


@pytest.mark.parametrize(
    "cmd",
    [
        "cd repo && python -m pytest -x -q 2>&1 | tail -30",
        "bash -lc 'cd /w && pytest -q'",
        r".venv\Scripts\python.exe -m pytest",
        "coverage run -m pytest && coverage report",
        "python -m coverage run -m pytest tests/",
        "python -m unittest discover -s tests",
        "python tests/test_parser.py",
        "python manage.py test shop",
        "python -m django test",
        "tests/runtests.py --parallel 1",
        "bin/test",
        "tox -e py311",
        "nox -s tests",
        "just test",
        "task test",
        "pnpm -r test",
        "yarn jest",
        "bun test",
        "timeout 120 npm test -- --watch=false",
        "npx vitest run src/",
        "mocha 'test/**/*.spec.js'",
        "go test -run TestParse ./...",
        "cargo nextest run",
        "mvn -q test",
        "./gradlew test",
        "ctest --test-dir build --output-on-failure",
        "sh tests/cli_test.sh build/kvtool",
        "set -e\nfor suite in unit cli; do make \"test-$suite\"; done",
    ],
)
def test_test_runs_across_ecosystems(cmd: str) -> None:
    assert any(s.is_test_run for s in parse(cmd, Project())), cmd


@pytest.mark.parametrize(
    "cmd",
    ["pytest --help", "python -m pytest --version", "pytest --collect-only -q", "cargo test --no-run",
     "mvn -DskipTests package", "jest --listTests", "tox -l", "go test -list . ./...", "python test_fix.py",
     "which pytest", "npm install --save-dev jest", "git log --grep test", "vim Makefile"],
)
def test_runs_that_run_nothing(cmd: str) -> None:
    assert not any(s.is_test_run for s in parse(cmd, Project())), cmd


MAKEFILE = b"""PY ?= python
.PHONY: check lint test ci
lint:
\truff check src tests
test:
\t$(PY) -m pytest -q
check: lint
\t@$(MAKE) test
ci: check
"""
PACKAGE = b'{"scripts": {"verify": "npm run lint && npm run unit", "lint": "eslint .", "unit": "node --test",' \
          b' "build": "tsc -p ."}}'


@pytest.mark.parametrize(
    ("cmd", "tests", "lint"),
    [
        ("make lint", False, True),
        ("make test", True, False),
        ("make check", True, True),
        ("make ci", True, True),
        ("make", False, True),
        ("npm run verify", True, True),
        ("npm run unit", True, False),
        ("npm run build", False, False),
        ("pnpm verify", True, True),
    ],
)
def test_task_runners_are_followed_into_what_they_run(cmd: str, tests: bool, lint: bool) -> None:
    (sc,) = parse(cmd, Project({"Makefile": MAKEFILE, "package.json": PACKAGE}))
    assert (sc.is_test_run, sc.is_lint_run) == (tests, lint)


def test_a_task_runner_target_is_read_in_its_directory() -> None:
    project = Project({"web/package.json": b'{"scripts": {"check": "vitest run"}}',
                       "package.json": b'{"scripts": {"check": "eslint ."}}'})
    in_web = parse("cd web && npm run check", project)[1]
    at_root = parse("npm run check", project)[0]
    assert (in_web.is_test_run, in_web.is_lint_run) == (True, False)
    assert (at_root.is_test_run, at_root.is_lint_run) == (False, True)


def test_each_run_reads_its_commands_in_its_own_repository() -> None:
    def run_with(scripts: str) -> Run:
        return make_run(initial={"package.json": scripts}, turns=[turn("t", "r", bash("npm run check"))])

    vitest, eslint = run_with('{"scripts": {"check": "vitest run"}}'), run_with('{"scripts": {"check": "eslint ."}}')
    assert vitest.commands == eslint.commands
    assert [(s.is_test_run, s.is_lint_run) for s in segments(vitest) + segments(eslint)] == [(True, False),
                                                                                            (False, True)]
    assert segments_of(vitest.commands[0])[0].project.files == {}  # no repository given: none, not the last run's


@pytest.mark.parametrize(
    ("cmd", "paths"),
    [
        ("cd src && sed -i 's/a/b/' core.py", ["src/core.py"]),
        ("sed -i '' -e 's/a/b/' f.py", ["f.py"]),
        ("perl -pi -e 's/foo/bar/g' a.c b.c", ["a.c", "b.c"]),
        ("perl -i -pe 's/x/y/' lib.pl", ["lib.pl"]),
        ("cp src/a.py src/b.py", ["src/b.py"]),
        ("cp -r templates/ out/", ["out/templates"]),
        ("mv a.txt docs/", ["docs/a.txt"]),
        ("cp -t build a.o b.o", ["build/a.o", "build/b.o"]),
        ("touch tests/__init__.py src/x/__init__.py", ["tests/__init__.py", "src/x/__init__.py"]),
        ("install -m 644 conf.ini /etc/app/conf.ini", ["/etc/app/conf.ini"]),
        ("ln -s ../lib.py lib.py", ["lib.py"]),
        ("dd if=/dev/zero of=blob.bin bs=1 count=4", ["blob.bin"]),
        ("curl -sSL -o data/x.csv https://example.com/x.csv", ["data/x.csv"]),
        ("sort -o names.txt names.txt", ["names.txt"]),
        ("echo x | sudo tee -a /etc/hosts > /dev/null", ["/etc/hosts"]),
        ("cat > /workspace/src/a.py <<'EOF'\nx = 1\nEOF", ["/workspace/src/a.py"]),
        ("cd /tmp && echo x > o.txt", ["/tmp/o.txt"]),
        ("apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: src/a.py\n@@\n-x\n+y\n*** Add File: src/b.py\n+z\n"
         "*** Delete File: src/c.py\n*** End Patch\nPATCH", ["src/a.py", "src/b.py"]),
        ("git apply <<'EOF'\n--- a/src/x.py\n+++ b/src/x.py\n@@ -1 +1 @@\n-a\n+b\nEOF", ["src/x.py"]),
        ("git -C repo apply -p2 --directory=vendor <<EOF\n+++ b/x/y.go\t2024-01-01\nEOF", ["repo/vendor/y.go"]),
        ("git apply - <<EOF\n+++ b/new.txt\n--- a/gone.txt\n+++ /dev/null\nEOF", ["new.txt"]),
        ("cd pkg && patch src/y.py < /tmp/p.diff", ["pkg/src/y.py"]),
        ("cd sub && patch -p0 <<EOF\n--- lib/a.c\n+++ lib/a.c\n@@\n+x\nEOF", ["sub/lib/a.c"]),
        ("patch -d src <<EOF\ndiff --git a/m/q.sh b/m/q.sh\n--- a/m/q.sh\n+++ b/m/q.sh\nEOF", ["src/m/q.sh"]),
        ("git apply fix.patch", []),  # the patch file's targets are not on the command line
        ("git apply --check <<EOF\n+++ b/a.py\nEOF", []),
        ("patch --dry-run -p1 <<EOF\n+++ b/a.py\nEOF", []),
        ("patch -p1 -i fix.diff", []),
        ("rm -rf build && mkdir -p build", []),
        ("black . && ruff check --fix .", []),
        ("python3 - <<'EOF'\nimport pathlib\np = pathlib.Path('src/a.py')\n"
         "p.write_text(p.read_text().replace('a', 'b'))\nEOF", ["src/a.py"]),
        ("cd app && python -c \"open('notes.txt', 'a').write('x'); open(file='log', mode='w')\"", ["app/notes.txt"]),
        ("python - <<EOF\nimport shutil\nwith open('out/r.md', 'w', encoding='utf-8') as f: f.write('x')\n"
         "shutil.copy('a.py', 'b.py')\nEOF", ["out/r.md", "b.py"]),
        ("node -e \"const fs = require('fs'); const f = 'src/a.js'; fs.writeFileSync(f, fs.readFileSync(f, 'utf8'))\"",
         ["src/a.js"]),
        ("node - <<'EOF'\nconst fs = require('node:fs');\nfs.appendFileSync(\"CHANGELOG.md\", '- x');\nEOF",
         ["CHANGELOG.md"]),
        ("python -c \"print(open('src/a.py').read())\"", []),  # reads only
        ("python3 -c \"p = 'a.py'; p = 'b.py'; open(p, 'w')\"", []),  # a name bound twice: which file is unknown
    ],
)
def test_files_written_by_every_idiom(cmd: str, paths: list[str]) -> None:
    assert read_command(cmd)["writes"] == paths


@pytest.mark.parametrize(
    ("cmd", "code"),
    [
        ("python -c 'import sys; print(sys.path)'", ("python", "import sys; print(sys.path)")),
        ("python3 - <<'EOF'\nprint(1)\nEOF", ("python", "print(1)\n")),
        ("python <<EOF\nx = 1\nEOF", ("python", "x = 1\n")),
        ("node -e 'console.log(1)'", ("javascript", "console.log(1)")),
        ("node -p '1 + 1'", ("javascript", "1 + 1")),
        ("node -c src/a.js", None),
        ("node --check - <<'EOF'\nconsole.log(1)\nEOF", None),
        ("node -c 'console.log(1)'", None),
        ("python script.py", None),
        ("cat <<EOF\nprint(1)\nEOF", None),
    ],
)
def test_inline_code_runs(cmd: str, code: tuple[str, str] | None) -> None:
    assert parse(cmd)[0].code == code


def test_read_command_is_what_the_checks_see() -> None:
    assert read_command("cd repo && git add -A && git commit -m 'x' && timeout 60 pytest -q 2>&1 | tee log.txt") == {
        "runs_tests": True, "runs_lint": False, "git": ["add", "commit"], "writes": ["repo/log.txt"],
        "programs": ["cd", "git", "pytest", "tee"]}
