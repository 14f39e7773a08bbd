import os

import pytest

from shortlinks import Link, LinkStore, SlugTaken


def make_link(slug="abc1234", url="https://example.org/"):
    return Link(slug, url, "marketing", "2024-05-02T10:00:00Z")


def test_links_survive_a_restart(store):
    store.add(make_link())
    store.record_click("abc1234")
    reopened = LinkStore(store.path)
    assert reopened.get("abc1234") == Link(
        "abc1234", "https://example.org/", "marketing", "2024-05-02T10:00:00Z", clicks=1
    )


def test_slug_taken(store):
    store.add(make_link())
    with pytest.raises(SlugTaken, match="'abc1234' is already in use"):
        store.add(make_link(url="https://example.com/"))


def test_sees_links_added_by_another_process(store):
    other = LinkStore(store.path)
    other.add(make_link())
    stat = store.path.stat()
    os.utime(store.path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert store.get("abc1234") is not None


def test_delete(store):
    store.add(make_link())
    assert store.delete("abc1234") is True
    assert store.delete("abc1234") is False
    assert LinkStore(store.path).all() == []
