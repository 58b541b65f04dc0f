"""A session's events as a framework's ordered item list: read it whole, append to it, pop its tail.

Frameworks keep a conversation as an ordered list and page it from the end. engram orders a session's events
by (``at``, ``seq``) and pages by ``at``, so every item appended here gets its own instant, one microsecond
after the session's last event, which keeps paging exact however many items one call adds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..core.validate import MAX_LIMIT
from ..errors import ValidationError
from ..types import Event, Scope

if TYPE_CHECKING:
    from ..engine import Memory

TICK = timedelta(microseconds=1)
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # ``after=EPOCH`` reads a session from its first event


def count(value: object, field: str) -> int | None:
    """A framework's ``limit`` / ``offset``: None, or a whole number >= 0 (a typed error otherwise)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise ValidationError("must be a whole number >= 0 (or None)", field=field)
    return value


def sequence(value: object, field: str) -> list[Any]:
    """A framework's list of items or messages as a list (a typed error for None, a string or a mapping)."""
    if isinstance(value, str | bytes | dict) or not isinstance(value, Sequence):
        raise ValidationError(f"must be a list, got {type(value).__name__}", field=field)
    return list(value)


def arguments(raw: Any) -> dict[str, Any]:
    """A framework's tool-call arguments as engram keeps them: a dict as it is, a JSON object string parsed, any
    other JSON value under ``value``, text that is no JSON under ``raw``."""
    if isinstance(raw, dict):
        return raw
    try:
        parsed = json.loads(raw) if isinstance(raw, str) and raw else {}
    except json.JSONDecodeError:
        return {"raw": raw}
    return parsed if isinstance(parsed, dict) else {"value": parsed}


def read(mem: Memory, scope: Scope, limit: int | None = None) -> list[Event]:
    """The session's last ``limit`` events (all when None), oldest first."""
    count(limit, "limit")
    out: list[Event] = []
    before: datetime | None = None
    while limit is None or len(out) < limit:
        want = MAX_LIMIT if limit is None else min(MAX_LIMIT, limit - len(out))
        page = mem.events(scope, want, before=before)
        out[:0] = page
        if len(page) < want:
            break
        before = page[0].at
    return out


def stamped(mem: Memory, scope: Scope, messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` with strictly increasing ``at``, all after the session's last event."""
    last = mem.events(scope, 1)
    start = max(mem.now(), last[0].at + TICK) if last else mem.now()
    return [{**m, "at": start + i * TICK} for i, m in enumerate(messages)]


def append(mem: Memory, scope: Scope, messages: Sequence[dict[str, Any]], *, extract: bool = True) -> list[Event]:
    """Append in one turn: all of ``messages`` are stored or none (``extract=False``: the turn extracts nothing)."""
    if not messages:
        return []
    with mem.turn(scope, extract=extract) as t:
        t.append(stamped(mem, scope, messages))
    return t.appended


def replace(mem: Memory, scope: Scope, old: Event, message: dict[str, Any], *, extract: bool = True) -> Event:
    """Store ``message`` in ``old``'s place, all or nothing (``Turn.replace_event``: the same instant, ``old``
    deleted and the records extracted from it naming the new event, in one transaction); how adapters change a
    stored event (events are never edited). ``extract=False`` when ``old``'s words were extracted already.
    Returns the new event."""
    with mem.turn(scope, extract=extract) as t:
        t.replace_event(old.id, message)
    return t.appended[0]


def pop(mem: Memory, scope: Scope) -> Event | None:
    """Delete and return the session's newest event (None when it has none)."""
    last = mem.events(scope, 1)
    if not last:
        return None
    mem.delete_events(scope, [last[0].id])
    return last[0]


def clear(mem: Memory, scope: Scope) -> int:
    """Delete every event of the session; returns how many went."""
    gone = 0
    while page := mem.events(scope, MAX_LIMIT):
        went = mem.delete_events(scope, [e.id for e in page])
        gone += went
        if not went:  # nothing more this scope may delete
            break
    return gone
