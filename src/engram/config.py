"""Configuration: both accepted shapes become one validated :class:`Config`.

Shape 1 (harness)::

    {"harness": {"memory": {...}, "history": {...}, "context": {...}}}

Shape 2 (managed / bring-your-own / disabled memory plus truncation)::

    {"memory": {"managedMemoryConfiguration": {"eventExpiryDuration": 30, "strategies": ["SEMANTIC"]}}
               | {"agentCoreMemoryConfiguration": {"arn": ..., "actorId": ..., "messagesCount": 20,
                                                    "retrievalConfig": {"/facts/{actorId}/": {"topK": 10}}}}
               | {"disabled": {}},
     "truncation": {"strategy": "sliding_window", "config": {"slidingWindow": {"messagesCount": 40}}}}

Unknown fields and bad values raise :class:`~engram.errors.ConfigError` naming the field path and rule.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .core.namespace import level_of_template
from .errors import ConfigError

DEFAULT_KINDS = ("guidance", "fact", "event", "reference")
STRATEGY_TYPES = ("SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC", "CUSTOM")
DEFAULT_NAMESPACES = {
    "SEMANTIC": "/facts/{actorId}/",
    "SUMMARIZATION": "/summary/{actorId}/{sessionId}/",
    "USER_PREFERENCE": "/preferences/{actorId}/",
    "EPISODIC": "/episodes/{actorId}/{sessionId}/",
    "CUSTOM": "/custom/{actorId}/",
}
ToolName = Literal["add_memory", "read_memory", "delete_memory", "search_memory", "search_history",
                   "retrieve_result"]
MEMORY_TOOLS: tuple[ToolName, ...] = ("add_memory", "read_memory", "delete_memory", "search_memory",
                                      "search_history", "retrieve_result")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class ScopeRules(_Strict):
    read: tuple[Literal["session", "actor", "agent"], ...] = ("session",)
    write: tuple[Literal["session", "actor", "agent"], ...] = ("session",)


class Label(_Strict):
    number: int = Field(ge=1, le=10_000)
    description: str = Field(min_length=1, max_length=500)


class Retrieval(_Strict):
    """Per-namespace retrieval: how many records (``topK``) and the least meaning score kept."""

    top_k: int = Field(10, alias="topK", ge=1, le=100)
    relevance_score: float = Field(0.2, alias="relevanceScore", ge=0.0, le=1.0)
    strategy_id: str | None = Field(None, alias="strategyId")


class Search(_Strict):
    mode: Literal["hybrid", "lexical", "vector"] = "hybrid"
    max_results: int = Field(10, ge=1, le=200)
    min_score: float | None = Field(None, ge=0.0, le=1.0)
    recency_half_life_days: float | None = Field(None, gt=0)
    recency_weight: float = Field(0.2, ge=0.0, le=1.0)


class Pinned(_Strict):
    max_tokens: int = Field(500, ge=0, le=100_000)


class Strategy(_Strict):
    """One long-term extraction strategy and the namespace template it writes under."""

    type: Literal["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC", "CUSTOM"]
    id: str | None = Field(None, pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
    namespace: str | None = None
    reflection_namespace: str | None = None
    prompt: str | None = Field(None, max_length=20_000)
    prompt_mode: Literal["append", "replace"] = "append"
    model: str | None = None

    @property
    def strategy_id(self) -> str:
        return self.id or self.type.lower()

    @property
    def namespace_template(self) -> str:
        return self.namespace or DEFAULT_NAMESPACES[self.type]

    @property
    def level(self) -> Literal["session", "actor", "agent"]:
        return level_of_template(self.namespace_template)

    @model_validator(mode="after")
    def _check(self) -> Strategy:
        if self.type == "CUSTOM" and not self.prompt:
            raise ValueError("a CUSTOM strategy needs a prompt")
        return self


class EveryMessages(_Strict):
    """``extraction.every`` as ``{"messages": N}``: review once N messages were added."""

    messages: int = Field(ge=1, le=10_000)


class Extraction(_Strict):
    """When and how memory is extracted at turn end.

    ``every`` is the Twisp spelling of ``trigger``/``every_n``: ``"turn"`` (each turn) or
    ``{"messages": N}``. ``review`` turns on the default memory review (:mod:`engram.review`) when no
    strategy is configured; ``prompt`` replaces the review's default instructions for what to keep.
    """

    trigger: Literal["turn_end", "every_n", "async", "off"] = "turn_end"
    every_n: int = Field(10, ge=1, le=10_000)
    neighbors: int = Field(5, ge=1, le=50)
    every: Literal["turn"] | EveryMessages | None = None
    review: bool = False
    prompt: str | None = Field(None, min_length=1, max_length=20_000)

    @model_validator(mode="before")
    @classmethod
    def _every(cls, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("every") is None:
            return data
        every = data["every"]
        if every == "turn":
            want: dict[str, Any] = {"trigger": "turn_end"}
        elif isinstance(every, dict) and isinstance(every.get("messages"), int) \
                and not isinstance(every.get("messages"), bool):
            want = {"trigger": "every_n", "every_n": every["messages"]}
        else:
            raise ValueError('every must be "turn" or {"messages": N} with N a whole number from 1 to 10000')
        for k, v in want.items():
            if k in data and data[k] != v:
                raise ValueError(f"every {every!r} contradicts {k} {data[k]!r}; give one of them")
        return {**data, **want}


class Memory(_Strict):
    enabled: bool = True
    model: str | None = None
    embedder: str | None = None
    agent_version: str | None = None
    scope: ScopeRules = ScopeRules()
    kinds: tuple[str, ...] = DEFAULT_KINDS
    labels: dict[str, Label] = Field(default_factory=dict)
    strategies: tuple[Strategy, ...] = ()
    retrieval: dict[str, Retrieval] = Field(default_factory=dict)
    search: Search = Search()
    pinned: Pinned = Pinned()
    extraction: Extraction = Extraction()
    tools: tuple[ToolName, ...] = MEMORY_TOOLS
    prompt: str | None = Field(None, max_length=20_000)

    @field_validator("kinds")
    @classmethod
    def _kinds(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        if not v:
            raise ValueError("at least one kind is needed")
        for k in v:
            if not k or len(k) > 64 or not k.replace("_", "").replace("-", "").isalnum():
                raise ValueError(f"kind {k!r} must be 1-64 letters, digits, '-' or '_'")
        return v

    @field_validator("labels")
    @classmethod
    def _labels(cls, v: dict[str, Label]) -> dict[str, Label]:
        numbers: dict[int, str] = {}
        for name, label in v.items():
            if not name.replace("_", "").isalnum() or len(name) > 64:
                raise ValueError(f"label name {name!r} must be letters, digits and '_'")
            if label.number in numbers:
                raise ValueError(f"labels {numbers[label.number]!r} and {name!r} share number {label.number}")
            numbers[label.number] = name
        return v


class History(_Strict):
    index: Literal["none", "messages", "messages_and_tools"] = "messages"
    messages_count: int = Field(20, alias="messagesCount", ge=0, le=10_000)
    event_expiry_days: int = Field(30, alias="eventExpiryDuration", ge=1, le=3650)


class Truncation(_Strict):
    strategy: Literal["sliding_window", "summarization", "none"] = "sliding_window"
    messages_count: int = Field(40, alias="messagesCount", ge=1, le=10_000)
    keep_last: int = Field(6, alias="keepLast", ge=0, le=1_000)


class Context(_Strict):
    truncation: Truncation = Truncation()
    offload_threshold_tokens: int = Field(2000, ge=50, le=1_000_000)
    preview_tokens: int = Field(200, ge=10, le=10_000)
    max_tokens: int = Field(100_000, ge=1_000, le=10_000_000)


class Harness(_Strict):
    memory: Memory = Memory()
    history: History = History()
    context: Context = Context()


class Config(_Strict):
    """The one validated configuration. Build it with :func:`load_config`."""

    harness: Harness = Harness()

    @property
    def memory(self) -> Memory:
        return self.harness.memory

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


# -- the managed / bring-your-own / disabled shape -----------------------------------------------------


class _Managed(_Strict):
    event_expiry: int = Field(30, alias="eventExpiryDuration", ge=1, le=3650)
    strategies: tuple[Literal["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC"], ...] = (
        "SEMANTIC", "SUMMARIZATION")
    arn: str | None = None
    encryption_key_arn: str | None = Field(None, alias="encryptionKeyArn")


class _ByoRetrieval(_Strict):
    top_k: int = Field(10, alias="topK", ge=1, le=100)
    relevance_score: float = Field(0.2, alias="relevanceScore", ge=0.0, le=1.0)
    strategy_id: str | None = Field(None, alias="strategyId")


class _Byo(_Strict):
    arn: str | None = None
    actor_id: str | None = Field(None, alias="actorId")
    messages_count: int = Field(20, alias="messagesCount", ge=0, le=10_000)
    retrieval_config: dict[str, _ByoRetrieval] = Field(default_factory=dict, alias="retrievalConfig")


class _MemoryUnion(_Strict):
    managed: _Managed | None = Field(None, alias="managedMemoryConfiguration")
    byo: _Byo | None = Field(None, alias="agentCoreMemoryConfiguration")
    disabled: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _one(self) -> _MemoryUnion:
        chosen = [n for n in ("managed", "byo", "disabled") if getattr(self, n) is not None]
        if len(chosen) > 1:
            raise ValueError("give exactly one of managedMemoryConfiguration, agentCoreMemoryConfiguration, "
                             "disabled")
        if self.disabled:
            raise ValueError("disabled takes an empty object")
        return self


class _SlidingWindow(_Strict):
    messages_count: int = Field(40, alias="messagesCount", ge=1, le=10_000)


class _Summarization(_Strict):
    keep_last: int = Field(6, alias="keepLast", ge=0, le=1_000)
    messages_count: int = Field(40, alias="messagesCount", ge=1, le=10_000)


class _TruncConfig(_Strict):
    sliding_window: _SlidingWindow | None = Field(None, alias="slidingWindow")
    summarization: _Summarization | None = None


class _Truncation(_Strict):
    strategy: Literal["sliding_window", "summarization", "none"] = "sliding_window"
    config: _TruncConfig = _TruncConfig()


class _AgentCoreShape(_Strict):
    memory: _MemoryUnion | None = None
    truncation: _Truncation | None = None


def _from_agentcore(doc: _AgentCoreShape) -> dict[str, Any]:
    memory: dict[str, Any] = {}
    history: dict[str, Any] = {}
    if doc.memory is None or doc.memory.managed is not None or (
            doc.memory.byo is None and doc.memory.disabled is None):
        managed = (doc.memory.managed if doc.memory else None) or _Managed()
        memory = {"enabled": True, "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                  "strategies": [{"type": t} for t in managed.strategies]}
        history = {"eventExpiryDuration": managed.event_expiry}
    elif doc.memory.byo is not None:
        byo = doc.memory.byo
        memory = {"enabled": True, "scope": {"read": ["session", "actor", "agent"],
                                             "write": ["session", "actor", "agent"]},
                  "retrieval": {ns: r.model_dump(by_alias=True, exclude_none=True)
                                for ns, r in byo.retrieval_config.items()}}
        history = {"messagesCount": byo.messages_count}
    else:
        memory = {"enabled": False}
    context: dict[str, Any] = {}
    if doc.truncation is not None:
        t = doc.truncation
        trunc: dict[str, Any] = {"strategy": t.strategy}
        if t.config.sliding_window:
            trunc["messagesCount"] = t.config.sliding_window.messages_count
        if t.config.summarization:
            trunc["keepLast"] = t.config.summarization.keep_last
            trunc["messagesCount"] = t.config.summarization.messages_count
        context = {"truncation": trunc}
    return {"harness": {"memory": memory, "history": history, "context": context}}


def _error_from(exc: pydantic.ValidationError, prefix: str = "") -> ConfigError:
    err = exc.errors()[0]
    path = ".".join(str(p) for p in err["loc"])
    rule = "unknown field (not allowed)" if err["type"] == "extra_forbidden" else err["msg"]
    return ConfigError(rule, field=(prefix + path) if path else (prefix.rstrip(".") or "config"))


def load_config(source: Config | dict[str, Any] | str | Path | None) -> Config:
    """Validate a config given as a :class:`Config`, a dict of either shape, or a JSON file path."""
    if source is None:
        return Config()
    if isinstance(source, Config):
        return source
    if isinstance(source, (str, Path)):
        try:
            source = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"cannot read config file: {exc.strerror}", field="config") from exc
        except json.JSONDecodeError as exc:
            raise ConfigError(f"config file is not valid JSON: {exc.msg} at line {exc.lineno}",
                              field="config") from exc
    if not isinstance(source, dict):
        raise ConfigError("must be a JSON object", field="config")
    doc: dict[str, Any] = source
    if "harness" not in doc and ("memory" in doc or "truncation" in doc):
        try:
            shaped = _AgentCoreShape.model_validate(doc)
        except pydantic.ValidationError as exc:
            raise _error_from(exc) from None
        doc = _from_agentcore(shaped)
    if "harness" in source:
        from .review import twisp_defaults

        doc = twisp_defaults(doc)
    try:
        return Config.model_validate(doc)
    except pydantic.ValidationError as exc:
        raise _error_from(exc) from None


def check_label_numbers(old: Config, new: Config) -> None:
    """A declared label keeps its number forever: refuse a config that renumbers one."""
    for name, label in new.memory.labels.items():
        before = old.memory.labels.get(name)
        if before is not None and before.number != label.number:
            raise ConfigError(f"label {name!r} was declared with number {before.number}; "
                              f"a label keeps its number (got {label.number})",
                              field=f"harness.memory.labels.{name}.number")
    taken = {label.number: name for name, label in old.memory.labels.items()}
    for name, label in new.memory.labels.items():
        if taken.get(label.number, name) != name:
            raise ConfigError(f"number {label.number} belongs to label {taken[label.number]!r}",
                              field=f"harness.memory.labels.{name}.number")
