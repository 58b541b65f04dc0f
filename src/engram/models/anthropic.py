"""Anthropic Messages API over HTTP (``POST {base_url}/v1/messages``).

Tool calls are ``tool_use`` content blocks and their results ``tool_result`` blocks in a user message.
A JSON answer is asked for by forcing a call to one extra tool whose ``input_schema`` is the wanted
schema: the API then guarantees an object, which prose instructions and prefills do not.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import ConfigError
from ._blocks import JSON_TOOL, JSON_TOOL_DESCRIPTION, AnswerShape, block_answer, block_messages
from ._http import Clock, HTTPModel, Sleep, Transport, wire_error
from ._usage import wire_usage
from .base import Completion, Message, ToolSpec

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
# Text blocks and tool_use blocks, told apart by their "type".
_ANSWER = AnswerShape(
    text=lambda b: b.get("text") if b.get("type") == "text" else None,
    tool_use=lambda b: b if b.get("type") == "tool_use" else None,
    label="tool_use", id_key="id", id_prefix="toolu_",
)


class AnthropicModel(HTTPModel):
    """A Claude model behind the Messages API.

    ``api_key`` defaults to ``ANTHROPIC_API_KEY`` (sent as ``x-api-key``); ``auth_token`` (default env
    ``ANTHROPIC_AUTH_TOKEN``) is sent as a bearer token instead, for gateways; ``base_url`` defaults to
    ``ANTHROPIC_BASE_URL``, else ``https://api.anthropic.com``.
    """

    provider = "anthropic"

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        auth_token: str | None = None,
        timeout: float = 60.0,
        connect_timeout: float = 10.0,
        max_retries: int = 3,
        version: str = API_VERSION,
        headers: Mapping[str, str] | None = None,
        read_env: bool = True,
        sleep: Sleep | None = None,
        clock: Clock | None = None,
    ) -> None:
        env: Mapping[str, str] = os.environ if read_env else {}
        api_key = api_key or env.get("ANTHROPIC_API_KEY") or None
        auth_token = None if api_key else (auth_token or env.get("ANTHROPIC_AUTH_TOKEN") or None)
        base_url = (base_url or env.get("ANTHROPIC_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        if not api_key and not auth_token and base_url == DEFAULT_BASE_URL:
            raise ConfigError("anthropic: no API key: pass api_key or set ANTHROPIC_API_KEY", field="api_key")
        sent = {"anthropic-version": version}
        if api_key:
            sent["x-api-key"] = api_key
        elif auth_token:
            sent["authorization"] = f"Bearer {auth_token}"
        sent.update(headers or {})
        transport = Transport(
            self.provider, base_url, headers=sent, timeout=timeout, connect_timeout=connect_timeout,
            max_retries=max_retries, secrets=(api_key, auth_token), sleep=sleep, clock=clock,
        )
        super().__init__(model, transport)
        self.base_url = base_url

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
        """One Messages API call; with ``json_schema`` the answer is the forced tool's input, as JSON text."""
        system_parts, wire = _messages(messages, system=system, structured=bool(tools))
        body: dict[str, Any] = {
            "model": self.model, "max_tokens": max_tokens, "temperature": temperature, "messages": wire,
        }
        if system_parts:
            body["system"] = "\n\n".join(system_parts)
        specs = [{"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools]
        if json_schema is not None:
            specs.append({"name": JSON_TOOL, "description": JSON_TOOL_DESCRIPTION, "input_schema": json_schema})
            # With other tools offered the model may still call them; it must call some tool.
            body["tool_choice"] = {"type": "any"} if tools else {"type": "tool", "name": JSON_TOOL}
        if specs:
            body["tools"] = specs
        data = self._transport.post_json("/v1/messages", body)
        return self._completion(data, json_schema is not None)

    def _completion(self, data: dict[str, Any], want_json: bool) -> Completion:
        content = data.get("content")
        if not isinstance(content, list):
            raise wire_error(self.provider, "no content list")
        usage = wire_usage(data, ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"),
                           "output_tokens")
        self._record(usage)
        text, calls = block_answer(content, _ANSWER, provider=self.provider, want_json=want_json)
        reason, model = data.get("stop_reason"), data.get("model")
        return Completion(
            text=text, tool_calls=calls, usage=usage,
            stop_reason=reason if isinstance(reason, str) else None,
            model=model if isinstance(model, str) else self.model,
        )


def _messages(messages: Sequence[Message], *, system: str | None, structured: bool
              ) -> tuple[list[str], list[dict[str, Any]]]:
    """System text apart (``system`` first); alternating user/assistant messages of Messages API content blocks."""

    def tool_result(m: Message) -> dict[str, Any]:
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": m.tool_call_id}
        if m.content:
            block["content"] = m.content
        return block

    return block_messages(messages, system=system, structured=structured, text=_text, tool_result=tool_result,
                          tool_use=lambda c: {"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments})


def _text(text: str) -> list[dict[str, Any]]:
    """A text block, or none: the API refuses empty text blocks."""
    return [{"type": "text", "text": text}] if text.strip() else []
