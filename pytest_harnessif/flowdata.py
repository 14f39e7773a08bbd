"""An SWE-TaskFlow dataset on disk (taskflow spec 9), as `harnessif taskflow import` writes it and
`--harness-taskflow=DIR --harness-taskflow-config=NAME` reads it:

    manifest.json           provenance: sources and their sha256, repositories and base commits, the files' hashes
    instances.jsonl         one issue instance per line (hidden from the agent: gold patch, tests)
    repos/<task>/           each repository at its instance's base commit
    configs/<name>.jsonl    one flow of typed turns per task (questions carry their hidden reference answers)
    proofs.json             the execution report of every question's proof script

Reading checks every hash the manifest records, so a hand-edited or truncated file is an error naming it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .digest import digest_bytes
from .entries import FlowEntry
from .files import jsonl_objects
from .library import LibraryError
from .schema import Task, Turn, field_errors
from .swe import Flow, Instance

FORMAT = "harnessif-taskflow-1"
MANIFEST, INSTANCES, PROOFS = "manifest.json", "instances.jsonl", "proofs.json"
ROLE = (
    "You are working on the {repo} repository, checked out in your workspace at the commit the user is on. The "
    "user's requests arrive one at a time: some ask for changes, some ask about the code. Answer questions in your "
    "reply without changing the repository."
)


class DatasetError(LibraryError):
    """A dataset that cannot be read; the message names the file and, where it can, the line and field."""


class ConfigInfo(BaseModel):
    """One configuration in the manifest: its file, that file's sha256, its tasks and the tasks it leaves out."""

    model_config = ConfigDict(extra="forbid")

    file: str
    sha256: str
    tasks: list[str]
    excluded: dict[str, str] = {}


class Source(BaseModel):
    """One input the dataset was built from, with its sha256 (a folder: of its files, in path order)."""

    model_config = ConfigDict(extra="forbid")

    role: str
    path: str
    sha256: str


class RepoInfo(BaseModel):
    """Where an instance's repository came from: the clone, the base commit and a digest of the files written."""

    model_config = ConfigDict(extra="forbid")

    task: str
    repo: str
    clone: str
    base_commit: str
    tree: str


class Manifest(BaseModel):
    """`manifest.json`: enough to replay the dataset exactly and to tell when any of its files changed."""

    model_config = ConfigDict(extra="forbid")

    format: Annotated[str, Field(pattern=f"^{FORMAT}$")]
    created: str
    tool: str
    seed: int
    sources: list[Source]
    instances_sha256: str
    repos: dict[str, RepoInfo]
    configs: dict[str, ConfigInfo]
    proofs_sha256: str
    settings: dict[str, object] = {}


def read_manifest(root: Path) -> Manifest:
    path = root / MANIFEST
    if not path.is_file():
        raise DatasetError(f"{root}: not an SWE-TaskFlow dataset (no {MANIFEST}); build one with harnessif taskflow "
                           "import")  # fmt: skip
    try:
        return Manifest.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise DatasetError(f"{path}: {field_errors(exc, '(manifest)')}") from None


def _checked(path: Path, sha: str) -> bytes:
    if not path.is_file():
        raise DatasetError(f"{path}: missing (the manifest lists it)")
    data = path.read_bytes()
    if digest_bytes(data, size=64) != sha:
        raise DatasetError(f"{path}: content differs from the sha256 in {MANIFEST}; rebuild the dataset")
    return data


def read_instances(root: Path, manifest: Manifest) -> dict[str, Instance]:
    path = root / INSTANCES
    found: dict[str, Instance] = {}
    for n, value in jsonl_objects(_checked(path, manifest.instances_sha256).decode(), path, DatasetError):
        try:
            instance = Instance.model_validate(value)
        except ValidationError as exc:
            raise DatasetError(f"{path}:{n}: {field_errors(exc, '(instance)')}") from None
        found[instance.task_id] = instance
    return found


def read_flows(root: Path, manifest: Manifest, config: str) -> list[Flow]:
    info = manifest.configs.get(config)
    if info is None:
        raise DatasetError(f"{root / MANIFEST}: no configuration {config!r}; it has {', '.join(manifest.configs)}")
    path = root / info.file
    flows = []
    for n, value in jsonl_objects(_checked(path, info.sha256).decode(), path, DatasetError):
        try:
            flows.append(Flow.model_validate(value))
        except ValidationError as exc:
            raise DatasetError(f"{path}:{n}: {field_errors(exc, '(flow)')}") from None
    return flows


def load_dataset(root: Path, config: str) -> dict[str, FlowEntry]:
    """The tasks of one configuration, by task id, each with its instance, flow and base-commit repository."""
    manifest = read_manifest(root)
    instances = read_instances(root, manifest)
    entries: dict[str, FlowEntry] = {}
    for flow in read_flows(root, manifest, config):
        instance = instances.get(flow.task)
        if instance is None:
            raise DatasetError(f"{root / manifest.configs[config].file}: task {flow.task} has no instance in "
                               f"{INSTANCES}")  # fmt: skip
        repo = root / "repos" / flow.task
        if not repo.is_dir():
            raise DatasetError(f"{repo}: the repository of task {flow.task} is missing")
        task = flow_task(instance, flow)
        entries[flow.task] = FlowEntry(task, repo, None, None, instance=instance, flow=flow)
    return entries


def flow_task(instance: Instance, flow: Flow) -> Task:
    """The flow as the runner's task: its turns (questions read-only), no injected rules."""
    return Task(
        id=flow.task,
        scenario="taskflow",
        title=instance.instance_id,
        languages=[instance.language],
        role=ROLE.format(repo=instance.repo),
        turns=[Turn(intent=t.intent, text=t.text, read_only=t.kind == "question") for t in flow.turns],
        rules=[],
    )


@dataclass(frozen=True)
class Measurement:
    """One verdict row of an SWE-TaskFlow session: a checkpoint (0 = clean, k = after the k-th issue turn, reading
    that turn's snapshot), the final resolve, or for a question turn its answer and whether the repository stayed
    unchanged."""

    name: str
    kind: Literal["checkpoint", "resolve", "answer", "unchanged"]
    checkpoint: int | None = None
    turn: int | None = None
    question: str | None = None


def measurements(entry: FlowEntry) -> list[Measurement]:
    """The rows a session of `entry` gives, in order."""
    flow = entry.flow
    rows = [Measurement("clean", "checkpoint", checkpoint=0)]
    rows += [Measurement(f"after-{k}", "checkpoint", checkpoint=k, turn=t) for k, t in enumerate(flow.issue_turns, 1)]
    rows.append(Measurement("resolve", "resolve"))
    for t in flow.question_turns:
        q = flow.turns[t].question
        rows += [Measurement(f"answer-{q}", "answer", turn=t, question=q),
                 Measurement(f"unchanged-{q}", "unchanged", turn=t, question=q)]  # fmt: skip
    return rows
