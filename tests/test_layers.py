"""Imports in `pytest_harnessif/` point down the layers of docs/architecture.md, and nothing imports in a loop.

Every import counts: module level, inside functions, under `TYPE_CHECKING`. A module imports its own layer or
a lower one; a new module must be given a layer here (the test names it)."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "pytest_harnessif"

# lowest first; an entry names a module or a package (all of its modules)
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "base",
        (
            "schema", "rulemeta", "script", "digest", "files", "credentials", "authoring", "options", "priorfile",
            "bundle", "optiontable", "swe", "slots",
        ),
    ),
    ("trajectory and placement", ("trajectory", "entries", "stack", "placement", "conflict")),
    ("sandbox and agents", ("sandbox", "agents")),
    ("library and evidence", ("library", "evidence", "flowdata", "turnfit", "audit")),
    ("checks and judge", ("checks", "llm_judge")),
    ("runner and store", ("runner", "store", "verdictcache", "session", "preflight", "harness", "auditharness",
                          "testing", "fixtureways")),
    ("metrics", ("metrics", "taskflow")),
    ("report", ("report",)),
    (
        "plugin and cli",
        ("", "plugin", "harnesses", "verdicts", "e0items", "flowitems", "xdist_scheduling", "hookspecs", "cli",
         "commands"),
    ),
]
NO_PYTEST = ("metrics", "taskflow")


def _modules() -> dict[str, Path]:
    """Dotted names relative to the package ('' is the package itself) -> file."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _layer(module: str) -> int | None:
    for rank, (_, names) in enumerate(LAYERS):
        for name in names:
            if module == name or (name and module.startswith(f"{name}.")):
                return rank
    return None


def _imports(module: str, path: Path) -> set[str]:
    """The package's modules that `module` imports (the closest existing module of each dotted name)."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                prefix = ".".join(["pytest_harnessif", *base, *([node.module] if node.module else [])])
            else:
                prefix = node.module or ""
            names = [prefix, *(f"{prefix}.{a.name}" for a in node.names)]
        else:
            continue
        for name in names:
            if name != "pytest_harnessif" and not name.startswith("pytest_harnessif."):
                continue
            rel = name.removeprefix("pytest_harnessif").lstrip(".")
            while rel and rel not in MODULES:
                rel = rel.rpartition(".")[0]
            if rel != module and not (rel and module.startswith(f"{rel}.") and MODULES[rel].name == "__init__.py"):
                found.add(rel)
    return found


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def test_every_module_has_a_layer() -> None:
    assert not [m for m in MODULES if _layer(m) is None], "give these modules a layer in LAYERS"


def test_imports_point_down_the_layers() -> None:
    upward = [
        f"{m or 'pytest_harnessif'} ({LAYERS[_layer(m) or 0][0]}) imports {t} ({LAYERS[_layer(t) or 0][0]})"
        for m, targets in GRAPH.items()
        for t in sorted(targets)
        if (_layer(t) or 0) > (_layer(m) or 0)
    ]
    assert not upward, "\n".join(upward)


def test_no_import_loop() -> None:
    try:
        graphlib.TopologicalSorter(GRAPH).prepare()
    except graphlib.CycleError as exc:
        pytest.fail(f"import loop: {' -> '.join(exc.args[1])}")


@pytest.mark.parametrize("package", NO_PYTEST)
def test_pure_packages_never_import_pytest(package: str) -> None:
    offenders = [
        m
        for m, p in MODULES.items()
        if m.startswith(f"{package}.") or m == package
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.Import | ast.ImportFrom)
        and any(n.split(".")[0] in ("pytest", "_pytest", "xdist") for n in _names(node))
    ]
    assert not offenders, f"{package}/ must not import pytest: {sorted(set(offenders))}"


def _names(node: ast.Import | ast.ImportFrom) -> list[str]:
    return [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]


def test_the_plugin_is_wiring() -> None:
    lines = len((PACKAGE / "plugin.py").read_text(encoding="utf-8").splitlines())
    assert lines <= 250, f"plugin.py has {lines} lines: move logic into the layer it belongs to"
