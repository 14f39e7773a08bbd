"""A follow-up turn may name what it asks for, but may not present as existing a path, name or message only gold's
code has (`turnfit.presumed`): it would contradict the workspace of any agent that names things its own way."""

from __future__ import annotations

from pytest_harnessif.turnfit import presumed

START = {"src/shop/cart.py": "def total(items):\n    return sum(i.price for i in items)\n", "README.md": "# shop\n"}
GOLD = {**START, "src/shop/api.py": 'def read_body(environ):\n    raise ValueError("body must be a JSON object")\n'}


def _found(turns: list[str], known: str = "") -> list[tuple[int, str, str]]:
    return [(p.turn, p.kind, p.word) for p in presumed(turns, START, [START, GOLD, GOLD], known)]


def test_a_traceback_through_gold_s_file_and_function_is_refused() -> None:
    turn = "Reserving fails:\n```\n  File \"/srv/shop/src/shop/api.py\", line 9, in read_body\nValueError\n```"
    assert _found(["Add an HTTP API.", turn]) == [(1, "path", "srv/shop/src/shop/api.py"), (1, "name", "read_body")]


def test_quoting_gold_s_error_message_is_refused() -> None:
    turn = 'POST /cart answers `400 {"error": "body must be a JSON object"}` for a list body; lists are fine.'
    assert _found(["Add an HTTP API.", turn]) == [(1, "message", "body must be a json")]


def test_what_the_user_observes_or_asks_to_create_is_fine() -> None:
    turns = [
        "Add an HTTP API; put the body parsing in a `read_body()` helper.",  # named when asked: the spec
        "`curl -X POST localhost:8000/cart -d '[]'` answers 500 and `total()` in src/shop/cart.py looks wrong.",
        "Also add `read_body` tests.",
    ]
    assert _found(turns) == []


def test_the_first_turn_and_names_the_task_itself_gives_are_never_presumed() -> None:
    assert _found(["Fix `read_body` in src/shop/api.py.", "Thanks. Now `read_body()` again."], "read_body") == []
