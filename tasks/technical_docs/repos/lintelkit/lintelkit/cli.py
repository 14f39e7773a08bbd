"""The `lintelkit` command: build the site, check its links, run its examples."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lintelkit import __version__
from lintelkit.examples import run_all
from lintelkit.links import check
from lintelkit.site import build


def parser() -> argparse.ArgumentParser:
    """The command line's parser, one subcommand per job."""
    top = argparse.ArgumentParser(prog="lintelkit", description="Build and check a Markdown documentation site.")
    top.add_argument("--version", action="version", version=f"lintelkit {__version__}")
    sub = top.add_subparsers(dest="command", required=True)
    build_cmd = sub.add_parser("build", help="render the pages to HTML")
    build_cmd.add_argument("src", type=Path, nargs="?", default=Path("docs"))
    build_cmd.add_argument("--out", type=Path, default=Path("site"), help="output folder (default: site)")
    build_cmd.add_argument("--site-name", default="Documentation", help="shown in every page title")
    links_cmd = sub.add_parser("links", help="report relative links to missing files")
    links_cmd.add_argument("src", type=Path, nargs="?", default=Path("docs"))
    examples_cmd = sub.add_parser("examples", help="run the Python examples of Markdown files")
    examples_cmd.add_argument("paths", type=Path, nargs="+")
    return top


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; the exit code is 1 when it found a problem."""
    args = parser().parse_args(argv)
    if args.command == "build":
        written = build(args.src, args.out, args.site_name)
        print(f"built {len(written) - 1} pages into {args.out}")
        return 0
    if args.command == "links":
        broken = check(args.src)
        for link in broken:
            print(link)
        print(f"{len(broken)} broken links" if broken else "all links resolve")
        return 1 if broken else 0
    pages = [p for path in args.paths for p in (sorted(path.rglob("*.md")) if path.is_dir() else [path])]
    count, failures = run_all(pages)
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{count} examples, {len(failures)} failed")
    return 1 if failures else 0
