"""checks.replies: replies as Markdown (fences, prose, inline code, headings, labels, questions, paths, citations,
figures) and the run facts replies are checked against (commands, test summaries of any runner, printed numbers,
missing programs, written code, new functions in any language, dependencies)."""

from __future__ import annotations

from fractions import Fraction

from pytest_harnessif.checks.replies import (
    Fence,
    absolute_mentions,
    added_dependencies,
    backticked_paths,
    bare_names,
    bullet_markers,
    citations,
    code_errors,
    coded_names,
    command_texts,
    echoed_lines,
    fences,
    figure_shown,
    file_at_turn,
    first_word,
    glyph_lines,
    has_list,
    headings,
    label,
    labelled,
    last_test_command,
    longest_fence,
    missing_names,
    new_public_functions,
    only_prints,
    option_ids,
    path_mentions,
    phrase_pattern,
    plain,
    printed_numbers,
    prose_lines,
    questions,
    questions_gathered,
    quoted_lines,
    quotes_counts,
    repo_paths,
    spelled_locations,
    stated_figures,
    straight,
    summary_counts,
    unresolved_missing,
    written_lines,
    yes_no_question,
)
from pytest_harnessif.testing import bash, make_run, tool, turn

REPLY = (
    "## Summary\nFixed `add` in src/pkg/core.py.\n\n```python\nx = 1\n```\n"
    "~~~\nraw ~~~ text\n~~~\n- item\n* other\n\nBranch: `agent/x`\nTitle:\n- Cast inputs\n"
)


def test_fences_and_prose_split_a_reply() -> None:
    assert fences(REPLY) == [Fence("python", ("x = 1",)), Fence("", ("raw ~~~ text",))]
    assert "x = 1" not in prose_lines(REPLY) and "- item" in prose_lines(REPLY)
    assert fences("```bash\nls\n") == [Fence("bash", ("ls",))]  # an unclosed fence runs to the end
    assert longest_fence(REPLY) == 1 and longest_fence("no code") == 0


def test_inline_code_labels_and_headings() -> None:
    assert plain("a `b` c") == "a     c"
    assert label("> - **Branch:** `x`") == "Branch:** `x`"
    assert headings(REPLY + "### Open questions:\n```\n# not a heading\n```") == [(2, "Summary"),
                                                                                    (3, "Open questions")]
    assert labelled(REPLY, "Branch:") == ["agent/x"]
    assert labelled(REPLY, "title:") == ["Cast inputs"]  # the list item below an empty label
    assert labelled("Title:\n\nprose", "Title:") == [""]


def test_questions_bullets_glyphs_and_options() -> None:
    text = "Why? Because.\n> Quoted?\nSee `a?b` and http://x?q=1.\n## Open questions\n- Keep it?"
    assert questions(text) == [0, 4]
    assert not questions_gathered(text, "Open questions")
    assert questions_gathered("Done.\n## Open questions\n- Keep it?", "open questions")
    assert not questions_gathered("## Open questions\n- Keep it?\n## Testing", "Open questions")
    assert bullet_markers(REPLY) == ["-", "*", "-"]
    assert glyph_lines("\u2022 a\nb \u2022 c", ("\u2022",)) == ["\u2022 a"]
    assert has_list("1. one") and not has_list("plain") and has_list("\u25aa x", ("\u25aa",))
    assert option_ids("**Option A:** x\n- Option 2 - y\nOptions B and C", "Option") == {"a", "2"}


def test_paths_citations_and_locations() -> None:
    paths = {"src/pkg/core.py", "README.md"}
    assert path_mentions(REPLY, paths) == [("src/pkg/core.py", False)]
    assert path_mentions("`./src/pkg/core.py:2`, README.md.bak", paths) == [("src/pkg/core.py", True)]
    assert absolute_mentions("/workspace/src/pkg/core.py and https://x.org/a/src/pkg/core.py", paths) == [
        "/workspace/src/pkg/core.py"]
    assert backticked_paths("`src/a.py:3`, `b.py`, `src/*.py` and `./tests/t.py`") == ["src/a.py", "tests/t.py"]
    assert citations("`src/a.py:3`, b.py:4-6, http://h.com:80, 12:30") == [("src/a.py", 3, 3), ("b.py", 4, 6)]
    assert spelled_locations("line 4 of `core.py`; core.py, line 2; line 3 of the output") == [
        "line 4 of `core.py", ".py, line 2"]


def test_code_names_bare_or_in_code() -> None:
    text = "Added add_many and `NumberBox`; add now casts, `obj.add()` too; add() is new."
    assert bare_names(text, {"add_many", "NumberBox", "add"}) == ["add", "add_many"]
    assert coded_names(text, {"add_many", "NumberBox", "add"}) == ["NumberBox", "add"]


def test_phrases_and_quotes() -> None:
    rx = phrase_pattern(("I'll", "let me know if"))
    assert rx.search(straight("Then I\u2019ll go")) and rx.search("LET ME KNOW IF so")
    assert not rx.search("Bill'll") and not phrase_pattern(()).search("anything")
    assert phrase_pattern(("Done",), tail=r"\s*!").search("Done !")


def test_commands_as_a_reply_quotes_them() -> None:
    run = make_run(turns=[turn("Check", "ok", bash("timeout 60 python -m pytest -q 2>&1 | tail -3"))])
    texts = command_texts(run.commands)
    assert {"python -m pytest -q", "python -m pytest -q 2>&1", "tail -3"} <= texts
    quoted = make_run(turns=[turn("Check", "ok", bash('timeout 60 python -c "import sys; print(sys.argv)"'))])
    assert 'python -c "import sys; print(sys.argv)"' in command_texts(quoted.commands)  # quotes as written
    assert quoted_lines("Ran `a b` and\n```bash\n$ c  d\n```") == ["c d", "a b"]
    assert quoted_lines("```sh\nx\n```\n```bash\ny\n```", ("bash",)) == ["y"]


def test_only_prints_reads_recorded_commands() -> None:
    run = make_run(turns=[turn("Go", "ok", bash("echo hi; printf x"), bash("echo x > f"), bash("echo x | cat"),
                               bash("cd /workspace && echo done"), bash("set -e\ncd /workspace\necho done"),
                               bash("cd /workspace"))])
    assert [only_prints(c, ("echo", "printf")) for c in run.commands] == [True, False, False, True, True, False]
    assert not only_prints(run.commands[0], ())


def test_summary_counts_of_every_runner_and_the_last_test_run() -> None:
    assert summary_counts("..F\n==== 1 failed, 2 passed in 0.1s ====\n") == ["1 failed, 2 passed"]
    assert summary_counts("3 passed, 2 warnings in 1s\n4 passed in 2s") == ["3 passed, 2 warnings", "4 passed"]
    node = "# tests 12\n# suites 0\n# pass 11\n# fail 1\n# cancelled 0\n# skipped 2\n# todo 0\n# duration_ms 9.5"
    assert summary_counts(node) == ["pass 11", "fail 1", "skipped 2"]
    assert summary_counts("unit: 35 passed, 2 failed\ncli: 4 passed") == ["35 passed, 2 failed", "4 passed"]
    assert summary_counts("Tests:       1 failed, 11 passed, 12 total") == ["1 failed, 11 passed, 12 total"]
    assert summary_counts("  11 passing (30ms)\n  1 failing") == ["11 passing", "1 failing"]
    assert summary_counts("...\nRan 3 tests in 0.01s\n\nFAILED (failures=1)") == ["Ran 3 tests", "FAILED (failures=1)"]
    assert summary_counts("ok  \texample.com/pkg\t0.01s") == [] and summary_counts("collecting ...") == []
    assert quotes_counts("Result: `# pass 11`,  Fail 1.", "pass 11") and not quotes_counts("pass 111", "pass 11")
    assert not quotes_counts("21 passed", "1 passed")
    maven = "[INFO] Results:\n[INFO]\n[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 0"
    (counts,) = summary_counts(maven)
    assert quotes_counts("Maven: `Tests run: 12, Failures: 0, Errors: 0, Skipped: 0`.", counts)
    cargo = "test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s"
    (counts,) = summary_counts(cargo)
    assert quotes_counts("cargo test: 3 passed; 0 failed; 1 ignored", counts)
    assert quotes_counts("test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out", counts)
    assert summary_counts("unit: 35 passed\ncli: 2 failed") == ["35 passed", "2 failed"]
    run = make_run(turns=[turn("T", "ok", bash("python -m pytest -q", output="1 passed"),
                               tool("run_tests", command="npm test", exit_code=0, output="2 passing")),
                          turn("U", "ok", bash("make test", output="unit: 3 passed")), turn("V", "ok")])
    assert last_test_command(run, 0).output == "2 passing" and last_test_command(run, 1).cmd == "make test"
    assert last_test_command(run, 2) is None


def test_missing_programs_and_whether_the_turn_got_them_running() -> None:
    run = make_run(turns=[turn("Go", "ok",
                               bash("ruff check", exit_code=127, output="bash: ruff: command not found"),
                               bash("mypy src", exit_code=127, output="sh: 1: mypy: not found"),
                               bash("python t.py", exit_code=1, output="No module named 'pkg.core'"),
                               bash("frob", exit_code=127),
                               bash("PYTHONPATH=src python t.py"),
                               bash("pip install ruff && ruff check"),
                               bash("node t.js", exit_code=1, output="Error: Cannot find module 'jsdom'"),
                               bash("node t.js", exit_code=1, output="Error: Cannot find module './local.js'"),
                               bash("make", exit_code=2, output="a.c:1:10: fatal error: zlib.h: No such file or "
                                                                "directory"))])
    names = [n for c in run.commands for n in missing_names(c)]
    assert names == ["ruff", "mypy", "pkg", "frob", "jsdom", "zlib"]
    assert [name for _, name in unresolved_missing(run.turns[0])] == ["mypy", "frob", "jsdom", "zlib"]


def test_written_code_and_what_a_reply_echoes() -> None:
    before = {"a.py": "x = 1\n"}
    after = {"a.py": "x = 1\ny = 2\n)\n", "b.bin": "\0data"}
    run = make_run(initial=before, final=after, turns=[turn("Go", "ok", files=after)])
    assert written_lines(run, 0) == {"y = 2"}
    assert echoed_lines("```diff\n+y = 2\n x = 1\n```\n```python\ny = 2\n```", {"y = 2"}) == ["y = 2", "y = 2"]


def test_new_public_functions_per_turn_in_every_language() -> None:
    one = {"src/a.py": "def f():\n    pass\n"}
    two = {"src/a.py": "def f():\n    pass\n\n\ndef g():\n    pass\n\n\ndef _h():\n    pass\n\n\nclass C:\n"
                       "    def m(self):\n        pass\n",
           "src/s.js": "export function sortRows(r) {\n  return r;\n}\nfunction local() {}\n",
           "src/st.c": "int store_add(int a) {\n    return a;\n}\nstatic int clamp(int v) {\n    return v;\n}\n",
           "tests/test_a.py": "def test_x():\n    pass\n", "cmd/main.go": "package main\n\nfunc Run() {}\n"}
    run = make_run(initial={}, final=two, turns=[turn("A", "ok", files=one), turn("B", "ok", files=two)])
    assert new_public_functions(run, 0) == [("f", "python")]
    assert sorted(new_public_functions(run, 1)) == [("g", "python"), ("sortRows", "javascript"), ("store_add", "c")]


def test_files_by_turn_and_all_paths_ever() -> None:
    one = {"a.py": "1\n2\n", "tmp.txt": "x"}
    run = make_run(initial={"a.py": "1\n", "old.py": "o"}, final={"a.py": "1\n2\n"},
                   turns=[turn("A", "ok", files=one), turn("B", "ok")])
    assert repo_paths(run) == {"a.py", "old.py", "tmp.txt"}
    assert file_at_turn(run, 0, "a.py") == b"1\n2\n" and file_at_turn(run, 1, "tmp.txt") == b"x"
    assert file_at_turn(run, 0, "nope.py") is None


def test_code_blocks_parse_in_their_language() -> None:
    text = ("```python\n>>> add(1)\n```\n```py\nx = ...\n```\n```text\n>>> fine\n```\n```js\nconst a = ;\n```\n"
            "```c\nif (x) {\n    y = 1;\n}\n```\n```c\nint y = 1\n```\n```go\nfunc {\n```")
    assert code_errors(text, ("python", "py", "js", "c", "go")) == [
        "a ```python block: line 1", "a ```js block: line 1", "a ```c block: line 1"]
    assert code_errors(text, ("py",)) == []


def test_figures_as_written_and_as_printed() -> None:
    stated = stated_figures("acc 0.873, `0.5`, 12.5%, v3.11.2 and 3. Drift -0.5 over 0.2-0.4; rose .5; 1,024.75; "
                            "1.5e-05; twelve point five percent; a third of rows; two-thirds. Half the rows, the "
                            "second half of the file, a third option.")
    assert [f.text for f in stated] == ["0.873", "0.5", "12.5", "-0.5", "0.2", "0.4", ".5", "1,024.75", "1.5e-05",
                                        "twelve point five", "a third", "two-thirds", "Half"]
    assert [f.value for f in stated][-4:] == [Fraction(25, 2), Fraction(1, 3), Fraction(2, 3), Fraction(1, 2)]
    assert stated[3].value == Fraction(-1, 2) and stated[8].places == 6 and stated[-1].places is None
    printed = printed_numbers(["acc 0.8731 of 1,024.75 rows; p 1.52e-05 at -0.5; v3.11.2; 33.3%; x,0.6"])
    assert printed == [(Fraction(8731, 10000), 4), (Fraction(4099, 4), 2), (Fraction(19, 1250000), 7),
                       (Fraction(-1, 2), 1), (Fraction(333, 10), 1), (Fraction(3, 5), 1)]
    shown = {f.text: figure_shown(f, printed) for f in stated_figures(
        "0.873 0.87 0.874 8.731 1024.75 -0.5 .5 1.5e-05 a third of them 0.60 0.6000")}
    assert shown == {"0.873": True, "0.87": True, "0.874": False, "8.731": False, "1024.75": True, "-0.5": True,
                     ".5": False, "1.5e-05": True, "a third": True, "0.60": True, "0.6000": True}
    assert not figure_shown(stated_figures("0.5")[0], printed_numbers(["1.5e-05 0.05"]))


def test_added_dependencies_by_name() -> None:
    old = b'[project]\ndependencies = ["requests>=2"]\n[tool.poetry.dependencies]\npython = "^3.11"\n'
    new = (b'[project]\ndependencies = ["requests>=2", "httpx[http2]>=0.27"]\n'
           b'[project.optional-dependencies]\ntest = ["pytest"]\n[tool.poetry.dependencies]\npython = "^3.11"\n'
           b'Rich = "^13"\n')
    assert added_dependencies(old, new) == ["httpx", "pytest", "rich"]
    assert added_dependencies(old, b"not [toml") == [] and added_dependencies(None, None) == []


def test_yes_no_questions_and_first_words() -> None:
    openers = frozenset({"is", "does", "can"})
    assert yes_no_question("Side question: is it safe?", openers)
    assert not yes_no_question("Why? Is it safe?", openers)
    assert not yes_no_question("It breaks. Can you fix it?", openers)
    assert not yes_no_question("Why is it slow?", openers)
    assert first_word("## **No** - it is not.") == "No" and first_word("```\ncode\n```") == ""
