"""The one home of each utility: digests, atomic writes and the disk cache, credentials."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pytest_harnessif.credentials import KEYLESS, MissingCredentials, Redactor, api_key, public_url, url_secrets
from pytest_harnessif.digest import digest, digest_bytes, seed, tree_digest
from pytest_harnessif.files import CacheWarning, DiskCache, atomic_dir, atomic_write, safe_segment


def test_digest_is_canonical_json_and_pins_the_judge_cache_key() -> None:
    assert digest({"b": 1, "a": [1, 2]}) == digest({"a": [1, 2], "b": 1})
    assert digest(["ab", "c"]) != digest(["a", "bc"])
    parts = ["3f2a", "openai/j", 0.3, 1024, 0]  # a judge cache key must survive refactors: answers cost money
    assert digest(parts, size=32) == hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:32]
    assert digest_bytes(b"a", b"b") == hashlib.sha256(b"ab").hexdigest()[:16]


def test_tree_digest_follows_kept_files_only(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("1")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "x").write_text("noise")
    before = tree_digest(tmp_path, lambda rel: not rel.startswith("cache/"))
    (tmp_path / "cache" / "x").write_text("other noise")
    assert tree_digest(tmp_path, lambda rel: not rel.startswith("cache/")) == before
    (tmp_path / "a.txt").write_text("2")
    assert tree_digest(tmp_path, lambda rel: not rel.startswith("cache/")) != before


def test_seed_is_stable_across_processes() -> None:
    raw = hashlib.sha256(b"0:task:CS-001").digest()
    assert seed(0, "task", "CS-001") == int.from_bytes(raw[:8], "big")


def test_atomic_write_leaves_only_the_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "out.json"
    atomic_write(target, "one")
    atomic_write(target, b"two")
    assert target.read_text() == "two" and [p.name for p in target.parent.iterdir()] == ["out.json"]


def test_atomic_dir_replaces_whole_or_not_at_all(tmp_path: Path) -> None:
    where = tmp_path / "r1"
    with atomic_dir(where) as tmp:
        (tmp / "a").write_text("first")
    with pytest.raises(RuntimeError), atomic_dir(where) as tmp:
        (tmp / "a").write_text("half")
        raise RuntimeError("interrupted")
    assert (where / "a").read_text() == "first" and sorted(p.name for p in tmp_path.iterdir()) == ["r1"]
    with atomic_dir(where) as tmp:
        (tmp / "b").write_text("second")
    assert sorted(p.name for p in where.iterdir()) == ["b"] and sorted(p.name for p in tmp_path.iterdir()) == ["r1"]


def test_disk_cache_round_trip_and_corrupt_entries(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path)
    assert cache.get("ab12") is None
    cache.put("ab12", {"raw": "x"})
    assert cache.get("ab12") == {"raw": "x"} and cache.path("ab12") == tmp_path / "ab" / "ab12.json"
    cache.path("ab12").write_text("{trunc")
    with pytest.warns(CacheWarning, match=str(cache.path("ab12"))):
        assert cache.get("ab12") is None


def test_safe_segment_keeps_safe_names_and_separates_unsafe_ones() -> None:
    assert safe_segment("gold") == "gold"
    a, b = safe_segment("openai/m@http://h:1/v1"), safe_segment("openai/m@http://h:2/v1")
    assert a != b and "/" not in a and ":" not in a


def test_api_key_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("K1", raising=False)
    monkeypatch.setenv("K2", "second")
    assert api_key(("K1", "K2"), "p/m", None) == "second"
    monkeypatch.delenv("K2")
    assert api_key(("K1", "K2"), "p/m", "http://localhost:8000/v1") == KEYLESS
    with pytest.raises(MissingCredentials, match=r"^K1 is not set \(needed for p/m\)$"):
        api_key(("K1", "K2"), "p/m", None)


def test_redaction() -> None:
    redact = Redactor(["sk-secret-123", None, "", KEYLESS, *url_secrets("https://bob:pw%21@host/v1")])
    assert redact("key sk-secret-123 at https://bob:pw@host/v1?x=1") == "key *** at https://***@host/v1?x=1"
    assert redact("the password was pw!") == "the password was ***"
    assert redact("EMPTY stays") == "EMPTY stays"
    assert redact.scrub({"a": ["sk-secret-123", 3], "b": None}) == {"a": ["***", 3], "b": None}
    assert public_url("http://bob:pw@host:8000/v1?key=k#f") == "http://host:8000/v1"
