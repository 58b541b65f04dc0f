"""The Model protocol: messages in, text or structured JSON or tool calls out, token usage counted."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import ModelOutputError
from ..types import ToolCall


@dataclass(frozen=True, slots=True)
class Message:
    """A chat message in provider-neutral form; tool results carry ``tool_call_id``."""

    role: str  # system | user | assistant | tool
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool offered to the model: JSON-schema'd parameters, as every provider API accepts them."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)


@dataclass(frozen=True, slots=True)
class Completion:
    """What a model call returned: text and/or tool calls, the usage, and why it stopped."""

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage = field(default_factory=Usage)
    stop_reason: str | None = None
    model: str | None = None


class Model(Protocol):
    """A chat model. ``json_schema`` asks for a JSON object matching that schema as the text."""

    model_id: str

    def complete(
        self,
        messages: Sequence[Message],
        *,
        system: str | None = None,
        tools: Sequence[ToolSpec] = (),
        json_schema: dict[str, Any] | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> Completion: ...


def parse_json_object(text: str) -> dict[str, Any]:
    """Parse a model's JSON answer, tolerating a fenced code block around it; raise ModelOutputError."""
    s = text.strip()
    if s.startswith("```"):
        s = s.split("\n", 1)[1] if "\n" in s else s[3:]
        s = s.rsplit("```", 1)[0]
    start, end = s.find("{"), s.rfind("}")
    if start < 0 or end < start:
        raise ModelOutputError("the model did not answer with a JSON object", field="response")
    try:
        value = json.loads(s[start:end + 1])
    except json.JSONDecodeError as exc:
        raise ModelOutputError(f"malformed JSON from the model: {exc.msg}", field="response") from exc
    if not isinstance(value, dict):
        raise ModelOutputError("the model's JSON is not an object", field="response")
    return value
