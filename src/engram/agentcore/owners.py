"""Whom records were written for through the AgentCore face: the (actor, session) pairs of an agent.

Reads that name no namespace probe these owners (:func:`engram.agentcore.records.read_scopes`). Each pair is
its own meta row, ``agentcore.owner.<agent>\\x1f<actor>\\x1f<session>`` → when it was first seen (µs), so
two writers noting different pairs never overwrite each other. Ids cannot contain ``\\x1f``.
"""

from __future__ import annotations

from datetime import datetime

from ..stores.base import Store, Tx
from . import state

ROWS = state.OWNER
LIMIT = 10_000  # the newest pairs a read probes


def _prefix(agent: str, actor: str | None = None) -> str:
    return f"{ROWS}{agent}\x1f" + (f"{actor}\x1f" if actor is not None else "")


def note(store: Store, agent: str, actor: str, session: str | None, at: datetime) -> None:
    """Remember that a record was written for (actor, session) of ``agent`` (the first time counts)."""
    key = _prefix(agent, actor) + (session or "")
    with store.write() as tx:
        if tx.get_meta(key) is None:
            tx.set_meta(key, str(int(at.timestamp() * 1_000_000)))


def listed(store: Store, agent: str) -> list[tuple[str, str | None]]:
    """The (actor, session) owners of ``agent``, newest first."""
    with store.read() as tx:
        rows = tx.meta_items(_prefix(agent))
    found: list[tuple[int, str, str | None]] = []
    for key, value in rows:
        actor, _, session = key[len(_prefix(agent)):].partition("\x1f")
        found.append((int(value or 0), actor, session or None))
    found.sort(key=lambda f: (-f[0], f[1], f[2] or ""))
    return list(dict.fromkeys((a, s) for _, a, s in found))[:LIMIT]


def purge(tx: Tx, agent: str, actor: str) -> int:
    """Forget the actor's pairs of ``agent``; returns how many notes went."""
    return sum(int(tx.delete_meta(key)) for key, _ in tx.meta_items(_prefix(agent, actor)))
