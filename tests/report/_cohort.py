"""A small multi-round, multi-population cohort for the report tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from pytest_harnessif.report.records import SUMMARY, VERDICTS

from ..support.verdicts import verdict

FAMILIES = ["output_control", "workflow", "code_style", "tool_use"]
MODALITIES = ["require", "forbid", "limit_max", "prefer"]
SURFACES = ["SP", "PF", "SD", "TD", "UI", None]
METHODS = ["regex", "ast", "llm_judge"]


def cohort(models: tuple[str, ...] = ("alpha", "beta", "gamma"), seed: int = 11) -> list[dict[str, Any]]:
    """3 models x 6 items x 3 rounds x 8 rules (main), plus zero-injection and non-coding rows."""
    rng = np.random.default_rng(seed)
    skill = dict(zip(models, np.linspace(0.85, 0.55, len(models)), strict=True))
    rows = []
    for m in models:
        for i in range(6):
            for rnd in (1, 2, 3):
                for k in range(8):
                    status = "pass" if rng.random() < skill[m] - 0.1 * (k % 2) else "fail"
                    rows.append(
                        verdict(
                            m,
                            f"item-{i}",
                            f"OC-{k:03d}",
                            "n/a" if rng.random() < 0.05 else status,
                            round=rnd,
                            family=FAMILIES[k % 4],
                            modality=MODALITIES[k % 4],
                            surface=SURFACES[(i + k) % 6],
                            method=METHODS[k % 3],
                            prior="against_prior" if k % 2 else "align_prior",
                            model_id=f"scripted:{m}",
                            scenario="demo",
                        )
                    )
            rows.append(verdict(m, f"item-{i}", "OC-000", "pass", prior="align_prior", population="zero_injection"))
            for rnd in (1, 2):
                rows.append(
                    verdict(
                        m,
                        f"case-{i}",
                        "PW-001",
                        "pass" if rng.random() < skill[m] else "fail",
                        round=rnd,
                        population="noncoding",
                        scenario=f"domain-{i % 2}",
                        family="professional_writing",
                    )
                )
    return rows


def save_run(run_dir: Path, rows: list[dict[str, Any]]) -> Path:
    """A run directory with only the canonical records (what `write_run` writes first), without the slow
    derived outputs: enough for the commands, which read nothing else."""
    run_dir.mkdir(parents=True)
    (run_dir / VERDICTS).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    (run_dir / SUMMARY).write_text(json.dumps({"run_id": run_dir.name}), encoding="utf-8")
    return run_dir
