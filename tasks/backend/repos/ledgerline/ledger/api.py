"""The JSON HTTP API, as a WSGI application over a Ledger."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any
from urllib.parse import parse_qsl

from .journal import (
    DuplicateAccount,
    InvalidEntry,
    Ledger,
    LedgerError,
    UnknownAccount,
    UnknownEntry,
)
from .models import Entry, EntryDraft, Line
from .money import AmountError, format_amount, parse_amount

log = logging.getLogger(__name__)

Headers = list[tuple[str, str]]
Response = tuple[int, Any, Headers]

REASONS = {
    200: "OK",
    201: "Created",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    422: "Unprocessable Entity",
}
ERROR_STATUS: dict[type[LedgerError], int] = {
    UnknownAccount: 422,
    UnknownEntry: 404,
    DuplicateAccount: 409,
    InvalidEntry: 422,
}


class ApiError(Exception):
    """An error answered with `status` and a JSON body `{"error": message}`."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def read_json(environ: dict[str, Any]) -> dict[str, Any]:
    """The request body parsed as a JSON object."""
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise ApiError(400, f"bad Content-Length {environ.get('CONTENT_LENGTH')!r}") from None
    raw = environ["wsgi.input"].read(length) if length > 0 else b""
    try:
        body = json.loads(raw or b"{}")
    except json.JSONDecodeError as exc:
        raise ApiError(400, f"request body is not valid JSON: {exc.msg}") from exc
    if not isinstance(body, dict):
        raise ApiError(400, f"request body must be a JSON object, got {type(body).__name__}")
    return body


def parse_query(environ: dict[str, Any]) -> dict[str, str]:
    """The query string's parameters (the last value of each)."""
    return dict(parse_qsl(environ.get("QUERY_STRING", "")))


def parse_date(value: Any, field: str) -> date:
    """An ISO date (YYYY-MM-DD) from a request field."""
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ApiError(400, f"{field} must be a date as YYYY-MM-DD, got {value!r}") from None


def parse_line(raw: Any) -> Line:
    """One entry line: {"account": "1000", "debit": "12.50"} or {"account": ..., "credit": ...}."""
    if not isinstance(raw, dict) or not isinstance(raw.get("account"), str):
        raise ApiError(400, f"each line needs an account code, got {raw!r}")
    sides = [side for side in ("debit", "credit") if side in raw]
    if len(sides) != 1:
        raise ApiError(400, f"line on {raw['account']} needs exactly one of debit or credit")
    try:
        amount = parse_amount(raw[sides[0]])
    except AmountError as exc:
        raise ApiError(400, f"line on {raw['account']}: {exc}") from exc
    return Line(raw["account"], amount if sides[0] == "debit" else -amount)


def draft_from_json(body: dict[str, Any]) -> EntryDraft:
    """The entry a POST /entries body describes."""
    lines = body.get("lines")
    if not isinstance(lines, list):
        raise ApiError(400, "lines must be a list of {account, debit|credit} objects")
    return EntryDraft(
        posted_on=parse_date(body.get("posted_on"), "posted_on"),
        lines=tuple(parse_line(raw) for raw in lines),
        memo=str(body.get("memo", "")),
        reference=body.get("reference"),
    )


def side_of(amount: int) -> str:
    """"debit" for a positive amount, "credit" for a negative one."""
    return "debit" if amount > 0 else "credit"


def entry_json(entry: Entry) -> dict[str, Any]:
    """The API representation of a posted entry."""
    lines = [
        {"account": line.account, side_of(line.amount): format_amount(abs(line.amount))}
        for line in entry.lines
    ]
    return {
        "id": entry.id,
        "posted_on": entry.posted_on.isoformat(),
        "memo": entry.memo,
        "reference": entry.reference,
        "lines": lines,
    }


class LedgerApp:
    """Routes requests to handlers; every response body is JSON."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.routes: list[tuple[str, re.Pattern[str], Callable[..., Response]]] = [
            ("GET", re.compile(r"/accounts"), self.list_accounts),
            ("POST", re.compile(r"/accounts"), self.create_account),
            ("GET", re.compile(r"/accounts/(?P<code>[\w-]+)"), self.get_account),
            ("POST", re.compile(r"/entries"), self.post_entry),
            ("GET", re.compile(r"/entries/(?P<entry_id>\d+)"), self.get_entry),
            ("GET", re.compile(r"/reports/trial-balance"), self.trial_balance),
        ]

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        try:
            status, body, headers = self.dispatch(environ)
        except ApiError as exc:
            status, body, headers = exc.status, {"error": exc.message}, []
        except LedgerError as exc:
            status, body, headers = ERROR_STATUS.get(type(exc), 400), {"error": str(exc)}, []
        payload = json.dumps(body).encode("utf-8")
        start_response(
            f"{status} {REASONS[status]}",
            [("Content-Type", "application/json"), ("Content-Length", str(len(payload))), *headers],
        )
        return [payload]

    def dispatch(self, environ: dict[str, Any]) -> Response:
        """Find the handler for the request's method and path and call it."""
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "/")
        allowed = []
        for route_method, pattern, handler in self.routes:
            match = pattern.fullmatch(path)
            if match is None:
                continue
            if route_method == method:
                return handler(environ, **match.groupdict())
            allowed.append(route_method)
        if allowed:
            raise ApiError(405, f"{method} not allowed on {path}, use {' or '.join(allowed)}")
        raise ApiError(404, f"no route for {path}")

    # --- handlers ------------------------------------------------------------------------------
    def list_accounts(self, environ: dict[str, Any]) -> Response:
        accounts = [
            {"code": account.code, "name": account.name, "kind": account.kind}
            for account in self.ledger.accounts()
        ]
        return 200, {"accounts": accounts}, []

    def create_account(self, environ: dict[str, Any]) -> Response:
        body = read_json(environ)
        missing = [name for name in ("code", "name", "kind") if not isinstance(body.get(name), str)]
        if missing:
            raise ApiError(400, f"missing or non-string fields: {', '.join(missing)}")
        account = self.ledger.open_account(body["code"], body["name"], body["kind"])
        return 201, {"code": account.code, "name": account.name, "kind": account.kind}, []

    def get_account(self, environ: dict[str, Any], code: str) -> Response:
        account = self.ledger.account(code)
        balance = self.ledger.balance(code)
        body = {
            "code": account.code,
            "name": account.name,
            "kind": account.kind,
            "balance": format_amount(balance),
        }
        return 200, body, []

    def post_entry(self, environ: dict[str, Any]) -> Response:
        entry = self.ledger.post(draft_from_json(read_json(environ)))
        return 201, entry_json(entry), [("Location", f"/entries/{entry.id}")]

    def get_entry(self, environ: dict[str, Any], entry_id: str) -> Response:
        return 200, entry_json(self.ledger.entry(int(entry_id))), []

    def trial_balance(self, environ: dict[str, Any]) -> Response:
        query = parse_query(environ)
        as_of = parse_date(query["as_of"], "as_of") if "as_of" in query else None
        rows = self.ledger.trial_balance(as_of)
        body = {
            "as_of": as_of.isoformat() if as_of else None,
            "accounts": [
                {"code": account.code, "name": account.name, "balance": format_amount(balance)}
                for account, balance in rows
            ],
            "total": format_amount(sum(balance for _, balance in rows)),
        }
        return 200, body, []

