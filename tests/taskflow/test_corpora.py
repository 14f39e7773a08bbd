"""corpora: every loader on its fixture (and the real ECP sample and task panel), format detection, errors."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pandas as pd
import pytest
import yaml

from pytest_harnessif.schema import Intent
from pytest_harnessif.taskflow.corpora import (
    ECP_MAPPING,
    CorpusError,
    Message,
    Session,
    detect_format,
    load_corpus,
    load_ecp,
    load_swechat,
    write_jsonl,
)
from pytest_harnessif.taskflow.distributions import LENGTH_BINS, length_bin
from pytest_harnessif.taskflow.targets import ECP_SAMPLE

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]


def texts(session: Session) -> list[str]:
    return [m.text for m in session.messages]


@pytest.mark.parametrize(("name", "fmt"), [("generic.jsonl", "jsonl"), ("dataclaw_conversations.jsonl", "dataclaw"),
                                           ("specstory", "specstory"), ("swechat_conversations.csv", "swechat"),
                                           (str(ECP_SAMPLE), "ecp")])
def test_format_detection(name: str, fmt: str) -> None:
    assert detect_format(DATA / name) == fmt


def test_generic_jsonl_with_and_without_labels(tmp_path: Path) -> None:
    first, second = load_corpus(DATA / "generic.jsonl")
    assert first.labels == [Intent.new_feature, Intent.other, Intent.execute]
    assert texts(second) == ["Why does test_login fail on CI?", "Fix it please."]
    assert not second.labelled
    with pytest.raises(CorpusError, match="unlabelled"):
        _ = second.labels
    out = tmp_path / "round.jsonl"
    write_jsonl([first, second.with_labels([Intent.debug, Intent.bug_fix])], out)
    again = load_corpus(out)
    assert again[0] == first and again[1].labels == [Intent.debug, Intent.bug_fix]


def test_generic_jsonl_errors_name_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "messages": ["x"]}\n{"id": "b", "messages": [{"text": "y", "label": "bugfix"}]}\n')
    with pytest.raises(CorpusError, match=r"bad.jsonl:2: messages\.0\.label"):
        load_corpus(bad)
    bad.write_text('{"id": "a", "messages": []}\n')
    with pytest.raises(CorpusError, match=r"bad\.jsonl:1: .*at least one user message"):
        load_corpus(bad)
    bad.write_text("{not json\n")
    with pytest.raises(CorpusError, match=r"bad\.jsonl:1: not valid JSON"):
        load_corpus(bad, "jsonl")


def test_dataclaw_keeps_non_empty_user_messages_in_order() -> None:
    sessions = load_corpus(DATA / "dataclaw_conversations.jsonl")
    assert [s.id for s in sessions] == ["0b6f3c1e-2d7a-4f7e-9a51-1c2b3d4e5f60", "9d1c0a2b-aaaa-4bbb-8ccc-0123456789ab"]
    assert texts(sessions[0]) == ["Fix the login bug: users with an apostrophe in their name get a 500.",
                                  "Now add a regression test for it.", "run the test suite"]
    assert texts(sessions[1]) == ["What does the sync() function in notes/store.py do?"]


def test_specstory_both_markdown_versions() -> None:
    old, new = load_corpus(DATA / "specstory")
    assert texts(old) == ["Use rich and pretty colors in the task list output.", "Looks great, thanks!"]
    assert new.id == "2026-01-16_09-30-12Z-claude-session"
    assert texts(new) == ["The export job crashes with:\n\n```\nKeyError: 'created_at'\n```\n\nCan you find out why?",
                          "ok, fix it and keep the old key working for one release"]  # the sidechain turn is skipped
    assert load_corpus(DATA / "specstory" / "2025-03-08_11-08-enhancing-project-with-rich-colors.md") == [old]


def test_specstory_without_user_blocks_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty.md").write_text("# notes\n\nnothing here\n")
    with pytest.raises(CorpusError, match="no SpecStory user messages"):
        load_corpus(tmp_path / "empty.md")


def test_swechat_prompts_by_turn_number_without_continuations(tmp_path: Path) -> None:
    sessions = load_corpus(DATA / "swechat_conversations.csv")
    assert [s.id for s in sessions] == ["sess-a", "sess-b"]
    assert texts(sessions[0]) == ["Add pagination to the /orders endpoint.", "why is the total count off by one?",
                                  "Now write tests for the last page."]
    assert texts(sessions[1]) == ["run the migrations"]
    parquet = tmp_path / "conversations.parquet"
    pd.read_csv(DATA / "swechat_conversations.csv").to_parquet(parquet)
    assert load_corpus(parquet) == sessions
    frame = pd.read_csv(DATA / "swechat_conversations.csv").drop(columns=["turn_type"])
    frame.to_csv(tmp_path / "broken.csv", index=False)
    with pytest.raises(CorpusError, match=r"missing SWE-chat column.*turn_type"):
        load_swechat(tmp_path / "broken.csv")


def test_ecp_sample_matches_its_published_statistics() -> None:
    # tests/taskflow/data/SOURCES.md and shared SOURCES.md 1.1: 180 sessions, 1,546 messages, bins 0/0/0/54/47/49/30
    sessions = load_corpus(ECP_SAMPLE)
    assert len(sessions) == 180 and len({s.id for s in sessions}) == 180
    assert sum(len(s.messages) for s in sessions) == 1546
    bins = Counter(LENGTH_BINS[length_bin(len(s.messages))] for s in sessions)
    assert [bins[b] for b in LENGTH_BINS] == [0, 0, 0, 54, 47, 49, 30]
    # first-listed ECP labels, summed through the mapping (SOURCES.md label table)
    labels = Counter(label for s in sessions for label in s.labels)
    assert labels == {Intent.new_feature: 49 + 612 + 77 + 13 + 7, Intent.bug_fix: 62 + 172 + 51 + 6,
                      Intent.planning: 75, Intent.explain: 65, Intent.question: 17, Intent.code_review: 4,
                      Intent.generate_docs: 32, Intent.execute: 135, Intent.other: 21 + 20 + 124 + 4}
    assert sessions[0].id == "fdfe99c7690321bfb9bac771cd50fb55e725b421"
    assert all(m.text == "" for m in sessions[0].messages)


def test_ecp_mapping_covers_all_20_sub_categories() -> None:
    assert len(ECP_MAPPING) == 20
    assert {k.split()[0] for k in ECP_MAPPING} == {f"{main}.{sub}" for main, subs in
                                                   ((1, 3), (2, 3), (3, 3), (4, 2), (5, 2), (6, 2), (7, 5))
                                                   for sub in range(1, subs + 1)}


def test_ecp_unknown_label_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "samples.txt"
    bad.write_text("  Example 1  (dist to medoid: 0.0000)\n  SHA: abc\n  Sequence length: 1\n    [0] 9.9 Nonsense\n")
    with pytest.raises(CorpusError, match=r"samples\.txt:4: unknown ECP sub-category '9\.9 Nonsense'"):
        load_ecp(bad)


def test_the_panel_loads_through_load_tasks() -> None:
    sessions = load_corpus(ROOT / "tasks")
    task_files = sorted((ROOT / "tasks").glob("*/*/task.yaml"))
    assert len(sessions) == len(task_files) >= 4
    by_id = {s.id: s for s in sessions}
    for path in task_files:
        task = yaml.safe_load(path.read_text())
        assert by_id[task["id"]].labels == [Intent(turn["intent"]) for turn in task["turns"]]


def test_missing_paths_and_unknown_formats(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no such file"):
        load_corpus(tmp_path / "nope.jsonl")
    (tmp_path / "x.bin").write_bytes(b"\0")
    with pytest.raises(CorpusError, match="cannot tell the corpus format"):
        load_corpus(tmp_path / "x.bin")
    with pytest.raises(CorpusError, match="unknown corpus format"):
        load_corpus(tmp_path / "x.bin", "csv")


def test_sessions_need_messages_and_matching_labels() -> None:
    session = Session(id="s", messages=[Message(text="a")])
    with pytest.raises(ValueError, match="2 labels for 1 messages"):
        session.with_labels([Intent.debug, Intent.debug])
