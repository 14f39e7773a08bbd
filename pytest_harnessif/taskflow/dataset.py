"""`harnessif taskflow import`: instances + local clones + augmentations -> an SWE-TaskFlow dataset folder
(`flowdata` describes the layout) with every configuration, the proof reports and a provenance manifest."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from ..digest import digest_bytes, tree_digest
from ..files import atomic_dir
from ..flowdata import FORMAT, INSTANCES, MANIFEST, PROOFS, ConfigInfo, Manifest, RepoInfo, Source
from ..schema import Intent
from ..swe import JOIN, FlowTurn, Instance, make_flow
from .augment import Augmentation, contract_problems, read_augmentations
from .configs import CONFIGS, Labeler, Prepared, asked, build, join, options
from .distributions import TaskFlow
from .instances import find_clone, read_instances, write_base
from .optimise import optimise, shape
from .proofs import prove


@dataclass(frozen=True)
class Inputs:
    """What a dataset is built from (the sources the manifest records)."""

    instances: Path
    augment: Path | None
    repos: Path | None
    clones: dict[str, Path]
    configs: Sequence[str] = CONFIGS
    seed: int = 0
    proof_timeout: float = 60.0
    question_intent: Intent | None = Intent.explain  # None: questions are labelled by the classifier
    classifier: str = "baseline"  # the model that labels turns with no given intent (recorded)


def _sha256(path: Path) -> str:
    """The full sha256 of a file, or of a folder's files (paths and contents, in path order)."""
    return digest_bytes(path.read_bytes(), size=64) if path.is_file() else tree_digest(path, lambda _: True, size=64)


def _tool() -> str:
    try:
        return f"pytest-harnessif {version('pytest-harnessif')}"
    except PackageNotFoundError:
        return "pytest-harnessif (not installed)"


def prepare(instance: Instance, aug: Augmentation, tree: Path, label: Labeler, inputs: Inputs,
            ) -> tuple[Prepared, list[dict[str, Any]]]:  # fmt: skip
    """Label the instance's turns, hold its split to the contract and prove its questions."""
    reports = [prove(tree, instance, q, inputs.proof_timeout) for q in aug.questions]
    kept = [q for q, r in zip(aug.questions, reports, strict=True) if r["kept"]]
    dropped = {r["question"]: "; ".join(r["problems"]) for r in reports if not r["kept"]}
    problems = contract_problems(instance.prompt, aug.split) if aug.split else ["atomic (no split given)"]
    split = aug.split if not problems else None
    asked_texts = [q.text for q in kept] if inputs.question_intent is None else []
    texts = [instance.prompt, *(split or []), *([JOIN.join(split)] if split else []), *asked_texts]
    labels = iter(label(texts))
    prompt_intent = next(labels)
    split_turns = concat = None
    if split:
        given = aug.intents
        found = [next(labels) for _ in split]
        split_turns = tuple(FlowTurn(kind="issue", text=t, intent=i)
                            for t, i in zip(split, given or found, strict=True))  # fmt: skip
        concat = join(split_turns, next(labels))
    questions = tuple(asked(q, inputs.question_intent or next(labels)) for q in kept)
    prepared = Prepared(instance, prompt_intent, split_turns, concat, questions,
                        "; ".join(problems) if problems else None, dropped)  # fmt: skip
    return prepared, reports


def build_dataset(inputs: Inputs, out: Path, label: Labeler, target: TaskFlow,
                  progress: Callable[[str], None] = lambda _: None) -> Manifest:  # fmt: skip
    """Write the dataset to `out` (replaced atomically when it is complete) and return its manifest."""
    unknown = [c for c in inputs.configs if c not in CONFIGS]
    if unknown:
        raise ValueError(f"--config: unknown configuration {unknown[0]!r}; choose from {', '.join(CONFIGS)}")
    instances = read_instances(inputs.instances)
    augs = read_augmentations(inputs.augment, [i.instance_id for i in instances]) if inputs.augment else {}
    with atomic_dir(out) as tmp:
        repos: dict[str, RepoInfo] = {}
        prepared: list[Prepared] = []
        proofs: dict[str, list[dict[str, Any]]] = {}
        for instance in instances:
            clone = find_clone(instance, inputs.repos, inputs.clones)
            tree = tmp / "repos" / instance.task_id
            write_base(instance, clone, tree)
            repos[instance.task_id] = RepoInfo(task=instance.task_id, repo=instance.repo, clone=str(clone.resolve()),
                                               base_commit=instance.base_commit, tree=tree_digest(tree, lambda _: True))
            p, reports = prepare(instance, augs.get(instance.instance_id, Augmentation()), tree, label, inputs)
            prepared.append(p)
            proofs[instance.task_id] = reports
            progress(f"{instance.instance_id}: split {'yes' if p.split else 'no (' + str(p.no_split) + ')'}, "
                     f"{len(p.questions)} of {len(reports)} question(s) kept")  # fmt: skip
        lines = "".join(i.model_dump_json(exclude_defaults=False) + "\n" for i in instances)
        (tmp / INSTANCES).write_text(lines)
        (tmp / PROOFS).write_text(json.dumps(proofs, indent=1, sort_keys=True))
        settings: dict[str, object] = {"proof_timeout": inputs.proof_timeout, "classifier": inputs.classifier,
                                       "question_intent": str(inputs.question_intent or "classified")}
        chosen = _optimised(prepared, target, inputs.seed, settings) if "tfas" in inputs.configs else None
        configs = {name: _write_config(tmp, name, prepared, inputs.seed, chosen) for name in inputs.configs}
        sources = [Source(role="instances", path=str(inputs.instances.resolve()), sha256=_sha256(inputs.instances))]
        if inputs.augment:
            sources.append(Source(role="augmentations", path=str(inputs.augment.resolve()),
                                  sha256=_sha256(inputs.augment)))  # fmt: skip
        manifest = Manifest(
            format=FORMAT, created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), tool=_tool(),
            seed=inputs.seed, sources=sources, instances_sha256=_sha256(tmp / INSTANCES), repos=repos,
            configs=configs, proofs_sha256=_sha256(tmp / PROOFS), settings=settings,
        )  # fmt: skip
        (tmp / MANIFEST).write_text(manifest.model_dump_json(indent=1))
    return manifest


def _optimised(prepared: list[Prepared], target: TaskFlow, seed: int,
               settings: dict[str, object]) -> dict[str, list[FlowTurn]]:  # fmt: skip
    split = [p for p in prepared if p.split is not None]
    if not split:
        return {}
    opts = [options(p) for p in split]
    selection = optimise(opts, target, seed=seed)
    flows = [o[k] for o, k in zip(opts, selection.choice, strict=True)]
    settings["tfas"] = {"score": round(selection.tfas, 3), "s_l": round(selection.s_l, 4),
                        "s_t": round(selection.s_t, 4), "s_r": round(selection.s_r, 4), "seed": seed,
                        **shape(flows)}  # fmt: skip
    return {p.instance.task_id: f for p, f in zip(split, flows, strict=True)}


def _write_config(tmp: Path, name: str, prepared: list[Prepared], seed: int,
                  chosen: dict[str, list[FlowTurn]] | None) -> ConfigInfo:  # fmt: skip
    path = tmp / "configs" / f"{name}.jsonl"
    path.parent.mkdir(exist_ok=True)
    lines, tasks, excluded = [], [], {}
    for p in prepared:
        turns = build(name, p, seed, chosen)
        if isinstance(turns, str):
            excluded[p.instance.task_id] = turns
            continue
        lines.append(make_flow(p.instance, name, turns).model_dump_json() + "\n")
        tasks.append(p.instance.task_id)
    path.write_text("".join(lines))
    return ConfigInfo(file=f"configs/{name}.jsonl", sha256=_sha256(path), tasks=tasks, excluded=excluded)
