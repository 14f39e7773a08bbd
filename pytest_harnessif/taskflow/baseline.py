"""BASELINE ONLY: an offline, keyword-rule intent classifier, so the pipeline runs without a model.

It is a crude reference point, not a substitute for the model classifier: it reads surface keywords in a fixed
priority order and falls back to `other`. It speaks the `TextModel` protocol (answering the classifier's JSON) so
it plugs into the same classifier, cache and agreement check as a real model (spec `baseline`).
"""

from __future__ import annotations

import json
import re

from ..schema import Intent

_FLAGS = re.IGNORECASE | re.MULTILINE

_GREETING = re.compile(r"\W*(hi|hello|hey|yo|ping|test|good (morning|afternoon|evening))\W*", re.IGNORECASE)
_FEEDBACK = re.compile(r"\W*(thanks?|thank you|thx|great|perfect|awesome|nice|cool|ok(ay)?|looks good|lgtm)\b",
                       re.IGNORECASE)
_TRACE_LINE = re.compile(r"\s*(Traceback \(most recent call last\)|File \".*\", line \d+|at \S+\(|"
                         r"[\w.]*(Error|Exception)\b)|\s{2,}\S")
_PROJECT_CUE = re.compile(r"\b(this|our|my|the) (code|function|file|module|class|project|repo|method|service|"
                          r"endpoint|component|script)\b|`[^`]+`|\b\w+\.(py|js|ts|tsx|go|rs|java|rb|yaml|yml)\b|"
                          r"\b\w+\(\)|\b[a-z]+_[a-z_]+\b|\b[A-Z]\w+\.\w+", re.MULTILINE)
_QUESTION = re.compile(r"\?\s*$|^\s*(what|how|why|when|which|is|are|can|does|do|should)\b", _FLAGS)

_RULES: tuple[tuple[Intent, re.Pattern[str]], ...] = (
    (Intent.question, re.compile(r"\b(general|side) question\b|\bnot about (this|the|our) (repo|project|code)\b",
                                 _FLAGS)),
    (Intent.meta_question, re.compile(r"\b(which|what) model are you\b|\bare you (gpt|claude|gemini)\b|\byour "
                                      r"(context window|quota|limits?)\b|\b(quota|billing|credits|rate limit|"
                                      r"token usage)\b", _FLAGS)),
    (Intent.code_review, re.compile(r"\breview\b|\blook over\b|\bsanity[- ]check (my|the|this)\b", _FLAGS)),
    (Intent.execute, re.compile(r"^\W*(please\s+)?(run|execute|deploy|install|commit|push|launch|restart|merge|"
                                r"rebase)\b|\b(run|execute|launch) (the |all |our )?(full )?(tests?|test suite|"
                                r"script|command|build|migrations?|linter|benchmarks?)\b", _FLAGS)),
    (Intent.tests, re.compile(r"\b(write|add|create|generate|more|extend|increase)\b[^.?!\n]{0,40}\b(unit |"
                              r"integration |regression |e2e )?tests?\b(?! (fails?|failing|is failing|are failing))|"
                              r"\btest coverage\b|\b(has|have) no (unit )?tests\b", _FLAGS)),
    (Intent.debug, re.compile(r"^(?!.*\bfix).*(\bwhy (is|does|do|are|did|would)\b[^?]*\b(fail|error|crash|wrong|"
                              r"broken|differ|mismatch|empty|missing|slow|stale|unexpected|hang|leak|not|\w+n't)|\b(investigate|diagnose|"
                              r"figure out why|find out why|root cause|something'?s (off|wrong))\b)",
                              re.IGNORECASE | re.DOTALL)),
    (Intent.bug_fix, re.compile(r"\bfix\b|\bbug\b|\bbroken\b|\bcrash(es|ed|ing)?\b|\bnot working\b|\bdoesn't work\b|"
                                r"\b(fails?|failing)\b|\bexception\b|\berror:", _FLAGS)),
    (Intent.transformation, re.compile(r"\b(convert|migrate|port|translate)\b|\bupgrade (it |this |the \w+ )?to\b|"
                                       r"\brewrite\b.*\bin (python|typescript|javascript|go|rust|java|async)\b",
                                       _FLAGS)),
    (Intent.refactor, re.compile(r"\b(refactor|clean ?up|restructure|rename|extract|simplify|deduplicate|"
                                 r"decouple)\b|\bsplit\b.*\binto\b.*\bhelpers\b|"
                                 r"\bwithout changing\b.*\bbehaviou?r\b", _FLAGS)),
    (Intent.generate_docs, re.compile(r"\b(document|documentation|docstrings?|readme|changelog|docs)\b|"
                                      r"\b(add|write) (code )?comments\b", _FLAGS)),
    (Intent.data_analysis, re.compile(r"\b(analy[sz]e|analysis|dataset|dataframe|chart|plot|histogram|statistics|"
                                      r"distribution|sql query|profile)\b|\b\w+\.(csv|parquet|xlsx)\b", _FLAGS)),
    (Intent.planning, re.compile(r"\b(plan|design|approach|architecture|strategy|proposal|pros and cons|"
                                 r"trade-?offs?|how would you|should (we|i))\b", _FLAGS)),
)
_EXPLAIN = re.compile(r"\b(explain|walk me through|what does|how does|what is the purpose of|where is|where does)\b",
                      _FLAGS)
_FEATURE = re.compile(r"\b(add|implement|create|build|make|support|introduce|allow|enable|write|generate|update|"
                      r"change|modify|extend|want|need|would like|'d like)\b", _FLAGS)


def _is_trace(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) >= 2 and sum(bool(_TRACE_LINE.match(line)) for line in lines) >= 0.8 * len(lines)


def baseline_label(text: str) -> Intent:
    """The baseline's label for one message (first matching rule wins)."""
    if not re.search(r"[^\W\d_]", text) or _GREETING.fullmatch(text):
        return Intent.greeting
    if _is_trace(text):
        return Intent.bug_fix
    for intent, pattern in _RULES:
        if pattern.search(text):
            return intent
    if _EXPLAIN.search(text):
        return Intent.explain if _PROJECT_CUE.search(text) else Intent.question
    if _FEATURE.search(text):
        return Intent.new_feature
    if _FEEDBACK.match(text):
        return Intent.other
    if _QUESTION.search(text):
        return Intent.explain if _PROJECT_CUE.search(text) else Intent.question
    return Intent.other


class BaselineModel:
    """The keyword baseline as a `TextModel`: answers `{"task_type": ...}` for the user message, ignores `system`."""

    model_id = "baseline"

    def complete(self, system: str, user: str) -> str:
        return json.dumps({"task_type": baseline_label(user).value})
