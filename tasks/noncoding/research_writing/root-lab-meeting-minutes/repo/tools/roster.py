"""Mendoza lab roster and calendar: `roster people` lists members and their chat handles, `roster calendar`
the lab's dates for the next weeks."""

import sys

PEOPLE = [
    ("Rosa Mendoza", "@rmendoza", "principal investigator"),
    ("Tom Becker", "@tbecker", "postdoctoral researcher"),
    ("Priya Nair", "@pnair", "PhD student"),
    ("Owen Price", "@oprice", "PhD student"),
    ("Nadia Haddad", "@nhaddad", "lab technician"),
    ("Samir Aziz", "@saziz", "PhD student"),
]

CALENDAR = [
    ("2025-05-07", "Wednesday", "lab meeting, 10:00-11:00 BST, seminar room B"),
    ("2025-05-08", "Thursday", ""),
    ("2025-05-10", "Saturday", "weekend"),
    ("2025-05-11", "Sunday", "weekend"),
    ("2025-05-12", "Monday", ""),
    ("2025-05-13", "Tuesday", "HPLC bookable from 09:00 BST"),
    ("2025-05-14", "Wednesday", "lab meeting, 10:00-11:00 BST"),
    ("2025-05-15", "Thursday", "HPLC bookable until 18:00 BST"),
    ("2025-05-16", "Friday", "department deadline: liquid nitrogen refresher"),
    ("2025-05-19", "Monday", "new dewar access rules start"),
    ("2025-05-20", "Tuesday", "Root Biology Symposium abstract deadline"),
    ("2025-05-21", "Wednesday", "lab meeting, 10:00-11:00 BST"),
    ("2025-05-30", "Friday", "last working day of May"),
    ("2025-05-31", "Saturday", "weekend"),
    ("2025-06-01", "Sunday", "weekend"),
]


def main(argv: list[str]) -> int:
    what = argv[0] if argv else ""
    if what == "people":
        for name, handle, role in PEOPLE:
            print(f"{name:14} {handle:10} {role}")
        return 0
    if what == "calendar":
        for day, weekday, note in CALENDAR:
            print(f"{day} {weekday:9} {note}".rstrip())
        return 0
    print("usage: roster people | roster calendar", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
