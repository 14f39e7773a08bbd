"""baseline: the offline keyword classifier on canonical messages, and through the classifier pipeline."""

from __future__ import annotations

import pytest

from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.baseline import BaselineModel, baseline_label
from pytest_harnessif.taskflow.classify import Classifier

CANONICAL = [
    ("Please add unit tests for parse_config.", Intent.tests),
    ("The login page throws a 500 when the email has a plus sign. Fix it.", Intent.bug_fix),
    ("test_export is failing on CI, please fix it", Intent.bug_fix),
    ('Traceback (most recent call last):\n  File "app.py", line 3, in <module>\nKeyError: \'id\'', Intent.bug_fix),
    ("Add a --dry-run flag to the deploy command.", Intent.new_feature),
    ("Write docstrings for every public function in utils.py.", Intent.generate_docs),
    ("Refactor the Parser class into smaller methods without changing behaviour.", Intent.refactor),
    ("Convert this module from callbacks to async/await.", Intent.transformation),
    ("Why does the cache return stale values after a restart? Don't change anything yet.", Intent.debug),
    ("What approach should we take to add multi-tenancy? Give me a plan first.", Intent.planning),
    ("How does `resolve_deps()` decide the install order?", Intent.explain),
    ("What is the difference between a list and a tuple in Python?", Intent.question),
    ("Which model are you, and how much quota do I have left?", Intent.meta_question),
    ("Review my changes in auth.py for security problems.", Intent.code_review),
    ("Run the migrations and then the full test suite.", Intent.execute),
    ("Analyze sales.csv and plot revenue per month.", Intent.data_analysis),
    ("hello", Intent.greeting),
    ("???", Intent.greeting),
    ("thanks, that worked!", Intent.other),
]


@pytest.mark.parametrize(("text", "label"), CANONICAL, ids=[label.value for _, label in CANONICAL])
def test_canonical_messages(text: str, label: Intent) -> None:
    assert baseline_label(text) == label


def test_the_baseline_runs_through_the_classifier_offline() -> None:
    classifier = Classifier(BaselineModel())
    results = classifier.classify_many([text for text, _ in CANONICAL], concurrency=4)
    assert [r.label for r in results] == [label for _, label in CANONICAL]
    assert all(r.attempts == 1 and not r.fallback for r in results)
    assert classifier.model.model_id == "baseline"
