"""kilnworks' house rules beyond ruff and shellcheck; prints `path:line: problem`, exits 1 on any.

- scripts/*.sh start with `#!/usr/bin/env bash` and turn on strict mode before their first command;
- scripts/*.py have a module docstring saying how they are run, and a `__main__` guard;
- CHANGELOG.md opens with the `## Unreleased` section;
- schedules/*.txt are named `<kind>-<cone>.txt` (bisque-04.txt, glaze-cone6.txt).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

STRICT = re.compile(r"^set -euo pipefail$")
SCHEDULE_NAME = re.compile(r"^[a-z]+(?:-[a-z]+)*-(?:cone)?\d+[a-z]?\.txt$")


def shell_script(path: Path) -> list[str]:
    """Problems of one scripts/*.sh file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    problems = []
    if not lines or lines[0] != "#!/usr/bin/env bash":
        problems.append(f"{path}:1: first line must be #!/usr/bin/env bash")
    for number, line in enumerate(lines[1:], 2):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not STRICT.match(stripped):
            problems.append(f"{path}:{number}: strict mode (set -euo pipefail) must come first")
        break
    return problems


def python_script(path: Path) -> list[str]:
    """Problems of one scripts/*.py file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    problems = []
    if ast.get_docstring(tree) is None:
        problems.append(f"{path}:1: no module docstring saying how the script is run")
    if "__main__" not in ast.unparse(tree):
        problems.append(f'{path}:1: no `if __name__ == "__main__":` guard')
    return problems


def changelog(path: Path) -> list[str]:
    """The changelog's first section must be Unreleased."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## "):
            ok = line.strip() == "## Unreleased"
            return [] if ok else [f"{path}:{number}: the first section must be ## Unreleased"]
    return [f"{path}:1: no ## Unreleased section"]


def main(root: Path = Path(".")) -> int:
    """Lint the repository at `root`."""
    problems: list[str] = []
    for path in sorted((root / "scripts").glob("*.sh")):
        problems += shell_script(path)
    for path in sorted((root / "scripts").glob("*.py")):
        problems += python_script(path)
    problems += changelog(root / "CHANGELOG.md")
    for path in sorted((root / "schedules").glob("*")):
        if not SCHEDULE_NAME.match(path.name):
            problems.append(f"{path}:1: schedule files are named <kind>-<cone>.txt")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
