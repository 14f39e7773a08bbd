"""Judge-based tool-use rules (TU-103...): whether the agent's tool calls served their purpose - consulting the
installed library before answering about it, acting on failed calls, loading the skills that fit the work,
picking test selections that exercise the changed code. Hybrid rules let a deterministic pre-check decide first."""

from __future__ import annotations

import re

from pytest_harnessif import Run, judge, judge_each, na, rule
from pytest_harnessif.checks.code import NEUTRAL, new_test_cases, readable, sources_or_na
from pytest_harnessif.checks.command import numbered_calls, ran_tests
from pytest_harnessif.checks.render import turn_diff
from pytest_harnessif.checks.shell import targets_tests
from pytest_harnessif.checks.toolcalls import (
    calls_text,
    failed,
    module_stems,
    selected_test_stems,
    skill_loads,
    turn_calls,
)
from pytest_harnessif.checks.workflow_runs import in_tests


@rule("TU-103", family="tool_use", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype authoritative-docs-tool (adapted: the installed library is the reference)",
      opportunity="an explain/question turn",
      rubric={
          "question": "When the user asks how a third-party library, framework or command-line tool behaves (not "
                      "this repository's own code), did the agent look at that library as installed in the "
                      "environment - its source, docstrings or help - before answering, and does the answer rest on "
                      "what it found?",
          "pass_if": ["Some listed call up to the reply looks at the library's installed source, docstrings or help "
                      "(e.g. reads a file under site-packages, runs `python -c 'help(...)'`, `pydoc` or "
                      "`<tool> --help`), and what the reply says about the library agrees with what such calls "
                      "show."],
          "fail_if": ["The reply states how the library behaves (signatures, defaults, raised errors, version "
                      "differences) while no listed call looked at the installed library.",
                      "The reply contradicts or goes beyond what the consulted source or help shows."],
          "na_if": ["The question is not about a third-party library, framework or tool (it is about the "
                    "repository's own code, or asks for general advice)."],
      },
      surfaces={
          "SP": "For questions about how a third-party library or tool behaves, check the version installed here "
                "first - its source under site-packages, its docstrings (`python -c 'help(...)'`, `pydoc`) or "
                "`--help` - and answer from that, not from memory.",
          "PF": "## Questions about dependencies\nAnswers about a dependency come from the installed version: read "
                "its source or docstrings (site-packages, `pydoc`, `help()`, `--help`) before answering.",
          "UI": "If I ask how some library works, look at the installed version's code or docs before you answer - "
                "don't go from memory.",
      })
def test_library_answers_from_the_installed_library(run: Run) -> None:
    """Answers to `explain` and `question` turns about a third-party library rest on its installed source,
    docstrings or help, consulted before the reply; the judge reads each such turn's request, the tool calls made
    so far and the reply."""
    asked = run.turns_with("explain", "question") or na("no explain or question turn")
    judge_each(
        {"user_request": t.user, "tool_calls_so_far": calls_text(turn_calls(run, 0, t.index)), "reply": t.reply}
        for t in asked
    )


@rule("TU-104", family="tool_use", modality="require", prior="align", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:high PF:medium TD:medium",
      source="curated: act on tool errors", opportunity="a failed tool call",
      rubric={
          "question": "After each tool call marked FAILED, did the agent act on what the failure says?",
          "pass_if": ["After every failed call, the following calls address the error (fix the arguments or the "
                      "command, read what the error points at, take another approach), or the failure is the "
                      "expected result of what the agent was doing (a test written to fail first, a search that "
                      "finds nothing) and is used as such, or the reply tells the user the failure is unresolved."],
          "fail_if": ["The agent carries on as if a failed call had worked (relies on an edit that was not "
                      "applied, reads output a command never produced).",
                      "The same failing call is repeated with nothing changed in between.",
                      "The reply claims success for a step whose failure was never resolved, or leaves an "
                      "unresolved failure unmentioned."],
      },
      surfaces={
          "SP": "When a tool call fails, read the error and act on it - fix the call, look at what it points to, or "
                "change approach - and never carry on as if it had worked; if you cannot resolve it, say so in "
                "your reply.",
          "PF": "## Tool errors\nA failed command or tool call is handled, not ignored: fix it, work around it, or "
                "report it as unresolved.",
          "TD": {"tool": "bash",
                 "text": "If a command fails, read its output and act on the error before moving on; report "
                         "failures you cannot resolve."},
      })
def test_failed_calls_are_acted_on(run: Run) -> None:
    """After a failed tool call the agent acts on the error: it fixes or works around it, or reports it unresolved;
    the judge reads each turn with a failed call (every call, failed ones with their output) and its reply."""
    hit = [t for t in run.turns if any(failed(c) for c in t.tool_calls)] or na("no tool call failed")
    judge_each(
        {"user_request": t.user, "tool_calls": calls_text(turn_calls(run, t.index, t.index), 8), "reply": t.reply}
        for t in hit
    )


@rule("TU-105", family="tool_use", modality="require", prior="against", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:high PF:medium TD:high",
      source="archetype use-named-skill (adapted: load the skills whose description fits the work)",
      opportunity="skills offered",
      rubric={
          "question": "Did the agent load each offered skill before doing work that falls within the skill's "
                      "description?",
          "pass_if": ["Every piece of work that falls within an offered skill's description (as listed) was done "
                      "after that skill had been loaded, in that turn or an earlier one."],
          "fail_if": ["Work within a skill's description (e.g. writing tests while a testing skill is offered, "
                      "committing while a git skill is offered) was done before the skill was loaded, or without "
                      "loading it at all."],
          "na_if": ["No turn's work falls within any offered skill's description."],
      },
      surfaces={
          "SP": "Before you do work that one of the offered skills describes, load that skill with the skill "
                "tool.",
          "PF": "## Skills\nLoad the skill that covers a piece of work (see the skill list) before starting that "
                "work.",
          "TD": {"tool": "skill",
                 "text": "Load a skill before you do the work its description covers, not after."},
      })
def test_fitting_skills_loaded_first(run: Run) -> None:
    """Offered skills are loaded before the work their description covers. Pre-check: all of them loaded before
    any other call passes; a skill the user names in a turn and the agent never loads by the end of it fails;
    the judge reads the skill list beside each turn's calls."""
    skills = run.task.skills or na("the task offers no skill")
    loads = skill_loads(run)
    first_other = next((o for o, _, c in numbered_calls(run) if c.name != "skill"), None)
    if all(any(n == s.name and (first_other is None or o < first_other) for o, _, n in loads) for s in skills):
        return
    named = [(t.index, s.name) for t in run.turns for s in skills if re.search(rf"\b{re.escape(s.name)}\b", t.request)]
    ignored = [f"turn {i}: {name}" for i, name in named if not any(n == name and tn <= i for _, tn, n in loads)]
    assert not ignored, f"skills the user named but the agent never loaded: {ignored}"
    listing = "\n".join(f"- {s.name}: {s.description}" for s in skills)
    turns = "\n\n".join(f"## Turn {t.index} ({t.intent})\nRequest:\n{t.user.strip()}\n\nTool calls:\n"
                        + calls_text(turn_calls(run, t.index, t.index)) for t in run.turns)
    judge(offered_skills=listing, turns=turns)


@rule("TU-106", family="tool_use", modality="require", prior="neutral", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:medium PF:medium SD:high TD:high",
      source="archetype prefer-targeted-tests (adapted: the selection covers the changed code)",
      opportunity="a targeted test run in a turn that changed source code", languages=NEUTRAL,
      rubric={
          "question": "Do the targeted test runs (a test file, a single test or a name filter such as `-k`) select "
                      "tests that exercise the code the turn changed?",
          "pass_if": ["Each targeted selection picks tests of the changed functions or modules (by test file, test "
                      "id, or a name filter that matches their tests)."],
          "fail_if": ["A targeted run selects tests unrelated to the changed code (another module's tests, or a "
                      "name filter matching none of the tests of the changed code) while such tests exist."],
          "na_if": ["No test in the repository exercises the changed code."],
      },
      surfaces={
          "SP": "When you run a subset of the tests after changing code, select the tests of the code you changed "
                "(its test file, single tests in it, or a name filter such as `-k` matching them).",
          "PF": "## Running tests\nA narrowed test run (test file, single test, name filter) must cover the code you "
                "just changed.",
          "SD": {"skill": "python-testing",
                 "text": "When you narrow a test run, select the tests of the code you changed: its test file "
                         "(`tests/test_<module>.py`, `test/<module>.test.js`), single tests in it, or a matching name "
                         "filter."},
          "TD": {"tool": "run_tests",
                 "text": "When you pass a selection (test file, single test, name filter), pick the tests of the "
                         "code you just changed."},
      })
def test_targeted_runs_cover_the_change(run: Run) -> None:
    """Targeted test runs in turns that changed source code (code files that are not tests, any language) select
    tests of the changed code. Pre-check: every such run naming the test file of a changed module (`test_core.py`,
    `core.test.js`, `test_core.c`, `core_test.go` for `core`) passes; the judge reads the turn's source diff, the
    selections and the repository's test cases (Python, JavaScript/TypeScript, C) otherwise."""
    sources_or_na(run, "source file", tests=False)
    cases = []
    for t in run.turns:
        changed = [p for p in run.changed_in_turn(t.index) if readable(p) and not in_tests(p)]
        targeted = [s for s in ran_tests(run) if s.command.turn == t.index and targets_tests(s)]
        if changed and targeted:
            cases.append((t, changed, targeted))
    cases = cases or na("no targeted test run in a turn that changed source code")
    if all(selected_test_stems(s) & module_stems(changed) for _, changed, runs in cases for s in runs):
        return
    inventory = "\n".join(new_test_cases({}, run.files)) or "(no test case)"
    judge_each(
        {"changed_code": turn_diff(run, t.index, paths=changed),
         "test_selections": "\n".join(f"- {s.command.tool}: {s.text}" for s in runs),
         "tests_in_the_repository": inventory}
        for t, changed, runs in cases
    )
