"""The one entry point the engine calls: plan what a batch of events does to long-term memory. Pure.

``plan`` reads the new events of one (agent, actor, session), runs every configured strategy, compares
each candidate with the most similar stored records (``neighbors``) and with the rest of the batch, and
returns the ops to apply, in order, plus how many model calls it made. It writes nothing itself.

What each strategy writes (namespaces are always filled from ``scope``, never from event text):

==================  ===================================  ========  =========================================
strategy            default namespace                    level     records
==================  ===================================  ========  =========================================
SEMANTIC            ``/facts/{actorId}/``                actor     facts (``fact``), dated events (``event``)
USER_PREFERENCE     ``/preferences/{actorId}/``          actor     preferences (``guidance``)
SUMMARIZATION       ``/summary/{actorId}/{sessionId}/``  session   one running summary (``reference``)
EPISODIC            ``/episodes/{actorId}/{sessionId}/`` session   one episode per session (``event``)
  reflections       ``/episodes/{actorId}/``             actor     lessons across episodes (``guidance``)
CUSTOM              ``/custom/{actorId}/``               actor     what its prompt asks for
==================  ===================================  ========  =========================================

A record's content ends with a key line (``key: user/residence = porto``) that later runs use to
consolidate; see :mod:`engram.core.consolidate`. Without a model, the offline extractor
(:mod:`engram.extract`) does the work; with one, each strategy makes one structured call and the
batch's candidates are consolidated by one more call (none when nothing similar is stored).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from ..config import Strategy
from ..core.consolidate import Batch, Candidate, Decision, consolidate
from ..core.strategy_types import BY_NAME
from ..errors import ConfigError
from ..extract import echo
from ..models.base import Model
from ..types import Event, Record, Scope
from . import episodic, facts, model_consolidation, statements, summary
from ._common import Run
from .base import AddOp, NeighborLookup, Op


def _model_for(strategy: Strategy, model: Model | None, models: Callable[[str], Model] | None) -> Model | None:
    if strategy.model is None:
        return model
    if models is None:
        raise ConfigError(f"strategy {strategy.strategy_id!r} names the model {strategy.model!r} but no model "
                          "resolver was given", field=f"strategies.{strategy.strategy_id}.model")
    return models(strategy.model)


def plan(events: Sequence[Event], *, scope: Scope, strategies: Sequence[Strategy], model: Model | None,
         neighbors: NeighborLookup, now: datetime, kinds: Sequence[str], prior_summary: Record | None = None,
         models: Callable[[str], Model] | None = None, neighbor_k: int = 5,
         history: Sequence[Event] = (), embed: Callable[[Sequence[str]], Any] | None = None) -> tuple[list[Op], int]:
    """The ops the configured strategies derive from ``events`` (oldest first), and the model calls made.

    Deterministic for the same inputs without a model. Every AddOp names the events it came from
    (``source_event_ids``) and the strategy that wrote it; replace/delete ops only ever target records
    returned by ``neighbors`` (or ``prior_summary``). Raises :class:`~engram.errors.ModelOutputError` when
    a model answers with something unusable, and :class:`~engram.errors.ConfigError` when a strategy
    names a model and no ``models`` resolver is given.

    ``history`` (optional) is a few events of the same session *before* this batch, already extracted:
    context only, used to resolve references ("her name is Sofia" after "my daughter..."), never a source.
    ``embed`` (optional) is the engine's embedder: with it, consolidation also compares attributes by
    meaning (:mod:`engram.strategies.attribute_match`).
    """
    if not events or not strategies:
        return [], 0
    if not kinds:
        raise ConfigError("at least one kind is needed", field="kinds")
    run = Run(events=list(events), scope=scope, strategies=list(strategies), neighbors=neighbors, now=now,
              kinds=list(kinds), k=neighbor_k, prior_summary=prior_summary, history=list(history), embed=embed)
    # what memory handed the model, and the model's restatement of it, is never evidence (extract/echo.py)
    run.events = echo.clean(run.events, run.memory_texts())
    run.history = echo.clean(run.history)
    batch = Batch(clock=now)
    offline: list[Candidate] = []
    said: list[Candidate] = []  # statements no rule read, consolidated by meaning after the rules' facts
    by_model: dict[int, tuple[Model, list[Candidate]]] = {}
    structural: list[tuple[Candidate, list[Decision]]] = []

    for st in strategies:
        m = _model_for(st, model, models)
        family = BY_NAME[st.type].family
        if family == "facts":
            if m is None:
                offline += facts.offline_candidates(run, st)
                said += statements.candidates(run, st)
            else:
                by_model.setdefault(id(m), (m, []))[1].extend(facts.model_candidates(run, st, m))
        elif family == "summary":
            planned = summary.plan(run, st, m)
            if planned is not None:
                structural.append(planned)
        elif family == "episodic":
            ep, reflections = episodic.plan(run, st, m)
            if ep is not None:
                structural.append(ep)
            if m is None:
                offline += reflections
            elif reflections:
                by_model.setdefault(id(m), (m, []))[1].extend(reflections)

    seen: dict[str, Record] = {}  # the stored records the rules' candidates met, by id

    def lookup(ns: str, text: str, k: int) -> list[Record]:
        found = run.lookup(ns, text)
        seen.update((r.id, r) for r in found)
        return found

    consolidate(offline, lookup, k=neighbor_k, batch=batch, judge=statements.keyed_judge(run))
    statements.end_old_values(run, batch, seen)
    statements.end_replaced_names(run, batch)
    statements.consolidate(run, said, batch)
    for m, cands in by_model.values():
        model_consolidation.consolidate(run, m, cands, batch)
    for cand, decisions in structural:
        batch.apply(cand, decisions)
    return [_without_ids(op) for op in batch.result()], run.calls


def _without_ids(op: Op) -> Op:
    """Record ids never enter a record, whoever wrote its text (the offline rules or a model)."""
    if isinstance(op, AddOp) and ("r_" in op.summary or "r_" in (op.content or "")):
        return replace(op, summary=echo.strip_ids(op.summary) or op.summary,
                       content=echo.strip_ids(op.content) if op.content else op.content)
    return op
