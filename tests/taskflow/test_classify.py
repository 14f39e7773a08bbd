"""classify: the plugin's real OpenAI/Anthropic SDK clients against loopback servers with scripted answers — the
prompt and wire format, answer retries, the recorded fallback, transport retries underneath, failed calls, the
content-hash cache, concurrency, truncation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_harnessif.agents.retry import ModelCallError
from pytest_harnessif.files import CacheWarning, DiskCache
from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.classify import RETRY_NOTE, SYSTEM_PROMPT, Classifier, parse_answer, stats, truncate
from pytest_harnessif.taskflow.intents import LABELS

from ..support.loopback import Body, LoopbackServer, bad_request, rate_limited, server_error
from .conftest import answering, model_on, user_text


class Script:
    """Answers per user message, consumed in order; the last answer repeats."""

    def __init__(self, answers: dict[str, list[str]], default: str = '{"task_type": "new-feature"}') -> None:
        self.answers = answers
        self.default = default

    def __call__(self, body: Body) -> str:
        queue = self.answers.get(user_text(body))
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
def server(script: Script, openai_server: LoopbackServer) -> LoopbackServer:
    return answering(openai_server, script)


def openai_classifier(server: LoopbackServer, cache: DiskCache | None = None, model: str = "gemma-4-31b") -> Classifier:
    return Classifier(model_on(server, model), cache=cache)


def test_the_prompt_carries_every_definition(server: LoopbackServer) -> None:
    result = openai_classifier(server).classify("Fix the crash on empty input.")
    assert (result.label, result.attempts, result.fallback, result.cached) == (Intent.bug_fix, 1, False, False)
    (request,) = server.bodies()
    system, user = request["messages"]
    assert system == {"role": "system", "content": SYSTEM_PROMPT}
    assert user == {"role": "user", "content": "Fix the crash on empty input."}  # the message alone
    for label in LABELS:
        assert f"- {label.value}: " in SYSTEM_PROMPT
    assert "exactly one task_type" in SYSTEM_PROMPT and "dominant actionable" in SYSTEM_PROMPT
    assert '{"task_type": "<label>"}' in SYSTEM_PROMPT  # the format is asked for in the prompt ...
    assert request["model"] == "gemma-4-31b" and request["temperature"] == 0
    assert "response_format" not in request and "tools" not in request  # ... not by constrained decoding


def test_unparseable_answers_are_retried_with_a_note(server: LoopbackServer) -> None:
    result = openai_classifier(server).classify("garbage then good")
    assert (result.label, result.attempts, result.fallback) == (Intent.debug, 3, False)
    assert result.answers[0] == "sure! it's a bug fix"
    assert [b["messages"][0]["content"] for b in server.bodies()] == [SYSTEM_PROMPT] + [SYSTEM_PROMPT + RETRY_NOTE] * 2


def test_after_the_retries_the_fallback_is_recorded_and_not_cached(server: LoopbackServer, tmp_path: Path) -> None:
    classifier = openai_classifier(server, DiskCache(tmp_path))
    result = classifier.classify("always garbage")
    assert (result.label, result.attempts, result.fallback) == (Intent.other, 3, True)
    assert result.answers == ["I think this is a feature request.", '{"task_type": "feature"}',
                              '{"task_type": ["tests", "bug-fix"]}']
    assert not list(tmp_path.rglob("*.json"))
    classifier.classify("always garbage")
    assert len(server.requests) == 6  # asked again next time
    assert stats([result]).fallbacks == 1


def test_transport_faults_are_retried_by_the_client_not_the_classifier(server: LoopbackServer,
                                                                        tmp_path: Path) -> None:
    server.push(rate_limited("0"), server_error(503))
    result = openai_classifier(server, DiskCache(tmp_path)).classify("Fix the crash on empty input.")
    assert (result.label, result.attempts, result.fallback) == (Intent.bug_fix, 1, False)
    assert len(server.requests) == 3 and len(list(tmp_path.rglob("*.json"))) == 1


def test_a_failed_call_is_an_error_never_a_label(server: LoopbackServer, tmp_path: Path) -> None:
    classifier = openai_classifier(server, DiskCache(tmp_path))
    server.push(bad_request("context length exceeded"))
    with pytest.raises(ModelCallError, match="HTTP 400"):
        classifier.classify("Fix the crash on empty input.")
    server.push(*[server_error()] * 3)
    with pytest.raises(ModelCallError, match="gave up after 3 attempts"):
        classifier.classify("Fix the crash on empty input.")
    assert not list(tmp_path.rglob("*.json"))
    assert classifier.classify("Fix the crash on empty input.").label == Intent.bug_fix


def test_cache_hits_skip_the_model(server: LoopbackServer, tmp_path: Path) -> None:
    first = openai_classifier(server, DiskCache(tmp_path)).classify("Fix the crash on empty input.")
    again = openai_classifier(server, DiskCache(tmp_path)).classify("Fix the crash on empty input.")
    assert len(server.requests) == 1
    assert again.cached and again.label == first.label == Intent.bug_fix and again.answers == first.answers
    other_model = openai_classifier(server, DiskCache(tmp_path), model="qwen-3.6").classify(
        "Fix the crash on empty input.")
    assert not other_model.cached and len(server.requests) == 2  # the key includes the model


def test_a_corrupt_cache_entry_is_a_miss_and_is_rewritten(server: LoopbackServer, tmp_path: Path) -> None:
    classifier = openai_classifier(server, DiskCache(tmp_path))
    classifier.classify("Fix the crash on empty input.")
    (entry,) = tmp_path.rglob("*.json")
    entry.write_text('{"label": "not-a-label"}')
    assert not classifier.classify("Fix the crash on empty input.").cached
    assert json.loads(entry.read_text())["label"] == "bug-fix"
    entry.write_text("{truncated")
    with pytest.warns(CacheWarning, match="unreadable"):
        assert not classifier.classify("Fix the crash on empty input.").cached
    assert classifier.classify("Fix the crash on empty input.").cached


def test_classify_many_keeps_order_and_asks_each_text_once(server: LoopbackServer, tmp_path: Path) -> None:
    texts = ["Fix the crash on empty input.", "Add CSV export.", "Fix the crash on empty input.", "Add a flag."]
    results = openai_classifier(server, DiskCache(tmp_path)).classify_many(texts, concurrency=4)
    assert [r.label for r in results] == [Intent.bug_fix, Intent.new_feature, Intent.bug_fix, Intent.new_feature]
    assert len(server.requests) == 3
    summary = stats(openai_classifier(server, DiskCache(tmp_path)).classify_many(texts))
    assert (summary.messages, summary.cached, summary.fallbacks) == (4, 4, 0)
    assert summary.labels == {"bug-fix": 2, "new-feature": 2}


def test_the_anthropic_client_speaks_the_messages_api(script: Script, anthropic_server: LoopbackServer) -> None:
    answering(anthropic_server, script)
    classifier = Classifier(model_on(anthropic_server, "claude-haiku-4-5"))
    assert classifier.classify("Fix the crash on empty input.").label == Intent.bug_fix
    assert classifier.classify("garbage then good").label == Intent.debug
    request = anthropic_server.bodies()[0]
    assert request["system"] == SYSTEM_PROMPT and request["model"] == "claude-haiku-4-5"
    assert request["messages"] == [{"role": "user", "content": [{"type": "text",
                                                                 "text": "Fix the crash on empty input."}]}]
    assert request["temperature"] == 0 and "output_config" not in request and "tools" not in request
    assert [b["system"] for b in anthropic_server.bodies()[1:]] == [SYSTEM_PROMPT] + [SYSTEM_PROMPT + RETRY_NOTE] * 2


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
