"""Run dropshelf: `python -m dropshelf.serve CONFIG` (wsgiref), or under waitress via main()."""

from __future__ import annotations

import argparse
import logging
import sqlite3
from pathlib import Path
from wsgiref.simple_server import make_server

from dropshelf.app import ShelfApp
from dropshelf.config import load_settings
from dropshelf.storage import Storage

DEFAULT_CONFIG = Path("/etc/dropshelf/dropshelf.ini")


def build_app(config: Path = DEFAULT_CONFIG) -> ShelfApp:
    """The application configured from the INI file `config`."""
    settings = load_settings(config)
    conn = sqlite3.connect(settings.database, check_same_thread=False)
    return ShelfApp(conn, Storage(settings.storage_root), settings.secret_key)


def main() -> ShelfApp:
    """The app for `waitress-serve --call dropshelf.serve:main`."""
    logging.basicConfig(level=logging.INFO)
    return build_app()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("config", type=Path, nargs="?", default=DEFAULT_CONFIG)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    settings = load_settings(args.config)
    with make_server(settings.host, settings.port, build_app(args.config)) as server:
        server.serve_forever()
