"""The event envelope and the canonical JSON body sent to subscribers."""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any


def _new_id() -> str:
    return f"evt_{uuid.uuid4().hex[:16]}"


def _now() -> int:
    return int(time.time())


@dataclass(frozen=True)
class Event:
    """Something that happened in a service and that subscribers may want to hear about."""

    type: str
    payload: dict[str, Any]
    id: str = field(default_factory=_new_id)
    created_at: int = field(default_factory=_now)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready envelope delivered to subscribers."""
        return {
            "id": self.id,
            "type": self.type,
            "created_at": self.created_at,
            "data": self.payload,
        }


def encode_body(event: Event) -> bytes:
    """The request body for `event`: compact, key-sorted UTF-8 JSON."""
    return json.dumps(event.to_dict(), separators=(",", ":"), sort_keys=True).encode("utf-8")
