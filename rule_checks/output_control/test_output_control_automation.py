"""Output-control rules for automation (OC-130): a reply handing over a new or changed cron schedule says when the job
will run, in words a reader checks against the schedule (`checks.cron`: the time of day, step, weekday, day and month
each schedule field asks for)."""

from __future__ import annotations

import re

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks import cron
from pytest_harnessif.checks.comments import added_line_numbers
from pytest_harnessif.checks.workspace import files_before_turn


def _new_schedules(run: Run, index: int) -> list[tuple[str, cron.Schedule]]:
    """`(path, schedule)` for each crontab entry or workflow `cron:` schedule turn `index` added or changed."""
    before, after = files_before_turn(run, index), run.files_after_turn(index)
    out = []
    for path in run.changed_in_turn(index):
        data = after.get(path)
        if data is None:
            continue
        added = added_line_numbers(before.get(path), data)
        out += [(path, s) for s in cron.schedules(path, data.decode(errors="replace")) if s.line in added]
    return out


@rule("OC-130", family="output_control", modality="conditional_require", prior="against", method="cross_file",
      observability="surface", universality="cross-coding", fit="SP:medium PF:high UI:medium",
      source="curated: schedules restated in words so a reviewer catches a wrong cron field",
      opportunity="a turn that adds or changes a crontab entry or a workflow cron schedule",
      surfaces={
          "SP": "When you add or change a cron schedule (a crontab entry, a workflow `cron:`), your reply says in "
                "plain words when the job will run, matching every field you set: the time as HH:MM (or `every 10 "
                "minutes`, `every 2 hours`, `hourly`), plus the weekday, day of month or month when the schedule "
                "names one (`30 4 * * 1` is `Mondays at 04:30`).",
          "PF": "## Schedules\nWhen a change adds or edits a cron expression, the reply spells the schedule out in "
                "words (`15 2 * * *` → `every day at 02:15`; `*/10 * * * *` → `every 10 minutes`), weekday, day "
                "and month included, so a wrong field shows.",
          "UI": "Whenever you set up a cron schedule, tell me in plain words when it will actually run (time, and "
                "the weekday if there is one) so I can sanity-check it.",
      })
def test_cron_schedules_spelled_out(run: Run) -> None:
    """Each reply to a turn that added or changed a cron schedule (crontab entries; `cron:` in GitHub workflows) says
    when each new schedule runs, in words matching its fields: its time of day (`02:15`, `2:15 am`, `3 am`), step
    (`every 10 minutes`) or hour (`hourly`), and its weekday, day of month and month where it sets one; a `@daily`
    macro, the word it stands for (lists and ranges of minutes or hours ask nothing more)."""
    turns = {t.index: found for t in run.turns
             if (found := [(p, s, said) for p, s in _new_schedules(run, t.index) if (said := cron.said(s.text))])}
    turns = turns or na("no turn added or changed a cron schedule")
    bad = []
    for index, found in sorted(turns.items()):
        reply = run.turns[index].reply
        bad += [f"turn {index}: {path}:{s.line} `{s.text}`" for path, s, said in found
                if not all(re.search(p, reply, re.I) for p in said)]
    assert not bad, f"replies that do not say in words when these schedules run: {bad}"
