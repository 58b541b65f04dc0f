"""SQLite search candidates: term statistics, lexical and vector candidates, and neighbourhoods of events and
records (ranking itself is core.fusion's)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np

from ...core import partition
from ...core.fusion import LexicalCandidate, TermStats, VectorCandidate, select_terms, term_rarity
from ...core.scope import ReadFilter
from ..base import ContextItem, Neighbourhood
from .sql import (
    EVENT_VECTORS,
    FTS_TERM_POSTINGS,
    RECORD_VECTORS,
    event_part,
    from_us,
    fts_query,
    part_counter,
    to_us,
)
from .txbase import TxBase

# each kind's text index: (FTS table, its vocabulary, the counter of all its documents)
_KINDS = {"e": ("event_fts", "event_vocab", "event_chunks"), "r": ("record_fts", "record_vocab", "records_indexed")}


class SearchTx(TxBase):
    """Candidate reads of a transaction, for events and for records."""

    def _scope_stats(self, kind: str, parts: Sequence[str], terms: Sequence[str]) -> TermStats:
        """The term statistics of the partitions ``parts`` (FTS tokens) and of nothing else: N the documents
        indexed there (their ``part:`` counters), df of a term how many of them hold it (an FTS count of the
        term within them). Another tenant's writes never move them. When the partitions hold the kind's whole
        index (a store of one tenant), a term's df is the index's own (``fts5vocab``), the same number read
        without counting.

        df is cached per (partitions, term) and reused while the partitions' N moved < 2% (at 1,000 documents
        or more): it only weights and prunes terms; within one transaction it is counted once. Nothing is
        cached per term alone."""
        fts, vocab, counter = _KINDS[kind]
        parts = list(dict.fromkeys(parts))
        n = sum(self._count(part_counter(p)) for p in parts)
        if not terms or n <= 0:
            return TermStats(max(n, 0), {})
        whole = n == self._count(counter)
        scope = (kind, *sorted(parts))
        df: dict[str, int] = {}
        cache = self.s.df_cache
        for t in dict.fromkeys(terms):
            hit = cache.get((scope, t))
            mine = self.tx_df.get((scope, t))
            if mine is not None and mine[1] == n:  # counted in this transaction, nothing indexed since
                value = mine[0]
            elif hit is not None and abs(n - hit[1]) <= 0.02 * n and n >= 1000:
                value = hit[0]
            else:
                if whole:
                    row = self.c.execute(f"SELECT doc FROM {vocab} WHERE term = ?", (t,)).fetchone()
                else:
                    row = self.c.execute(f"SELECT count(*) FROM {fts} WHERE {fts} MATCH ?",
                                         (fts_query([t], parts),)).fetchone()
                value = int(row[0]) if row else 0
                if len(cache) > 100_000:
                    cache.clear()
                cache[(scope, t)] = (value, n)
            self.tx_df[(scope, t)] = (value, n)
            if value:
                df[t] = value
        return TermStats(n, df)

    def event_term_stats(self, agent: str, actor: str | None, session: str | None,
                         terms: Sequence[str]) -> TermStats:
        return self._scope_stats("e", [event_part(agent, actor, session)], terms)

    def _fts_ranked(self, table: str, terms: Sequence[str], parts: Sequence[str], *, share: float,
                    df: dict[str, int]) -> list[int]:
        """Rowids holding any of the terms, best first: by the summed ``core.fusion.term_rarity`` of the terms a
        row holds (``df``: document frequencies within the searched partitions, ``_scope_stats``, as PostgreSQL
        uses, so both backends pick the same candidates), newest first on ties. Rows of other partitions may be
        among them when ``core.partition.scan_within(share)`` says no (the partitions hold the whole index):
        callers filter by partition. Within them, a partition is its token as a row's first (``^``).

        Reads at most ``FTS_TERM_POSTINGS`` postings per term and never asks FTS5 to rank: its bm25 first counts
        every posting of every phrase, the partition token's included, which grows with the partition (about
        3 ms per query at 100k records). The real BM25 is computed in core over the candidates.
        Within a large partition, ANDing each term with the partition token costs more than it saves.
        """
        ids: list[np.ndarray] = []
        weights: list[np.ndarray] = []
        for term in dict.fromkeys(terms):
            match = fts_query([term], parts if partition.scan_within(share) else [])
            rows = self.c.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY rowid DESC LIMIT ?",
                                  (match, FTS_TERM_POSTINGS)).fetchall()
            if rows:
                ids.append(np.fromiter((r[0] for r in rows), np.int64, len(rows)))
                weights.append(np.full(len(rows), term_rarity(df.get(term, len(rows)))))
        if not ids:
            return []
        rowids, inverse = np.unique(np.concatenate(ids), return_inverse=True)
        score = np.round(np.bincount(inverse, weights=np.concatenate(weights)), 9)  # ties stay ties across backends
        return [int(r) for r in rowids[np.lexsort((-rowids, -score))]]

    def _part_share(self, kind: str, parts: Sequence[str]) -> float:
        """The share of indexed rows in these partitions (their ``part:`` counters)."""
        n = sum(self._count(part_counter(p)) for p in dict.fromkeys(parts))
        return n / max(self._count(_KINDS[kind][2]), 1)

    def events_lexical(self, agent: str, actor: str | None, session: str | None, terms: Sequence[str], *,
                       limit: int, include_tools: bool, not_before: datetime | None) -> list[LexicalCandidate]:
        if not terms:
            return []
        part = event_part(agent, actor, session)
        ranked = self._fts_ranked("event_fts", terms, [part], share=self._part_share("e", [part]),
                                  df=dict(self._scope_stats("e", [part], terms).doc_freq))
        cond = " AND c.part = ?"
        cargs: list[Any] = [part]
        if not include_tools:
            cond += " AND c.is_tool = 0"
        if not_before is not None:
            cond += " AND c.stored_us >= ?"
            cargs.append(to_us(not_before))
        return self._first_passing(ranked, "SELECT c.rowid, c.event_id, c.terms FROM (SELECT value AS rid FROM "
                                   f"json_each(?)) AS x CROSS JOIN event_chunks c ON c.rowid = x.rid WHERE 1{cond}",
                                   cargs, limit)

    def events_candidates(self, agent: str, actor: str | None, session: str | None, terms: Sequence[str],
                          query: np.ndarray | None, *, limit: int, include_tools: bool, not_before: datetime | None
                          ) -> tuple[list[LexicalCandidate], list[VectorCandidate]]:
        """Both kinds of candidates, one after the other (as ``records_candidates``)."""
        where = (agent, actor, session)
        return (self.events_lexical(*where, terms, limit=limit, include_tools=include_tools, not_before=not_before)
                if terms else [],
                self.events_vector(*where, query, limit=limit, include_tools=include_tools, not_before=not_before)
                if query is not None else [])

    def events_vector(self, agent: str, actor: str | None, session: str | None, query: np.ndarray, *,
                      limit: int, include_tools: bool, not_before: datetime | None) -> list[VectorCandidate]:
        part = event_part(agent, actor, session)
        cache = self.s.vectors(query.shape[0])

        def fetch(k: int) -> tuple[list[tuple[str, float]], bool]:
            hits, live = cache.search(self.c, part, query, k, source=EVENT_VECTORS, include_tools=include_tools)
            if not_before is None or not hits:
                return hits, k >= live
            ok = {r[0] for r in self._all(
                f"SELECT id FROM events WHERE id IN ({','.join('?' * len(hits))}) AND stored_us >= ?",
                [h[0] for h in hits] + [to_us(not_before)])}
            return [h for h in hits if h[0] in ok], k >= live

        return [VectorCandidate(i, s) for i, s in partition.overfetch(limit, fetch)]

    def event_context(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str], *,
                      window: int, include_tools: bool, not_before: datetime | None) -> list[Neighbourhood]:
        if not ids:
            return []
        part = event_part(agent, actor, session)
        cond, cargs = "", []
        if not include_tools:
            cond += " AND is_tool = 0"
        if not_before is not None:
            cond += " AND stored_us >= ?"
            cargs.append(to_us(not_before))
        spans = {}
        for i in range(0, len(ids), 500):
            batch = list(ids[i:i + 500])
            spans.update({r[0]: (r[1], r[2]) for r in self._all(
                f"SELECT event_id, min(rowid), max(rowid) FROM event_chunks WHERE event_id IN "
                f"({','.join('?' * len(batch))}) AND part = ?{cond} GROUP BY event_id", [*batch, part, *cargs])})

        def side(pivot: int, op: str, order: str) -> list[str]:
            # event_chunks_part is (part, rowid): one short index range per side; rowid is append order
            got: list[str] = []
            for (eid,) in self.c.execute(f"SELECT event_id FROM event_chunks WHERE part = ? AND rowid {op} ?{cond} "
                                         f"ORDER BY rowid {order} LIMIT ?", [part, pivot, *cargs, window * 4]):
                if eid not in got:
                    got.append(eid)
                    if len(got) >= window:
                        break
            return got

        sides = {eid: (side(lo, "<", "DESC"), side(hi, ">", "ASC")) if window > 0 else ([], [])
                 for eid, (lo, hi) in spans.items()}
        need = list(dict.fromkeys([*spans, *(e for b, a in sides.values() for e in (*b, *a))]))
        chunks: dict[str, list[sqlite3.Row]] = {}
        for i in range(0, len(need), 500):
            batch = need[i:i + 500]
            for r in self._all(f"SELECT event_id, at_us, terms, vec FROM event_chunks WHERE event_id IN "
                               f"({','.join('?' * len(batch))}) AND part = ? ORDER BY rowid", [*batch, part]):
                chunks.setdefault(r[0], []).append(r)
        items: dict[str, ContextItem] = {}
        for eid, rows in chunks.items():
            vecs = [np.frombuffer(r[3], dtype=np.float32) for r in rows if r[3] is not None]
            items[eid] = ContextItem(id=eid, at=from_us(rows[0][1]), group=session or "",
                                     terms=tuple(t for r in rows for t in r[2].split()[1:]),
                                     vectors=np.stack(vecs) if vecs else None)
        return [Neighbourhood(items[eid], tuple(items[e] for e in b if e in items),
                              tuple(items[e] for e in a if e in items))
                for eid, (b, a) in sides.items() if eid in items]

    def record_term_stats(self, flt: ReadFilter, terms: Sequence[str]) -> TermStats:
        return self._scope_stats("r", self._parts(flt), terms)

    def records_lexical(self, flt: ReadFilter, terms: Sequence[str], *, limit: int) -> list[LexicalCandidate]:
        parts = self._parts(flt)
        if not terms or not parts:
            return []
        ranked = self._fts_ranked("record_fts", terms, parts, share=self._part_share("r", parts),
                                  df=dict(self._scope_stats("r", parts, terms).doc_freq))
        where, args = self._filter_sql(flt)
        return self._first_passing(ranked, "SELECT r.rowid, r.id, r.fts_terms FROM (SELECT value AS rid FROM "
                                   f"json_each(?)) AS x CROSS JOIN records r ON r.rowid = x.rid WHERE {where}",
                                   args, limit)

    def _first_passing(self, ranked: Sequence[int], sql: str, args: Sequence[Any], limit: int
                       ) -> list[LexicalCandidate]:
        """The first ``limit`` of the ranked FTS rowids whose row passes ``sql``'s filter, in rank order.

        ``sql`` selects (rowid, owner id, indexed terms) for the rowids of a JSON array (its first parameter);
        the CROSS JOIN keeps those rowids as the outer loop: one primary-key probe each, then the filter.
        Rowids go in pages, so a filter that keeps most rows costs one page."""
        out: list[LexicalCandidate] = []
        step = max(3 * limit, 100)
        for i in range(0, len(ranked), step):
            batch = ranked[i:i + step]
            rows = {r[0]: r for r in self._all(sql, [json.dumps(batch), *args])}
            out += [LexicalCandidate(rows[r][1], rows[r][2].split()[1:]) for r in batch if r in rows]
            if len(out) >= limit:
                break
        return out[:limit]

    def records_first_pass(self, flt: ReadFilter, terms: Sequence[str], query: np.ndarray | None, *,
                           limit: int) -> tuple[TermStats, list[LexicalCandidate], list[VectorCandidate]]:
        stats = self.record_term_stats(flt, terms)
        return (stats, *self.records_candidates(flt, select_terms(terms, stats), query, limit=limit))

    def records_candidates(self, flt: ReadFilter, terms: Sequence[str], query: np.ndarray | None, *,
                           limit: int) -> tuple[list[LexicalCandidate], list[VectorCandidate]]:
        """Both kinds of candidates, one after the other (in-process: nothing to gain by sending them together)."""
        return (self.records_lexical(flt, terms, limit=limit) if terms else [],
                self.records_vector(flt, query, limit=limit) if query is not None else [])

    def records_vector(self, flt: ReadFilter, query: np.ndarray, *, limit: int) -> list[VectorCandidate]:
        cache = self.s.vectors(query.shape[0])
        merged: list[tuple[str, float]] = []
        for part in self._parts(flt):
            def fetch(k: int, part: str = part) -> tuple[list[tuple[str, float]], bool]:
                hits, live = cache.search(self.c, part, query, k, source=RECORD_VECTORS)
                visible = self.record_stamps(flt, [h[0] for h in hits])
                return [h for h in hits if h[0] in visible], k >= live

            merged += partition.overfetch(limit, fetch)
        merged.sort(key=lambda h: -h[1])
        return [VectorCandidate(i, s) for i, s in merged[:limit]]

    def record_context(self, flt: ReadFilter, ids: Sequence[str], *, window: int,
                       query: np.ndarray | None = None) -> list[Neighbourhood]:
        del query  # in-process: the vectors are at hand, core.pool scores them
        anchors: list[sqlite3.Row] = []
        for i in range(0, len(ids), 500):
            batch = list(ids[i:i + 500])
            anchors += self._all(f"SELECT rowid, id, part, turn_id FROM records WHERE id IN "
                                 f"({','.join('?' * len(batch))}) AND status = 'active'", batch)
        # A turn's records are written in one transaction, so they hold consecutive rowids: read the active
        # rows within 2 x window rowids of every anchor in one query, then walk out from each anchor until a
        # row of another turn (rows of other partitions, or hidden from the filter, written by the same turn
        # are stepped over).
        where, args = self._filter_sql(flt)
        span = 2 * window if window > 0 else 0
        wanted = sorted({r for a in anchors if a["turn_id"] is not None
                         for r in range(a["rowid"] - span, a["rowid"] + span + 1)})
        near: dict[int, tuple[str, str | None, str, bool]] = {}
        for i in range(0, len(wanted), 500):
            rowids = wanted[i:i + 500]
            for r in self._all(f"SELECT r.rowid, r.id, r.turn_id, r.part, ({where}) FROM records r WHERE r.rowid IN "
                               f"({','.join('?' * len(rowids))}) AND r.status = 'active'", [*args, *rowids]):
                near[r[0]] = (r[1], r[2], r[3], bool(r[4]))
        sides: dict[str, tuple[list[str], list[str]]] = {}
        for a in anchors:
            got: tuple[list[str], list[str]] = ([], [])
            for side, step in zip(got, (-1, 1), strict=True):
                pos = a["rowid"] + step
                while span and abs(pos - a["rowid"]) <= span and len(side) < window:
                    row = near.get(pos)
                    if row is not None:
                        if row[1] != a["turn_id"]:
                            break
                        if row[2] == a["part"] and row[3]:
                            side.append(row[0])
                    pos += step
            sides[a["id"]] = got
        need = list(dict.fromkeys([*sides, *(i for b, f in sides.values() for i in (*b, *f))]))
        items: dict[str, ContextItem] = {}
        # CROSS JOIN keeps the ids as the outer loop: each is one unique-index probe, then the filter
        for r in self._all("SELECT r.id, r.created_us, r.turn_id, r.fts_terms, r.vec FROM "
                           f"(SELECT value AS id FROM json_each(?)) AS x CROSS JOIN records r ON r.id = x.id "
                           f"WHERE {where}", [json.dumps(need), *args]):
            items[r[0]] = ContextItem(id=r[0], at=from_us(r[1]), group=r[2] or r[0], terms=tuple(r[3].split()[1:]),
                                      vectors=np.frombuffer(r[4], dtype=np.float32)[None, :] if r[4] else None)
        return [Neighbourhood(items[i], tuple(items[j] for j in b if j in items)[:window],
                              tuple(items[j] for j in f if j in items)[:window])
                for i, (b, f) in sides.items() if i in items]
