"""Development server: `python -m ledger.serve --db ledger.db --port 8080`."""

from __future__ import annotations

import argparse
import logging
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIServer, make_server

from .api import LedgerApp
from .db import open_database
from .journal import Ledger

log = logging.getLogger(__name__)

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    """wsgiref's server, one thread per request."""

    daemon_threads = True


def main(argv: list[str] | None = None) -> None:
    """Parse the command line, migrate the database and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m ledger.serve", description=__doc__)
    parser.add_argument("--db", default="ledger.db", help="SQLite file, created if missing")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    app = LedgerApp(Ledger(open_database(args.db)))
    with make_server(args.host, args.port, app, server_class=ThreadingWSGIServer) as server:
        log.info("serving %s on http://%s:%d", args.db, args.host, args.port)
        server.serve_forever()


if __name__ == "__main__":
    main()
