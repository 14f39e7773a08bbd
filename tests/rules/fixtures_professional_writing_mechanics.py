"""Pass/fail/n-a fixtures for the professional-writing rules on the mechanics of deliverables (PW-022...)."""

from __future__ import annotations

from pytest_harnessif import Run
from pytest_harnessif.testing import make_run, turn

from .fixtures_professional_writing_structure import nothing, replied, written

INCIDENT = {
    "notes/incident.txt": (
        "Incident INC-7731 took checkout down on 2024-05-03. Follow-up ticket OPS-1234, customer issue #482.\n"
    ),
    "notes/interview.txt": (
        "Maria said the new rota gives the team two free weekends a month, which nobody expected.\n"
    ),
}


def from_material(text: str, user: str = "Write the incident summary from the notes.") -> Run:
    """A writing run that starts from the notes in INCIDENT and delivers `text` as summary.md."""
    return make_run(initial=INCIDENT, final={**INCIDENT, "summary.md": text},
                    turns=[turn(user, "Done: see summary.md.", intent="generate-docs")])


# --- PW-033 / PW-034 ---------------------------------------------------------------------------------------------

THREE_ACRONYMS = (
    "# Review\n\nThe service-level agreement (SLA), key performance indicator (KPI) and customer relationship "
    "management (CRM) data were checked for the EU.\n\n## Glossary\n\n- SLA: service-level agreement\n- KPI: key "
    "performance indicator\n- CRM: customer relationship management\n"
)
GLOSSARY_GAP = THREE_ACRONYMS.replace("- CRM: customer relationship management\n", "")
NO_GLOSSARY = THREE_ACRONYMS.split("\n\n## Glossary")[0] + "\n"
TWO_ACRONYMS = "# Review\n\nThe service-level agreement (SLA) and key performance indicator (KPI) were met.\n"

# --- PW-037 / PW-038 ---------------------------------------------------------------------------------------------

CITED = "Uptime rose [1] while costs fell [2].\n\n## References\n\n1. Ops report, 2024.\n2. Finance review, 2024.\n"
MISCITED = "Uptime rose [1] while costs fell [3].\n\n## References\n\n1. Ops report, 2024.\n2. Finance review, 2024.\n"


def sources(n: int) -> str:
    items = "".join(f"- [Report {i}](https://example.com/report-{i})\n" for i in range(n))
    return f"# Findings\n\nUptime rose in May.\n\n## Sources\n\n{items}"


FIXTURES = {
    "PW-022": {
        "pass": [lambda: written("# Plan\n\nThe launch is on 2024-06-03 and the review on 2024-06-10.\n")],
        "fail": [
            lambda: written("# Plan\n\nThe launch is on 2024-06-03 and the review on June 10, 2024.\n"),
            lambda: replied("The launch moves to 03/06/2024."),
        ],
        "na": [lambda: written("# Plan\n\nThe launch is in June.\n"), nothing],
    },
    "PW-023": {
        "pass": [lambda: replied("The call is at 15:00 UTC; the window runs 9:00-10:30 CET and ends at 3 pm EST.")],
        "fail": [lambda: replied("The call is at 15:00 UTC and the follow-up at 4 pm.")],
        "na": [lambda: replied("The call is on 2024-06-03."), nothing],
    },
    "PW-024": {
        "pass": [lambda: replied("The fix ships tomorrow (2024-05-04). The audit closed on 2024-04-30.")],
        "fail": [lambda: replied("The audit closed on 2024-04-30. The fix ships next week.")],
        "na": [lambda: replied("The fix shipped on 2024-05-04."), nothing],
    },
    "PW-025": {
        "pass": [lambda: replied("Three teams joined, and 10 people walked step 3 of the 5 km route on 2024-05-03."),
                 lambda: replied("Under the contract, Schedule 3 sets the fees. Readings from chamber 2 were lost.")],
        "fail": [lambda: replied("We closed 9 open tickets this sprint."),
                 lambda: replied("Under Schedule 3 the supplier has 2 weeks to respond.")],
        "na": [lambda: replied("The budget is approved."), nothing],
    },
    "PW-026": {
        "pass": [lambda: replied("The budget is USD 12,000 and the travel share 3,400 EUR.")],
        "fail": [lambda: replied("The budget is USD 12,000 and the travel share €3,400.")],
        "na": [lambda: replied("The budget is approved."), nothing],
    },
    "PW-027": {
        "pass": [lambda: replied("We need budget, staffing, and travel. In 2023, sales and profits rose.")],
        "fail": [lambda: replied("We need budget, staffing and travel.")],
        "na": [lambda: replied("We need budget and staffing."), nothing],
    },
    "PW-028": {
        "pass": [lambda: replied("We will organise the colour review at the centre.")],
        "fail": [lambda: replied("We organized the colour review at the centre.")],
        "na": [nothing],
    },
    "PW-029": {
        "pass": [lambda: replied('The team\'s plan says "ship it".')],
        "fail": [lambda: replied("The team’s plan says “ship it”.")],
        "na": [lambda: replied("Budget approved."), nothing],
    },
    "PW-030": {
        "pass": [lambda: replied("The plan (a draft) is ready: see pages 4–6. Run `make --quiet` first.")],
        "fail": [
            lambda: replied("The plan — a draft — is ready."),
            lambda: replied("The plan -- a draft -- is ready."),
        ],
        "na": [nothing],
    },
    "PW-031": {
        "pass": [lambda: written("# Update\n\nThanks for the fix. `a != b` holds.\n\n![Uptime chart](chart.png)\n")],
        "fail": [lambda: replied("Thanks for the quick fix!")],
        "na": [nothing],
    },
    "PW-032": {
        "pass": [lambda: replied("The service-level agreement (SLA) covers EMEA and APAC. Do not deploy on Fridays.")],
        "fail": [
            lambda: replied("Please DO NOT deploy on Fridays."),
            lambda: replied("This is IMPORTANT for the audit."),
        ],
        "na": [nothing],
    },
    "PW-033": {
        "pass": [lambda: written("# SLA review\n\nThe service-level agreement (SLA) covers uptime. The SLA is met. "
                                 "KPI (key performance indicator) figures cover the EU and EUR 4,000.\n")],
        "fail": [lambda: written("# Review\n\nThe SLA covers uptime. The service-level agreement (SLA) is met.\n")],
        "na": [lambda: written("# Review\n\nUptime was fine.\n"), nothing],
    },
    "PW-034": {
        "pass": [lambda: written(THREE_ACRONYMS)],
        "fail": [lambda: written(GLOSSARY_GAP), lambda: written(NO_GLOSSARY)],
        "na": [lambda: written(TWO_ACRONYMS), nothing],
    },
    "PW-035": {
        "pass": [lambda: replied("Read [the 2024 travel policy](https://intranet.example.com/travel).")],
        "fail": [
            lambda: replied("Read the policy [here](https://intranet.example.com/travel)."),
            lambda: replied("Read [https://intranet.example.com/travel](https://intranet.example.com/travel)."),
        ],
        "na": [lambda: replied("The policy is on the intranet."), nothing],
    },
    "PW-036": {
        "pass": [lambda: replied("Read [the travel policy](https://intranet.example.com/travel).")],
        "fail": [
            lambda: replied("Read the policy at https://intranet.example.com/travel."),
            lambda: replied("Read the policy: <https://intranet.example.com/travel>"),
        ],
        "na": [lambda: replied("The policy is at `https://intranet.example.com/travel`."), nothing],
    },
    "PW-037": {
        "pass": [lambda: written(CITED)],
        "fail": [lambda: written(MISCITED), lambda: written("Uptime rose [1].\n")],
        "na": [lambda: written("# Findings\n\nUptime rose.\n"), nothing],
    },
    "PW-038": {
        "pass": [lambda: written(sources(3))],
        "fail": [lambda: written(sources(2)), lambda: written("# Findings\n\nUptime rose in May.\n")],
        "na": [nothing],
    },
    "PW-039": {
        "pass": [lambda: from_material("Incident INC-7731 (ticket OPS-1234, issue #482) is closed. The COVID-19 "
                                       "rota applies; the vendor case is TODO.")],
        "fail": [lambda: from_material("Incident INC-7731 is closed; the follow-up is OPS-1235.")],
        "na": [lambda: from_material("The checkout incident is closed."), nothing],
    },
    "PW-040": {
        "pass": [lambda: from_material('Maria said "the new rota gives the team two free weekends a month", '
                                       'which "nobody expected".')],
        "fail": [lambda: from_material('Maria said "the rota gives two weekends" to everyone.')],
        "na": [lambda: from_material('Maria liked the rota, which "nobody expected".'), nothing],
    },
    "PW-041": {
        "pass": [lambda: replied("Costs are below budget and above last year. See the Risks section.")],
        "fail": [lambda: replied("As shown above, costs fell."), lambda: replied("The table below lists the costs.")],
        "na": [nothing],
    },
}
