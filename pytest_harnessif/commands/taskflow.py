"""`harnessif taskflow classify|agree|dist|tfas|sankey`: SWE-TaskFlow over session corpora and the task panel;
`import|report` (in `swe`): issue benchmarks as multi-turn datasets and the results of their runs."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

from ..agents.registry import ModelSpecError
from ..agents.retry import ModelCallError
from ..credentials import MissingCredentials
from ..files import DiskCache, atomic_write
from ..schema import Intent
from ..taskflow.agree import MIN_SESSIONS, AgreementError, run_agreement, sample_sessions
from ..taskflow.classify import Classifier, stats
from ..taskflow.corpora import FORMATS, CorpusError, Session, label_sequences, load_corpus, write_jsonl
from ..taskflow.distributions import EDGES, LENGTH_BINS, LengthMode, long_slice, task_flow
from ..taskflow.intents import TFAS_LABELS
from ..taskflow.models import make_model
from ..taskflow.report import html_report, text_report
from ..taskflow.sankey import PositionFlow, render_png
from ..taskflow.tfas import compare
from .swe import add_parsers

DEFAULT_CACHE = Path(".harnessif/taskflow-cache")
PROG = "harnessif taskflow"


def _sessions(path: str, fmt: str) -> list[Session]:
    return load_corpus(Path(path), fmt)


def _sequences(path: str, fmt: str) -> list[list[Intent]]:
    """The label sequences of a labelled corpus; an unlabelled one is an error naming the file."""
    try:
        return label_sequences(_sessions(path, fmt))
    except CorpusError as exc:
        raise CorpusError(f"{path}: {exc}") from None


def _mode(args: argparse.Namespace) -> LengthMode:
    return cast(LengthMode, args.length)


def _classifier(args: argparse.Namespace, spec: str) -> Classifier:
    cache = None if args.no_cache else DiskCache(Path(args.cache))
    return Classifier(make_model(spec), cache=cache, retries=args.retries)


def classify(args: argparse.Namespace) -> int:
    sessions = _sessions(args.corpus, args.format)
    results = _classifier(args, args.model).classify_many([m.text for s in sessions for m in s.messages],
                                                          args.concurrency)
    labels = iter(results)
    write_jsonl([s.with_labels([next(labels).label for _ in s.messages]) for s in sessions], Path(args.out))
    summary = stats(results)
    print(f"{summary.messages} messages in {len(sessions)} sessions -> {args.out}")
    print(f"cached {summary.cached}, needed a retry {summary.retried}, fell back to 'other' {summary.fallbacks}")
    for label, count in summary.labels.items():
        print(f"  {label:16}{count:6d}  {100 * count / max(summary.messages, 1):5.1f}%")
    return 0


def agree(args: argparse.Namespace) -> int:
    if len(args.model) != 3:
        raise AgreementError(f"the agreement check takes exactly three --model specs, got {len(args.model)}")
    if args.sessions < MIN_SESSIONS:
        raise AgreementError(f"--sessions: the agreement check needs at least {MIN_SESSIONS} sessions")
    sessions = sample_sessions(_sessions(args.corpus, args.format), args.sessions, args.seed)
    result = run_agreement(sessions, {spec: _classifier(args, spec) for spec in args.model},
                           concurrency=args.concurrency)
    print(f"{result.sessions} sessions, {result.messages} messages")
    for pair in result.pairs:
        print(f"  {pair.a} / {pair.b}: {pair.agreement:.1f}%")
    print(f"  mean: {result.mean:.1f}%")
    print("fallbacks: " + ", ".join(f"{name} {n}" for name, n in result.fallbacks.items()))
    return 0


def dist(args: argparse.Namespace) -> int:
    sequences = long_slice(_sequences(args.corpus, args.format), args.min_length, _mode(args))
    flow = task_flow(sequences, _mode(args))
    print(f"{flow.sessions} sessions, {flow.messages} messages with a TFAS label, {flow.edges} edges")
    print("P_L (session length):")
    print("".join(f"  {b}: {100 * p:.1f}%" for b, p in zip(LENGTH_BINS, flow.L, strict=True)))
    print("P_T (task types):")
    for label, p in sorted(zip(TFAS_LABELS, flow.T, strict=True), key=lambda x: -x[1]):
        print(f"  {label.value:16}{100 * p:6.1f}%")
    print(f"P_R (transitions, top {args.top} of {len(EDGES)} cells):")
    for (a, b), p in sorted(zip(EDGES, flow.R, strict=True), key=lambda x: -x[1])[:args.top]:
        print(f"  {a:>14} -> {b:<14}{100 * p:6.1f}%")
    if args.json:
        vectors = {**flow.vectors(), "sessions": flow.sessions, "messages": flow.messages, "edges": flow.edges}
        atomic_write(Path(args.json), json.dumps(vectors, indent=1))
    return 0


def tfas(args: argparse.Namespace) -> int:
    comparison = compare(_sequences(args.target, args.target_format), _sequences(args.benchmark, args.benchmark_format),
                         min_messages=args.min_length, length_mode=_mode(args), replicates=args.bootstrap,
                         seed=args.seed)
    print(text_report(comparison, args.target, args.benchmark))
    if args.json:
        atomic_write(Path(args.json), comparison.model_dump_json(indent=1))
    return 0


def sankey(args: argparse.Namespace) -> int:
    target = _sequences(args.target, args.target_format)
    flows = [PositionFlow.of(f"target: {Path(args.target).name}", long_slice(target, args.min_length, _mode(args)),
                             args.positions)]
    comparison = None
    if args.benchmark:
        benchmark = _sequences(args.benchmark, args.benchmark_format)
        flows.append(PositionFlow.of(f"benchmark: {Path(args.benchmark).name}", benchmark, args.positions))
        comparison = compare(target, benchmark, min_messages=args.min_length, length_mode=_mode(args),
                             replicates=args.bootstrap, seed=args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    render_png(flows, out / "taskflow.png")
    page = html_report(flows, comparison, target=args.target, benchmark=args.benchmark or "")
    atomic_write(out / "taskflow.html", page)
    print(f"wrote {out / 'taskflow.png'} and {out / 'taskflow.html'}")
    return 0


def _guarded(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except (CorpusError, ModelSpecError, MissingCredentials, AgreementError, ValueError) as exc:
            print(f"{PROG}: {exc}", file=sys.stderr)
            return 2
        except ModelCallError as exc:
            print(f"{PROG}: model call failed: {exc}", file=sys.stderr)
            return 1

    return run


def _corpus_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("corpus", help="a corpus file or folder (a tasks/ folder is the panel)")
    parser.add_argument("--format", default="auto", choices=("auto", *FORMATS), help="corpus format (default: auto)")


def _pair_args(parser: argparse.ArgumentParser, benchmark_required: bool, min_length: int) -> None:
    parser.add_argument("--target", required=True, help="the target corpus (labelled)")
    parser.add_argument("--benchmark", required=benchmark_required, help="the benchmark corpus, e.g. tasks/")
    parser.add_argument("--target-format", default="auto", choices=("auto", *FORMATS))
    parser.add_argument("--benchmark-format", default="auto", choices=("auto", *FORMATS))
    _slice_args(parser, min_length, "target sessions")
    parser.add_argument("--bootstrap", type=int, default=1000, metavar="B",
                        help="session-bootstrap resamples of the target (0: none; default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")


def _slice_args(parser: argparse.ArgumentParser, min_length: int, what: str) -> None:
    parser.add_argument("--min-length", type=int, default=min_length, metavar="N",
                        help=f"keep {what} with at least N user messages (default {min_length})")
    parser.add_argument("--length", choices=("raw", "filtered"), default="raw",
                        help="session length: all user messages (raw, default) or those with a TFAS label")


def _model_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cache", default=str(DEFAULT_CACHE), help=f"answer cache folder (default {DEFAULT_CACHE})")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the answer cache")
    parser.add_argument("--concurrency", type=int, default=8, help="model calls in flight (default 8)")
    parser.add_argument("--retries", type=int, default=2, help="re-asks after an unparseable answer (default 2)")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("taskflow", help="SWE-TaskFlow: classify intents, Task Flow distributions, TFAS, figures")
    commands = parser.add_subparsers(dest="taskflow_command", required=True)

    p = commands.add_parser("classify", help="label every user message of a corpus with one intent")
    _corpus_args(p)
    p.add_argument("--model", required=True, help="model spec: provider/model[@base_url], or 'baseline'")
    p.add_argument("--out", required=True, help="labelled sessions (JSONL) to write")
    _model_args(p)
    p.set_defaults(func=_guarded(classify))

    p = commands.add_parser("agree", help="three-model agreement check on >= 100 sessions")
    _corpus_args(p)
    p.add_argument("--model", action="append", required=True, help="model spec; give exactly three")
    p.add_argument("--sessions", type=int, default=MIN_SESSIONS, help=f"sessions to sample (>= {MIN_SESSIONS})")
    p.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    _model_args(p)
    p.set_defaults(func=_guarded(agree))

    p = commands.add_parser("dist", help="print (and publish) a labelled corpus's Task Flow: P_L, P_T, P_R")
    _corpus_args(p)
    _slice_args(p, 1, "sessions")
    p.add_argument("--top", type=int, default=15, help="transitions to print (default 15)")
    p.add_argument("--json", help="write the three vectors to this JSON file")
    p.set_defaults(func=_guarded(dist))

    p = commands.add_parser("tfas", help="score a benchmark's flows against a target: TFAS, components, gap table")
    _pair_args(p, benchmark_required=True, min_length=3)
    p.add_argument("--json", help="write the comparison (both Task Flows, score, bootstrap, gaps) as JSON")
    p.set_defaults(func=_guarded(tfas))

    p = commands.add_parser("sankey", help="task-flow figures (PNG + self-contained HTML), target vs benchmark")
    _pair_args(p, benchmark_required=False, min_length=3)
    p.add_argument("--positions", type=int, default=5, help="message positions to draw (default 5)")
    p.add_argument("--out", required=True, help="folder for taskflow.png and taskflow.html")
    p.set_defaults(func=_guarded(sankey))

    add_parsers(commands, _guarded)
