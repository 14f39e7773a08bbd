"""Issue instances from SWE-bench and SWE-Bench Pro files (a JSON list, one JSON object, or JSONL), and each
instance's repository written out at its base commit from a local clone (no network: the user provides clones)."""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
from pathlib import Path

from pydantic import ValidationError

from ..files import jsonl_objects
from ..schema import field_errors
from ..swe import Instance


class InstanceError(ValueError):
    """An instance file or clone that cannot be used; the message names the file, line or instance and field."""


def _records(path: Path) -> list[tuple[str, object]]:
    """(where, value) of every record in a JSON list / object or JSONL file."""
    text = path.read_text(encoding="utf-8")
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if isinstance(value, list):
        return [(f"{path}[{i}]", v) for i, v in enumerate(value)]
    if isinstance(value, dict):
        return [(str(path), value)]
    return [(f"{path}:{n}", v) for n, v in jsonl_objects(text, path, InstanceError)]


def read_instances(path: Path) -> list[Instance]:
    """Every instance of the file, validated; a bad field or a duplicate id names its record."""
    if not path.is_file():
        raise InstanceError(f"{path}: no such instance file")
    found: list[Instance] = []
    seen: dict[str, str] = {}
    for where, value in _records(path):
        try:
            instance = Instance.model_validate(value)
        except ValidationError as exc:
            raise InstanceError(f"{where}: {field_errors(exc, '(instance)')}") from None
        if instance.task_id in seen:
            raise InstanceError(f"{where}: instance {instance.instance_id} repeats {seen[instance.task_id]}")
        seen[instance.task_id] = where
        found.append(instance)
    if not found:
        raise InstanceError(f"{path}: no instance")
    return found


def find_clone(instance: Instance, repos: Path | None, clones: dict[str, Path]) -> Path:
    """The local clone of the instance's repository: `--repo OWNER/NAME=PATH`, else `REPOS/OWNER__NAME` or
    `REPOS/NAME`."""
    if instance.repo in clones:
        return clones[instance.repo]
    if repos is not None:
        for name in (instance.repo.replace("/", "__"), instance.repo.rsplit("/", 1)[-1]):
            if (repos / name).is_dir():
                return repos / name
    where = f" under {repos}" if repos else ""
    raise InstanceError(f"{instance.instance_id}: no local clone of {instance.repo}{where}; pass --repos DIR or "
                        f"--repo {instance.repo}=PATH")  # fmt: skip


def write_base(instance: Instance, clone: Path, out: Path) -> None:
    """Write the clone's tree at the instance's base commit into `out` (which must not exist yet)."""
    result = subprocess.run(
        ["git", "-C", str(clone), "archive", "--format=tar", instance.base_commit],
        capture_output=True,
        check=False,
    )
    if result.returncode != 0:
        problem = result.stderr.decode(errors="replace").strip().splitlines()
        raise InstanceError(f"{instance.instance_id}: base_commit {instance.base_commit} cannot be read from the "
                            f"clone {clone} (git: {problem[-1] if problem else 'archive failed'})")  # fmt: skip
    out.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(result.stdout)) as tar:
        tar.extractall(out, filter="data")
