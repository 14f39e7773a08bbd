"""The E0 set-up below the plugin: each statement lands on the surface it was placed on and nowhere else, the
precedence agents read the surfaces and choose by their order, and a broken `sides.yaml` or order is one clear
error naming the file or spec."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pytest_harnessif.agents.base import Message
from pytest_harnessif.agents.precedence import (
    READ_LATER_FIRST,
    PrecedenceError,
    Sides,
    choose,
    parse_order,
    visible,
)
from pytest_harnessif.bundle import E0, bundled
from pytest_harnessif.conflict import BY_ID, TEXTS, matchups, placed, plan
from pytest_harnessif.library import load_tasks
from pytest_harnessif.schema import Conflict, Surface
from pytest_harnessif.stack import compose

FOLDER = bundled(E0)
assert FOLDER is not None
TASK = next(iter(load_tasks(FOLDER, {}).values()))
SIDES = TASK.dir / "sides.yaml"


def shown(conflict: Conflict) -> dict[Surface, str]:
    """What an agent sees of the conflict's stack, by surface (the skill's body as if loaded)."""
    stack = compose(TASK, [(s, w, 0) for s, w in placed(conflict)], {})
    texts = visible(stack.system_prompt, [Message("user", stack.turns[0])], stack.tools)
    texts[Surface.SD] = "\n".join(stack.skills.values())
    return texts


@pytest.mark.parametrize(("first", "second"), matchups(), ids=lambda s: str(s))
@pytest.mark.parametrize("pair", [p.id for p in TEXTS])
def test_each_statement_lands_on_its_surface_only(pair: str, first: Surface, second: Surface) -> None:
    for direction in ("AB", "BA"):
        c = Conflict(pair=pair, first=first, second=second, direction=direction)
        texts = shown(c)
        for side, surface in (("a", c.surface_a), ("b", c.surface_b)):
            statement = BY_ID[pair].text(side)
            assert [s for s, t in texts.items() if statement in t] == [surface]


def test_choose_follows_the_order() -> None:
    c = Conflict(pair="diagnostics", first=Surface.SP, second=Surface.UI, direction="AB")  # A on SP, B on UI
    texts = shown(c)
    assert choose(parse_order("precedence/SP>PF>UI>TD>SD"), texts) == {"diagnostics": "a"}
    assert choose(parse_order("precedence/UI,SP,PF,TD,SD"), texts) == {"diagnostics": "b"}
    assert choose(READ_LATER_FIRST, texts) == {"diagnostics": "b"}  # the user's turn is read after the system prompt
    assert choose(READ_LATER_FIRST, {s: "" for s in Surface}) == {}


def test_the_plan_covers_every_cell_once() -> None:
    runs = plan()
    assert len(runs) == len(TEXTS) * 10 * 2 == len({r.label for r in runs})


def test_sides_fill_every_marker_with_the_chosen_side() -> None:
    sides = Sides.load(SIDES)
    calls, reply = sides.perform({"test-file-names": "b", "reply-form": "b", "commit-language": "b"})
    paths = [c.args.get("path") for c in calls if c.tool == "write_file"]
    assert "tests/truncate_test.py" in paths and "<<" not in str([c.args for c in calls]) + reply
    assert "- " not in reply and "tests/truncate_test.py" in reply
    assert any("添加" in c.args.get("command", "") for c in calls)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("  commit-form:\n    type: [\"feat: \", \"\"]\n", ""), "pairs: no values for commit-form"),
        (lambda t: t.replace("<<branch>>", "<<brnch>>", 1), "slot <<brnch>> has no value"),
        (lambda t: t.replace("steps:", "stepz:", 1), "steps"),
    ],
)
def test_a_broken_sides_file_names_the_file(tmp_path: Path, edit, message: str) -> None:
    bad = tmp_path / "sides.yaml"
    bad.write_text(edit(SIDES.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(PrecedenceError) as info:
        Sides.load(bad)
    assert str(info.value).startswith(f"{bad}: ") and message in str(info.value)


def test_a_task_without_sides_says_so(tmp_path: Path) -> None:
    shutil.copytree(TASK.dir, tmp_path / "task")
    (tmp_path / "task" / "sides.yaml").unlink()
    with pytest.raises(PrecedenceError, match="the precedence agents need this file"):
        Sides.load(tmp_path / "task" / "sides.yaml")


@pytest.mark.parametrize("spec", ["precedence/SP>PF", "precedence/SP>PF>UI>TD>XX", "precedence/SP>SP>UI>TD>SD"])
def test_a_bad_order_is_refused(spec: str) -> None:
    with pytest.raises(PrecedenceError, match="name each of SP, TD, SD, PF, UI once"):
        parse_order(spec)
