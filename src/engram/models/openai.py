"""OpenAI-compatible chat completions over HTTP: OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio.

One wire format covers them all (``POST {base_url}/chat/completions``); what differs between servers
(structured-output support, ``max_tokens`` vs ``max_completion_tokens``, whether ``temperature`` may be
set) is learnt from the server's 400 answers and remembered for later calls on the same client.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import ConfigError, ModelError, ModelOutputError, ValidationError
from ..types import ToolCall
from ._http import (
    Clock,
    HTTPModel,
    ProviderHTTPError,
    Sleep,
    Transport,
    call_id,
    json_answer,
    schema_instruction,
    wire_error,
)
from ._usage import wire_usage
from .base import Completion, Message, ToolSpec

DEFAULT_BASE_URL = "https://api.openai.com/v1"

# How a JSON answer is asked for, strongest first. A server that refuses one is asked the next way, down to
# plain text with the schema spelled out in the system prompt ("instruction"), which every server accepts.
# Servers refuse in many ways: OpenAI answers 400 naming response_format, vLLM 422, llama-cpp-python's own
# server 500 (after the transport's retries), others 404/415/501; any of those steps down, auth and rate
# limits never do. The level that worked is remembered for the next calls on this client.
_JSON_MODES = ("json_schema_strict", "json_schema", "json_object", "instruction")
_REFUSALS = frozenset({400, 404, 415, 422, 500, 501})
#: The longest answer asked for on a structured call: a small model that rambles stops here, and an
#: answer cut at this length is a ModelOutputError (retryable), never a hang until the read timeout.
MAX_JSON_TOKENS = 1024
_UNSUPPORTED = ("unsupported", "not supported", "unrecognized", "unknown", "not permitted", "extra inputs",
                "instead", "does not support")
_NAME = re.compile(r"[^A-Za-z0-9_-]+")


class OpenAIModel(HTTPModel):
    """A chat model behind an OpenAI-compatible ``/chat/completions`` endpoint.

    ``base_url`` and ``api_key`` default to ``OPENAI_BASE_URL`` (else ``https://api.openai.com/v1``) and
    ``OPENAI_API_KEY``, as the OpenAI SDK does, unless ``read_env`` is false. ``azure=True`` sends the key
    as ``api-key`` (default env ``AZURE_OPENAI_API_KEY``) and ``api_version`` (default env
    ``OPENAI_API_VERSION``) as the ``api-version`` query parameter; its ``base_url`` is the deployment URL
    ``https://<resource>.openai.azure.com/openai/deployments/<deployment>``. Servers that need no key
    (Ollama, vLLM, LM Studio) get no ``Authorization`` header.
    """

    provider = "openai"

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        connect_timeout: float = 10.0,
        max_retries: int = 3,
        azure: bool = False,
        api_version: str | None = None,
        organization: str | None = None,
        project: str | None = None,
        headers: Mapping[str, str] | None = None,
        read_env: bool = True,
        provider: str | None = None,
        json_max_tokens: int = MAX_JSON_TOKENS,
        sleep: Sleep | None = None,
        clock: Clock | None = None,
    ) -> None:
        if provider:
            self.provider = provider
        env: Mapping[str, str] = os.environ if read_env else {}
        if azure:
            api_key = api_key or env.get("AZURE_OPENAI_API_KEY") or None
            api_version = api_version or env.get("OPENAI_API_VERSION") or None
            if not base_url:
                raise ConfigError("azure needs the deployment URL as base_url", field="base_url")
        else:
            api_key = api_key or env.get("OPENAI_API_KEY") or None
            organization = organization or env.get("OPENAI_ORG_ID") or None
            project = project or env.get("OPENAI_PROJECT_ID") or None
        base_url = (base_url or env.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        official = "api.openai.com" in base_url or azure
        if official and not api_key:
            name = "AZURE_OPENAI_API_KEY" if azure else "OPENAI_API_KEY"
            raise ConfigError(f"{self.provider}: no API key: pass api_key or set {name}", field="api_key")

        sent: dict[str, str] = {}
        if api_key:
            sent["api-key" if azure else "authorization"] = api_key if azure else f"Bearer {api_key}"
        if organization:
            sent["openai-organization"] = organization
        if project:
            sent["openai-project"] = project
        sent.update(headers or {})
        transport = Transport(
            self.provider, base_url, headers=sent,
            params={"api-version": api_version} if api_version else None,
            timeout=timeout, connect_timeout=connect_timeout, max_retries=max_retries,
            secrets=(api_key,), sleep=sleep, clock=clock,
        )
        super().__init__(model, transport)
        self.base_url = base_url
        # Learnt from the server's 400s, kept for the next calls.
        self._json_start = 0
        self._token_param = "max_completion_tokens" if "api.openai.com" in base_url else "max_tokens"
        self._token_switched = False
        self._send_temperature = True
        self.json_max_tokens = json_max_tokens

    def complete(
        self,
        messages: Sequence[Message],
        *,
        system: str | None = None,
        tools: Sequence[ToolSpec] = (),
        json_schema: dict[str, Any] | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> Completion:
        """One chat completion; tool calls and a JSON answer (``json_schema``) come back parsed."""
        wire_messages = _messages(messages)
        if json_schema is not None:
            max_tokens = min(max_tokens, self.json_max_tokens)
        level = self._json_start
        for _ in range(len(_JSON_MODES) + 4):
            mode = _JSON_MODES[level] if json_schema is not None else None
            body = self._body(wire_messages, system, tools, json_schema, mode, max_tokens, temperature)
            try:
                data = self._transport.post_json("/chat/completions", body)
            except ProviderHTTPError as exc:
                if exc.status in (400, 422) and self._adapt(exc):
                    continue
                if mode is not None and exc.status in _REFUSALS and level + 1 < len(_JSON_MODES):
                    level += 1
                    continue
                raise
            if json_schema is not None:
                # The server accepted this way of asking (whatever the model made of it): start here next
                # time. A schema refused only under strict mode says nothing about the server: strict again.
                self._json_start = 0 if level <= 1 else level
            return self._completion(data, json_schema is not None)
        raise ModelError(f"{self.provider}: the server refused every request shape tried", status=400)

    def _body(
        self,
        wire_messages: list[dict[str, Any]],
        system: str | None,
        tools: Sequence[ToolSpec],
        json_schema: dict[str, Any] | None,
        mode: str | None,
        max_tokens: int,
        temperature: float,
    ) -> dict[str, Any]:
        if json_schema is not None and mode in ("json_object", "instruction"):
            instruction = schema_instruction(json_schema)
            system = f"{system}\n\n{instruction}" if system else instruction
        head = [{"role": "system", "content": system}] if system else []
        body: dict[str, Any] = {"model": self.model, "messages": head + wire_messages}
        body[self._token_param] = max_tokens
        if self._send_temperature:
            body["temperature"] = temperature
        if tools:
            body["tools"] = [
                {"type": "function",
                 "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
                for t in tools
            ]
        if json_schema is not None and mode in ("json_schema_strict", "json_schema"):
            name = _NAME.sub("_", str(json_schema.get("title") or "response"))[:64] or "response"
            spec: dict[str, Any] = {"name": name, "schema": json_schema}
            if mode == "json_schema_strict":
                spec["strict"] = True
            body["response_format"] = {"type": "json_schema", "json_schema": spec}
        elif mode == "json_object":
            body["response_format"] = {"type": "json_object"}
        return body

    def _adapt(self, exc: ProviderHTTPError) -> bool:
        """Change a request parameter the server says it does not support; False when nothing applies."""
        text = f"{exc.param or ''} {exc.detail}".lower()
        if not any(word in text for word in _UNSUPPORTED):
            return False
        if self._send_temperature and "temperature" in text:
            self._send_temperature = False
            return True
        if not self._token_switched and self._token_param in text:
            self._token_param = "max_tokens" if self._token_param == "max_completion_tokens" else \
                "max_completion_tokens"
            self._token_switched = True
            return True
        return False

    def _completion(self, data: dict[str, Any], want_json: bool) -> Completion:
        choices = data.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            raise wire_error(self.provider, "no choices")
        choice = choices[0]
        message = choice.get("message")
        if not isinstance(message, dict):
            raise wire_error(self.provider, "choices[0].message is missing")
        usage = wire_usage(data, ("prompt_tokens",), "completion_tokens")
        self._record(usage)  # the tokens were spent even if what follows is unusable

        text = _text(message.get("content"))
        calls = _tool_calls(message.get("tool_calls"), self.provider)
        reason = choice.get("finish_reason")
        if want_json and not calls:
            if reason == "length":
                raise ModelOutputError(f"{self.provider}: the JSON answer was cut off at max_tokens",
                                       field="response")
            refusal = message.get("refusal")
            if not text and isinstance(refusal, str) and refusal:
                raise ModelOutputError(f"{self.provider}: the model refused: {refusal}", field="response")
            text = json_answer(text, self.provider)
        model = data.get("model")
        return Completion(
            text=text, tool_calls=calls, usage=usage,
            stop_reason=reason if isinstance(reason, str) else None,
            model=model if isinstance(model, str) else self.model,
        )


def _messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Provider-neutral messages to chat-completions messages."""
    out: list[dict[str, Any]] = []
    for i, m in enumerate(messages):
        if m.role == "tool":
            if not m.tool_call_id:
                raise ValidationError("a tool message needs tool_call_id",
                                      field=f"messages[{i}].tool_call_id")
            out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
            continue
        if m.role not in ("system", "user", "assistant"):
            raise ValidationError(f"unknown role {m.role!r}", field=f"messages[{i}].role")
        item: dict[str, Any] = {"role": m.role, "content": m.content}
        if m.name:
            item["name"] = m.name
        if m.role == "assistant" and m.tool_calls:
            item["content"] = m.content or None
            item["tool_calls"] = [
                {"id": c.id, "type": "function",
                 "function": {"name": c.name, "arguments": json.dumps(c.arguments, ensure_ascii=False)}}
                for c in m.tool_calls
            ]
        out.append(item)
    return out


def _text(content: object) -> str:
    """Message content: a string, null, or (some servers) a list of typed parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
        )
    return ""


def _tool_calls(raw: object, provider: str) -> tuple[ToolCall, ...]:
    """Parse ``tool_calls``; arguments arrive as a JSON string that must decode to an object."""
    if not isinstance(raw, list):
        return ()
    calls: list[ToolCall] = []
    for i, item in enumerate(raw):
        fn = item.get("function") if isinstance(item, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            raise ModelOutputError(f"{provider}: tool call {i} has no function name",
                                   field=f"tool_calls[{i}]")
        args: Any = fn.get("arguments")
        if args is None or (isinstance(args, str) and not args.strip()):
            args = {}
        elif isinstance(args, str):
            try:
                args = json.loads(args)
            except json.JSONDecodeError as exc:
                raise ModelOutputError(
                    f"{provider}: malformed JSON arguments for tool {fn['name']!r}: {exc.msg}",
                    field=f"tool_calls[{i}].arguments",
                ) from exc
        if not isinstance(args, dict):
            raise ModelOutputError(
                f"{provider}: arguments for tool {fn['name']!r} are not a JSON object",
                field=f"tool_calls[{i}].arguments",
            )
        calls.append(ToolCall(id=call_id(item.get("id"), "call_", i), name=fn["name"], arguments=args))
    return tuple(calls)
