"""classify: the real OpenAI/Anthropic SDK clients against a loopback server with scripted answers — the prompt and
wire format, retries, the recorded fallback, the content-hash cache, concurrency, truncation."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.cache import DiskCache, content_key
from pytest_harnessif.taskflow.classify import (
    OUTPUT_SCHEMA,
    RETRY_NOTE,
    SYSTEM_PROMPT,
    Classifier,
    parse_answer,
    stats,
    truncate,
)
from pytest_harnessif.taskflow.intents import LABELS
from pytest_harnessif.taskflow.models import make_model

from .loopback import Loopback, user_text


class Script:
    """Answers per user message, consumed in order; the last answer repeats."""

    def __init__(self, answers: dict[str, list[str]], default: str = '{"task_type": "new-feature"}') -> None:
        self.answers = answers
        self.default = default

    def __call__(self, request: dict[str, Any]) -> str:
        queue = self.answers.get(user_text(request))
        if not queue:
            return self.default
        return queue.pop(0) if len(queue) > 1 else queue[0]


@pytest.fixture
def script() -> Script:
    return Script({
        "Fix the crash on empty input.": ['{"task_type": "bug-fix"}'],
        "garbage then good": ["sure! it's a bug fix", '{"task_type": "bug-fix"', '{"task_type": "debug"}'],
        "always garbage": ["I think this is a feature request.", '{"task_type": "feature"}',
                           '{"task_type": ["tests", "bug-fix"]}'],
    })


@pytest.fixture
def server(script: Script, monkeypatch: pytest.MonkeyPatch) -> Iterator[Loopback]:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with Loopback(script) as loopback:
        yield loopback


def openai_classifier(server: Loopback, cache: DiskCache | None = None, model: str = "gemma-4-31b") -> Classifier:
    return Classifier(make_model(f"openai/{model}@{server.url}", json_schema=OUTPUT_SCHEMA), cache=cache)


def test_the_prompt_carries_every_definition_and_the_schema(server: Loopback) -> None:
    result = openai_classifier(server).classify("Fix the crash on empty input.")
    assert (result.label, result.attempts, result.fallback, result.cached) == (Intent.bug_fix, 1, False, False)
    request = server.requests[0]
    system, user = request["messages"]
    assert system == {"role": "system", "content": SYSTEM_PROMPT}
    assert user == {"role": "user", "content": "Fix the crash on empty input."}  # the message alone
    for label in LABELS:
        assert f"- {label.value}: " in SYSTEM_PROMPT
    assert "exactly one task_type" in SYSTEM_PROMPT and "dominant actionable" in SYSTEM_PROMPT
    assert request["model"] == "gemma-4-31b" and request["temperature"] == 0.0
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["schema"] == OUTPUT_SCHEMA
    assert OUTPUT_SCHEMA["properties"]["task_type"]["enum"] == [label.value for label in LABELS]


def test_unparseable_answers_are_retried_with_a_note(server: Loopback) -> None:
    result = openai_classifier(server).classify("garbage then good")
    assert (result.label, result.attempts, result.fallback) == (Intent.debug, 3, False)
    assert result.answers[0] == "sure! it's a bug fix"
    assert [r["messages"][0]["content"] for r in server.requests] == [SYSTEM_PROMPT] + [SYSTEM_PROMPT + RETRY_NOTE] * 2


def test_after_the_retries_the_fallback_is_recorded_and_not_cached(server: Loopback, tmp_path: Path) -> None:
    classifier = openai_classifier(server, DiskCache(tmp_path))
    result = classifier.classify("always garbage")
    assert (result.label, result.attempts, result.fallback) == (Intent.other, 3, True)
    assert result.answers == ["I think this is a feature request.", '{"task_type": "feature"}',
                              '{"task_type": ["tests", "bug-fix"]}']
    assert not list(tmp_path.rglob("*.json"))
    classifier.classify("always garbage")
    assert len(server.requests) == 6  # asked again next time
    assert stats([result]).fallbacks == 1


def test_cache_hits_skip_the_model(server: Loopback, tmp_path: Path) -> None:
    first = openai_classifier(server, DiskCache(tmp_path)).classify("Fix the crash on empty input.")
    again = openai_classifier(server, DiskCache(tmp_path)).classify("Fix the crash on empty input.")
    assert len(server.requests) == 1
    assert again.cached and again.label == first.label == Intent.bug_fix and again.answers == first.answers
    other_model = openai_classifier(server, DiskCache(tmp_path), model="qwen-3.6").classify(
        "Fix the crash on empty input.")
    assert not other_model.cached and len(server.requests) == 2  # the key includes the model


def test_a_corrupt_cache_entry_is_a_miss_and_is_rewritten(server: Loopback, tmp_path: Path) -> None:
    classifier = openai_classifier(server, DiskCache(tmp_path))
    classifier.classify("Fix the crash on empty input.")
    (entry,) = tmp_path.rglob("*.json")
    entry.write_text('{"label": "not-a-label"}')
    assert not classifier.classify("Fix the crash on empty input.").cached
    assert json.loads(entry.read_text())["label"] == "bug-fix"
    entry.write_text("{truncated")
    assert not classifier.classify("Fix the crash on empty input.").cached
    assert classifier.classify("Fix the crash on empty input.").cached


def test_classify_many_keeps_order_and_asks_each_text_once(server: Loopback, tmp_path: Path) -> None:
    texts = ["Fix the crash on empty input.", "Add CSV export.", "Fix the crash on empty input.", "Add a flag."]
    results = openai_classifier(server, DiskCache(tmp_path)).classify_many(texts, concurrency=4)
    assert [r.label for r in results] == [Intent.bug_fix, Intent.new_feature, Intent.bug_fix, Intent.new_feature]
    assert len(server.requests) == 3
    summary = stats(openai_classifier(server, DiskCache(tmp_path)).classify_many(texts))
    assert (summary.messages, summary.cached, summary.fallbacks) == (4, 4, 0)
    assert summary.labels == {"bug-fix": 2, "new-feature": 2}


def test_the_anthropic_adapter_speaks_the_messages_api(server: Loopback) -> None:
    classifier = Classifier(make_model(f"anthropic/claude-haiku-4-5@{server.root}", json_schema=OUTPUT_SCHEMA))
    assert classifier.classify("Fix the crash on empty input.").label == Intent.bug_fix
    request = server.requests[0]
    assert request["system"] == SYSTEM_PROMPT and request["model"] == "claude-haiku-4-5"
    assert request["messages"] == [{"role": "user", "content": "Fix the crash on empty input."}]
    assert request["output_config"]["format"] == {"type": "json_schema", "schema": OUTPUT_SCHEMA}


@pytest.mark.parametrize(("raw", "label"), [('{"task_type": "tests"}', Intent.tests),
                                            ('```json\n{"task_type": "explain"}\n```', Intent.explain),
                                            ('  {"task_type": "other", "why": "thanks"}\n', Intent.other)])
def test_parse_answer_accepts(raw: str, label: Intent) -> None:
    assert parse_answer(raw) == label


@pytest.mark.parametrize("raw", ["", "bug-fix", '{"task_type": "bugfix"}', '{"task_type": ["tests"]}',
                                 '{"label": "tests"}', '[{"task_type": "tests"}]'])
def test_parse_answer_rejects(raw: str) -> None:
    with pytest.raises(ValueError, match="not a single-label answer"):
        parse_answer(raw)


def test_long_messages_keep_head_and_tail() -> None:
    text = "please fix this crash:\n" + "x" * 20000 + "\nValueError: boom"
    cut = truncate(text, 800)
    assert cut.startswith("please fix this crash:") and cut.endswith("ValueError: boom")
    assert "characters omitted" in cut and len(cut) < 900
    assert truncate("short", 800) == "short"


def test_content_key_separates_parts() -> None:
    assert content_key("ab", "c") != content_key("a", "bc")
    assert content_key("a", "b") == content_key("a", "b")
