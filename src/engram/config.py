"""Configuration: every accepted shape becomes one validated :class:`Config`.

Shape 1 (harness, the Twisp document)::

    {"harness": {"memory": {...}, "history": {...}, "context": {...}}}

Shape 2 (the AgentCore harness: a memory value, a truncation value, or both; see :mod:`engram.config_shapes`)::

    {"memory": {"managedMemoryConfiguration": {"eventExpiryDuration": 30, "strategies": ["SEMANTIC"]}}
               | {"agentCoreMemoryConfiguration": {"arn": ..., "retrievalConfig": {"/facts/{actorId}/": {...}}}}
               | {"disabled": {}} | {"optionalValue": <one of these>},
     "truncation": {"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}}
                   | {"strategy": "summarization", "config": {"summarization": {"summaryRatio": 0.3}}}}

Each shape starts from its own document's defaults; ``{}`` (or no config) is engram's defaults.

Unknown fields and bad values raise :class:`~engram.errors.ConfigError` naming the field path and rule.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator, model_validator

from . import config_shapes as shapes
from .core import strategy_types, validate
from .core.event_expiry import MAX_DAYS as MAX_EXPIRY_DAYS
from .core.event_expiry import MIN_DAYS as MIN_EXPIRY_DAYS
from .core.namespace import level_of_template
from .errors import ConfigError, ValidationError

DEFAULT_KINDS = ("guidance", "fact", "event", "reference")
STRATEGY_TYPES = strategy_types.NAMES  # the catalogue: core/strategy_types.py
DEFAULT_NAMESPACES = strategy_types.DEFAULT_NAMESPACES
ToolName = Literal["add_memory", "read_memory", "delete_memory", "search_memory", "search_history",
                   "retrieve_result"]
MEMORY_TOOLS: tuple[ToolName, ...] = ("add_memory", "read_memory", "delete_memory", "search_memory",
                                      "search_history", "retrieve_result")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Level = Literal["session", "actor", "agent"]
# engram's defaults (no configuration): the AgentCore document's managed memory, "memory just works":
# actor-scoped namespaces, semantic + summarization strategies, 30-day event expiry (History below)
DEFAULT_LEVELS: tuple[Level, ...] = shapes.MANAGED_LEVELS
DEFAULT_STRATEGY_TYPES = shapes.MANAGED_DEFAULT_STRATEGIES


class ScopeRules(_Strict):
    """Which levels an agent reads and writes: engram's default is the session and the actor (every session of
    that actor with this agent); the harness shape starts from the Twisp document's ``["session"]``."""

    read: tuple[Level, ...] = DEFAULT_LEVELS
    write: tuple[Level, ...] = DEFAULT_LEVELS


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
    """The pins' token budget, and whether the agent itself may pin (``add_memory``'s ``pin``). The Twisp shape
    lets the agent pin only when its document names ``harness.memory.pinned``; pins the application writes
    (``remember(..., pin=True)``, ``mem.pin``) are allowed either way."""

    max_tokens: int = Field(500, ge=0, le=100_000)
    by_agent: StrictBool = True


class Strategy(_Strict):
    """One long-term extraction strategy and the namespace template it writes under."""

    type: strategy_types.StrategyName
    id: str | None = Field(None, pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
    namespace: str | None = Field(None, max_length=validate.MAX_NAMESPACE)
    reflection_namespace: str | None = Field(None, max_length=validate.MAX_NAMESPACE)
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
        if strategy_types.BY_NAME[self.type].needs_prompt and not self.prompt:
            raise ValueError(f"a {self.type} strategy needs a prompt")
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
    review: StrictBool = False
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
                and not isinstance(every.get("messages"), bool) and 1 <= every["messages"] <= 10_000:
            want = {"trigger": "every_n", "every_n": every["messages"]}
        else:
            raise ValueError('every must be "turn" or {"messages": N} with N a whole number from 1 to 10000')
        for k, v in want.items():
            if k in data and data[k] != v:
                raise ValueError(f"every {every!r} contradicts {k} {data[k]!r}; give one of them")
        return {**data, **want}


class Memory(_Strict):
    enabled: StrictBool = True  # a JSON boolean: "yes" or 1 is refused, not read as true
    model: str | None = None
    embedder: str | None = None
    agent_version: str | None = None
    scope: ScopeRules = ScopeRules()
    kinds: tuple[str, ...] = DEFAULT_KINDS
    labels: dict[str, Label] = Field(default_factory=dict)
    strategies: tuple[Strategy, ...] = tuple(Strategy(type=t) for t in DEFAULT_STRATEGY_TYPES)
    retrieval: dict[str, Retrieval] = Field(default_factory=dict)
    search: Search = Search()
    pinned: Pinned = Pinned()
    extraction: Extraction = Extraction()
    tools: tuple[ToolName, ...] = MEMORY_TOOLS
    prompt: str | None = Field(None, max_length=20_000)
    # an attached (bring-your-own) AgentCore memory; None is managed memory (AgentCore's default)
    arn: str | None = Field(None, min_length=1, max_length=2048)
    actor_id: str | None = Field(None, min_length=1, max_length=256)  # BYO ``actorId``: the default actor
    encryption_key_arn: str | None = Field(None, min_length=1, max_length=2048)

    @property
    def retrieval_in_force(self) -> dict[str, Retrieval]:
        """Per-namespace retrieval: the configured ``retrieval`` when given ("your values take priority and no
        automatic derivation occurs"), else one entry per active strategy's namespace with the defaults
        ``topK=10``, ``relevanceScore=0.2`` (AgentCore's automatic derivation; disabled memory: none)."""
        if self.retrieval:
            return dict(self.retrieval)
        if not self.enabled:
            return {}
        return {s.namespace_template: Retrieval.model_validate({"strategyId": s.strategy_id}) for s in self.strategies}

    @field_validator("model")
    @classmethod
    def _model(cls, v: str | None) -> str | None:
        """A model spec is ``provider:model`` of a known provider; a setting that cannot apply is refused here,
        not ignored at the first extraction (the provider's key is checked when the model is first used)."""
        if v is None:
            return v
        provider, sep, name = v.strip().partition(":")
        if not sep or not provider.strip() or not name.strip():
            raise ValueError(f"expected 'provider:model' (e.g. 'openai:gpt-4o-mini'), got {v!r}")
        from .models.registry import PROVIDERS  # lazily: the providers' modules are not needed to read a config

        if provider.strip().lower() not in PROVIDERS:
            raise ValueError(f"unknown model provider {provider.strip()!r}; known: {', '.join(sorted(PROVIDERS))}")
        return v

    @field_validator("kinds")
    @classmethod
    def _kinds(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        """At least one kind, each named once: a kind declared twice is a mistake in the list (it would also
        repeat in the memory tools' ``kind`` enum, whose values JSON Schema wants unique), refused, not merged."""
        if not v:
            raise ValueError("at least one kind is needed")
        twice = sorted({k for k in v if v.count(k) > 1})
        if twice:
            raise ValueError(f"kind {twice[0]!r} is declared more than once")
        for k in v:
            if not k or len(k) > validate.MAX_KIND or not k.replace("_", "").replace("-", "").isalnum():
                raise ValueError(f"kind {k!r} must be 1-{validate.MAX_KIND} letters, digits, '-' or '_'")
        return v

    @field_validator("retrieval")
    @classmethod
    def _retrieval(cls, v: dict[str, Retrieval]) -> dict[str, Retrieval]:
        for ns in v:
            if len(ns) > validate.MAX_NAMESPACE:
                raise ValueError(f"namespace {ns[:40]!r}... must be at most {validate.MAX_NAMESPACE} characters")
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
    """History search: ``index`` is engram's (and AgentCore's) ``messages``; the Twisp shape starts from ``none``
    (:func:`engram.config_shapes.shape_defaults`). Events are stored whatever the index: it decides only what earlier
    turns keep searchable."""

    index: Literal["none", "messages", "messages_and_tools"] = "messages"
    messages_count: int = Field(20, alias="messagesCount", ge=0, le=10_000)
    event_expiry_days: int = Field(shapes.MANAGED_DEFAULT_EXPIRY_DAYS, alias="eventExpiryDuration",
                                   ge=MIN_EXPIRY_DAYS, le=MAX_EXPIRY_DAYS)


class Truncation(_Strict):
    strategy: Literal["sliding_window", "summarization", "none"] = "sliding_window"
    messages_count: int = Field(40, alias="messagesCount", ge=1, le=10_000)
    keep_last: int = Field(6, alias="keepLast", ge=0, le=1_000)
    summary_ratio: float | None = Field(None, alias="summaryRatio", gt=0.0, lt=1.0, allow_inf_nan=False)
    summary_prompt: str | None = Field(None, alias="summarizationSystemPrompt", min_length=1, max_length=20_000)


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


def _error_from(exc: pydantic.ValidationError, prefix: str = "") -> ConfigError:
    """A ConfigError naming every invalid field of the document (each with its rule), not only the first."""
    every: dict[str, str] = {}
    for err in exc.errors():
        loc = list(err["loc"])
        # a value no member of a union took is one error of the user's field, not one per member pydantic tried
        # (``every.literal['turn']``, ``every.EveryMessages.messages``): the first member's, under the field
        cut = next((i for i, p in enumerate(loc) if _union_member(p)), len(loc))
        path = ".".join(str(p) for p in loc[:cut])
        rule = "unknown field (not allowed)" if err["type"] == "extra_forbidden" else err["msg"]
        every.setdefault((prefix + path) if path else (prefix.rstrip(".") or "config"),
                         rule.removeprefix("Value error, "))
    pairs = tuple(every.items())
    return ConfigError(pairs[0][1], field=pairs[0][0], errors=pairs)


def _union_member(part: object) -> bool:
    """Whether ``part`` of an error's location is how pydantic names a union member it tried (``literal['turn']``,
    ``EveryMessages``: one of this module's models), not a field or key of the document."""
    if not isinstance(part, str):
        return False
    found = globals().get(part)
    return re.fullmatch(r"[a-z-]+\[.*\]", part) is not None or (
        isinstance(found, type) and issubclass(found, pydantic.BaseModel))


def read_source(source: Config | dict[str, Any] | str | Path) -> dict[str, Any]:
    """A configuration document as a dict: a Config, a dict, or a JSON file path."""
    if isinstance(source, Config):
        return source.to_dict()
    if isinstance(source, (str, Path)):
        try:
            source = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"cannot read config file: {exc.strerror}", field="config") from exc
        except UnicodeDecodeError as exc:
            raise ConfigError(f"config file is not UTF-8 text (byte {exc.object[exc.start]:#04x} at {exc.start})",
                              field="config") from None
        except json.JSONDecodeError as exc:
            raise ConfigError(f"config file is not valid JSON: {exc.msg} at line {exc.lineno}",
                              field="config") from exc
    if not isinstance(source, dict):
        raise ConfigError("must be a JSON object", field="config")
    try:  # a NUL, a lone surrogate or NaN would reach the store (or fail there, untyped)
        validate.json_value(source)
    except ValidationError as exc:
        raise ConfigError(exc.message, field=exc.field or "config") from None
    return source


def load_config(source: Config | dict[str, Any] | str | Path | None, *, base: Config | None = None,
                update: bool | None = None) -> Config:
    """Validate a config given as a :class:`Config`, a dict of any accepted shape, or a JSON file path.

    With ``update`` (default: only for the ``{"optionalValue": ...}`` wrapper) the document changes only the
    fields it names in ``base`` (engram's defaults when ``base`` is None), like ``update-harness``; otherwise
    it is a whole configuration, starting from its own shape's defaults (see :mod:`engram.config_shapes`).
    """
    if source is None:
        return base if base is not None and update else Config()
    if isinstance(source, Config) and not update:
        return source
    doc = read_source(source)
    base_doc = (base or Config()).to_dict()
    patch, shape, wrapped = shapes.translate(doc, base_doc)
    if update is None:
        update = wrapped
    start = base_doc if update else shapes.shape_defaults(shape, patch)
    given = patch
    if shape == "harness":
        patch = _update_pins(patch) if update else twisp_defaults(patch)
    merged = shapes.merge(start, patch)
    if update:
        merged = _update_tools(base_doc, merged)
    try:
        cfg = Config.model_validate(merged)
    except pydantic.ValidationError as exc:
        raise _error_from(exc) from None
    check_applies(cfg)
    if shape == "harness" and not update:
        check_enabled_named(given)  # after the values' own checks: a bad value is named for what it is
    return cfg


def check_applies(cfg: Config) -> None:
    """Refuse a setting that would be silently ignored: ``harness.memory.model`` is the extraction model, so
    naming one where enabled memory runs no extraction (no strategies, no memory review) is an error, not a
    no-op. (Disabled memory keeps its settings for when it is turned on again.)"""
    m = cfg.memory
    if m.model is not None and m.enabled and not m.strategies and not m.extraction.review:
        raise ConfigError("names the extraction model, but this configuration extracts nothing (no strategies and "
                          'no memory review): add strategies, or "enabled": true for the memory review',
                          field="harness.memory.model")


# what only enabled memory does: naming one of these in the harness shape without ``enabled`` would be ignored
NEEDS_ENABLED = ("strategies", "tools", "model", "extraction")
# the tools that need memory on (``search_history`` and ``retrieve_result`` are offered with memory off too)
ENABLED_TOOLS = ("add_memory", "read_memory", "delete_memory", "search_memory")


def _asks_for(name: str, value: Any) -> bool:
    """Whether a harness memory field's ``value`` sets up something only enabled memory does."""
    if name == "tools" and isinstance(value, list):
        return any(t in ENABLED_TOOLS for t in value)
    return bool(value) if name != "model" else value is not None


def check_enabled_named(doc: dict[str, Any]) -> None:
    """In the harness shape memory is on only with ``"enabled": true`` ("With `harness.memory.enabled`, an agent
    keeps durable facts"): a document that sets up what only enabled memory does (strategies, memory tools, the
    extraction model, extraction) without naming ``enabled`` is refused naming that field, not stored unused.
    ``"enabled": false`` keeps such settings for when memory is turned on again, as an update turning memory off
    keeps what is stored (so ``engram config show`` of a switched-off memory can be sent back as it is)."""
    harness = doc.get("harness")
    memory = harness.get("memory") if isinstance(harness, dict) else None
    if not isinstance(memory, dict) or "enabled" in memory:
        return
    for name in NEEDS_ENABLED:
        if name in memory and _asks_for(name, memory[name]):
            raise ConfigError(f'memory is off in the harness shape unless it names "enabled": true, so {name} '
                              'would do nothing: add "enabled": true (or "enabled": false to keep the setting '
                              "for later)", field=f"harness.memory.{name}")


def twisp_defaults(doc: dict[str, Any]) -> dict[str, Any]:
    """A harness document with the Twisp document's memory defaults filled in where it is silent.

    ``tools`` lists what the document offers: the ones it lists among ``add_memory``, ``read_memory`` and
    ``delete_memory`` ("With harness.memory.tools, the agent can also save ... read ... delete"), ``search_memory``
    when memory is ``enabled`` ("The agent can search its memory with search_memory": the document's own snippet
    lists only the other three), ``search_history`` with an index ("With an index, the agent has
    `search_history`") and ``retrieve_result`` for offloaded tool results ("a reference the agent retrieves it
    with", whatever the memory settings). Without ``"enabled": true`` no memory tool is offered. A document naming
    ``"enabled": true`` gets the review on unless it lists strategies (``false``: off); one naming ``pinned`` lets
    the agent pin (``pinned.by_agent``)."""
    harness = doc.get("harness")
    if not isinstance(harness, dict):
        return doc
    raw = harness.get("memory", {})
    if not isinstance(raw, dict):
        return doc  # refused by validation, naming the field
    memory = _pins_named({k: v for k, v in raw.items() if k != "pinned" or v is not None})  # null: not named
    history = harness.get("history")
    index = history.get("index", shapes.TWISP_HISTORY_INDEX) if isinstance(history, dict) \
        else shapes.TWISP_HISTORY_INDEX
    enabled = memory.get("enabled") is True
    tools = memory.get("tools", [])
    if isinstance(tools, list):  # opt-in: what validation refuses in the list stays for it to name
        memory["tools"] = _with_automatic_tools(tools, enabled, index)
    if "enabled" in memory:
        extraction = memory.get("extraction")
        if extraction is None or isinstance(extraction, dict):
            extraction = dict(extraction or {})
            extraction.setdefault("review", enabled and not memory.get("strategies"))
            memory["extraction"] = extraction
    return {**doc, "harness": {**harness, "memory": memory}}


def _with_automatic_tools(tools: list[Any], enabled: bool, index: Any) -> list[Any]:
    """``tools`` plus what the harness shape offers without listing it: ``search_memory`` with memory on,
    ``search_history`` with a history index, ``retrieve_result`` always (see :func:`twisp_defaults`)."""
    extra = [("search_memory", enabled), ("search_history", index != "none"), ("retrieve_result", True)]
    return tools + [t for t, on in extra if on and t not in tools]


def _pins_named(memory: dict[str, Any]) -> dict[str, Any]:
    """A harness document's memory with ``pinned.by_agent`` on where it names ``pinned`` ("With
    `harness.memory.pinned`, the agent may pin a record"); the harness shape starts from ``by_agent`` off."""
    pinned = memory.get("pinned")
    if not isinstance(pinned, dict) or "by_agent" in pinned:
        return dict(memory)  # not named (or refused by validation, naming the field), or said explicitly
    return {**memory, "pinned": {**pinned, "by_agent": True}}


def _update_pins(patch: dict[str, Any]) -> dict[str, Any]:
    """A harness-shaped update naming ``pinned`` lets the agent pin, as a whole document naming it does."""
    harness = patch.get("harness")
    memory = harness.get("memory") if isinstance(harness, dict) else None
    if not isinstance(harness, dict) or not isinstance(memory, dict):
        return patch
    return {**patch, "harness": {**harness, "memory": _pins_named(memory)}}


def _update_tools(base: dict[str, Any], merged: dict[str, Any]) -> dict[str, Any]:
    """``merged`` (an update of ``base``) offering the tools a whole configuration would where the update turns
    memory or a history index on: memory adds ``search_memory``, an index ``search_history`` (either also
    ``retrieve_result``) to the tools listed. An update that turns nothing on keeps ``tools`` as listed."""
    harness = merged.get("harness")
    memory = harness.get("memory") if isinstance(harness, dict) else None
    if not isinstance(harness, dict) or not isinstance(memory, dict) or not isinstance(memory.get("tools"), list):
        return merged  # a bad value is refused by validation, naming the field
    history = harness.get("history")
    old_harness = base.get("harness", {})
    old_memory, old_history = old_harness.get("memory", {}), old_harness.get("history", {})
    index = history.get("index", "none") if isinstance(history, dict) else "none"
    turned_on = old_memory.get("enabled") is not True and memory.get("enabled") is True
    indexed = old_history.get("index", "none") == "none" and index != "none"
    if not (turned_on or indexed):
        return merged
    tools = _with_automatic_tools(memory["tools"], memory.get("enabled") is True, index)
    return {**merged, "harness": {**harness, "memory": {**memory, "tools": tools}}}


def check_label_numbers(old: Config, new: Config) -> None:
    """A declared label keeps its number forever: refuse a config that renumbers one."""
    check_label_history([(None, old)], new)


LabelFirsts = tuple[dict[str, tuple[int, int | None]], dict[int, tuple[str, int | None]]]
"""Across a run of versions: each label's first ``(number, version)``, and each number's first ``(label, version)``."""


def fold_label_history(versions: Iterable[tuple[int | None, Mapping[str, int]]],
                       start: LabelFirsts | None = None) -> LabelFirsts:
    """Extend ``start`` with ``(version, {label: number})`` pairs, oldest first (the first declaration wins)."""
    first_number, first_owner = (dict(start[0]), dict(start[1])) if start else ({}, {})
    for version, numbers in versions:
        for name, number in numbers.items():
            first_number.setdefault(name, (number, version))
            first_owner.setdefault(number, (name, version))
    return first_number, first_owner


def check_label_history(versions: Sequence[tuple[int | None, Config]], new: Config) -> None:
    """Refuse ``new`` unless every label keeps, across ALL earlier ``(version, config)`` pairs, the number it
    was first declared with, and no number ever passes to another label (dropped labels included)."""
    check_label_firsts(fold_label_history((v, {n: lb.number for n, lb in cfg.memory.labels.items()})
                                          for v, cfg in versions), new)


def check_label_firsts(firsts: LabelFirsts, new: Config) -> None:
    """:func:`check_label_history` against the folded history of the earlier versions."""
    first_number, first_owner = firsts
    for name, label in new.memory.labels.items():
        field = f"harness.memory.labels.{name}.number"
        known = first_number.get(name)
        where = lambda v: f" in version {v}" if v is not None else ""  # noqa: E731
        if known is not None and known[0] != label.number:
            raise ConfigError(f"label {name!r} was declared with number {known[0]}{where(known[1])}; a label keeps "
                              f"its number forever, across every version (got {label.number})", field=field)
        owner = first_owner.get(label.number)
        if owner is not None and owner[0] != name:
            raise ConfigError(f"number {label.number} belongs to label {owner[0]!r}{where(owner[1])}; a label "
                              "number is never given to another label, even after that label is dropped",
                              field=field)
