"""checks/history: commit messages, commits as commands show them, what was committed, and the triggers of
conditional rules."""

from __future__ import annotations

import re

import libcst as cst
import pytest

from pytest_harnessif.checks import history as h
from pytest_harnessif.checks.shell import Segment, segments
from pytest_harnessif.evidence import Run
from pytest_harnessif.testing import bash, commit, make_run, tool, turn


def ran(*cmds: str, exit_code: int = 0, output: str = "") -> Run:
    return make_run(turns=[turn("t", "r", *(bash(c, exit_code=exit_code, output=output) for c in cmds))])


def seg(cmd: str, output: str = "", exit_code: int = 0) -> Segment:
    return segments(ran(cmd, output=output, exit_code=exit_code))[-1]


def module(text: str) -> cst.Module:
    return cst.parse_module(text)


# --- commit messages ---------------------------------------------------------------------------------------


def test_trailers_are_the_last_paragraph_only_when_every_line_is_one() -> None:
    body = "Why.\n\nSigned-off-by: A B <a@b.c>\nRefs: #1\n  continued"
    assert h.trailers(body) == [("Signed-off-by", "A B <a@b.c>"), ("Refs", "#1")]
    assert h.trailers("Signed-off-by: A <a@b.c>\n\nMore prose.") == []
    assert h.trailers("Fixes: #1\nnot a trailer") == []
    assert h.body_text(body) == "Why."
    assert h.body_text("Only prose.") == "Only prose."


def test_split_prefix_and_first_word() -> None:
    assert h.split_prefix("fix(retry)!: cap the delay") == ("fix(retry)!", "cap the delay")
    assert h.split_prefix("hookline/retry: cap") == ("hookline/retry", "cap")
    assert h.split_prefix("Cap the delay") == ("", "Cap the delay")
    assert h.first_word("`Added` things") == "Added"


@pytest.mark.parametrize("word", ["Add", "fix", "Embed", "String", "Speed", "Bump", "Refactor", "Made", "Address"])
def test_imperative_words(word: str) -> None:
    assert h.is_imperative(word)


@pytest.mark.parametrize("word", ["Added", "Adds", "fixing", "Fixes", "Updated", "Capped", "Applies", "Refactored",
                                  "Reworded", "Renaming"])
def test_non_imperative_words(word: str) -> None:
    assert not h.is_imperative(word)


def test_conventional_subjects() -> None:
    types = ("feat", "fix")
    assert h.conventional("fix(core): cast", types)
    assert h.conventional("feat!: drop legacy", types)
    assert not h.conventional("Fix: cast", types)
    assert not h.conventional("fix(core) cast", types)
    assert not h.conventional("fix:cast", types)
    assert not h.conventional("fix: cast", ())


def test_issue_numbers_and_closing_references() -> None:
    assert h.issue_numbers("Fix #42 and issue 7, see https://x/o/r/issues/9 (&#39; is no issue)") == {"42", "7", "9"}
    assert h.references_issue("Cast.\n\nfixes #42", "42", ("Fixes",))
    assert h.references_issue("Closes: #42", "42", ("Closes",))
    assert not h.references_issue("Cast (#42)", "42", ("Fixes",))
    assert not h.references_issue("Fixes #421", "42", ("Fixes",))
    assert not h.references_issue("Fixes #42", "42", ())


def test_ai_credits() -> None:
    names = ("Claude", "AI")
    assert h.credits_ai("Co-Authored-By: Claude <noreply@anthropic.com>", names)
    assert h.credits_ai("Generated with [Claude Code](https://claude.com)", names)
    assert h.credits_ai("Assisted-by: an AI assistant", names)
    assert not h.credits_ai("Co-authored-by: Jane Doe <jane@x.org>", names)
    assert not h.credits_ai("Tell Claude about the API", names)
    assert not h.credits_ai("Co-authored-by: Claude", ())


# --- commits in commands --------------------------------------------------------------------------------


def test_commit_subject_from_git_output_then_message_argument() -> None:
    assert h.commit_subject(seg("git commit -qm 'x'", output="[main 1a2b3c4] Real subject\n 1 file changed")) == (
        "Real subject"
    )
    assert h.commit_subject(seg("git commit -am 'Cast inputs' -q")) == "Cast inputs"
    assert h.commit_subject(seg("git commit --message='Subject\n\nbody'")) == "Subject"
    assert h.commit_subject(seg("git commit --message 'Spaced'")) == "Spaced"
    assert h.commit_subject(seg("git commit -F msg.txt")) is None


def test_turn_commit_subjects_keep_commits_that_went_through() -> None:
    run = make_run(turns=[
        turn("a", "r", bash("git commit -qm 'fix: one'", output="[main 1a2b3c4] fix: one")),
        turn("b", "r", bash("git commit -qm 'never'", exit_code=1, output="nothing to commit"),
             bash("git commit -qm 'feat: two'")),
    ])
    assert h.turn_commit_subjects(run) == {0: ["fix: one"], 1: ["feat: two"]}
    assert [s.text for s in h.made_commits(run)] == ["git commit -qm 'fix: one'", "git commit -qm 'feat: two'"]


def test_turn_commit_subjects_prefer_the_history_when_it_matches() -> None:
    heredoc = "git commit -q -m \"$(cat <<'EOF'\nfix: from a heredoc\n\nbody\nEOF\n)\""
    assert h.commit_subject(seg(heredoc)) is None
    turns = [turn("a", "r", bash(heredoc))]
    assert h.turn_commit_subjects(make_run(turns=turns, commits=[commit("fix: from a heredoc")])) == {
        0: ["fix: from a heredoc"]
    }
    assert h.turn_commit_subjects(make_run(turns=turns)) == {}


# --- what was committed -----------------------------------------------------------------------------------


def test_porcelain_paths() -> None:
    assert h.porcelain_path(" M src/a.py") == "src/a.py"
    assert h.porcelain_path("?? out/") == "out/"
    assert h.porcelain_path('R  old.py -> "new name.py"') == "new name.py"


@pytest.mark.parametrize(("path", "ignored"), [
    ("src/pkg/__pycache__/a.pyc", True), ("data/raw.parquet", True), ("build/x.txt", True), ("src/build/x", False),
    ("docs/_build/i.html", True), ("notes/__pycache__", False), ("a.py", False),
])
def test_gitignore_matching(path: str, ignored: bool) -> None:
    assert h.ignored(path, ["__pycache__/", "*.parquet", "/build", "docs/_build/"]) is ignored


def test_committed_paths_leave_out_dirty_and_ignored_files() -> None:
    initial = {".gitignore": "*.log\n", "a.py": "1\n", "gone.py": "x\n"}
    final = {".gitignore": "*.log\n", "a.py": "2\n", "b.py": "new\n", "run.log": "x", "out/c.txt": "c", "d.py": "d"}
    run = make_run(initial=initial, final=final, commits=[commit("Work")], dirty=["?? out/", " M d.py"])
    assert h.committed_paths(run) == ["a.py", "b.py", "gone.py"]
    assert h.committed_paths(make_run(initial=initial, final=final)) == []


def test_renames_pair_a_deleted_file_with_a_similar_new_one() -> None:
    text = "".join(f"line {i}\n" for i in range(10))
    run = make_run(initial={"a.py": text, "b.py": "x\n"}, final={"c.py": text + "extra\n", "d.txt": "x\n"})
    assert h.renames(run) == [("a.py", "c.py")]


# --- commands -------------------------------------------------------------------------------------------------


def test_runs_and_wrapped_in() -> None:
    assert h.runs(seg("ruff format src"), "ruff format")
    assert h.runs(seg("python -m ruff format ."), "ruff format")
    assert h.runs(seg("uv run ruff format"), "ruff format")
    assert h.runs(seg("/usr/bin/ruff format"), "ruff format")
    assert not h.runs(seg("ruff check ."), "ruff format")
    assert h.wrapped_in(seg("timeout 60 uv run pytest -q"), "uv run")
    assert not h.wrapped_in(seg("python -m pytest -q"), "uv run")


def test_read_orders() -> None:
    run = make_run(turns=[turn("t", "r", tool("read_file", path="./src/AGENTS.md"), bash("cat src/AGENTS.md"),
                                bash("echo hi > src/AGENTS.md"), tool("read_file", path="other.md"))])
    assert h.read_orders(run, "src/AGENTS.md") == [0, 1]


def test_red_runs_and_node_ids() -> None:
    assert h.red(seg("python -m pytest -q | tail -2", output="1 failed, 2 passed"))
    assert h.red(seg("python -m pytest -q", exit_code=1))
    assert not h.red(seg("python -m pytest -q | tail -1", output="3 passed"))
    assert h.red(seg("make test 2>&1 | tail -3", output="unit: 35 passed\ncli: 16 passed, 1 failed"))
    failed_alone = seg("make test", output="unit: 35 passed\ncli: 2 failed", exit_code=2)
    assert h.red(failed_alone) and not failed_alone.green
    assert h.red(seg("make test 2>&1 | tail -2", output="unit: 35 passed\n3 tests failed"))


@pytest.mark.parametrize(("test_id", "path", "names"), [
    ("tests/b.py::TestY::test_z[a b]", "tests/b.py", ["TestY.test_z", "test_z"]),
    ("tests/b.py::test_z", "tests/b.py", ["test_z"]),
    ("pkg.tests.test_b.TestY.test_z", None, ["pkg.tests.test_b.TestY.test_z", "tests.test_b.TestY.test_z",
                                             "test_b.TestY.test_z", "TestY.test_z", "test_z"]),
    ("Sorting › keeps ties stable", None, ["Sorting › keeps ties stable", "keeps ties stable"]),
    ("src/sort.test.js > sorting > keeps ties", None, ["src/sort.test.js > sorting > keeps ties", "keeps ties"]),
    ("TestSort/ties", None, ["TestSort/ties", "TestSort"]),
    ("sorts rows by date", None, ["sorts rows by date"]),
    ("test_add", None, ["test_add"]),
])
def test_failing_test_files_and_names(test_id: str, path: str | None, names: list[str]) -> None:
    assert h.failing_file(test_id) == path
    assert h.failing_names(test_id) == names


def test_git_inspections_and_undos() -> None:
    assert h.inspects_changes(seg("git diff --staged"))
    assert h.inspects_changes(seg("git -C repo status --short"))
    assert h.undoes_commit(seg("git revert --no-edit HEAD")) == "revert"
    assert h.undoes_commit(seg("git reset --soft HEAD~1")) == "reset"
    assert h.undoes_commit(seg("git reset --hard 1a2b3c4d")) == "reset"
    assert h.undoes_commit(seg("git reset HEAD src/a.py")) is None
    assert h.undoes_commit(seg("git reset --hard")) is None


def test_stashed_baseline() -> None:
    run = ran("git stash && python -m pytest -q; git stash pop", "python -m pytest -q")
    tests = [s for s in segments(run) if s.is_test_run]
    assert [h.stashed_baseline(s) for s in tests] == [True, False]


def test_last_edits_by_turn() -> None:
    run = make_run(turns=[turn("a", "r", tool("edit_file", path="x.py"), bash("echo 1 > y.txt"), bash("ls")),
                          turn("b", "r", bash("ls"))])
    assert h.last_edits(run) == {0: (1, 0)}


def test_workarounds_pair_an_environment_failure_with_a_later_success() -> None:
    run = make_run(turns=[turn("t", "r", bash("python -m pkg", 1, "No module named pkg"), bash("cd src && ls"),
                                bash("PYTHONPATH=src python -m pkg"), bash("pytest -q", 1, "1 failed"),
                                bash("pytest -q"))])
    assert [(a.cmd, b.cmd) for a, b in h.workarounds(run)] == [("python -m pkg", "PYTHONPATH=src python -m pkg")]
    run = make_run(turns=[turn("t", "r", bash("pytest -q", 127, "bash: pytest: command not found"),
                                bash("python -m pytest -q"))])
    assert [(a.cmd, b.cmd) for a, b in h.workarounds(run)] == [("pytest -q", "python -m pytest -q")]


# --- secrets, requests, reply patterns ------------------------------------------------------------------------


def test_secret_detection() -> None:
    names = ("token", "password")
    assert h.secret_assignment('API_TOKEN = "4f9a8b7c6d5e"', names) == "4f9a8b7c6d5e"
    assert h.secret_assignment("password: 'hunter22x'", names) == "hunter22x"
    assert h.secret_assignment('API_TOKEN = "changeme-please"', names) is None
    assert h.secret_assignment('#define API_TOKEN "4f9a8b7c6d5e"', names) == "4f9a8b7c6d5e"
    assert h.secret_assignment('#define API_TOKEN "your-token-here"', names) is None
    assert h.secret_assignment('API_TOKEN = "short"', names) is None
    assert h.secret_assignment('API_TOKEN = "4f9a8b7c6d5e"', ()) is None
    assert h.SECRET_TOKENS.search("key: " + "AKIA" + "IOSFODNN7EXAMPLE")
    assert h.SECRET_TOKENS.search("-----BEGIN OPENSSH PRIVATE KEY-----")
    assert not h.SECRET_TOKENS.search("sk-short")


@pytest.mark.parametrize(("pattern", "text", "hit"), [
    (h.PR_REQUEST, "Write the PR description please", True),
    (h.PR_REQUEST, "a description for the pull request", True),
    (h.PR_REQUEST, "describe the PR process", False),
    (h.PREEXISTING, "that failure is pre-existing", True),
    (h.PREEXISTING, "unrelated to my change", True),
    (h.PREEXISTING, "an unrelated module", False),
    (h.CORRECTION, "No, I meant the other one", True),
    (h.CORRECTION, "That's wrong: use ints", True),
    (h.CORRECTION, "Now add a test", False),
])
def test_reply_and_request_patterns(pattern: re.Pattern[str], text: str, hit: bool) -> None:
    assert bool(pattern.search(text)) is hit


# --- Python facts --------------------------------------------------------------------------------------------


def test_module_names_and_import_targets() -> None:
    assert h.module_name("src/pkg/a.py") == "pkg.a"
    assert h.module_name("src/pkg/__init__.py") == "pkg"
    assert h.module_name("tools/lint.py") == "tools.lint"
    code = "import os.path\nfrom . import old\nfrom .sub import x\nfrom ..up import y\nfrom pkg.core import add\n"
    targets = h.import_targets("src/pkg/inner/mod.py", module(code))
    assert {"os.path", "pkg.inner.old", "pkg.inner.sub", "pkg.up", "pkg.core", "pkg.core.add"} <= targets
    assert "pkg.old" in h.import_targets("src/pkg/__init__.py", module("from . import old\n"))


def test_env_reads_cli_flags_and_bindings() -> None:
    code = ('import os\nfrom os import environ\nA = os.getenv("A")\nB = os.environ.get("B", "")\nC = os.environ["C"]\n'
            'D = environ["D"]\nE = os.getenv(name)\n')
    assert h.env_reads(module(code)) == {"A", "B", "C", "D"}
    cli = 'p.add_argument("--top-k", "-k")\np.add_argument("path")\n@click.option("--dry-run")\ndef f():\n    pass\n'
    assert h.cli_flags(module(cli)) == {"--top-k", "--dry-run"}
    binds = "import a.b\nfrom c import d as e\nX = 1\ndef f():\n    Y = 2\ntry:\n    import z\nexcept ImportError:\n" \
            "    z = None\nif X:\n    W: int = 3\n"
    assert h.top_level_bindings(module(binds)) == {"a", "e", "X", "f", "z", "W"}


def test_distributions() -> None:
    assert h.requirement_names(["PyYAML>=6", "httpx [http2] ==0.27", "Foo_Bar.baz"]) == {"pyyaml", "httpx",
                                                                                          "foo-bar-baz"}
    assert h.distribution("yaml") == "pyyaml"
    assert h.third_party("httpx", {"pkg"}) and not h.third_party("json", set()) and not h.third_party("pkg", {"pkg"})
    toml = b'[project]\ndependencies = ["httpx>=0.27"]\n[project.optional-dependencies]\ncli = ["rich"]\n' \
           b'[dependency-groups]\ndev = ["pytest"]\n'
    assert h.declared_distributions(toml) == {"httpx", "rich", "pytest"}
    poetry = b'[tool.poetry.dependencies]\npython = "^3.11"\nRequests = "^2"\n'
    assert h.declared_distributions(poetry) == {"requests"}
    assert h.declared_distributions(None) == set()


def test_added_facts_local_modules_and_project_paths() -> None:
    run = make_run(initial={"src/pkg/a.py": 'import os\nA = os.getenv("A")\n', "tool.py": ""},
                   final={"src/pkg/a.py": 'import os\nA = os.getenv("A")\nB = os.getenv("B")\n', "tool.py": "",
                          "src/pkg/bad.py": "def (:\n"})
    assert h.added_facts(run, "**/*.py", h.env_reads) == {"src/pkg/a.py": {"B"}}
    assert h.local_modules(run) == {"pkg", "tool"}
    assert h.project_path("/workspace/src/pkg/a.py", run.files) == "src/pkg/a.py"
    assert h.project_path("/usr/lib/python3.11/json/decoder.py", run.files) is None
    assert h.project_path("a.py", run.files) == "src/pkg/a.py"
    assert h.project_path("bad.py", {"src/a/bad.py": b"", "src/b/bad.py": b""}) is None


@pytest.mark.parametrize(("trace", "frames"), [
    ('Traceback (most recent call last):\n  File "/w/src/a.py", line 8, in f\nValueError', [("/w/src/a.py", 8)]),
    ('  File "/w/src/a.py", line 3\n    def (:\nSyntaxError: invalid syntax', [("/w/src/a.py", 3)]),
    ("TypeError: x is undefined\n    at sortRows (/w/src/sort.js:2:29)\n    at /w/src/sort.js:9:3\n"
     "    at Array.sort (<anonymous>)\n    at file:///w/test/a.test.js:4:1",
     [("/w/src/sort.js", 2), ("/w/src/sort.js", 9), ("/w/test/a.test.js", 4)]),
    ("src/crc.c: In function 'f':\nsrc/crc.c:5:9: error: expected ';'\nsrc/crc.h:3:1: note: declared here",
     [("src/crc.c", 5), ("src/crc.h", 3)]),
    ("crc: src/crc.c:12: crc_add: Assertion `a < 10' failed.", [("src/crc.c", 12)]),
    ("==1==ERROR: AddressSanitizer: heap-buffer-overflow\n    #0 0x4f2a1b in crc_add /w/src/crc.c:5:9\n"
     "    #1 0x7f3b in __libc_start_main (libc.so.6+0x2409b)", [("/w/src/crc.c", 5)]),
    ("#0  crc_add (a=1, b=2) at src/crc.c:5\n#1  0x0000555 in main () at src/main.c:9", [("src/crc.c", 5),
                                                                                       ("src/main.c", 9)]),
    ("==7== Invalid read of size 4\n==7==    at 0x109182: crc_add (crc.c:5)\n==7==    by 0x1091A0: main (main.c:9)",
     [("crc.c", 5), ("main.c", 9)]),
    ("see src/crc.c:5 for the loop", []),
])
def test_trace_frames_of_every_language(trace: str, frames: list[tuple[str, int]]) -> None:
    assert h.trace_frames(trace) == frames


def test_todos_and_markdown() -> None:
    assert h.todo_comment("x = 1  # TODO: later", ("TODO",))
    assert h.todo_comment("// FIXME", ("FIXME",))
    assert not h.todo_comment('print("TODO")', ("TODO",))
    assert not h.todo_comment("# TODO", ())
    log = "# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n- a\n\n## 0.1.0\n\n- b\n"
    lines = log.splitlines()
    assert h.heading_above(lines, 7, 2) == "Unreleased"
    assert h.heading_above(lines, 7, 3) == "Fixed"
    assert h.heading_above(lines, 11, 3) is None
    assert h.section_text("# T\n\n## Testing\n\nran it\n\n## Notes\nx\n", "testing") == "ran it"
    assert h.section_text("## Tests\n", "Testing") is None
    assert h.passages("a\nb\nuse add here\nc\nd\ne\nf\nadd again\n", {"add"}, 1) == (
        "2: b\n3: use add here\n4: c\n...\n7: f\n8: add again"
    )
    assert h.word_in("--top-k", "run --top-k 5") and not h.word_in("--top-k", "run --top-kx")


def test_a_package_registers_a_module_by_import_or_all() -> None:
    assert h.registers("src/pkg/__init__.py", b"from .parser import parse\n", "pkg.parser")
    assert h.registers("src/pkg/__init__.py", b"from . import parser\n", "pkg.parser")
    assert h.registers("src/pkg/__init__.py", b"__all__ = ['parser', 'core']\n", "pkg.parser")
    assert not h.registers("src/pkg/__init__.py", b"# parser\nNOTE = 'parser'\n", "pkg.parser")
    assert not h.registers("src/pkg/__init__.py", b"def (:\n", "pkg.parser")
