"""What extraction produces: the ops a plan asks the engine to apply. Pure values.

Defined in core so that consolidation (:mod:`engram.core.consolidate`) builds them without importing the
strategies; :mod:`engram.strategies.base` re-exports them under their historical names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from ..types import Level


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
    fact_key: str | None = None  # the record's consolidation key (types.Record.fact_key); None from a caller


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
