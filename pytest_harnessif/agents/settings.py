"""Settings of a model-backed agent: sampling, per-call timeouts and retries, per-turn and per-run limits."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

PositiveFloat = Annotated[float, Field(gt=0)]


class ModelSettings(BaseModel):
    """How one model is called. Part of the run fingerprint, so changing any of them re-runs the keys."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    temperature: Annotated[float, Field(ge=0, le=2)] | None = None
    max_tokens: Annotated[int, Field(ge=1)] = 4096
    reasoning_effort: str | None = None
    timeout: PositiveFloat = 120.0
    max_retries: Annotated[int, Field(ge=0)] = 6
    retry_max_wait: PositiveFloat = 60.0
    retry_total: PositiveFloat = 600.0


class Limits(BaseModel):
    """Budgets. A turn that reaches `turn_steps` ends (the next user turn still arrives); reaching a run budget
    ends the whole run with a typed reason (`run_steps`, `run_tokens`, `run_seconds`, `run_cost`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn_steps: Annotated[int, Field(ge=1)] = 50
    turn_seconds: PositiveFloat | None = None
    run_steps: Annotated[int, Field(ge=1)] | None = None
    run_tokens: Annotated[int, Field(ge=1)] | None = None
    run_seconds: PositiveFloat | None = None
    run_cost: PositiveFloat | None = None
