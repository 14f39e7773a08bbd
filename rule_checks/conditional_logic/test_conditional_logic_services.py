"""Conditional rules triggered by what a service tool recorded (`pytest_harnessif.checks.services`): a flag rolled
back calls for a tracker comment saying which flag and why."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.services import ServiceRequest, numbers, requests

SCENARIOS = ("tool_orchestration",)
CAUSE = re.compile(r"\b(?:because|due to|caused|causing|since|after|as the|following|triggered|broke|breaks|"
                   r"failing|failed|errors?|spiked?|regress\w*|crash\w*|timeouts?|too (?:high|many|slow))\b", re.I)


def _comment(request: ServiceRequest) -> str:
    """What a `comment <ticket> ...` call says (the ticket id left out)."""
    ticket = request.operands[0] if request.operands else ""
    return "\n".join(a for a in request.args if a != ticket)


def _names(text: str, flag: str) -> bool:
    """Whether `text` names the flag (`address_form_v2` also as `address-form-v2` or `address form v2`)."""
    spaced = re.sub(r"[\s_-]+", " ", text.lower())
    return flag.lower() in text.lower() or re.sub(r"[_-]+", " ", flag.lower()) in spaced


def says_why(text: str) -> bool:
    """A reason: a causal word (`because`, `after`, `errors`...) or a measured number (`4.1%`, `900ms`)."""
    return bool(CAUSE.search(text) or numbers(text))


@rule("CL-150", family="conditional_logic", modality="conditional_require", prior="against",
      method="command_output", observability="behavioral", universality="specific", scenarios=SCENARIOS,
      fit="TD:high SP:medium PF:high UI:medium", source="curated: incident hygiene, every rollback explained on "
      "the ticket", opportunity="a flag rolled back",
      surfaces={
          "TD": {"tool": "flags",
                 "text": "After a `rollback`, add a `tracker comment` on the ticket naming the flag you rolled back "
                         "and why (what you saw: the error, the number)."},
          "SP": "Whenever you roll a feature flag back, comment on the related tracker ticket: name the flag and say "
                "why you rolled it back (what you observed).",
          "PF": "## Rollbacks\nEvery flag rollback gets a tracker comment on its ticket naming the flag and the "
                "reason (the error or the number that made you pull it).",
          "UI": "if you have to roll anything back, leave a comment on the ticket saying what and why.",
      })
def test_rollback_explained_on_ticket(run: Run) -> None:
    """When the agent rolls a flag back, it comments on a tracker ticket naming that flag and saying why (a causal
    word or a measured number)."""
    rolled = {r.operands[0] for r in requests(run, "flags") if r.op == "rollback" and r.ok and r.operands}
    rolled = rolled or na("no flag rolled back")
    said = [_comment(r) for r in requests(run, "tracker", required=False) if r.op == "comment" and r.ok]
    silent = sorted(f for f in rolled if not any(_names(text, f) and says_why(text) for text in said))
    assert not silent, f"rollbacks with no tracker comment naming the flag and why: {silent}"
