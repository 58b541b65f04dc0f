"""A turn: writes buffered in memory, embedded outside any lock, applied in one short transaction.

Nothing reaches the store until the turn commits, so a turn that raises (or a process killed mid-turn)
leaves no event, record, version, use or index entry behind. Reads inside a turn see the committed state
plus the turn's own pending writes.

The writes live in a :class:`~engram.buffer.TurnBuffer`; the turn checks each one (rights, validation)
before it buffers it. Its constructor names what it uses: the :class:`~engram.runtime.Runtime` (store,
embedder, indexer, clock), the :class:`~engram.policy.Policy` (configuration in force, pin budget),
:class:`~engram.retrieval.Retrieval` (recall and history search that see the pending writes),
:class:`~engram.reads.Reads` (what the memory tools read) and, for a turn that extracts when it commits,
what runs then (a :class:`TurnEnd`: ``Extraction``, which imports this module, never the other way round).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Protocol

import numpy as np

from .buffer import PendingRecord, Replacement, TurnBuffer
from .core import namespace as ns
from .core import text as textmod
from .core import validate
from .core.history import index_texts
from .core.scope import check_events, check_replace, check_strategy_target, check_write_level, owner_ids, read_filter
from .errors import ConflictError, NotFound, ValidationError
from .policy import Policy
from .reads import Reads
from .retrieval import Retrieval
from .runtime import Runtime
from .stores.base import Chunk, Tx
from .types import LEVELS, STATUSES, Event, Hit, Provenance, Record, Scope, Use, Version, record_text


def new_id(prefix: str) -> str:
    """Time-ordered ids: 13 hex digits of microseconds, then 10 random hex digits."""
    return f"{prefix}{int(time.time() * 1_000_000):013x}{secrets.token_hex(5)}"


class TurnEnd(Protocol):
    """What runs when a turn that appended events commits (:meth:`engram.extraction.Extraction.in_turn`)."""

    def in_turn(self, turn: Turn) -> None: ...


class Turn:
    """One all-or-nothing unit of work for a scope. Use as ``with mem.turn(scope) as t:``."""

    def __init__(self, runtime: Runtime, policy: Policy, retrieval: Retrieval, reads: Reads, scope: Scope, *,
                 at_end: TurnEnd | None = None, preview: bool = False, turn_id: str | None = None,
                 agent_version: str | None = None, read_only: bool = False, extract: bool = True,
                 levels: Sequence[str] | None = None, buffer: TurnBuffer | None = None) -> None:
        if not isinstance(scope, Scope):
            raise ValidationError("must be an engram.Scope", field="scope")
        self.runtime = runtime
        self.policy = policy
        self.retrieval = retrieval
        self.reads = reads
        self.at_end = at_end  # None: nothing runs when it commits (extraction's own turns)
        self.scope = scope
        self.preview = preview
        self.id = new_id("t_") if turn_id is None else validate.caller_id(turn_id, "turn_id", "turn")
        # this agent's configuration and its stored version, fixed for the turn
        self.config_version, self.cfg = policy.in_force(scope.agent)
        self.agent_version = agent_version or self.cfg.memory.agent_version
        self.read_only = read_only
        self.extract_at_end = extract
        # extraction writes at its strategies' levels whatever scope.write says: it runs with ``levels``
        self.read_levels = tuple(levels) if levels is not None else self.cfg.memory.scope.read
        self.write_levels = tuple(levels) if levels is not None else self.cfg.memory.scope.write
        # what the turn will write; shared with its strategy view (as_strategy), never with another turn
        self.buffer = buffer if buffer is not None else TurnBuffer()
        self._done = False
        self.written: list[Record] = []
        self.appended: list[Event] = []
        # set by the harness: the review's model metered against the turn's limits, or defer it to a job
        self.extraction_model: Any = None
        self.defer_extraction = False

    # -- context manager ---------------------------------------------------------------------------------
    def __enter__(self) -> Turn:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        if exc_type is not None:
            self._done = True
            self.buffer.clear()
            return
        self.commit()

    def _check_open(self) -> None:
        if self._done:
            raise ConflictError("this turn has already committed or rolled back", field="turn")

    def _provenance(self, strategy: str | None = None, sources: Sequence[str] = ()) -> Provenance:
        return Provenance(turn_id=self.id, agent_version=self.agent_version, session=self.scope.session,
                          actor=self.scope.actor, strategy=strategy, source_event_ids=tuple(sources),
                          config_version=self.config_version)

    # -- writes ------------------------------------------------------------------------------------------
    def append(self, messages: Sequence[dict[str, Any]], *, model_made: bool = False) -> list[Event]:
        """Buffer messages, tool calls and tool results as events of this turn's session (marked preview in a
        preview turn: only preview reads see them, and they are never indexed for live history search).

        ``model_made``: the messages are what a model answered (the harness recording its own model calls), so
        ``validate.MAX_TOOL_CALLS``, which bounds what a caller sends, does not cut them short; every other
        rule applies."""
        out = self.draft_events(messages, model_made=model_made)
        self.buffer.add_events(out)
        return out

    def draft_events(self, messages: Sequence[dict[str, Any]], *, model_made: bool = False) -> list[Event]:
        """The events ``messages`` make in this turn, checked as :meth:`append` checks them, but not buffered
        (``Memory.ingest`` extracts from them and stores none)."""
        self._check_event_write()
        parsed = validate.messages(messages, most_calls=None if model_made else validate.MAX_TOOL_CALLS)
        now = self.runtime.now()
        return [self._event(m, m["at"] or now, now) for m in parsed]

    def replace_event(self, event_id: str, message: dict[str, Any]) -> Event:
        """Buffer ``message`` as the new form of the stored event ``event_id`` of this turn's session (events are
        never edited in place: this is how one changes). When the turn commits, its one transaction stores the
        new event (at the old one's instant), deletes the old one, and has every record that named the old event
        as a source (and its versions) name the new one; when the new form's indexed text is the old one's, its
        stored vectors are reused instead of embedding it again. Returns the new event (numbered once the turn
        commits: at the old one's instant it keeps the old one's number and place among that instant's events).

        A turn-end extraction of this turn, or a job queued before it and run after, reads the new form and never
        the old (:meth:`engram.extraction.Extraction.turn_events`; jobs name the session, never its events).

        A message that names its own ``at`` is stored at that instant instead (a Strands agent's first message
        takes its creation event's place at the end of the session). Checked as :meth:`append` and
        ``Memory.delete_events`` check theirs, before anything is buffered: ``NotFound`` when the session holds no
        such event (an expired one included); ``ConflictError`` when this turn replaces it already, or when a
        preview turn names a live event (preview never changes live state)."""
        self._check_event_write()
        event_id = validate.caller_id(event_id, "event_id", "event")
        try:
            parsed = validate.message(message, 0)
        except ValidationError as exc:  # validate names the field of a list's first message: name this one
            exc.field = "message" + (exc.field or "").removeprefix("messages[0]")
            raise
        if event_id in self.buffer.replacing():
            raise ConflictError(f"this turn replaces event {event_id} already", field="event_id")
        s = self.scope
        with self.runtime.store.read() as tx:
            found = tx.get_events(s.agent, s.actor, s.session, [event_id], preview=self.preview)
            chunks = tx.event_chunks(s.agent, s.actor, s.session, event_id) if found else []
        if not found or (found[0].stored_at or found[0].at) < self.policy.expiry_cutoff(s.agent):
            raise NotFound(f"no event {event_id} in this session", field="event_id")
        old = found[0]
        if self.preview and not old.preview:
            raise ConflictError("a preview turn never changes a live event", field="event_id")
        new = self._event(parsed, parsed["at"] or old.at, self.runtime.now())
        self.buffer.add_replacement(Replacement(old, new, tuple(chunks)))
        return new

    def _check_event_write(self) -> None:
        """Raise unless this turn may write its session's events (the rule ``Memory.delete_events`` applies)."""
        self._check_open()
        check_events(self.scope, self.write_levels, write=True, read_only=self.read_only)
        if self.scope.session is None:
            raise ValidationError("events belong to a session: the scope needs a session", field="scope.session")

    def _event(self, m: dict[str, Any], at: datetime, now: datetime) -> Event:
        """The event of this turn a validated message (``validate.message``) makes, at ``at``."""
        return Event(id=new_id("e_"), agent=self.scope.agent, actor=self.scope.actor, session=self.scope.session,
                     seq=0, role=m["role"], content=m["content"], at=at, metadata=m["metadata"],
                     tool_calls=m["tool_calls"], tool_call_id=m["tool_call_id"], name=m["name"], turn_id=self.id,
                     preview=self.preview, stored_at=now)

    def remember(self, summary: str, content: str | None = None, *, kind: str | None = None,
                 labels: dict[str, str] | None = None, scope: str = "session", namespace: str | None = None,
                 replaces: str | None = None, pin: bool = False, strategy: str | None = None,
                 source_event_ids: Sequence[str] = (), at: datetime | None = None,
                 fact_key: str | None = None) -> Record:
        """Buffer a new record at level ``scope``; ``replaces`` supersedes a record the caller can see, and the new
        record keeps the old one's (still declared) labels unless ``labels`` is given (``{}``: none).

        ``fact_key``: a strategy's consolidation key, kept beside the record (see :func:`record_text`)."""
        self._check_open()
        cfg = self.cfg.memory
        level = check_write_level(self.scope, scope, self.write_levels, read_only=self.read_only)
        summary = validate.summary(summary)
        content = validate.content(content)
        kind = validate.kind(kind, cfg.kinds)
        named = labels is not None
        labels = validate.labels(labels, cfg.labels)
        path = ns.resolve(namespace, self.scope, level, strategy_id=strategy)
        if replaces is not None:
            old = self.active_record(replaces, "replaces")
            check_replace(self.scope, old, level, path, self.write_levels, by_strategy=strategy is not None)
            if not named:  # a correction is about what the old record was about: a label filter still finds it
                labels = {k: v for k, v in old.labels.items() if k in cfg.labels}
        actor, session = owner_ids(self.scope, level)
        now = at or self.runtime.now()
        rec = Record(id=new_id("r_"), agent=self.scope.agent, actor=actor, session=session, level=level,
                     namespace=path, kind=kind, summary=summary, content=content, labels=labels, status="active",
                     preview=self.preview, created_at=now, updated_at=now, replaces=replaces,
                     pinned=False, provenance=self._provenance(strategy, source_event_ids), fact_key=fact_key)
        text = record_text(summary, content, fact_key)
        pending = PendingRecord(rec, tuple(textmod.index_terms(text)), text)
        moves = replaces is not None and (not self.preview or old.preview)  # a preview turn never moves live state
        inherits = moves and old.pinned  # a pinned fact's new value stays pinned: pins are facts every turn sees
        if pin or inherits:
            self.policy.check_pin_budget(self.scope, [rec], pending=self.buffer.pinned(),
                                         releasing={*self.buffer.changed(), *([old.id] if inherits else [])},
                                         doing=f"keeping record {replaces} pinned as its successor" if inherits
                                         else "pinning")
            pending.record = rec = replace(rec, pinned=True)
        self.buffer.add_record(pending)
        if moves and replaces is not None:
            self.buffer.change_status(replaces, "superseded", rec.id)
        self.written.append(rec)
        return rec

    def forget(self, record_id: str, *, within: Collection[tuple[str, str]] | None = None) -> Record:
        """Mark a record DELETED (or, in preview, write a preview record that names what it would delete).

        ``within``: the (namespace, level) pairs a strategy writes; its deletes must stay inside them."""
        self._check_open()
        target = self.active_record(record_id, "id")
        check_write_level(self.scope, target.level, self.write_levels, read_only=self.read_only)
        if within is not None:
            check_strategy_target(target, within)
        if self.preview:
            now = self.runtime.now()
            rec = Record(id=new_id("r_"), agent=target.agent, actor=target.actor, session=target.session,
                         level=target.level, namespace=target.namespace, kind=target.kind,
                         summary=f"(preview) delete: {target.summary}", content=None, labels=dict(target.labels),
                         status="active", preview=True, created_at=now, updated_at=now, deletes=target.id,
                         provenance=self._provenance())
            self.buffer.add_record(PendingRecord(rec, (), ""))
            return rec
        self.buffer.change_status(target.id, "deleted", None)
        return replace(target, status="deleted")

    def set_meta(self, key: str, value: str) -> None:
        """Buffer a store meta value that commits with this turn (idempotency tokens, cursors)."""
        self._check_open()
        if not isinstance(key, str) or not key or not isinstance(value, str):
            raise ValidationError("meta keys and values are non-empty strings", field="meta")
        self.buffer.set_meta(key, value)

    def log_uses(self, hits: Sequence[Hit], *, call_index: int = 0) -> None:
        """Record RETRIEVED uses: these recalled records reached model call ``call_index`` of this turn (ids
        and scores checked as :meth:`engram.engine.Memory.log_uses` checks them)."""
        used = validate.hit_records(hits)
        now = self.runtime.now()
        self.buffer.add_uses(Use(record_id=rid, turn_id=self.id, call_index=call_index, score=score,
                                 at=now, agent=self.scope.agent, actor=self.scope.actor, session=self.scope.session)
                             for _, rid, score in used)

    def as_strategy(self) -> Turn:
        """This turn as its extraction strategies write: at every level (strategies write at the levels
        their namespaces name, whatever ``scope.write`` allows callers), into this turn's buffer, so what
        they write commits or rolls back with it. Commit this turn, never the view."""
        view = Turn(self.runtime, self.policy, self.retrieval, self.reads, self.scope, preview=self.preview,
                    turn_id=self.id, extract=False, levels=LEVELS, buffer=self.buffer)
        view.extraction_model = self.extraction_model
        return view

    def active_record(self, record_id: object, field_name: str = "id") -> Record:
        """An active record this turn may read (its own pending ones included), to replace or delete; raises
        NotFound when it cannot see it and ConflictError when it is no longer active."""
        record_id = validate.record_id(record_id, field_name)
        own = self.buffer.find(record_id)
        if own is not None:
            return own.record
        flt = read_filter(self.scope, self.read_levels, preview=self.preview,
                          statuses=STATUSES)
        with self.runtime.store.read() as tx:
            rec = tx.get_record(flt, record_id)
        if rec is None:
            raise NotFound(f"no record {record_id} visible to this scope", field=field_name)
        if rec.status != "active" or record_id in self.buffer.changed():
            raise ConflictError(f"record {record_id} is {rec.status}; only an active record can change",
                                field=field_name)
        return rec

    # -- reads that see pending writes ---------------------------------------------------------------------
    def recall(self, query: str, limit: int | None = None, **kw: Any) -> list[Hit]:
        return self.retrieval.recall(self.scope, query, limit, preview=self.preview,
                                         pending=self.buffer.records, hidden=self.buffer.changed(),
                                         levels=self.read_levels, **kw)

    def search_history(self, query: str, limit: int = 5, **kw: Any) -> list[Hit]:
        return self.retrieval.search_history(self.scope, query, limit, preview=self.preview, **kw)

    @property
    def pending_events(self) -> list[Event]:
        """The events appended in this turn so far."""
        return list(self.buffer.events)

    @property
    def pending_records(self) -> Sequence[PendingRecord]:
        """The records written in this turn so far (what its own recalls see)."""
        return self.buffer.records

    # -- commit --------------------------------------------------------------------------------------------
    def commit(self) -> None:
        """Run turn-end extraction, embed outside the lock, then apply everything in one transaction."""
        self._check_open()
        stored = None
        try:
            if self.extract_at_end and self.at_end is not None and self.buffer.events and not self.read_only:
                self.at_end.in_turn(self)
            self._embed()
            with self.runtime.store.write() as tx:
                stored = self._store_config(tx)
                self._apply(tx)
        finally:
            self._done = True
        if stored is not None:
            self.policy.deferred_stored(stored, self.cfg)
        if self._chunks and self.runtime.indexer is not None:
            self.runtime.indexer.notify((self.scope.agent, self.scope.actor, self.scope.session))

    def _store_config(self, tx: Tx) -> int | None:
        """A turn begun under a default in force but not stored yet (``Memory.open(defer_config=True)``) stores it
        in its own transaction, so it is stored only if the turn commits, and what the turn writes names its
        version. Returns the version this turn stored (None: none)."""
        if self.config_version is not None or self.read_only:
            return None
        version = self.policy.store_deferred_in(tx, self.cfg)
        if version is None:
            return None
        self.config_version = version
        for p in self.buffer.records:
            p.record = replace(p.record, provenance=replace(p.record.provenance, config_version=version))
        stamped = {p.record.id: p.record for p in self.buffer.records}
        self.written = [stamped.get(r.id, r) for r in self.written]
        return version

    def as_committed(self, records: Sequence[Record]) -> list[Record]:
        """``records`` this turn wrote, as its commit stored them. What :meth:`remember` returns is drafted before
        the commit; a turn that stores a deferred configuration names its version in its records only as it
        commits (:meth:`_store_config`), so a caller that kept the drafts reports them through this, never with
        ``config_version`` None for a version the same transaction stored. Records it did not write: as given."""
        stored = {r.id: r for r in self.written}
        return [stored.get(r.id, r) for r in records]

    def _embed(self) -> None:
        """Embed what the commit stores: new records, and (unless the indexer embeds them after the commit) the
        history chunks of new events; a replacement whose indexed text is unchanged takes its old vectors."""
        emb = self.runtime.embedder
        todo = [p for p in self.buffer.records if p.vector is None and p.text]
        index = self.cfg.harness.history.index
        kept = {r.new.id: r for r in self.buffer.replaced}
        drafts: list[tuple[str, int, str, np.ndarray | None]] = []  # (event id, ordinal, text, vector)
        if index != "none":
            for ev in self.buffer.events:
                if ev.preview:  # preview history is searched from the events themselves (engram.preview)
                    continue
                texts = index_texts(ev, index)
                same = kept[ev.id].vectors_for(texts) if ev.id in kept else None
                for i, (t, v) in enumerate(zip(texts, same or [None] * len(texts), strict=True)):
                    drafts.append((ev.id, i, t, v))
        deferred = self.runtime.indexer is not None  # the indexer embeds history chunks after the commit
        missing = [] if deferred else [k for k, d in enumerate(drafts) if d[3] is None]
        texts = [p.text for p in todo] + [drafts[k][2] for k in missing]
        vectors = emb.embed(texts) if texts else np.zeros((0, emb.dim), np.float32)
        for p, v in zip(todo, vectors[: len(todo)], strict=True):
            p.vector = v
        made = dict(zip(missing, vectors[len(todo):], strict=True))
        self._chunks: list[Chunk] = [Chunk(eid, i, t, tuple(textmod.index_terms(t)), made.get(k, v))
                                     for k, (eid, i, t, v) in enumerate(drafts)]

    def _apply(self, tx: Tx) -> None:
        now = self.runtime.now()
        s = self.scope
        if (self.buffer.records or self._chunks) and tx.get_meta("embedder") is None:
            tx.set_meta("embedder", self.runtime.embedder_id)
        if self.buffer.events:
            self.appended = tx.insert_events(self.buffer.events, self._chunks)
        read = self.buffer.relies_on  # held after the session's counter, before records: a replace's lock order
        if read and (gone := read - set(tx.hold_events(s.agent, s.actor, s.session, sorted(read)))):
            # replaced or deleted since extraction read it: its records may hold text that is gone (a redaction)
            raise ConflictError(f"event {min(gone)} changed while this turn extracted from it; extract again",
                                field="event_id")
        flt = read_filter(self.scope, self.read_levels, preview=True,
                          statuses=STATUSES)
        for p in self.buffer.records:
            r = p.record
            tx.insert_record(r, p.terms, p.vector)
            tx.insert_version(Version(record_id=r.id, version=1, op="create", summary=r.summary, content=r.content,
                                      kind=r.kind, labels=r.labels, status="active", at=r.created_at,
                                      provenance=r.provenance))
        for rep in self.buffer.replaced:  # after the inserts: provenance moves to a stored event, this turn's too
            if not tx.replace_event(s.agent, s.actor, s.session, rep.old.id, rep.new.id):
                raise NotFound(f"event {rep.old.id} was deleted before this turn committed", field="event_id")
        in_place = {r.new.id: r.old.seq for r in self.buffer.replaced if r.new.at == r.old.at}
        if in_place:  # the store gave these the old events' numbers (EventsTx.replace_event)
            self.appended = [replace(e, seq=in_place.get(e.id, e.seq)) for e in self.appended]
        made = {p.record.id: p.record.provenance for p in self.buffer.records}  # a supersede is its new record's
        for record_id, status, by in self.buffer.status:
            cur = tx.get_record(flt, record_id)
            if cur is None:
                raise NotFound(f"no record {record_id} visible to this scope", field="id")
            if cur.status != "active":
                raise ConflictError(f"record {record_id} became {cur.status} before this turn committed",
                                    field="replaces" if status == "superseded" else "id")
            version = cur.version + 1
            # a record that leaves active leaves the pins too (a superseded pin passed to its successor above)
            tx.update_record(record_id, status=status, superseded_by=by, pinned=False if cur.pinned else None,
                             version=version, updated_at=now)
            tx.insert_version(Version(record_id=record_id, version=version,
                                      op="supersede" if status == "superseded" else "delete",
                                      summary=cur.summary, content=cur.content, kind=cur.kind, labels=cur.labels,
                                      status=status,
                                      at=now, provenance=made[by] if by in made else self._provenance()))
        if self.buffer.uses:
            tx.insert_uses(self.buffer.uses)
        for job in self.buffer.jobs:
            tx.enqueue_job(job)
        for k, v in self.buffer.meta.items():
            tx.set_meta(k, v)
