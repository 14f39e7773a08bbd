"""Count the characters of each post in posts.md against the channel limits in channels.md.

Usage: python tools/postlen.py [posts.md]
A post is the text under a `## <Channel>` heading (up to the next heading); a link counts as 23 characters on X.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMITS = {"linkedin": 1300, "x": 280, "instagram": 2200}
HASHTAG_CAP = {"instagram": 5}
URL = re.compile(r"https?://\S+")


def posts(text: str) -> list[tuple[str, str]]:
    out, title, body = [], None, []
    for line in text.splitlines():
        m = re.match(r"^##\s+(.+?)\s*$", line)
        if m or line.startswith("# "):
            if title is not None:
                out.append((title, "\n".join(body).strip()))
            title, body = (m.group(1) if m else None), []
        elif title is not None:
            body.append(line)
    if title is not None:
        out.append((title, "\n".join(body).strip()))
    return out


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "posts.md"
    if not path.is_file():
        print(f"no such file: {path}")
        return 2
    status = 0
    found = posts(path.read_text(encoding="utf-8"))
    if not found:
        print(f"{path.name}: no `## <Channel>` sections found")
        return 1
    for title, body in found:
        channel = title.split()[0].lower()
        limit = LIMITS.get(channel)
        count = len(URL.sub("x" * 23, body)) if channel == "x" else len(body)
        tags = len(re.findall(r"(?<!\w)#\w+", body))
        if limit is None:
            print(f"{title}: {count} characters (unknown channel, no limit checked)")
            continue
        verdict = "ok" if count <= limit else f"OVER by {count - limit}"
        extra = ""
        if channel in HASHTAG_CAP:
            cap = HASHTAG_CAP[channel]
            extra = f", {tags} hashtags (max {cap})"
            if tags > cap:
                verdict = "TOO MANY HASHTAGS" if verdict == "ok" else verdict + ", TOO MANY HASHTAGS"
        print(f"{title}: {count}/{limit} characters{extra}: {verdict}")
        if verdict != "ok":
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
