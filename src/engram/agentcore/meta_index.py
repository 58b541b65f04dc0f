"""An ordered list of ids kept in the store's meta table, one row per entry.

The AgentCore face lists its memories and harnesses in creation order. Kept as one JSON list under one
key, every create was a read-modify-write: two concurrent creates (on PostgreSQL, where writers do not
serialise on one lock) could each read the old list and one of the two entries was lost. Here each entry
is its own row, ``<prefix><created, µs, 20 digits>.<id>`` → ``<id>``, so adds never touch each other and
the key order is the creation order. The list an older version wrote under one key is still read, and
an entry removed from it is removed there too.
"""

from __future__ import annotations

import json
from datetime import datetime

from ..stores.base import Tx


def add(tx: Tx, prefix: str, member: str, at: datetime) -> None:
    """Append ``member`` (created at ``at``) to the list under ``prefix``."""
    micros = int(at.timestamp() * 1_000_000)
    tx.set_meta(f"{prefix}{micros:020d}.{member}", member)


def members(tx: Tx, prefix: str, legacy: str | None = None) -> list[str]:
    """The ids in creation order: those of the older one-key list ``legacy`` first, then the rows."""
    old = [str(x) for x in json.loads(raw)] if legacy and (raw := tx.get_meta(legacy)) else []
    return list(dict.fromkeys([*old, *(value for _, value in tx.meta_items(prefix) if value)]))


def remove(tx: Tx, prefix: str, member: str, legacy: str | None = None) -> None:
    """Drop ``member`` from the list (its row, and its place in an older one-key list)."""
    for key, value in tx.meta_items(prefix):
        if value == member:
            tx.delete_meta(key)
    if legacy and (raw := tx.get_meta(legacy)):
        old = [str(x) for x in json.loads(raw)]
        if member in old:
            tx.set_meta(legacy, json.dumps([x for x in old if x != member]))
