"""The judge over real provider SDK clients, played by loopback servers: unanimous, 2-1, three-way split,
garbage JSON, refusal, timeout, and a re-score served from the cache with zero calls."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_harnessif import Rubric
from pytest_harnessif.agents.settings import ModelSettings
from pytest_harnessif.llm_judge import Judge, JudgeSettings, Request
from pytest_harnessif.schema import Status
from tests.support.loopback import LoopbackServer, anthropic_reply, openai_reply, slow

RUBRIC = Rubric(question="Does the reply answer the question?", pass_if=["it answers"], fail_if=["it dodges"])
REQUEST = Request.build(RUBRIC, {"question": "Why compare_digest?", "reply": "Constant time."}, 24_000)


def say(provider: str, status: str, reason: str = "cites the evidence") -> dict:
    text = json.dumps({"verdict": status, "reason": reason})
    return openai_reply(text) if provider == "openai" else anthropic_reply(text)


def make_judge(server: LoopbackServer, tmp_path: Path | None = None, **kw: object) -> Judge:
    return Judge.from_spec(
        f"{server.provider}/judge-model@{server.base_url}",
        JudgeSettings(votes=3),
        calls=ModelSettings(timeout=float(kw.get("timeout", 10.0)), max_retries=0),  # type: ignore[arg-type]
        cache_dir=tmp_path,
        rejudge=bool(kw.get("rejudge", False)),
    )


@pytest.fixture(params=["openai", "anthropic"])
def server(request: pytest.FixtureRequest) -> LoopbackServer:
    return request.getfixturevalue(f"{request.param}_server")


def test_unanimous_votes_and_what_is_sent(server: LoopbackServer) -> None:
    server.push(*(say(server.provider, "pass") for _ in range(3)))
    record, reason = make_judge(server).decide(REQUEST)
    assert record.status is Status.passed and reason == "judge 3/3 pass: cites the evidence"
    assert record.judge.startswith(f"{server.provider}/judge-model@http://127.0.0.1:")
    bodies = server.bodies()
    assert len(bodies) == 3 and all(b["temperature"] == 0.3 for b in bodies)
    user = bodies[0]["messages"][-1]["content"]
    text = user if isinstance(user, str) else user[0]["text"]
    assert "### reply\n<<<\nConstant time.\n>>>" in text and "## Fail if\n- it dodges" in text


def test_two_to_one_is_the_majority(server: LoopbackServer) -> None:
    server.push(say(server.provider, "fail", "dodges"), say(server.provider, "pass"), say(server.provider, "fail"))
    record, reason = make_judge(server).decide(REQUEST)
    assert record.status is Status.failed and reason.startswith("judge 2/3 fail")
    assert sorted(str(v.status) for v in record.votes) == ["fail", "fail", "pass"]


def test_three_way_split_is_an_error_with_the_raw_answers(server: LoopbackServer) -> None:
    server.push(say(server.provider, "pass"), say(server.provider, "fail"), say(server.provider, "n/a"))
    record, reason = make_judge(server).decide(REQUEST)
    assert record.status is Status.error and "no majority of 3 votes" in reason
    assert sorted(json.loads(v.raw)["verdict"] for v in record.votes) == ["fail", "n/a", "pass"]


def test_garbage_json_is_an_error_never_a_pass(server: LoopbackServer) -> None:
    garbage = openai_reply if server.provider == "openai" else anthropic_reply
    server.push(garbage('{"verdict": "pass", "reason": '), garbage("PASS!"), say(server.provider, "pass"))
    record, reason = make_judge(server).decide(REQUEST)
    assert record.status is Status.error and "2 unusable" in reason
    assert {v.raw for v in record.votes if v.status is None} == {'{"verdict": "pass", "reason": ', "PASS!"}


def test_refusal_is_an_unusable_vote(openai_server: LoopbackServer, anthropic_server: LoopbackServer) -> None:
    refusal = openai_reply("")
    refusal["choices"][0]["message"]["refusal"] = "I can't grade this."
    openai_server.push(*(refusal for _ in range(3)))
    record, _ = make_judge(openai_server).decide(REQUEST)
    assert record.status is Status.error
    assert {v.problem for v in record.votes} == {"refused (refusal)"} and record.votes[0].raw == "I can't grade this."
    anthropic_server.push(*(anthropic_reply("No.", stop_reason="refusal") for _ in range(3)))
    record, _ = make_judge(anthropic_server).decide(REQUEST)
    assert record.status is Status.error and {v.problem for v in record.votes} == {"refused (refusal)"}


def test_a_timed_out_call_is_an_unusable_vote(server: LoopbackServer) -> None:
    server.push(slow(3.0), say(server.provider, "pass"), say(server.provider, "pass"))
    record, reason = make_judge(server, timeout=0.5).decide(REQUEST)
    assert record.status is Status.passed  # two of three votes still agree
    (failed,) = [v for v in record.votes if v.status is None]
    assert failed.problem.startswith("call failed") and failed.raw == ""
    server.push(slow(3.0), slow(3.0), say(server.provider, "pass"))
    record, reason = make_judge(server, timeout=0.5).decide(REQUEST)
    assert record.status is Status.error and "2 unusable (call failed" in reason


def test_rescore_hits_the_cache_with_zero_calls_and_rejudge_asks_again(
    openai_server: LoopbackServer, tmp_path: Path
) -> None:
    openai_server.respond = lambda body: say("openai", "pass")
    first = make_judge(openai_server, tmp_path)
    assert first.decide(REQUEST)[0].status is Status.passed and (first.calls, first.hits) == (3, 0)
    again = make_judge(openai_server, tmp_path)
    record, _ = again.decide(REQUEST)
    assert (again.calls, again.hits) == (0, 3) and (record.calls, record.cached) == (0, 3)
    assert len(openai_server.requests) == 3
    fresh = make_judge(openai_server, tmp_path, rejudge=True)
    assert fresh.decide(REQUEST)[0].calls == 3 and len(openai_server.requests) == 6
