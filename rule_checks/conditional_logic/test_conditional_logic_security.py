"""Conditional-logic rules for security (CL-140): obligations a run takes on when its code handles a caller's
path."""

from __future__ import annotations

import libcst as cst

from pytest_harnessif import Run, na, rule
from pytest_harnessif.checks.pysource import changed_functions, changed_sources
from pytest_harnessif.checks.security import checks_containment, functions_by_name, joined_parameters

PYTHON = ("python",)


@rule("CL-140", languages=PYTHON, family="conditional_logic", modality="conditional_require", prior="against",
      method="ast", observability="structural", universality="cross-coding", fit="SP:high PF:high UI:medium SD:high",
      source="curated: path traversal (resolve a caller's path and check it stays under its root)",
      opportunity="a changed function joins a parameter onto a path",
      surfaces={
          "SP": "When a function you write or change builds a path from a value its caller passes in (`root / name`, "
                "`os.path.join(root, name)`, `Path(root, name)`, `root.joinpath(name)`), it must resolve the result "
                "(`.resolve()` or `os.path.realpath`) and check that it is still under the root "
                "(`is_relative_to`, `relative_to`, `os.path.commonpath`, `startswith`, or `root in p.parents`) "
                "before using it - itself or through a helper in the same module - or use `safe_join` / "
                "`secure_filename`.",
          "PF": "## Paths from callers\nAny function joining a parameter onto a base directory resolves the joined "
                "path (`.resolve()` / `os.path.realpath`) and verifies it stays inside the base "
                "(`is_relative_to`, `relative_to`, `commonpath`, `startswith`, `in base.parents`), directly or via a "
                "helper of the same module; `safe_join`/`secure_filename` also do.",
          "UI": "Anywhere a function glues a passed-in name onto a directory, resolve the path and check it's still "
                "inside that directory (is_relative_to or similar) - I don't want ../ tricks getting out.",
          "SD": {"skill": "secure-coding",
                 "text": "Path traversal: a path built from a parameter (`root / name`, `os.path.join`, `Path(root, "
                         "name)`, `joinpath`) is resolved (`.resolve()`/`realpath`) and checked to lie under its "
                         "root (`is_relative_to`, `relative_to`, `commonpath`, `startswith`, `parents`) in the same "
                         "function or a helper of the module it calls."},
      })
def test_joined_paths_checked_under_root(run: Run) -> None:
    """If a function the run added or changed in non-test Python code joins one of its parameters onto a path
    (`root / name`, `os.path.join(root, name)`, `Path(root, name)`, `root.joinpath(name)`; `self`/`cls` aside), it
    resolves a path (`.resolve()`, `os.path.realpath`) and checks containment (`is_relative_to`, `relative_to`,
    `commonpath`, `startswith`, `in root.parents`), itself or through a function of the same module it calls, or
    calls `safe_join` / `secure_filename`."""
    sources = changed_sources(run, "**/*.py", tests=False) or na("no non-test Python file changed")
    joining = [(src, d) for src, d in changed_functions(run, sources)
               if isinstance(d.node, cst.FunctionDef) and joined_parameters(d.node)]
    joining = joining or na("no changed function joins a parameter onto a path")
    unchecked = [f"{src.where(d.node)} {d.qualname}" for src, d in joining
                 if isinstance(d.node, cst.FunctionDef)
                 and not checks_containment(d.node, functions_by_name(src.module))]
    assert not unchecked, f"paths joined from a parameter without a resolve-and-contain check in {unchecked}"
