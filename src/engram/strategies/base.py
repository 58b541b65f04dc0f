"""What extraction produces and how the engine applies it.

Extraction is a pure plan: given the new events of a scope, the configured strategies, an optional model
and a way to look up the most similar existing records, it returns :class:`Op` values. The engine applies
them inside the caller's transaction (turn end) or a job's, so records commit or roll back together. The
op values live in :mod:`engram.core.ops` (consolidation builds them) and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..core.ops import AddOp, DeleteOp, Op, SkipOp
from ..types import Record

__all__ = ["AddOp", "Decision", "DeleteOp", "NeighborLookup", "Op", "SkipOp"]

# (namespace, text, k) -> the k most similar active records already in that namespace, best first.
NeighborLookup = Callable[[str, str, int], list[Record]]
Decision = Literal["add", "replace", "delete", "skip"]
