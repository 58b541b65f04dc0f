"""Content-block conversations, shared by the Anthropic Messages and Bedrock Converse clients.

Both APIs want system text apart and alternating user/assistant messages of content blocks, consecutive
messages of one role merged; only the shape of a block differs, so each client passes its block builders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..errors import ValidationError
from ..types import ToolCall
from ._http import tool_history_text
from .base import Message

Block = dict[str, Any]


def block_messages(messages: Sequence[Message], *, structured: bool, text: Callable[[str], list[Block]],
                   tool_result: Callable[[Message], Block], tool_use: Callable[[ToolCall], Block]
                   ) -> tuple[list[str], list[dict[str, Any]]]:
    """System texts and the block messages. Without tools offered (``structured`` false), the history's tool
    calls and results are rendered as text, since both APIs refuse tool blocks without a tool config."""
    system: list[str] = []
    out: list[dict[str, Any]] = []

    def add(role: str, blocks: list[Block]) -> None:
        if not blocks:
            return
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})

    for i, m in enumerate(messages):
        if m.role == "system":
            if m.content:
                system.append(m.content)
        elif m.role == "tool":
            if not structured:
                add("user", text(tool_history_text(m)))
                continue
            if not m.tool_call_id:
                raise ValidationError("a tool message needs tool_call_id", field=f"messages[{i}].tool_call_id")
            add("user", [tool_result(m)])
        elif m.role == "user":
            add("user", text(m.content))
        elif m.role == "assistant":
            if m.tool_calls and not structured:
                add("assistant", text(tool_history_text(m)))
                continue
            add("assistant", text(m.content) + [tool_use(c) for c in m.tool_calls])
        else:
            raise ValidationError(f"unknown role {m.role!r}", field=f"messages[{i}].role")
    return system, out
