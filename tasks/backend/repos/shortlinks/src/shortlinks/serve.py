"""Run the service: `python -m shortlinks.serve --links links.jsonl --tokens tokens.json`."""

from __future__ import annotations

import argparse
import logging
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIServer, make_server

from .app import ShortlinksApp
from .auth import DEFAULT_TOKENS_FILE, TokenStore
from .store import LinkStore

log = logging.getLogger(__name__)


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    """wsgiref's server with one thread per request."""

    daemon_threads = True


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m shortlinks.serve")
    parser.add_argument("--links", default="links.jsonl", help="the links file (JSON Lines)")
    parser.add_argument("--tokens", default=DEFAULT_TOKENS_FILE, help="the API tokens file")
    parser.add_argument("--base-url", default="http://localhost:8080", help="prefix of short URLs")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    app = ShortlinksApp(LinkStore(args.links), TokenStore(args.tokens), args.base_url)
    with make_server(args.host, args.port, app, server_class=ThreadingWSGIServer) as server:
        log.info("serving on http://%s:%d", args.host, args.port)
        server.serve_forever()


if __name__ == "__main__":
    main()
