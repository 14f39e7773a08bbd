"""The harness of one pytest session: library, placements, keys, and recorded runs served to checks."""

from __future__ import annotations

import dataclasses
import functools
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents.registry import AgentSpec
from .conflict import BY_ID, TEXTS, matchups, placed, plan
from .credentials import MissingCredentials
from .digest import digest, digest_bytes, tree_digest
from .entries import FlowEntry, RuleEntry, TaskEntry
from .evidence import Run, is_generated
from .flowdata import load_dataset, measurements, read_manifest
from .library import LibraryError, admitted, load_rules, load_tasks
from .placement import place
from .runner import RunInterrupted, SandboxFromRepo, local_sandbox, run_trajectory
from .sandbox.history import history_path
from .sandbox.host import check_host, unmet
from .sandbox.local import LocalSandbox
from .schema import RunKey, Status, Surface
from .session import Options
from .stack import HD_VERSION, Stack, compose, render
from .store import Store
from .trajectory import Recording, Trajectory
from .verdictcache import VerdictCache, code_digest

RUN_CACHE_SIZE = 8


class TrajectoryFailed(Exception):
    """The trajectory of a key ended in failure; every rule item of that key is an error."""


@functools.cache
def _tree_hash(root: Path) -> str:
    """Content hash of a task folder, read once per process (every model and round of the task shares it)."""
    return tree_digest(root, lambda rel: not is_generated(rel))


@dataclass
class Harness:
    """Loaded once per process; every worker computes the same keys and placements."""

    options: Options
    rules: dict[str, RuleEntry] = field(init=False)
    tasks: dict[str, TaskEntry] = field(init=False)
    placements: dict[str, dict[str, Surface]] = field(init=False)
    store: Store = field(init=False)
    _runs: OrderedDict[str, Run] = field(init=False, default_factory=OrderedDict)
    fresh: set[str] = field(init=False, default_factory=set)
    not_run: dict[str, list[str]] = field(init=False, default_factory=dict)  # task -> what the host lacks
    _kept: dict[str, VerdictCache] = field(init=False, default_factory=dict)
    _units: dict[str, list[RunKey]] = field(init=False, default_factory=dict)  # key id -> the keys played with it
    _pending: dict[str, Future[Recording]] = field(init=False, default_factory=dict)
    _started: set[str] = field(init=False, default_factory=set)
    _pool: ThreadPoolExecutor | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.rules = {} if self.options.e0 or self.options.taskflow else load_rules(self.options.rules_dirs)
        for rule_id, (prior, lineage) in (self.options.priors or {}).items():
            if rule_id in self.rules:
                entry = self.rules[rule_id]
                meta = entry.meta.model_copy(update={"prior": prior, "lineage": lineage})
                self.rules[rule_id] = dataclasses.replace(entry, meta=meta)
        o = self.options
        if o.taskflow is not None:
            self.tasks = dict(load_dataset(o.tasks_dirs[0], o.settings.taskflow_config))
        else:
            self.tasks = load_tasks(o.tasks_dirs, self.rules)
            if not o.e0:
                self.tasks = {k: e for k, e in self.tasks.items() if admitted(e.task.kind, o.settings.panel)}
        if o.e0 and len(self.tasks) != 1:
            raise LibraryError(f"{o.tasks_dirs[0]}: the E0 pilot runs one fixed task; found {len(self.tasks)}")
        self.placements = {tid: place(e, self.rules, o.seed, o.threshold) for tid, e in sorted(self.tasks.items())}
        if o.sandbox is None or o.sandbox.backend == "local":  # a container brings its own programs
            self.not_run = {tid: lacks for tid, e in sorted(self.tasks.items()) if (lacks := unmet(e.task.needs))}
        info = o.sandbox_info
        config = digest([o.seed, str(o.threshold), HD_VERSION, info["backend"], info.get("image_id"), o.population])
        self.store = Store(self.options.store_dir, config)

    @property
    def population(self) -> str:
        return self.options.population

    def header(self) -> str:
        """What the session runs, for the top of pytest's output."""
        o = self.options
        what = "E0 conflict pilot" if o.e0 else f"{len(self.tasks)} tasks, {len(self.rules)} rules"
        if o.taskflow:
            what = f"SWE-TaskFlow {o.tasks_dirs[0].name} ({o.settings.taskflow_config}), {len(self.tasks)} tasks"
        lines = [
            f"harnessif: models {', '.join(m.name for m in o.models)}; {what}, {o.rounds} round(s), placement seed "
            f"{o.seed}, sandbox {o.sandbox_info['backend']}; run {o.run_id}"
        ]
        if o.e0:
            lines.append(
                f"harnessif: E0 conflict pilot on task {next(iter(self.tasks))}: {len(TEXTS)} pairs x "
                f"{len(matchups())} surface matchups x 2 directions, one fresh run each"
            )
        if o.taskflow:
            lines.append(f"harnessif: answer judge {o.answers.name} (temperature 0, one call per answer)" if o.answers
                         else "harnessif: no judge (--harness-judge): answers to repository questions are unjudged")
        elif o.judge is not None:
            rejudge = ", rejudge" if o.judge.rejudge else ""
            settings = o.judge.settings
            lines.append(
                f"harnessif: judge {o.judge.name} ({settings.votes} votes, temperature {settings.temperature}{rejudge})"
            )
        else:
            lines.append("harnessif: no judge (--harness-judge): judge-based rules are reported unjudged")
        if o.sandbox is not None and o.sandbox.warning:
            lines.append(f"harnessif: WARNING: {o.sandbox.warning}")
        if self.not_run:
            lacks = sorted({need for needs in self.not_run.values() for need in needs})
            lines.append(
                f"harnessif: WARNING: {len(self.not_run)} task(s) not run, this host lacks {', '.join(lacks)} for the "
                "local sandbox: install them or use --harness-sandbox=docker (the run is marked partial)"
            )
        return "\n".join(lines)

    def record_meta(self) -> dict[str, Any]:
        """The session as `summary.json` describes it."""
        o = self.options
        meta: dict[str, Any] = {
            "run_id": o.run_id,
            "models": [m.name for m in o.models],
            "rounds": o.rounds,
            "placement_seed": o.seed,
            "store": str(self.store.base),
            "population": o.population,
            "admissible": str(o.threshold),
        }
        if o.zero_injection:
            meta["zero_injection"] = o.zero_injection
        if o.e0:
            meta["e0"] = {"task": next(iter(self.tasks)), "pairs": list(BY_ID)}
        if o.taskflow:
            manifest, config = read_manifest(o.tasks_dirs[0]), o.settings.taskflow_config
            info = manifest.configs[config]
            meta["taskflow"] = {"dataset": str(o.tasks_dirs[0]), "config": config, "created": manifest.created,
                                "sha256": info.sha256, "excluded": info.excluded}
        if self.not_run:
            meta["tasks_not_run"] = self.not_run
        if o.judge is not None:
            meta["judge"] = {"model": o.judge.name, **o.judge.settings.model_dump(), "rejudge": o.judge.rejudge}
        return meta

    @property
    def stop_file(self) -> Path:
        """Exists once the controller was interrupted: workers then start no new trajectory."""
        return self.store.base / ".interrupted" / self.options.run_id

    def expected(self) -> int:
        """How many verdicts the whole panel (or every E0 conflict run) plans for this session's models and rounds
        (tasks the host cannot run included)."""
        if self.options.e0:
            return len(self.conflict_keys(runnable=False))
        if self.options.taskflow:
            return sum(len(measurements(self.flow_entry(k))) for k in self.flow_keys())
        return sum(len(self.keys_for(rule_id, runnable=False)) for rule_id in self.rules)

    def conflict_keys(self, runnable: bool = True) -> list[RunKey]:
        """Every E0 run of the session: model x round x pair x matchup x direction, on the one E0 task (none when
        the host cannot run it, unless `runnable` is False)."""
        if not self.options.e0:
            return []
        task = next(iter(self.tasks))
        if runnable and task in self.not_run:
            return []
        return [
            RunKey(model=m.name, task=task, round=r, conflict=c)
            for m in self.options.models
            for r in range(1, self.options.rounds + 1)
            for c in plan()
        ]

    def flow_keys(self) -> list[RunKey]:
        """Every SWE-TaskFlow session: model x task x round under the session's configuration."""
        if not self.options.taskflow:
            return []
        flow, rounds = self.options.settings.taskflow_config, range(1, self.options.rounds + 1)
        return [RunKey(model=m.name, task=t, round=r, flow=flow)
                for m in self.options.models for t in sorted(self.tasks) for r in rounds]  # fmt: skip

    def flow_entry(self, key: RunKey) -> FlowEntry:
        entry = self.tasks[key.task]
        assert isinstance(entry, FlowEntry), f"{key.id} is not an SWE-TaskFlow session"
        return entry

    def keys_for(self, rule_id: str, runnable: bool = True) -> list[RunKey]:
        """Every (model, task, round) whose task injects `rule_id`, in a stable order, leaving out tasks the host
        cannot run unless `runnable` is False; in a one-at-a-time probe each key withholds `rule_id`."""
        tasks = [t for t in self._injecting.get(rule_id, ()) if not (runnable and t in self.not_run)]
        if self.options.zero_injection == "each":
            rounds = range(1, self.options.rounds + 1)
            return [RunKey(model=m.name, task=t, round=r, withheld=rule_id)
                    for m in self.options.models for t in tasks for r in rounds]  # fmt: skip
        return [key for m in self.options.models for t in tasks for key in self._keys[m.name, t]]

    @functools.cached_property
    def _injecting(self) -> dict[str, list[str]]:
        """Rule id -> the tasks that inject it, sorted."""
        found: dict[str, list[str]] = {}
        for tid in sorted(self.tasks):
            for ref in self.tasks[tid].task.rules:
                found.setdefault(ref.id, []).append(tid)
        return found

    @functools.cached_property
    def _keys(self) -> dict[tuple[str, str], list[RunKey]]:
        """(model, task) -> its keys by round, built once: every rule of the task shares them (a paper-scale
        panel has 30 rules per key)."""
        rounds = range(1, self.options.rounds + 1)
        return {(m.name, t): [RunKey(model=m.name, task=t, round=r) for r in rounds]
                for m in self.options.models for t in self.tasks}  # fmt: skip

    def spec(self, model: str) -> AgentSpec:
        return next(m for m in self.options.models if m.name == model)

    def surface(self, task_id: str, rule_id: str) -> Surface | None:
        """Where the rule was placed in this session's runs (None in a zero-injection probe: it was withheld)."""
        return None if self.options.zero_injection else self.placements[task_id][rule_id]

    def placement(self, key: RunKey) -> dict[str, Surface]:
        """The rules a key's run is given, and where: all of the task's, none of them (the all-withheld probe), or
        all but the one it withholds."""
        if self.options.zero_injection == "all":
            return {}
        return {r: s for r, s in self.placements[key.task].items() if r != key.withheld}

    def stack(self, key: RunKey) -> Stack:
        entry, conflict = self.tasks[key.task], key.conflict
        if conflict is not None:
            texts = [(surface, wording, 0) for surface, wording in placed(conflict)]
            where = {f"{conflict.pair}:A": str(conflict.surface_a), f"{conflict.pair}:B": str(conflict.surface_b)}
            return compose(entry, texts, where)
        if key.flow is not None:
            return compose(entry, [], {}, own_files=True)
        return render(entry, self.rules, self.placement(key))

    def fingerprint(self, key: RunKey) -> str:
        """Changes whenever anything that shapes the run changes: task files, rule wordings, placement, agent."""
        entry = self.tasks[key.task]
        wordings: dict[str, Any] = {
            ref.id: self.rules[ref.id].meta.model_dump(mode="json", include={"surfaces"}) for ref in entry.task.rules
        }
        if key.conflict is not None:
            wordings["conflict"] = [[str(s), w.model_dump(mode="json")] for s, w in placed(key.conflict)]
        if isinstance(entry, FlowEntry):  # its repository is `dir`; the hidden patch and tests shape the gold agent
            wordings["flow"] = [entry.flow.hash, entry.instance.model_dump(mode="json")]
        placement = self.placement(key)
        trees = [_tree_hash(entry.dir)] + ([_tree_hash(entry.repo)] if entry.task.repo else [])
        history = history_path(entry.repo)
        if history.is_file():
            trees.append(digest_bytes(history.read_bytes()))
        return digest([*trees, wordings, placement, self.spec(key.model).fingerprint, HD_VERSION])

    def _labels(self, key: RunKey) -> dict[str, str]:
        """Container labels: which run and key a sandbox belongs to (`harnessif sandbox prune` reads them)."""
        scenario = self.tasks[key.task].task.scenario
        return {"harnessif.run": self.options.run_id, "harnessif.key": key.id, "harnessif.scenario": scenario}

    def _sandbox_maker(self, key: RunKey) -> SandboxFromRepo:
        choice = self.options.sandbox
        if choice is None:
            return local_sandbox
        labels = self._labels(key)
        return lambda repo, overlay: choice.from_repo(repo, overlay, labels)

    def recording(self, key: RunKey) -> Recording:
        """Load the key's recording from the store, running the agent if needed."""
        entry = self.tasks[key.task]
        fingerprint = self.fingerprint(key)

        spec = self.spec(key.model)

        def play() -> Recording:
            if self.stop_file.exists():
                raise RunInterrupted(f"{key.id}: the session was interrupted before this trajectory started")
            choice = self.options.sandbox
            if choice is None or choice.backend == "local":
                check_host(entry.task)  # the host's fault, not the model's: never recorded, so a re-run tries again
            try:
                agent = spec.make(entry, key)
            except MissingCredentials:
                raise  # configuration, not the model's doing: never recorded, so the next run tries again
            except Exception as exc:  # recorded like any other failed run, so it is not retried silently
                error = f"{type(exc).__name__}: {exc}"
                return Recording(
                    Trajectory(key=key, fingerprint=fingerprint, agent=key.model, status="failed", error=error)
                )
            stack, sandbox = self.stack(key), self._sandbox_maker(key)
            rec = run_trajectory(key, entry, stack, agent, fingerprint, sandbox, self.stop_file.exists)
            rec.trajectory.settings = dict(spec.settings)
            rec.trajectory.extra["sandbox"] = self.options.sandbox_info
            return rec

        rec, fresh = self.store.get_or_run(key, fingerprint, play, self.options.run_id, self.options.rerun)
        if fresh:
            self.fresh.add(key.id)
        return rec

    def _verdicts(self, key: RunKey) -> VerdictCache:
        cache = self._kept.get(key.id)
        if cache is None or cache.stamp is None:  # none yet, or made before the trajectory was recorded
            cache = self._kept[key.id] = VerdictCache(self.store.path(key), self.fingerprint(key))
        return cache

    def kept_verdict(self, key: RunKey, rule_id: str) -> dict[str, Any] | None:
        """The verdict a check gave this very recording with this very code before, when no judge decided it (None
        under `--harness-recheck`, when the session plays every trajectory again or when anything changed; an
        unjudged one only while there is still no judge)."""
        if self.options.settings.recheck or self.options.rerun:
            return None
        kept = self._verdicts(key).get(rule_id, code_digest(self.rules[rule_id].path))
        if kept is not None and kept["status"] == Status.unjudged and self.options.judge is not None:
            return None
        return kept

    def keep_verdict(self, key: RunKey, rule_id: str, verdict: dict[str, Any]) -> None:
        self._verdicts(key).put(rule_id, code_digest(self.rules[rule_id].path), verdict, self.model_id(key))

    def close(self) -> None:
        """At the end of the session: write the verdicts kept in this process (one file per trajectory) and close
        the judges' connections."""
        for cache in self._kept.values():
            cache.save()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        for judge in (self.options.judge, self.options.answers):
            if judge is not None:
                judge.close()

    def model_id(self, key: RunKey) -> str | None:
        """The served model of a recorded run, from its kept verdicts when the run itself was not loaded."""
        kept = self._kept.get(key.id)
        if key.id not in self._runs and kept is not None and kept.model_id is not None:
            return kept.model_id
        return self.run(key).trajectory.model_id

    def plan(self, keys: list[RunKey]) -> None:
        """This process's keys in the order its items run: with `--harness-concurrency=N`, each N consecutive
        trajectories are a unit, played together when the first of them is needed (the xdist scheduler hands a
        worker whole units, cut the same way)."""
        n = self.options.settings.concurrency
        if n > 1:
            ordered = list({k.id: k for k in keys}.values())
            for start in range(0, len(ordered), n):
                unit = ordered[start : start + n]
                self._units.update((k.id, unit) for k in unit)

    def _play_unit(self, key: RunKey) -> None:
        """Start the trajectories of `key`'s unit that nobody started yet, each in its own thread."""
        for other in self._units.get(key.id, ()):
            if other.id not in self._started:
                if self._pool is None:
                    n = self.options.settings.concurrency
                    self._pool = ThreadPoolExecutor(max_workers=n, thread_name_prefix="harnessif-trajectory")
                self._started.add(other.id)
                self._pending[other.id] = self._pool.submit(self.recording, other)

    def run(self, key: RunKey) -> Run:
        """The evidence view of `key` (kept in a small per-process cache); a failed run raises."""
        cached = self._runs.get(key.id)
        if cached is None:
            self._play_unit(key)
            pending = self._pending.pop(key.id, None)
            try:
                rec = pending.result() if pending is not None else self.recording(key)
            except Exception as exc:  # a model-spec or sandbox fault before recording started
                raise TrajectoryFailed(f"trajectory {key.id} could not run: {type(exc).__name__}: {exc}") from exc
            if rec.trajectory.status != "ok":
                raise TrajectoryFailed(f"trajectory {key.id} failed: {rec.trajectory.error}")
            choice, labels = self.options.sandbox, self._labels(key)
            factory = LocalSandbox if choice is None else (lambda: choice.empty(labels))
            cached = Run(rec.trajectory, self.tasks[key.task].task, rec.snapshots.__getitem__, factory)
            self._runs[key.id] = cached
            while len(self._runs) > RUN_CACHE_SIZE:
                self._runs.popitem(last=False)
        self._runs.move_to_end(key.id)
        return cached
