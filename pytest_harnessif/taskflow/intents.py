"""The 16 SWE-TaskFlow intents: definitions, tie-break rules and the 13 labels kept for TFAS (taskflow spec 1)."""

from __future__ import annotations

from ..schema import Intent

LABELS: tuple[Intent, ...] = tuple(Intent)
"""All 16 labels, in the spec's table order."""

DROPPED: frozenset[Intent] = frozenset({Intent.greeting, Intent.meta_question, Intent.other})
"""Labels that cannot be instantiated as repository tasks; TFAS filters them out."""

TFAS_LABELS: tuple[Intent, ...] = tuple(label for label in LABELS if label not in DROPPED)
"""The 13 labels kept for TFAS, in table order."""

DEFINITIONS: dict[Intent, str] = {
    Intent.tests: "Asks for new tests or more test coverage. A request to fix an existing failing test is "
    "bug-fix or debug, not tests.",
    Intent.bug_fix: "Asks to repair an existing defect, error or exception. A message that is only a stack trace "
    "or error output defaults to bug-fix.",
    Intent.new_feature: "Asks to add functionality that does not exist yet.",
    Intent.generate_docs: "Asks for documentation: docs pages, docstrings, code comments, README content.",
    Intent.refactor: "Asks to restructure code within the same language while keeping its behaviour. A change of "
    "format, language, library version or paradigm is transformation instead.",
    Intent.transformation: "Asks to convert code across formats, languages, library or framework versions, or "
    "paradigms (for example callbacks to async, Python 2 to 3, JSON to YAML).",
    Intent.debug: "Asks to find out why something fails or behaves unexpectedly, without asking for the fix. Asking "
    "for the fix is bug-fix.",
    Intent.planning: "Asks to plan a change, design an approach, or assess a plan, design or spec before any code "
    "is written.",
    Intent.explain: "Asks how specific code in the user's own project works (its files, functions, modules or "
    "behaviour).",
    Intent.question: "Asks a general question about programming, a language, a framework, a library or a tool, not "
    "about the user's project.",
    Intent.meta_question: "Asks about the assistant itself, the IDE, quota, billing, the model or the environment "
    "the assistant runs in.",
    Intent.code_review: "Asks for a review of specific changes or code: style, correctness, performance, security.",
    Intent.execute: "Asks to run something: a command, build, test run, query, deployment, commit, or another "
    "external action.",
    Intent.data_analysis: "Asks to analyse data, or to build and interpret queries, charts or metrics over data.",
    Intent.greeting: "Carries no programming content: a greeting, a ping, or meaningless input.",
    Intent.other: "Residual content with no programming request, such as thanks, praise, complaints or feedback.",
}

TIE_BREAKS: tuple[str, ...] = (
    "Label the action the user wants the assistant to perform. Ignore the topic, the programming language and any "
    "solution the user proposes.",
    "A request to fix an existing failing test is bug-fix or debug, not tests.",
    "A message that is only a stack trace or error output is bug-fix.",
    "Investigating without fixing is debug; asking for the fix is bug-fix.",
    "refactor keeps the language and the behaviour; a change of format, language, library version or paradigm is "
    "transformation.",
    "explain is about the user's own project code; question is general knowledge.",
    "If a message contains several requests, pick the dominant actionable one: the request the user wants carried "
    "out, not context or pleasantries; if two actionable requests compete, take the one the rest of the message "
    "serves.",
    "Exactly one label per message.",
)


def is_kept(label: Intent) -> bool:
    """Whether `label` is one of the 13 TFAS labels."""
    return label not in DROPPED
