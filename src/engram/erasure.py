"""What is kept about an actor outside the core tables, purged by every erase.

The core erase (``Tx.erase_actor``) knows the tables, not the formats of ``meta`` keys. Extraction's cursors
(:mod:`engram.core.cursors`) are purged here, through the store contract's ``meta_items`` and ``delete_meta``.
A face that notes something about actors in the store's ``meta`` table (the AgentCore face keeps the owners of
the records it wrote and replies it may replay) registers a purge here; :meth:`engram.Memory.erase` runs them
in the erase's transaction, whichever process erases, because :func:`purge` imports the faces listed in
``FACES`` first.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .core import cursors
from .stores.base import Tx

Purge = Callable[[Tx, str, str], int]  # (tx, agent, actor) -> how many notes went
FACES = ("engram.agentcore.erase",)  # modules that register a purge when imported
_purges: dict[str, Purge] = {}


def register(name: str, fn: Purge) -> Purge:
    """Run ``fn`` in every erase (one per ``name``: importing twice registers once)."""
    _purges[name] = fn
    return fn


def _cursors(tx: Tx, agent: str, actor: str) -> int:
    """The actor's extraction cursors and counters, every session's, live and preview."""
    return sum(tx.delete_meta(key) for key, _ in tx.meta_items(cursors.actor_prefix(agent, actor)))


register("extraction cursors", _cursors)


def purge(tx: Tx, agent: str, actor: str) -> int:
    """Run every registered purge for (agent, actor) in ``tx``; returns how many notes they removed."""
    for module in FACES:
        try:
            importlib.import_module(module)
        except ImportError:  # a face whose optional dependencies are not installed keeps nothing
            continue
    return sum(fn(tx, agent, actor) for fn in list(_purges.values()))
