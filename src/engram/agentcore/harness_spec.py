"""The fields of CreateHarness / UpdateHarness / InvokeHarness, checked as the service model states them.
Pure: no I/O.

botocore checks types and required members but not maximums, minimums of some numbers, or patterns;
this module checks those and the rules engram adds, each failure a ``ValidationError`` naming the field.

What engram runs: ``model`` (``openAiModelConfig`` and ``liteLlmModelConfig`` reach any OpenAI-compatible
server through ``apiBase``; ``bedrockModelConfig`` is engram's Bedrock provider; no model is the offline
default), ``systemPrompt``, ``memory``, ``truncation``, ``maxIterations``, ``maxTokens``,
``timeoutSeconds``, ``allowedTools`` and ``tags`` (kept). What it refuses rather than ignore, because no
microVM, gateway or Lambda runs here: ``environment``, ``environmentArtifact``, ``environmentVariables``,
``authorizerConfiguration``, ``tools``, ``skills``, ``hooks``, and ``geminiModelConfig``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from ..core import managed_memory
from ..core.validate import MAX_NAMESPACE
from ..errors import ValidationError

HARNESS_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9_]{0,39}")
HARNESS_ID = re.compile(r"[a-zA-Z][a-zA-Z0-9_]{0,39}-[a-zA-Z0-9]{10}")
HARNESS_ARN = re.compile(r"arn:([^:]+)?:bedrock-agentcore:[a-z0-9-]+:[0-9]{12}:harness/"
                         r"([a-zA-Z][a-zA-Z0-9_]{0,39}-[a-zA-Z0-9]{10})")
MEMORY_ARN = managed_memory.MEMORY_ARN
ROLE_ARN = re.compile(r"arn:aws(-[^:]+)?:iam::([0-9]{12})?:role/.+")
API_KEY_ARN = re.compile(r"arn:aws:bedrock-agentcore:[a-z0-9-]+:[0-9]{12}:token-vault/[a-zA-Z0-9-.]+/"
                         r"apikeycredentialprovider/[a-zA-Z0-9-.]+")
CLIENT_TOKEN = re.compile(r"[a-zA-Z0-9](-*[a-zA-Z0-9]){0,256}")
SESSION_ID = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-_]*")
ALLOWED_TOOL = re.compile(r"(\*|@?[^/]+(/[^/]+)?)")
TAG = re.compile(r"[a-zA-Z0-9\s._:/=+@-]*")
DEFAULT_MANAGED = managed_memory.DEFAULT_STRATEGIES
DEFAULT_EXPIRY_DAYS = managed_memory.DEFAULT_EXPIRY_DAYS
OFFLINE_MODEL_ID = "engram.offline-default"  # the model a harness created without one reports (and runs)
TRUNCATION_STRATEGIES = ("sliding_window", "summarization", "none")
UNSUPPORTED: dict[str, type] = {"environment": dict, "environmentArtifact": dict, "environmentVariables": dict,
                                "authorizerConfiguration": dict, "tools": list, "skills": list, "hooks": list}
MODEL_MEMBERS = ("bedrockModelConfig", "openAiModelConfig", "geminiModelConfig", "liteLlmModelConfig")
MAX_ITERATIONS = 1000
MAX_TIMEOUT_SECONDS = 3600


def fail(field: str, rule: str) -> ValidationError:
    return ValidationError(rule, field=field)


def obj(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise fail(field, "must be an object")
    return value


def keys(value: Mapping[str, Any], field: str, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> None:
    """Unknown members refused, required ones present; ``field`` "" is the request body itself, whose members
    are named alone (``name``, as AWS names them, not ``body.name``)."""
    unknown = sorted(set(value) - set(allowed))
    if unknown:
        raise fail(member_path(field, unknown[0]), f"unknown field; allowed: {', '.join(allowed)}")
    for name in required:
        if value.get(name) is None:
            raise fail(member_path(field, name), "is required")


def member_path(field: str, name: str) -> str:
    """The path of member ``name`` of ``field`` ("" for the body)."""
    return f"{field}.{name}" if field else name


def one_member(value: Any, field: str, members: tuple[str, ...]) -> tuple[str, Any]:
    o = obj(value, field)
    given = [k for k, v in o.items() if v is not None]
    for k in given:
        if k not in members:
            raise fail(f"{field}.{k}", f"unknown member; one of: {', '.join(members)}")
    if len(given) != 1:
        raise fail(field, f"set exactly one of: {', '.join(members)}")
    return given[0], o[given[0]]


def match(pattern: re.Pattern[str], value: Any, field: str, what: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise fail(field, f"must be {what}")
    return value


def integer(value: Any, field: str, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        raise fail(field, f"must be an integer from {lo}" + (f" to {hi}" if hi is not None else " up"))
    return value


def number(value: Any, field: str, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not lo <= value <= hi:
        raise fail(field, f"must be a number from {lo} to {hi}")
    return float(value)


def text(value: Any, field: str, lo: int = 1, hi: int = 100_000) -> str:
    if not isinstance(value, str) or not lo <= len(value) <= hi:
        raise fail(field, f"must be a string of {lo} to {hi} characters")
    return value


# -- model --------------------------------------------------------------------------------------------------


def model(value: Any, field: str = "model") -> dict[str, Any]:
    """A ``HarnessModelConfiguration`` union, checked; returned as given (it is echoed by GetHarness)."""
    member, body = one_member(value, field, MODEL_MEMBERS)
    where = f"{field}.{member}"
    o = obj(body, where)
    if member == "geminiModelConfig":
        raise fail(where, "Gemini models are not supported by engram; use openAiModelConfig with an "
                          "OpenAI-compatible apiBase, or liteLlmModelConfig")
    common = ("modelId", "maxTokens", "temperature", "topP", "additionalParams")
    extra = {"bedrockModelConfig": ("apiFormat",), "openAiModelConfig": ("apiKeyArn", "apiBase", "apiFormat"),
             "liteLlmModelConfig": ("apiKeyArn", "apiBase")}[member]
    required = ("modelId", "apiKeyArn") if member == "openAiModelConfig" else ("modelId",)
    keys(o, where, common + extra, required)
    text(o["modelId"], f"{where}.modelId", 1, 2048)
    if o.get("apiKeyArn") is not None:
        match(API_KEY_ARN, o["apiKeyArn"], f"{where}.apiKeyArn", "an AgentCore Identity API key ARN "
              "(arn:aws:bedrock-agentcore:REGION:ACCOUNT:token-vault/VAULT/apikeycredentialprovider/NAME)")
    if o.get("apiBase") is not None:
        base = text(o["apiBase"], f"{where}.apiBase", 1, 16383)
        if not base.startswith(("http://", "https://")):
            raise fail(f"{where}.apiBase", "must be an http:// or https:// URL")
    if o.get("maxTokens") is not None:
        integer(o["maxTokens"], f"{where}.maxTokens", 1)
    if o.get("temperature") is not None:
        number(o["temperature"], f"{where}.temperature", 0.0, 2.0)
    if o.get("topP") is not None:
        number(o["topP"], f"{where}.topP", 0.0, 1.0)
    fmt = o.get("apiFormat")
    if fmt is not None:
        allowed = ("converse_stream", "responses", "chat_completions") if member == "bedrockModelConfig" \
            else ("chat_completions", "responses")
        if fmt not in allowed:
            raise fail(f"{where}.apiFormat", f"must be one of: {', '.join(allowed)}")
        if member == "openAiModelConfig" and fmt != "chat_completions":
            raise fail(f"{where}.apiFormat", "engram speaks the chat_completions format only")
    if o.get("additionalParams") is not None:
        obj(o["additionalParams"], f"{where}.additionalParams")
    return {member: dict(o)}


def system_prompt(value: Any, field: str = "systemPrompt") -> list[dict[str, str]]:
    if not isinstance(value, list):
        raise fail(field, "must be a list of {text: ...} blocks")
    out = []
    for i, block in enumerate(value):
        member, body = one_member(block, f"{field}[{i}]", ("text",))
        out.append({member: text(body, f"{field}[{i}].text", 1, 100_000)})
    return out


def allowed_tools(value: Any, field: str = "allowedTools") -> list[str]:
    if not isinstance(value, list):
        raise fail(field, "must be a list of tool patterns")
    for i, v in enumerate(value):
        if not isinstance(v, str) or not 1 <= len(v) <= 64 or not ALLOWED_TOOL.fullmatch(v):
            raise fail(f"{field}[{i}]", "must be a tool pattern (*, @builtin, @server/tool) of 1-64 characters")
    return list(value)


def tags(value: Any, field: str = "tags") -> dict[str, str]:
    o = obj(value, field)
    if len(o) > 50:
        raise fail(field, "at most 50 tags")
    for k, v in o.items():
        if not isinstance(k, str) or not 1 <= len(k) <= 128 or not TAG.fullmatch(k):
            raise fail(f"{field}.{k}", "a tag key is 1-128 letters, digits, spaces and ._:/=+@-")
        if not isinstance(v, str) or len(v) > 256 or not TAG.fullmatch(v):
            raise fail(f"{field}.{k}", "a tag value is 0-256 letters, digits, spaces and ._:/=+@-")
        if reserved_tag(k) or reserved_tag(v):
            raise fail(f"{field}.{k}", "the prefix aws: (in any case) is reserved for AWS use in tag keys and values")
    return dict(o)


def reserved_tag(text: str) -> bool:
    """Whether a tag key or value takes the prefix AWS reserves ("aws:", in any case): AgentCore's tagging rules
    refuse it on input, and such a tag cannot be edited or deleted."""
    return text[:4].lower() == "aws:"


# -- memory ------------------------------------------------------------------------------------------------


def memory(value: Any, field: str = "memory") -> dict[str, Any]:
    """A ``HarnessMemoryConfiguration`` union, checked (managed, BYO ``agentCoreMemoryConfiguration``,
    disabled). The managed ``arn`` is read-only and ignored on input, as the model says."""
    member, body = one_member(value, field, ("managedMemoryConfiguration", "agentCoreMemoryConfiguration",
                                             "disabled"))
    where = f"{field}.{member}"
    o = obj(body, where)
    if member == "disabled":
        keys(o, where, ())
        return {"disabled": {}}
    if member == "managedMemoryConfiguration":  # the one parser the configuration loader uses too
        return {member: managed_memory.parse(o, where).as_value()}
    keys(o, where, ("arn", "actorId", "messagesCount", "retrievalConfig"), ("arn",))
    match(MEMORY_ARN, o["arn"], f"{where}.arn",
          "a memory ARN (arn:aws:bedrock-agentcore:REGION:ACCOUNT:memory/NAME-xxxxxxxxxx)")
    byo: dict[str, Any] = {"arn": o["arn"]}
    if o.get("actorId") is not None:
        byo["actorId"] = match(re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-_/]*(?::[a-zA-Z0-9-_/]+)*[a-zA-Z0-9-_/]*"),
                               o["actorId"], f"{where}.actorId", "an actor id (letters, digits, - _ / :)")
        if len(byo["actorId"]) > 255:
            raise fail(f"{where}.actorId", "must be at most 255 characters")
    if o.get("messagesCount") is not None:
        byo["messagesCount"] = integer(o["messagesCount"], f"{where}.messagesCount", 0, 10_000)
    if o.get("retrievalConfig") is not None:
        cfg = obj(o["retrievalConfig"], f"{where}.retrievalConfig")
        out_cfg: dict[str, Any] = {}
        for ns, r in cfg.items():
            rw = f"{where}.retrievalConfig.{ns}"
            if not isinstance(ns, str) or not ns.startswith("/") or len(ns) > MAX_NAMESPACE:
                raise fail(rw, "a retrieval namespace is a path template such as /facts/{actorId}/")
            ro = obj(r, rw)
            keys(ro, rw, ("topK", "relevanceScore", "strategyId"))
            got: dict[str, Any] = {}
            if ro.get("topK") is not None:
                got["topK"] = integer(ro["topK"], f"{rw}.topK", 1, 100)
            if ro.get("relevanceScore") is not None:
                got["relevanceScore"] = number(ro["relevanceScore"], f"{rw}.relevanceScore", 0.0, 1.0)
            if ro.get("strategyId") is not None:
                got["strategyId"] = text(ro["strategyId"], f"{rw}.strategyId", 1, 128)
            out_cfg[ns] = got
        byo["retrievalConfig"] = out_cfg
    return {member: byo}


def memory_update(value: Any, field: str = "memory") -> dict[str, Any] | None:
    """UpdateHarness's ``{"optionalValue": <memory>}`` wrapper; an absent value clears memory (disabled)."""
    o = obj(value, field)
    keys(o, field, ("optionalValue",))
    if o.get("optionalValue") is None:
        return None
    return memory(o["optionalValue"], f"{field}.optionalValue")


# -- truncation --------------------------------------------------------------------------------------------


def truncation(value: Any, field: str = "truncation") -> dict[str, Any]:
    """``HarnessTruncationConfiguration``: ``{"strategy", "config": {"slidingWindow": {"messagesCount"}} |
    {"summarization": {"summaryRatio", "preserveRecentMessages", "summarizationSystemPrompt"}}}``. The
    document's ``{"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": N}}`` is accepted
    too (the AWS CLI refuses it before sending; a signed request from elsewhere may carry it)."""
    o = obj(value, field)
    keys(o, field, ("strategy", "config", "slidingWindowConfig"), ("strategy",))
    strategy = o["strategy"]
    if strategy not in TRUNCATION_STRATEGIES:
        raise fail(f"{field}.strategy", f"must be one of: {', '.join(TRUNCATION_STRATEGIES)}")
    out: dict[str, Any] = {"strategy": strategy}
    if o.get("slidingWindowConfig") is not None:
        if o.get("config") is not None:
            raise fail(f"{field}.slidingWindowConfig", "give config or slidingWindowConfig, not both")
        sw = obj(o["slidingWindowConfig"], f"{field}.slidingWindowConfig")
        keys(sw, f"{field}.slidingWindowConfig", ("numMessages",))
        window: dict[str, Any] = {} if sw.get("numMessages") is None else {
            "messagesCount": integer(sw["numMessages"], f"{field}.slidingWindowConfig.numMessages", 1, 10_000)}
        out["config"] = {"slidingWindow": window}
    elif o.get("config") is not None:
        member, body = one_member(o["config"], f"{field}.config", ("slidingWindow", "summarization"))
        where = f"{field}.config.{member}"
        b = obj(body, where)
        got: dict[str, Any]
        if member == "slidingWindow":
            keys(b, where, ("messagesCount",))
            got = {} if b.get("messagesCount") is None else {
                "messagesCount": integer(b["messagesCount"], f"{where}.messagesCount", 1, 10_000)}
        else:
            keys(b, where, ("summaryRatio", "preserveRecentMessages", "summarizationSystemPrompt"))
            got = {}
            if b.get("summaryRatio") is not None:
                got["summaryRatio"] = number(b["summaryRatio"], f"{where}.summaryRatio", 0.01, 0.99)
            if b.get("preserveRecentMessages") is not None:
                got["preserveRecentMessages"] = integer(b["preserveRecentMessages"],
                                                        f"{where}.preserveRecentMessages", 0, 1000)
            if b.get("summarizationSystemPrompt") is not None:
                got["summarizationSystemPrompt"] = text(b["summarizationSystemPrompt"],
                                                        f"{where}.summarizationSystemPrompt", 1, 20_000)
        if (member == "slidingWindow") != (strategy == "sliding_window") or \
                (member == "summarization") != (strategy == "summarization"):
            raise fail(f"{field}.config", f"config.{member} does not go with strategy {strategy!r}")
        out["config"] = {member: got}
    return out


# -- limits ------------------------------------------------------------------------------------------------


def limits(source: Mapping[str, Any]) -> dict[str, int]:
    """``maxIterations`` / ``maxTokens`` / ``timeoutSeconds`` as given (each optional)."""
    out: dict[str, int] = {}
    if source.get("maxIterations") is not None:
        out["maxIterations"] = integer(source["maxIterations"], "maxIterations", 1, MAX_ITERATIONS)
    if source.get("maxTokens") is not None:
        out["maxTokens"] = integer(source["maxTokens"], "maxTokens", 1, 10_000_000)
    if source.get("timeoutSeconds") is not None:
        out["timeoutSeconds"] = integer(source["timeoutSeconds"], "timeoutSeconds", 1, MAX_TIMEOUT_SECONDS)
    return out


def refuse_unsupported(source: Mapping[str, Any]) -> None:
    """Fields engram cannot honour are refused, not silently dropped (an empty one of its own type is fine;
    an empty one of another type is a wrong type, not "nothing")."""
    for name, kind in UNSUPPORTED.items():
        value = source.get(name)
        if value is None:
            continue
        if not isinstance(value, kind):
            raise fail(name, "must be a list" if kind is list else "must be an object")
        if value:
            raise fail(name, "is not supported by engram (no runtime environment, gateway, Lambda or MCP tools "
                             "run here); leave it out")
