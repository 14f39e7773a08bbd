"""Subscriptions: which endpoint hears which event types."""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase


@dataclass
class Subscription:
    """An endpoint that wants events whose type matches one of `patterns` (glob syntax)."""

    id: str
    url: str
    secret: str
    patterns: tuple[str, ...] = ("*",)
    active: bool = True

    def wants(self, event_type: str) -> bool:
        """Whether this subscription should receive events of `event_type`."""
        return self.active and any(fnmatchcase(event_type, p) for p in self.patterns)


class Registry:
    """In-memory store of subscriptions, keyed by id."""

    def __init__(self) -> None:
        self._subs: dict[str, Subscription] = {}

    def add(self, sub: Subscription) -> None:
        """Register `sub`; ids must be unique."""
        if sub.id in self._subs:
            raise ValueError(f"duplicate subscription id: {sub.id}")
        self._subs[sub.id] = sub

    def remove(self, sub_id: str) -> Subscription:
        """Unregister and return the subscription with `sub_id`."""
        return self._subs.pop(sub_id)

    def deactivate(self, sub_id: str) -> None:
        """Stop deliveries to a subscription without forgetting it."""
        self._subs[sub_id].active = False

    def matching(self, event_type: str) -> list[Subscription]:
        """Active subscriptions that want `event_type`, in registration order."""
        return [s for s in self._subs.values() if s.wants(event_type)]

    def __len__(self) -> int:
        return len(self._subs)
