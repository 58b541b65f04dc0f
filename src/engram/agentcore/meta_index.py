"""An ordered list of ids kept in the store's meta table, one row per entry.

The AgentCore face lists its memories and harnesses in creation order. Each entry is its own row,
``<prefix><created, µs, 20 digits>.<id>`` → ``<id>``, so two concurrent creates (on PostgreSQL, where
writers do not serialise on one lock) never touch each other's row, and the key order is the creation order.
"""

from __future__ import annotations

from datetime import datetime

from ..stores.base import Tx


def add(tx: Tx, prefix: str, member: str, at: datetime) -> None:
    """Append ``member`` (created at ``at``) to the list under ``prefix``."""
    micros = int(at.timestamp() * 1_000_000)
    tx.set_meta(f"{prefix}{micros:020d}.{member}", member)


def members(tx: Tx, prefix: str) -> list[str]:
    """The ids in creation order."""
    return list(dict.fromkeys(value for _, value in tx.meta_items(prefix) if value))


def remove(tx: Tx, prefix: str, member: str) -> None:
    """Drop ``member`` from the list."""
    for key, value in tx.meta_items(prefix):
        if value == member:
            tx.delete_meta(key)
