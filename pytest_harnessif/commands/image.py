"""`harnessif image build`: the sandbox images, per scenario from `tasks/<scenario>/Dockerfile`, or offline."""

from __future__ import annotations

import argparse
import sys

from ..bundle import TASKS, default_dir
from ..sandbox.base import SandboxError
from ..sandbox.engine import engine
from ..sandbox.images import build_scenario_image, offline_image

OFFLINE_HINT = "no registry reachable? `harnessif image build --offline` makes an image every scenario can use"


def build_cmd(args: argparse.Namespace) -> int:
    try:
        client = engine()
    except SandboxError as exc:
        print(f"harnessif image build: {exc}", file=sys.stderr)
        return 2
    if args.offline:
        try:
            ref = offline_image(client)
        except SandboxError as exc:
            print(f"harnessif image build: {exc}", file=sys.stderr)
            return 1
        print(f"{ref.name} {ref.id} (mounts read-only: {', '.join(ref.mounts)})")
        return 0
    tasks = default_dir(args.tasks, TASKS)
    dockerfiles = sorted(tasks.glob("*/Dockerfile"))
    if args.scenario:
        dockerfiles = [d for d in dockerfiles if d.parent.name in args.scenario]
        missing = sorted(set(args.scenario) - {d.parent.name for d in dockerfiles})
        if missing:
            print(f"harnessif image build: no Dockerfile for {', '.join(missing)} under {tasks}", file=sys.stderr)
            return 2
    if not dockerfiles:
        print(f"harnessif image build: no <scenario>/Dockerfile under {tasks}", file=sys.stderr)
        return 2
    failed = 0
    for dockerfile in dockerfiles:
        try:
            ref = build_scenario_image(client, dockerfile)
        except SandboxError as exc:
            print(f"harnessif image build: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"{ref.name} {ref.id}")
    if failed:
        print(f"harnessif image build: {failed} of {len(dockerfiles)} image(s) failed; {OFFLINE_HINT}", file=sys.stderr)
    return 1 if failed else 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("image", help="build docker sandbox images")
    actions = parser.add_subparsers(dest="action", required=True)
    build = actions.add_parser(
        "build",
        help="build harnessif/<scenario>:latest from each tasks/<scenario>/Dockerfile (needs a registry), "
        "or with --offline the registry-free image that mounts the host's /usr and interpreter read-only",
    )
    build.add_argument("scenario", nargs="*", help="scenarios to build (default: every one with a Dockerfile)")
    build.add_argument("--tasks", help="the tasks directory (default: tasks/ here, else the bundled panel)")
    build.add_argument("--offline", action="store_true", help="import the offline image instead (no registry)")
    build.set_defaults(func=build_cmd)
