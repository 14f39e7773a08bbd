"""checks/bash: command lines read as bash reads them (tree-sitter-bash): simple commands wherever they sit, their
words, wrappers, redirections, working directory, and how their exit status relates to the line's."""

from __future__ import annotations

import pytest

from pytest_harnessif.checks.bash import cut_heredocs, join, read, shell_payload, unwrap


def texts(line: str) -> list[tuple[str, str]]:
    return [(s.text, s.link) for s in read(line)]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("a && b", [("a", "&&"), ("b", "")]),
        ("a || b; c", [("a", "||"), ("b", ";"), ("c", "")]),
        ("a | b |& c", [("a", "|"), ("b", "|"), ("c", "")]),
        ("a & b\nc", [("a", "&"), ("b", "\n"), ("c", "")]),
        ("git commit -m 'a; git push'", [("git commit -m 'a; git push'", "")]),
        ('echo "x && y" && z', [('echo "x && y"', "&&"), ("z", "")]),
        ('echo "say \\"hi\\"; ok"', [('echo "say \\"hi\\"; ok"', "")]),
        ("pytest -q 2>&1 | tail -3", [("pytest -q 2>&1", "|"), ("tail -3", "")]),
        ("pytest &> out.log", [("pytest &> out.log", "")]),
        ("(cd src && ls)", [("cd src", "&&"), ("ls", "")]),
        ("ls # && rm -rf /", [("ls", "")]),
        ("echo a#b", [("echo a#b", "")]),
        ("a;", [("a", "")]),
        ("! grep x f", [("grep x f", "")]),
        ("", []),
    ],
)
def test_simple_commands_and_the_operators_between_them(line: str, expected: list[tuple[str, str]]) -> None:
    assert texts(line) == expected


def test_heredoc_bodies_are_words_not_commands() -> None:
    line = "cat > notes.md <<'EOF'\nrm -rf / && git push\nEOF\ngit status"
    cat, git = read(line)
    assert (cat.program, git.argv) == ("cat", ("git", "status"))
    assert cat.stdin == "rm -rf / && git push\n" and cat.redirects[0].target == "notes.md"
    assert cut_heredocs(line)[0] == "cat > notes.md <__heredoc_0__\ngit status"


def test_a_line_that_goes_on_after_a_heredoc_operator() -> None:
    """tree-sitter-bash mis-parses `python - <<EOF 2>&1 | tail` (the rest of the line after the heredoc): the reader
    cuts heredocs out first."""
    python, tail = read("python3 - <<'EOF' 2>&1 | tail -5\nimport sys\nprint(sys.argv)\nEOF\n")
    assert python.argv == ("python3", "-") and python.stdin == "import sys\nprint(sys.argv)\n"
    assert python.pipes_to == (1,) and tail.piped_in and tail.sure and not python.sure
    assert [s.program for s in read("cat <<EOF | python - && echo ok\nprint(1)\nEOF\ngit status")] == [
        "cat", "python", "echo", "git"]


def test_two_heredocs_and_the_dash_form() -> None:
    assert [s.text for s in read("cat <<A <<-B\none\nA\n\ttwo\n\tB\necho done")] == ["cat <<A <<-B", "echo done"]


def test_quoted_heredoc_marker_is_not_a_heredoc() -> None:
    assert [s.text for s in read("echo '<<EOF'\necho next")] == ["echo '<<EOF'", "echo next"]


def test_an_unquoted_heredoc_runs_its_command_substitutions() -> None:
    assert [s.program for s in read("cat > a.txt <<EOF\n$(git log -1)\nEOF")] == ["git", "cat"]
    assert [s.program for s in read("cat > a.txt <<'EOF'\n$(git log -1)\nEOF")] == ["cat"]


def test_commit_message_heredoc_is_the_word_it_builds() -> None:
    line = "git commit -m \"$(cat <<'EOF'\nfix: parse\n\nBody && rm -rf /\nEOF\n)\" && git log -1"
    cat, commit, log = read(line)
    assert cat.nesting == ("substitution",) and commit.argv[:2] == ("git", "commit")
    assert "fix: parse\n\nBody && rm -rf /\n" in commit.argv[3] and log.requires == {1}


def test_line_continuation() -> None:
    assert [s.argv for s in read("python -m pytest \\\n  -q && echo ok")] == [("python", "-m", "pytest", "-q"),
                                                                               ("echo", "ok")]


@pytest.mark.parametrize(
    ("line", "programs"),
    [
        ("for f in *.py; do python $f; done; echo $(git diff | wc -l)", ["python", "git", "wc", "echo"]),
        ("if pytest -q; then git commit -am ok; elif make lint; then echo a; else exit 1; fi",
         ["pytest", "git", "make", "echo", "exit"]),
        ('case "$1" in test) make test;; lint|fmt) ruff check .;; esac', ["make", "ruff"]),
        ("while read -r f; do black $f; done < <(git ls-files)", ["git", "read", "black"]),
        ("f() { pytest -q; }; f", ["pytest", "f"]),
        ("time (make test)", ["make"]),
        ("echo `ls | wc -l`", ["ls", "wc", "echo"]),
        ("X=$(pytest -q 2>&1); echo \"$X\"", ["pytest", "echo"]),
        ("[ -f setup.py ] && python setup.py test", ["[", "python"]),
        ("export PATH=$PWD/.venv/bin:$PATH && pytest", ["export", "pytest"]),
        ('find . -name "*.py" -exec ruff check {} +', ["find", "ruff"]),
        ("git ls-files '*.py' | xargs -n1 black --check", ["git", "black"]),
    ],
)
def test_commands_inside_loops_conditions_substitutions_and_functions(line: str, programs: list[str]) -> None:
    assert [s.program for s in read(line)] == programs


@pytest.mark.parametrize(
    ("line", "payload"),
    [
        ("bash -lc 'cd /w && timeout 60 pytest -q' > log.txt", ["cd", "pytest"]),
        ('sh -c "make test"', ["make"]),
        ("sudo sh -ec 'apt-get update'", ["apt-get"]),
        ("bash <<'EOF'\ncd src && make test\nEOF", ["cd", "make"]),
        ("bash -s <<EOF\nruff check .\nEOF", ["ruff"]),
    ],
)
def test_shell_payloads_are_read_again(line: str, payload: list[str]) -> None:
    host, *inner = read(line)
    assert host.payload and host.program in ("bash", "sh")
    assert [s.program for s in inner] == payload and not any(s.payload for s in inner)
    assert all("payload" in s.nesting for s in inner)


def test_a_shell_running_a_script_file_has_no_payload() -> None:
    assert [s.payload for s in read("bash tests/run.sh")] == [False]
    assert shell_payload(("bash", "-c")) is None and shell_payload(("bash", "-lc", "x")) == "x"


@pytest.mark.parametrize(
    ("words", "skipped", "timeout"),
    [
        (("timeout", "120", "python", "-m", "pytest"), 2, "120"),
        (("timeout", "-s", "KILL", "5m", "python", "x.py"), 4, "5m"),
        (("env", "FOO=1", "BAR=2", "pytest"), 3, None),
        (("nice", "-n", "5", "python3", "a.py"), 3, None),
        (("uv", "run", "--with", "pytest-cov", "pytest", "-x"), 4, None),
        (("poetry", "run", "pytest"), 2, None),
        (("sudo", "-E", "git", "status"), 2, None),
        (("npx", "--yes", "vitest", "run"), 2, None),
        (("bundle", "exec", "rspec"), 2, None),
        (("xargs", "-I", "{}", "rm", "{}"), 3, None),
        (("stdbuf", "-oL", "pytest"), 2, None),
        (("git", "status"), 0, None),
        (("uv", "sync"), 0, None),
    ],
)
def test_unwrap(words: tuple[str, ...], skipped: int, timeout: str | None) -> None:
    assert unwrap(words) == (skipped, timeout)


def test_program_names() -> None:
    assert [s.program for s in read(r".venv\Scripts\python.exe -m pytest")] == ["python"]
    assert [s.program for s in read("/usr/bin/python3 -V; ./gradlew test; FOO=1 timeout 5 env X=2 npm t")] == [
        "python3", "gradlew", "npm"]


def test_environment_assignments_are_read_apart_from_the_words() -> None:
    (simple,) = read("PYTHONPATH=src CI=1 timeout 60 pytest -q")
    assert (simple.assignments, simple.words[0], simple.program) == (("PYTHONPATH=src", "CI=1"), "timeout", "pytest")


def test_working_directory_follows_cd() -> None:
    line = "cd repo && make; (cd sub && ls); pushd docs; touch a; popd; cd \"$TMP\"; ls; cd /tmp; ls"
    assert [(s.program, s.cwd) for s in read(line)] == [
        ("cd", ""), ("make", "repo"), ("cd", "repo"), ("ls", "repo/sub"), ("pushd", "repo"), ("touch", "repo/docs"),
        ("popd", "repo/docs"), ("cd", "repo"), ("ls", None), ("cd", None), ("ls", "/tmp")]


def test_join() -> None:
    assert join("", "./a") == "a" and join("src", "../b") == "b" and join("src", "a.py") == "src/a.py"
    assert join(None, "a.py") == "a.py" and join("/tmp", "o.txt") == "/tmp/o.txt" and join("x", "/abs") == "/abs"
    assert join("src", "$OUT/r.txt") == "$OUT/r.txt"


@pytest.mark.parametrize(
    ("line", "sure", "requires"),
    [
        ("a && b && c", [True, True, True], [set(), {0}, {0, 1}]),
        ("a; b", [False, True], [set(), set()]),
        ("a || b", [False, False], [set(), set()]),
        ("a | b", [False, True], [set(), set()]),
        ("set -o pipefail; a | b", [False, True, True], [set(), set(), set()]),
        ("set -e\na\nb", [False, True, True], [set(), {0}, {0, 1}]),
        ("set -euo pipefail\na | b\nc", [False, True, True, True], [set(), {0}, {0}, {0, 1, 2}]),
        ("if a; then b; fi", [False, False], [set(), {0}]),
        ("a && b &", [False, False], [set(), {0}]),
        ("(a && b) && c", [True, True, True], [set(), {0}, {0, 1}]),
        ("! a && b", [False, True], [set(), set()]),
    ],
)
def test_sure_and_requires(line: str, sure: list[bool], requires: list[set[int]]) -> None:
    got = read(line)
    assert [s.sure for s in got] == sure
    assert [set(s.requires) for s in got] == requires


def test_redirections_belong_to_the_command_they_follow() -> None:
    """tree-sitter-bash hangs a redirection written after the last command of a list on the whole list; bash gives it
    to that command."""
    first, second = read("echo x > /tmp/scratch.py && echo y >> src/b.py")
    assert [r.file for r in first.redirects] == ["/tmp/scratch.py"] and [r.file for r in second.redirects] == [
        "src/b.py"]
    a, b, c = read("a && b | c > f")
    assert (a.redirects, b.redirects, [r.file for r in c.redirects]) == ((), (), ["f"])
    cd, make = read("(cd a && make) > build.log 2>&1")
    assert [r.file for r in cd.redirects] == ["build.log", None] and cd.redirects[0].cwd == ""
    assert make.cwd == "a" and not make.redirects


@pytest.mark.parametrize(
    ("line", "files"),
    [
        ("echo hi > out.txt", ["out.txt"]),
        ("echo hi >>log.txt", ["log.txt"]),
        ("pytest &> out.log", ["out.log"]),
        ("python gen.py 1> a.py 2> err.txt", ["a.py", "err.txt"]),
        ("ls > /dev/null 2>&1", []),
        ("echo a >| b", ["b"]),
        ("cmd >& both.log", ["both.log"]),
        ("cmd >&2", []),
        ("sort < in.txt", []),
        ("echo 'a > b'", []),
    ],
)
def test_redirect_files(line: str, files: list[str]) -> None:
    assert [r.file for s in read(line) for r in s.redirects if r.file] == files


def test_background_and_here_strings() -> None:
    server, sleep, kill = read("python -m http.server 8000 & sleep 1; kill %1")
    assert server.background and not sleep.background and not kill.background
    (tr,) = read("tr a-z A-Z <<< 'hello'")
    assert tr.stdin == "hello" and tr.piped_in
