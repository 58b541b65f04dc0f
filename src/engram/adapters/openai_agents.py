"""OpenAI Agents SDK: a ``Session`` over engram's events, and recall/remember as function tools.

``Runner.run(agent, text, session=EngramSession(mem, scope))`` loads the session's earlier items before the
model runs and stores the run's new items after it, so a later run with the same scope resumes the
conversation (from any process that opens the same database). Each item is one engram event: its text is
what history search indexes, its exact SDK form rides along in the event's metadata, so items come back
as they went in. An item holding text engram cannot store as it is (a NUL character, which a model may
output, or a lone surrogate) is kept whole as its JSON text instead (``openai_agents_item_json``, every such
character escaped), and its indexed text has U+FFFD in their place: the SDK's own sessions accept any item,
and a run must not fail after the model has answered. A bad item is a ``ValidationError`` naming it as the
SDK's caller passed it (``items[0].call_id``), never engram's inner form. Events engram itself wrote
(``Memory.append``, ``engram.Agent``) read back as plain messages, tool calls and tool results. Needs the
``[openai-agents]`` extra.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from agents import FunctionTool, function_tool

from ..errors import ValidationError
from ..types import Event, Scope
from . import _timeline
from ._binding import bind_session
from ._tools import RECALL_DOC, REMEMBER_DOC, MemoryToolbox
from ._unstorable import dumps, holds, loads, storable

if TYPE_CHECKING:
    from agents.items import TResponseInputItem
    from agents.memory.session_settings import SessionSettings

    from ..engine import Memory

ITEM = "openai_agents_item"  # the metadata key holding the SDK's own form of the item
ITEM_JSON = "openai_agents_item_json"  # instead of ITEM: the item as ASCII JSON, when it holds unstorable text
ROLES = {"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}


def _text(content: Any) -> str:
    """The text of a message item's content: a string, or the text parts of a part list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def _kept(item: Mapping[str, object], field: str) -> dict[str, Any]:
    """The metadata keeping ``item`` exactly: the item itself, or its ASCII JSON text when it holds characters
    engram cannot store as text (they are escaped there). ValidationError (``field``) if it is no JSON."""
    if not holds(item):
        return {ITEM: item}
    try:
        return {ITEM_JSON: dumps(item)}
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"an item must be JSON ({exc})", field=field) from None


def to_message(item: TResponseInputItem, field: str = "items") -> dict[str, Any]:
    """One SDK input item as an engram message. ValidationError (naming ``field``) for what is not a JSON
    object, and for a message item (no ``type``, or ``"message"``) without a known role or with content that
    is neither a string nor a list of parts, which would otherwise be stored as an empty assistant message.
    The message's text, tool calls and results are read from the item with unstorable characters replaced
    (:func:`~engram.adapters._unstorable.storable`); the item itself is kept exactly (:func:`_kept`)."""
    if not isinstance(item, dict):
        raise ValidationError("an item must be a JSON object (a Responses API input item)", field=field)
    kind = item.get("type")
    if kind in (None, "message"):
        if item.get("role") not in ROLES:
            raise ValidationError(f"a message item's role must be one of {', '.join(ROLES)}", field=f"{field}.role")
        if not isinstance(item.get("content"), str | list):
            raise ValidationError("a message item's content must be a string or a list of content parts",
                                  field=f"{field}.content")
    meta = _kept(item, field)
    said = storable(item)
    if kind == "function_call":
        call = {"id": str(said.get("call_id") or said.get("id") or "call"), "name": str(said.get("name") or "tool"),
                "arguments": storable(_timeline.arguments(said.get("arguments")))}  # "\u0000" parses to NUL
        return {"role": "assistant", "content": "", "tool_calls": [call], "metadata": meta}
    if kind == "function_call_output":
        output = said.get("output")
        text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
        return {"role": "tool", "content": storable(text), "tool_call_id": str(said.get("call_id") or "call"),
                "metadata": meta}
    role = ROLES.get(str(said.get("role")), "assistant")
    return {"role": role, "content": _text(said.get("content")), "metadata": meta}


def _item_field(field: str | None, items: list[Any]) -> str | None:
    """An error's field in a stored message (``messages[3].tool_call_id``) as the field of the item it came from
    (``items[3].call_id``); the item inside the metadata is named by its own path."""
    found = re.fullmatch(r"messages\[(\d+)\](.*)", field or "")
    if found is None:
        return field
    n, rest = int(found[1]), found[2]
    item = items[n] if n < len(items) and isinstance(items[n], dict) else {}
    where = {".content": ".output" if item.get("type") == "function_call_output" else ".content",
             ".tool_call_id": ".call_id", ".tool_calls[0].id": ".call_id", ".tool_calls[0].name": ".name",
             ".metadata": "", f".metadata.{ITEM_JSON}": ""}
    inside = re.fullmatch(rf"\.metadata\.{ITEM}([.\[].*)?", rest)
    if inside is not None:  # the item itself, kept as it came: named by its own path
        return f"items[{n}]{inside[1] or ''}"
    if rest.startswith(".tool_calls[0].arguments"):  # parsed from the item's arguments string
        return f"items[{n}].arguments"
    return f"items[{n}]{where.get(rest, rest)}"


def to_items(event: Event) -> list[TResponseInputItem]:
    """An event as the SDK item it was stored from; an event engram wrote itself as the items it stands for
    (an assistant message with tool calls becomes its text, if any, then one function call per call)."""
    kept = event.metadata.get(ITEM)
    if isinstance(kept, dict):
        return [kept]  # type: ignore[list-item]
    encoded = event.metadata.get(ITEM_JSON)
    if isinstance(encoded, str):
        return [loads(encoded)]
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
        """Store the items in one turn, all or none; an error names the item (``items[0]...``)."""
        given = _timeline.sequence(items, "items")
        messages = [to_message(i, f"items[{n}]") for n, i in enumerate(given)]
        try:
            await asyncio.to_thread(_timeline.append, self.mem, self.scope, messages)
        except ValidationError as exc:
            exc.field = _item_field(exc.field, given)
            raise

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
