"""What extraction produces and how the engine applies it.

Extraction is a pure plan: given the new events of a scope, the configured strategies, an optional model
and a way to look up the most similar existing records, it returns :class:`Op` values. The engine applies
them inside the caller's transaction (turn end) or a job's, so records commit or roll back together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from ..types import Level, Record

# (namespace, text, k) -> the k most similar active records already in that namespace, best first.
NeighborLookup = Callable[[str, str, int], list[Record]]


@dataclass(frozen=True, slots=True)
class AddOp:
    """Write a new record; ``replaces`` names an existing record it supersedes."""

    level: Level
    namespace: str
    summary: str
    kind: str
    strategy: str
    source_event_ids: tuple[str, ...]
    content: str | None = None
    labels: dict[str, str] = field(default_factory=dict)
    replaces: str | None = None
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class DeleteOp:
    """Mark an existing record DELETED (a fact the conversation retracted)."""

    record_id: str
    strategy: str
    source_event_ids: tuple[str, ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SkipOp:
    """A candidate that restated what a record already says: nothing is written, reported for audit."""

    summary: str
    existing_id: str | None
    strategy: str
    reason: str = ""


Op = AddOp | DeleteOp | SkipOp
Decision = Literal["add", "replace", "delete", "skip"]
