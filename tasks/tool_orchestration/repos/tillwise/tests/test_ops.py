"""The ops consoles against their seeds, in a temporary .services/ directory."""

import json
import sqlite3

import dbq
import flags
import metrics
import tracker


def requests(services, tool):
    with sqlite3.connect(services / f"{tool}.sqlite3") as conn:
        return conn.execute("SELECT op, args, status, result FROM requests ORDER BY seq").fetchall()


def test_every_call_is_logged_with_its_status(services, capsys):
    assert flags.main(["show", "promo_rules_v2"]) == 0
    assert flags.main(["show", "no_such_flag"]) == 1
    assert flags.main(["bogus"]) == 2
    log = requests(services, "flags")
    assert [(op, json.loads(args), status) for op, args, status, _ in log] == [
        ("show", ["promo_rules_v2"], 0), ("show", ["no_such_flag"], 1), ("bogus", [], 2)]
    assert "unknown flag" in log[1][3]
    assert "unknown flag" in capsys.readouterr().err


def test_flags_set_and_rollback_keep_history(services, capsys):
    assert flags.main(["set", "promo_rules_v2", "staging", "25", "--reason", "QA compares engines"]) == 0
    assert flags.main(["rollback", "promo_rules_v2", "staging", "--reason", "QA done"]) == 0
    capsys.readouterr()
    flags.main(["show", "promo_rules_v2"])
    shown = capsys.readouterr().out
    assert "staging 100%" in shown and "rollback of change #9: QA done" in shown


def test_flags_rollback_of_production_restores_the_previous_percent(services, capsys):
    assert flags.main(["rollback", "promo_rules_v2", "production", "--reason", "latency"]) == 0
    assert "production: 100% -> 10%" in capsys.readouterr().out


def test_flags_refuse_bad_input(services):
    assert flags.main(["set", "promo_rules_v2", "prod", "5", "--reason", "x"]) == 1
    assert flags.main(["set", "promo_rules_v2", "staging", "150", "--reason", "x"]) == 1
    assert flags.main(["set", "promo_rules_v2", "staging", "5"]) == 2


def test_metrics_query_buckets_a_window(services, capsys):
    window = ["--from", "2025-06-11", "--to", "2025-06-12", "--step", "6h"]
    assert metrics.main(["query", "checkout.db_queries_per_order", *window]) == 0
    out = capsys.readouterr().out
    assert "2025-06-11T12:00" in out and "24 points" in out


def test_metrics_unknown_series_and_empty_window(services):
    assert metrics.main(["query", "checkout.p99"]) == 1
    window = ["--from", "2024-01-01", "--to", "2024-01-02"]
    assert metrics.main(["query", "checkout.latency_p95_ms", *window]) == 1


def test_tracker_search_ranks_by_shared_words(services, capsys):
    assert tracker.main(["search", "slow", "checkout", "carts"]) == 0
    first = capsys.readouterr().out.splitlines()[1]
    assert first.startswith("TILL-305")


def test_tracker_create_comment_close(services, capsys):
    new = ["--title", "Refund emails late", "--body", "Sent a day late.", "--label", "email"]
    assert tracker.main(["create", *new]) == 0
    assert "created TILL-306" in capsys.readouterr().out
    assert tracker.main(["comment", "TILL-306", "Looking into it."]) == 0
    assert tracker.main(["close", "306", "--resolution", "fixed", "--note", "Queue drained."]) == 0
    assert tracker.main(["close", "306", "--resolution", "fixed"]) == 1
    capsys.readouterr()
    tracker.main(["show", "TILL-306"])
    shown = capsys.readouterr().out
    assert "closed (fixed)" in shown and "Looking into it." in shown and "Queue drained." in shown


def test_dbq_runs_bare_sql_as_a_query(services, capsys):
    assert dbq.main(["SELECT pricing_engine, count(*) AS n FROM orders GROUP BY 1 ORDER BY 1"]) == 0
    assert "legacy" in capsys.readouterr().out
    assert requests(services, "dbq")[0][:3] == ("query", json.dumps(
        ["SELECT pricing_engine, count(*) AS n FROM orders GROUP BY 1 ORDER BY 1"]), 0)


def test_dbq_reports_sql_errors_and_limits_rows(services, capsys):
    assert dbq.main(["query", "SELECT nope FROM orders"]) == 1
    assert dbq.main(["query", "SELECT id FROM orders", "--limit", "3"]) == 0
    assert "3 row(s) (more not shown" in capsys.readouterr().out
    assert dbq.main(["tables"]) == 0 and dbq.main(["schema", "orders"]) == 0


def test_metrics_window_counts_back_from_the_end(services, capsys):
    window = ["--to", "2025-06-11T16:00", "--window", "4h"]
    assert metrics.main(["query", "checkout.latency_p95_ms", *window]) == 0
    out = capsys.readouterr().out
    assert "2025-06-11T12:00" in out and "2025-06-11T15:00" in out and "4 points" in out
    assert metrics.main(["query", "checkout.latency_p95_ms", "--window", "6x"]) == 1


def test_tracker_keeps_the_component(services, capsys):
    new = ["--title", "Slow pricing", "--body", "1. add 20 items\n2. check out", "--component", "pricing"]
    assert tracker.main(["create", *new]) == 0
    tracker.main(["show", "TILL-306"])
    assert "component: pricing" in capsys.readouterr().out
