"""Run the Python examples of the docs: every ```python block of a page runs, in order, in one namespace."""

from __future__ import annotations

import contextlib
import io
import re
import traceback
from dataclasses import dataclass
from pathlib import Path

BLOCK = re.compile(r"^```(python|py)\s*\n(.*?)^```\s*$", re.M | re.S)
SKIP = "<!-- lintelkit: skip -->"


@dataclass(frozen=True)
class Example:
    """One fenced Python block: the page, the line of its opening fence, its code."""

    page: Path
    line: int
    code: str


@dataclass(frozen=True)
class Failure:
    """An example that raised: where it is and the last line of its traceback."""

    example: Example
    error: str

    def __str__(self) -> str:
        return f"{self.example.page.as_posix()}:{self.example.line}: {self.error}"


def extract(page: Path, text: str) -> list[Example]:
    """The Python examples of a page, except a block right after a skip marker."""
    found = []
    for match in BLOCK.finditer(text):
        before = text[: match.start()].rstrip().splitlines()
        if before and before[-1].strip() == SKIP:
            continue
        found.append(Example(page, text.count("\n", 0, match.start()) + 1, match.group(2)))
    return found


def run_page(examples: list[Example]) -> list[Failure]:
    """Run one page's examples in order, sharing their names; stop the page at its first failure."""
    namespace: dict[str, object] = {"__name__": "__lintelkit_example__"}
    for example in examples:
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(example.code, f"{example.page}:{example.line}", "exec"), namespace)
        except Exception:  # noqa: BLE001 - any error of an example is a finding
            last = traceback.format_exc().strip().splitlines()[-1]
            return [Failure(example, last)]
    return []


def run_all(paths: list[Path]) -> tuple[int, list[Failure]]:
    """Run the examples of every page: how many ran, and the failures."""
    count, failures = 0, []
    for page in paths:
        examples = extract(page, page.read_text(encoding="utf-8"))
        count += len(examples)
        failures += run_page(examples)
    return count, failures
