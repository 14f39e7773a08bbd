"""Ships the bundled rule library, task panel, judge calibration set, E0 conflict task and SWE-TaskFlow check inside
the wheel: `build_py` copies `rule_checks/`, `tasks/`, `calibration/`, `e0/` and `swe_taskflow/` into
`pytest_harnessif/bundled/` (an editable install reads them from the checkout instead; see
pytest_harnessif/bundle.py). Everything else is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("rule_checks", "tasks", "calibration", "e0", "swe_taskflow")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "node_modules", "*.o", ".harnessif", "reports")


class BuildWithBundle(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "pytest_harnessif" / "bundled"
        shutil.rmtree(target, ignore_errors=True)  # nothing left over from an earlier build
        for name in BUNDLED:
            shutil.copytree(name, target / name, ignore=SKIP)
        doc = '"""The bundled rule library, task panel, calibration, E0 task and SWE-TaskFlow check."""\n'
        (target / "__init__.py").write_text(doc)


setup(cmdclass={"build_py": BuildWithBundle})
