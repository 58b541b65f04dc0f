"""OpenAI Agents SDK: a ``Session`` over engram's events, and recall/remember as function tools.

``Runner.run(agent, text, session=EngramSession(mem, scope))`` loads the session's earlier items before the
model runs and stores the run's new items after it, so a later run with the same scope resumes the
conversation (from any process that opens the same database). Each item is one engram event: its text is
what history search indexes, its exact SDK form rides along in the event's metadata, so items come back
as they went in. Events engram itself wrote (``Memory.append``, ``engram.Agent``) read back as plain
messages, tool calls and tool results. Needs the ``[openai-agents]`` extra.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from agents import FunctionTool, function_tool

from ..errors import ValidationError
from ..types import Event, Scope
from . import _timeline
from ._binding import bind_session
from ._tools import RECALL_DOC, REMEMBER_DOC, MemoryToolbox

if TYPE_CHECKING:
    from agents.items import TResponseInputItem
    from agents.memory.session_settings import SessionSettings

    from ..engine import Memory

ITEM = "openai_agents_item"  # the metadata key holding the SDK's own form of the item
ROLES = {"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}


def _text(content: Any) -> str:
    """The text of a message item's content: a string, or the text parts of a part list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def to_message(item: TResponseInputItem, field: str = "items") -> dict[str, Any]:
    """One SDK input item as an engram message. ValidationError (naming ``field``) for what is not a JSON
    object, and for a message item (no ``type``, or ``"message"``) without a known role or with content that
    is neither a string nor a list of parts, which would otherwise be stored as an empty assistant message."""
    if not isinstance(item, dict):
        raise ValidationError("an item must be a JSON object (a Responses API input item)", field=field)
    kind = item.get("type")
    if kind in (None, "message"):
        if item.get("role") not in ROLES:
            raise ValidationError(f"a message item's role must be one of {', '.join(ROLES)}", field=f"{field}.role")
        if not isinstance(item.get("content"), str | list):
            raise ValidationError("a message item's content must be a string or a list of content parts",
                                  field=f"{field}.content")
    meta = {ITEM: item}
    if kind == "function_call":
        call = {"id": str(item.get("call_id") or item.get("id") or "call"), "name": str(item.get("name") or "tool"),
                "arguments": _timeline.arguments(item.get("arguments"))}
        return {"role": "assistant", "content": "", "tool_calls": [call], "metadata": meta}
    if kind == "function_call_output":
        output = item.get("output")
        text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
        return {"role": "tool", "content": text, "tool_call_id": str(item.get("call_id") or "call"),
                "metadata": meta}
    role = ROLES.get(str(item.get("role")), "assistant")
    return {"role": role, "content": _text(item.get("content")), "metadata": meta}


def to_items(event: Event) -> list[TResponseInputItem]:
    """An event as the SDK item it was stored from; an event engram wrote itself as the items it stands for
    (an assistant message with tool calls becomes its text, if any, then one function call per call)."""
    kept = event.metadata.get(ITEM)
    if isinstance(kept, dict):
        return [kept]  # type: ignore[list-item]
    if event.role == "tool":
        return [{"type": "function_call_output", "call_id": event.tool_call_id or "", "output": event.content}]
    role = event.role if event.role in ("user", "assistant", "system") else "user"
    out: list[Any] = [{"role": role, "content": event.content}] if event.content or not event.tool_calls else []
    out += [{"type": "function_call", "call_id": c.id, "name": c.name, "arguments": json.dumps(c.arguments)}
            for c in event.tool_calls]
    return out


class EngramSession:
    """The SDK's ``Session`` protocol for one engram session (agent + actor + session of ``scope``).

    ``add_items`` stores all of a call's items in one turn or none; ``pop_item`` deletes the newest event
    (one item, unless engram itself wrote an assistant message with several tool calls). Calls run in a
    worker thread so the event loop never waits on the database.
    """

    session_settings: SessionSettings | None = None

    def __init__(self, mem: Memory, scope: Scope) -> None:
        session = bind_session(mem, scope, "a Session")
        self.mem = mem
        self.scope = scope
        self.session_id: str = session

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        events = await asyncio.to_thread(_timeline.read, self.mem, self.scope, limit)
        return [item for e in events for item in to_items(e)]

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        messages = [to_message(i, f"items[{n}]") for n, i in enumerate(_timeline.sequence(items, "items"))]
        await asyncio.to_thread(_timeline.append, self.mem, self.scope, messages)

    async def pop_item(self) -> TResponseInputItem | None:
        event = await asyncio.to_thread(_timeline.pop, self.mem, self.scope)
        return None if event is None else to_items(event)[-1]

    async def clear_session(self) -> None:
        await asyncio.to_thread(_timeline.clear, self.mem, self.scope)


def memory_tools(mem: Memory, scope: Scope, *, level: str = "actor", limit: int = 5) -> list[FunctionTool]:
    """``recall`` and ``remember`` as function tools for an ``Agent(tools=...)``; see :mod:`._tools`."""
    box = MemoryToolbox(mem, scope, level=level, limit=limit)
    return [function_tool(box.arecall, name_override="recall", description_override=RECALL_DOC, strict_mode=False),
            function_tool(box.aremember, name_override="remember", description_override=REMEMBER_DOC,
                          strict_mode=False)]
