"""The records of a task's service tools: `tracker` (tickets), `dbq` (SQL over the app's database), `flags` (feature
flags) and `metrics` (time series), each a CLI in the task's repository offered as a task tool and reachable from bash.

A service keeps its state in the SQLite file `.services/<tool>.sqlite3` under the workspace root (gitignored, so
`Run.files` leaves it out: it is read from the final snapshot itself), and appends one row per call to its table
`requests(seq, op, args, status, result)`: the subcommand, the JSON list of the remaining arguments, the exit code
and the printed output (see docs/task-authoring.md, "Service tools"). `requests(run, tool)` reads those rows,
`rows(run, tool, sql)` queries the service's own tables; `cli_calls(run, tool)` finds the calls in the agent's commands
(the task tool, or bash running the CLI in any idiom). A tool the task does not offer, or never called, is n/a; a
database missing although the tool was called is a failure naming it (`MissingArtifact`), never a pass.

The rest reads what the requests say: the SQL a `dbq` call sends (statements, writes, LIMITs), the time window of a
`metrics` query, ticket ids, flag percentages and the numbers a result printed.
"""

from __future__ import annotations

import json
import re
import sqlite3
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..authoring import MissingArtifact, na
from ..evidence import Run
from ..sandbox.base import tar_members
from ..schema import ToolSpec
from . import bash
from .shell import PYTHONS, Segment, parse, segments
from .workspace import repo_path

SERVICES = ("tracker", "dbq", "flags", "metrics")
"""The service tools' names in a task's `tools:`."""

STATE_DIR = ".services"
INTERPRETERS = re.compile(r"^(?:python(?:\d+(?:\.\d+)*)?|py|pypy\d*|node|bash|sh|ruby|perl|deno|bun)$")


@dataclass(frozen=True)
class ServiceRequest:
    """One row of a service's `requests` table: a call of the tool, successful or not."""

    seq: int
    op: str
    args: tuple[str, ...]
    status: int
    result: str

    @property
    def ok(self) -> bool:
        return self.status == 0

    @property
    def operands(self) -> list[str]:
        """The arguments that are no option and no option's value (`--title X`, `--title=X` left out)."""
        out, i = [], 0
        while i < len(self.args):
            arg = self.args[i]
            if arg == "--":
                return out + list(self.args[i + 1 :])
            if arg.startswith("-") and len(arg) > 1 and not _NUMBER.fullmatch(arg):
                i += 1 if "=" in arg or i + 1 >= len(self.args) or self.args[i + 1].startswith("-") else 2
                continue
            out.append(arg)
            i += 1
        return out

    def option(self, *names: str) -> str | None:
        """The value of the first of `names` given (`--title X` or `--title=X`), None when none is."""
        for i, arg in enumerate(self.args):
            for name in names:
                if arg.startswith(name + "="):
                    return arg[len(name) + 1 :]
                if arg == name and i + 1 < len(self.args):
                    return self.args[i + 1]
        return None

    @property
    def text(self) -> str:
        """The arguments as one text (what a ticket or a comment says, wherever its CLI takes it)."""
        return "\n".join(self.args)

    def __str__(self) -> str:
        shown = " ".join(a if len(a) <= 40 else a[:37] + "..." for a in (self.op, *self.args))
        return f"#{self.seq} `{shown}` (exit {self.status})"


@dataclass(frozen=True)
class CliCall:
    """A call of a service's CLI in the agent's commands: `argv` are the words after the CLI (`op` the first)."""

    segment: Segment
    argv: tuple[str, ...]
    via: str
    """`tool` through the task tool, `bash` otherwise."""

    @property
    def turn(self) -> int:
        return self.segment.command.turn

    @property
    def op(self) -> str:
        return self.argv[0] if self.argv else ""

    @property
    def stdin(self) -> str | None:
        """What the call reads on its standard input from a heredoc or here-string (SQL piped to `dbq`)."""
        return self.segment.simple.stdin


# --- the tool and its calls ---------------------------------------------------------------------------------------


def offered(run: Run, tool: str) -> ToolSpec:
    """The task's tool `tool`, or n/a: the task offers no such tool."""
    return next((t for t in run.task.tools if t.name == tool), None) or na(f"the task offers no `{tool}` tool")


def entry(spec: ToolSpec) -> str:
    """The workspace path of the CLI a tool runs (`python ops/tracker.py` -> `ops/tracker.py`), else its program."""
    argv = next((c.argv for c in parse(spec.command) if c.argv), [spec.command])
    first = 1 if INTERPRETERS.match(bash.command_name(argv[0])) else 0
    word = next((w for w in argv[first:] if not w.startswith("-")), argv[0])
    return repo_path(word) or word


def _cli_argv(seg: Segment, path: str) -> tuple[str, ...] | None:
    """The words after the CLI at workspace path `path` in `seg` (the script an interpreter runs, or the program),
    None when `seg` does not run it."""
    argv = seg.argv
    if not argv:
        return None
    at = 0
    if INTERPRETERS.match(seg.program):
        at = next((i for i, w in enumerate(argv[1:], 1) if not w.startswith("-")), 0)
        if not at or (PYTHONS.match(seg.program) and argv[at - 1] in ("-m", "-c")):
            return None
    if repo_path(bash.join(seg.cwd, argv[at])) != path:
        return None
    return tuple(argv[at + 1 :])


def cli_calls(run: Run, tool: str) -> list[CliCall]:
    """Every call of the tool's CLI the agent made, in run order: through the task tool or from bash, in any idiom
    (`cd ops && python tracker.py ...`, `python3 -u ops/tracker.py ... | head`, a `set -e` script)."""
    path = entry(offered(run, tool))
    out = []
    for seg in segments(run):
        argv = _cli_argv(seg, path)
        if argv is not None:
            out.append(CliCall(seg, argv, "tool" if seg.command.tool == tool else "bash"))
    return out


# --- the service's database ---------------------------------------------------------------------------------------

_DATABASES: weakref.WeakKeyDictionary[Run, dict[str, sqlite3.Connection]] = weakref.WeakKeyDictionary()


def database_path(tool: str) -> str:
    return f"{STATE_DIR}/{tool}.sqlite3"


def database(run: Run, tool: str, required: bool = True) -> sqlite3.Connection | None:
    """The service's SQLite database as the run left it (an in-memory copy: nothing a check does reaches the run).
    n/a when the task offers no such tool or the log keeps no workspace; when the agent never called the tool, n/a too
    (None unless `required`: a rule whose opportunity lies elsewhere, such as a comment a rollback calls for); a
    database missing or unreadable although the tool was called is a `MissingArtifact` failure."""
    offered(run, tool)
    cached = _DATABASES.setdefault(run, {})
    if tool in cached:
        return cached[tool]
    path = database_path(tool)
    data = tar_members(run.snapshot(run.trajectory.final_snapshot)).get(path)
    if data is None:
        if cli_calls(run, tool):
            raise MissingArtifact(path, f"the agent called `{tool}` but the service's records are gone")
        return na(f"the agent never called `{tool}`") if required else None
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    try:
        conn.deserialize(data)
        conn.execute("SELECT seq, op, args, status, result FROM requests LIMIT 0")
    except sqlite3.DatabaseError as exc:
        raise MissingArtifact(path, f"not a service database with a `requests` table ({exc})") from None
    cached[tool] = conn
    return conn


def rows(run: Run, tool: str, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
    """The rows `sql` selects from the service's database (its `requests` and its own tables); n/a as `database`."""
    conn = database(run, tool)
    assert conn is not None
    return conn.execute(sql, params).fetchall()


def requests(run: Run, tool: str, required: bool = True) -> list[ServiceRequest]:
    """Every call the service recorded, in order (none when the agent never called it and not `required`)."""
    conn = database(run, tool, required)
    if conn is None:
        return []
    out = []
    for row in conn.execute("SELECT seq, op, args, status, result FROM requests ORDER BY seq"):
        try:
            args = json.loads(row["args"])
        except (TypeError, json.JSONDecodeError):
            args = [str(row["args"])]
        args = args if isinstance(args, list) else [args]
        out.append(ServiceRequest(row["seq"], row["op"], tuple(str(a) for a in args), row["status"],
                                  row["result"] or ""))
    return out


# --- dbq: the SQL a call sends ------------------------------------------------------------------------------------

SQL_START = re.compile(
    r"^\s*(?:--[^\n]*\n\s*|/\*.*?\*/\s*)*(?:SELECT|WITH|INSERT|UPDATE|DELETE|REPLACE|UPSERT|CREATE|DROP|ALTER|TRUNCATE|"
    r"PRAGMA|EXPLAIN|VACUUM|ATTACH|DETACH|REINDEX|ANALYZE|BEGIN|COMMIT|VALUES)\b", re.I | re.S)
_MASKED = re.compile(r"--[^\n]*|/\*.*?(?:\*/|$)|'(?:[^']|'')*'?|\"(?:[^\"]|\"\")*\"?|`[^`]*`?|\[[^\]]*\]?", re.S)
WRITES = re.compile(r"\b(?:INSERT|UPDATE|DELETE|REPLACE(?!\s*\()|UPSERT|CREATE|DROP|ALTER|TRUNCATE|ATTACH|DETACH|"
                    r"VACUUM|REINDEX)\b", re.I)
_PRAGMA_SET = re.compile(r"^\s*PRAGMA\b[^=]*=", re.I)
_AGGREGATE = re.compile(r"^\s*(?:COUNT|SUM|AVG|MIN|MAX|TOTAL|GROUP_CONCAT)\s*\(", re.I)


def sql_texts(words: tuple[str, ...] | list[str], stdin: str | None = None) -> list[str]:
    """The SQL among a call's words (the op included: `dbq "SELECT ..."` and `dbq query "SELECT ..."` alike) and
    what it reads from a heredoc."""
    return [w for w in (*words, *([stdin] if stdin else [])) if SQL_START.match(w)]


def masked(sql: str) -> str:
    """`sql` with comments dropped and literals and quoted names blanked (`'x'` -> `''`), keywords left to read."""
    def blank(m: re.Match[str]) -> str:
        text = m.group(0)
        return " " if text.startswith(("--", "/*")) else text[0] + text[-1] if len(text) > 1 else text
    return _MASKED.sub(blank, sql)


def statements(sql: str) -> list[str]:
    """The statements of `sql` (masked), empty ones left out."""
    return [s.strip() for s in masked(sql).split(";") if s.strip()]


def writes(statement: str) -> bool:
    """Whether a (masked) statement changes the database or its schema: DML, DDL, ATTACH, VACUUM, a PRAGMA that sets
    a value (`PRAGMA foreign_keys = OFF`); `SELECT`, `EXPLAIN SELECT` and reading PRAGMAs do not."""
    return bool(WRITES.search(statement) or _PRAGMA_SET.match(statement))


def _top_level(statement: str) -> str:
    """The statement with every parenthesised part blanked (subqueries, calls' arguments)."""
    out, depth = [], 0
    for ch in statement:
        depth += ch == "("
        out.append(ch if depth == 0 else " ")
        depth -= ch == ")" and depth > 0
    return "".join(out)


def limit(statement: str) -> int | None:
    """The row count a statement's outer `LIMIT` allows (`LIMIT n`, `LIMIT n OFFSET m`, `LIMIT m, n`), None without
    one (or with one that is no number)."""
    found = re.search(r"\bLIMIT\s+(\d+)(?:\s*,\s*(\d+))?", _top_level(statement), re.I)
    if found is None:
        return None
    return int(found.group(2) or found.group(1))


def reads_rows(statement: str) -> bool:
    """Whether a (masked) statement returns rows of a table: an outer `SELECT ... FROM`, unless it is a single-row
    aggregate (`SELECT COUNT(*) FROM t`, no `GROUP BY`)."""
    top = _top_level(statement)
    select = re.search(r"\bSELECT\b(.*?)\bFROM\b", top, re.I | re.S)
    if select is None or writes(statement):
        return False
    columns = statement[select.start(1) : select.end(1)]
    single = all(_AGGREGATE.match(c) for c in _columns(columns)) and not re.search(r"\bGROUP\s+BY\b", top, re.I)
    return not single


def _columns(select_list: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(select_list):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(select_list[start:i])
            start = i + 1
    return [c for c in (*out, select_list[start:]) if c.strip()]


# --- metrics: the window of a query -------------------------------------------------------------------------------

DURATION = re.compile(r"^(?:now)?-?(\d+(?:\.\d+)?)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?|"
                      r"w|wk|weeks?)$", re.I)
_HOURS = {"s": 1 / 3600, "m": 1 / 60, "h": 1.0, "d": 24.0, "w": 168.0}
WINDOW_OPTIONS = ("--window", "--last", "--range", "--period", "--duration", "--span", "-w")
START_OPTIONS = ("--from", "--start", "--since", "--after")
END_OPTIONS = ("--to", "--end", "--until", "--before")


def hours(text: str) -> float | None:
    """A duration in hours (`6h`, `90m`, `2d`, `now-6h`, `-30min`), None for anything else."""
    found = DURATION.match(text.strip())
    if found is None:
        return None
    unit = found.group(2).lower()
    return float(found.group(1)) * _HOURS["m" if unit.startswith("mi") or unit == "m" else unit[0]]


def _instant(text: str) -> datetime | None:
    """An ISO date-time (UTC when it names no zone) or epoch seconds, as naive UTC; None for anything else."""
    text = text.strip()
    try:
        moment = (datetime.fromtimestamp(int(text), UTC) if re.fullmatch(r"\d{9,11}", text)
                  else datetime.fromisoformat(text.replace("Z", "+00:00")))
    except ValueError:
        return None
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


def window_hours(request: ServiceRequest) -> float | None:
    """How long a window a metrics query asks for, in hours: a duration (`--window 6h`, `--last 90m`, `--since 2h`,
    a bare `6h` argument) or both ends (`--from 2026-03-02T08:00 --to 2026-03-02T14:00`); None when the query leaves
    the window to the tool (no window, or a start with no end)."""
    for value in (request.option(*WINDOW_OPTIONS), request.option(*START_OPTIONS)):
        if value is not None and (span := hours(value)) is not None:
            return span
    start, end = request.option(*START_OPTIONS), request.option(*END_OPTIONS)
    if start is not None and end is not None:
        a, b = _instant(start), _instant(end)
        if a is not None and b is not None:
            return (b - a).total_seconds() / 3600
    return next((h for w in request.operands if (h := hours(w)) is not None), None)


# --- tickets, flags and numbers in results ------------------------------------------------------------------------

TICKET_ID = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b|(?<![\w&/])#\d{1,7}\b")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?%?")


def ticket_ids(request: ServiceRequest) -> list[str]:
    """The ticket a successful tracker call worked on: the one `create` printed, the one `show`, `comment` or `close`
    named, as the tool printed it (`show 12` of a tracker printing `TILL-12: ...` worked on `TILL-12`)."""
    if not request.ok or request.op not in ("create", "show", "comment", "close"):
        return []
    if found := TICKET_ID.search(request.result):
        return [found.group(0).lstrip("#")]
    named = request.operands[0].lstrip("#") if request.operands and request.op != "create" else None
    return [named] if named else []


def names_ticket(text: str, ticket: str) -> bool:
    """Whether `text` names the ticket (`OPS-12` as a word in any case; a bare number only as `#12`)."""
    if ticket.isdigit():
        return re.search(rf"(?<![\w&/])#{ticket}\b", text) is not None
    return re.search(rf"(?<![\w-]){re.escape(ticket)}(?!\w)", text, re.I) is not None


def percent(text: str) -> int | None:
    """A flag percentage (`25`, `25%`), None for anything else."""
    found = re.fullmatch(r"\s*(\d{1,3})\s*%?\s*", text)
    return int(found.group(1)) if found and int(found.group(1)) <= 100 else None


PRODUCTION = frozenset({"production", "prod", "prd", "live"})
STAGING = frozenset({"staging", "stage", "stg", "preprod", "pre-production"})
CHANGE = re.compile(r"(\d{1,3})\s*%?\s*(?:->|→|=>|\bto\b)\s*(\d{1,3})\s*%?")


@dataclass(frozen=True)
class FlagChange:
    """A successful `flags set <flag> <env> <percent>`: the percentage before (`before`) and after it."""

    request: ServiceRequest
    flag: str
    env: str
    before: int
    after: int

    @property
    def production(self) -> bool:
        return self.env in PRODUCTION

    @property
    def staging(self) -> bool:
        return self.env in STAGING


def flag_changes(reqs: list[ServiceRequest]) -> list[FlagChange]:
    """The flag changes among a flags service's requests, in order. The percentage before a `set` is the one the tool
    printed (`checkout_v2 production: 10% -> 35%`), else the one the session last set (a `rollback <flag> [env]` goes
    back to the one before, or to the `-> N%` it printed), else 0: a flag a session rolls out starts off."""
    known: dict[tuple[str, str], list[int]] = {}
    out = []
    for r in (r for r in reqs if r.ok):
        ops = r.operands
        if r.op == "rollback" and ops:
            change = CHANGE.search(r.result)
            for key in [k for k in known if k[0] == ops[0] and (len(ops) < 2 or k[1] == ops[1].lower())]:
                known[key] = [int(change.group(2))] if change else known[key][:-1]
            continue
        if r.op != "set" or len(ops) < 3 or (after := percent(ops[2])) is None:
            continue
        key = (ops[0], ops[1].lower())
        change = CHANGE.search(r.result)
        printed = int(change.group(1)) if change and int(change.group(2)) == after else None
        before = printed if printed is not None else (known.get(key) or [0])[-1]
        known.setdefault(key, []).append(after)
        out.append(FlagChange(r, key[0], key[1], before, after))
    return out


def shown_percent(request: ServiceRequest, flag: str, env: str) -> int | None:
    """The percentage of `flag` in `env` a successful `show <flag>` or `list` printed (`staging 100%, production 0%`;
    a table whose header names the environment and a row the flag), None when it printed none."""
    if not request.ok:
        return None
    if request.op == "show" and request.operands[:1] == [flag]:
        found = re.search(rf"\b{re.escape(env)}\b\s*:?\s*(\d{{1,3}})\s*%", request.result, re.I)
        return int(found.group(1)) if found else None
    if request.op != "list":
        return None
    header: list[str] = []
    for line in request.result.lower().splitlines():
        cells = line.split()
        if env in cells:
            header = cells
        elif header and cells[:1] == [flag.lower()] and len(cells) == len(header):
            return percent(cells[header.index(env)])
    return None


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|\d{2}:\d{2}"
                   r"(?::\d{2})?")
_QUANTITY = re.compile(r"(?<![\w.])[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d.]\d|,\d{3})")
_SPANS = frozenset({"m", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour", "hours", "d", "day", "days", "w",
                    "wk", "week", "weeks"})
"""Units a number of a time window takes (`6h`, `30 minutes`); seconds and milliseconds are latencies, kept."""
_AFTER = re.compile(r"(\s*%)|([A-Za-z_]\w*)|\s+([A-Za-z]+)")


def numbers(text: str) -> list[tuple[str, bool]]:
    """The numbers a text states as quantities, each with whether a `%` follows (`1,204.5`, `3.1 %`, `250ms`); dates,
    clock times, durations (`6h`, `6 hours`) and digits inside names (`p99`, `v2`, `5xx`) left out."""
    text = _DATE.sub(" ", text)
    out = []
    for m in _QUANTITY.finditer(text):
        after = _AFTER.match(text, m.end())
        glued, spaced = (after.group(2), after.group(3)) if after else (None, None)
        if (glued or spaced or "").lower() in _SPANS or (glued is not None and glued.lower() not in ("ms", "s")):
            continue
        out.append((m.group(0).replace(",", ""), bool(after and after.group(1))))
    return out


def quotes(reply_number: str, is_percent: bool, value: float) -> bool:
    """Whether a number written in a reply states `value`, to the precision it is written with (`3.1%` states
    0.0312 and 3.12; `1204` states 1204.4)."""
    decimals = len(reply_number.partition(".")[2])
    stated = float(reply_number)
    tolerance = 0.5 * 10**-decimals + 1e-9
    candidates = (value, value * 100) if is_percent else (value,)
    return any(abs(abs(c) - abs(stated)) <= tolerance and (c < 0) == (stated < 0) for c in candidates)


def values(text: str) -> list[float]:
    """The numbers a tool printed (see `numbers`)."""
    return [float(n) for n, _ in numbers(text)]
