"""The Store protocol: what a backend must do, and nothing about how.

A backend keeps events, records, versions, uses, jobs, keys and configuration, and returns *candidates*
for search; ranking happens once in :mod:`engram.core.fusion`. Every read of records takes a
:class:`~engram.core.scope.ReadFilter` (isolation is structural: there is no unfiltered record read),
every read of events takes the (agent, actor, session) it is about.

All work happens inside a transaction from :meth:`Store.write` (one atomic write; commits on normal exit,
rolls back on an exception) or :meth:`Store.read`. The engine buffers a turn's writes and applies them in
one short write transaction, after embedding, so no lock is held while a model or an embedder runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, NamedTuple, Protocol

import numpy as np

from ..core.fusion import LexicalCandidate, TermStats, VectorCandidate
from ..core.scope import ReadFilter
from ..types import EraseReport, Event, Job, Record, Use, Version

#: Which stored vectors a re-embedding pass reads and writes: records' or event chunks'.
VectorKind = Literal["records", "chunks"]


@dataclass(frozen=True, slots=True)
class Chunk:
    """One index entry of an event (long tool results get several): its terms and its vector."""

    event_id: str
    ordinal: int
    text: str
    terms: tuple[str, ...]  # core.text.index_terms(text)
    vector: np.ndarray | None


@dataclass(frozen=True, slots=True)
class ContextItem:
    """An event or record as ranking sees it (see :meth:`Tx.event_context`, :meth:`Tx.record_context`)."""

    id: str
    at: datetime  # event time; record creation time
    group: str  # events: their session id; records: the turn that wrote them (the record id if none)
    terms: tuple[str, ...]  # index terms of every chunk (core.text.index_terms), partition tokens left out
    vectors: np.ndarray | None  # (chunks, dim) float32; None when nothing of it is embedded (or ``cosine`` given)
    cosine: float | None = None  # its best cosine to the query, where the backend computed it (no vectors sent)


class RecordStamp(NamedTuple):
    """What ranking reads of a record candidate before it is a hit (:meth:`Tx.record_stamps`)."""

    at: datetime  # creation time
    turn_id: str | None  # the turn that wrote it
    deletes: str | None  # the record it deletes (a preview tombstone): never a hit


@dataclass(frozen=True, slots=True)
class Neighbourhood:
    """A candidate and the items written right before and after it, nearest first."""

    item: ContextItem
    before: tuple[ContextItem, ...]
    after: tuple[ContextItem, ...]


@dataclass(frozen=True, slots=True)
class ApiKey:
    """A stored API key grant; the secret itself is never stored, only its hash."""

    id: str
    key_hash: str
    agent: str
    actor: str | None
    read_levels: tuple[str, ...]
    write_levels: tuple[str, ...]
    can_delete: bool
    can_admin: bool
    created_at: datetime
    revoked_at: datetime | None = None
    name: str | None = None
    session: str | None = None  # a key bound to one session (``keys create --session``)


class MetaTx(Protocol):
    """Metadata (string keys) and the versioned configuration documents."""

    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...
    def meta_items(self, prefix: str) -> list[tuple[str, str]]:
        """Every (key, value) whose key starts with ``prefix``, in key order."""
        ...

    def delete_meta(self, key: str, only: str | None = None) -> bool:
        """Delete ``key`` (only while its value is ``only``, when given: atomic across processes); whether it went."""
        ...

    def claim_meta(self, key: str, value: str) -> str:
        """Set ``key`` to ``value`` unless it is set (atomic across processes); the value in force."""
        ...

    def latest_config(self, agent: str | None = None) -> tuple[int, dict[str, Any]] | None:
        """The newest configuration of ``agent`` (None: the database-wide default), with its version."""
        ...

    def add_config(self, doc: dict[str, Any], at: datetime, agent: str | None = None) -> int:
        """Store a configuration version of ``agent`` (None: the default); returns its number. Numbers count per
        agent, never store-wide: the default's 1, 2, 3, ...; an agent's continue after the defaults stored before
        its first (the ones that applied to it), whatever any other agent stores."""
        ...

    def config_history(self, agent: str | None = None) -> list[tuple[int, datetime, dict[str, Any]]]: ...
    def config_labels(self, agent: str | None = None, *, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """``(version, harness.memory.labels)`` of ``agent``'s versions newer than ``after``, oldest first: what
        the label-number check reads of earlier versions, without loading whole documents."""
        ...

    def config_agents(self) -> list[str]:
        """Agents that have a configuration of their own."""
        ...


class EventsTx(Protocol):
    """Session history: events with their index chunks, by (agent, actor, session)."""

    def insert_events(self, events: Sequence[Event], chunks: Sequence[Chunk]) -> list[Event]:
        """Store events (their ``seq`` is assigned here, increasing) and their index chunks; return them."""
        ...

    def list_events(self, agent: str, actor: str | None, session: str | None, *, limit: int,
                    before: datetime | None = None, after: datetime | None = None,
                    not_before: datetime | None = None, preview: bool = False) -> list[Event]:
        """Oldest first. With ``after``: the first ``limit`` events after it; else the last ``limit``
        events before ``before`` (or the end). ``not_before`` hides expired events. Events a preview turn
        wrote (``Event.preview``) are left out unless ``preview``."""
        ...

    def get_events(self, agent: str, actor: str | None, session: str | None,
                   ids: Sequence[str], *, preview: bool = False) -> list[Event]: ...
    def delete_events(self, agent: str, actor: str | None, session: str | None,
                      ids: Sequence[str]) -> int:
        """Hard-delete those of these events that belong to the session (and their chunks), and drop their ids
        from records' ``source_event_ids`` as :meth:`expire_events` does. Returns how many events went."""
        ...

    def event_chunks(self, agent: str, actor: str | None, session: str | None, event_id: str) -> list[Chunk]:
        """The index chunks of one event of the session, by ordinal (``vector`` None until it is embedded); none
        for an event of another session, or one the history index does not hold."""
        ...

    def hold_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> list[str]:
        """Those of ``ids`` that are events of the session, held until the transaction ends: a replace, delete or
        expiry of one waits for it (the events a turn extracted from are still there when its records commit)."""
        ...

    def replace_event(self, agent: str, actor: str | None, session: str | None, old_id: str, new_id: str) -> bool:
        """Put event ``new_id`` (stored in this transaction) in the place of event ``old_id`` of the session:
        delete the old event and its chunks, and have every record, version and ``record_sources`` row that
        named it as a source name the new one instead. A new event at the old one's instant takes its place among
        that instant's events too (its append order and its number), so the session reads back in the same order.
        False, and nothing changed, when the session holds no event ``old_id``."""
        ...

    def expire_events(self, cutoff: datetime, *, agent: str | None = None, exclude: Sequence[str] = (),
                      dry_run: bool = False) -> tuple[int, int]:
        """Hard-delete events (and their chunks) *stored* before ``cutoff``, of ``agent`` (None: every agent
        not in ``exclude``), and drop their ids from records' ``source_event_ids``. Returns (events removed,
        records whose sources were trimmed); ``dry_run`` only counts."""
        ...

    def list_sessions(self, agent: str, actor: str | None, *, limit: int) -> list[dict[str, Any]]:
        """Distinct (actor, session) of an agent with event counts and last activity, newest first."""
        ...

    def list_actors(self, agent: str, *, limit: int) -> list[dict[str, Any]]:
        """Actors of an agent that have events (preview events left out): ``actor``, ``sessions`` (distinct
        sessions, the one without a session id counted as one), ``events``, ``first_at``, ``last_at``;
        most recently active first, ties by actor."""
        ...


class RecordsTx(Protocol):
    """Records, their versions and their uses (RETRIEVED audit); every read takes a ReadFilter."""

    def insert_record(self, record: Record, terms: tuple[str, ...], vector: np.ndarray | None) -> None:
        """Store a record indexed by ``terms`` (core.text.index_terms of its text) and ``vector``."""
        ...

    def update_record(self, record_id: str, *, status: str | None = None, superseded_by: str | None = None,
                      pinned: bool | None = None, version: int | None = None,
                      updated_at: datetime) -> None: ...
    def insert_version(self, version: Version) -> None: ...
    def get_record(self, flt: ReadFilter, record_id: str) -> Record | None: ...
    def get_records(self, flt: ReadFilter, ids: Sequence[str]) -> list[Record]: ...
    def list_records(self, flt: ReadFilter, *, limit: int, before: tuple[datetime, str] | None = None,
                     pinned: bool | None = None) -> list[Record]:
        """Newest first (created_at, id descending); ``before`` is the last (created_at, id) seen."""
        ...

    def versions(self, flt: ReadFilter, record_id: str) -> list[Version]:
        """Every version, oldest first, of a record the filter can see in any status."""
        ...

    def records_from_sources(self, flt: ReadFilter, strategy: str, source_event_ids: Sequence[str]
                             ) -> list[Record]:
        """Records a strategy already wrote from any of these events (idempotent extraction)."""
        ...

    def insert_uses(self, uses: Sequence[Use]) -> None: ...
    def list_uses(self, flt: ReadFilter, record_id: str, *, limit: int) -> list[Use]: ...


class SearchTx(Protocol):
    """Search candidates of events and records, and their neighbourhoods; ranking is core.fusion's."""

    def event_term_stats(self, agent: str, actor: str | None, session: str | None,
                         terms: Sequence[str]) -> TermStats: ...
    def events_candidates(self, agent: str, actor: str | None, session: str | None, terms: Sequence[str],
                          query: np.ndarray | None, *, limit: int, include_tools: bool, not_before: datetime | None
                          ) -> tuple[list[LexicalCandidate], list[VectorCandidate]]:
        """Up to ``limit`` lexical candidates (the session's event chunks matching any of ``terms``; none when
        ``terms`` is empty) and up to ``limit`` vector candidates (best chunk per event by cosine to ``query``;
        none when it is None), ``id`` the event id; tool events only with ``include_tools``, none stored before
        ``not_before``. One call, so a server backend can send both queries in one round trip."""
        ...

    def event_context(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str], *,
                      window: int, include_tools: bool, not_before: datetime | None) -> list[Neighbourhood]:
        """For each id of an indexed event of this session: the event and up to ``window`` indexed events
        appended right before and right after it, in append order (tool events only with ``include_tools``;
        none older than ``not_before``). Unknown ids are left out."""
        ...

    def record_term_stats(self, flt: ReadFilter, terms: Sequence[str]) -> TermStats: ...
    def records_candidates(self, flt: ReadFilter, terms: Sequence[str], query: np.ndarray | None, *,
                           limit: int) -> tuple[list[LexicalCandidate], list[VectorCandidate]]:
        """Up to ``limit`` lexical candidates (active records ``flt`` can see holding any of ``terms``; none
        when ``terms`` is empty) and up to ``limit`` vector candidates (by cosine to ``query``; none when it is
        None). One call, so a server backend can send both queries in one round trip."""
        ...

    def records_first_pass(self, flt: ReadFilter, terms: Sequence[str], query: np.ndarray | None, *,
                           limit: int) -> tuple[TermStats, list[LexicalCandidate], list[VectorCandidate]]:
        """``record_term_stats`` of ``terms``, then ``records_candidates`` for the terms
        ``core.fusion.select_terms`` picks by those statistics: a server backend may answer both at once."""
        ...

    def record_stamps(self, flt: ReadFilter, ids: Sequence[str]) -> dict[str, RecordStamp]:
        """The stamp of each of these records the filter can see (unknown or hidden ids are left out): what a
        search needs of its candidates, without loading whole records for the many that never become hits."""
        ...

    def record_context(self, flt: ReadFilter, ids: Sequence[str], *, window: int,
                       query: np.ndarray | None = None) -> list[Neighbourhood]:
        """For each id of an active record the filter can see: the record and up to ``window`` active records
        *the same turn* wrote right before and right after it (in write order) that the filter can see.
        Unknown or hidden ids are left out. With ``query``, a backend may give each item its ``cosine`` to it
        instead of its vectors."""
        ...

    def reanalyse(self, version: str, analyse: Callable[[str], Sequence[str]]) -> int:
        """Unless the stored term lists were made by analyser ``version`` (meta ``analyzer``): re-derive every
        one with ``analyse`` from the text its row is indexed and embedded by (:meth:`VectorsTx.texts_to_embed`),
        rebuild the text index and its statistics from them, and store ``version``. Returns how many rows were
        rewritten (0 when the version was already stored). Concurrent callers do the work once."""
        ...

    def preview_targets(self, flt: ReadFilter) -> list[str]:
        """Ids of the records that preview records the filter can see (any status, whatever their kind,
        labels or namespace) replace or delete: what a preview read must never return."""
        ...


class VectorsTx(Protocol):
    """Stored vectors by key: re-embedding after a change of embedder, and the history indexer (event chunks
    are committed before they are embedded)."""

    def texts_to_embed(self, kind: VectorKind, *, after: str | None, limit: int) -> list[tuple[str, str]]:
        """A page of (key, text) for every stored vector of ``kind``, in key order after ``after``: records
        key by id and embed ``summary`` + newline + ``content``; chunks by their own key and embed their text."""
        ...

    def set_vectors(self, kind: VectorKind, vectors: Sequence[tuple[str, np.ndarray]]) -> None:
        """Replace stored vectors by key; caches and indexes must pick the new vectors up."""
        ...

    def unembedded_chunks(self, session: tuple[str, str | None, str | None] | None, *, limit: int
                          ) -> list[tuple[str, str]]:
        """(key, text) of up to ``limit`` event chunks that have no vector yet, oldest first; of one
        (agent, actor, session) when ``session`` is given, of every session otherwise."""
        ...

    def fill_chunk_vectors(self, vectors: Sequence[tuple[str, np.ndarray]]) -> int:
        """Give vectors to chunks that still have none (one embedded meanwhile, or deleted, is left as it is);
        caches and indexes see them as additions. Returns how many chunks were filled."""
        ...


class JobsTx(Protocol):
    """The extraction job queue."""

    def enqueue_job(self, job: Job) -> None: ...
    def claim_job(self, worker: str, now: datetime, lease_seconds: float, *, agent: str | None = None) -> Job | None:
        """Atomically take one pending job (or one whose lease expired); no two workers get the same. ``agent``:
        only that agent's jobs (None: any agent's)."""
        ...

    def finish_job(self, job_id: str, now: datetime) -> None: ...
    def fail_job(self, job_id: str, error: str, now: datetime, *, retry: bool) -> None: ...
    def list_jobs(self, agent: str, *, status: str | None, limit: int, actor: str | None = None,
                  session: str | None = None, before: tuple[datetime, str] | None = None) -> list[Job]:
        """Newest first (created_at, id descending), every filter applied before ``limit``: ``status``,
        ``actor`` and ``session`` when given (None: any), ``before`` the last (created_at, id) seen."""
        ...

    def get_job(self, agent: str, job_id: str) -> Job | None: ...
    def retry_job(self, agent: str, job_id: str, now: datetime) -> bool: ...


class KeysTx(Protocol):
    """Stored API key grants."""

    def insert_key(self, key: ApiKey) -> None: ...
    def find_key(self, key_hash: str) -> ApiKey | None: ...
    def list_keys(self) -> list[ApiKey]: ...
    def revoke_key(self, key_id: str, at: datetime) -> bool: ...


class EraseTx(Protocol):
    """Erasure of an actor."""

    erased_index_files: int

    def erase_actor(self, agent: str, actor: str) -> EraseReport:
        """Hard-delete every event, record, version, use, job and index entry of (agent, actor), the records
        of any level derived from them (written in the actor's sessions or from the actor's events), the
        actor's per-session counters, and text statistics only the actor's terms kept alive; clear the actor's
        name from the versions of records that stay. Once the transaction commits the store also purges
        what lives outside the rows (saved vector indexes, WAL images, planner samples) and sets
        ``erased_index_files``."""
        ...


class Tx(MetaTx, EventsTx, RecordsTx, SearchTx, VectorsTx, JobsTx, KeysTx, EraseTx, Protocol):
    """One transaction: every area at once. Methods that write are only called inside :meth:`Store.write`;
    code that needs one area can take that narrower protocol instead."""


class Store(Protocol):
    """A backend: opens transactions. ``dialect`` is ``"sqlite"`` or ``"postgresql"``."""

    dialect: str

    def write(self) -> AbstractContextManager[Tx]: ...
    def read(self) -> AbstractContextManager[Tx]: ...
    def find_key(self, key_hash: str) -> ApiKey | None:
        """The stored grant with this hash, read by one statement outside any transaction: the HTTP server
        checks a key on every request, and a revoked key must fail on the very next one (so no cache)."""
        ...

    def close(self) -> None: ...
