"""Price table: USD per million input/output tokens by model name, loaded from YAML (`--harness-prices`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..schema import field_errors
from ..trajectory import Usage


class Price(BaseModel):
    """USD per 1M tokens."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    input: Annotated[float, Field(ge=0)]
    output: Annotated[float, Field(ge=0)]


class PriceError(ValueError):
    """A price file that cannot be used; the message names the file and field."""


class PriceTable(BaseModel):
    """Prices by model name as the provider reports it or as the spec names it (exact match, then prefix)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    prices: dict[str, Price] = {}

    def cost(self, model: str, usage: Usage) -> float | None:
        """Cost of `usage` on `model`, or None when the model has no price."""
        price = self.prices.get(model) or next(
            (p for name, p in sorted(self.prices.items(), key=lambda kv: -len(kv[0])) if model.startswith(name)), None
        )
        if price is None:
            return None
        return (usage.input_tokens * price.input + usage.output_tokens * price.output) / 1_000_000

    @classmethod
    def load(cls, path: Path) -> PriceTable:
        """Read `{model: {input: USD, output: USD}}` from a YAML file."""
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            return cls.model_validate({"prices": data})
        except (OSError, yaml.YAMLError) as exc:
            raise PriceError(f"{path}: {exc}") from None
        except ValidationError as exc:
            raise PriceError(f"{path}: {field_errors(exc, skip=1)}") from None
