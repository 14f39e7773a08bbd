"""The judge's parts without a server: truncation, answer parsing, majority, cache, the authoring API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_harnessif import Rubric, judge, judge_each
from pytest_harnessif.agents.base import Completion, Message
from pytest_harnessif.authoring import JudgeError, JudgeFailed, NotApplicable, Unjudged
from pytest_harnessif.files import DiskCache
from pytest_harnessif.llm_judge import AnswerError, Judge, JudgeSettings, Request, parse_answer, truncate
from pytest_harnessif.llm_judge.context import decisive, judging
from pytest_harnessif.llm_judge.service import LazyClient
from pytest_harnessif.llm_judge.votes import majority
from pytest_harnessif.schema import Status, Vote
from pytest_harnessif.trajectory import ToolSchema

RUBRIC = Rubric(question="Is the reply polite?", pass_if=["polite"], fail_if=["rude"], na_if=["empty"])


class Answers:
    """A ModelClient answering from a list (cycled), counting calls."""

    model_id = "answers"

    def __init__(self, *texts: str, stop_reason: str = "end_turn") -> None:
        self.texts = texts
        self.stop_reason = stop_reason
        self.calls = 0

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        text = self.texts[self.calls % len(self.texts)]
        self.calls += 1
        return Completion(text=text, stop_reason=self.stop_reason)

    def close(self) -> None:
        pass


def verdict(status: str, reason: str = "because") -> str:
    return json.dumps({"verdict": status, "reason": reason})


# --- truncation -------------------------------------------------------------------------------


def test_short_evidence_is_sent_whole() -> None:
    pieces, truncated = truncate({"a": "x" * 10, "b": "y" * 20}, budget=100)
    assert pieces == {"a": "x" * 10, "b": "y" * 20} and truncated == {}


def test_long_evidence_gets_a_fair_share_with_head_and_tail_kept() -> None:
    evidence = {"short": "s" * 100, "long": "HEAD" + "m" * 10_000 + "TAIL", "mid": "k" * 3_000}
    pieces, truncated = truncate(evidence, budget=2_000)
    assert pieces["short"] == evidence["short"]  # fits its share: kept whole
    assert truncated == {"long": [10_008, 950], "mid": [3_000, 950]}  # the remaining 1900 split evenly
    assert pieces["long"].startswith("HEAD") and pieces["long"].endswith("TAIL")
    assert "[... 9058 characters omitted by the harness ...]" in pieces["long"]
    assert truncate(evidence, budget=2_000) == (pieces, truncated)  # deterministic


def test_request_records_truncation_in_the_prompt_and_hash() -> None:
    small = Request.build(RUBRIC, {"final_reply": "hi"}, budget=24_000)
    big = Request.build(RUBRIC, {"final_reply": "z" * 50_000}, budget=1_000)
    assert big.truncated == {"final_reply": [50_000, 1_000]}
    assert "(truncated by the harness: 1000 of 50000 characters shown)" in big.user
    assert "## n/a if\n- empty" in small.user and "### final_reply\n<<<\nhi\n>>>" in small.user
    assert small.hash == Request.build(RUBRIC, {"final_reply": "hi"}, budget=24_000).hash != big.hash


# --- answers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ('{"verdict": "pass", "reason": "polite"}', "pass"),
        ('```json\n{"verdict": "FAIL", "reason": "rude"}\n```', "fail"),
        ('Here is my grading: {"verdict": "not applicable", "reason": "empty"} Thanks.', "n/a"),
        ('{"note": 1} then {"verdict": "na", "reason": "no reply", "confidence": 0.9}', "n/a"),
    ],
)
def test_answers_are_parsed_from_json(text: str, status: str) -> None:
    assert parse_answer(text).verdict == status


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty answer"),
        ("The reply is polite, so it passes.", "no JSON object"),
        ('{"verdict": "maybe", "reason": "unsure"}', "verdict"),
        ('{"verdict": "pass"}', "reason"),
        ('{"verdict": "pass", "reason": ""}', "reason"),
        ('{"verdict": "pass", "reason": "cut', "no JSON object"),
    ],
)
def test_unusable_answers_are_errors(text: str, problem: str) -> None:
    with pytest.raises(AnswerError, match=problem):
        parse_answer(text)


# --- majority ---------------------------------------------------------------------------------


def votes(*statuses: str | None) -> list[Vote]:
    return [
        Vote(index=i, status=None if s is None else Status(s), reason=f"r{i}", problem=None if s else "unparseable")
        for i, s in enumerate(statuses)
    ]


def test_majority_needs_more_than_half_of_all_votes() -> None:
    assert majority(votes("pass", "pass", "pass"))[0] is Status.passed
    assert majority(votes("fail", "pass", "fail")) == (Status.failed, "judge 2/3 fail: r0")
    assert majority(votes("pass", "pass", None))[0] is Status.passed
    status, reason = majority(votes("pass", "fail", "n/a"))
    assert status is Status.error and "no majority of 3 votes: fail 1, n/a 1, pass 1" in reason
    status, reason = majority(votes("pass", None, None))
    assert status is Status.error and "2 unusable (unparseable)" in reason
    assert majority(votes("pass", "fail"))[0] is Status.error  # an even split is no majority


# --- the judge and the authoring API ----------------------------------------------------------


def test_split_votes_are_an_error_that_keeps_every_raw_answer() -> None:
    client = Answers(verdict("pass"), verdict("fail"), "garbage")
    record, _ = Judge("j", client).decide(Request.build(RUBRIC, {"reply": "hi"}, 1000))
    assert record.status is Status.error and client.calls == 3
    assert [v.raw for v in record.votes] == [verdict("pass"), verdict("fail"), "garbage"]
    assert record.votes[2].problem.startswith("unparseable")


def test_refusals_and_cut_answers_are_unusable_votes() -> None:
    record, _ = Judge("j", Answers("I can't help with that.", stop_reason="refusal")).decide(
        Request.build(RUBRIC, {"reply": "hi"}, 1000)
    )
    assert record.status is Status.error and {v.problem for v in record.votes} == {"refused (refusal)"}
    record, _ = Judge("j", Answers('{"verdict": "pass", "rea', stop_reason="max_tokens")).decide(
        Request.build(RUBRIC, {"reply": "hi"}, 1000)
    )
    assert all("cut at max_tokens" in (v.problem or "") for v in record.votes)


def test_cache_makes_a_rescore_free_and_rejudge_bypasses_it(tmp_path: Path) -> None:
    request = Request.build(RUBRIC, {"reply": "hi"}, 1000)
    first = Answers(verdict("pass"))
    judge_a = Judge("j", first, JudgeSettings(votes=3), DiskCache(tmp_path))
    assert judge_a.decide(request)[0].calls == 3 and (judge_a.calls, judge_a.hits) == (3, 0)
    again = Answers(verdict("fail"))
    judge_b = Judge("j", again, JudgeSettings(votes=3), DiskCache(tmp_path))
    record, _ = judge_b.decide(request)
    assert again.calls == 0 and record.status is Status.passed and (record.calls, record.cached) == (0, 3)
    other = Judge("j", again, JudgeSettings(votes=3, temperature=0.0), DiskCache(tmp_path))
    assert other.decide(request)[0].status is Status.failed  # other settings: other cache keys
    rejudge = Judge("j", Answers(verdict("fail")), JudgeSettings(votes=3), DiskCache(tmp_path), rejudge=True)
    assert rejudge.decide(request)[0].status is Status.failed and rejudge.calls == 3


def test_a_corrupt_cache_entry_is_warned_about_and_judged_again(tmp_path: Path) -> None:
    request = Request.build(RUBRIC, {"reply": "hi"}, 1000)
    Judge("j", Answers(verdict("pass")), JudgeSettings(votes=1), DiskCache(tmp_path)).decide(request)
    (entry,) = tmp_path.rglob("*.json")
    entry.write_text("{not json")
    client = Answers(verdict("fail"))
    with pytest.warns(UserWarning, match="unreadable"):
        record, _ = Judge("j", client, JudgeSettings(votes=1), DiskCache(tmp_path)).decide(request)
    assert record.status is Status.failed and client.calls == 1
    assert json.loads(entry.read_text())["raw"] == verdict("fail")


def test_failed_calls_are_unusable_votes_and_never_cached(tmp_path: Path) -> None:
    class Broken(Answers):
        def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
            raise TimeoutError("read timed out")

    judge_ = Judge("j", Broken(""), JudgeSettings(votes=3), DiskCache(tmp_path))
    record, reason = judge_.decide(Request.build(RUBRIC, {"reply": "hi"}, 1000))
    assert record.status is Status.error and "call failed: TimeoutError: read timed out" in reason
    assert not list(tmp_path.rglob("*.json"))


def test_judge_api_maps_the_majority_to_the_check_outcome() -> None:
    with judging(Judge("j", Answers(verdict("pass"))), RUBRIC) as context:
        assert judge(reply="thanks").status is Status.passed
    assert len(context.decided) == 1
    with judging(Judge("j", Answers(verdict("fail", "rude"))), RUBRIC), pytest.raises(JudgeFailed, match="rude"):
        judge(reply="go away")
    with judging(Judge("j", Answers(verdict("n/a"))), RUBRIC), pytest.raises(NotApplicable):
        judge(reply="")
    with judging(Judge("j", Answers("?")), RUBRIC), pytest.raises(JudgeError):
        judge(reply="hm")
    with judging(None, RUBRIC), pytest.raises(Unjudged):
        judge(reply="hm")


def test_judge_api_misuse_is_a_clear_error() -> None:
    with pytest.raises(RuntimeError, match="inside a rule check"):
        judge(reply="x")
    with judging(None, None), pytest.raises(RuntimeError, match="no rubric"):
        judge(reply="x")
    with judging(None, RUBRIC), pytest.raises(ValueError, match="at least one piece of evidence"):
        judge()
    with judging(None, RUBRIC), pytest.raises(TypeError, match="not text: reply"):
        judge(reply=["a list"])  # type: ignore[arg-type]


def test_a_rescore_from_the_cache_never_builds_the_client(tmp_path: Path) -> None:
    request = Request.build(RUBRIC, {"reply": "hi"}, 1000)
    Judge("j", Answers(verdict("pass")), JudgeSettings(votes=3), DiskCache(tmp_path)).decide(request)
    built: list[Answers] = []

    def factory() -> Answers:
        built.append(Answers(verdict("fail")))
        return built[-1]

    lazy = Judge("j", LazyClient(factory, "j"), JudgeSettings(votes=3), DiskCache(tmp_path))
    assert lazy.decide(request)[0].status is Status.passed and not built
    assert lazy.decide(Request.build(RUBRIC, {"reply": "new"}, 1000))[0].status is Status.failed
    assert len(built) == 1 and built[0].calls == 3  # built once, at the first vote that needed a call
    lazy.close()


class ByContent(Answers):
    """Answers with the verdict named in the evidence (`say:pass`, `say:fail`, `say:n/a`, `say:???`)."""

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        self.calls += 1
        word = messages[-1].text.split("say:", 1)[1].split()[0]
        return Completion(text=verdict(word) if word != "???" else "no idea")


def judged_each(*words: str) -> tuple[str, list[str]]:
    """Outcome of judge_each over one case per word, and the words the judge was asked about."""
    client = ByContent("")
    asked: list[str] = []

    def cases():
        for word in words:
            asked.append(word)
            yield {"reply": f"say:{word}"}

    with judging(Judge("j", client, JudgeSettings(votes=1)), RUBRIC):
        try:
            judge_each(cases())
        except JudgeFailed:
            return "fail", asked
        except JudgeError:
            return "error", asked
        except NotApplicable:
            return "n/a", asked
    return "pass", asked


def test_judge_each_combines_the_cases_of_one_rule() -> None:
    assert judged_each("pass", "n/a", "pass") == ("pass", ["pass", "n/a", "pass"])  # one n/a case does not win
    assert judged_each("n/a", "n/a") == ("n/a", ["n/a", "n/a"])
    assert judged_each("pass", "fail", "pass") == ("fail", ["pass", "fail"])  # the first fail ends it
    assert judged_each("???", "pass") == ("error", ["???", "pass"])
    assert judged_each("???", "fail") == ("fail", ["???", "fail"])  # a definite violation outranks no majority
    with judging(None, RUBRIC), pytest.raises(ValueError, match="no case"):
        judge_each([])


def test_the_verdict_records_the_decisive_request_with_every_call_counted() -> None:
    judge_ = Judge("j", ByContent(""), JudgeSettings(votes=3))
    with judging(judge_, RUBRIC) as context, pytest.raises(JudgeFailed):
        judge_each([{"reply": "say:pass"}, {"reply": "say:fail"}])
    record = decisive(context.decided, Status.failed)
    assert record.status is Status.failed and (record.calls, record.cached) == (6, 0)
    assert record.request == context.decided[1][1].hash
