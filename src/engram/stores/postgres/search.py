"""PostgreSQL search candidates: term statistics, lexical and vector candidates, and neighbourhoods of events and
records (ranking itself is core.fusion's)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import numpy as np
from psycopg import sql as pgsql
from psycopg.rows import DictRow

from ...core import partition
from ...core.fusion import LexicalCandidate, TermStats, VectorCandidate, select_terms, term_rarity
from ...core.scope import ReadFilter
from ..base import ContextItem, Neighbourhood, RecordStamp
from . import vectors
from .pipe import Queued
from .sql import (
    GIVEN_TERMS,
    HNSW_MAX_DIM,
    PART_SCAN,
    PICKED_TERMS,
    POSTINGS_SQL,
    SCOPE_DF_SQL,
    SEQ_LOOKUP,
    STAMP_COLS,
    TERM_SCAN,
    aware,
    event_part,
    indexable,
    split_terms,
    utc,
)
from .txbase import SEARCH_PATH, TxBase
from .vectors import choose_plan


class SearchTx(TxBase):
    """Candidate reads of a transaction, for events and for records."""

    def event_term_stats(self, agent: str, actor: str | None, session: str | None,
                         terms: Sequence[str]) -> TermStats:
        return self._scoped_stats("e", [event_part(agent, actor, session)], terms)

    def _scoped_stats(self, kind: str, parts: Sequence[str], terms: Sequence[str]) -> TermStats:
        """The term statistics of the partitions ``parts`` and of nothing else (``SCOPE_DF_SQL``): N their
        documents, df of a term how many of them hold it. A read transaction asks for them, with the counts
        the search needs next, in one query's round trip and keeps them (one snapshot)."""
        # with the index's document count, which the choices of the search's next query need (_within, _plan)
        return self._term_stats(kind, parts, terms, also=[] if self.write else [("n", kind)])

    def _term_stats(self, kind: str, parts: Sequence[str], terms: Sequence[str],
                    also: Sequence[tuple[str, str]] = ()) -> TermStats:
        """``_scoped_stats`` (the frequencies and the partitions' counts in one round trip, with ``also``)."""
        parts = list(dict.fromkeys(parts))
        fill = self._scope_df_later(kind, parts, terms)
        got = self._stats([*[("p" + kind, p) for p in parts], *also])
        df = fill()
        return TermStats(sum(got[("p" + kind, p)] for p in parts), {t: df[t] for t in terms if df[t] > 0})

    def _scope_df_later(self, kind: str, parts: Sequence[str], terms: Sequence[str]
                        ) -> Callable[[], dict[str, int]]:
        """Queue ``SCOPE_DF_SQL`` for the terms a read transaction does not know yet; the function returned
        (which sends the queue if it has not gone) gives every term's frequency. A write transaction asks each
        time (its own writes move them) and never takes the index's own row for the partitions': its pending
        changes to the statistics are not in them yet, while its postings are."""
        scope = (kind, *sorted(set(parts)))
        cache = self._scope_cache if not self.write else {}
        want = [t for t in dict.fromkeys(terms) if (scope, t) not in cache]
        cur = (self.c.later(SCOPE_DF_SQL.format(kind=kind), [json.dumps(list(scope[1:])), not self.write,
                                                              json.dumps(want)]) if want and parts else None)

        def fill() -> dict[str, int]:
            got = {t: 0 for t in want}
            if cur is not None:
                if cur.cur is None:  # nothing sent the queue yet
                    self.c.flush()
                got.update((r["t"], int(r["df"])) for r in cur.fetchall())
            cache.update(((scope, t), n) for t, n in got.items())
            return {t: got[t] if t in got else cache[(scope, t)] for t in terms}
        return fill

    def _rarity(self, kind: str, parts: Sequence[str], terms: Sequence[str]) -> list[float]:
        """Each query term's candidate weight, from its document frequency within the searched partitions."""
        df = self._term_stats(kind, parts, terms).doc_freq
        return [term_rarity(df.get(t, 0)) for t in terms]

    @staticmethod
    def _event_conds(include_tools: bool, not_before: datetime | None) -> tuple[str, list[Any]]:
        extra, xargs = "", []
        if not include_tools:
            extra += " AND NOT c.is_tool"
        if not_before is not None:
            extra += " AND c.stored_at >= %s"
            xargs.append(aware(not_before))
        return extra, xargs

    def events_lexical(self, agent: str, actor: str | None, session: str | None, terms: Sequence[str], *,
                       limit: int, include_tools: bool, not_before: datetime | None) -> list[LexicalCandidate]:
        cur = self._events_lexical_later(event_part(agent, actor, session), terms, limit, include_tools, not_before)
        self.c.flush()
        return self._lexical_candidates(cur)

    def _events_lexical_later(self, part: str, terms: Sequence[str], limit: int, include_tools: bool,
                              not_before: datetime | None) -> Queued | None:
        extra, xargs = self._event_conds(include_tools, not_before)
        return self._lexical_later("e", [part], terms, "SELECT c.event_id AS id, c.terms FROM ({postings}) k "
                                   f"CROSS JOIN LATERAL ({SEQ_LOOKUP.format(table='event_chunks', key='id')}) c "
                                   f"WHERE c.part = %s{extra}", [part, *xargs], limit)

    @staticmethod
    def _lexical_candidates(cur: Queued | None) -> list[LexicalCandidate]:
        return [LexicalCandidate(r["id"], split_terms(r["terms"])) for r in (cur.fetchall() if cur else [])]

    def events_candidates(self, agent: str, actor: str | None, session: str | None, terms: Sequence[str],
                          query: np.ndarray | None, *, limit: int, include_tools: bool, not_before: datetime | None
                          ) -> tuple[list[LexicalCandidate], list[VectorCandidate]]:
        """Lexical and vector candidates of a session's events; both queries leave in one round trip when the
        session is searched exactly (an HNSW search may need more rounds: it runs after the lexical one)."""
        part = event_part(agent, actor, session)
        lex = self._events_lexical_later(part, terms, limit, include_tools, not_before) if terms else None
        if query is None:
            self.c.flush()
            return self._lexical_candidates(lex), []
        q = query.astype(np.float32)
        plan, _ = self._plan("e", part, limit, int(q.shape[0]))
        if plan == "hnsw":
            self.c.flush()
            return self._lexical_candidates(lex), self.events_vector(
                agent, actor, session, q, limit=limit, include_tools=include_tools, not_before=not_before)
        vec = self._events_exact_later(part, q, limit, include_tools, not_before)
        self.c.flush()
        return self._lexical_candidates(lex), [VectorCandidate(r["event_id"], float(r["s"])) for r in vec.fetchall()]

    def _events_exact_later(self, part: str, q: np.ndarray, limit: int, include_tools: bool,
                            not_before: datetime | None) -> Queued:
        """Queue the exact search of a session's chunks: each event's best chunk, best first."""
        extra, xargs = self._event_conds(include_tools, not_before)
        self.plans.append((part, "exact"))
        return self.c.later(
            f"SELECT c.event_id, max(-(c.vec <#> %s)) AS s, min(c.id) AS first FROM event_chunks c "
            f"WHERE c.part = %s AND c.vec IS NOT NULL AND vector_dims(c.vec) = {int(q.shape[0])}{extra} "
            "GROUP BY c.event_id ORDER BY s DESC, first LIMIT %s", [q, part, *xargs, limit])

    def _lexical(self, kind: str, parts: list[str], terms: Sequence[str], sql: str, args: Sequence[Any],
                 limit: int) -> list[DictRow]:
        """Run ``sql`` (its ``{postings}`` the ranked candidates ``k``: seq, score) best first, up to ``limit``."""
        cur = self._lexical_later(kind, parts, terms, sql, args, limit)
        if cur is None:
            return []
        self.c.flush()
        return cur.fetchall()

    def _within(self, kind: str, parts: Sequence[str]) -> bool:
        """Whether term postings are read within ``parts`` (``partition.scan_within`` of their share)."""
        got = self._stats([("n", kind), *[("p" + kind, p) for p in parts]])
        return partition.scan_within(sum(got[("p" + kind, p)] for p in parts) / max(got[("n", kind)], 1))

    def _lexical_later(self, kind: str, parts: list[str], terms: Sequence[str], sql: str, args: Sequence[Any],
                       limit: int, *, within: bool | None = None) -> Queued | None:
        """Queue ``_lexical``'s query; its cursor holds the rows once the queue has gone (None: no query).

        ``k.seq`` is the record's seq or the chunk's id. The
        partition condition goes into each term's postings scan unless the partitions hold at least half the
        index, as SQLite does (there the scan of a term's matches is cheaper than the condition).
        ``terms`` are the ones to retrieve by (``fusion.select_terms``'s pick), weighted here; with ``within``
        given, they are all the query's terms and the server picks and weighs them (``PICKED_TERMS``), so the
        query needs no statistics first.
        """
        if not parts:
            return None
        if within is None:
            kept = [t for t in dict.fromkeys(terms) if indexable(t)]
            if not kept:
                return None
            within = self._within(kind, parts)
            src, sargs = GIVEN_TERMS, [json.dumps([{"t": t, "w": w} for t, w in
                                                   zip(kept, self._rarity(kind, parts, kept), strict=True)])]
        elif terms:
            src, sargs = PICKED_TERMS.format(kind=kind), [json.dumps(list(dict.fromkeys(parts))),
                                                          json.dumps(list(terms))]
        else:
            return None
        if within:
            scan = PART_SCAN.format(kind=kind)
            sargs.append(json.dumps(list(dict.fromkeys(parts))))
        else:
            scan = TERM_SCAN.format(kind=kind)
        postings = POSTINGS_SQL.format(terms=src, scan=scan)
        # A bitmap scan reads every match of a term and visits its heap page before sorting: the plan the
        # btrees exist to avoid, chosen when postings has no statistics yet (after a bulk load, before
        # autovacuum analyzes it). A read transaction that searches text switches bitmap scans off for good,
        # in the statement that sets its search_path when that has not gone yet: its other statements (term
        # statistics, vector candidates, neighbourhoods, hits) plan the same either way, and the two
        # statements that set and restored the setting around each text search cost a tenth of a millisecond.
        # A write transaction switches it off for this statement only (the old value kept in a placeholder
        # setting, so restoring it needs no answer from the server); a failed one rolls the setting back.
        restore = self._bitmaps_off()
        # the terms as JSON: no estimate then depends on how many there are, so the server can keep a generic plan
        cur = self.c.later(sql.format(postings=postings) + " ORDER BY k.score DESC, k.seq DESC LIMIT %s",
                           [*sargs, *args, limit])
        if restore:
            self.c.later("SELECT set_config('enable_bitmapscan', current_setting('engram.bitmapscan'), true)")
        return cur

    def _bitmaps_off(self) -> bool:
        """Switch bitmap scans off before a text search (see ``_lexical_later``); True: restore them after it."""
        off = "set_config('enable_bitmapscan', 'off', true)"
        if self.write:
            self.c.later(f"SELECT set_config('engram.bitmapscan', current_setting('enable_bitmapscan'), true), {off}")
            return True
        if not self.bitmaps_off:
            self.bitmaps_off = True
            if not self.c.amend(self.settings, f"SELECT {SEARCH_PATH}, {off}", [self.s.search_path]):
                self.c.later(f"SELECT {off}")
        return False

    @staticmethod
    def _ann_order(alias: str, dim: int) -> str:
        """The ORDER BY of an HNSW scan: the index's own expression (``ensure_hnsw``), so the planner uses it."""
        return f"({alias}.vec::halfvec({dim})) <=> %s::halfvec({dim})"

    def _part_sql(self, part: str) -> str:
        """``part`` as a literal for the text of an HNSW query (quoted by psycopg, ``%`` doubled for its
        placeholders): the planner uses the partition's partial index only where it can prove the index's
        predicate, and a bound parameter under a generic plan does not allow that."""
        return pgsql.Literal(part).as_string(self.c.conn).replace("%", "%%")

    def _ann(self, part: str, sql: str, args: Sequence[Any], k: int, part_rows: int) -> list[DictRow]:
        """Run ``_ann_later``'s query now."""
        cur = self._ann_later(part, sql, args, k, part_rows)
        self.c.flush()
        return cur.fetchall()

    def _ann_later(self, part: str, sql: str, args: Sequence[Any], k: int, part_rows: int) -> Queued:
        """Queue an ``ORDER BY (vec::halfvec(d)) <=> q`` query (``_ann_order``) through the partition's own HNSW
        index (``sql`` names the partition as a literal, ``_part_sql``), iteratively.

        The planner underestimates partitions (it guesses 0.5% for ``vector_dims(vec) = d``) and would sort
        them through the btree instead; this plan is chosen for partitions too large for that, so sorting is
        switched off for this one statement and restored after it (as ``_lexical_later`` restores its setting).
        ``ef_search`` grows with the partition (``vectors.ef_search_for``).
        """
        self.c.later(
            "SELECT set_config('engram.sort', current_setting('enable_sort'), true), "
            "set_config('enable_sort', 'off', true), "
            "set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', %s, true), "
            "set_config('hnsw.max_scan_tuples', %s, true)",
            [str(vectors.ef_search_for(part_rows, k)), str(vectors.HNSW_MAX_SCAN)])
        self.plans.append((part, "hnsw"))
        cur = self.c.later(sql, args)
        self.c.later("SELECT set_config('enable_sort', current_setting('engram.sort'), true)")
        return cur

    def _plan(self, kind: str, part: str, k: int, dim: int) -> tuple[str, int]:
        """The plan for a top-``k`` search of a partition, from its own size alone (other tenants' data never
        changes it); asks for the partition's HNSW index the first time it would pay off (the search stays
        exact until the index is built)."""
        rows = self._stats([("p" + kind, part)])[("p" + kind, part)]
        if (not self.s.settings.hnsw or not 0 < dim <= HNSW_MAX_DIM
                or choose_plan(rows, k, has_index=True) == "exact"):
            return "exact", rows
        table = "event_chunks" if kind == "e" else "records"
        if vectors.hnsw_name(table, dim, part) in self.s.hnsw_ready:
            return "hnsw", rows
        self.s.request_hnsw(table, dim, part)
        return "exact", rows

    def events_vector(self, agent: str, actor: str | None, session: str | None, query: np.ndarray, *,
                      limit: int, include_tools: bool, not_before: datetime | None) -> list[VectorCandidate]:
        part = event_part(agent, actor, session)
        q = query.astype(np.float32)
        dim = int(q.shape[0])
        extra, xargs = self._event_conds(include_tools, not_before)
        plan, part_rows = self._plan("e", part, limit, dim)
        if plan == "hnsw":
            def fetch(k: int) -> tuple[list[tuple[str, float]], bool]:
                rows = self._ann(part,
                                 f"SELECT c.event_id, -(c.vec <#> %s) AS s FROM event_chunks c "
                                 f"WHERE c.part = {self._part_sql(part)} AND vector_dims(c.vec) = {dim}{extra} "
                                 f"ORDER BY {self._ann_order('c', dim)} LIMIT %s",
                                 [q, *xargs, q, k], k, part_rows)
                best: dict[str, float] = {}
                for r in rows:
                    best[r["event_id"]] = max(best.get(r["event_id"], -math.inf), float(r["s"]))
                return sorted(best.items(), key=lambda h: -h[1]), len(rows) < k or k >= part_rows

            top = partition.overfetch(limit, fetch, first=limit * 3)  # an event has several chunks
            if len(top) >= limit:
                return [VectorCandidate(i, s) for i, s in top]
            # the scan ran dry before finding enough: search the partition exactly
        cur = self._events_exact_later(part, q, limit, include_tools, not_before)
        self.c.flush()
        return [VectorCandidate(r["event_id"], float(r["s"])) for r in cur.fetchall()]

    def event_context(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str], *,
                      window: int, include_tools: bool, not_before: datetime | None) -> list[Neighbourhood]:
        """Each indexed event of the session with up to ``window`` indexed events before and after it.

        Append order is the chunk id; the neighbours of every anchor come from one LATERAL query that walks
        ``(part, id)`` both ways from each anchor, and the items' chunks from one more.
        """
        if not ids:
            return []
        part = event_part(agent, actor, session)
        cond, cargs = "", []
        if not include_tools:
            cond += " AND NOT c.is_tool"
        if not_before is not None:
            cond += " AND c.stored_at >= %s"
            cargs.append(aware(not_before))
        spans = {r["event_id"]: (int(r["lo"]), int(r["hi"])) for r in self._all(
            f"SELECT c.event_id, min(c.id) AS lo, max(c.id) AS hi FROM event_chunks c "
            f"WHERE c.event_id = ANY(%s) AND c.part = %s{cond} GROUP BY c.event_id", [list(ids), part, *cargs])}
        anchors = [i for i in dict.fromkeys(ids) if i in spans]
        sides: dict[str, tuple[list[str], list[str]]] = {i: ([], []) for i in anchors}
        if window > 0 and anchors:
            rows = self._all(
                "SELECT a.eid AS anchor, s.dir, s.event_id FROM unnest(%s::text[], %s::bigint[], %s::bigint[]) "
                "WITH ORDINALITY AS a(eid, lo, hi, o) CROSS JOIN LATERAL ("
                f"  (SELECT 0 AS dir, c.event_id, c.id FROM event_chunks c WHERE c.part = %s AND c.id < a.lo{cond} "
                "    ORDER BY c.id DESC LIMIT %s) UNION ALL "
                f"  (SELECT 1, c.event_id, c.id FROM event_chunks c WHERE c.part = %s AND c.id > a.hi{cond} "
                "    ORDER BY c.id ASC LIMIT %s)) AS s "
                "ORDER BY a.o, s.dir, CASE WHEN s.dir = 0 THEN -s.id ELSE s.id END",
                [anchors, [spans[i][0] for i in anchors], [spans[i][1] for i in anchors],
                 part, *cargs, window * 4, part, *cargs, window * 4])
            for r in rows:
                got = sides[r["anchor"]][int(r["dir"])]
                if r["event_id"] not in got and len(got) < window:
                    got.append(r["event_id"])
        need = list(dict.fromkeys([*anchors, *(e for b, a in sides.values() for e in (*b, *a))]))
        chunks: dict[str, list[DictRow]] = {}
        for r in self._binary("SELECT event_id, at, terms, vec FROM event_chunks WHERE event_id = ANY(%s) "
                              "AND part = %s ORDER BY id", [need, part]):
            chunks.setdefault(r["event_id"], []).append(r)
        items: dict[str, ContextItem] = {}
        for eid, rows_ in chunks.items():
            vecs = [r["vec"] for r in rows_ if r["vec"] is not None]
            items[eid] = ContextItem(id=eid, at=utc(rows_[0]["at"]), group=session or "",
                                     terms=tuple(t for r in rows_ for t in split_terms(r["terms"])),
                                     vectors=np.stack(vecs) if vecs else None)
        return [Neighbourhood(items[eid], tuple(items[e] for e in b if e in items),
                              tuple(items[e] for e in a if e in items))
                for eid, (b, a) in sides.items() if eid in items]

    def record_term_stats(self, flt: ReadFilter, terms: Sequence[str]) -> TermStats:
        return self._scoped_stats("r", self._parts(flt), terms)

    def records_lexical(self, flt: ReadFilter, terms: Sequence[str], *, limit: int) -> list[LexicalCandidate]:
        finish = self._records_lexical_later(flt, terms, limit)
        self.c.flush()
        return finish()

    def _records_lexical_later(self, flt: ReadFilter, terms: Sequence[str], limit: int, *,
                               within: bool | None = None) -> Callable[[], list[LexicalCandidate]]:
        parts = self._parts(flt)
        where, args = self._filter_sql(flt)
        cur = self._lexical_later("r", parts, terms, f"SELECT {STAMP_COLS}, r.terms FROM ({{postings}}) k "
                                  f"CROSS JOIN LATERAL ({SEQ_LOOKUP.format(table='records', key='seq')}) r "
                                  f"WHERE r.part = ANY(%s::text[]) AND {where}", [parts, *args], limit, within=within)

        def finish() -> list[LexicalCandidate]:
            rows = cur.fetchall() if cur is not None else []
            self._keep(flt, rows)
            return [LexicalCandidate(r["id"], split_terms(r["terms"])) for r in rows]
        return finish

    def _keep(self, flt: ReadFilter, rows: Iterable[DictRow]) -> None:
        """Remember the stamps of candidates a read transaction found through ``flt``, so record_stamps of
        them needs no query (one snapshot: they cannot change)."""
        if not self.write:
            self._stamps.update(((flt, r["id"]), r) for r in rows)

    def record_stamps(self, flt: ReadFilter, ids: Sequence[str]) -> dict[str, RecordStamp]:
        want = list(dict.fromkeys(ids))
        rows = [row for i in want if (row := self._stamps.get((flt, i))) is not None]
        if len(rows) < len(want):
            where, args = self._filter_sql(flt)
            rows += self._all(f"SELECT {STAMP_COLS} FROM records r WHERE r.id = ANY(%s) AND {where}",
                              [[i for i in want if (flt, i) not in self._stamps], *args])
        return {r["id"]: RecordStamp(utc(r["created_at"]), r["turn_id"], r["deletes"]) for r in rows}

    def records_vector(self, flt: ReadFilter, query: np.ndarray, *, limit: int) -> list[VectorCandidate]:
        finish = self._records_vector_later(flt, query, limit)
        self.c.flush()
        return finish()

    def _records_vector_later(self, flt: ReadFilter, query: np.ndarray, limit: int,
                              plans: Mapping[str, tuple[str, int]] | None = None
                              ) -> Callable[[], list[VectorCandidate]]:
        """Queue each searched partition's vector query, by its ``plans`` (plan, rows) when given, else as
        ``_plan`` chooses; the function returned reads their rows once the queue has gone (running the exact
        search of a partition whose HNSW scan came back short)."""
        q = query.astype(np.float32)
        dim = int(q.shape[0])
        where, args = self._filter_sql(flt)

        def base(part_sql: str) -> str:
            return (f"SELECT {STAMP_COLS}, -(r.vec <#> %s) AS s FROM records r WHERE r.part = {part_sql} "
                    f"AND r.status = 'active' AND r.vec IS NOT NULL AND vector_dims(r.vec) = {dim} AND {where} ")
        exact = base("%s") + "ORDER BY s DESC, r.id LIMIT %s"
        queued: list[tuple[str, Queued, bool]] = []
        for part in self._parts(flt):
            plan, part_rows = plans[part] if plans is not None else self._plan("r", part, limit, dim)
            if plan == "hnsw":
                ann = base(self._part_sql(part)) + f"ORDER BY {self._ann_order('r', dim)} LIMIT %s"
                queued.append((part, self._ann_later(part, ann, [q, *args, q, limit], limit, part_rows), True))
            else:
                self.plans.append((part, "exact"))
                queued.append((part, self.c.later(exact, [q, part, *args, limit]), False))

        def finish() -> list[VectorCandidate]:
            merged: list[tuple[str, float]] = []
            for part, cur, ann in queued:
                rows = cur.fetchall()
                if ann and len(rows) < limit:  # exact: the partition's visible rows, all of them considered
                    self.plans.append((part, "exact"))
                    rows = self._all(exact, [q, part, *args, limit])
                self._keep(flt, rows)
                merged += [(r["id"], float(r["s"])) for r in rows]
            merged.sort(key=lambda h: -h[1])
            return [VectorCandidate(i, s) for i, s in merged[:limit]]
        return finish

    def records_first_pass(self, flt: ReadFilter, terms: Sequence[str], query: np.ndarray | None, *,
                           limit: int) -> tuple[TermStats, list[LexicalCandidate], list[VectorCandidate]]:
        """The statistics and the candidates in one round trip, where the last recall of these partitions
        tells how to search them.

        What the statistics decide before the candidates can be asked for: which terms to retrieve by and
        their weights (the server decides those from the same snapshot, ``PICKED_TERMS``), and whether term
        postings are read within the partitions and how each partition's vectors are searched (exact or HNSW,
        and its ``ef_search``). Those last choices change only when a partition crosses a size threshold, so
        the ones the previous recall of these partitions made (``PostgresStore.first_pass``) are used, and
        checked against this snapshot's statistics once they arrive with the candidates: if they differ, the
        candidates are asked for again as those statistics choose. The answer is always the one the
        statistics-first order gives.
        """
        parts = self._parts(flt)
        dim = int(query.shape[0]) if query is not None else 0
        key = (tuple(parts), dim, limit)
        seen = self.s.first_pass.get(key) if not self.write and parts else None
        if seen is None:
            stats = self.record_term_stats(flt, terms)
            lex, vec = self.records_candidates(flt, select_terms(terms, stats), query, limit=limit)
            if parts:
                self.s.remember_first_pass(key, self._choices(parts, dim, limit))
            return stats, lex, vec
        within, plans = seen
        got = self._stats_later([*[("pr", p) for p in parts], ("n", "r")])
        df = self._scope_df_later("r", parts, terms)
        lex_later = self._records_lexical_later(flt, terms, limit, within=within) if terms else None
        vec_later = (self._records_vector_later(flt, query, limit, {p: (plan, rows) for p, plan, rows, _ in plans})
                     if query is not None else None)
        self.c.flush()
        got()
        df()
        stats = self._term_stats("r", parts, terms)
        now = self._choices(parts, dim, limit)
        if (now[0], [(c[0], c[1], c[3]) for c in now[1]]) != (within, [(c[0], c[1], c[3]) for c in plans]):
            self.s.remember_first_pass(key, now)
            return (stats, *self.records_candidates(flt, select_terms(terms, stats), query, limit=limit))
        return (stats, lex_later() if lex_later is not None else [], vec_later() if vec_later is not None else [])

    def _choices(self, parts: Sequence[str], dim: int, limit: int
                 ) -> tuple[bool, tuple[tuple[str, str, int, int], ...]]:
        """What the transaction's statistics choose for a recall of ``parts``: postings within them or not, and
        each partition's vector (part, plan, rows, ef_search; ef_search 0 for an exact search)."""
        plans = []
        for p in parts if dim else ():
            plan, rows = self._plan("r", p, limit, dim)
            plans.append((p, plan, rows, vectors.ef_search_for(rows, limit) if plan == "hnsw" else 0))
        return self._within("r", parts), tuple(plans)

    def records_candidates(self, flt: ReadFilter, terms: Sequence[str], query: np.ndarray | None, *,
                           limit: int) -> tuple[list[LexicalCandidate], list[VectorCandidate]]:
        """Lexical and vector candidates together: both queries leave in one round trip."""
        lex = self._records_lexical_later(flt, terms, limit) if terms else None
        vec = self._records_vector_later(flt, query, limit) if query is not None else None
        self.c.flush()
        return (lex() if lex is not None else []), (vec() if vec is not None else [])

    @staticmethod
    def _context_item(r: tuple[Any, ...]) -> ContextItem:
        """A ``record_context`` row (anchor, dir, id, created_at, turn_id, terms, cos, vec, ok) as ranking sees it."""
        cos, vec = r[6], r[7]
        return ContextItem(id=r[2], at=utc(r[3]), group=r[4] or r[2], terms=tuple(split_terms(r[5])),
                           vectors=np.asarray(vec, dtype=np.float32)[None, :] if vec is not None else None,
                           cosine=float(cos) if cos is not None else None)

    def record_context(self, flt: ReadFilter, ids: Sequence[str], *, window: int,
                       query: np.ndarray | None = None) -> list[Neighbourhood]:
        """Each active, visible record with up to ``window`` visible active records the same turn wrote
        right before and after it (append order ``seq`` within the partition), in one statement.

        The walk is SQL's too: from each anchor, both ways through its partition's next ``2 x window`` active
        rows, up to the first row another turn wrote (a turn's records are adjacent), skipping what the filter
        hides, keeping the first ``window``; only those rows come back. With a ``query`` each one's cosine to
        it is computed there as well, so the rows carry no vectors (a hundred neighbours' vectors were about
        200 kB to send and decode per recall).
        """
        if not ids:
            return []
        fa, fa_args = self._filter_sql(flt, "a")
        fx, fx_args = self._filter_sql(flt, "x")
        qargs: list[Any] = []
        if query is not None:
            qargs.append(query.astype(np.float32))
            dim = int(query.shape[0])

            def cos(x: str) -> str:
                return (f"CASE WHEN vector_dims({x}.vec) = {dim} THEN -({x}.vec <#> (SELECT v FROM q)) END AS cos, "
                        "NULL::vector AS vec")
        else:
            def cos(x: str) -> str:
                return f"NULL::float8 AS cos, {x}.vec"
        # Each anchor's lateral is only its two bounded index scans, narrow rows with their cosine (or vector)
        # and the filter's verdict computed there; the walk's window functions then run once over all anchors'
        # rows, partitioned by anchor and side (re-run inside each anchor's lateral, their sort and set-up
        # took about 50 us per anchor; the statement went from about 785 to 725 us on the bench's many layout)
        side = (f"(SELECT {{d}} AS dir, {{o}} AS ord, x.id, x.created_at, x.turn_id, x.terms, {cos('x')}, ({fx}) AS ok "
                "FROM records x WHERE x.part = a.part AND x.status = 'active' AND x.seq {op} a.seq "
                "ORDER BY x.seq {order} LIMIT %s)")
        rows = self.c.tuples(
            f"WITH q AS (SELECT {'%s::vector' if query is not None else 'NULL::vector'} AS v), "
            "a AS MATERIALIZED (SELECT r.*, u.o FROM unnest(%s::text[]) WITH ORDINALITY AS u(id, o) "
            "  JOIN records r ON r.id = u.id) "
            f"SELECT NULL::text, -1, a.id, a.created_at, a.turn_id, a.terms, {cos('a')}, "
            f"  (a.status = 'active' AND {fa}), a.o, 0::bigint FROM a "
            "UNION ALL SELECT z.anchor, z.dir, z.id, z.created_at, z.turn_id, z.terms, z.cos, z.vec, true, z.o, z.ord "
            "FROM (SELECT w.*, row_number() OVER (PARTITION BY w.o, w.dir ORDER BY w.ord) AS k FROM ("
            "    SELECT y.*, bool_or(y.turn_id IS DISTINCT FROM y.anchor_turn) OVER (PARTITION BY y.o, y.dir "
            "      ORDER BY y.ord ROWS UNBOUNDED PRECEDING) AS crossed "
            "    FROM (SELECT a.id AS anchor, a.o, a.turn_id AS anchor_turn, s.* FROM a CROSS JOIN LATERAL ("
            f"        {side.format(d=0, o='-x.seq', op='<', order='DESC')} UNION ALL "
            f"        {side.format(d=1, o='x.seq', op='>', order='ASC')}) s "
            f"      WHERE a.status = 'active' AND a.turn_id IS NOT NULL AND %s > 0 AND {fa}) y) w "
            "  WHERE NOT w.crossed AND w.ok) z "
            "WHERE z.k <= %s ORDER BY 10, 2, 11",
            [*qargs, list(dict.fromkeys(ids)), *fa_args, *fx_args, window * 2, *fx_args, window * 2, window, *fa_args,
             window],
            binary=True)
        anchors = {r[2]: r for r in rows if r[1] == -1 and r[8]}
        sides: dict[str, tuple[list[ContextItem], list[ContextItem]]] = {i: ([], []) for i in anchors}
        for r in rows:
            if r[1] != -1 and r[0] in sides:
                sides[r[0]][r[1]].append(self._context_item(r))
        return [Neighbourhood(self._context_item(anchors[i]), tuple(sides[i][0]), tuple(sides[i][1]))
                for i in dict.fromkeys(ids) if i in anchors]
