"""From an E0 item to its outcome row: the run classified by its pair's classifier (what the check receives), and
the row — model, pair, matchup, direction, where A and B went, the outcome (a, b, both, neither or error) and
the winning surface — attached to the test report for the controller, its fields as JUnit properties."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from .checks.conflicts import CLASSIFIERS, Outcome
from .conflict import BY_ID
from .harness import Harness
from .schema import RunKey

KEY = pytest.StashKey[RunKey]()
DECIDED = pytest.StashKey["Decision"]()
JUNIT = ("model", "population", "task", "round", "pair", "direction", "surface_a", "surface_b", "outcome", "winner")


@dataclass(frozen=True)
class Decision:
    """Which of the pair's rules one conflict run followed."""

    key: RunKey
    outcome: Outcome

    @property
    def decisive(self) -> bool:
        return self.outcome in ("a", "b")

    def describe(self) -> str:
        c = self.key.conflict
        assert c is not None
        pair = BY_ID[c.pair]
        where = f"A ({pair.a!r}) on {c.surface_a}, B ({pair.b!r}) on {c.surface_b}"
        said = {"a": "followed A", "b": "followed B", "both": "followed both rules", "neither": "followed neither rule"}
        return f"{said[self.outcome]} on {pair.topic}: {where}"


def parametrize(metafunc: pytest.Metafunc, keys: list[RunKey]) -> None:
    """One E0 item per run key, in plan order (the directions of a cell side by side)."""
    params = [pytest.param(k, id=k.label, marks=pytest.mark.e0) for k in keys]
    metafunc.parametrize("conflict", params, indirect=True)


def mark(item: pytest.Item, key: RunKey) -> None:
    """Keep the item's key for its report; its pair, direction, model and task match `-k`."""
    assert key.conflict is not None
    item.stash[KEY] = key
    item.extra_keyword_matches.update({key.conflict.pair, key.conflict.direction, key.model, key.task})


def decide(request: pytest.FixtureRequest, harness: Harness | None) -> Decision:
    """The `conflict` fixture: the item's run (played or loaded) classified by its pair's classifier."""
    from .report.collector import recorded

    key = getattr(request, "param", None)
    if harness is None or not isinstance(key, RunKey) or key.conflict is None:
        pytest.fail("the `conflict` fixture is provided only to the E0 check under --harness-e0", pytrace=False)
    run = harness.run(key)
    decision = Decision(key, CLASSIFIERS[key.conflict.pair](run))
    if key.id in harness.fresh:
        request.node.user_properties.extend(recorded(run.trajectory.extra))
    request.node.stash[DECIDED] = decision
    return decision


def row(key: RunKey, outcome: str, reason: str, model_id: str | None) -> dict[str, Any]:
    """The outcome row of one E0 run (builtins only: it travels from xdist workers)."""
    c = key.conflict
    assert c is not None
    winner = str(c.surface_a) if outcome == "a" else str(c.surface_b) if outcome == "b" else None
    return {
        "population": "e0",
        "model": key.model,
        "model_id": model_id,
        "task": key.task,
        "round": key.round,
        "trajectory": key.id,
        "pair": c.pair,
        "first": str(c.first),
        "second": str(c.second),
        "direction": c.direction,
        "surface_a": str(c.surface_a),
        "surface_b": str(c.surface_b),
        "outcome": outcome,
        "winner": winner,
        "reason": reason,
    }


def attach(item: pytest.Item, call: pytest.CallInfo[Any], report: pytest.TestReport,
           model_id: Callable[[RunKey], str | None]) -> None:  # fmt: skip
    """Put the item's outcome row on its report (`harness_e0`) and its fields in the item's user properties. The
    outcome is what the classifier decided; a run or check that broke is an `error`, never a winner."""
    key = item.stash[KEY]
    decided = item.stash.get(DECIDED, None)
    if decided is not None and (report.passed or report.skipped):
        outcome, reason = decided.outcome, decided.describe()
    else:
        excinfo = call.excinfo
        outcome = "error"
        reason = f"{excinfo.typename}: {str(excinfo.value).strip()[:2000]}" if excinfo else "the item did not run"
    fields = row(key, outcome, reason, model_id(key) if outcome != "error" else None)
    report.harness_e0 = fields  # type: ignore[attr-defined]
    item.user_properties.extend((k, fields[k]) for k in JUNIT if fields[k] is not None)
