"""InvokeHarness: the request into an engram agent turn, the turn out as the AWS event stream. Pure apart
from the model it builds (no storage here: :mod:`engram.agentcore.harnesses` wires the memory).

Request: ``messages`` (text blocks; the harness runs no client-side tools, so ``toolUse`` /
``toolResult`` / ``reasoningContent`` blocks are refused), ``runtimeSessionId`` (header, 33-100
characters), ``actorId`` (see :func:`actor_of`), and per-invocation overrides of ``model``, ``systemPrompt``,
``maxIterations``, ``maxTokens``, ``timeoutSeconds``.

Response: for each model step of the turn, ``messageStart`` (assistant), a text block
(``contentBlockDelta`` / ``contentBlockStop``; text blocks have no ``contentBlockStart`` in the model),
one ``contentBlockStart``/``Delta``/``Stop`` per tool use (engram's memory tools run server side), then
``messageStop`` (``tool_use``); the tool results follow as a ``user`` message of ``toolResult`` blocks
(``messageStop`` ``tool_result``); the final answer ends with ``end_turn``; ``metadata`` closes the stream
with the turn's token usage and latency.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ValidationError
from ..models.base import Model
from . import eventstream as es
from . import harness_spec as spec
from . import ids

DEFAULT_MAX_TOKENS = 1024
DEFAULT_TOOL_ROUNDS = 8  # engram's loop: tool rounds before the model must answer
STOP_REASONS = {"maxIterations": "max_iterations_exceeded", "maxTokens": "max_output_tokens_exceeded",
                "timeoutSeconds": "timeout_exceeded"}  # engram's turn limits -> the stream's stopReason
MAX_MESSAGES = 100
TRACE_HEADERS = {"traceparent": ("traceParent", 1024), "tracestate": ("traceState", 512),
                 "x-amzn-trace-id": ("traceId", 1024), "baggage": ("baggage", 8192)}  # header: (member, max length)
_TOOL_ID = re.compile(r"[^a-zA-Z0-9_-]")


@dataclass(frozen=True)
class Invocation:
    """A checked InvokeHarness request."""

    messages: tuple[dict[str, Any], ...]
    session: str
    actor: str | None
    model: dict[str, Any] | None = None
    system_prompt: tuple[dict[str, str], ...] | None = None
    limits: dict[str, int] = field(default_factory=dict)


def parse(body: Mapping[str, Any], session_id: str | None) -> Invocation:
    """Check the JSON body and the session header of an InvokeHarness request."""
    spec.keys(body, "", ("messages", "model", "systemPrompt", "tools", "skills", "allowedTools",
                          "maxIterations", "maxTokens", "timeoutSeconds", "actorId"), ("messages",))
    if session_id is None:
        raise spec.fail("runtimeSessionId", "is required (header X-Amzn-Bedrock-AgentCore-Runtime-Session-Id)")
    if not 33 <= len(session_id) <= 100 or not spec.SESSION_ID.fullmatch(session_id):
        raise spec.fail("runtimeSessionId", "must be 33-100 letters, digits, '-' or '_', starting with a letter "
                                            "or digit")
    spec.refuse_unsupported(body)
    messages = body["messages"]
    if not isinstance(messages, list) or not messages:
        raise spec.fail("messages", "give at least one message")
    if len(messages) > MAX_MESSAGES:
        raise spec.fail("messages", f"at most {MAX_MESSAGES} messages per invocation")
    parsed = tuple(_message(m, f"messages[{i}]") for i, m in enumerate(messages))
    actor = body.get("actorId")
    if actor is not None:
        spec.text(actor, "actorId", 1, 255)
    model = spec.model(body["model"]) if body.get("model") is not None else None
    prompt = tuple(spec.system_prompt(body["systemPrompt"])) if body.get("systemPrompt") is not None else None
    if body.get("allowedTools") is not None:
        spec.allowed_tools(body["allowedTools"])
    return Invocation(parsed, session_id, actor, model, prompt, spec.limits(body))


def actor_of(inv: Invocation, configured: str | None, key_actor: str | None) -> str:
    """engram's actor id for the turn: the request's ``actorId``; else the BYO memory's configured ``actorId``;
    else the actor the key is bound to; else the session itself. Memory is "scoped by session ID (and
    additionally by actor ID, if provided)": an anonymous session is its own actor, so the long-term records it
    leaves at actor level (``/facts/{actorId}/``) are its own, never another anonymous session's. Whoever could
    name that actor knows the session id, which already reaches the session's history."""
    given = inv.actor or configured
    if given:
        return ids.actor_in(given)
    return key_actor or ids.actor_in(inv.session, "runtimeSessionId")


def check_trace(headers: Mapping[str, str]) -> None:
    """The tracing headers' lengths, as the model bounds them: engram traces nothing, but refuses what the
    service would rather than run a turn on a request it calls invalid."""
    for name, (member, most) in TRACE_HEADERS.items():
        value = headers.get(name)
        if value is not None and len(value) > most:
            raise spec.fail(member, f"must be at most {most} characters (header {name})")


def _message(value: Any, field: str) -> dict[str, Any]:
    o = spec.obj(value, field)
    spec.keys(o, field, ("role", "content"), ("role", "content"))
    if o["role"] not in ("user", "assistant"):
        raise spec.fail(f"{field}.role", "must be user or assistant")
    blocks = o["content"]
    if not isinstance(blocks, list) or not blocks:
        raise spec.fail(f"{field}.content", "give at least one content block")
    texts = []
    for j, block in enumerate(blocks):
        member, body = spec.one_member(block, f"{field}.content[{j}]",
                                       ("text", "toolUse", "toolResult", "reasoningContent"))
        if member != "text":
            raise spec.fail(f"{field}.content[{j}].{member}", "engram's harness runs its own (memory) tools "
                                                              "server side; send text blocks")
        texts.append(spec.text(body, f"{field}.content[{j}].text", 1, 1_000_000))
    return {"role": o["role"], "content": "\n".join(texts)}


# -- the model --------------------------------------------------------------------------------------------


def build_model(config: Mapping[str, Any] | None, *, timeout: float | None = None) -> Model | None:
    """The engram model a ``HarnessModelConfiguration`` names; None for none (the offline default).

    ``openAiModelConfig`` / ``liteLlmModelConfig``: an OpenAI-compatible server at ``apiBase`` (default
    OpenAI's, or ``OPENAI_BASE_URL``); the key is ``OPENAI_API_KEY`` of the server's environment (the
    ``apiKeyArn`` names a vault engram does not have). ``bedrockModelConfig``: engram's Bedrock provider.
    """
    if not config:
        return None
    from ..models.registry import load_model

    member, body = next(iter(config.items()))
    opts: dict[str, Any] = {"timeout": timeout}
    if member in ("openAiModelConfig", "liteLlmModelConfig"):
        opts["base_url"] = body.get("apiBase")
        return load_model(f"openai:{body['modelId']}", **opts)
    if member == "bedrockModelConfig":
        return load_model(f"bedrock:{body['modelId']}", **opts)
    raise ValidationError(f"{member} is not supported by engram", field=f"model.{member}")


def model_params(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """``maxTokens`` and ``temperature`` of a model configuration (per model call)."""
    if not config:
        return {}
    body = next(iter(config.values()))
    return {k: body[k] for k in ("maxTokens", "temperature") if body.get(k) is not None}


# -- the event stream --------------------------------------------------------------------------------------


def _tool_id(raw: str) -> str:
    return (_TOOL_ID.sub("_", raw) or "tool")[:64]


def events(new_messages: Sequence[Mapping[str, Any]], *, input_tokens: int, output_tokens: int,
           latency_ms: int, stop_reason: str = "end_turn") -> Iterator[bytes]:
    """The turn's messages after the inputs (assistant steps, tool results, the answer) as stream events."""
    i = 0
    msgs = list(new_messages)
    while i < len(msgs):
        m = msgs[i]
        if m.get("role") == "assistant":
            calls = m.get("tool_calls") or []
            yield es.event("messageStart", {"role": "assistant"})
            index = 0
            if m.get("content"):
                yield es.event("contentBlockDelta", {"contentBlockIndex": index, "delta": {"text": m["content"]}})
                yield es.event("contentBlockStop", {"contentBlockIndex": index})
                index += 1
            for call in calls:
                tid = _tool_id(str(call["id"]))
                yield es.event("contentBlockStart", {"contentBlockIndex": index, "start": {"toolUse": {
                    "toolUseId": tid, "name": call["name"], "type": "server_tool_use"}}})
                yield es.event("contentBlockDelta", {"contentBlockIndex": index, "delta": {
                    "toolUse": {"input": json.dumps(call.get("arguments") or {}, ensure_ascii=False)}}})
                yield es.event("contentBlockStop", {"contentBlockIndex": index})
                index += 1
            last = i == len(msgs) - 1
            yield es.event("messageStop", {"stopReason": "tool_use" if calls else (stop_reason if last
                                                                                    else "end_turn")})
            i += 1
        elif m.get("role") == "tool":
            yield es.event("messageStart", {"role": "user"})
            index = 0
            while i < len(msgs) and msgs[i].get("role") == "tool":
                t = msgs[i]
                tid = _tool_id(str(t.get("tool_call_id") or "tool"))
                status = "error" if _is_error(str(t.get("content") or "")) else "success"
                yield es.event("contentBlockStart", {"contentBlockIndex": index, "start": {"toolResult": {
                    "toolUseId": tid, "status": status}}})
                yield es.event("contentBlockDelta", {"contentBlockIndex": index, "delta": {
                    "toolResult": [{"text": str(t.get("content") or "")}]}})
                yield es.event("contentBlockStop", {"contentBlockIndex": index})
                index += 1
                i += 1
            yield es.event("messageStop", {"stopReason": "tool_result"})
        else:
            i += 1
    yield es.event("metadata", {"usage": {"inputTokens": input_tokens, "outputTokens": output_tokens,
                                          "totalTokens": input_tokens + output_tokens},
                                "metrics": {"latencyMs": latency_ms}})


def _is_error(content: str) -> bool:
    """engram's tool errors come back as ``{"error": {...}}`` JSON."""
    try:
        got = json.loads(content)
    except ValueError:
        return False
    return isinstance(got, dict) and isinstance(got.get("error"), dict)
