"""A stand-in command-line coding agent (no model): reads its surfaces and answers one prompt."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--system-file", type=Path, required=True)
    parser.add_argument("--tools-file", type=Path, required=True)
    parser.add_argument("--skills-dir", type=Path, required=True)
    parser.add_argument("--prompt", required=True)
    args = parser.parse_args()
    texts = [args.system_file.read_text(encoding="utf-8"), args.prompt]
    texts += [t["description"] for t in json.loads(args.tools_file.read_text(encoding="utf-8"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted(args.skills_dir.glob("*/SKILL.md"))]
    project = Path("AGENTS.md")
    if project.is_file():
        texts.append(project.read_text(encoding="utf-8"))
    reply = f"I read {len(texts)} instruction sources and would now work on: {args.prompt.splitlines()[0]}"
    if any("DONE" in t for t in texts):
        reply += " DONE"
    print(reply)


if __name__ == "__main__":
    main()
