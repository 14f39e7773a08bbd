"""Settings of a model-backed agent: sampling, per-call timeouts and retries, per-turn and per-run limits. The
`--harness-*` options are generated from these fields (their defaults and help are written here only)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

PositiveFloat = Annotated[float, Field(gt=0)]


TRANSPORT = frozenset({"timeout", "connect_timeout", "max_retries", "connect_retries", "retry_max_wait", "retry_total",
                       "provider_concurrency", "provider_rpm"})  # fmt: skip


class ModelSettings(BaseModel):
    """How one model is called. Sampling fields are part of the run fingerprint (changing one re-runs the keys);
    the `TRANSPORT` fields (timeouts and retries) are not: they change how long a call may take, not what the
    model does."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    temperature: Annotated[float | None, Field(ge=0, le=2, description="sampling temperature (provider default)")] = (
        None
    )
    max_tokens: Annotated[int, Field(ge=1, description="max output tokens per model call")] = 4096
    reasoning_effort: Annotated[str | None, Field(description="reasoning effort where the provider has it")] = None
    timeout: Annotated[
        float, Field(gt=0, description="seconds per model call attempt", json_schema_extra={"option": "call-timeout"})
    ] = 120.0
    connect_timeout: Annotated[
        float, Field(gt=0, description="seconds to open a connection to the endpoint (within --harness-call-timeout)")
    ] = 5.0
    max_retries: Annotated[int, Field(ge=0, description="retries of a failed model call")] = 6
    connect_retries: Annotated[
        int,
        Field(
            ge=0,
            description="retries of a call whose endpoint cannot be reached (refused, DNS, connect timeout), so a "
            "dead endpoint gives up in seconds",
        ),
    ] = 2
    retry_max_wait: Annotated[float, Field(gt=0, description="longest wait between two attempts, seconds")] = 60.0
    retry_total: Annotated[float, Field(gt=0, description="seconds a model call may take, retries included")] = 600.0
    provider_concurrency: Annotated[
        int | None,
        Field(ge=1, description="model requests in flight per provider endpoint, shared by every worker of this host"),
    ] = None
    provider_rpm: Annotated[
        float | None,
        Field(gt=0, description="model requests started per minute per provider endpoint, shared by every worker of "
              "this host"),
    ] = None


class Limits(BaseModel):
    """Budgets. A turn that reaches `turn_steps` ends (the next user turn still arrives); reaching a run budget
    ends the whole run with a typed reason (`run_steps`, `run_tokens`, `run_seconds`, `run_cost`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn_steps: Annotated[int, Field(ge=1, description="model calls per user turn")] = 50
    turn_seconds: Annotated[PositiveFloat | None, Field(description="wall-time budget per user turn")] = None
    run_steps: Annotated[int | None, Field(ge=1, description="model calls per run")] = None
    run_tokens: Annotated[int | None, Field(ge=1, description="tokens (in + out) per run")] = None
    run_seconds: Annotated[PositiveFloat | None, Field(description="wall-time budget per run")] = None
    run_cost: Annotated[PositiveFloat | None, Field(description="USD budget per run (needs --harness-prices)")] = None
