"""What the AgentCore face keeps in the store's meta table, behind one small typed API.

The face's own state is its memory resources, harness documents, and the notes that make its operations
idempotent and its reads reach their owners. Each kind lives under one prefix of the table below, and this
module is the only one that opens a store transaction over those rows: the operation modules call the
functions here. A function taking ``store`` runs in a transaction of its own; one taking ``into`` (a
:class:`MetaWriter`: a store transaction or an engine turn) writes inside the caller's, so the row commits
with the caller's work. An erase of an actor purges what these rows say of it (:mod:`.erase`).

Lists (memories, harnesses, an agent's owners) are one row per entry, never one document per list, so
concurrent writers on PostgreSQL (which do not serialise on one lock) never overwrite each other's entry.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ..errors import ConflictError
from ..stores.base import Store, Tx

MEMORY = "agentcore.memory."              # <memory id> -> the resource as JSON
AGENT = "agentcore.agent."                # <engram agent> -> the id of its memory
MEMORY_INDEX = "agentcore.index.memory."  # <created µs>.<memory id> -> id, creation order
MEMORY_NAME = "agentcore.memory_name."    # <hash of owner, name> -> the id holding the name
HARNESS = "agentcore.harness."            # <harness id>[@<version>] -> the document
HARNESS_INDEX = "agentcore.index.harness."  # <created µs>.<harness id> -> id, creation order
OWNER = "agentcore.owner."                # <agent>␟<actor>␟<session> -> first seen, µs
TOKEN = "agentcore.token."                # <op>.<hash of owner>.<hash> -> {"id", "params"} (idempotency)
RECORD_ALIAS = "agentcore.record_alias."  # <engram record id> -> the id its AWS id names
AWS_MASTER = "agentcore.aws_master"       # the master secret, when not in the environment (credentials)
AWS_KEY = "agentcore.aws_key."            # <access key id> -> the engram key it stands for (credentials)
SIGNATURE = "agentcore.signature."        # <hash of a SigV4 signature> -> "<first seen> <expires>" (auth replays)

PREFIXES = (MEMORY, AGENT, MEMORY_INDEX, MEMORY_NAME, HARNESS, HARNESS_INDEX, OWNER, TOKEN, RECORD_ALIAS,
            AWS_MASTER, AWS_KEY, SIGNATURE)
OWNERS_LIMIT = 10_000  # the newest (actor, session) owners a read probes


class MetaWriter(Protocol):
    """Where a row can be written inside someone else's transaction: a store ``Tx`` or an engine ``Turn``."""

    def set_meta(self, key: str, value: str) -> None: ...


def _micros(at: datetime) -> int:
    return int(at.timestamp() * 1_000_000)


def _hash(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


# -- ordered lists: one row per entry, keyed by creation time ---------------------------------------------------
def _list_add(tx: Tx, prefix: str, member: str, at: datetime) -> None:
    tx.set_meta(f"{prefix}{_micros(at):020d}.{member}", member)


def _list_members(tx: Tx, prefix: str) -> list[str]:
    return list(dict.fromkeys(value for _, value in tx.meta_items(prefix) if value))


def _list_remove(tx: Tx, prefix: str, member: str) -> None:
    for key, value in tx.meta_items(prefix):
        if value == member:
            tx.delete_meta(key)


# -- memory resources -------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MemoryResource:
    """One AgentCore memory: its id and ARN, the engram agent behind it, and its control-plane document
    (strategies with their ids, encryption key ARN, role, tags, owner …, as plain JSON)."""

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
                   updated_at=datetime.fromisoformat(d["updated_at"]), description=d["description"],
                   event_expiry_days=int(d["event_expiry_days"]), doc=dict(d["doc"]))


def _memory(tx: Tx, memory_id: str) -> MemoryResource | None:
    raw = tx.get_meta(MEMORY + memory_id)
    return MemoryResource.from_json(raw) if raw else None


def add_memory(store: Store, res: MemoryResource) -> None:
    """Register ``res``; ConflictError if its agent already has a memory or its id is taken."""
    with store.write() as tx:
        held = tx.get_meta(AGENT + res.agent)
        if held:
            raise ConflictError(f"agent {res.agent!r} already has memory {held}; one memory per agent",
                                field="name")
        if tx.get_meta(MEMORY + res.id):
            raise ConflictError(f"memory {res.id} already exists", field="memoryId")
        tx.set_meta(MEMORY + res.id, res.to_json())
        tx.set_meta(AGENT + res.agent, res.id)
        _list_add(tx, MEMORY_INDEX, res.id, res.created_at)


def memory(store: Store, memory_id: str) -> MemoryResource | None:
    """The memory with this (bare) id, if there is one."""
    with store.read() as tx:
        return _memory(tx, memory_id)


def memories(store: Store) -> list[MemoryResource]:
    """Every memory, oldest first."""
    with store.read() as tx:
        found = [_memory(tx, mid) for mid in _list_members(tx, MEMORY_INDEX)]
    return [res for res in found if res is not None]


def memory_of_agent(store: Store, agent: str) -> MemoryResource | None:
    with store.read() as tx:
        mid = tx.get_meta(AGENT + agent)
        return _memory(tx, mid) if mid else None


def change_memory(store: Store, memory_id: str, change: Callable[[MemoryResource], MemoryResource]
                  ) -> MemoryResource | None:
    """Replace the memory by ``change(it)``, read and written in one transaction; None when there is none."""
    with store.write() as tx:
        res = _memory(tx, memory_id)
        if res is None:
            return None
        new = change(res)
        tx.set_meta(MEMORY + memory_id, new.to_json())
    return new


def drop_memory(store: Store, memory_id: str) -> MemoryResource | None:
    """Forget the memory (and its agent's mapping, and its list entry); what it was, or None."""
    with store.write() as tx:
        res = _memory(tx, memory_id)
        if res is None:
            return None
        tx.delete_meta(MEMORY + memory_id)
        if tx.get_meta(AGENT + res.agent) == memory_id:
            tx.delete_meta(AGENT + res.agent)
        _list_remove(tx, MEMORY_INDEX, memory_id)
    return res


def claim_name(store: Store, owner: str, name: str, memory_id: str) -> bool:
    """Claim ``name`` among ``owner``'s memories for ``memory_id``, atomically; False when a memory that
    still exists holds it (a name whose memory is gone is free again)."""
    key = MEMORY_NAME + _hash(owner, name)
    with store.write() as tx:
        held = tx.claim_meta(key, memory_id)
        if held != memory_id:
            if _memory(tx, held) is not None:
                return False
            tx.set_meta(key, memory_id)
    return True


def free_name(store: Store, owner: str, name: str, held_by: str | None = None) -> None:
    """Give the name up (only if ``held_by`` holds it, when given)."""
    key = MEMORY_NAME + _hash(owner, name)
    with store.write() as tx:
        if held_by is None or tx.get_meta(key) == held_by:
            tx.delete_meta(key)


# -- harnesses: the current document, every version, and the list ----------------------------------------------
def save_harness(store: Store, doc: dict[str, Any], *, created: datetime | None = None,
                 versioned: bool = True) -> None:
    """Store the harness's current document; ``versioned`` also keeps it as its ``harnessVersion``,
    ``created`` (a new harness) lists it."""
    hid = doc["harnessId"]
    text = json.dumps(doc, sort_keys=True)
    with store.write() as tx:
        if created is not None:
            _list_add(tx, HARNESS_INDEX, hid, created)
        tx.set_meta(HARNESS + hid, text)
        if versioned:
            tx.set_meta(f"{HARNESS}{hid}@{doc['harnessVersion']}", text)


def harness(store: Store, harness_id: str, version: str | None = None) -> dict[str, Any] | None:
    """The harness's current document (or one version of it), if stored."""
    with store.read() as tx:
        raw = tx.get_meta(HARNESS + harness_id + (f"@{version}" if version else ""))
    return json.loads(raw) if raw else None


def harness_ids(store: Store) -> list[str]:
    """Every harness id, oldest first."""
    with store.read() as tx:
        return _list_members(tx, HARNESS_INDEX)


def drop_harness(store: Store, harness_id: str, versions: int) -> None:
    """Forget the harness, its ``versions`` stored versions and its list entry."""
    with store.write() as tx:
        _list_remove(tx, HARNESS_INDEX, harness_id)
        tx.delete_meta(HARNESS + harness_id)
        for v in range(1, versions + 1):
            tx.delete_meta(f"{HARNESS}{harness_id}@{v}")


# -- owners: the (actor, session) pairs records were written for ------------------------------------------------
def _owners_prefix(agent: str, actor: str | None = None) -> str:
    return f"{OWNER}{agent}\x1f" + (f"{actor}\x1f" if actor is not None else "")


def note_owner(store: Store, agent: str, actor: str, session: str | None, at: datetime) -> None:
    """Remember that a record was written for (actor, session) of ``agent`` (the first time counts).
    Each pair is its own row; ids cannot contain ``\\x1f``."""
    key = _owners_prefix(agent, actor) + (session or "")
    with store.write() as tx:
        if tx.get_meta(key) is None:
            tx.set_meta(key, str(_micros(at)))


def owners(store: Store, agent: str) -> list[tuple[str, str | None]]:
    """The (actor, session) owners of ``agent``, newest first (at most :data:`OWNERS_LIMIT`)."""
    prefix = _owners_prefix(agent)
    with store.read() as tx:
        rows = tx.meta_items(prefix)
    found: list[tuple[int, str, str | None]] = []
    for key, value in rows:
        actor, _, session = key[len(prefix):].partition("\x1f")
        found.append((int(value), actor, session or None))
    found.sort(key=lambda f: (-f[0], f[1], f[2] or ""))
    return list(dict.fromkeys((a, s) for _, a, s in found))[:OWNERS_LIMIT]


def purge_owners(tx: Tx, agent: str, actor: str) -> int:
    """Forget the actor's pairs of ``agent`` in the erase's transaction; how many went."""
    return sum(int(tx.delete_meta(key)) for key, _ in tx.meta_items(_owners_prefix(agent, actor)))


# -- client tokens: rows of the one rule in :mod:`.idempotency` --------------------------------------------------
def _token_prefix(op: str, owner: str) -> str:
    """Hashes of the owner and of (owner, token): the table holds no actor id or token."""
    return f"{TOKEN}{op}.{_hash(owner)[:32]}."


def _token_key(op: str, owner: str, token: str) -> str:
    return _token_prefix(op, owner) + _hash(op, owner, token)


def token_row(store: Store, op: str, owner: str, token: str) -> str | None:
    """The row of ``token`` for ``op`` in ``owner``'s name, if any."""
    with store.read() as tx:
        return tx.get_meta(_token_key(op, owner, token))


def claim_token(store: Store, op: str, owner: str, token: str, row: str) -> str:
    """Set the token's row to ``row`` unless it is set (atomic across processes); the row in force."""
    with store.write() as tx:
        return tx.claim_meta(_token_key(op, owner, token), row)


def set_token(store: Store, op: str, owner: str, token: str, row: str) -> None:
    with store.write() as tx:
        set_token_in(tx, op, owner, token, row)


def set_token_in(into: MetaWriter, op: str, owner: str, token: str, row: str) -> None:
    """Write the token's row inside the caller's transaction (it commits with the work it settles)."""
    into.set_meta(_token_key(op, owner, token), row)


def drop_token(store: Store, op: str, owner: str, token: str, only: str | None = None) -> bool:
    """Forget the token (only while its row is ``only``, when given); whether it went."""
    with store.write() as tx:
        return tx.delete_meta(_token_key(op, owner, token), only)


def purge_tokens(tx: Tx, op: str, owner: str, names: Callable[[str], bool] | None = None) -> int:
    """Forget ``owner``'s tokens for ``op`` (only rows ``names`` picks, when given) in the erase's
    transaction; how many went."""
    return sum(int(tx.delete_meta(key)) for key, row in tx.meta_items(_token_prefix(op, owner))
               if names is None or names(row))


def purge_expired_tokens(store: Store, expired: Callable[[str], bool]) -> int:
    """Forget every owner's token rows ``expired`` picks (each only while it is still that row: a call may be
    taking the token over); how many went."""
    with store.write() as tx:
        return sum(int(tx.delete_meta(key, only=row)) for key, row in tx.meta_items(TOKEN) if expired(row))


# -- record aliases: the AWS id a record BatchUpdate wrote answers to ------------------------------------------
def aliases(store: Store, record_ids: Iterable[str]) -> dict[str, str]:
    """The AWS-side id of each record that has one (records BatchUpdate wrote)."""
    with store.read() as tx:
        found = {rid: tx.get_meta(RECORD_ALIAS + rid) for rid in record_ids}
    return {rid: first for rid, first in found.items() if first}


def alias_in(into: MetaWriter, record_id: str, first: str) -> None:
    """Let ``record_id`` answer to ``first``, in the transaction that writes the record."""
    into.set_meta(RECORD_ALIAS + record_id, first)


# -- SigV4 signatures seen: one row per signed write, until its signature window closes (auth.ReplayGuard) ------
def sighting(store: Store, digest: str, now: datetime, expires: datetime, purge: bool = False) -> datetime:
    """When the signature hashed to ``digest`` was first seen: ``now`` when this is the first sighting (claimed
    atomically across processes). With ``purge``, rows whose window has closed go in the same transaction."""
    with store.write() as tx:
        got = tx.claim_meta(SIGNATURE + digest, f"{now.isoformat()} {expires.isoformat()}")
        if purge:
            for key, row in tx.meta_items(SIGNATURE):
                if datetime.fromisoformat(row.split()[1]) < now:
                    tx.delete_meta(key, only=row)
    return datetime.fromisoformat(got.split()[0])


# -- AWS credentials ---------------------------------------------------------------------------------------------
def master_secret(store: Store, make: Callable[[], str]) -> str:
    """The store's master secret, made by ``make`` and kept the first time it is asked for."""
    with store.read() as tx:
        found = tx.get_meta(AWS_MASTER)
    if found is None:
        with store.write() as tx:
            found = tx.claim_meta(AWS_MASTER, make())
    return found


def add_credential(store: Store, access_key_id: str, doc: dict[str, str]) -> None:
    with store.write() as tx:
        tx.set_meta(AWS_KEY + access_key_id, json.dumps(doc, sort_keys=True))


def credential(store: Store, access_key_id: str) -> dict[str, str] | None:
    """The document kept for ``access_key_id`` (its key's id and hash, its master's fingerprint)."""
    with store.read() as tx:
        raw = tx.get_meta(AWS_KEY + access_key_id)
    return dict(json.loads(raw)) if raw else None

