"""Classifier throughput: the plugin's OpenAI client (real SDK, its retry policy) against its loopback server
answering after 0.2 s, serial versus 8 calls in flight (messages per second and their ratio). No cache, so every
message is a model call."""

from __future__ import annotations

import json
import sys
import time

from _common import ROOT

sys.path.insert(0, str(ROOT))

from pytest_harnessif.taskflow.baseline import baseline_label
from pytest_harnessif.taskflow.classify import Classifier
from pytest_harnessif.taskflow.models import make_model
from tests.support.loopback import LoopbackServer, openai_reply

LATENCY, MESSAGES, CONCURRENCY = 0.2, 64, 8


def answer(body: dict) -> dict:
    return openai_reply(json.dumps({"task_type": baseline_label(body["messages"][-1]["content"]).value}))


def throughput(classifier: Classifier, concurrency: int) -> float:
    texts = [f"Fix the crash number {i} in the export job." for i in range(MESSAGES)]  # distinct: no dedup
    start = time.perf_counter()
    results = classifier.classify_many(texts, concurrency)
    elapsed = time.perf_counter() - start
    assert len(results) == MESSAGES and not any(r.fallback for r in results)
    return MESSAGES / elapsed


def main() -> None:
    with LoopbackServer("openai", latency=LATENCY, respond=answer) as server:
        classifier = Classifier(make_model(f"openai/loopback@{server.base_url}"))
        serial = throughput(classifier, 1)
        parallel = throughput(classifier, CONCURRENCY)
    print(f"classifier, {MESSAGES} messages, loopback latency {LATENCY:.1f} s")
    print(f"  serial:         {serial:6.2f} messages/s")
    print(f"  concurrency {CONCURRENCY}:  {parallel:6.2f} messages/s")
    print(f"  ratio:          {parallel / serial:6.2f}x  (ideal {CONCURRENCY}x)")


if __name__ == "__main__":
    main()
