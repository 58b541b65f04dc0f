"""The Model protocol: messages in, text or structured JSON or tool calls out, token usage counted.

The values it exchanges (``Message``, ``ToolSpec``, ``Usage``, ``Completion``) live in :mod:`engram.types`
so the pure core can use them; they are re-exported here, where callers have always found them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from ..errors import ModelOutputError
from ..types import Completion, Message, ToolCall, ToolSpec, Usage

__all__ = ["Completion", "Message", "Model", "ToolCall", "ToolSpec", "Usage", "parse_json_object"]


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
