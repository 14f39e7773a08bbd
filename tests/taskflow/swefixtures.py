"""The four local issue instances under `swe/` as SWE-bench data: each `base/` committed into a real git clone (fixed
identity and dates, so the base commit is the same on every machine), the instances written in SWE-bench's own
format (test lists as JSON-encoded strings, as SWE-bench stores them) and the augmentations as one file each."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import yaml

SWE = Path(__file__).parent / "swe"
NAMES = tuple(sorted(p.name for p in SWE.iterdir() if (p / "instance.yaml").is_file()))
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Fixture Maintainer", "GIT_AUTHOR_EMAIL": "maintainer@example.invalid",
    "GIT_COMMITTER_NAME": "Fixture Maintainer", "GIT_COMMITTER_EMAIL": "maintainer@example.invalid",
    "GIT_AUTHOR_DATE": "2026-03-02T10:00:00+00:00", "GIT_COMMITTER_DATE": "2026-03-02T10:00:00+00:00",
    "GIT_CONFIG_NOSYSTEM": "1",
}  # fmt: skip


@dataclass(frozen=True)
class Inputs:
    instances: Path
    repos: Path
    augment: Path
    ids: dict[str, str]  # fixture name -> instance id


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV, "HOME": str(cwd)}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def clone(name: str, dest: Path) -> str:
    """`swe/<name>/base` as a git repository at `dest` with one more commit on top of the base (so the base is not
    HEAD); returns the base commit."""
    shutil.copytree(SWE / name / "base", dest, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    git(dest, "init", "-q", "-b", "main")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "Release the version the issue was filed against")
    base = git(dest, "rev-parse", "HEAD").strip()
    (dest / "CHANGELOG.next").write_text("unreleased work after the base commit\n")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "Start the next release")
    return base


def write_inputs(root: Path, names: tuple[str, ...] = NAMES) -> Inputs:
    """Clones under `root/repos/OWNER__NAME`, `root/instances.json` (a JSON list) and `root/augment/<id>.yaml`."""
    records, ids = [], {}
    (root / "augment").mkdir(parents=True, exist_ok=True)
    for name in names:
        fields = yaml.safe_load((SWE / name / "instance.yaml").read_text())
        base = clone(name, root / "repos" / fields["repo"].replace("/", "__"))
        records.append({
            **fields,
            "base_commit": base,
            "patch": (SWE / name / "gold.patch").read_text(),
            "test_patch": (SWE / name / "test.patch").read_text(),
            "FAIL_TO_PASS": json.dumps(fields["FAIL_TO_PASS"]),
            "PASS_TO_PASS": json.dumps(fields["PASS_TO_PASS"]),
            "created_at": "2026-03-01T09:00:00Z",
        })  # fmt: skip
        ids[name] = fields["instance_id"]
        if (SWE / name / "augment.yaml").is_file():
            shutil.copy(SWE / name / "augment.yaml", root / "augment" / f"{fields['instance_id']}.yaml")
    (root / "instances.json").write_text(json.dumps(records, indent=1))
    return Inputs(root / "instances.json", root / "repos", root / "augment", ids)
