"""The prior file (`harnessif priors` writes it, `--harness-priors` reads it): per rule, the final prior label,
its lineage, and the probe's votes. YAML, format `harnessif-priors/1` (docs/metrics.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from .files import atomic_write
from .schema import Lineage, Prior, field_errors

FORMAT = "harnessif-priors/1"


class PriorsError(ValueError):
    """Bad probe input or a bad prior file; the message says which file and field."""


class _Entry(BaseModel):
    model_config = ConfigDict(extra="allow")
    prior: Prior
    lineage: Lineage


class _File(BaseModel):
    model_config = ConfigDict(extra="allow")
    format: str
    rules: dict[str, _Entry]


def write(
    path: Path, rules: Mapping[str, Mapping[str, Any]], *, k: int, n: int, builds: Sequence[str], sources: Sequence[str]
) -> Path:
    """Write the prior file: `rules` maps each rule id to its prior, lineage, votes and curated label."""
    doc = {"format": FORMAT, "k": k, "n": n, "builds": sorted(builds), "sources": list(sources), "rules": dict(rules)}
    return atomic_write(path, yaml.safe_dump(doc, sort_keys=False))


def load_priors(path: Path) -> dict[str, tuple[Prior, Lineage]]:
    """Read a prior file: rule id -> (final prior label, lineage). Raises PriorsError naming file and field."""
    try:
        raw = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        parsed = _File.model_validate(raw)
    except OSError as exc:
        raise PriorsError(f"{path}: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise PriorsError(f"{path}: not YAML ({exc})") from None
    except ValidationError as exc:
        raise PriorsError(f"{path}: {field_errors(exc, '(file)')}") from None
    if parsed.format != FORMAT:
        raise PriorsError(f"{path}: format {parsed.format!r} is not {FORMAT!r}")
    return {rule: (e.prior, e.lineage) for rule, e in parsed.rules.items()}
