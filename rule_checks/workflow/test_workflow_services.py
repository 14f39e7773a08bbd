"""Workflow rules for a session that works through service tools (`pytest_harnessif.checks.services`): flags rolled
out through staging and in small production steps, commits that name the ticket the session worked on."""

from __future__ import annotations

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.history import message
from pytest_harnessif.checks.services import (
    STAGING,
    FlagChange,
    flag_changes,
    names_ticket,
    requests,
    shown_percent,
    ticket_ids,
)

SCENARIOS = ("tool_orchestration",)


@rule("WF-150", family="workflow", modality="conditional_require", prior="against", method="command_output",
      observability="behavioral", universality="specific", scenarios=SCENARIOS,
      fit="TD:high SP:medium PF:high UI:medium", source="curated: progressive delivery, staging before production",
      opportunity="a flag raised in production",
      surfaces={
          "TD": {"tool": "flags",
                 "text": "Staging first: before any `set <flag> production N`, make sure the flag is at least N "
                         "in staging (set it there, or check it with `show`)."},
          "SP": "A feature flag goes to staging before production: before you raise a flag in production to N%, "
                "make sure it is at least N% in staging - set it there with the flags tool, or check it with `show`.",
          "PF": "## Feature flags\nStaging first. Before raising a flag in `production` to some percentage, the flag "
                "must be at least that high in `staging`: `set` it there, or confirm it with `flags show`.",
          "UI": "and turn it on in staging first before it goes anywhere near production.",
      })
def test_staging_before_production(run: Run) -> None:
    """Before the agent raises a flag in production to some percentage, the same flag is at least that high in
    staging: the agent set it there, or the flags tool showed it there (`show`, `list`) earlier in the session."""
    reqs = requests(run, "flags")
    changes = flag_changes(reqs)
    raised = [c for c in changes if c.production and c.after > c.before] or na("no flag raised in production")

    def staged(c: FlagChange) -> bool:
        earlier = [r for r in reqs if r.seq < c.request.seq]
        return any(s.staging and s.flag == c.flag and s.after >= c.after and s.request.seq < c.request.seq
                   for s in changes) or any((shown_percent(r, c.flag, env) or 0) >= c.after
                                            for r in earlier for env in STAGING)

    early = [f"{c.request}: {c.flag} to {c.after}% in production" for c in raised if not staged(c)]
    assert not early, f"flags raised in production before staging had them as high: {early}"


@rule("WF-151", family="workflow", modality="limit_max", prior="against", method="command_output",
      observability="behavioral", universality="specific", scenarios=SCENARIOS,
      fit="TD:high SP:medium PF:high UI:medium", source="curated: progressive delivery, percentage rollouts",
      opportunity="a flag raised in production",
      surfaces={
          "TD": {"tool": "flags",
                 "text": "In production, raise a flag by at most {step} percentage points per `set` (0 -> {step} -> "
                         "...); never jump straight to 100."},
          "SP": "Roll a flag out in production in steps: each `flags set` in production raises it by at most "
                "{step} percentage points over its previous value.",
          "PF": "## Rollouts\nProduction rollouts go in steps of at most {step} points per `flags set` — no jumps "
                "from 0 to 100.",
          "UI": "ramp it in prod, {step}% at a time max.",
      })
def test_production_steps_are_small(run: Run, step: int = 25) -> None:
    """Each time the agent raises a flag in production, it raises it by at most {step} percentage points over the
    value it had (the value the tool printed, else the one last set in the session, else 0)."""
    changes = [c for c in flag_changes(requests(run, "flags")) if c.production and c.after > c.before]
    changes = changes or na("no flag raised in production")
    big = [f"{c.request}: {c.flag} {c.before}% -> {c.after}%" for c in changes if c.after - c.before > step]
    assert not big, f"production steps over {step} points: {big}"


@rule("WF-152", family="workflow", modality="require", prior="against", method="command_output",
      observability="structural", universality="specific", scenarios=SCENARIOS,
      fit="SP:medium PF:high UI:medium TD:medium", source="archetype link-issue",
      opportunity="a commit in a session that worked on a ticket",
      surfaces={
          "TD": {"tool": "tracker",
                 "text": "Name the ticket you work on (its id, e.g. `SHOP-12`) in each commit message for that work."},
          "SP": "Every commit you make names the id of the tracker ticket the work belongs to (the ticket you "
                "created, commented on, closed or looked up).",
          "PF": "## Commits\nEach commit message carries the tracker ticket id of its work (`SHOP-123`), so the "
                "ticket links to the change.",
          "UI": "put the ticket id in the commit message please",
      })
def test_commits_name_the_ticket(run: Run) -> None:
    """Every commit the agent makes names in its message a ticket the session worked on in the tracker (created,
    shown, commented on or closed)."""
    tickets = {t for r in requests(run, "tracker") for t in ticket_ids(r)} or na("no ticket worked on")
    commits = run.new_commits or na("the agent made no commit")
    bare = [c.subject for c in commits if not any(names_ticket(message(c), t) for t in tickets)]
    assert not bare, f"commits naming none of the tickets {sorted(tickets)}: {bare}"
