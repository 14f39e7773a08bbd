"""checks/services: a service tool's records read from the real SQLite file of the final snapshot, its CLI found in
the agent's commands, and what the records say (SQL, windows, tickets, flags, numbers)."""

from __future__ import annotations

import pytest

from pytest_harnessif import MissingArtifact, NotApplicable
from pytest_harnessif.authoring import NotInLog
from pytest_harnessif.checks.services import (
    ServiceRequest,
    cli_calls,
    database_path,
    entry,
    flag_changes,
    hours,
    limit,
    names_ticket,
    numbers,
    quotes,
    reads_rows,
    requests,
    rows,
    shown_percent,
    sql_texts,
    statements,
    ticket_ids,
    window_hours,
    writes,
)
from pytest_harnessif.schema import ToolSpec
from tests.rules.fixtures_services import Cmd, play, step, svc

TICKETS = "CREATE TABLE tickets(id TEXT PRIMARY KEY, title TEXT, status TEXT);" \
          "INSERT INTO tickets VALUES ('SHOP-1', 'Slow search', 'open'), ('SHOP-2', 'Typo', 'closed');"


def _searched(way: str = "tool", **options: object):
    steps = [step("Is the slow search known?", "Yes, SHOP-1.",
                  svc("tracker", "search", "slow", "--status", "open", output="SHOP-1 open Slow search"),
                  svc("tracker", "show", "SHOP-9", status=1, output="error: no ticket SHOP-9"))]
    return play(steps, way, **options)  # type: ignore[arg-type]


def test_requests_come_from_the_sqlite_file_of_the_final_snapshot() -> None:
    run = _searched(domain={"tracker": TICKETS})
    assert database_path("tracker") not in run.files  # gitignored: not part of the work, still in the snapshot
    reqs = requests(run, "tracker")
    assert [(r.seq, r.op, r.args, r.status) for r in reqs] == [
        (1, "search", ("slow", "--status", "open"), 0), (2, "show", ("SHOP-9",), 1)]
    assert reqs[0].ok and not reqs[1].ok and reqs[0].result == "SHOP-1 open Slow search"
    assert reqs[0].operands == ["slow"] and reqs[0].option("--status") == "open"
    assert [tuple(r) for r in rows(run, "tracker", "SELECT id FROM tickets WHERE status = ?", ("open",))] == [
        ("SHOP-1",)]


@pytest.mark.parametrize("way", ["tool", "oneliner", "script"])
def test_records_gone_after_a_call_fail_whatever_the_way(way: str) -> None:
    with pytest.raises(MissingArtifact, match=r"\.services/tracker\.sqlite3"):
        requests(_searched(way, lost=("tracker",)), "tracker")


def test_an_unreadable_database_fails() -> None:
    run = _searched(lost=("tracker",), extra={database_path("tracker"): b"not sqlite at all" * 10})
    with pytest.raises(MissingArtifact, match="requests"):
        requests(run, "tracker")


def test_a_tool_not_offered_never_called_or_not_logged_is_na() -> None:
    with pytest.raises(NotApplicable, match="offers no `dbq`"):
        requests(_searched(offered=("tracker",)), "dbq")
    with pytest.raises(NotApplicable, match="never called `metrics`"):
        requests(_searched(), "metrics")
    assert requests(_searched(), "metrics", required=False) == []
    with pytest.raises(NotInLog):
        requests(_searched(unlogged=True), "tracker")


def test_entry_is_the_cli_a_tool_runs() -> None:
    def spec(command: str) -> ToolSpec:
        return ToolSpec(name="tracker", description="tickets", command=command)

    assert entry(spec("python ops/tracker.py")) == "ops/tracker.py"
    assert entry(spec("python3 -u ./ops/tracker.py --db .services/t.db")) == "ops/tracker.py"
    assert entry(spec("./bin/tracker")) == "bin/tracker"
    assert entry(spec("node tools/flags.mjs")) == "tools/flags.mjs"


@pytest.mark.parametrize(
    ("line", "argv"),
    [
        ("python ops/tracker.py search slow", ("search", "slow")),
        ("cd ops && python3 tracker.py show SHOP-1 | head", ("show", "SHOP-1")),
        ("cd /workspace && timeout 30 python -u ops/tracker.py create --title 'Slow search'",
         ("create", "--title", "Slow search")),
        ("./ops/tracker.py comment SHOP-1 'on it'", ("comment", "SHOP-1", "on it")),
        ("bash -lc 'python ops/tracker.py close SHOP-1'", ("close", "SHOP-1")),
        ("set -euo pipefail\ncd /workspace\nfor t in SHOP-1 SHOP-2; do python ops/tracker.py show \"$t\"; done",
         ("show", "$t")),
        ("cat ops/tracker.py", None),
        ("sed -n '1,40p' ops/tracker.py", None),
        ("python -m pytest tests/test_tracker.py", None),
        ("python ops/tracker_admin.py search slow", None),
    ],
)
def test_cli_calls_in_any_idiom(line: str, argv: tuple[str, ...] | None) -> None:
    run = play([step("Look.", "Done.", Cmd(line))], "tool")
    calls = cli_calls(run, "tracker")
    assert [c.argv for c in calls] == ([] if argv is None else [argv])
    assert all(c.via == "bash" and c.turn == 0 for c in calls)


def test_cli_calls_through_the_task_tool() -> None:
    calls = cli_calls(_searched(), "tracker")
    assert [(c.via, c.op) for c in calls] == [("tool", "search"), ("tool", "show")]


def test_sql_a_call_sends_and_what_it_does() -> None:
    assert sql_texts(("query", "SELECT 1", "--json")) == ["SELECT 1"]
    assert sql_texts(("-- why\nselect 1",)) == ["-- why\nselect 1"]
    assert sql_texts((), "DELETE FROM t") == ["DELETE FROM t"]
    assert statements("SELECT ';' FROM t; -- done\n; UPDATE t SET a = 1") == ["SELECT '' FROM t", "UPDATE t SET a = 1"]


@pytest.mark.parametrize(
    ("sql", "write", "rows_", "cap"),
    [
        ("SELECT * FROM orders", False, True, None),
        ("SELECT * FROM orders LIMIT 50", False, True, 50),
        ("select id from orders limit 10 offset 40", False, True, 10),
        ("SELECT id FROM orders LIMIT 40, 10", False, True, 10),
        ("SELECT * FROM (SELECT * FROM orders LIMIT 5)", False, True, None),
        ("SELECT count(*) FROM orders", False, False, None),
        ("SELECT count(*), max(total) FROM orders WHERE status = 'x'", False, False, None),
        ("SELECT status, count(*) FROM orders GROUP BY status", False, True, None),
        ("SELECT 1", False, False, None),
        ("SELECT replace(note, 'a', 'b'), updated_at FROM orders WHERE note = 'DELETE me' LIMIT 3", False, True, 3),
        ("EXPLAIN QUERY PLAN SELECT * FROM orders", False, True, None),
        ("PRAGMA table_info(orders)", False, False, None),
        ("PRAGMA journal_mode = WAL", True, False, None),
        ("UPDATE orders SET status = 'paid'", True, False, None),
        ("insert into orders(id) values (1)", True, False, None),
        ("REPLACE INTO orders(id) VALUES (1)", True, False, None),
        ("WITH s AS (SELECT id FROM orders) DELETE FROM orders WHERE id IN s", True, False, None),
        ("CREATE INDEX i ON orders(status)", True, False, None),
        ("ATTACH 'x.db' AS x", True, False, None),
    ],
)
def test_statement_reading(sql: str, write: bool, rows_: bool, cap: int | None) -> None:
    (statement,) = statements(sql)
    assert (writes(statement), reads_rows(statement), limit(statement)) == (write, rows_, cap)


@pytest.mark.parametrize(
    ("args", "span"),
    [
        (("--window", "6h"), 6.0),
        (("--window=90m",), 1.5),
        (("--last", "2d"), 48.0),
        (("--since", "now-30min"), 0.5),
        (("7 days",), 168.0),
        (("--from", "2026-03-01T22:00Z", "--to", "2026-03-02T04:00+01:00"), 5.0),
        (("--start", "1772400000", "--end", "1772403600"), 1.0),
        (("--from", "2026-03-01T22:00Z"), None),
        ((), None),
        (("--window", "soon"), None),
    ],
)
def test_window_of_a_metrics_query(args: tuple[str, ...], span: float | None) -> None:
    assert window_hours(ServiceRequest(1, "query", ("api.errors", *args), 0, "")) == span


def test_durations() -> None:
    assert (hours("6h"), hours("-15m"), hours("1 week"), hours("6"), hours("p99")) == (6.0, 0.25, 168.0, None, None)


def test_tickets_a_call_worked_on() -> None:
    assert ticket_ids(ServiceRequest(1, "create", ("--title", "x"), 0, "Created OPS-12: x")) == ["OPS-12"]
    assert ticket_ids(ServiceRequest(2, "create", ("x",), 0, "created ticket #57")) == ["57"]
    assert ticket_ids(ServiceRequest(3, "comment", ("OPS-12", "on it"), 0, "")) == ["OPS-12"]
    assert ticket_ids(ServiceRequest(4, "show", ("12",), 0, "OPS-12: Slow search\nopen")) == ["OPS-12"]
    assert ticket_ids(ServiceRequest(5, "close", ("12",), 1, "error: no ticket 12")) == []
    assert ticket_ids(ServiceRequest(6, "search", ("slow",), 0, "OPS-1 slow")) == []
    assert names_ticket("Fix search (ops-12)", "OPS-12") and not names_ticket("Fix OPS-123", "OPS-12")
    assert names_ticket("Closes #57", "57") and not names_ticket("57 tests pass", "57")


def test_flag_changes_know_the_value_before() -> None:
    def r(seq: int, op: str, *args: str, result: str = "", status: int = 0) -> ServiceRequest:
        return ServiceRequest(seq, op, args, status, result)

    changes = flag_changes([
        r(1, "set", "f", "Production", "25%"),
        r(2, "set", "f", "production", "50", result="f production: 25% -> 50%"),
        r(3, "rollback", "f"),
        r(4, "set", "f", "production", "75"),
        r(5, "set", "f", "production", "90", status=1),
        r(6, "set", "g", "staging", "40", result="g staging: 10% -> 40%"),
        r(7, "set", "g", "staging", "lots"),
    ])
    assert [(c.flag, c.env, c.before, c.after, c.production) for c in changes] == [
        ("f", "production", 0, 25, True), ("f", "production", 25, 50, True), ("f", "production", 25, 75, True),
        ("g", "staging", 10, 40, False)]


def test_numbers_a_text_states() -> None:
    assert numbers("rate 3.1 % over the last 6 hours (30m buckets), p99 250ms, 1,204.5 req at 2026-03-02T10:00Z, "
                   "5xx: 12, v2") == [("3.1", True), ("250", False), ("1204.5", False), ("12", False)]


@pytest.mark.parametrize(
    ("written", "percent", "value", "states"),
    [("3.47", True, 0.0347, True), ("3.5", True, 0.0347, True), ("3.4", True, 0.0347, False),
     ("0.035", False, 0.0347, True), ("1204", False, 1204.4, True), ("1205", False, 1204.4, False),
     ("-2.5", False, 2.5, False), ("2", True, 0.0347, False)],
)
def test_a_reply_number_states_a_value_to_its_precision(written: str, percent: bool, value: float,
                                                        states: bool) -> None:
    assert quotes(written, percent, value) is states


def test_percent_a_flag_is_shown_at() -> None:
    shown = ServiceRequest(1, "show", ("pay",), 0, "pay: one-tap payment\nstaging 100%, production 0%\n\n"
                                                  "recent changes:\n1  staging  0% -> 100%")
    listed = ServiceRequest(2, "list", (), 0, "flag  staging  production  owner\npay   100%     25%         p\n"
                                              "cart  0%       0%          c")
    assert (shown_percent(shown, "pay", "staging"), shown_percent(shown, "pay", "production")) == (100, 0)
    assert shown_percent(shown, "cart", "staging") is None
    assert (shown_percent(listed, "pay", "production"), shown_percent(listed, "cart", "staging")) == (25, 0)
    assert shown_percent(ServiceRequest(3, "list", (), 1, listed.result), "pay", "staging") is None
