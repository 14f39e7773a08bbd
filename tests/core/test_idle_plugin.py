"""The plugin loads into every pytest process of an environment: idle (no `--harness-model`) it imports nothing
heavy, and the option table it registers from is the one the settings models generate."""

from __future__ import annotations

import subprocess
import sys

from pytest_harnessif import optiontable
from pytest_harnessif.session import option_table


def test_the_option_table_is_current() -> None:
    assert option_table() == optiontable.GROUPS, (
        "pytest_harnessif/optiontable.py is stale: run "
        "`python -c 'from pytest_harnessif.session import write_option_table; write_option_table()'`"
    )


def test_an_idle_pytest_process_imports_nothing_heavy(tmp_path) -> None:
    probe = (
        "import sys, pytest\n"
        "rc = pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider'])\n"
        "heavy = [m for m in ('pydantic', 'libcst', 'pandas', 'yaml', 'pytest_harnessif.session',"
        " 'pytest_harnessif.schema') if m in sys.modules]\n"
        "print('HEAVY', heavy, 'PLUGIN', 'pytest_harnessif.plugin' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True).stdout
    assert "HEAVY [] PLUGIN True" in out, out[-2000:]
