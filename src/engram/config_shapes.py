"""The AgentCore harness's JSON, verbatim, as a partial engram configuration (a *patch*).

The AgentCore document configures memory and truncation with these values (each alone, or a memory value
and a truncation value together as ``{"memory": M, "truncation": T}``):

* memory: ``{"managedMemoryConfiguration": {"strategies": [...], "eventExpiryDuration": N}}``,
  ``{"agentCoreMemoryConfiguration": {"arn": ..., "retrievalConfig": {ns: {"topK", "relevanceScore",
  "strategyId"}}}}``, ``{"disabled": {}}``, or any of these in the update wrapper ``{"optionalValue": ...}``;
* truncation: ``{"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}}`` (the document),
  ``{"strategy", "config": {"slidingWindow": {"messagesCount"}, "summarization": {"summaryRatio",
  "preserveRecentMessages", "summarizationSystemPrompt"}}}`` (the AWS API), or ``summarizationConfig``.

:func:`translate` turns such a document into the harness-shaped fields it *names*, nothing else, so an update
changes only those (like ``update-harness``); :func:`shape_defaults` gives what a full configuration of that
shape starts from (each document keeps its own defaults). The managed-memory value is checked by
:mod:`engram.core.managed_memory`, as the AgentCore harness API checks it. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field, model_validator

from .core import managed_memory
from .errors import ConfigError

Shape = Literal["harness", "agentcore", "engram"]
MEMORY_KEYS = ("managedMemoryConfiguration", "agentCoreMemoryConfiguration", "disabled")
TRUNCATION_KEYS = ("strategy", "slidingWindowConfig", "summarizationConfig", "config")
MANAGED_DEFAULT_STRATEGIES = managed_memory.DEFAULT_STRATEGIES
MANAGED_DEFAULT_EXPIRY_DAYS = managed_memory.DEFAULT_EXPIRY_DAYS
# "Memory events are scoped by actorId + sessionId"
MANAGED_LEVELS: tuple[Literal["session", "actor", "agent"], ...] = ("session", "actor")
TWISP_LEVELS = ("session",)  # "harness.memory.scope ... Both default to ["session"]"
TWISP_HISTORY_INDEX = "none"  # "`none` (default) | Nothing."
TWISP_TRUNCATION = "summarization"  # "older messages are summarized, keeping the latest few word for word"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class _ByoRetrieval(_Strict):
    top_k: int | None = Field(None, alias="topK", ge=1, le=100)
    relevance_score: float | None = Field(None, alias="relevanceScore", ge=0.0, le=1.0, allow_inf_nan=False)
    strategy_id: str | None = Field(None, alias="strategyId", min_length=1, max_length=256)


class _Byo(_Strict):
    arn: str = Field(min_length=1, max_length=2048)
    actor_id: str | None = Field(None, alias="actorId", min_length=1, max_length=256)
    messages_count: int | None = Field(None, alias="messagesCount", ge=0, le=10_000)
    retrieval_config: dict[str, _ByoRetrieval] | None = Field(None, alias="retrievalConfig")


class _MemoryValue(_Strict):
    managed: Any = Field(None, alias="managedMemoryConfiguration")  # checked by core.managed_memory.parse
    byo: _Byo | None = Field(None, alias="agentCoreMemoryConfiguration")
    disabled: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _one(self) -> _MemoryValue:
        chosen = [n for n in ("managed", "byo", "disabled") if getattr(self, n) is not None]
        if len(chosen) != 1:
            raise ValueError("give exactly one of managedMemoryConfiguration, agentCoreMemoryConfiguration, "
                             "disabled")
        if self.disabled:
            raise ValueError("disabled takes an empty object: {\"disabled\": {}}")
        return self


class _MemoryInput(_Strict):
    """A memory value, bare or in the update wrapper ``{"optionalValue": ...}``."""

    optional_value: _MemoryValue | None = Field(None, alias="optionalValue")
    managed: Any = Field(None, alias="managedMemoryConfiguration")  # checked by core.managed_memory.parse
    byo: _Byo | None = Field(None, alias="agentCoreMemoryConfiguration")
    disabled: dict[str, Any] | None = None

    def value(self) -> _MemoryValue:
        if self.optional_value is not None:
            if any(x is not None for x in (self.managed, self.byo, self.disabled)):
                raise ValueError("optionalValue wraps the whole memory value: put nothing beside it")
            return self.optional_value
        return _MemoryValue.model_validate({k: v for k, v in (
            ("managedMemoryConfiguration", self.managed), ("agentCoreMemoryConfiguration", self.byo),
            ("disabled", self.disabled)) if v is not None})


class _SlidingWindow(_Strict):
    messages_count: int | None = Field(None, alias="messagesCount", ge=1, le=10_000)


class _DocSlidingWindow(_Strict):
    num_messages: int | None = Field(None, alias="numMessages", ge=1, le=10_000)


class _Summarization(_Strict):
    summary_ratio: float | None = Field(None, alias="summaryRatio", gt=0.0, lt=1.0, allow_inf_nan=False)
    preserve_recent: int | None = Field(None, alias="preserveRecentMessages", ge=0, le=1_000)
    system_prompt: str | None = Field(None, alias="summarizationSystemPrompt", min_length=1, max_length=20_000)
    # engram's own names, accepted here too
    keep_last: int | None = Field(None, alias="keepLast", ge=0, le=1_000)
    messages_count: int | None = Field(None, alias="messagesCount", ge=1, le=10_000)


class _TruncConfig(_Strict):
    sliding_window: _SlidingWindow | None = Field(None, alias="slidingWindow")
    summarization: _Summarization | None = None


class _TruncationInput(_Strict):
    strategy: Literal["sliding_window", "summarization", "none"] | None = None
    sliding_window_config: _DocSlidingWindow | None = Field(None, alias="slidingWindowConfig")
    summarization_config: _Summarization | None = Field(None, alias="summarizationConfig")
    config: _TruncConfig | None = None
    # engram's own flat names (``{"strategy": ..., "messagesCount": ..., "keepLast": ...}``)
    messages_count: int | None = Field(None, alias="messagesCount", ge=1, le=10_000)
    keep_last: int | None = Field(None, alias="keepLast", ge=0, le=1_000)
    summary_ratio: float | None = Field(None, alias="summaryRatio", gt=0.0, lt=1.0, allow_inf_nan=False)
    system_prompt: str | None = Field(None, alias="summarizationSystemPrompt", min_length=1, max_length=20_000)


def _error(exc: pydantic.ValidationError, prefix: str) -> ConfigError:
    err = exc.errors()[0]
    path = ".".join(str(p) for p in err["loc"])
    rule = "unknown field (not allowed)" if err["type"] == "extra_forbidden" else err["msg"]
    rule = rule.removeprefix("Value error, ")
    where = f"{prefix}.{path}" if prefix and path else (prefix or path or "config")
    return ConfigError(rule, field=where)


def _validate(model: type[BaseModel], doc: object, prefix: str) -> Any:
    if not isinstance(doc, dict):
        raise ConfigError("must be a JSON object", field=prefix or "config")
    try:
        return model.model_validate(doc)
    except pydantic.ValidationError as exc:
        raise _error(exc, prefix) from None


def _memory_patch(doc: object, prefix: str, base: dict[str, Any] | None) -> tuple[dict[str, Any], bool]:
    """(harness fields the memory value names, whether it used the update wrapper)."""
    inp: _MemoryInput = _validate(_MemoryInput, doc, prefix)
    try:
        value = inp.value()
    except (ValueError, pydantic.ValidationError) as exc:
        rule = exc.errors()[0]["msg"].removeprefix("Value error, ") if isinstance(
            exc, pydantic.ValidationError) else str(exc)
        raise ConfigError(rule, field=prefix or "memory") from None
    memory: dict[str, Any] = {}
    history: dict[str, Any] = {}
    if value.managed is not None:
        where = ".".join(p for p in (prefix, "optionalValue" if inp.optional_value is not None else "",
                                     "managedMemoryConfiguration") if p)
        m = managed_memory.parse(value.managed, where)
        memory.update(enabled=True, arn=None)  # managed: no BYO memory attached any more
        if m.strategies is not None:
            have = {s.get("type"): s for s in ((base or {}).get("harness", {}).get("memory", {})
                                               .get("strategies") or []) if isinstance(s, dict)}
            # a strategy named again keeps its own settings (id, namespace, prompt): only the list changes
            memory["strategies"] = _Replace([have.get(t, {"type": t}) for t in m.strategies])
        if m.encryption_key_arn is not None:
            memory["encryption_key_arn"] = m.encryption_key_arn
        if m.event_expiry_days is not None:
            history["eventExpiryDuration"] = m.event_expiry_days
    elif value.byo is not None:
        b = value.byo
        memory.update(enabled=True, arn=b.arn)
        if b.actor_id is not None:
            memory["actor_id"] = b.actor_id
        if b.retrieval_config is not None:
            # "your values take priority and no automatic derivation occurs": the whole map is replaced
            memory["retrieval"] = _Replace({ns: r.model_dump(by_alias=True, exclude_none=True)
                                            for ns, r in b.retrieval_config.items()})
        if b.messages_count is not None:
            history["messagesCount"] = b.messages_count
    else:
        memory["enabled"] = False
    patch: dict[str, Any] = {"memory": memory}
    if history:
        patch["history"] = history
    return patch, inp.optional_value is not None


def truncation_fields(doc: object, prefix: str = "truncation") -> dict[str, Any]:
    """The engram truncation fields (``strategy``, ``messagesCount``, ``keepLast``, ``summaryRatio``,
    ``summarizationSystemPrompt``) a truncation value names, in any of its accepted forms."""
    t: _TruncationInput = _validate(_TruncationInput, doc, prefix)
    out: dict[str, Any] = {}
    if t.strategy is not None:
        out["strategy"] = t.strategy
    sums = [s for s in (t.summarization_config, t.config.summarization if t.config else None) if s is not None]
    if t.sliding_window_config is not None and t.sliding_window_config.num_messages is not None:
        out["messagesCount"] = t.sliding_window_config.num_messages
    if t.config is not None and t.config.sliding_window is not None and \
            t.config.sliding_window.messages_count is not None:
        out["messagesCount"] = t.config.sliding_window.messages_count
    for s in sums:
        for key, val in (("summaryRatio", s.summary_ratio), ("keepLast", s.preserve_recent),
                         ("keepLast", s.keep_last), ("summarizationSystemPrompt", s.system_prompt),
                         ("messagesCount", s.messages_count)):
            if val is not None:
                out[key] = val
    for key, val in (("messagesCount", t.messages_count), ("keepLast", t.keep_last),
                     ("summaryRatio", t.summary_ratio), ("summarizationSystemPrompt", t.system_prompt)):
        if val is not None:
            out[key] = val
    return out


class _Replace:
    """A patch value that replaces what it lands on instead of being merged into it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def merge(base: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``patch`` applied: objects merge key by key, anything else (lists, numbers, marked
    replacements) replaces; ``None`` clears a field."""
    out = dict(base)
    for key, val in patch.items():
        if isinstance(val, _Replace):
            out[key] = val.value
        elif isinstance(val, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], val)
        elif val is None:
            out.pop(key, None)
        else:
            out[key] = _plain(val)
    return out


def _plain(val: Any) -> Any:
    if isinstance(val, _Replace):
        return _plain(val.value)
    if isinstance(val, dict):
        return {k: _plain(v) for k, v in val.items() if v is not None}
    return val


def translate(doc: dict[str, Any], base: dict[str, Any] | None = None) -> tuple[dict[str, Any], Shape, bool]:
    """(harness-shaped patch naming only what ``doc`` names, its shape, whether it is an update wrapper).

    ``base`` (the configuration an update applies to) lets a managed strategy list keep the settings of the
    strategies it names again.
    """
    keys = set(doc)
    if "harness" in keys:
        extra = sorted(keys - {"harness"})
        if extra:
            raise ConfigError("the harness shape takes only a top-level 'harness' (unknown field)", field=extra[0])
        if not isinstance(doc["harness"], dict):
            raise ConfigError("must be a JSON object", field="harness")
        return {"harness": doc["harness"]}, "harness", False
    if not keys:
        return {}, "engram", False
    harness: dict[str, Any] = {}
    wrapped = False
    if keys & {"memory", "truncation"}:
        extra = sorted(keys - {"memory", "truncation"})
        if extra:
            raise ConfigError("unknown field (not allowed) beside memory and truncation", field=extra[0])
        mem_doc, trunc_doc = doc.get("memory"), doc.get("truncation")
        if "memory" in keys:
            part, wrapped = _memory_patch(mem_doc, "memory", base)
            harness.update(part)
        if "truncation" in keys:
            harness["context"] = {"truncation": truncation_fields(trunc_doc, "truncation")}
    elif keys & {"optionalValue", *MEMORY_KEYS}:
        part, wrapped = _memory_patch(doc, "", base)
        harness.update(part)
    elif keys & set(TRUNCATION_KEYS):
        harness["context"] = {"truncation": truncation_fields(doc, "")}
    else:
        raise ConfigError("not a configuration: expected harness, memory, truncation, optionalValue, "
                          "managedMemoryConfiguration, agentCoreMemoryConfiguration, disabled or strategy",
                          field=sorted(keys)[0])
    return {"harness": harness}, "agentcore", wrapped


def is_update_wrapper(doc: object) -> bool:
    """Whether a document uses AgentCore's update wrapper ``{"optionalValue": ...}`` (bare or as ``memory``)."""
    if not isinstance(doc, dict):
        return False
    mem = doc.get("memory")
    return "optionalValue" in doc or (isinstance(mem, dict) and "optionalValue" in mem)


def shape_defaults(shape: Shape, patch: dict[str, Any]) -> dict[str, Any]:
    """What a full configuration of ``shape`` starts from before ``patch`` applies.

    * harness (the Twisp document): memory is off unless ``enabled`` is named ("With
      `harness.memory.enabled`, an agent keeps durable facts"), ``scope.read`` and ``scope.write`` are
      ``["session"]`` ("Both default to `["session"]`"), the agent may not pin unless ``pinned`` is named
      ("With `harness.memory.pinned`, the agent may pin a record"), no strategy runs (memory is reviewed only when
      ``enabled`` is named, see :func:`engram.config.twisp_defaults`), ``history.index`` is ``none`` ("`none`
      (default) | Nothing.") and older messages are summarized, the latest few kept word for word ("As the
      conversation fills, older messages are summarized, keeping the latest few word for word").
    * agentcore: "By default, the harness provisions ... semantic + summarization strategies, 30-day event
      expiry", memory scoped by actor and session; a BYO or disabled memory value replaces that.
    * engram (``{}`` or no configuration): engram's defaults, which are the AgentCore managed ones ("memory
      just works"): the :class:`engram.config.Config` field defaults.
    """
    if shape == "harness":
        return {"harness": {"memory": {"enabled": False,
                                       "scope": {"read": list(TWISP_LEVELS), "write": list(TWISP_LEVELS)},
                                       "strategies": [], "pinned": {"by_agent": False}},
                            "history": {"index": TWISP_HISTORY_INDEX},
                            "context": {"truncation": {"strategy": TWISP_TRUNCATION}}}}
    if shape == "agentcore":
        memory = patch.get("harness", {}).get("memory", {})
        levels = list(MANAGED_LEVELS)
        if memory.get("arn"):  # BYO: a memory the caller shares across harnesses may hold agent-level records
            levels = ["session", "actor", "agent"]
        return {"harness": {"memory": {"enabled": True, "scope": {"read": levels, "write": levels},
                                       "strategies": [] if memory.get("arn") else
                                       [{"type": t} for t in MANAGED_DEFAULT_STRATEGIES]},
                            "history": {"eventExpiryDuration": MANAGED_DEFAULT_EXPIRY_DAYS}}}
    return {}
