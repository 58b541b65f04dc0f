"""A turn's buffer: every write of the turn, held in memory until it commits in one transaction.

The buffer knows nothing of rights or validation (:class:`~engram.turn.Turn` checks those before it writes
here); it keeps what the turn will apply, in order, and lets the engine mark a :meth:`savepoint` and
:meth:`roll_back` to it, so a failed extraction leaves the rest of the turn as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from .stores.base import Chunk
from .types import Event, Job, Record, Use

StatusChange = tuple[str, Literal["superseded", "deleted"], str | None]  # (record id, new status, superseded by)


@dataclass
class PendingRecord:
    """A record written in a turn and not committed yet: its index terms, its text and (once embedded) its
    vector, which the commit reuses."""

    record: Record
    terms: tuple[str, ...]  # core.text.index_terms(text)
    text: str
    vector: np.ndarray | None = None


@dataclass(frozen=True, slots=True)
class Replacement:
    """A stored event and the new form that takes its place when the turn commits (``Turn.replace_event``),
    with the old event's index chunks as they were stored: their vectors serve the new event when its indexed
    text is the same, so a change of metadata alone embeds nothing."""

    old: Event
    new: Event
    old_chunks: tuple[Chunk, ...]

    def vectors_for(self, texts: Sequence[str]) -> list[np.ndarray | None] | None:
        """The old chunks' vectors for the new event's index ``texts`` (None where one is not embedded yet) when
        they are the old chunks' texts, in order, of the same kind of event (tool or not); None otherwise."""
        if self.new.is_tool != self.old.is_tool or [c.text for c in self.old_chunks] != list(texts):
            return None
        return [c.vector for c in self.old_chunks]


@dataclass(frozen=True, slots=True)
class Savepoint:
    """How far the buffer had got; :meth:`TurnBuffer.roll_back` drops everything written after it."""

    events: int
    records: int
    status: int
    uses: int
    jobs: int
    meta: tuple[tuple[str, str], ...]
    replaced: int = 0


@dataclass
class TurnBuffer:
    """The writes of one turn, in the order they were made."""

    events: list[Event] = field(default_factory=list)
    records: list[PendingRecord] = field(default_factory=list)
    status: list[StatusChange] = field(default_factory=list)
    uses: list[Use] = field(default_factory=list)
    jobs: list[Job] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    replaced: list[Replacement] = field(default_factory=list)  # their new events are in ``events`` too
    relies_on: set[str] = field(default_factory=set)  # stored events its extraction read: still there at commit

    def add_events(self, events: Iterable[Event]) -> None:
        self.events.extend(events)

    def add_replacement(self, replacement: Replacement) -> None:
        """A new form of a stored event: stored with the turn's events, the old one deleted in the same commit."""
        self.events.append(replacement.new)
        self.replaced.append(replacement)

    def replacing(self) -> set[str]:
        """Ids of the stored events this turn replaces."""
        return {r.old.id for r in self.replaced}

    def add_record(self, pending: PendingRecord) -> None:
        self.records.append(pending)

    def change_status(self, record_id: str, status: Literal["superseded", "deleted"], by: str | None) -> None:
        self.status.append((record_id, status, by))

    def add_uses(self, uses: Iterable[Use]) -> None:
        self.uses.extend(uses)

    def enqueue(self, job: Job) -> None:
        """A job that is stored with the turn (an extraction to run later, or one that failed)."""
        self.jobs.append(job)

    def set_meta(self, key: str, value: str) -> None:
        self.meta[key] = value

    def changed(self) -> set[str]:
        """Ids of the records this turn supersedes or deletes."""
        return {s[0] for s in self.status}

    def pinned(self) -> list[Record]:
        return [p.record for p in self.records if p.record.pinned]

    def find(self, record_id: str) -> PendingRecord | None:
        return next((p for p in self.records if p.record.id == record_id), None)

    def savepoint(self) -> Savepoint:
        return Savepoint(len(self.events), len(self.records), len(self.status), len(self.uses), len(self.jobs),
                         tuple(self.meta.items()), len(self.replaced))

    def roll_back(self, to: Savepoint) -> None:
        """Drop every write made after ``to`` (meta values written since get their old values back)."""
        del self.events[to.events:], self.records[to.records:], self.status[to.status:]
        del self.uses[to.uses:], self.jobs[to.jobs:], self.replaced[to.replaced:]
        self.meta = dict(to.meta)

    def clear(self) -> None:
        self.roll_back(Savepoint(0, 0, 0, 0, 0, ()))
        self.relies_on.clear()
