"""The AgentCore memory resources engram serves, and which engram agent each one is.

A memory resource (``MyMemory-abc1234567``) is one engram agent: its events are that agent's events, its
records that agent's records, its strategies that agent's configuration. The mapping is stored, not
derived, in the store's meta table (``agentcore.memory.<id>`` holds the resource, ``agentcore.agent.<agent>``
the id of the agent's memory), so it survives restarts and is shared by every server on one database. An
agent has at most one memory resource: two would mix their events and records.

``doc`` carries what the control plane keeps about a memory beyond the mapping (strategies with their ids,
encryption key ARN, role, …) as plain JSON; this module only stores it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from ..core import event_expiry
from ..errors import ConflictError, NotFound, ValidationError
from ..stores.base import Store, Tx
from ..types import check_id
from . import ids, meta_index, state

_MEMORY, _AGENT, _INDEX = state.MEMORY, state.AGENT, state.MEMORY_INDEX


@dataclass(frozen=True, slots=True)
class MemoryResource:
    """One AgentCore memory: its id and ARN, the engram agent behind it, and its control-plane document."""

    id: str
    name: str
    agent: str
    arn: str
    status: str
    created_at: datetime
    updated_at: datetime
    description: str | None = None
    event_expiry_days: int = 30
    doc: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"id": self.id, "name": self.name, "agent": self.agent, "arn": self.arn,
                           "status": self.status, "created_at": self.created_at.isoformat(),
                           "updated_at": self.updated_at.isoformat(), "description": self.description,
                           "event_expiry_days": self.event_expiry_days, "doc": self.doc}, sort_keys=True)

    @classmethod
    def from_json(cls, raw: str) -> MemoryResource:
        d = json.loads(raw)
        return cls(id=d["id"], name=d["name"], agent=d["agent"], arn=d["arn"], status=d["status"],
                   created_at=datetime.fromisoformat(d["created_at"]),
                   updated_at=datetime.fromisoformat(d["updated_at"]), description=d.get("description"),
                   event_expiry_days=int(d.get("event_expiry_days", 30)), doc=dict(d.get("doc") or {}))


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
    with store.write() as tx:
        held = tx.get_meta(_AGENT + agent)
        if held:
            raise ConflictError(f"agent {agent!r} already has memory {held}; one memory per agent",
                                field="name")
        if tx.get_meta(_MEMORY + mid):
            raise ConflictError(f"memory {mid} already exists", field="memoryId")
        tx.set_meta(_MEMORY + mid, res.to_json())
        tx.set_meta(_AGENT + agent, mid)
        meta_index.add(tx, _INDEX, mid, at)
    return res


def list_all(store: Store) -> list[MemoryResource]:
    """Every memory resource, oldest first (ListMemories filters by the caller's grant)."""
    with store.read() as tx:
        raws = [tx.get_meta(_MEMORY + mid) for mid in meta_index.members(tx, _INDEX)]
    return [MemoryResource.from_json(r) for r in raws if r]


def get(store: Store, memory_id: str) -> MemoryResource:
    """The memory resource with this id (or ARN); NotFound when there is none."""
    mid = ids.memory_id(memory_id)
    with store.read() as tx:
        raw = tx.get_meta(_MEMORY + mid)
    if not raw:
        raise NotFound(f"memory {mid} does not exist", field="memoryId")
    return MemoryResource.from_json(raw)


def exists(store: Store, memory_id: str) -> bool:
    with store.read() as tx:
        return exists_in(tx, memory_id)


def exists_in(tx: Tx, memory_id: str) -> bool:
    """Whether a memory resource with this (bare) id is registered, read in ``tx``."""
    return bool(tx.get_meta(_MEMORY + memory_id))


def of_agent(store: Store, agent: str) -> MemoryResource | None:
    """The memory resource of an engram agent, if it has one."""
    with store.read() as tx:
        mid = tx.get_meta(_AGENT + agent)
        raw = tx.get_meta(_MEMORY + mid) if mid else None
    return MemoryResource.from_json(raw) if raw else None


def update(store: Store, memory_id: str, *, now: datetime | None = None, **changes: Any) -> MemoryResource:
    """Change a memory's fields (``description``, ``event_expiry_days``, ``doc``, ``status``, ``name``)."""
    allowed = {"description", "event_expiry_days", "doc", "status", "name"}
    unknown = set(changes) - allowed
    if unknown:
        raise ValidationError("cannot be changed", field=sorted(unknown)[0])
    if "event_expiry_days" in changes:
        event_expiry.check_days(changes["event_expiry_days"])
    mid = ids.memory_id(memory_id)
    with store.write() as tx:
        raw = tx.get_meta(_MEMORY + mid)
        if not raw:
            raise NotFound(f"memory {mid} does not exist", field="memoryId")
        res = replace(MemoryResource.from_json(raw), updated_at=now or datetime.now(UTC), **changes)
        tx.set_meta(_MEMORY + mid, res.to_json())
    return res


def delete(store: Store, memory_id: str) -> MemoryResource:
    """Forget the memory resource (its engram agent's data stays; erase it separately if wanted)."""
    mid = ids.memory_id(memory_id)
    with store.write() as tx:
        raw = tx.get_meta(_MEMORY + mid)
        if not raw:
            raise NotFound(f"memory {mid} does not exist", field="memoryId")
        res = MemoryResource.from_json(raw)
        tx.set_meta(_MEMORY + mid, "")
        if tx.get_meta(_AGENT + res.agent) == mid:
            tx.set_meta(_AGENT + res.agent, "")
        meta_index.remove(tx, _INDEX, mid)
    return replace(res, status="DELETING")
