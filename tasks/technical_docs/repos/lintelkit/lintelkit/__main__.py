"""Run the command line with `python -m lintelkit`."""

import sys

from lintelkit.cli import main

sys.exit(main())
