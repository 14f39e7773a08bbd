"""The judge: N votes on one request (cached by content hash), majority, and every vote kept for the record."""

from __future__ import annotations

import threading
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ..agents.base import Completion, Message, ModelClient
from ..agents.registry import AgentContext, client_factory, endpoint
from ..agents.settings import ModelSettings
from ..digest import digest
from ..files import CacheWarning, DiskCache
from ..rulemeta import Rubric
from ..schema import JudgeRecord, Status, Vote
from ..trajectory import ToolSchema
from .answer import AnswerError, parse_answer
from .prompt import Request
from .votes import majority

REFUSALS = frozenset({"refusal", "content_filter"})
RAW_KEPT = 4000  # characters of each raw answer kept in the verdict row
CACHE_DIR = Path(".harnessif") / "judge"  # the answer cache, under the rootdir (pytest) or the working directory
RETRY_FIELDS = ("timeout", "max_retries", "retry_max_wait", "retry_total", "provider_concurrency", "provider_rpm")
"""The judge calls as agents do: the same timeouts and retries, under the same host limits of its endpoint."""


class JudgeSettings(BaseModel):
    """How the judge is called (spec 4.3: 3 votes at temperature 0.3); part of every cache key. The
    `--harness-judge-*` options are generated from these fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    votes: Annotated[int, Field(ge=1, description="votes per judged verdict")] = 3
    temperature: Annotated[float, Field(ge=0, le=2, description="judge temperature")] = 0.3
    max_tokens: Annotated[int, Field(ge=16, description="judge output tokens per vote")] = 1024
    budget: Annotated[int, Field(ge=200, description="evidence characters per judge request")] = 24_000


class LazyClient:
    """A `ModelClient` built at its first call, so a judge whose votes all come from the cache never imports a
    provider SDK."""

    def __init__(self, factory: Callable[[], ModelClient], model_id: str) -> None:
        self.model_id = model_id
        self._factory = factory
        self._client: ModelClient | None = None
        self._lock = threading.Lock()

    def complete(self, system: str, messages: list[Message], tools: list[ToolSchema]) -> Completion:
        with self._lock:
            if self._client is None:
                self._client = self._factory()
        return self._client.complete(system, messages, tools)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()


class Judge:
    """Grades requests with one model client. `calls` and `hits` count model calls and cache hits."""

    def __init__(
        self,
        name: str,
        client: ModelClient,
        settings: JudgeSettings | None = None,
        cache: DiskCache | None = None,
        rejudge: bool = False,
    ) -> None:
        self.name = name
        self.client = client
        self.settings = settings or JudgeSettings()
        self.cache = cache
        self.rejudge = rejudge
        self.calls = 0
        self.hits = 0
        self._lock = threading.Lock()

    @classmethod
    def from_spec(
        cls,
        spec: str,
        settings: JudgeSettings | None = None,
        *,
        calls: ModelSettings | None = None,
        cache_dir: Path | None = None,
        rejudge: bool = False,
    ) -> Judge:
        """A judge on a provider spec (`provider/model[@base_url]`) whose calls time out and retry as `calls` (the
        agents' settings) do; raises ModelSpecError / MissingCredentials."""
        settings = settings or JudgeSettings()
        retries = (calls or ModelSettings()).model_dump(include=set(RETRY_FIELDS))
        model = ModelSettings(temperature=settings.temperature, max_tokens=settings.max_tokens, **retries)
        ctx = AgentContext(settings=model)
        name = endpoint(spec).name
        cache = DiskCache(cache_dir) if cache_dir is not None else None
        return cls(name, LazyClient(client_factory(spec, ctx), name), settings, cache, rejudge)

    def request(self, rubric: Rubric, evidence: dict[str, str]) -> Request:
        return Request.build(rubric, evidence, self.settings.budget)

    def _key(self, request: Request, index: int) -> str:
        s = self.settings
        return digest([request.hash, self.name, s.temperature, s.max_tokens, index], size=32)

    def _cached(self, key: str) -> dict[str, Any] | None:
        """The cached answer of one vote; an entry without a raw answer is warned about and judged again."""
        if self.cache is None or self.rejudge:
            return None
        data = self.cache.get(key)
        if data is not None and not (isinstance(data, dict) and isinstance(data.get("raw"), str)):
            problem = f"judge cache entry {self.cache.path(key)} has no 'raw' answer; judging again"
            warnings.warn(CacheWarning(problem), stacklevel=2)
            return None
        return data

    def _vote(self, request: Request, index: int) -> Vote:
        key = self._key(request, index)
        cached = self._cached(key)
        with self._lock:
            if cached is None:
                self.calls += 1
            else:
                self.hits += 1
        if cached is None:
            try:
                completion = self.client.complete(request.system, [Message("user", request.user)], [])
            except Exception as exc:  # a call that failed after its retries: this vote is unusable, not cached
                return Vote(index=index, status=None, problem=f"call failed: {type(exc).__name__}: {exc}"[:500])
            answer = {"raw": completion.text, "stop_reason": completion.stop_reason, "model_id": completion.model_id}
            if self.cache is not None:
                self.cache.put(key, {**answer, "judge": self.name, "request": request.hash, "vote": index})
            return self._read(index, answer["raw"], completion.stop_reason, cached=False)
        return self._read(index, cached["raw"], str(cached.get("stop_reason", "")), cached=True)

    @staticmethod
    def _read(index: int, raw: str, stop_reason: str, cached: bool) -> Vote:
        kept = raw[:RAW_KEPT]
        if stop_reason in REFUSALS:
            return Vote(index=index, status=None, raw=kept, problem=f"refused ({stop_reason})", cached=cached)
        try:
            answer = parse_answer(raw)
        except AnswerError as exc:
            cut = " (answer cut at max_tokens)" if stop_reason == "max_tokens" else ""
            return Vote(index=index, status=None, raw=kept, problem=f"unparseable: {exc}{cut}", cached=cached)
        return Vote(index=index, status=Status(answer.verdict), reason=answer.reason, raw=kept, cached=cached)

    def decide(self, request: Request) -> tuple[JudgeRecord, str]:
        """Vote (concurrently when calls are needed) and take the majority: (record, verdict reason)."""
        n = self.settings.votes
        with ThreadPoolExecutor(max_workers=n) as pool:
            votes = list(pool.map(lambda i: self._vote(request, i), range(n)))
        status, reason = majority(votes)
        record = JudgeRecord(
            judge=self.name,
            status=status,
            votes=votes,
            request=request.hash,
            truncated=request.truncated,
            calls=sum(not v.cached for v in votes),
            cached=sum(v.cached for v in votes),
        )
        return record, reason

    def close(self) -> None:
        self.client.close()
