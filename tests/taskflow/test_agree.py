"""agree: pairwise exact agreement, the >= 100-session rule, and a three-model run (baseline + two loopback
models)."""

from __future__ import annotations

import json

import pytest

from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.agree import AgreementError, agreement, run_agreement, sample_sessions
from pytest_harnessif.taskflow.baseline import BaselineModel, baseline_label
from pytest_harnessif.taskflow.classify import Classifier
from pytest_harnessif.taskflow.corpora import Message, Session

from ..support.loopback import Body, LoopbackServer
from .conftest import answering, model_on, user_text

BUG, FEAT, EXPL = Intent.bug_fix, Intent.new_feature, Intent.explain
TEXTS = ["Fix the crash in export.", "Add CSV export.", "How does `load()` work?", "Run the tests.",
         "Review my diff.", "thanks!"]


def corpus(n: int) -> list[Session]:
    return [Session(id=f"s{i}", messages=[Message(text=TEXTS[(i + k) % len(TEXTS)]) for k in range(3)])
            for i in range(n)]


def test_pairwise_agreement_by_hand() -> None:
    result = agreement({"a": [BUG, FEAT, EXPL, BUG], "b": [BUG, FEAT, BUG, BUG], "c": [FEAT, FEAT, EXPL, EXPL]}, 2)
    assert [(p.a, p.b, p.agreement) for p in result.pairs] == [("a", "b", 75.0), ("a", "c", 50.0),
                                                                ("b", "c", 25.0)]
    assert result.mean == pytest.approx(50.0) and result.messages == 4


def test_agreement_needs_two_models_and_equal_lengths() -> None:
    with pytest.raises(AgreementError, match="at least two models"):
        agreement({"a": [BUG]}, 1)
    with pytest.raises(AgreementError, match="same, non-empty"):
        agreement({"a": [BUG], "b": [BUG, BUG]}, 1)


def test_sampling_is_seeded() -> None:
    sessions = corpus(150)
    assert sample_sessions(sessions, 100, 1) == sample_sessions(sessions, 100, 1)
    assert sample_sessions(sessions, 100, 1) != sample_sessions(sessions, 100, 2)
    assert sample_sessions(sessions[:50], 100) == sessions[:50]


@pytest.fixture
def loopback(openai_server: LoopbackServer) -> LoopbackServer:
    def reply(body: Body) -> str:
        label = baseline_label(user_text(body))
        if body["model"] == "contrarian" and label is Intent.code_review:
            label = Intent.other  # disagrees with the baseline on one of six texts
        return json.dumps({"task_type": label.value})

    return answering(openai_server, reply)


def test_three_models_on_100_sessions(loopback: LoopbackServer) -> None:
    classifiers = {"baseline": Classifier(BaselineModel()),
                   "echo": Classifier(model_on(loopback, "echo")),
                   "contrarian": Classifier(model_on(loopback, "contrarian"))}
    result = run_agreement(corpus(100), classifiers, concurrency=4)
    assert (result.sessions, result.messages) == (100, 300)
    assert {(p.a, p.b): p.agreement for p in result.pairs} == {
        ("baseline", "echo"): 100.0, ("baseline", "contrarian"): pytest.approx(250 / 3),
        ("echo", "contrarian"): pytest.approx(250 / 3)}
    assert result.fallbacks == {"baseline": 0, "echo": 0, "contrarian": 0}
    assert len(loopback.requests) == 2 * len(TEXTS)  # each distinct text asked once per model


def test_fewer_than_100_sessions_or_no_text_is_refused() -> None:
    baseline = {"a": Classifier(BaselineModel()), "b": Classifier(BaselineModel())}
    with pytest.raises(AgreementError, match="at least 100 sessions, got 99"):
        run_agreement(corpus(99), baseline)
    labels_only = [Session(id=f"e{i}", messages=[Message(label=BUG)]) for i in range(100)]
    with pytest.raises(AgreementError, match="needs message text"):
        run_agreement(labels_only, baseline)
