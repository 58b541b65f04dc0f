"""What faces keep about an actor outside the core tables, purged by every erase.

The core erase (``Tx.erase_actor``) knows the tables. A face that notes something about actors in the store's
``meta`` table (the AgentCore face keeps the owners of the records it wrote and replies it may replay)
registers a purge here; :meth:`engram.Memory.erase` runs them in the erase's transaction, whichever process
erases, because :func:`purge` imports the faces listed in ``FACES`` first.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .stores.base import Tx

Purge = Callable[[Tx, str, str], int]  # (tx, agent, actor) -> how many notes went
FACES = ("engram.agentcore.erase",)  # modules that register a purge when imported
_purges: dict[str, Purge] = {}


def register(name: str, fn: Purge) -> Purge:
    """Run ``fn`` in every erase (one per ``name``: importing twice registers once)."""
    _purges[name] = fn
    return fn


def purge(tx: Tx, agent: str, actor: str) -> int:
    """Run every registered purge for (agent, actor) in ``tx``; returns how many notes they removed."""
    for module in FACES:
        try:
            importlib.import_module(module)
        except ImportError:  # a face whose optional dependencies are not installed keeps nothing
            continue
    return sum(fn(tx, agent, actor) for fn in list(_purges.values()))
