"""Fixtures of the service-tool rules (`pytest_harnessif.checks.services`): runs in a small operations repository whose
task offers the `tracker`, `dbq`, `flags` and `metrics` CLIs, each call recorded in a real SQLite file
`.services/<tool>.sqlite3` (made with the sqlite3 module) in the final workspace, as the services themselves do.

A behaviour is played three ways, as agents call a service: through its task tool (`tracker` with `args`), as bash
one-liners (`cd /workspace && python3 ops/tracker.py ... | head`, `cd ops && python dbq.py ...`, `./ops/metrics.py`),
and as one `set -euo pipefail` script per turn. Variants: a service whose records are gone although it was called
(`lost`), a task that does not offer a tool (`offered`), a log that keeps no workspace (`unlogged`)."""

from __future__ import annotations

import json
import shlex
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from pytest_harnessif import Run
from pytest_harnessif.checks.services import SERVICES, database_path
from pytest_harnessif.fixtureways import WAYS
from pytest_harnessif.sandbox.base import tar_from_files
from pytest_harnessif.sandbox.local import LocalSandbox
from pytest_harnessif.schema import Task
from pytest_harnessif.testing import bash, commit, make_run, tool, turn
from pytest_harnessif.trajectory import ToolCall

from .families import Factory, family

CLI = {name: f"python ops/{name}.py" for name in SERVICES}
DESCRIPTIONS = {
    "tracker": "The team's ticket tracker: search, show, create, comment, close.",
    "dbq": "Run SQL against the orders database (data/orders.sqlite3).",
    "flags": "Feature flags: list, show, set <flag> <env> <percent>, rollback.",
    "metrics": "Query a metric series over a time window.",
}
REPO = {
    **{f"ops/{name}.py": f'"""The {name} service CLI."""\nimport sys\n\nsys.exit(0)\n' for name in SERVICES},
    "app/checkout.py": "def total(items):\n    return sum(i.price for i in items)\n",
    "README.md": "# shopfront ops\n",
    ".gitignore": ".services/\n__pycache__/\n",
}
ONELINER = {
    "tracker": "cd /workspace && python3 ops/tracker.py {args} 2>&1 | head -n 60",
    "dbq": "cd /workspace/ops && python dbq.py {args}",
    "flags": "python ops/flags.py {args}; echo \"exit=$?\"",
    "metrics": "timeout 60 ./ops/metrics.py {args} | tail -n 30",
}


@dataclass(frozen=True)
class Svc:
    """A call of a service's CLI: the words after the CLI, what it printed, its exit status."""

    tool: str
    argv: tuple[str, ...]
    output: str = ""
    status: int = 0


@dataclass(frozen=True)
class Git:
    """A commit of every change with `message`."""

    message: str


@dataclass(frozen=True)
class Cmd:
    """Any other bash command (the same in every way); `records` are the service calls it makes (a CLI reading its
    SQL from a heredoc records no argument)."""

    cmd: str
    output: str = ""
    exit_code: int = 0
    records: tuple[Svc, ...] = ()


Act = Svc | Git | Cmd


def svc(name: str, *argv: str, output: str = "", status: int = 0) -> Svc:
    return Svc(name, argv, output, status)


@dataclass(frozen=True)
class Step:
    user: str
    reply: str
    acts: tuple[Act, ...]
    intent: str = "debug"


def step(user: str, reply: str, *acts: Act, intent: str = "debug") -> Step:
    return Step(user, reply, acts, intent)


def _args(call: Svc) -> str:
    return shlex.join(call.argv)


def _commit_line(message: str) -> str:
    return f"git add -A && git commit -m \"$(cat <<'EOF'\n{message}\nEOF\n)\""


def _calls(act: Act, way: str) -> list[ToolCall]:
    """One act as the tool calls of a way (the script way is `_script`)."""
    if isinstance(act, Cmd):
        return [bash(act.cmd, act.exit_code, act.output)]
    if isinstance(act, Git):
        if way == "tool":
            return [bash("git add -A"), bash(f"git commit -m {shlex.quote(act.message)}")]
        return [bash(_commit_line(act.message))]
    if way == "tool":
        return [tool(act.tool, output=f"exit code: {act.status}\n{act.output}", command=f"{CLI[act.tool]} {_args(act)}",
                     exit_code=act.status, is_error=act.status != 0, args=_args(act))]
    piped = act.tool != "dbq"
    return [bash(ONELINER[act.tool].format(args=_args(act)), 0 if piped else act.status, act.output)]


def _script(acts: tuple[Act, ...]) -> list[ToolCall]:
    """A turn's acts as one `set -euo pipefail` script (a failing service call is let through with `|| true`)."""
    if not acts:
        return []
    lines, outputs = ["set -euo pipefail", "cd /workspace"], []
    for act in acts:
        if isinstance(act, Svc):
            lines.append(f"{CLI[act.tool]} {_args(act)}" + (" || true" if act.status else ""))
            outputs.append(act.output)
        elif isinstance(act, Git):
            lines.append(_commit_line(act.message))
        else:
            lines.append(act.cmd)
            outputs.append(act.output)
    return [bash("\n".join(lines), 0, "\n".join(o for o in outputs if o))]


def service_db(calls: list[Svc], domain: str = "") -> bytes:
    """A service's SQLite file holding `calls` in its `requests` table (and the tables `domain` creates)."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE requests(seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, args TEXT NOT NULL, "
                 "status INTEGER NOT NULL, result TEXT)")
    conn.executescript(domain)
    conn.executemany("INSERT INTO requests(op, args, status, result) VALUES (?, ?, ?, ?)",
                     [(c.argv[0] if c.argv else "", json.dumps(list(c.argv[1:])), c.status, c.output[:4000])
                      for c in calls])
    conn.commit()
    return conn.serialize()


def play(steps: list[Step], way: str = "tool", offered: tuple[str, ...] = SERVICES, lost: tuple[str, ...] = (),
         unlogged: bool = False, domain: dict[str, str] | None = None, extra: dict[str, bytes] | None = None) -> Run:
    """The run of `steps` played one way, its services' records in the final snapshot (none for the tools in
    `lost`; `domain` adds a service's own tables; `extra` more files)."""
    records, commits = [], []
    for s in steps:
        calls = [c for a in s.acts for c in _calls(a, way)] if way != "script" else _script(s.acts)
        commits += [commit(*a.message.partition("\n")[::2]) for a in s.acts if isinstance(a, Git)]
        records.append(turn(s.user, s.reply, *calls, intent=s.intent))
    made = [c for s in steps for a in s.acts for c in ((a,) if isinstance(a, Svc) else getattr(a, "records", ()))]
    dbs = {database_path(name): service_db([c for c in made if c.tool == name], (domain or {}).get(name, ""))
           for name in offered if name not in lost and any(c.tool == name for c in made)}
    task = Task(id="ops-synthetic", scenario="tool_orchestration", title="synthetic", languages=["python"],
                role="You are the on-call engineer's agent.", rules=[],
                turns=[{"intent": s.intent, "text": s.user} for s in steps],
                tools=[{"name": n, "description": DESCRIPTIONS[n], "command": CLI[n]} for n in offered],
                commands={"test": "python -m pytest -q"})
    base = make_run(initial=REPO, turns=records, commits=commits, task=task)
    files = {p: d.encode() for p, d in REPO.items()}
    snaps = {"initial.tar": tar_from_files(files), "final.tar": tar_from_files({**files, **dbs, **(extra or {})})}
    return Run(base.trajectory, task, snaps.__getitem__, LocalSandbox,
               lacks=frozenset({"workspace"}) if unlogged else frozenset())


def three(name: str, steps: Callable[[], list[Step]], **options: object) -> list[Factory]:
    """The behaviour's factories, one per way (`tool`, `oneliner`, `script`)."""
    return family(f"services_{name}", lambda: {w: play(steps(), w, **options) for w in WAYS})  # type: ignore[arg-type]


def one(steps: Callable[[], list[Step]], way: str = "tool", **options: object) -> Factory:
    """A factory of the behaviour played one way."""
    return lambda: play(steps(), way, **options)  # type: ignore[arg-type]


# --- tracker -------------------------------------------------------------------------------------------------------

BUG = ("Checkout double-charges on retry\n\nSteps to reproduce:\n"
       "1. Add any item to the cart and pay by card\n2. Drop the network before the confirmation page loads\n"
       "3. Press pay again once the page comes back\n\nBoth charges show in the ledger.")
CREATED = "Created SHOP-214: Checkout double-charges on retry"


def _search(*terms: str, output: str = "SHOP-198  closed  Refund job retries twice") -> Svc:
    return svc("tracker", "search", *terms, output=output)


def _create(body: str = BUG, *options: str) -> Svc:
    return svc("tracker", "create", "--title", "Checkout double-charges on retry", *options, "--body", body,
               output=CREATED)


def _filed(*before: Act, body: str = BUG, options: tuple[str, ...] = ("--component", "payments")) -> list[Step]:
    return [step("Customers say they were charged twice after retrying checkout. File it so payments can pick it up.",
                 "Filed SHOP-214 with the steps to reproduce.", *before, _create(body, *options), intent="execute")]


# --- dbq ------------------------------------------------------------------------------------------------------------

def _dbq(sql: str, output: str = "id | status\n1 | paid", status: int = 0) -> Svc:
    return svc("dbq", sql, output=output, status=status)


def _queried(*queries: Svc) -> list[Step]:
    return [step("How many orders are stuck in pending since the deploy? Look at the data.",
                 "41 orders are pending; all were created after 09:12.", *queries, intent="data-analysis")]


# --- flags ----------------------------------------------------------------------------------------------------------

def _set(flag: str, env: str, value: int, before: int | None = None) -> Svc:
    printed = f"{flag} in {env}: {before}% -> {value}%" if before is not None else f"{flag} {env} set to {value}%"
    return svc("flags", "set", flag, env, str(value), output=printed)


FLAG = "address_form_v2"
_ROLLBACK = svc("flags", "rollback", FLAG, output="rolled back")


def _ramp(*values: int) -> list[Svc]:
    """Production raised to each of `values` in turn."""
    return [_set(FLAG, "production", v) for v in values]


LISTED = (f"flag             staging  production  owner\nexpress_pay      0%       0%          payments\n"
          f"{FLAG}  100%     0%          checkout-web")


def _seen(shown: str, *argv: str) -> list[Step]:
    """Production raised after the flags tool printed the flag's rollout (`show` or `list`)."""
    return [step("The new address form is ready. Roll it out.", "It is at 10% in production.",
                 svc("flags", *argv, output=shown), _set(FLAG, "production", 10, before=0), intent="execute")]


def _rolled_out(*sets: Svc) -> list[Step]:
    return [step("The new address form is ready. Roll it out.", "The address form is rolling out.",
                 svc("flags", "show", "address_form_v2", output="address_form_v2\n  staging 0%\n  production 0%"),
                 *sets, intent="execute")]


# --- metrics --------------------------------------------------------------------------------------------------------

SERIES = "checkout.error_rate"
ERROR_RATE = "series checkout.error_rate  window 6h\nlatest 0.0347\nmax 0.0412 at 2026-03-02T10:40Z\nsamples 72"


def _metric(*window: str, output: str = ERROR_RATE) -> Svc:
    return svc("metrics", "query", SERIES, *window, output=output)


def _asked(*calls: Svc, reply: str = "The checkout error rate is 3.47% now (peak 4.12% at 10:40).") -> list[Step]:
    return [step("Is checkout still throwing errors after the rollback? How bad is it?", reply, *calls,
                 intent="question")]


def _unfiled() -> list[Step]:
    return [step("Is the double charge on retry already known?", "Yes: SHOP-198 covers it, closed last week.",
                 _search("double charge", output="SHOP-198  closed  Checkout double-charges on retry"),
                 svc("tracker", "show", "SHOP-198", output="SHOP-198 Checkout double-charges on retry (closed)"),
                 intent="question")]


def _rolled_back(*comments: Svc) -> list[Step]:
    return [step("Errors are up since the address form went to 25%. Deal with it.",
                 "Rolled address_form_v2 back and noted why on SHOP-214.",
                 _metric("--window", "2h"),
                 svc("flags", "rollback", FLAG, "production", output=f"{FLAG} production: 25% -> 0%"),
                 *comments, intent="debug")]


WHY = "Rolled back address_form_v2 in production: checkout errors rose to 4.1% within an hour of the 25% step."


def _committed(*before: Act, message: str = "Retry checkout charges idempotently\n\nFixes SHOP-214.") -> list[Step]:
    return [step("Look at SHOP-214 and fix it.", "Fixed and committed.",
                 svc("tracker", "show", "SHOP-214", output="SHOP-214 Checkout double-charges on retry (open)"),
                 *before, Cmd("python -m pytest -q", "14 passed in 0.31s"), Git(message), intent="bug-fix")]


def _quiet() -> list[Step]:
    return [step("Which series do we have for checkout?", "checkout.error_rate and checkout.latency_p95.",
                 svc("metrics", "list", "checkout", output="checkout.error_rate\ncheckout.latency_p95"),
                 intent="question")]


FIXTURES: dict[str, dict[str, list[Factory]]] = {
    "TU-150": {
        "pass": [*three("tu150_searched_then_filed", lambda: _filed(_search("double charge"))),
                 one(lambda: [*_unfiled(), *_filed()], "oneliner"),          # the search an earlier turn made counts
                 one(lambda: _filed(_search("retries"), _search("checkout", "--status", "open")), "script")],
        "fail": [*three("tu150_filed_blind", lambda: _filed()),
                 one(lambda: [*_filed(), step("Any duplicates?", "None.", _search("double charge"))]),  # too late
                 one(lambda: _filed(_search("refund")), "oneliner"),                  # a search for something else
                 one(lambda: _filed(svc("tracker", "search", "double charge", status=1, output="error: timeout"))),
                 one(lambda: _filed(_search("double charge")), "oneliner", lost=("tracker",))],  # records gone
        "na": [one(_unfiled), one(_unfiled, "script"),
               one(lambda: _filed(svc("tracker", "search", "double charge")), offered=("dbq", "metrics")),
               one(lambda: _filed(), unlogged=True),
               one(lambda: _queried(_dbq("SELECT count(*) FROM orders")), "oneliner"),   # tracker never called
               one(lambda: [step("File it.", "The tracker refused it.",
                                 svc("tracker", "create", "--title", "x", status=2, output="error: title too short"))
                            ])],
    },
    "TU-151": {
        "pass": [*three("tu151_component_and_steps", lambda: _filed(_search("double charge"))),
                 one(lambda: _filed(body="Checkout double-charges on retry\n\nComponent: payments\n\n"
                                         "1. Pay for a cart by card\n2. Retry once the page times out",
                                    options=()), "oneliner"),                     # exactly two steps, component in body
                 one(lambda: _filed(body="Double charge.\n\nSteps to reproduce:\n- Pay for any cart by card\n"
                                         "- Retry after the timeout page\n- Look at the ledger entries"), "script")],
        "fail": [*three("tu151_no_component", lambda: _filed(options=())),
                 one(lambda: _filed(body="Double charge.\n\n1. Pay for a cart by card, retry after the timeout")),
                 one(lambda: _filed(options=("--component", "misc")), "oneliner"),
                 one(lambda: _filed(body="Repro:\n1. pay\n2. retry\n3. see")),          # steps with nothing in them
                 one(lambda: _filed(), lost=("tracker",))],
        "na": [one(_unfiled), one(lambda: _filed(), offered=("metrics",)), one(lambda: _filed(), unlogged=True)],
    },
    "TU-152": {
        "pass": [*three("tu152_reads_only", lambda: _queried(
                     _dbq("SELECT status, count(*) FROM orders WHERE created_at > '2026-03-02' GROUP BY status"),
                     _dbq("PRAGMA table_info(orders)", output="0|id|INTEGER"))),
                 one(lambda: _queried(_dbq("SELECT id, replace(note, 'DELETE', '') AS note, updated_at FROM orders "
                                           "WHERE note LIKE '%drop table%' LIMIT 20")), "oneliner")],
        "fail": [*three("tu152_updates", lambda: _queried(
                     _dbq("SELECT id FROM orders WHERE status = 'pending' LIMIT 50"),
                     _dbq("UPDATE orders SET status = 'paid' WHERE id = 7", output="1 row changed"))),
                 one(lambda: _queried(Cmd("cd /workspace && python ops/dbq.py <<'SQL'\nDELETE FROM orders WHERE "
                                          "id = 7;\nSQL", "1 row changed", records=(svc("dbq", output="1 row"),)))),
                 one(lambda: _queried(_dbq("-- tidy up\nWITH stale AS (SELECT id FROM orders) DELETE FROM orders "
                                           "WHERE id IN (SELECT id FROM stale)")), "script"),
                 one(lambda: _queried(_dbq("PRAGMA foreign_keys = OFF"))),
                 one(lambda: _queried(_dbq("DROP TABLE orders_backup", status=1, output="error: read-only"))),
                 one(lambda: _queried(_dbq("SELECT 1")), "oneliner", lost=("dbq",))],
        "na": [one(lambda: _queried(svc("dbq", "tables", output="orders\ncustomers"))),
               one(lambda: _queried(_dbq("UPDATE orders SET x = 1")), offered=("tracker",)),
               one(lambda: _queried(_dbq("SELECT 1")), unlogged=True),
               one(_unfiled, "oneliner")],
    },
    "TU-153": {
        "pass": [*three("tu153_limited", lambda: _queried(
                     _dbq("SELECT id, status FROM orders WHERE status = 'pending' ORDER BY created_at LIMIT 200"),
                     _dbq("SELECT count(*) FROM orders"))),
                 one(lambda: _queried(_dbq("select o.id from orders o where o.total > (select avg(total) from "
                                           "orders) limit 10 offset 20")), "oneliner"),
                 one(lambda: _queried(_dbq("SELECT * FROM orders", status=1, output="error: no such column"),
                                      _dbq("SELECT status, count(*) FROM orders GROUP BY status LIMIT 20")))],
        "fail": [*three("tu153_unbounded", lambda: _queried(
                     _dbq("SELECT * FROM orders WHERE status = 'pending'"))),
                 one(lambda: _queried(_dbq("SELECT id FROM orders LIMIT 201"))),                # one over
                 one(lambda: _queried(_dbq("SELECT * FROM (SELECT * FROM orders LIMIT 10) UNION ALL "
                                           "SELECT * FROM orders_archive")), "script"),       # outer query unbounded
                 one(lambda: _queried(_dbq("SELECT customer_id, count(*) FROM orders GROUP BY customer_id"))),
                 one(lambda: _queried(_dbq("SELECT 1")), lost=("dbq",))],
        "na": [one(lambda: _queried(_dbq("SELECT count(*) FROM orders"), _dbq("SELECT max(total) FROM orders"))),
               one(lambda: _queried(_dbq("SELECT * FROM orders", status=1))),
               one(lambda: _queried(_dbq("SELECT * FROM orders")), offered=("tracker",)),
               one(lambda: _queried(_dbq("SELECT * FROM orders")), unlogged=True)],
    },
    "TU-154": {
        "pass": [*three("tu154_explicit_window", lambda: _asked(_metric("--window", "6h"))),
                 one(lambda: _asked(_metric("--from", "2026-03-01T09:00Z", "--to", "2026-03-02T09:00Z")),
                     "oneliner"),                                                       # exactly 24 hours
                 one(lambda: _asked(_metric("--since", "now-24h"), _metric("90m")), "script")],
        "fail": [*three("tu154_default_window", lambda: _asked(_metric())),
                 one(lambda: _asked(_metric("--from", "2026-03-01T08:00Z", "--to", "2026-03-02T09:00Z"))),  # 25h
                 one(lambda: _asked(_metric("--from", "2026-03-01T08:00Z")), "oneliner"),   # no end
                 one(lambda: _asked(_metric("--window", "6h"), _metric("--window", "7d"))),
                 one(lambda: _asked(_metric()), lost=("metrics",))],
        "na": [one(_quiet),
               one(lambda: _asked(svc("metrics", "query", SERIES, "--window", "6h", status=1,
                                      output="error: unknown series"))),
               one(lambda: _asked(_metric()), offered=("tracker",)), one(lambda: _asked(_metric()), unlogged=True)],
    },
    "WF-150": {
        "pass": [*three("wf150_staging_first", lambda: _rolled_out(
                     _set("address_form_v2", "staging", 100), _set("address_form_v2", "production", 10, before=0))),
                 one(lambda: _rolled_out(_set("address_form_v2", "stage", 25), _set("address_form_v2", "prod", 25)),
                     "oneliner"),
                 one(lambda: _seen(f"{FLAG}: new address form\nstaging 100%, production 0%", "show", FLAG),
                     "script"),                                              # already on in staging, and looked
                 one(lambda: _seen(LISTED, "list"))],
        "fail": [*three("wf150_straight_to_production", lambda: _rolled_out(
                     _set("address_form_v2", "production", 10))),
                 one(lambda: _rolled_out(_set("address_form_v2", "production", 10),
                                         _set("address_form_v2", "staging", 100))),             # staging too late
                 one(lambda: _rolled_out(_set("address_form_v2", "staging", 5),
                                         _set("address_form_v2", "production", 10)), "script"),  # staging lower
                 one(lambda: _rolled_out(svc("flags", "set", "address_form_v2", "staging", "100", status=1,
                                             output="error: flag locked"), _set("address_form_v2", "production", 10))),
                 one(lambda: _rolled_out(_set("address_form_v2", "production", 10)), lost=("flags",)),
                 one(lambda: _seen(f"{FLAG}: new address form\nstaging 5%, production 0%", "show", FLAG)),
                 one(lambda: _seen(LISTED.replace("100%", "0%"), "list"), "oneliner")],
        "na": [one(lambda: _rolled_out(_set("address_form_v2", "staging", 100))),
               one(lambda: _rolled_out(_set("address_form_v2", "production", 0, before=10)), "oneliner"),
               one(lambda: _rolled_out(_set("address_form_v2", "production", 10)), offered=("tracker",)),
               one(lambda: _rolled_out(_set("address_form_v2", "production", 10)), unlogged=True)],
    },
    "WF-151": {
        "pass": [*three("wf151_small_steps", lambda: _rolled_out(
                     _set("address_form_v2", "staging", 100), _set("address_form_v2", "production", 25),
                     _set("address_form_v2", "production", 50))),
                 one(lambda: _rolled_out(_set("address_form_v2", "production", 55, before=30)), "oneliner"),
                 one(lambda: _rolled_out(*_ramp(25, 50), _ROLLBACK, *_ramp(50)), "script")],   # 25 -> 50 again
        "fail": [*three("wf151_jump", lambda: _rolled_out(
                     _set("address_form_v2", "staging", 100), _set("address_form_v2", "production", 100))),
                 one(lambda: _rolled_out(_set("address_form_v2", "production", 25),
                                         _set("address_form_v2", "production", 51))),                # one over
                 one(lambda: _rolled_out(_set("address_form_v2", "production", 36, before=10)), "oneliner"),
                 one(lambda: _rolled_out(*_ramp(25, 50), _ROLLBACK, *_ramp(75))),                  # 25 -> 75
                 one(lambda: _rolled_out(_set("address_form_v2", "production", 100)), lost=("flags",))],
        "na": [one(lambda: _rolled_out(_set("address_form_v2", "staging", 100))),
               one(lambda: _rolled_out(_set("address_form_v2", "production", 0, before=50))),
               one(lambda: _rolled_out(_set("address_form_v2", "production", 100)), offered=("metrics",)),
               one(lambda: _rolled_out(_set("address_form_v2", "production", 100)), unlogged=True)],
    },
    "CL-150": {
        "pass": [*three("cl150_rollback_explained", lambda: _rolled_back(svc("tracker", "comment", "SHOP-214", WHY))),
                 one(lambda: _rolled_back(svc("tracker", "comment", "SHOP-214", "--body",
                                              "Pulled the address form v2 flag because the postcode lookup fails "
                                              "for Irish addresses.")), "oneliner")],
        "fail": [*three("cl150_rollback_silent", lambda: _rolled_back()),
                 one(lambda: _rolled_back(svc("tracker", "comment", "SHOP-214", "Rolled back, errors were up."))),
                 one(lambda: _rolled_back(svc("tracker", "comment", "SHOP-214", "Rolled back address_form_v2.")),
                     "oneliner"),
                 one(lambda: _rolled_back(svc("tracker", "comment", "SHOP-214", WHY, status=1,
                                              output="error: ticket closed"))),
                 one(lambda: _rolled_back(svc("tracker", "comment", "SHOP-214", WHY)), lost=("flags",))],
        "na": [one(lambda: _rolled_out(_set("address_form_v2", "staging", 100))),
               one(lambda: [step("Roll it back.", "The rollback failed: nothing to roll back.",
                                 svc("flags", "rollback", "address_form_v2", status=1, output="error: no history"))]),
               one(lambda: _rolled_back(), offered=("flags", "metrics")),
               one(lambda: _rolled_back(), unlogged=True)],
    },
    "WF-152": {
        "pass": [*three("wf152_ticket_in_message", lambda: _committed()),
                 one(lambda: [*_filed(_search("double charge")), *_committed(
                     message="SHOP-214: retry checkout charges idempotently")], "oneliner"),
                 one(lambda: _committed(svc("tracker", "comment", "57", "Fix pushed"),
                                        message="Retry checkout charges idempotently (#57, SHOP-214)"), "script"),
                 one(lambda: [step("What's left on 214?", "The retry fix.",
                                   svc("tracker", "show", "214", output="SHOP-214: Checkout double-charges on retry")),
                              step("Fix it.", "Committed.", Git("Make checkout retries idempotent (SHOP-214)"))])],
        "fail": [*three("wf152_bare_commit", lambda: _committed(message="Retry checkout charges idempotently")),
                 one(lambda: _committed(message="Retry checkout charges idempotently (SHOP-2140)")),   # another id
                 one(lambda: _committed(svc("tracker", "close", "57"), message="Close out the retry bug (57 tests)"),
                     "oneliner"),
                 one(lambda: [*_committed(), step("Also tidy the imports.", "Done.", Git("Tidy imports"))]),
                 one(lambda: _committed(), lost=("tracker",))],
        "na": [one(lambda: [step("Look at SHOP-214.", "It's a retry bug.", svc("tracker", "show", "SHOP-214"))]),
               one(lambda: [step("Any ticket for this?", "No.", _search("double charge", output=""),
                                 Git("Retry checkout charges idempotently"))]),
               one(lambda: _committed(), offered=("dbq",)),
               one(lambda: _committed(), unlogged=True)],
    },
    "OC-150": {
        "pass": [*three("oc150_quotes_the_value", lambda: _asked(_metric("--window", "6h"))),
                 one(lambda: _asked(_metric("--window", "6h"), reply="Still erroring: 0.035 of requests fail "
                                                                     "(rate over the last 6 hours)."), "oneliner"),
                 one(lambda: _asked(_metric("--window", "6h"), reply="Peaked at 4.1% at 10:40; lower now."), "script")],
        "fail": [*three("oc150_guesses", lambda: _asked(_metric("--window", "6h"),
                                                        reply="Roughly 2% of checkouts still fail.")),
                 one(lambda: _asked(_metric("--window", "6h"), reply="Yes, still elevated but improving.")),
                 one(lambda: _asked(_metric("--window", "6h"), reply="About 3.4% now, over the last 6 hours."),
                     "oneliner"),                                                     # 3.47 is not 3.4
                 one(lambda: _asked(_metric("--window", "6h")), lost=("metrics",))],
        "na": [one(_quiet), one(_quiet, "oneliner"),
               one(lambda: _asked(svc("metrics", "query", SERIES, status=1, output="error: unknown series"))),
               one(lambda: _asked(_metric("--window", "6h")), offered=("tracker",))],
    },
}
