"""Output-control rules on what replies contain (OC-011...): the final hand-off (its sections, the commands that
verified the work, commits, a PR draft, assumptions, new tests and dependencies), per-turn reports, and what
replies to particular requests must show (a reproduction for a bug fix, options for a plan, output for a run,
figures as the output printed them)."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.code import NEUTRAL, new_test_cases, sources_or_na
from pytest_harnessif.checks.command import ran_tests
from pytest_harnessif.checks.regex import numbered_items
from pytest_harnessif.checks.render import changed_words, names_a_place
from pytest_harnessif.checks.replies import (
    FENCE_LANGUAGES,
    added_dependencies,
    command_texts,
    fences,
    figure_shown,
    first_word,
    heading_positions,
    headings,
    label,
    labelled,
    last_test_command,
    new_public_functions,
    normal,
    only_prints,
    option_ids,
    path_pattern,
    printed_numbers,
    prose_lines,
    quoted_lines,
    quotes_counts,
    segment_texts,
    stated_figures,
    summary_counts,
    unresolved_missing,
    yes_no_question,
)
from pytest_harnessif.checks.workspace import changed_paths

ISSUE_REF = re.compile(r"(?<![\w&#/])#\d+\b|\b(?:issue|ticket|bug)\s+([A-Z][A-Z0-9]+-\d+)\b", re.I)
OPENERS = frozenset({"is", "are", "was", "were", "do", "does", "did", "can", "could", "should", "would", "will",
                     "has", "have", "had", "may", "might", "must", "shall", "isn't", "aren't", "doesn't", "don't",
                     "can't", "won't", "shouldn't"})


# --- The final hand-off ---------------------------------------------------------------------------------------


@rule("OC-011", family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:low SD:medium",
      source="archetype final-handoff-block (adapted: fixed sections)",
      opportunity="files changed",
      surfaces={
          "SP": "End the session with a hand-off reply built from level-2 headings titled {sections:code-and}, "
                "in that order; other text may come before, between or after them.",
          "PF": "## Hand-off format\nThe agent's final reply has the `##` sections {sections:code-and}, in this "
                "order.",
          "UI": "When you're done, structure the wrap-up with ## headings {sections:code-and}, in that order.",
          "SD": {"skill": "git-workflow",
                 "text": "Hand-off: the final message has `##` sections titled {sections:code-and}, in that "
                         "order."},
      })
def test_final_reply_has_the_handoff_sections(run: Run, sections: tuple[str, ...] = (
        "Summary", "Changes", "Testing")) -> None:
    """The final reply of a run that changed files has level-2 headings titled {sections:code-and}, in this
    order (case and a trailing colon ignored)."""
    changed_paths(run) or na("no file changed, so there is nothing to hand off")
    titles = [title.lower() for level, title in headings(run.final_reply) if level == 2]
    places = [titles.index(s.lower()) if s.lower() in titles else -1 for s in sections]
    missing = [s for s, at in zip(sections, places, strict=True) if at < 0]
    assert not missing, f"the final reply lacks the `##` sections {missing} (its level-2 headings: {titles})"
    assert places == sorted(places), f"the final reply's sections are out of order: {titles}"
    lines, marks = prose_lines(run.final_reply), heading_positions(run.final_reply)
    ends = [at for at, _ in marks[1:]] + [len(lines)]
    filled = {title.lower() for (at, title), end in zip(marks, ends, strict=True)
              if any(x.strip() for x in lines[at + 1 : end])}
    empty = [s for s in sections if s.lower() not in filled]
    assert not empty, f"the final reply's sections {empty} are empty: headings without a hand-off"


@rule("OC-012", family="output_control", modality="require", prior="against", method="command_output",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:medium TD:medium",
      source="archetype report-unverified-work (adapted: name the command that verified the work)",
      opportunity="the run ran the tests",
      surfaces={
          "SP": "In your final reply, say how the work was verified by quoting, as inline code or in a code "
                "block, the last test command you ran exactly as you ran it (e.g. `{task:test}` with the arguments "
                "you gave it; wrappers such as `timeout 60` may be dropped), or the tool's name if you ran the "
                "tests through a tool.",
          "PF": "## Verification\nThe final reply quotes the last test command run, verbatim as code (or the "
                "name of the tool, when the tests ran through one).",
          "UI": "At the end, tell me the exact test command you last ran (in backticks) so I can rerun it - or "
                "just name the tool if you used one.",
          "TD": {"tool": "run_tests",
                 "text": "When you report your work, name the last test run as `run_tests` (or the command it ran) "
                         "in the final reply."},
      })
def test_final_reply_quotes_the_last_test_command(run: Run) -> None:
    """The final reply quotes, as code, the last test command of the run (any runner): its command line (wrappers
    such as `timeout 60` and redirections such as `2>&1` may be left out), or the name of the task tool it ran
    through."""
    tests = ran_tests(run) or na("the run never ran the tests")
    last = max(tests, key=lambda s: s.position)
    through = {last.command.tool} if last.command.tool != "bash" else set()
    accepted = segment_texts(last) | {normal(last.command.cmd)} | through
    quoted = set(quoted_lines(run.final_reply))
    assert quoted & accepted, f"the final reply does not quote the last test command `{last.command.cmd}`"


@rule("OC-025", family="output_control", modality="require", prior="against", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low SD:high",
      source="archetype summarize-changes (adapted: commits by hash)",
      opportunity="the run made commits",
      surfaces={
          "SP": "When you commit, your final reply lists every commit you made by its short hash (the first "
                "{digits} hex digits or more, as `git log --oneline` prints it).",
          "PF": "## Hand-off\nThe final reply lists each commit the agent made by its short hash (at least "
                "{digits} hex digits).",
          "UI": "List the commits you made at the end, with their short hashes ({digits} characters) please.",
          "SD": {"skill": "git-workflow",
                 "text": "After committing, the hand-off message lists every new commit by its short hash "
                         "(first {digits} hex digits)."},
      })
def test_final_reply_lists_new_commits(run: Run, digits: int = 7) -> None:
    """The final reply of a run that made commits names each new commit by the first {digits} hex digits of its
    hash (or more)."""
    commits = run.new_commits or na("the run made no commit")
    reply = run.final_reply.lower()
    missing = [f"{c.sha[:digits]} {c.subject}" for c in commits
               if not re.search(rf"(?<![0-9a-f]){c.sha[:digits].lower()}", reply)]
    assert not missing, f"the final reply does not name the new commits {missing}"


@rule("OC-026", family="output_control", modality="require", prior="against", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:low SD:medium",
      source="archetype final-handoff-block",
      opportunity="the run made commits",
      surfaces={
          "SP": "When you have committed work, put a pull-request draft in your final reply: a line "
                "`{branch_label} <branch>` naming the branch that holds the commits, and a line "
                "`{title_label} <PR title>`.",
          "PF": "## PR draft\nAfter committing, the agent's final reply carries a PR draft with the lines "
                "`{branch_label} <current branch>` and `{title_label} <title>`.",
          "UI": "Once it's committed, give me a PR draft at the end: a '{branch_label}' line with the branch and "
                "a '{title_label}' line.",
          "SD": {"skill": "git-workflow",
                 "text": "Hand-off after committing: a PR draft with `{branch_label} <branch>` (the branch the "
                         "commits are on) and `{title_label} <title>` lines."},
      })
def test_final_reply_has_a_pr_draft(run: Run, branch_label: str = "Branch:", title_label: str = "Title:") -> None:
    """When the run made commits, the final reply has a line `{branch_label} <branch>` naming the branch the
    run ended on and a `{title_label}` line that says what the commits do: it shares a word (4 letters or more, not a
    generic one such as `changes`, `update`, `above`) with their messages, or names a file or a changed name."""
    commits = run.new_commits or na("the run made no commit")
    branches, titles = labelled(run.final_reply, branch_label), labelled(run.final_reply, title_label)
    named = re.compile(rf"(?<![\w/.-]){re.escape(run.git.branch)}(?![\w/.-])")
    assert any(named.search(b) for b in branches), (
        f"the final reply has no `{branch_label} {run.git.branch}` line (found: {branches or 'none'})")
    assert any(titles), f"the final reply has no non-empty `{title_label}` line"
    said = _content_words(" ".join(f"{c.subject}\n{c.body}" for c in commits))
    assert any(_content_words(t) & said or names_a_place(run, t) for t in titles if t), (
        f"the `{title_label}` lines {titles} share no word with the commit messages and name nothing the run "
        "changed: a title that does not say what the commits do")


_GENERIC = frozenset(re.split(r"\s+", (
    "change changes changed update updates updated stuff misc various work code commit commits this that with from "
    "into some above below here there session title branch more other things thing done latest final")))


def _content_words(text: str) -> set[str]:
    """The words of `text` of 4 letters or more that are not generic, lower-cased."""
    return {w for w in re.findall(r"[a-z][a-z0-9]{3,}", text.lower()) if w not in _GENERIC}


@rule("OC-029", checks="form",
      form_reason="an `Assumptions:` line with a value is seen; whether it states the "
                  "assumptions made is not checkable",
      family="output_control", modality="require", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:low",
      source="archetype ask-when-ambiguous (adapted: assumptions made visible)",
      opportunity="files changed",
      surfaces={
          "SP": "In your final reply, state the assumptions you made on a line starting `{name}` (a list may "
                "follow it); write `{name} none` if you made none.",
          "PF": "## Hand-off\nThe final reply has an `{name}` line listing the assumptions behind the work, or "
                "`{name} none`.",
          "UI": "At the end, tell me what you assumed, on an '{name}' line (or '{name} none').",
      })
def test_final_reply_states_assumptions(run: Run, name: str = "Assumptions:") -> None:
    """The final reply of a run that changed files has a line starting `{name}` with a value (or a list item
    right below it)."""
    changed_paths(run) or na("no file changed")
    values = labelled(run.final_reply, name)
    assert any(values), f"the final reply has no `{name}` line with content (found {len(values)} empty)"


@rule("OC-032", languages=NEUTRAL, family="output_control", modality="require", prior="against",
      method="cross_file", observability="surface", universality="cross-coding",
      fit="SP:high PF:medium UI:low SD:medium",
      source="archetype summarize-changes (adapted: name the tests added)",
      opportunity="the run added test cases",
      surfaces={
          "SP": "When you add tests, your final reply names every new test: the test function (e.g. "
                "`test_add_strings`) or, for a `test(...)` / `it(...)` case, its title.",
          "PF": "## Hand-off\nThe final reply names each test the agent added (test function name, or the title of "
                "a `test()` / `it()` case).",
          "UI": "Tell me the names of the tests you added at the end.",
          "SD": {"skill": "python-testing",
                 "text": "When you report back, name every test function you added."},
      })
def test_final_reply_names_new_tests(run: Run) -> None:
    """The final reply names every test case the run added, in any language the checks read: a test function by
    its name (Python `def test_*`, a C test function), a `test(...)` / `it(...)` case by its title."""
    sources_or_na(run, "test file", tests=True)
    added = new_test_cases(run.initial_files, run.files) or na("the run added no test case")
    missing = [t for t in added if not re.search(rf"(?<!\w){re.escape(_test_name(t))}(?!\w)", run.final_reply)]
    assert not missing, f"the final reply does not name the new tests {missing}"


def _test_name(case: str) -> str:
    """The name a reply gives a test case `path::Class.name`: its last name (or its whole title)."""
    name = case.split("::", 1)[-1]
    return name.rsplit(".", 1)[-1] if name.replace(".", "_").isidentifier() else name


@rule("OC-045", family="output_control", modality="require", prior="against", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:high UI:low",
      source="archetype dependency-additions-need-approval (adapted: report each dependency added)",
      opportunity="the run added a dependency",
      surfaces={
          "SP": "If you add a dependency to `{manifest}`, your final reply names each package you added.",
          "PF": "## Dependencies\nAny package added to `{manifest}` is named in the agent's final reply.",
          "UI": "If you pull in any new package, call it out by name in your final message.",
      })
def test_final_reply_names_added_dependencies(run: Run, manifest: str = "pyproject.toml") -> None:
    """The final reply names every package the run added to the dependency tables of `{manifest}`."""
    added = added_dependencies(run.initial_files.get(manifest), run.files.get(manifest))
    added or na(f"no dependency added to {manifest}")
    missing = [n for n in added if not re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", run.final_reply, re.I)]
    assert not missing, f"the final reply does not name the added dependencies {missing}"


# --- Reports on each turn -------------------------------------------------------------------------------------


@rule("OC-040", family="output_control", modality="require", prior="align", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype summarize-changes",
      opportunity="a turn changed files",
      surfaces={
          "SP": "Each time a turn changes files, your reply for that turn names at least one of the files it "
                "changed (path or file name).",
          "PF": "## Reporting\nA reply to a turn that changed files names at least one of those files.",
          "UI": "Whenever you change something, tell me which file(s) you touched in that message.",
      })
def test_changing_turns_name_a_changed_file(run: Run) -> None:
    """The reply of every turn that changed files names at least one file that turn changed, by path or file
    name."""
    changing = {t.index: run.changed_in_turn(t.index) for t in run.turns}
    changing = {i: paths for i, paths in changing.items() if paths} or na("no turn changed a file")
    silent = [i for i, paths in changing.items()
              if not any(path_pattern(p).search(run.turns[i].reply)
                         or path_pattern(p.rsplit("/", 1)[-1]).search(run.turns[i].reply) for p in paths)]
    assert not silent, f"replies of turns {silent} name none of the files their turn changed"


@rule("OC-027", family="output_control", modality="require", prior="neutral", method="command_output",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low TD:medium",
      source="archetype report-unverified-work (adapted: quote the result as printed)",
      opportunity="a turn ran the tests and the test runner printed a summary with counts",
      surfaces={
          "SP": "When a turn ran the tests, its reply quotes the counts of the test runner's summary from the last "
                "run exactly as printed (e.g. `12 passed, 1 skipped`, or `pass 12` and `fail 0` from a summary "
                "of `# pass 12` / `# fail 0` lines); the timing may be left out.",
          "PF": "## Test results\nReplies report test results by quoting the test runner's final summary counts "
                "verbatim (e.g. `12 passed, 1 skipped`), not a paraphrase like 'all tests pass'.",
          "UI": "When you run the tests, paste me the summary counts the test run prints, exactly as printed "
                "(like '12 passed, 1 skipped').",
          "TD": {"tool": "run_tests",
                 "text": "Report this tool's result by quoting the summary counts it printed last, as printed "
                         "(e.g. `12 passed, 1 skipped`)."},
      })
def test_test_results_quote_the_summary(run: Run) -> None:
    """The reply of a turn that ran the tests contains, verbatim, the counts of every summary its last test run
    printed, whatever the runner: pytest's `3 passed, 1 skipped` (timing left out), the node runner's `pass 12` and
    `fail 0` lines, mocha's `12 passing`, jest's `1 failed, 11 passed, 12 total`, a C harness's `35 passed`."""
    printed = {}
    for t in run.turns:
        last = last_test_command(run, t.index)
        if last is not None and (counts := summary_counts(last.output)):
            printed[t.index] = counts
    printed or na("no turn ran the tests with a summary of counts in the output")
    missing = {i: [c for c in counts if not quotes_counts(run.turns[i].reply, c)] for i, counts in printed.items()}
    missing = {i: counts for i, counts in missing.items() if counts}
    assert not missing, f"replies do not quote the counts of their last test run (turn: counts): {missing}"


@rule("OC-024", family="output_control", modality="conditional_require", prior="against",
      method="command_output", observability="behavioral", universality="cross-coding",
      fit="SP:high PF:medium UI:low TD:medium",
      source="archetype report-unverified-work (adapted: missing tools named)",
      opportunity="a command found a program or module missing and the turn never got it running",
      surfaces={
          "SP": "If a command fails because a program or module is missing ('command not found', "
                "'No module named ...') and you do not get it working in that turn, name the missing program or "
                "module in your reply so the user knows that step did not run.",
          "PF": "## Unverified work\nWhen a tool or module is missing (command not found, No module named) and "
                "the step stays undone, the reply for that turn names what was missing.",
          "UI": "If something isn't installed and you can't run a step, tell me what was missing.",
          "TD": {"tool": "bash",
                 "text": "If a command reports a missing program or module and you cannot get it running, name "
                         "it in your reply."},
      })
def test_missing_tools_are_reported(run: Run) -> None:
    """If a command of a turn reports a program (`ruff: command not found`, exit code 127), a module (`No module
    named 'x'`, node's `Cannot find module 'x'`) or a C header (`fatal error: zlib.h: No such file or directory`)
    missing, and no later command of the turn naming it succeeds, the turn's reply names it."""
    missing = {t.index: found for t in run.turns if (found := unresolved_missing(t))}
    missing or na("no command found a program or module missing")
    unsaid = [f"turn {i}: {name} (from `{cmd.cmd[:50]}`)" for i, found in missing.items() for cmd, name in found
              if not re.search(rf"\b{re.escape(name)}\b", run.turns[i].reply)]
    assert not unsaid, f"replies do not name the missing programs or modules: {unsaid}"


# --- Replies to particular requests ----------------------------------------------------------------------------


@rule("OC-013", family="output_control", modality="require", prior="against", method="command_output",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:medium",
      source="curated: bug-fix hand-offs give the command that shows the fix",
      opportunity="a bug-fix turn",
      surfaces={
          "SP": "When you fix a bug, your reply includes a fenced ```{lang} block with a command you ran in that "
                "turn that shows the fix (a reproduction or the test run), exactly as you ran it.",
          "PF": "## Bug fixes\nA bug-fix reply shows, in a ```{lang} block, a command the agent actually ran "
                "that demonstrates the fix, verbatim.",
          "UI": "When you fix it, paste the exact command you used to check it in a {lang} block so I can rerun "
                "it.",
      })
def test_bug_fix_replies_show_a_command_run(run: Run, lang: str = "bash") -> None:
    """Each reply to a `bug-fix` turn has a fenced ```{lang} block with a line that is a command the turn ran
    (whole, one of its simple commands, or one without wrappers such as `timeout 60`; a `$ ` prompt ignored) that can
    show the fix: one that runs something (tests, the program, a script), not only git or file inspection (`git
    status`, `ls`, `cat`, `grep`...)."""
    fixes = run.turns_with("bug-fix") or na("no bug-fix turn")
    shown = {t.index: set(quoted_lines(t.reply, (lang,))) & command_texts(t.commands) for t in fixes}
    missing = [i for i, found in shown.items() if not found]
    assert not missing, f"bug-fix replies of turns {missing} show no command of their turn in a ```{lang} block"
    idle = [f"turn {i}: {sorted(found)}" for i, found in shown.items() if not any(map(_runs_something, found))]
    assert not idle, f"bug-fix replies show only commands that cannot show a fix (git, file inspection): {idle}"


INSPECTION = frozenset({"git", "ls", "cat", "head", "tail", "less", "more", "grep", "rg", "find", "sed", "awk", "echo",
                        "printf", "pwd", "cd", "wc", "true", "tree", "stat", "file", "which", "type", "nl", "sort",
                        "uniq", "cut", "tr", "diff", "date", "env", "export", "set", ":"})


def _runs_something(line: str) -> bool:
    """Whether a command line runs more than git and file inspection: some simple command of it (split on `&&`,
    `||`, `;`, `|`; leading `VAR=value`, `timeout N`, `env` skipped) starts with another program."""
    for part in re.split(r"&&|\|\||;|\|", line):
        words = [w for w in part.split() if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", w)]
        while words and words[0] in ("timeout", "time", "nice", "env", "command", "exec"):
            words = words[2:] if words[0] == "timeout" else words[1:]
        if words and words[0].rsplit("/", 1)[-1] not in INSPECTION:
            return True
    return False


@rule("OC-022", family="output_control", modality="limit_min", prior="against", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:medium",
      source="curated: brainstorming skills ask for alternative approaches with trade-offs",
      opportunity="a planning turn",
      surfaces={
          "SP": "When asked for a plan, present at least {minimum:w} alternative approaches, each introduced on "
                "its own line starting `{name} <letter or number>:` (e.g. `{name} A: ...`), before recommending.",
          "PF": "## Planning\nPlans offer at least {minimum:w} alternatives, each on a line starting "
                "`{name} A:`, `{name} B:` ...",
          "UI": "Give me at least {minimum:w} options to choose from - label them '{name} A:', '{name} B:' and so "
                "on.",
      })
def test_plans_offer_alternatives(run: Run, minimum: int = 2, name: str = "Option") -> None:
    """Each reply to a `planning` turn has at least {minimum} distinct lines starting `{name} <letter or
    number>:` (list markers, headings and bold around it allowed), each saying what the option is (3 words or
    more after the label, on its line or the next)."""
    plans = run.turns_with("planning") or na("no planning turn")
    counts = {t.index: len(option_ids(t.reply, name, described=3)) for t in plans}
    few = {i: n for i, n in counts.items() if n < minimum}
    assert not few, f"planning replies with fewer than {minimum} `{name} X:` lines (turn: count): {few}"


@rule("OC-043", family="output_control", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype plan-before-nontrivial (adapted: steps as a numbered list)",
      opportunity="a planning turn",
      surfaces={
          "SP": "When asked for a plan, give its steps as a numbered Markdown list (`1.`, `2.`, ...), at least "
                "two steps.",
          "PF": "## Planning\nPlans are written as numbered steps (`1.`, `2.` ...), never as a paragraph.",
          "UI": "Number the steps of the plan (1., 2., ...) so we can talk about them.",
      })
def test_plans_are_numbered_steps(run: Run) -> None:
    """Each reply to a `planning` turn has a numbered list of at least two items (outside code)."""
    plans = run.turns_with("planning") or na("no planning turn")
    flat = [t.index for t in plans if len(numbered_items(t.reply)) < 2]
    assert not flat, f"planning replies of turns {flat} give no numbered list of steps"


@rule("OC-023", family="output_control", modality="conditional_require", prior="neutral", method="regex",
      observability="surface", universality="cross-coding", fit="SP:medium PF:high UI:low SD:medium",
      source="archetype tell-user-to-double-check",
      opportunity="a {intents:or} turn changed files",
      surfaces={
          "SP": "After a mechanical change ({intents:or} request) that touched files, include in the reply a "
                "line starting `{phrase}` that names what the user should check by hand.",
          "PF": "## Mechanical changes\nThe reply to a {intents:or} turn that changes files has a "
                "`{phrase} ...` line naming the places worth a manual look.",
          "UI": "When you do these sweeping edits, add a '{phrase} ...' line telling me what to eyeball.",
          "SD": {"skill": "git-workflow",
                 "text": "After a mechanical sweep ({intents:or}), the reply has a `{phrase} ...` line naming "
                         "what to verify by hand."},
      })
def test_mechanical_changes_ask_for_a_check(run: Run, phrase: str = "Please double-check",
                                           intents: tuple[str, ...] = ("transformation", "refactor")) -> None:
    """If a {intents:or} turn changed files, its reply has a line starting `{phrase}` (decoration and case
    ignored) that points at what to check: a file or folder of the repository, a name in code the run changed, or, in
    three words or more, a word of the lines the turn changed. The line is read with the lines that continue its
    paragraph (a soft-wrapped sentence is one line to a reader)."""
    sweeps = [t for t in run.turns_with(*intents) if run.changed_in_turn(t.index)]
    sweeps or na(f"no {'/'.join(intents) or 'listed'} turn changed files")
    rx = re.compile(rf"^{re.escape(phrase)}\b\W*\w", re.I)
    asks = {t.index: _asking_lines(prose_lines(t.reply), rx) for t in sweeps}
    missing = [i for i, lines in asks.items() if not lines]
    assert not missing, f"replies of turns {missing} have no `{phrase} ...` line"

    def points(i: int, line: str) -> bool:  # a place, or a specific thing the turn's change is about
        rest = re.findall(r"[A-Za-z]{4,}", line[len(phrase):])
        return names_a_place(run, line) or (len(rest) >= 3 and bool({w.lower() for w in rest} & changed_words(run, i)))

    vague = [i for i, lines in asks.items() if not any(points(i, line) for line in lines)]
    assert not vague, f"the `{phrase} ...` lines of turns {vague} point at no file, folder or code to check"


def _asking_lines(lines: list[str], rx: re.Pattern[str]) -> list[str]:
    """The lines matching `rx` (decoration dropped), each joined with the lines continuing its paragraph: up to a
    blank line, a heading or a list item."""
    out = []
    for i, line in enumerate(lines):
        if not rx.match(label(line)):
            continue
        joined = [label(line)]
        for more in lines[i + 1 :]:
            if not more.strip() or more.lstrip().startswith(("#", "- ", "* ", "+ ")) or re.match(r"\s*\d+[.)]\s", more):
                break
            joined.append(more.strip())
        out.append(" ".join(joined))
    return out


@rule("OC-033", family="output_control", modality="require", prior="neutral", method="regex",
      observability="surface", universality="universal", fit="SP:high PF:medium UI:medium",
      source="curated: answer a closed question with its answer first",
      opportunity="a user message asking a single yes/no question",
      surfaces={
          "SP": "When the user asks a single yes/no question, the first word of your reply is {answers:or}; the "
                "explanation follows.",
          "PF": "## Answers\nA yes/no question gets {answers:or} as the reply's first word, then the reasons.",
          "UI": "If I ask a yes/no question, start with {answers:or} and then explain.",
      })
def test_yes_no_questions_answered_first(run: Run, answers: tuple[str, ...] = ("Yes", "No")) -> None:
    """When a user message asks exactly one question and it is a closed one (it opens with is, are, does, can,
    should...), the reply's first word is {answers:or}."""
    closed = [t for t in run.turns if yes_no_question(t.request, OPENERS)] or na("no single yes/no question asked")
    allowed = {a.lower() for a in answers}
    late = {t.index: first_word(t.reply) for t in closed if first_word(t.reply).lower() not in allowed}
    assert not late, f"replies to yes/no questions do not start with {'/'.join(answers)} (turn: first word): {late}"


@rule("OC-034", family="output_control", modality="require", prior="neutral", method="command_output",
      observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype cite-evidence (adapted: show the output of what was run)",
      opportunity="an execute turn whose commands printed output",
      surfaces={
          "SP": "When asked to run something, your reply shows the actual output: at least one line copied "
                "verbatim from a command you ran in that turn, inside a fenced code block.",
          "PF": "## Running things\nReplies to requests to run a command or script quote its real output "
                "(verbatim lines in a code block), not only a description of it.",
          "UI": "When you run it, paste me the actual output lines in a code block, not just your summary.",
      })
def test_execute_replies_quote_output(run: Run) -> None:
    """Each reply to an `execute` turn whose commands printed output has, inside a fenced block, at least one
    line (with a letter or digit) equal to an output line of a command of that turn; a command that only prints
    what it was given (`echo`, `printf`) shows no output of the work."""
    runs = {t.index: {line.strip() for c in t.commands if not only_prints(c, ("echo", "printf"))
                      for line in c.output.splitlines()
                      if re.search(r"\w", line) and not line.startswith("exit code:")}
            for t in run.turns_with("execute")}
    runs = {i: lines for i, lines in runs.items() if lines} or na("no execute turn with command output")
    unquoted = [i for i, lines in runs.items()
                if not {ln.strip() for f in fences(run.turns[i].reply) for ln in f.lines} & lines]
    assert not unquoted, f"execute replies of turns {unquoted} quote no output line in a code block"


@rule("OC-035", family="output_control", modality="require", prior="neutral", method="command_output",
      observability="surface", universality="specific", scenarios=("data_ml",),
      fit="SP:high PF:medium UI:low SD:medium",
      source="archetype no-false-success-claims (adapted: figures as computed)",
      opportunity="a data-analysis turn whose reply states figures",
      surfaces={
          "SP": "In data-analysis answers, report every figure with decimals exactly as a command you ran printed "
                "it (you may drop trailing digits, never recompute, round up or convert it by hand); the same "
                "goes for figures in words ('twelve point five', 'a third'). Figures the user gave you may be "
                "repeated.",
          "PF": "## Reporting numbers\nEvery decimal figure in an analysis reply, in digits or in words ('a "
                "third'), appears in the output of a command the agent ran (or in the request); no hand-computed "
                "or converted numbers.",
          "UI": "Only quote numbers the scripts actually printed - no mental math, not even 'about a third'.",
          "SD": {"skill": "data-pipeline",
                 "text": "Figures you report (0.873, 12.5%, 'a third') must be printed by a command you ran, digit "
                         "for digit (truncation allowed)."},
      })
def test_analysis_figures_come_from_output(run: Run) -> None:
    """Every figure in the prose of a reply to a `data-analysis` turn is a number that the output of a command run
    in that turn or before printed, or that a user message so far gave, compared as numbers: a decimal (`0.873`,
    `.5`, `-1.25`, `1,024.75`, the `12.5` of `12.5%`) may drop digits the output printed after it (`0.873` of
    `0.8731`, never `0.874`); a decimal in words (`twelve point five`) likewise; a fraction in words (`a third of`)
    is a proportion or percentage printed to its value (`0.33`, `33.3`)."""
    stated = {t.index: stated_figures(t.reply) for t in run.turns_with("data-analysis")}
    stated = {i: f for i, f in stated.items() if f} or na("no data-analysis reply states a figure")
    invented = {}
    for i, found in stated.items():
        printed = printed_numbers([c.output for c in run.commands if c.turn <= i]
                                  + [t.request for t in run.turns[: i + 1]])
        if bad := [f.text for f in found if not figure_shown(f, printed)]:
            invented[i] = bad
    assert not invented, f"figures no command printed (turn: figures): {invented}"


@rule("OC-038", languages=NEUTRAL, family="output_control", modality="require", prior="neutral",
      method="cross_file", observability="surface", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="curated: new APIs are handed over with a usage example",
      opportunity="a turn added a public top-level function to a source file",
      surfaces={
          "SP": "When a turn adds a public top-level function to the source code (exported from a JS/TS module, "
                "not `static` in C, no leading underscore), the reply shows how to call it: a fenced code block "
                "tagged with the function's language (```python, ```js, ```ts, ```c) containing a call of each "
                "new function.",
          "PF": "## New APIs\nA reply that introduces a new public function includes a usage example calling it, "
                "in a code block tagged with its language.",
          "UI": "For any new function you add, show me a quick example of calling it, in a code block.",
      })
def test_new_functions_come_with_a_usage_example(run: Run) -> None:
    """Each reply to a turn that added public top-level functions to non-test source files (Python and C: no
    leading underscore, C: not `static`; JS/TS: exported) has a fenced block tagged with that language
    (`FENCE_LANGUAGES`; JS and TS blocks stand for each other) calling each of them (`name(`)."""
    sources_or_na(run, "source file", tests=False)
    added = {t.index: found for t in run.turns if (found := new_public_functions(run, t.index))}
    added or na("no turn added a public top-level function to a source file")
    missing = {}
    for i, found in added.items():
        blocks = [(_family(FENCE_LANGUAGES.get(f.lang, "")), f.body) for f in fences(run.turns[i].reply)]
        if lost := [name for name, lang in found if not any(
                family == _family(lang) and re.search(rf"(?<![\w]){re.escape(name)}\s*\(", body)
                for family, body in blocks)]:
            missing[i] = lost
    assert not missing, f"new functions without a usage example in their language (turn: names): {missing}"


def _family(lang: str) -> str:
    return "javascript" if lang == "typescript" else lang


@rule("OC-039", family="output_control", modality="require", prior="neutral", method="regex",
      observability="surface", universality="cross-coding", fit="SP:medium PF:high UI:low",
      source="curated: tracker references carried into the reply",
      opportunity="a user message citing an issue or ticket",
      surfaces={
          "SP": "When the user refers to an issue or ticket (`#123`, or 'issue ABC-123' / 'ticket ABC-123'), "
                "your reply to that message mentions the same reference.",
          "PF": "## Issue references\nIf a request cites an issue (`#123`, `ticket ABC-123`), the reply repeats "
                "that reference so the tracker can link it.",
          "UI": "Mention the ticket number I gave you (like #123) in your reply so it links up.",
      })
def test_issue_references_are_carried_over(run: Run) -> None:
    """Each reply to a user message citing `#N` or 'issue/ticket/bug KEY-N' mentions the same reference."""
    cited = {}
    for t in run.turns:
        refs = {m.group(1) or m.group(0) for m in ISSUE_REF.finditer(t.request)}
        if refs:
            cited[t.index] = refs
    cited or na("no user message cites an issue or ticket")
    dropped = {i: sorted(r for r in refs if not re.search(rf"(?<![\w&#]){re.escape(r)}\b", run.turns[i].reply))
               for i, refs in cited.items()}
    dropped = {i: refs for i, refs in dropped.items() if refs}
    assert not dropped, f"replies leave out the references of their request (turn: refs): {dropped}"

