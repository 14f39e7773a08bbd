"""Judge-based tool-use rules (TU-1xx): whether the agent used what its tools and skills gave it - following the
project's testing skill, answering from code it actually looked at. Judged against a rubric; hybrid rules let a
deterministic pre-check decide first."""

from __future__ import annotations

from pytest_harnessif import Run, judge, na, rule
from pytest_harnessif.authoring import shown
from pytest_harnessif.checks.command import numbered_calls
from pytest_harnessif.checks.render import call_line
from pytest_harnessif.checks.workflow_runs import in_tests

NOT_LOOKING = frozenset({"write_file", "edit_file", "skill"})


@rule("TU-101", family="tool_use", modality="require", prior="against", method="llm_judge",
      observability="deep", universality="cross-coding", fit="SP:medium PF:medium SD:high",
      source="archetype use-named-skill (adapted: follow the skill's content)",
      opportunity="test files changed and the skill offered",
      rubric={
          "question": "Do the tests the agent added or changed follow the conventions of the project's "
                      "`{skill}` skill (shown as evidence)?",
          "pass_if": ["Every convention of the skill that applies to the changed tests is followed (where tests "
                      "live, how they import, how inputs are built, how values are compared, how files are "
                      "handled)."],
          "fail_if": ["A changed test breaks a convention the skill states (e.g. reads a data file the skill says "
                      "not to read, compares floats exactly where the skill asks for pytest.approx, puts tests in "
                      "a module the skill does not name, writes into the repository).",
                      "Several conventions are ignored even if each deviation is small."],
          "na_if": ["No test code was added or changed, or the skill states no convention that applies to the "
                    "changed tests."],
      },
      surfaces={
          "SP": "The project's `{skill}` skill is binding: every test you write or change follows its "
                "conventions (file layout, imports, inputs, comparisons, files).",
          "PF": "## Tests\nTests follow the `{skill}` skill: load it before writing tests and apply every "
                "convention it states.",
          "SD": {"skill": "{skill}",
                 "text": "These conventions are binding for every test you add or change; apply each one that "
                         "fits the test at hand."},
      })
def test_tests_follow_the_testing_skill(run: Run, skill: str = "python-testing") -> None:
    """Tests added or changed follow the conventions of the task's `{skill}` skill; the judge reads the skill's body
    beside the diff of the test files (any language's test files, anything under a test folder)."""
    offered = next((s for s in run.task.skills if s.name == skill), None) or na(f"the task offers no {skill} skill")
    diff = run.diff(keep=in_tests) or na("no test file changed")
    judge(skill=offered.body, test_diff=diff)


@rule("TU-102", family="tool_use", modality="require", prior="align", method="hybrid",
      observability="deep", universality="cross-coding", fit="SP:high PF:medium UI:low",
      source="archetype authoritative-docs-tool (adapted: consult the repository before answering about it)",
      opportunity="such a turn",
      rubric={
          "question": "Are the agent's answers about this repository's code and data (explanations, debugging "
                      "findings, reviews, analyses) based on files it read or commands it ran in the session?",
          "pass_if": ["Every specific statement about the repository's code or data concerns something the "
                      "agent had read or run before answering (the listed calls cover the files, functions or "
                      "data the answer describes)."],
          "fail_if": ["The answer describes files, functions or data the agent never opened or ran, stating "
                      "their content or behaviour as fact.",
                      "The answer gives numbers or results about the data or code that none of the listed calls "
                      "could have produced."],
          "na_if": ["The answers make no specific statement about the repository (e.g. general advice)."],
      },
      surfaces={
          "SP": "Answer questions about this repository only from what your tools showed you in this session: "
                "read the files or run the code before you describe what they contain or do.",
          "PF": "## Answering questions\nBefore explaining, debugging or reviewing code, open it with the tools; "
                "every statement about the code or data must rest on a file you read or a command you ran.",
          "UI": "When you explain or review something, look at the actual code first - don't answer from memory "
                "or guesswork.",
      })
def test_answers_rest_on_what_was_read(
    run: Run, intents: tuple[str, ...] = ("explain", "debug", "code-review", "data-analysis")
) -> None:
    """Answers in {intents:code-and} turns rest on files read or commands run in the session. Pre-check: such a
    turn with nothing read or run so far fails; the judge reads each answer beside what had been looked at.

    Looking is any tool call that succeeded other than a write, an edit or a skill load: a read, a listing, a
    command."""
    answers = run.turns_with(*intents) or na(f"no {shown(intents, 'or')} turn")
    looked: dict[int, list[str]] = {t.index: [] for t in run.turns}
    for _, turn, call in numbered_calls(run):
        if call.name not in NOT_LOOKING and not call.is_error:
            looked[turn].append(call_line(call))
    blind = [t.index for t in answers if not any(looked[i] for i in range(t.index + 1))]
    assert not blind, f"turns {blind} answered about the repository without reading or running anything first"
    sections = []
    for t in answers:
        seen = list(dict.fromkeys(line for i in range(t.index + 1) for line in looked[i]))
        sections.append(
            f"## Turn {t.index} ({t.intent})\nRequest:\n{t.user.strip()}\n\n"
            f"Read or run so far in the session:\n" + "\n".join(f"- {line}" for line in seen)
            + f"\n\nReply:\n{t.reply.strip()}"
        )
    judge(answers="\n\n".join(sections))
