"""The session's harness: the rule panel's, or an audit's over imported logs (with the SWE-TaskFlow intent
classifier labelling their user turns)."""

from __future__ import annotations

from pathlib import Path

from .credentials import MissingCredentials
from .harness import Harness
from .session import ConfigError, Options

CLASSIFIER_CACHE = Path(".harnessif") / "taskflow-cache"


def make_harness(options: Options, root: Path) -> Harness:
    """`Harness(options)`, or with `--harness-audit` the `AuditHarness` (a bad classifier spec is a ConfigError)."""
    if not options.audit:
        return Harness(options)
    from .agents.registry import ModelSpecError
    from .auditharness import AuditHarness
    from .files import DiskCache
    from .taskflow.classify import labeller
    from .taskflow.models import make_model

    spec = options.settings.audit_classifier
    try:
        model = make_model(spec)
    except (ModelSpecError, MissingCredentials) as exc:
        raise ConfigError(f"--harness-audit-classifier={spec}: {exc}") from None
    cache = None if spec == "baseline" else DiskCache(root / CLASSIFIER_CACHE)
    return AuditHarness(options, classify=labeller(model, cache))
