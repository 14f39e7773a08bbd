"""`harnessif taskflow import|report`: issue benchmarks as SWE-TaskFlow datasets, and the results of their runs."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from ..files import DiskCache
from ..schema import Intent
from ..swe import CONFIG_NAMES

Handler = Callable[[argparse.Namespace], int]

DEFAULT_CACHE = Path(".harnessif/taskflow-cache")


def _clones(pairs: list[str]) -> dict[str, Path]:
    out = {}
    for pair in pairs:
        repo, sep, path = pair.partition("=")
        if not sep or not repo or not path:
            raise ValueError(f"--repo {pair!r}: expected OWNER/NAME=PATH")
        out[repo] = Path(path)
    return out


def import_dataset(args: argparse.Namespace) -> int:
    from ..taskflow.classify import Classifier
    from ..taskflow.corpora import label_sequences, load_corpus
    from ..taskflow.dataset import Inputs, build_dataset
    from ..taskflow.distributions import long_slice, task_flow
    from ..taskflow.models import make_model
    from ..taskflow.targets import ECP_SAMPLE

    inputs = Inputs(instances=Path(args.instances), augment=Path(args.augment) if args.augment else None,
                    repos=Path(args.repos) if args.repos else None, clones=_clones(args.repo),
                    configs=tuple(args.config or CONFIG_NAMES), seed=args.seed, proof_timeout=args.proof_timeout,
                    question_intent=None if args.question_intent == "classify" else Intent(args.question_intent),
                    classifier=args.classifier)  # fmt: skip
    cache = None if args.no_cache else DiskCache(Path(args.cache))
    classifier = Classifier(make_model(args.classifier), cache=cache)

    def label(texts: list[str]) -> list[Intent]:
        return [c.label for c in classifier.classify_many(texts)]

    target = label_sequences(load_corpus(Path(args.target) if args.target else ECP_SAMPLE))
    flow = task_flow(long_slice(target, 3))
    manifest = build_dataset(inputs, Path(args.out), label, flow, progress=print)
    print(f"wrote {args.out}: {len(manifest.repos)} instance(s)")
    for name, info in manifest.configs.items():
        left = f"; left out {len(info.excluded)}: " + ", ".join(f"{t} ({why})" for t, why in info.excluded.items())
        print(f"  {name:10}{len(info.tasks):4d} task(s){left if info.excluded else ''}")
    if isinstance(tfas := manifest.settings.get("tfas"), dict):
        print(f"  tfas selection: TFAS {tfas['score']:.1f} against the target (seed {tfas['seed']})")
    return 0


def report(args: argparse.Namespace) -> int:
    from ..report.taskflow import read_rows, text, write_run
    from ..taskflow.runs import analyse

    rows = [row for run in args.runs for row in read_rows(Path(run), tag=True)]
    analysis = analyse(rows)
    print(text(analysis))
    if args.out:
        out = write_run(Path(args.out), rows, {"runs": [str(r) for r in args.runs]}, analysis)
        print(f"wrote {out}: the merged rows, taskflow_*.csv, figures, summary.json and report.html")
    return 0


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser],
                guarded: Callable[[Handler], Handler]) -> None:  # fmt: skip
    """Register `import` and `report` under `harnessif taskflow` (`guarded` turns known errors into one line)."""
    p = commands.add_parser("import", help="SWE-bench / SWE-Bench Pro instances -> an SWE-TaskFlow dataset folder")
    p.add_argument("instances", help="instance file: a JSON list, one JSON object, or JSONL")
    p.add_argument("--out", required=True, help="dataset folder to write (replaced when the import succeeds)")
    p.add_argument("--repos", help="folder of local clones, named OWNER__NAME or NAME")
    p.add_argument("--repo", action="append", default=[], metavar="OWNER/NAME=PATH", help="one local clone")
    p.add_argument("--augment", help="split turns and questions: a YAML/JSON file by instance id, or a folder of "
                   "<instance_id>.yaml; without it only `single` has tasks")  # fmt: skip
    p.add_argument("--config", action="append", choices=CONFIG_NAMES, help="configuration to build (repeatable; "
                   "default all)")  # fmt: skip
    p.add_argument("--seed", type=int, default=0, help="seed of QA-random and of the TFAS optimiser (default 0)")
    p.add_argument("--classifier", default="baseline", help="labels turns with no given intent: 'baseline' "
                   "(offline) or provider/model[@base_url]")  # fmt: skip
    p.add_argument("--target", help="labelled corpus the tfas configuration is optimised against (default: the "
                   "bundled ECP sample, sessions of 3+ messages)")  # fmt: skip
    p.add_argument("--question-intent", default="explain", choices=("classify", *(i.value for i in Intent)),
                   help="the intent label of question turns: one label for all (default explain) or classify them")
    p.add_argument("--proof-timeout", type=float, default=60.0, help="seconds per proof-script run (default 60)")
    p.add_argument("--cache", default=str(DEFAULT_CACHE), help=f"classifier cache (default {DEFAULT_CACHE})")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the classifier cache")
    p.set_defaults(func=guarded(import_dataset))

    p = commands.add_parser("report", help="resolve rate, checkpoint curves, answer accuracy and cost of "
                            "SWE-TaskFlow runs (reports/<run-id>/ of pytest --harness-taskflow)")  # fmt: skip
    p.add_argument("runs", nargs="+", help="run folders (or taskflow_rows.jsonl files); several are merged")
    p.add_argument("--out", help="also write the merged rows (each naming its run), the tables (CSV), figures, "
                   "summary.json and report.html here")  # fmt: skip
    p.set_defaults(func=guarded(report))
