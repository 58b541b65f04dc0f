"""What of an event the history index holds. Pure.

Messages are indexed by their text (a long one in overlapping chunks); tool calls and tool results only
when the agent's ``harness.history.index`` is ``messages_and_tools``. Turns index with it when they commit,
the indexer embeds what it returns, and a preview read scores preview events from it at query time.
"""

from __future__ import annotations

import json

from ..types import Event
from . import text as textmod

LONG_MESSAGE = 2000  # characters above which one message is indexed in chunks
CHUNK_SIZE, CHUNK_OVERLAP = 1500, 200


def index_texts(ev: Event, index: str) -> list[str]:
    """The texts of ``ev`` the history index holds under ``index`` (``messages`` or ``messages_and_tools``)."""
    if ev.role == "tool":
        if index != "messages_and_tools":
            return []
        label = f"tool result {ev.name}: " if ev.name else "tool result: "
        return [label + c for c in textmod.chunks(ev.content)] if ev.content else []
    texts = [ev.content] if ev.content.strip() else []
    if ev.tool_calls and index == "messages_and_tools":
        texts += [f"tool call {c.name} {json.dumps(c.arguments, sort_keys=True)}" for c in ev.tool_calls]
    if len(texts) == 1 and len(texts[0]) > LONG_MESSAGE:
        return textmod.chunks(texts[0], size=CHUNK_SIZE, overlap=CHUNK_OVERLAP)
    return texts
