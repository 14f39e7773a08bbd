"""Cron schedules: the entries of a crontab (`crontab`, `*.cron`, `*.crontab`, `cron.d/`), the `cron:` schedules of
a GitHub workflow, and what a plain-words description of a schedule has to say (its time of day, its step, its
weekday, day of month and month, or the word a `@daily`-style macro stands for)."""

from __future__ import annotations

import re
from dataclasses import dataclass

MACROS = ("reboot", "yearly", "annually", "monthly", "weekly", "daily", "midnight", "hourly")
ENTRY = re.compile(r"^\s*(?P<schedule>@(?:" + "|".join(MACROS) + r")|[\d*][\d*/,-]*(?:\s+[\w*/,?#-]+){4})"
                   r"\s+(?P<command>\S.*)$")
WORKFLOW_CRON = re.compile(r"""^\s*-?\s*cron:\s*["']?(?P<schedule>[^"'#]+?)["']?\s*(?:#.*)?$""")
DAYS = ("sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
           "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "", "", "",
           "", "", "", "", "", "", "thirty")
ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
SAID = {
    "reboot": r"\b(?:re)?boot|\bstart-?up\b",
    "yearly": r"\b(?:yearly|annually|every year|once a year)\b",
    "annually": r"\b(?:yearly|annually|every year|once a year)\b",
    "monthly": r"\b(?:monthly|every month|each month|once a month)\b",
    "weekly": r"\b(?:weekly|every week|each week|once a week|sundays?)\b",
    "daily": r"\b(?:daily|every day|each day|once a day|every night|nightly|midnight)\b",
    "midnight": r"\b(?:daily|every day|each day|every night|nightly|midnight)\b",
    "hourly": r"\b(?:hourly|every hour|each hour|once an hour)\b",
}


@dataclass(frozen=True)
class Schedule:
    """A schedule as written (`15 2 * * 1`, `@daily`) and the 1-based line it sits on."""

    text: str
    line: int


def is_crontab(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return (name in ("crontab", "crontab.txt") or name.endswith((".cron", ".crontab"))
            or bool(re.search(r"(?:^|/)(?:cron\.d|crontabs)/", path)))


def is_workflow(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return path.startswith(".github/workflows/") and name.endswith((".yml", ".yaml"))


def schedules(path: str, text: str) -> list[Schedule]:
    """The schedules of a crontab's entries or of a workflow's `cron:` keys (none in any other file)."""
    pattern = ENTRY if is_crontab(path) else WORKFLOW_CRON if is_workflow(path) else None
    if pattern is None:
        return []
    return [Schedule(hit["schedule"].strip(), i) for i, line in enumerate(text.splitlines(), 1)
            if (hit := pattern.match(line))]


def _number(n: int) -> str:
    """`10` or `ten`, as a pattern."""
    word = NUMBERS[n] if n < len(NUMBERS) else ""
    return rf"(?:{n}|{word})" if word else str(n)


def _clock(hour: int, minute: int) -> str:
    """02:15, 2:15, 2.15, 2:15 am, 2am (on the hour), 14:30, 2:30 pm, midnight, noon."""
    half = "a" if hour < 12 else "p"
    twelve = hour % 12 or 12
    forms = [rf"\b0?{hour}[:.h]{minute:02d}\b", rf"\b{twelve}[:.]{minute:02d}\s*{half}\.?m\b"]
    if minute == 0:
        forms.append(rf"\b{twelve}\s*{half}\.?m\b")
        forms += [r"\bmidnight\b"] if hour == 0 else [r"\bnoon\b", r"\bmidday\b"] if hour == 12 else []
    return "|".join(forms)


def _weekday(field: str) -> str | None:
    if field.isdigit():
        day = DAYS[int(field) % 7]
        return rf"\b{day[:3]}(?:{day[3:]})?s?\b"
    if field.lower()[:3] in {d[:3] for d in DAYS}:
        day = next(d for d in DAYS if d.startswith(field.lower()[:3]))
        return rf"\b{day[:3]}(?:{day[3:]})?s?\b"
    if field in ("1-5", "mon-fri", "MON-FRI"):
        return r"\bweekdays?\b|\bmon(?:day)?\s*(?:-|to|through|–)\s*fri(?:day)?\b|\bworking days?\b|\bbusiness days?\b"
    return None


def said(schedule: str) -> list[str]:
    """What a plain-words description of `schedule` must say, one case-insensitive pattern per part: the time of
    day (or `every N minutes/hours`, `hourly`), the weekday, the day of the month and the month, where the field is
    a single value or a step (lists and ranges ask nothing but a weekday range `1-5`)."""
    if schedule.startswith("@"):
        return [SAID[schedule[1:]]]
    minute, hour, dom, month, dow = schedule.split()[:5]
    out = []
    if minute.isdigit() and hour.isdigit():
        out.append(_clock(int(hour), int(minute)))
    elif minute.startswith("*/") and minute[2:].isdigit() and hour == "*":
        out.append(rf"\bevery {_number(int(minute[2:]))} min(?:ute)?s?\b")
    elif minute.isdigit() and hour == "*":
        out.append(r"\b(?:hourly|every hour|each hour)\b")
    elif hour.startswith("*/") and hour[2:].isdigit():
        out.append(rf"\bevery {_number(int(hour[2:]))} hours?\b")
    if dom.isdigit():
        ordinal = ORDINALS[int(dom)] if int(dom) < len(ORDINALS) else ""
        out.append(rf"\b{int(dom)}(?:st|nd|rd|th)?\b" + (rf"|\b{ordinal}\b" if ordinal else ""))
    if month.isdigit() and 1 <= int(month) <= 12:
        name = MONTHS[int(month) - 1]
        out.append(rf"\b{name[:3]}(?:{name[3:]})?\b")
    if dow != "*" and (day := _weekday(dow)):
        out.append(day)
    return out
