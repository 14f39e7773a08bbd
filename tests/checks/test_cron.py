"""checks/cron: crontab entries and workflow `cron:` schedules, and what a plain-words description of each must
say."""

from __future__ import annotations

import re

import pytest

from pytest_harnessif.checks import cron


def test_schedules_of_crontabs_and_workflows_only() -> None:
    crontab = "MAILTO=ops@example.com\n# 0 1 * * * old.sh\n15 2 * * * /opt/backup.sh\n@daily root /opt/prune.sh\n"
    assert cron.schedules("deploy/crontab", crontab) == [cron.Schedule("15 2 * * *", 3), cron.Schedule("@daily", 4)]
    workflow = "on:\n  schedule:\n    - cron: '*/10 * * * *'  # every ten minutes\n"
    assert cron.schedules(".github/workflows/smoke.yml", workflow) == [cron.Schedule("*/10 * * * *", 3)]
    assert cron.schedules("README.md", crontab) == []


@pytest.mark.parametrize(("schedule", "said", "unsaid"), [
    ("15 2 * * *", "every night at 02:15", "at 2:30"),
    ("0 3 * * *", "at 3 AM daily", "at 3 PM"),
    ("30 14 * * *", "at 2:30 pm", "at 2:30 am"),
    ("0 0 * * *", "at midnight", "at noon"),
    ("*/10 * * * *", "every ten minutes", "every 15 minutes"),
    ("5 * * * *", "hourly, five past", "daily"),
    ("0 */2 * * *", "every 2 hours", "every hour"),
    ("30 4 * * 1", "Mondays at 04:30", "at 04:30"),
    ("0 9 * * 1-5", "weekdays at 09:00", "every day at 09:00"),
    ("0 6 1 * *", "on the first of the month at 06:00", "monthly at 06:00"),
    ("0 6 1 7 *", "on 1 July at 06:00", "on 1 June at 06:00"),
    ("@weekly", "weekly", "daily"),
])
def test_what_a_description_must_say(schedule: str, said: str, unsaid: str) -> None:
    patterns = cron.said(schedule)
    assert all(re.search(p, said, re.I) for p in patterns)
    assert not all(re.search(p, unsaid, re.I) for p in patterns)
