"""The ops consoles against their seeds, in a temporary .services/ directory."""

import json
import sqlite3

import dbq
import flags
import metrics
import tracker


def requests(services, tool):
    with sqlite3.connect(services / f"{tool}.sqlite3") as conn:
        return conn.execute("SELECT op, args, status FROM requests ORDER BY seq").fetchall()


def test_every_call_is_logged_with_its_status(services, capsys):
    assert flags.main(["show", "waitlist_offers"]) == 0
    assert flags.main(["show", "no_such_flag"]) == 1
    log = requests(services, "flags")
    assert [(op, json.loads(args), status) for op, args, status in log] == [
        ("show", ["waitlist_offers"], 0), ("show", ["no_such_flag"], 1)]
    assert "unknown flag" in capsys.readouterr().err


def test_flags_set_prints_the_change(services, capsys):
    assert flags.main(["set", "waitlist_offers", "production", "10", "--reason", "first step"]) == 0
    assert "waitlist_offers in production: 0% -> 10%" in capsys.readouterr().out


def test_tracker_create_and_search(services, capsys):
    assert tracker.main(["create", "--title", "Kiln timer", "--body", "It beeps", "--component", "app"]) == 0
    assert "created BRB-46: Kiln timer" in capsys.readouterr().out
    assert tracker.main(["search", "late", "fee", "charged"]) == 0
    assert "BRB-44" in capsys.readouterr().out


def test_dbq_reads_the_seeded_bookings(services, capsys):
    assert dbq.main(["SELECT count(*) AS n FROM workshops"]) == 0
    assert "10" in capsys.readouterr().out


def test_metrics_query_with_a_window(services, capsys):
    assert metrics.main(["query", "bookings.error_rate_pct", "--window", "6h"]) == 0
    assert "6 points" in capsys.readouterr().out
