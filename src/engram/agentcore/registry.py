"""The AgentCore memory resources engram serves, and which engram agent each one is.

A memory resource (``MyMemory-abc1234567``) is one engram agent: its events are that agent's events, its
records that agent's records, its strategies that agent's configuration. The mapping is stored, not
derived (:mod:`.state` keeps it), so it survives restarts and is shared by every server on one database. An
agent has at most one memory resource: two would mix their events and records.

``doc`` carries what the control plane keeps about a memory beyond the mapping (strategies with their ids,
encryption key ARN, role, …) as plain JSON; this module checks what is asked and :mod:`.state` stores it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from ..core import event_expiry
from ..errors import NotFound, ValidationError
from ..stores.base import Store
from ..types import check_id
from . import ids, state
from .state import MemoryResource as MemoryResource

CHANGEABLE = frozenset({"description", "event_expiry_days", "doc", "status", "name"})


def create(store: Store, agent: str, name: str, *, region: str = ids.DEFAULT_REGION,
           account: str = ids.DEFAULT_ACCOUNT, description: str | None = None, event_expiry_days: int = 30,
           doc: dict[str, Any] | None = None, memory_id: str | None = None,
           now: datetime | None = None) -> MemoryResource:
    """Register a new memory resource for ``agent``; ConflictError if the agent already has one."""
    check_id(agent, "agent")
    mid = memory_id or ids.new_memory_id(name)
    ids.memory_id(mid)
    event_expiry.check_days(event_expiry_days)
    at = now or datetime.now(UTC)
    res = MemoryResource(id=mid, name=name, agent=agent, arn=ids.memory_arn(mid, region, account),
                         status="ACTIVE", created_at=at, updated_at=at, description=description,
                         event_expiry_days=event_expiry_days, doc=dict(doc or {}))
    state.add_memory(store, res)
    return res


def list_all(store: Store) -> list[MemoryResource]:
    """Every memory resource, oldest first (ListMemories filters by the caller's grant)."""
    return state.memories(store)


def get(store: Store, memory_id: str) -> MemoryResource:
    """The memory resource with this id (or ARN); NotFound when there is none. An ARN must be the memory's own:
    one naming another partition, region or account names a memory that does not exist there."""
    mid = ids.memory_id(memory_id)
    res = state.memory(store, mid)
    if res is None or (memory_id.startswith("arn:") and memory_id != res.arn):
        raise NotFound(f"memory {memory_id if res is not None else mid} does not exist", field="memoryId")
    return res


def of_agent(store: Store, agent: str) -> MemoryResource | None:
    """The memory resource of an engram agent, if it has one."""
    return state.memory_of_agent(store, agent)


def update(store: Store, memory_id: str, *, now: datetime | None = None, **changes: Any) -> MemoryResource:
    """Change a memory's fields (``description``, ``event_expiry_days``, ``doc``, ``status``, ``name``)."""
    unknown = set(changes) - CHANGEABLE
    if unknown:
        raise ValidationError("cannot be changed", field=sorted(unknown)[0])
    if "event_expiry_days" in changes:
        event_expiry.check_days(changes["event_expiry_days"])
    mid = ids.memory_id(memory_id)
    at = now or datetime.now(UTC)
    new = state.change_memory(store, mid, lambda res: replace(res, updated_at=at, **changes))
    if new is None:
        raise NotFound(f"memory {mid} does not exist", field="memoryId")
    return new


def delete(store: Store, memory_id: str) -> MemoryResource:
    """Forget the memory resource (its engram agent's data stays; erase it separately if wanted)."""
    mid = ids.memory_id(memory_id)
    res = state.drop_memory(store, mid)
    if res is None:
        raise NotFound(f"memory {mid} does not exist", field="memoryId")
    return replace(res, status="DELETING")
