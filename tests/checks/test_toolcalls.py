"""checks/toolcalls: tool calls (failures, retries, re-reads, overwrites), what shell commands do, and the numbers
rules count in text and diffs."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.shell import Segment, chain_operators, segments
from pytest_harnessif.checks.toolcalls import (
    bash_timeouts,
    call_key,
    calls_text,
    code_block_lines,
    code_reads,
    decimals,
    diff_size,
    escalates,
    existing_file_changes,
    failed,
    fetches,
    files_read,
    foreign_linter,
    installs,
    interactive,
    line_count,
    module_stems,
    number_words,
    option_labels,
    output_lines,
    overwrites,
    pages,
    recursive_rm_targets,
    recursive_search,
    relative_inside,
    remote_hosts,
    rereads,
    retry_streaks,
    rewrites_after_failed_edit,
    search_capped,
    seconds,
    selected_test_stems,
    skill_loads,
    states_count,
    stops_processes,
    turn_calls,
)
from pytest_harnessif.checks.workspace import repo_path
from pytest_harnessif.evidence import Run
from pytest_harnessif.testing import bash, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

FILES = {"src/a.py": "".join(f"A{i} = {i}\n" for i in range(10)), "README.md": "# r\n"}


def ran(*calls: ToolCall, files: dict[str, str] | None = None, final: dict[str, str] | None = None) -> Run:
    return make_run(initial=files or FILES, final=final, turns=[turn("t", "r", *calls)])


def seg(cmd: str, index: int = 0) -> Segment:
    return segments(ran(bash(cmd)))[index]


def read(path: str, **kw: object) -> ToolCall:
    return tool("read_file", path=path, **kw)  # type: ignore[arg-type]


# --- tool calls --------------------------------------------------------------------------------------------


def test_failed_covers_errors_exit_codes_and_timeouts() -> None:
    assert failed(bash("x", exit_code=2))
    assert failed(bash("x", timed_out=True))
    assert failed(tool("edit_file", is_error=True, path="a"))
    assert not failed(bash("x")) and not failed(read("a"))


def test_call_key_ignores_argument_order_and_ids() -> None:
    a = ToolCall(id="1", name="run_tests", args={"args": "-k x", "b": 1})
    b = ToolCall(id="2", name="run_tests", args={"b": 1, "args": "-k x"})
    assert call_key(a) == call_key(b) != call_key(ToolCall(id="3", name="bash", args={"args": "-k x", "b": 1}))


def test_output_lines_drops_the_harness_lines() -> None:
    assert output_lines(bash("x", output="exit code: 0\na\nb\n[output truncated]")) == 2
    assert output_lines(bash("x", output="")) == 0


def test_retry_streaks_count_repeats_after_failures_within_a_turn() -> None:
    red = bash("pytest", exit_code=1)
    run = make_run(turns=[turn("t", "r", red, red, bash("pytest"), bash("ls"), bash("ls")), turn("u", "r", red)])
    assert [(t, c.command, n) for t, c, n in retry_streaks(run)] == [(0, "pytest", 2)]


def test_retry_streaks_stop_at_a_different_call() -> None:
    run = ran(bash("a", exit_code=1), bash("b", exit_code=1), bash("a", exit_code=1))
    assert retry_streaks(run) == []


def test_rereads_reset_on_edits_and_bash_writes() -> None:
    run = ran(read("src/a.py"), tool("edit_file", path="src/a.py", old="A0", new="B0"), read("./src/a.py"),
              bash("echo x >> README.md"), read("README.md"), read("README.md"))
    assert rereads(run) == ["turn 0: read_file README.md"]


def test_rereads_reset_on_bash_in_a_turn_that_changed_the_file_unexplained() -> None:
    final = {**FILES, "src/a.py": "A = 1\n"}
    run = ran(read("src/a.py"), bash("python fix.py"), read("src/a.py"), final=final)
    assert rereads(run) == []
    assert rereads(ran(read("src/a.py"), bash("git status"), read("src/a.py"))) == ["turn 0: read_file src/a.py"]


def test_overwrites_follow_edits_and_measure_the_changed_share() -> None:
    edit = tool("edit_file", path="src/a.py", old="A9 = 9", new="A9 = 90")
    new = FILES["src/a.py"].replace("A0 = 0", "A0 = 5").replace("A1 = 1", "A1 = 5")
    run = ran(edit, tool("write_file", path="src/a.py", content=new), tool("write_file", path="b.py", content="x"))
    [over] = overwrites(run)
    assert (over.path, round(over.changed_percent)) == ("src/a.py", 30)  # A0, A1 and the edited A9
    assert [c.name for _, c in existing_file_changes(run)] == ["edit_file", "write_file"]


def test_overwrites_skip_files_a_bash_command_wrote() -> None:
    run = ran(bash("sed -i s/A0/B0/ src/a.py"), tool("write_file", path="src/a.py", content="x\n"))
    assert overwrites(run) == []


def test_rewrites_after_failed_edit_look_at_the_next_change_of_that_file() -> None:
    bad = tool("edit_file", path="src/a.py", old="nope", new="x", is_error=True)
    good = tool("edit_file", path="src/a.py", old="A0", new="B0")
    write = tool("write_file", path="src/a.py", content="x")
    assert rewrites_after_failed_edit(ran(bad, good, write)) == (1, [])
    failures, rewrites = rewrites_after_failed_edit(ran(bad, read("src/a.py"), write))
    assert failures == 1 and rewrites == ["turn 0: edit_file src/a.py failed, then write_file src/a.py"]


def test_bash_timeouts_by_order() -> None:
    timed = bash("pytest").model_copy(update={"args": {"command": "pytest", "timeout": 90}})
    flagged = bash("ls").model_copy(update={"args": {"command": "ls", "timeout": True}})
    assert bash_timeouts(ran(bash("ls"), timed, flagged)) == {1: 90.0}


def test_calls_text_marks_failures_with_their_output() -> None:
    run = ran(read("src/a.py"), bash("pytest", exit_code=1, output="E assert 1 == 2\n1 failed"))
    text = calls_text(turn_calls(run, 0, 0), failed_tail=1)
    assert text.splitlines() == ["[turn 0] read_file src/a.py", "[turn 0] FAILED bash: pytest -> exit 1",
                                 "    1 failed"]
    assert calls_text([]) == "(no tool call)"


def test_skill_loads_and_test_stems() -> None:
    load = ToolCall(id="s", name="skill", args={"name": "python-testing"})
    bad = ToolCall(id="t", name="skill", args={"name": "nope"}, is_error=True)
    assert skill_loads(ran(bash("ls"), load, bad)) == [(1, 0, "python-testing")]
    assert selected_test_stems(seg("pytest -q tests/test_core.py::test_add tests/unit/test_io.py -k x")) == {
        "core", "io"}
    assert module_stems(["src/pkg/core.py", "b/io.py"]) == {"core", "io"}


@pytest.mark.parametrize(("cmd", "stems"), [
    ("node --test test/sort.test.js src/x.spec.ts", {"sort", "x"}),
    ("make test TESTS=tests/test_crc.c", {"crc"}),
    ("go test ./internal/ledger/ledger_test.go", {"ledger"}),
    ("node --test test/format.js", {"format"}),
    ("node --test --test-name-pattern=sort", set()),
    ("npx jest test/unit/parse.js", {"parse"}),
    ("bundle exec rspec spec/models/user_spec.rb", {"user"}),
    ("make test TESTS=tests/unit/crc.c", {"crc"}),
])
def test_selected_test_stems_in_every_language(cmd: str, stems: set[str]) -> None:
    assert selected_test_stems(seg(cmd)) == stems
    assert module_stems(["src/table.sort.js"]) == {"table.sort", "table"}


# --- shell commands ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "seconds_"), [("60", 60), ("60s", 60), ("2m", 120), ("1.5h", 5400), ("x", 0)])
def test_seconds(text: str, seconds_: float) -> None:
    assert seconds(text) == seconds_


@pytest.mark.parametrize(("cmd", "paged"), [
    ("git log -3", True), ("git --no-pager log", False), ("git -P diff", False), ("git -C src blame a.py", True),
    ("git status", False), ("git diff --no-pager", True), ("echo git log", False),
])
def test_pages(cmd: str, paged: bool) -> None:
    assert pages(seg(cmd), ("log", "diff", "show", "blame")) is paged


@pytest.mark.parametrize(("cmd", "paths"), [
    ("cat src/a.py README.md", ["src/a.py", "README.md"]),
    ("head -n 5 src/a.py", ["src/a.py"]),
    ("tail -n +3 ./src/a.py", ["src/a.py"]),
    ("cat /workspace/src/a.py", ["src/a.py"]),
    ("cat /tmp/out.txt ~/x ../y", []),
    ("cat > src/new.py <<'EOF'\nx = 1\nEOF", []),
    ("cat - 2>/dev/null", []),
    ("grep x src/a.py", []),
])
def test_files_read(cmd: str, paths: list[str]) -> None:
    assert files_read(seg(cmd), ("cat", "head", "tail")) == paths


def test_files_read_ignores_the_receiving_end_of_a_pipe() -> None:
    assert files_read(seg("git show HEAD:a.py | head -5", 1), ("head",)) == []


@pytest.mark.parametrize(("cmd", "paths"), [
    ("sed -n '1,80p' src/a.py", ["src/a.py"]),
    ("sed -e 's/x/y/' -n src/a.py", ["src/a.py"]),
    ("sed -i 's/x/y/' src/a.py", []),
    ("awk 'NR<5' src/a.py", ["src/a.py"]),
    ("awk -v n=3 -f prog.awk src/a.py", ["src/a.py"]),
    ("head -n 5 < src/a.py", ["src/a.py"]),
    ("nl -ba src/a.py", ["src/a.py"]),
    ("nl -ba src/a.py | sed -n '1,60p'", ["src/a.py"]),
    ("awk '/def /{print NR\": \"$0}' src/a.py", ["src/a.py"]),
    ("sed 's/int x;/long x;/' src/a.py > /tmp/a.py", []),
    ("awk -F, '{s+=$2} END {print s}' src/a.py", []),
    ("awk '{print $1}' src/a.py", []),
    ("head -n +2 src/a.py | wc -l", []),
    ("sed -n '1,5p' src/a.py | grep def", []),
    ("head -n 5 src/a.py > /dev/null", []),
    ("head -n 5 src/a.py 2> /tmp/err", ["src/a.py"]),
    ("head -n 5 src/a.py | sed -n '2p' > /tmp/x", []),
])
def test_files_read_by_sed_awk_and_redirection(cmd: str, paths: list[str]) -> None:
    assert files_read(seg(cmd), ("head", "nl", "sed", "awk")) == paths


@pytest.mark.parametrize(("cmd", "paths"), [
    ("python -c \"print(open('src/a.py').read())\"", ["src/a.py"]),
    ("python3 - <<'EOF'\nfrom pathlib import Path\nprint(Path('./src/a.py').read_text())\nEOF", ["src/a.py"]),
    ("node -e \"console.log(require('fs').readFileSync('src/a.js', 'utf8'))\"", ["src/a.js"]),
    ("python -c \"import json; json.load(open('data.json'))\"", []),
    ("python -c \"print(open('/etc/hosts').read())\"", []),
    ("python tools/report.py", []),
    ("python3 - <<'EOF'\nwith open('src/a.py') as f:\n    print(f.read())\nEOF", ["src/a.py"]),
    ("python3 -c \"for l in open('src/a.py'): print(l)\"", ["src/a.py"]),
    ("python3 -c \"print(''.join(open('src/a.py').readlines()[:40]))\"", ["src/a.py"]),
    ("python3 -c \"import json; print(json.load(open('package.json'))['scripts'])\"", []),
    ("python3 -c \"print(len(open('src/a.py').read().splitlines()))\"", []),
    ("python3 -c \"from pathlib import Path; print(Path('src').exists())\"", []),
    ("node -e \"console.log(JSON.parse(require('fs').readFileSync('package.json')).version)\"", []),
    ("node -c src/a.js", []),
    ("python3 -c \"from pathlib import Path; print(Path('src/a.py').open('r').read())\"", ["src/a.py"]),
    ("python3 -c \"import webbrowser; print(webbrowser.open('docs/index.html'))\"", []),
])
def test_code_reads(cmd: str, paths: list[str]) -> None:
    assert code_reads(seg(cmd)) == paths


@pytest.mark.parametrize(("arg", "path"), [
    ("src/a.py", "src/a.py"), ("./a", "a"), ("/workspace/x/y", "x/y"), ("/workspace", "."), ("a/../b", "b"),
    ("/tmp/x", None), ("a/../../x", None), ("/workspace/../x", None), ("~/x", None), ("$HOME/x", None),
    ("../x", None), ("..", None),
])
def test_repo_path(arg: str, path: str | None) -> None:
    assert repo_path(arg) == path


def test_relative_inside() -> None:
    assert relative_inside("src/a.py") and relative_inside("./a")
    assert not relative_inside("/workspace/src/a.py") and not relative_inside("../a") and not relative_inside("~/a")


@pytest.mark.parametrize(("cmd", "recursive", "capped"), [
    ("grep -rn x src", True, False),
    ("grep -Rl x .", True, True),
    ("grep -rn x src | head -5", True, True),
    ("grep -rn x src | grep -v y | wc -l", True, True),
    ("grep --recursive -m 3 x .", True, True),
    ("rg x", True, False),
    ("rg --count x", True, True),
    ("rg x | sort", True, False),
    ("git grep -q x", True, True),
    ("grep -n x a.py", False, False),
    ("grep -e r x a.py", False, False),
])
def test_recursive_search_and_caps(cmd: str, recursive: bool, capped: bool) -> None:
    assert recursive_search(seg(cmd)) is recursive
    assert search_capped(seg(cmd)) is capped


@pytest.mark.parametrize(("cmd", "why"), [
    ("vim a.py", "editor"), ("emacs --batch -l x.el", None), ("less a.py", "less"), ("watch ls", "watch"),
    ("python", "interactive python"), ("timeout 5 python3", "interactive python3"), ("python -i a.py", "python"),
    ("python -m mod -i x", None),
    ("python a.py", None), ("echo 1 | python", None), ("python <<'EOF'\nprint(1)\nEOF", None), ("node", "node"),
    ("git commit", "editor"), ("git commit -qam 'x'", None), ("git commit -F msg.txt", None),
    ("git commit --amend", "editor"), ("git commit --amend --no-edit", None), ("git commit -C HEAD", None),
    ("git rebase -i HEAD~2", "rebase -i"), ("git rebase main", None), ("git add -p a.py", "patch"),
    ("git add -u", None), ("git checkout -p", "patch"), ("git checkout -b x", None), ("git mergetool", "mergetool"),
])
def test_interactive(cmd: str, why: str | None) -> None:
    reason = interactive(seg(cmd))
    assert (reason is None) if why is None else (reason is not None and why in reason)


@pytest.mark.parametrize(("cmd", "raised"), [
    ("sudo apt-get install jq", True), ("env X=1 sudo -E make", True), ("su -c 'ls'", True), ("doas ls", True),
    ("echo sudo", False), ("grep sudo a.txt", False),
])
def test_escalates(cmd: str, raised: bool) -> None:
    assert escalates(seg(cmd)) is raised


@pytest.mark.parametrize(("cmd", "hosts", "fetch"), [
    ("curl -s https://pypi.org/simple", ["pypi.org"], True),
    ("curl -s http://localhost:8000/x", [], False),
    ("curl 127.0.0.1:8080/api -o out.json", [], False),
    ("curl -H 'Accept: a/b' http://[::1]:80/", [], False),
    ("wget example.com/f.csv", ["example.com"], True),
    ("wget --version", [], False),
    ("curl -d @body.json api.example.io:8443", ["api.example.io"], True),
    ("git fetch origin", [], True),
    ("git clone https://github.com/a/b", [], True),
    ("git log", [], False),
])
def test_remote_hosts_and_fetches(cmd: str, hosts: list[str], fetch: bool) -> None:
    assert remote_hosts(seg(cmd)) == hosts
    assert fetches(seg(cmd)) is fetch


@pytest.mark.parametrize(("cmd", "targets"), [
    ("rm -rf build /tmp/x", ["build", "/tmp/x"]), ("rm -R a", ["a"]), ("rm --recursive a", ["a"]),
    ("rm a.txt", None), ("ls -R", None), ("rm -fr ~/c", ["~/c"]),
])
def test_recursive_rm_targets(cmd: str, targets: list[str] | None) -> None:
    assert recursive_rm_targets(seg(cmd)) == targets


@pytest.mark.parametrize(("cmd", "started"), [
    ("server &", [0]), ("server > /dev/null 2>&1 &", [0]), ("a && b &", [0, 1]), ("a & b", [0]),
    ("a &> log", []), ("a |& tee x", []), ("a && b", []), ("echo '&'", []), ("sleep 5 & wait", [0]),
])
def test_background_starts(cmd: str, started: list[int]) -> None:
    assert [s.index for s in seg(cmd).siblings if s.simple.background] == started


def test_stops_processes() -> None:
    assert all(stops_processes(seg(c)) for c in ("kill %1", "pkill -f x", "killall x", "wait", "fuser -k 8000/tcp"))
    assert not stops_processes(seg("fuser 8000/tcp"))


@pytest.mark.parametrize(("cmd", "installer"), [
    ("pip install x", "pip"), ("pip3 install -q x", "pip"), ("python -m pip install x", "pip"),
    ("uv run pip install x", "pip"), ("uv add x", "uv"), ("uv pip install -e .", "uv"), ("uv sync", "uv"),
    ("npm install", "npm"), ("pip list", None), ("uv run pytest", None),
])
def test_installs(cmd: str, installer: str | None) -> None:
    assert installs(seg(cmd)) == installer


@pytest.mark.parametrize(("cmd", "foreign"), [
    ("ruff check .", True), ("python3 -m flake8 src", True), ("npx eslint src", True), ("tsc --noEmit", True),
    ("uv run mypy src", True), ("python tools/lint.py", False), ("node tools/lint.mjs", False),
    ("make lint", False), ("npm run lint", False), ("pre-commit run --all-files", False), ("pip install ruff", False),
    ("cargo clippy", True), ("go vet ./...", True), ("deno lint", True), ("bundle exec rubocop", True),
    ("just lint", False), ("tox -e lint", False), ("./scripts/lint.sh", False),
])
def test_foreign_linter(cmd: str, foreign: bool) -> None:
    assert foreign_linter(seg(cmd)) is foreign


@pytest.mark.parametrize(("cmd", "ops"), [
    ("a | b | c", []), ("a && b", ["&&"]), ("a; b || c", [";", "||"]), ("a\nb", ["newline"]), ("a &", []),
    ("a & b", ["&"]), ("echo 'a; b'", []), ("cat <<'EOF'\na; b\nEOF", []),
])
def test_chain_operators(cmd: str, ops: list[str]) -> None:
    assert chain_operators(seg(cmd).command) == ops


# --- counts in text and output -------------------------------------------------------------------------------


def test_code_block_lines() -> None:
    text = "a\n```python\nx = 1\ny = 2\n```\nb\n```\n```\n  ```sh\nls\n  ```"
    assert code_block_lines(text) == [2, 0, 1]


def test_number_words() -> None:
    assert number_words("Nine files, twenty-one tests, a hundred lines, often ten, Seventeen") == [
        ("Nine", 9), ("twenty-one", 21), ("hundred", 100), ("ten", 10), ("Seventeen", 17)]


def test_decimals() -> None:
    assert decimals("0.25, -3.5%, 1,024.75 and 12.50 but not 3.11.2, v1.2 or e.g. 7.") == [
        ("0.25", 2), ("-3.5", 1), ("1,024.75", 2), ("12.50", 2)]
    assert decimals("a .5 share, and the end.5 of it") == [(".5", 1)]


@pytest.mark.parametrize(("text", "stated"), [
    ("12 passed", True), ("all 12 tests pass", True), ("12 of 12 tests pass", True), ("112 passed", False),
    ("12.5 passed", False), ("12 files changed", False), ("Tests: 12", False),
])
def test_states_count(text: str, stated: bool) -> None:
    assert states_count(text, 12, r"tests?|passed|pass(?:es)?") is stated


def test_option_labels() -> None:
    assert option_labels("Option A: x. Option B: y. Option A again; Approach 3; option c") == ["A", "B", "3"]


def test_line_count() -> None:
    assert line_count(None) == 0 and line_count(b"a\nb\n") == 2 and line_count(b"a") == 1


def test_diff_size_counts_text_files_only() -> None:
    final = {"src/a.py": FILES["src/a.py"].replace("A0 = 0", "A0 = 5") + "A10 = 10\n", "new.txt": "x\ny\n",
             "logo.png": "\x00\x01\n\x02\n"}
    assert diff_size(ran(final=final)) == (4, 2)  # a.py +2/-1, new.txt +2, README.md -1, the png not counted
