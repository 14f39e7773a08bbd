"""The harness of an audit (`--harness-audit`): the sessions imported from other harnesses' logs stand where recorded
trajectories stand, each (session, rule) an item; nothing is played, and nothing was placed."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .audit.record import LogError
from .audit.rulesfile import AuditRules, choose, read_rules_file
from .audit.sessions import Session, load
from .digest import digest
from .entries import TaskEntry
from .evidence import Run
from .harness import Harness
from .library import LibraryError, composable, load_rules
from .schema import RunKey, Status, Surface
from .store import Store
from .trajectory import Recording

Classify = Callable[[Sequence[str]], list[str]]


@dataclass
class AuditHarness(Harness):
    """`Harness` over imported sessions; `classify` labels the intents of user turns the log did not label."""

    classify: Classify | None = None
    sessions: dict[str, Session] = field(init=False, default_factory=dict)
    broken: list[LogError] = field(init=False, default_factory=list)
    chosen: AuditRules = field(init=False, default_factory=AuditRules)
    _stored: set[str] = field(init=False, default_factory=set)

    def __post_init__(self) -> None:
        o = self.options
        self.rules = load_rules(o.rules_dirs)
        source = o.settings.audit_rules
        try:
            plan = read_rules_file(source) if source is not None and source.is_file() else AuditRules()
            self.chosen = choose(plan, self.rules, source)
        except ValueError as exc:
            raise LibraryError(str(exc)) from None
        found, self.broken = load(o.audit, self.chosen, format=o.settings.audit_format, classify=self.classify)
        self.sessions = {s.id: s for s in found}
        self.tasks = {s.id: TaskEntry(s.task, s.imported.source.parent, None, None) for s in found}
        self.placements = {sid: {} for sid in self.sessions}
        self.store = Store(o.store_dir, digest(["audit", o.population]))

    def header(self) -> str:
        formats = Counter(s.imported.format for s in self.sessions.values())
        kinds = ", ".join(f"{n} {f}" for f, n in sorted(formats.items())) or "none"
        lines = [f"harnessif: audit of {len(self.sessions)} session(s) ({kinds}) against "
                 f"{len(self.chosen.rules or ())} rule(s); run {self.options.run_id}"]  # fmt: skip
        judge = self.options.judge
        lines.append(f"harnessif: judge {judge.name}" if judge is not None else
                     "harnessif: no judge (--harness-judge): judge-based rules are reported unjudged")  # fmt: skip
        lines += [f"harnessif: not imported: {e}" for e in self.broken]
        if not self.sessions:
            lines.append("harnessif: WARNING: no session could be imported: nothing to audit")
        return "\n".join(lines)

    def record_meta(self) -> dict[str, Any]:
        meta = super().record_meta()
        meta["models"] = sorted({s.key.model for s in self.sessions.values()})
        meta["audit"] = {
            "paths": [str(p) for p in self.options.audit],
            "sessions": len(self.sessions),
            "formats": {sid: s.imported.format for sid, s in sorted(self.sessions.items())},
            "sources": {sid: str(s.imported.source) for sid, s in sorted(self.sessions.items())},
            "lacks": {sid: sorted(s.imported.lacks) for sid, s in sorted(self.sessions.items())},
            "flows": {sid: [t.intent for t in s.trajectory.turns] for sid, s in sorted(self.sessions.items())},
            "not_imported": [str(e) for e in self.broken],
            "rules": list(self.chosen.rules or ()),
            "statements": {r: self.rules[r].meta.statement for r in self.chosen.rules or ()},
        }
        return meta

    def expected(self) -> int:
        return sum(len(self.keys_for(rule_id)) for rule_id in self.rules)

    def keys_for(self, rule_id: str, runnable: bool = True) -> list[RunKey]:
        """Every session, for each audited rule (none for a rule the audit does not score)."""
        return self._keys_by_rule.get(rule_id, [])

    @functools.cached_property
    def _keys_by_rule(self) -> dict[str, list[RunKey]]:
        keys = [s.key for _, s in sorted(self.sessions.items())]
        return {rule_id: keys for rule_id in self.chosen.rules or ()}

    def surface(self, task_id: str, rule_id: str) -> Surface | None:
        return None  # nothing was placed: the team's rules hold wherever they were written

    def kept_verdict(self, key: RunKey, rule_id: str) -> dict[str, Any] | None:
        """A rule the session cannot give an opportunity to (another kind of work, another language, a wording that
        needs a task field the audit does not name) is n/a with that reason, its check not called; otherwise the
        kept verdict, as for a recorded run."""
        refusal = composable(self.rules[rule_id].meta, self.sessions[key.task].task)
        if refusal is not None:
            return {"status": Status.na, "reason": f"not auditable on this session: the rule {refusal}",
                    "artifact": None}  # fmt: skip
        return super().kept_verdict(key, rule_id)

    def fingerprint(self, key: RunKey) -> str:
        return self.sessions[key.task].fingerprint

    def recording(self, key: RunKey) -> Recording:
        """The imported session, kept in the store like a recorded run (the report's transcript pages read it)."""
        session = self.sessions[key.task]
        rec, _ = self.store.get_or_run(key, session.fingerprint, lambda: Recording(session.trajectory.model_copy()),
                                       self.options.run_id)  # fmt: skip
        return rec

    def run(self, key: RunKey) -> Run:
        """The session's evidence view, once it is in the store (written once per process)."""
        if key.id not in self._stored:
            self.recording(key)
            self._stored.add(key.id)
        return self.sessions[key.task].run

    def model_id(self, key: RunKey) -> str | None:
        return self.sessions[key.task].trajectory.model_id
