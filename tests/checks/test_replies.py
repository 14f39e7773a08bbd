"""checks.replies: replies as Markdown (fences, prose, inline code, headings, labels, questions, paths, citations)
and the run facts replies are checked against (commands, pytest summaries, missing programs, written code, new
functions, dependencies)."""

from __future__ import annotations

from pytest_harnessif.checks.replies import (
    Fence,
    absolute_mentions,
    added_dependencies,
    backticked_paths,
    bare_names,
    bullet_markers,
    citations,
    coded_names,
    command_texts,
    echoed_lines,
    fences,
    figure_shown,
    figures,
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
    prose_lines,
    pytest_summary,
    python_errors,
    questions,
    questions_gathered,
    quoted_lines,
    repo_paths,
    spelled_locations,
    straight,
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
    run = make_run(turns=[turn("Go", "ok", bash("echo hi; printf x"), bash("echo x > f"), bash("echo x | cat"))])
    assert [only_prints(c, ("echo", "printf")) for c in run.commands] == [True, False, False]
    assert not only_prints(run.commands[0], ())


def test_pytest_summaries_and_the_last_test_run() -> None:
    assert pytest_summary("..F\n==== 1 failed, 2 passed in 0.1s ====\n") == "1 failed, 2 passed"
    assert pytest_summary("3 passed, 2 warnings in 1s\n4 passed in 2s\nthen 5 passed") == "4 passed"
    assert pytest_summary("collecting ...") is None
    run = make_run(turns=[turn("T", "ok", bash("python -m pytest -q", output="1 passed"),
                               tool("run_tests", command="python -m pytest -q", exit_code=0, output="2 passed")),
                          turn("U", "ok")])
    assert last_test_command(run, 0).output == "2 passed" and last_test_command(run, 1) is None


def test_missing_programs_and_whether_the_turn_got_them_running() -> None:
    run = make_run(turns=[turn("Go", "ok",
                               bash("ruff check", exit_code=127, output="bash: ruff: command not found"),
                               bash("mypy src", exit_code=127, output="sh: 1: mypy: not found"),
                               bash("python t.py", exit_code=1, output="No module named 'pkg.core'"),
                               bash("frob", exit_code=127),
                               bash("PYTHONPATH=src python t.py"),
                               bash("pip install ruff && ruff check"))])
    names = [n for c in run.commands for n in missing_names(c)]
    assert names == ["ruff", "mypy", "pkg", "frob"]
    assert [name for _, name in unresolved_missing(run.turns[0])] == ["mypy", "frob"]


def test_written_code_and_what_a_reply_echoes() -> None:
    before = {"a.py": "x = 1\n"}
    after = {"a.py": "x = 1\ny = 2\n)\n", "b.bin": "\0data"}
    run = make_run(initial=before, final=after, turns=[turn("Go", "ok", files=after)])
    assert written_lines(run, 0) == {"y = 2"}
    assert echoed_lines("```diff\n+y = 2\n x = 1\n```\n```python\ny = 2\n```", {"y = 2"}) == ["y = 2", "y = 2"]


def test_new_public_functions_per_turn() -> None:
    one = {"src/a.py": "def f():\n    pass\n"}
    two = {"src/a.py": "def f():\n    pass\n\n\ndef g():\n    pass\n\n\ndef _h():\n    pass\n\n\nclass C:\n"
                       "    def m(self):\n        pass\n"}
    run = make_run(initial={}, final=two, turns=[turn("A", "ok", files=one), turn("B", "ok", files=two)])
    assert new_public_functions(run, 0, "src/**/*.py") == ["f"]
    assert new_public_functions(run, 1, "src/**/*.py") == ["g"]


def test_files_by_turn_and_all_paths_ever() -> None:
    one = {"a.py": "1\n2\n", "tmp.txt": "x"}
    run = make_run(initial={"a.py": "1\n", "old.py": "o"}, final={"a.py": "1\n2\n"},
                   turns=[turn("A", "ok", files=one), turn("B", "ok")])
    assert repo_paths(run) == {"a.py", "old.py", "tmp.txt"}
    assert file_at_turn(run, 0, "a.py") == b"1\n2\n" and file_at_turn(run, 1, "tmp.txt") == b"x"
    assert file_at_turn(run, 0, "nope.py") is None


def test_python_blocks_and_figures() -> None:
    text = "```python\n>>> add(1)\n```\n```py\nx = ...\n```\n```text\n>>> fine\n```"
    assert python_errors(text, ("python", "py")) == ["line 1 of a ```python block: invalid syntax"]
    assert figures("acc 0.873, `0.5`, 12.5%, v3.11.2 and 3.") == ["0.873", "0.5", "12.5"]
    assert figure_shown("0.87", ["acc 0.8731"]) and not figure_shown("0.87", ["10.87"])


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
