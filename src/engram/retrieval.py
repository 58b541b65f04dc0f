"""Retrieval: one search pipeline over two corpora, a session's events and the records a scope may read.

    term stats -> lexical + vector candidates -> pool -> neighbours -> rank -> hits

:func:`search` runs those steps once for any :class:`Corpus`, inside one read transaction;
:class:`EventCorpus` (history search) and :class:`RecordCorpus` (recall) say how each step reads its corpus,
and what joins the pool that the backend does not hold (a preview read's events, a turn's pending records).
The pool's pure helpers are in :mod:`engram.core.pool`, the scores in :mod:`engram.core.fusion`.
:class:`Retrieval` is the part ``Memory``, ``Turn`` and ``Extraction`` call: it validates the arguments against
the agent's configuration (the :class:`~engram.policy.Policy`), embeds the query and builds the corpus over the
store of the :class:`~engram.runtime.Runtime`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

import numpy as np

from . import preview as previewmod
from .buffer import PendingRecord
from .config import Search
from .core import attributes, fusion, profile, validate
from .core import namespace as ns
from .core import pool as poolmod
from .core import text as textmod
from .core.history import index_texts
from .core.scope import ReadFilter
from .embedders.base import embed_query
from .errors import HistoryDisabled, ValidationError
from .policy import Policy
from .runtime import Runtime
from .stores.base import Tx
from .types import LEVELS, Event, Hit, Record, Scope

HISTORY_HALF_LIFE_DAYS = 30.0
HISTORY_RECENCY_WEIGHT = 0.1
SEARCH_CANDIDATES = 50  # lexical and vector candidates per search (at least 2 x limit; 30: -0.4 on LoCoMo tune)
SEARCH_ANCHORS = 10  # best first-pass candidates scored with their neighbours (at least limit)


@dataclass(frozen=True, slots=True)
class Query:
    """One search, validated: what ranking reads from the text, its vector, and the knobs."""

    analysis: textmod.QueryAnalysis
    qvec: np.ndarray | None  # None in lexical mode
    mode: str
    limit: int
    min_score: float
    weights: fusion.Weights
    now: datetime

    @property
    def candidates(self) -> int:
        return max(SEARCH_CANDIDATES, 2 * self.limit)

    @property
    def anchors(self) -> int:
        return max(SEARCH_ANCHORS, self.limit)


class Corpus(Protocol):
    """What :func:`search` reads from one corpus; every method runs inside the search's read transaction."""

    def term_stats(self, terms: Sequence[str]) -> fusion.TermStats:
        """Document count and frequencies of the stored items."""
        ...

    def candidates(self, terms: Sequence[str], qvec: np.ndarray | None, k: int
                   ) -> tuple[list[fusion.LexicalCandidate], list[fusion.VectorCandidate]]:
        """Up to ``k`` lexical candidates for ``terms`` (none when empty) and ``k`` vector candidates for
        ``qvec`` (none when None), asked together so a server backend answers both in one round trip."""
        ...

    def first_pass(self, terms: Sequence[str] | None, qvec: np.ndarray | None, k: int,
                   extras: Sequence[fusion.Candidate]) -> tuple[fusion.TermStats, list[fusion.LexicalCandidate],
                                                                list[fusion.VectorCandidate]]:
        """The term statistics (with ``extras`` counted in) and the candidates: :func:`two_step`, or
        whatever gives the same answer in fewer round trips. ``terms`` None: vector mode, no statistics."""
        ...

    def known(self, ids: Sequence[str]) -> dict[str, tuple[datetime, str]]:
        """Load the stored candidates the caller may see: (time, group) of each."""
        ...

    def extras(self) -> Sequence[fusion.Candidate]:
        """Items the backend does not hold that join the pool (and the term statistics)."""
        ...

    def context(self, ids: Sequence[str], window: int) -> Sequence[poolmod.Hood]:
        """The items written right before and after these first-pass anchors."""
        ...

    def after_context(self, pool: dict[str, fusion.Candidate], q: Query) -> dict[str, fusion.Candidate]:
        """The corpus's own last touch on the hybrid pool (links, roles)."""
        ...

    def hidden(self) -> set[str]:
        """Ids that must never be returned (superseded in this turn, replaced by a preview, ...)."""
        ...

    def hits(self, scored: Sequence[fusion.Scored], limit: int) -> list[Hit]:
        """The best ``limit`` ranked candidates as hits, loading what is not loaded yet."""
        ...


def two_step(corpus: Corpus, terms: Sequence[str] | None, qvec: np.ndarray | None, k: int,
             extras: Sequence[fusion.Candidate]) -> tuple[fusion.TermStats, list[fusion.LexicalCandidate],
                                                          list[fusion.VectorCandidate]]:
    """The first pass as two reads: the statistics of the terms, then the candidates for those they pick."""
    if terms is None:
        return (fusion.TermStats(0, {}), *corpus.candidates([], qvec, k))
    stats = poolmod.with_extras(corpus.term_stats(terms), extras)
    return (stats, *corpus.candidates(fusion.select_terms(terms, stats), qvec, k))


def search(corpus: Corpus, q: Query) -> list[Hit]:
    """Rank ``corpus`` for ``q``: candidates, pool, neighbours of the best (hybrid mode), final scores."""
    extras = corpus.extras()
    stats, lex, vec = corpus.first_pass(q.analysis.terms if q.mode != "vector" else None, q.qvec, q.candidates,
                                        extras)
    pool = poolmod.candidate_pool(lex, vec, corpus.known(list(dict.fromkeys(
        [c.id for c in lex] + [c.id for c in vec]))))
    pool.update({c.id: c for c in extras if q.mode != "lexical" or c.terms})  # no terms: no lexical match
    if q.mode == "hybrid" and pool:
        first = fusion.rank(list(pool.values()), q.analysis, stats, weights=q.weights, now=q.now)
        window = q.weights.window
        poolmod.add_context(pool, corpus.context([sc.id for sc in first[: q.anchors]], window), q.qvec, window)
        pool = corpus.after_context(pool, q)
    hide = corpus.hidden()
    scored = fusion.rank([c for c in pool.values() if c.id not in hide], q.analysis, stats, mode=q.mode,
                         weights=q.weights, min_score=q.min_score, now=q.now)
    return corpus.hits(scored, q.limit)


class EventCorpus:
    """A session's indexed events (and, for a preview read, its preview events scored at query time)."""

    def __init__(self, tx: Tx, scope: Scope, *, index: str, tools: bool, not_before: datetime, preview: bool,
                 shadow: Sequence[Event] = (), shadow_candidates: Sequence[fusion.Candidate] = ()) -> None:
        assert scope.session is not None
        self.tx, self.where = tx, (scope.agent, scope.actor, scope.session)
        self.index, self.tools, self.not_before, self.preview = index, tools, not_before, preview
        self.events: dict[str, Event] = {}
        self.shadow, self.shadow_candidates = shadow, shadow_candidates

    def term_stats(self, terms: Sequence[str]) -> fusion.TermStats:
        return self.tx.event_term_stats(*self.where, terms)

    def candidates(self, terms: Sequence[str], qvec: np.ndarray | None, k: int
                   ) -> tuple[list[fusion.LexicalCandidate], list[fusion.VectorCandidate]]:
        return self.tx.events_candidates(*self.where, terms, qvec, limit=k, include_tools=self.tools,
                                         not_before=self.not_before)

    def first_pass(self, terms: Sequence[str] | None, qvec: np.ndarray | None, k: int,
                   extras: Sequence[fusion.Candidate]) -> tuple[fusion.TermStats, list[fusion.LexicalCandidate],
                                                                list[fusion.VectorCandidate]]:
        return two_step(self, terms, qvec, k, extras)

    def known(self, ids: Sequence[str]) -> dict[str, tuple[datetime, str]]:
        self.events.update({e.id: e for e in self.tx.get_events(*self.where, ids)})
        known = {i: (e.at, self.where[2]) for i, e in self.events.items()}
        self.events.update({e.id: e for e in self.shadow})
        return known

    def extras(self) -> Sequence[fusion.Candidate]:
        return self.shadow_candidates

    def context(self, ids: Sequence[str], window: int) -> Sequence[poolmod.Hood]:
        return self.tx.event_context(*self.where, ids, window=window, include_tools=self.tools,
                                     not_before=self.not_before)

    def after_context(self, pool: dict[str, fusion.Candidate], q: Query) -> dict[str, fusion.Candidate]:
        # who wrote each candidate (the user/assistant chat shape, "what did I say") and how much of it asks
        self._load([i for i in pool if i not in self.events])
        return {i: dataclasses.replace(c, role=ev.role, asks=textmod.question_share(ev.content))
                if (ev := self.events.get(i)) is not None else c for i, c in pool.items()}

    def hidden(self) -> set[str]:
        return set()

    def hits(self, scored: Sequence[fusion.Scored], limit: int) -> list[Hit]:
        top = scored[:limit]
        self._load([sc.id for sc in top if sc.id not in self.events])
        return [Hit(score=sc.score, event=self.events[sc.id], parts=poolmod.parts(sc))
                for sc in top if sc.id in self.events]

    def _load(self, ids: Sequence[str]) -> None:
        self.events.update({e.id: e for e in self.tx.get_events(*self.where, ids, preview=self.preview)})


class RecordCorpus:
    """The records a read filter lets through, and a turn's pending records the filter allows."""

    def __init__(self, tx: Tx, flt: ReadFilter, *, pending: Sequence[PendingRecord], qvec: np.ndarray | None,
                 preview: bool, hidden: set[str]) -> None:
        self.tx, self.flt, self.preview = tx, flt, preview
        self.all_pending = pending
        self.pend = [p for p in pending if flt.allows(p.record)]
        self.pend_ids = {p.record.id for p in self.pend}
        self.records: dict[str, Record] = {}
        self.qvec = qvec
        self.hide = set(hidden)
        self.deleting: set[str] = set()  # candidates that delete another record (preview tombstones)

    def term_stats(self, terms: Sequence[str]) -> fusion.TermStats:
        return self.tx.record_term_stats(self.flt, terms)

    def candidates(self, terms: Sequence[str], qvec: np.ndarray | None, k: int
                   ) -> tuple[list[fusion.LexicalCandidate], list[fusion.VectorCandidate]]:
        return self.tx.records_candidates(self.flt, terms, qvec, limit=k)

    def first_pass(self, terms: Sequence[str] | None, qvec: np.ndarray | None, k: int,
                   extras: Sequence[fusion.Candidate]) -> tuple[fusion.TermStats, list[fusion.LexicalCandidate],
                                                                list[fusion.VectorCandidate]]:
        if terms is None or extras:  # a turn's pending records count in the statistics: two reads
            return two_step(self, terms, qvec, k, extras)
        return self.tx.records_first_pass(self.flt, terms, qvec, limit=k)

    def known(self, ids: Sequence[str]) -> dict[str, tuple[datetime, str]]:
        # stamps, not records: of some fifty candidates about ten become hits, and only those are loaded
        stamps = self.tx.record_stamps(self.flt, ids)
        self.deleting.update(i for i, s in stamps.items() if s.deletes)
        self.records.update({p.record.id: p.record for p in self.pend})
        return {i: (s.at, s.turn_id or i) for i, s in stamps.items()}

    def extras(self) -> Sequence[fusion.Candidate]:
        q = self.qvec
        return [fusion.Candidate(id=p.record.id, at=p.record.created_at,
                                 group=p.record.provenance.turn_id or p.record.id, terms=p.terms,
                                 cosine=float(p.vector @ q) if q is not None and p.vector is not None else None)
                for p in self.pend]

    def context(self, ids: Sequence[str], window: int) -> Sequence[poolmod.Hood]:
        return self.tx.record_context(self.flt, [i for i in ids if i not in self.pend_ids], window=window,
                                      query=self.qvec)

    def after_context(self, pool: dict[str, fusion.Candidate], q: Query) -> dict[str, fusion.Candidate]:
        poolmod.link_in_order(pool, [p.record.id for p in self.pend], q.weights.window)
        if self.preview:  # preview records in the context may hide what they replace or delete
            self._load([i for i in pool if i not in self.records])
        return pool

    def hidden(self) -> set[str]:
        hide = set(self.hide)
        if self.preview:  # whatever a preview record replaces or deletes, candidate or not (engram.preview)
            hide.update(self.tx.preview_targets(self.flt))
            for p in self.all_pending:
                if p.record.preview:
                    hide.update(x for x in (p.record.replaces, p.record.deletes) if x)
        hide.update(i for i, r in self.records.items() if r.deletes)
        return hide | self.deleting

    def hits(self, scored: Sequence[fusion.Scored], limit: int) -> list[Hit]:
        # context items come from the store already filtered: load records for the hits only
        hits: list[Hit] = []
        pos = 0
        while len(hits) < limit and pos < len(scored):
            batch = scored[pos:pos + limit - len(hits)]  # all visible (their stamps were): seldom a second batch
            pos += len(batch)
            self._load([sc.id for sc in batch if sc.id not in self.records])
            for sc in batch:
                rec = self.records.get(sc.id)
                if rec is None or rec.deletes or not self.flt.allows(rec) or len(hits) >= limit:
                    continue
                hits.append(Hit(score=sc.score, record=rec, parts=poolmod.parts(sc)))
        return hits

    def _load(self, ids: Sequence[str]) -> None:
        self.records.update({r.id: r for r in self.tx.get_records(self.flt, ids)})


class Retrieval:
    """History search and recall over one runtime, under the policy's configuration for each agent."""

    def __init__(self, runtime: Runtime, policy: Policy) -> None:
        self.runtime = runtime
        self.policy = policy

    def min_score(self, given: float | None, agent: str) -> float:
        """The cut below which hits are left out: the caller's, else the configured, else the default."""
        configured = self.policy.config_for(agent).memory.search.min_score
        fallback = fusion.DEFAULT_MIN_SCORE if configured is None else configured
        cut = validate.score(given if given is not None else fallback, "min_score")
        return fallback if cut is None else cut

    def _query(self, query: str, mode: str, limit: int, min_score: float, weights: fusion.Weights,
               records: bool = False) -> Query:
        """The query analysed and embedded. Asked of ``records``, it is embedded without its personal pronouns
        (:func:`~engram.core.text.without_person`): a record states a fact without naming its subject, while a
        message speaks as "I" and of "you", so history search embeds the query as asked."""
        said = textmod.without_person(query) if records else query
        qvec = embed_query(self.runtime.embedder, [said])[0] if mode != "lexical" else None
        now = self.runtime.now()
        return Query(textmod.analyze_query(query, now), qvec, mode, limit, min_score, weights, now)

    def search_history(self, scope: Scope, query: str, limit: int = 5, *, include_tools: bool | None = None,
                       mode: str | None = None, preview: bool = False, min_score: float | None = None
                       ) -> list[Hit]:
        """See :meth:`engram.engine.Memory.search_history`."""
        self.policy.check_event_rights(scope, write=False)  # rights first: a refused caller learns nothing more
        cfg = self.policy.config_for(scope.agent)
        index = cfg.harness.history.index
        if index == "none":
            raise HistoryDisabled("history search is off (harness.history.index is none)",
                                  field="harness.history.index")
        query = validate.query(query)
        limit = validate.limit(limit)
        mode = validate.mode(mode or cfg.memory.search.mode)
        cut = self.min_score(min_score, scope.agent)
        if scope.session is None:
            raise ValidationError("history search needs a session scope", field="scope.session")
        tools = index == "messages_and_tools" if include_tools is None else bool(include_tools)
        cutoff = self.policy.expiry_cutoff(scope.agent)
        weights = fusion.Weights(recency=HISTORY_RECENCY_WEIGHT, half_life_days=HISTORY_HALF_LIFE_DAYS,
                                 cosine=self.runtime.cosine_scale)
        q = self._query(query, mode, limit, cut, weights)
        if self.runtime.indexer is not None and q.qvec is not None:
            self.runtime.indexer.complete((scope.agent, scope.actor, scope.session))
        with self.runtime.store.read() as tx:
            mine: list[Event] = []
            shadow: list[fusion.Candidate] = []
            if preview:
                mine = [e for e in tx.list_events(scope.agent, scope.actor, scope.session,
                                                  limit=previewmod.MAX_PREVIEW_EVENTS, preview=True,
                                                  not_before=cutoff) if e.preview]
                shadow = previewmod.candidates([e for e in mine if tools or e.role != "tool"],
                                               lambda e: index_texts(e, index), self.runtime.embedder.embed, q.qvec,
                                               scope.session)
            corpus = EventCorpus(tx, scope, index=index, tools=tools, not_before=cutoff, preview=preview,
                                 shadow=mine, shadow_candidates=shadow)
            return search(corpus, q)

    def recall(self, scope: Scope, query: str, limit: int | None = None, *, mode: str | None = None,
               min_score: float | None = None, kind: str | Sequence[str] | None = None,
               labels: dict[str, str] | None = None, namespace: str | None = None, preview: bool = False,
               pending: Sequence[PendingRecord] = (), hidden: set[str] | None = None,
               levels: Sequence[str] | None = None, subject: bool = True) -> list[Hit]:
        """See :meth:`engram.engine.Memory.recall`; a turn adds its ``pending`` records and the ids it
        ``hidden`` (superseded or deleted in the turn), and reads at its own ``levels``. ``subject`` False:
        a question about the person is searched like any other (extraction's neighbours)."""
        cfg = self.policy.config_for(scope.agent)
        search_cfg = cfg.memory.search
        query = validate.query(query)
        prefix = None
        if namespace is not None:
            prefix = ns.fill(namespace, scope)
            for template, retrieval in cfg.memory.retrieval_in_force.items():
                try:
                    filled = ns.fill(template, scope)
                except ValidationError:
                    continue
                if filled == prefix:
                    limit = retrieval.top_k if limit is None else limit
                    min_score = retrieval.relevance_score if min_score is None else min_score
        limit = validate.limit(search_cfg.max_results if limit is None else limit)  # 0 is refused, as everywhere
        mode = validate.mode(mode or search_cfg.mode)
        cut = self.min_score(min_score, scope.agent)
        kinds = validate.kind_filter(kind, cfg.memory.kinds)
        flt = self.policy.read_filter(scope, preview=preview, kinds=kinds, levels=levels,
                                      labels=validate.label_filter(labels, cfg.memory.labels),
                                      namespace_prefix=prefix)
        ask = profile.asks_about_subject(query) if subject else None
        name = profile.named(query) if ask is not None else None
        if ask is not None and name is None:  # "what do you know about me?": the subject's records that matter most
            about = self.about_subject(flt, ask, limit, cut, cfg.memory.kinds, pending=pending,
                                       hidden=hidden or set(), preview=preview)
            if about:
                return about
        hits = self._search(query, mode, limit, cut, search_cfg, flt, pending, hidden, preview)
        if name is not None and ask is not None and not any(
                h.record is not None and profile.names(name, h.record.summary) for h in hits):
            # "brief me on Fatima" and no record names Fatima: the memory's own subject, by name
            return self.about_subject(flt, ask, limit, cut, cfg.memory.kinds, pending=pending,
                                      hidden=hidden or set(), preview=preview) or hits
        return hits

    def _search(self, query: str, mode: str, limit: int, cut: float, search_cfg: Search, flt: ReadFilter,
                pending: Sequence[PendingRecord], hidden: set[str] | None, preview: bool) -> list[Hit]:
        """The records' hybrid search, steered towards an attribute when the memory missed the question."""
        weights = fusion.Weights(recency=search_cfg.recency_weight if search_cfg.recency_half_life_days else 0.0,
                                 half_life_days=search_cfg.recency_half_life_days, cosine=self.runtime.cosine_scale)
        q = self._query(query, mode, limit, cut, weights, records=True)
        self.embed_pending([p for p in pending if flt.allows(p.record)])
        # embedded once per runtime, outside the transaction (a remote embedder may be slow)
        described = self.runtime.attribute_vectors() if q.qvec is not None and q.analysis.owned else None
        with self.runtime.store.read() as tx:
            corpus = RecordCorpus(tx, flt, pending=pending, qvec=q.qvec, preview=preview, hidden=hidden or set())
            hits = search(corpus, q)
            steered = self._steered(q, hits, described)
            if steered is None:
                return hits
            corpus = RecordCorpus(tx, flt, pending=pending, qvec=steered.qvec, preview=preview,
                                  hidden=hidden or set())
            return search(corpus, steered)

    @staticmethod
    def _steered(q: Query, hits: Sequence[Hit], described: attributes.Described | None) -> Query | None:
        """The query again with its vector moved towards the attribute it clearly asks after (core.attributes),
        when it asks after the person's own things and the memory did not hold its meaning (no hit's V reached
        the gate): "what would I take on a road trip?" of a memory whose "Drives a Honda Activa" it missed.
        None when it does not apply; a question the memory answered keeps its own ranking."""
        if q.qvec is None or described is None:
            return None
        if max((h.parts.vector or 0.0 for h in hits), default=0.0) >= q.weights.gate:
            return None
        moved = attributes.steer(q.qvec, described)
        return None if moved is q.qvec else dataclasses.replace(q, qvec=moved)

    def about_subject(self, flt: ReadFilter, ask: profile.Ask, limit: int, cut: float, kinds: tuple[str, ...], *,
                      pending: Sequence[PendingRecord], hidden: set[str], preview: bool) -> list[Hit]:
        """A question about the person (:mod:`engram.core.profile`): the records ``flt`` lets through ranked by
        class (pinned, preference, fact, other), newest first within a class, scored by class; at most
        ``limit``, none scoring below ``cut``. Empty when the memory holds none of the classes asked for."""
        with self.runtime.store.read() as tx:
            hide = RecordCorpus(tx, flt, pending=pending, qvec=None, preview=preview, hidden=hidden).hidden()
            ask_for = limit + len(hide)
            found = tx.list_records(flt, limit=ask_for, pinned=True)
            for chosen in (profile.preference_kinds(kinds), profile.fact_kinds(kinds)):
                chosen = tuple(k for k in chosen if flt.kinds is None or k in flt.kinds)
                if chosen:
                    found += tx.list_records(dataclasses.replace(flt, kinds=chosen), limit=ask_for)
            if ask == "all":
                found += tx.list_records(flt, limit=ask_for)
        mine = [p.record for p in pending if flt.allows(p.record)]
        ranked: dict[str, tuple[int, Record]] = {}
        for rec in [*mine, *found]:
            cls = profile.record_class(rec.pinned, rec.kind, kinds)
            if (rec.id in ranked or rec.id in hide or rec.deletes or rec.status != "active"
                    or not profile.wanted(ask, cls) or profile.CLASS_SCORE[cls] < cut):
                continue
            ranked[rec.id] = (cls, rec)
        order = sorted(ranked.values(), key=lambda cr: (cr[0], -cr[1].created_at.timestamp(), cr[1].id))
        return [Hit(score=profile.CLASS_SCORE[cls], record=rec) for cls, rec in order[:limit]]

    def neighbours(self, scope: Scope, namespace: str, text: str, k: int,
                   pending: Sequence[PendingRecord] = (), *, preview: bool = False) -> list[Record]:
        """Records of ``namespace`` close to ``text`` at every level (what extraction consolidates against);
        ``preview``: a preview turn's extraction, which reads earlier preview records as preview turns do."""
        if not text.strip():
            return []
        hits = self.recall(scope, text, min(k, 100), namespace=namespace, pending=pending, min_score=0.0,
                           levels=LEVELS, subject=False, preview=preview)
        return [h.record for h in hits if h.record is not None and h.record.namespace == namespace]

    def embed_pending(self, pend: Sequence[PendingRecord]) -> None:
        """Embed a turn's pending records now (the vectors are reused when the turn commits)."""
        todo = [p for p in pend if p.vector is None and p.text]
        if todo:
            for p, v in zip(todo, self.runtime.embedder.embed([p.text for p in todo]), strict=True):
                p.vector = v
