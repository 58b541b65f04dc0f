"""Pydantic AI: a conversation's message history kept as engram events, and recall/remember as tools.

Pydantic AI hands history in and out explicitly (``agent.run(..., message_history=...)``,
``result.new_messages()``); ``EngramHistory`` is where it lives between runs::

    history = EngramHistory(mem, scope)
    result = agent.run_sync(prompt, message_history=history.load())
    history.save(result.new_messages())          # one turn: all of the run's messages or none

Each ``ModelMessage`` is one event: its text (user prompts, replies, tool results) is what history search
indexes and extraction reads; the message itself, serialized by Pydantic AI's own type adapter, rides in
the event's metadata and comes back exactly. Events engram wrote itself read back as plain requests and
responses. Needs the ``[pydantic-ai]`` extra.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic_ai import Tool
from pydantic_ai.messages import (
    ModelMessage,
    ModelMessagesTypeAdapter,
    ModelRequest,
    ModelRequestPart,
    ModelResponse,
    ModelResponsePart,
    RetryPromptPart,
    SystemPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)

from ..errors import ValidationError
from ..types import Event, Scope
from . import _timeline
from ._binding import bind_session
from ._tools import RECALL_DOC, REMEMBER_DOC, MemoryToolbox, guarded
from .memory_files import MemoryFiles

if TYPE_CHECKING:
    from ..engine import Memory

MESSAGE = "pydantic_ai_message"  # the metadata key holding the serialized ModelMessage


def _request_event(msg: ModelRequest) -> dict[str, Any]:
    texts: list[str] = []
    returns: list[str] = []
    for part in msg.parts:
        if isinstance(part, UserPromptPart):
            texts.append(part.content if isinstance(part.content, str)
                         else "\n".join(c for c in part.content if isinstance(c, str)))
        elif isinstance(part, ToolReturnPart):
            texts.append(part.model_response_str())
            returns.append(part.tool_call_id)
        elif isinstance(part, RetryPromptPart):
            texts.append(part.model_response())
            if part.tool_call_id and part.tool_name:
                returns.append(part.tool_call_id)
    content = "\n".join(t for t in texts if t)
    if any(isinstance(p, UserPromptPart) for p in msg.parts):
        return {"role": "user", "content": content}
    if returns:  # tool results only: one tool event (the message keeps every result)
        return {"role": "tool", "content": content, "tool_call_id": returns[0]}
    system = "\n".join(p.content for p in msg.parts if isinstance(p, SystemPromptPart))
    return {"role": "system", "content": system or content}


def to_message(msg: ModelMessage, field: str = "messages") -> dict[str, Any]:
    """A Pydantic AI message as an engram message (its serialized form in the metadata)."""
    if isinstance(msg, ModelRequest):
        out = _request_event(msg)
    elif isinstance(msg, ModelResponse):
        calls = [{"id": p.tool_call_id, "name": p.tool_name, "arguments": p.args_as_dict()}
                 for p in msg.parts if isinstance(p, ToolCallPart)]
        out = {"role": "assistant", "content": "\n".join(p.content for p in msg.parts if isinstance(p, TextPart)),
               **({"tool_calls": calls} if calls else {})}
    else:
        raise ValidationError(f"must be a pydantic_ai ModelRequest or ModelResponse, got {type(msg).__name__}",
                              field=field)
    out["metadata"] = {MESSAGE: ModelMessagesTypeAdapter.dump_python([msg], mode="json")[0]}
    return out


def to_model_message(event: Event) -> ModelMessage:
    """An event as the message it was stored from, or the message an engram-written event stands for."""
    kept = event.metadata.get(MESSAGE)
    if isinstance(kept, dict):
        return ModelMessagesTypeAdapter.validate_python([kept])[0]
    if event.role == "assistant":
        parts: list[ModelResponsePart] = [TextPart(event.content)] if event.content else []
        parts += [ToolCallPart(c.name, c.arguments, c.id) for c in event.tool_calls]
        return ModelResponse(parts=parts)
    request: ModelRequestPart
    if event.role == "tool":
        request = ToolReturnPart(event.name or "tool", event.content, event.tool_call_id or "")
    elif event.role == "system":
        request = SystemPromptPart(event.content)
    else:
        request = UserPromptPart(event.content)
    return ModelRequest(parts=[request])


class EngramHistory:
    """The message history of one engram session (agent + actor + session of ``scope``)."""

    def __init__(self, mem: Memory, scope: Scope) -> None:
        bind_session(mem, scope, "a message history")
        self.mem = mem
        self.scope = scope

    def load(self, limit: int | None = None) -> list[ModelMessage]:
        """The last ``limit`` messages (all when None), oldest first, ready for ``message_history``."""
        return [to_model_message(e) for e in _timeline.read(self.mem, self.scope, limit)]

    def save(self, messages: Sequence[ModelMessage]) -> None:
        """Append a run's new messages in one turn: all are stored or none."""
        _timeline.append(self.mem, self.scope, [to_message(m, f"messages[{i}]")
                                                for i, m in enumerate(_timeline.sequence(messages, "messages"))])

    def clear(self) -> int:
        return _timeline.clear(self.mem, self.scope)

    async def aload(self, limit: int | None = None) -> list[ModelMessage]:
        return await asyncio.to_thread(self.load, limit)

    async def asave(self, messages: Sequence[ModelMessage]) -> None:
        await asyncio.to_thread(self.save, messages)


def memory_tools(mem: Memory, scope: Scope, *, level: str = "actor", limit: int = 5) -> list[Tool[Any]]:
    """``recall`` and ``remember`` as Pydantic AI tools for ``Agent(tools=...)``; see :mod:`._tools`."""
    box = MemoryToolbox(mem, scope, level=level, limit=limit)
    return [Tool(box.arecall, name="recall", description=RECALL_DOC, takes_ctx=False),
            Tool(box.aremember, name="remember", description=REMEMBER_DOC, takes_ctx=False)]


def claude_memory_tool(mem: Memory, scope: Scope, *, level: str = "actor") -> Tool[Any]:
    """The ``memory`` tool Pydantic AI's native ``MemoryTool`` needs (``Agent(capabilities=[NativeTool(
    MemoryTool())], tools=[claude_memory_tool(mem, scope)])``): Claude's ``memory_20250818`` commands run on
    :class:`~engram.adapters.memory_files.MemoryFiles`; an engram error comes back as a JSON error result."""
    files = MemoryFiles(mem, scope, level=level)

    async def memory(command: str, path: str | None = None, file_text: str | None = None,
                     old_str: str | None = None, new_str: str | None = None, insert_line: int | None = None,
                     insert_text: str | None = None, view_range: list[int] | None = None,
                     old_path: str | None = None, new_path: str | None = None) -> str:
        args = {"path": path, "file_text": file_text, "old_str": old_str, "new_str": new_str,
                "insert_line": insert_line, "insert_text": insert_text, "view_range": view_range,
                "old_path": old_path, "new_path": new_path}
        return await asyncio.to_thread(guarded, lambda: files.execute(command, args))

    return Tool(memory, name="memory", description="Claude's memory tool over /memories.", takes_ctx=False)
