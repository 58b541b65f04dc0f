"""Extraction: the configured strategies turned into records, inside a turn or from a job.

When a turn with new events commits, :meth:`Extraction.in_turn` decides: count the events towards
``every_n``, enqueue a job (``async``, or a turn over its limits), or plan and apply the strategies' ops in
the turn's own buffer, so they commit or roll back with it. Strategies write at the levels their namespaces
name, whatever ``scope.write`` allows callers (:meth:`engram.turn.Turn.as_strategy`). How far extraction got
is a cursor in the store's meta table; preview turns keep their own cursor, so live state never moves. A
model that fails leaves the turn as it was and is kept as a failed job to retry, never lost.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from . import review
from .config import Strategy
from .core import namespace as ns
from .core import strategy_types
from .core import text as textmod
from .core.cursors import cursor_key
from .core.labels import inherited_labels
from .core.ops import AddOp, DeleteOp, Op
from .core.scope import read_filter
from .errors import ConfigError, ModelError, PinBudgetExceeded, ValidationError
from .models.base import Model
from .models.registry import load_model
from .policy import Policy
from .reads import Reads
from .retrieval import Retrieval
from .runtime import Runtime
from .turn import Turn, new_id
from .types import Event, Job, Record, Scope

log = logging.getLogger("engram.extraction")


def _per_strategy_model(spec: str) -> Model:
    model = load_model(spec)
    if model is None:
        raise ConfigError("a strategy's model must name a provider", field="harness.memory.strategies")
    return model


class Extraction:
    """Runs the strategies configured for each agent, over one runtime and policy; consolidates against what
``retrieval`` finds, and opens its own turns (over ``reads`` as every turn) outside a caller's turn."""

    def __init__(self, runtime: Runtime, policy: Policy, retrieval: Retrieval, reads: Reads) -> None:
        self.runtime = runtime
        self.policy = policy
        self.retrieval = retrieval
        self.reads = reads
        self._models: dict[str, Model | None] = {}  # an agent's own harness.memory.model, built once per spec

    def model_for(self, agent: str) -> Model | None:
        """The model extraction uses for ``agent``: the one its own configuration's ``harness.memory.model``
        names when that differs from the database-wide default's (applied, never silently ignored), else the
        memory's model (the default's, or the one given to :meth:`Memory.open`)."""
        spec = self.policy.config_for(agent).memory.model
        if spec is None or spec == self.policy.default()[1].memory.model:
            return self.runtime.model
        if spec not in self._models:
            self._models[spec] = load_model(spec)
        return self._models[spec]

    def strategies(self, scope: Scope) -> tuple[Strategy, ...]:
        """The configured strategies, else the default memory review (engram.review), else none."""
        return review.strategies(self.policy.config_for(scope.agent).memory, scope,
                                 with_model=self.model_for(scope.agent) is not None)

    def should_extract(self, scope: Scope, new_events: int, preview: bool = False) -> bool:
        """Whether a turn appending ``new_events`` events runs (or enqueues) an extraction when it commits."""
        mem = self.policy.config_for(scope.agent).memory
        if not mem.enabled or not self.strategies(scope) or mem.extraction.trigger == "off":
            return False
        if mem.extraction.trigger == "every_n":
            with self.runtime.store.read() as tx:
                cur = int(tx.get_meta(cursor_key(scope, preview) + ":pending") or 0)
            return cur + new_events >= mem.extraction.every_n
        return True

    # -- in a turn -------------------------------------------------------------------------------------
    def in_turn(self, turn: Turn) -> None:
        """Turn-end extraction: run inside the turn (commits/rolls back with it) or enqueue a job."""
        mem = self.policy.config_for(turn.scope.agent).memory
        new = len(turn.pending_events)
        if not self.should_extract(turn.scope, new, turn.preview):
            if self.strategies(turn.scope) and mem.extraction.trigger == "every_n":
                key = cursor_key(turn.scope, turn.preview) + ":pending"
                with self.runtime.store.read() as tx:
                    cur = int(tx.get_meta(key) or 0)
                turn.buffer.set_meta(key, str(cur + new))
            return
        if mem.extraction.trigger == "async" or turn.defer_extraction:  # deferred: over the turn's limits
            now = self.runtime.now()
            turn.buffer.enqueue(Job(id=new_id("j_"), kind="extract", agent=turn.scope.agent, actor=turn.scope.actor,
                                    session=turn.scope.session, status="pending", attempts=0, error=None,
                                    payload={"turn_id": turn.id, "preview": turn.preview}, created_at=now,
                                    updated_at=now))
            return
        events = self.turn_events(turn)
        saved = turn.buffer.savepoint()
        try:
            self.run(turn, events)
        except ModelError as exc:
            # The turn still commits; the extraction is kept as a failed job to retry, never lost.
            turn.buffer.roll_back(saved)
            turn.buffer.enqueue(self.failed_job(turn.scope, exc, turn.id, turn.preview))

    def turn_events(self, turn: Turn) -> list[Event]:
        """What a turn-end extraction reads: the session's unextracted events as the turn leaves them (an event
        the turn replaces in its new form, in its place: the old text, a redacted card number say, is never
        read), then the turn's other new events; what a job run after the commit would read, and the turn's."""
        new_forms = {r.old.id: r.new for r in turn.buffer.replaced}
        stored = [new_forms.get(e.id, e) for e in self.unextracted(turn.scope, turn.preview)]
        taken = {e.id for e in stored}
        return stored + [e for e in turn.pending_events if e.id not in taken]

    def run(self, turn: Turn, events: Sequence[Event], *, advance_cursor: bool = True) -> list[Record]:
        """Plan the strategies' ops on ``events`` and write them in ``turn``; returns the records written."""
        if not events:
            return []
        strategy_turn = turn.as_strategy()  # same buffer: extraction commits or rolls back with the turn
        written = self._apply(strategy_turn, self._plan(strategy_turn, events), events)
        turn.buffer.relies_on.update(e.id for e in events if e.seq)  # stored ones (numbered): none may change meanwhile
        if advance_cursor:
            last = max(e.at for e in events)
            turn.buffer.set_meta(cursor_key(turn.scope, turn.preview), last.isoformat())
            turn.buffer.set_meta(cursor_key(turn.scope, turn.preview) + ":pending", "0")
        turn.written += written
        return written

    def _plan(self, turn: Turn, events: Sequence[Event]) -> list[Op]:
        from .strategies.pipeline import plan  # heavy (the offline rules of extract/): loaded on first use

        mem = self.policy.config_for(turn.scope.agent).memory
        pending = turn.pending_records

        def neighbours(namespace: str, text: str, k: int) -> list[Record]:
            return self.retrieval.neighbours(turn.scope, namespace, text, k, pending, preview=turn.preview)

        ops, _calls = plan(events, scope=turn.scope, strategies=self.strategies(turn.scope),
                           model=turn.extraction_model or self.model_for(turn.scope.agent), neighbors=neighbours,
                           now=self.runtime.now(), kinds=mem.kinds, models=_per_strategy_model,
                           neighbor_k=mem.extraction.neighbors, embed=self.runtime.embedder.embed)
        return list(ops)

    def _apply(self, turn: Turn, ops: Sequence[Op], events: Sequence[Event] = ()) -> list[Record]:
        written: list[Record] = []
        memory_cfg = self.policy.config_for(turn.scope.agent).memory
        kinds, declared = memory_cfg.kinds, memory_cfg.labels
        by_id = {e.id: e for e in events}
        flt = read_filter(turn.scope, ("session", "actor", "agent"), preview=turn.preview)
        for op in ops:
            # a record this turn already changed (the agent's own memory tool deleted or replaced it) is not
            # changed again: what the conversation says of it is already done
            changed = turn.buffer.changed()
            if isinstance(op, AddOp):
                if op.replaces is None and self._held(turn, op, changed):
                    continue  # the turn's writer, or an earlier one, already remembered this fact at this level
                with self.runtime.store.read() as tx:
                    if op.source_event_ids and tx.records_from_sources(flt, op.strategy, op.source_event_ids) and \
                            op.replaces is None:
                        continue  # already extracted from these events: a retried job never duplicates
                sources = [by_id[i] for i in op.source_event_ids if i in by_id]
                labels = {**inherited_labels(declared, sources), **op.labels} if declared else op.labels
                try:
                    written.append(turn.remember(
                        op.summary, op.content, kind=op.kind if op.kind in kinds else kinds[0], labels=labels,
                        scope=op.level, namespace=op.namespace,
                        replaces=op.replaces if op.replaces not in changed else None, strategy=op.strategy,
                        source_event_ids=op.source_event_ids, at=op.at, fact_key=op.fact_key))
                except PinBudgetExceeded as exc:
                    # a pinned record's successor would not fit the pins: the pinned record stays as it is (the
                    # turn is not failed for it); the pins need consolidating, as for any pin over budget
                    log.warning("extraction kept pinned record %s: %s", op.replaces, exc)
            elif isinstance(op, DeleteOp) and op.record_id not in changed:
                turn.forget(op.record_id, within=self.strategy_writes(turn.scope, op.strategy))
        return written

    def _held(self, turn: Turn, op: AddOp, changed: set[str]) -> bool:
        """Whether an active record at ``op``'s level, in any namespace the scope reads, already says what ``op``
        adds (the same index terms), stored or written earlier in this turn: a fact written with ``remember``,
        BatchCreate or another strategy is not extracted again beside it ("restated facts don't pile up")."""
        terms = set(textmod.index_terms(op.summary))
        if not terms:
            return False
        hits = self.retrieval.recall(turn.scope, op.summary, 5, mode="lexical", min_score=0.0, levels=(op.level,),
                                     subject=False, pending=turn.pending_records, hidden=changed,
                                     preview=turn.preview)  # a record with every term is a keyword match
        return any(h.record is not None and h.record.level == op.level and not h.record.deletes
                   and set(textmod.index_terms(h.record.summary)) == terms for h in hits)

    def strategy_writes(self, scope: Scope, strategy_id: str) -> set[tuple[str, str]]:
        """The (namespace, level) pairs a configured strategy writes for ``scope`` (its records and reflections)."""
        from .strategies.episodic import reflection_template  # heavy, as strategies.pipeline

        out: set[tuple[str, str]] = set()
        for st in self.strategies(scope):
            if st.strategy_id != strategy_id:
                continue
            reflections = [reflection_template(st)] if strategy_types.reflects(st.type) else []
            templates = [st.namespace_template, *reflections]
            for t in templates:
                try:
                    out.add((ns.fill(t, scope, strategy_id=st.strategy_id), ns.level_of_template(t)))
                except ValidationError:
                    continue
        return out

    # -- outside a turn ------------------------------------------------------------------------------------
    def _turn(self, scope: Scope, preview: bool) -> Turn:
        """A turn of extraction's own: nothing runs when it commits."""
        return Turn(self.runtime, self.policy, self.retrieval, self.reads, scope, preview=preview, extract=False)

    def unextracted(self, scope: Scope, preview: bool = False) -> list[Event]:
        """Events not yet extracted: live events after the live cursor, or (``preview``) the preview turns'
        events after the preview cursor; extraction from preview events writes only preview records."""
        key = cursor_key(scope, preview)
        cutoff = self.policy.expiry_cutoff(scope.agent)  # before the read: the policy may read the store itself
        with self.runtime.store.read() as tx:
            after = tx.get_meta(key)
            evs = tx.list_events(scope.agent, scope.actor, scope.session, limit=1000,
                                 after=datetime.fromisoformat(after) if after else datetime.min.replace(tzinfo=UTC),
                                 not_before=cutoff, preview=preview)
        return [e for e in evs if e.preview] if preview else evs

    def extract(self, scope: Scope, *, preview: bool = False) -> list[Record]:
        """See :meth:`engram.engine.Memory.extract`."""
        self.policy.read_filter(scope)
        if not self.strategies(scope):
            return []
        try:
            return self.extract_now(scope, preview=preview)
        except ModelError as exc:
            # nothing of the extraction was written; the failure is kept as a job to retry, then raised
            with self._turn(scope, preview) as t:
                t.buffer.enqueue(self.failed_job(scope, exc, None, preview))
            raise

    def extract_now(self, scope: Scope, *, preview: bool = False) -> list[Record]:
        """Extract the session's unextracted events in a turn of their own (what a job runs)."""
        with self._turn(scope, preview) as t:
            written = self.run(t, self.unextracted(scope, preview))
        return t.as_committed(written)  # naming the configuration version the commit stored, if it stored one

    def ingest(self, scope: Scope, messages: Sequence[dict[str, Any]], *, preview: bool = False) -> list[Record]:
        """See :meth:`engram.engine.Memory.ingest`."""
        with self._turn(scope, preview) as t:
            events = t.draft_events(messages)  # extracted from, never stored
            written = self.run(t, events, advance_cursor=False)
        return t.as_committed(written)

    def failed_job(self, scope: Scope, exc: ModelError, turn_id: str | None, preview: bool = False) -> Job:
        """An extraction the model could not do (failed, malformed answer): kept to retry, never lost; one
        stopped by the turn's limits (``exc.defer``) is kept pending, for the worker to run."""
        now = self.runtime.now()
        deferred = bool(getattr(exc, "defer", False))
        return Job(id=new_id("j_"), kind="extract", agent=scope.agent, actor=scope.actor, session=scope.session,
                   status="pending" if deferred else "failed", attempts=0 if deferred else 1,
                   error=None if deferred else f"{type(exc).__name__}: {exc}",
                   payload={**({"turn_id": turn_id} if turn_id else {}), "preview": preview}, created_at=now,
                   updated_at=now)
