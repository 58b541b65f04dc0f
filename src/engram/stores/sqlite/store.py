"""The SQLite backend: one file (or memory), WAL, FTS5 for terms, NumPy for vectors.

Concurrency: one connection per thread; write transactions start with ``BEGIN IMMEDIATE`` and wait on a
busy timeout, so several threads and processes share a file without "database is locked" reaching
callers under normal contention. ``sqlite://:memory:`` uses one shared connection behind a lock.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from ...core.fusion import CANDIDATE_POSTINGS, LexicalCandidate, TermStats, VectorCandidate, term_rarity
from ...core.scope import ReadFilter
from ...errors import ConflictError, EngramError, StoreError, ValidationError
from ...types import EraseReport, Event, Job, Provenance, Record, ToolCall, Use, Version
from ..base import ApiKey, Chunk, ContextItem, Neighbourhood
from . import vectors as vectors_mod
from .schema import MIGRATIONS
from .vectors import Source, VectorCache

BUSY_TIMEOUT_MS = 60_000
FTS_TERM_POSTINGS = CANDIDATE_POSTINGS  # postings read per query term, newest first (SqliteTx._fts_ranked)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def to_us(dt: datetime) -> int:
    """Exact microseconds since the epoch (integer arithmetic: float timestamps can be off by one)."""
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return (dt - _EPOCH) // timedelta(microseconds=1)


def from_us(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)


def _h(*parts: str | None) -> str:
    return hashlib.blake2b("\x1f".join(p or "" for p in parts).encode(), digest_size=8).hexdigest()


def event_part(agent: str, actor: str | None, session: str | None) -> str:
    """The partition of a session's events (vector cache key and FTS token)."""
    return "e" + _h(agent, actor, session)


def record_part(agent: str, actor: str | None, session: str | None = None) -> str:
    """The partition of records: one per actor (actor + session levels), one per session of the agent alone
    (``actor`` None, ``session`` given), one for agent-level records."""
    if actor is not None:
        return "r" + _h(agent, actor)
    return "s" + _h(agent, session) if session is not None else "g" + _h(agent)


def _fts_query(terms: Sequence[str], parts: Sequence[str]) -> str:
    """An FTS5 MATCH string built only from quoted tokens; user text never reaches FTS syntax."""
    def q(t: str) -> str:
        return '"' + t.replace('"', '""') + '"'
    body = " OR ".join(q(t) for t in terms)
    if not parts:
        return f"({body})"
    scope = " OR ".join(q(p) for p in parts)
    return f"({body}) AND ({scope})"


def map_error(exc: sqlite3.Error) -> EngramError:
    """A sqlite3 error as engram's error tree, in one place (as the PostgreSQL store's ``_map_error``)."""
    msg = str(exc).strip() or type(exc).__name__
    if isinstance(exc, sqlite3.IntegrityError):
        return ConflictError(f"SQLite refused a duplicate or dangling row: {msg}")
    if isinstance(exc, sqlite3.DataError):
        return ValidationError(f"SQLite rejected a value: {msg}")
    if isinstance(exc, sqlite3.OperationalError) and ("too large" in msg or "too many" in msg):
        return ValidationError(f"the request makes a query too large for SQLite: {msg}")
    return StoreError(f"SQLite failed: {msg}")


def _marks(n: int) -> str:
    return ",".join("?" * n)


def _rows(conn: sqlite3.Connection, sql: str, items: Sequence[Any]) -> list[Any]:
    """Run ``sql`` (one ``IN ({marks})``) over ``items`` in batches of 500."""
    out: list[Any] = []
    for i in range(0, len(items), 500):
        batch = list(items[i:i + 500])
        out += conn.execute(sql.format(marks=_marks(len(batch))), batch).fetchall()
    return out


EVENT_VECTORS = Source(
    load=lambda conn, part: ((r[0], str(r[0]), r[1], r[2], r[3]) for r in conn.execute(
        "SELECT rowid, event_id, vec, is_tool FROM event_chunks WHERE part = ? AND vec IS NOT NULL", (part,))),
    fetch=lambda conn, items: [(r[0], str(r[0]), r[1], r[2], r[3]) for r in _rows(
        conn, "SELECT rowid, event_id, vec, is_tool FROM event_chunks WHERE rowid IN ({marks}) AND vec IS NOT NULL",
        [int(i) for i in items])],
    resolve=lambda conn, keys: {r[0]: (r[1], bool(r[2])) for r in _rows(
        conn, "SELECT rowid, event_id, is_tool FROM event_chunks WHERE rowid IN ({marks})", keys)},
    keys=lambda conn, items: {i: int(i) for i in items},
)

RECORD_VECTORS = Source(
    load=lambda conn, part: ((r[0], r[1], r[1], r[2], 0) for r in conn.execute(
        "SELECT rowid, id, vec FROM records WHERE part = ? AND status = 'active' AND vec IS NOT NULL", (part,))),
    fetch=lambda conn, items: [(r[0], r[1], r[1], r[2], 0) for r in _rows(
        conn, "SELECT rowid, id, vec FROM records WHERE id IN ({marks}) AND status = 'active' AND vec IS NOT NULL",
        items)],
    resolve=lambda conn, keys: {r[0]: (r[1], False) for r in _rows(
        conn, "SELECT rowid, id FROM records WHERE rowid IN ({marks}) AND status = 'active'", keys)},
    keys=lambda conn, items: {r[0]: r[1] for r in _rows(conn, "SELECT id, rowid FROM records WHERE id IN ({marks})",
                                                        items)},
)


class SqliteTx:
    """A transaction on one connection; see :class:`engram.stores.base.Tx` for the contract."""

    def __init__(self, store: SqliteStore, conn: sqlite3.Connection) -> None:
        self.s = store
        self.c = conn
        self.erased_parts: set[str] = set()  # partitions an erase emptied: their index files go after commit
        self.erased_index_files = 0  # set once an erase committed: saved HNSW files dropped

    # -- helpers ----------------------------------------------------------------------------------------
    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return self.c.execute(sql, args).fetchall()

    def _counter(self, name: str, delta: int) -> None:
        self.c.execute("INSERT INTO counters (name, value) VALUES (?, ?) "
                       "ON CONFLICT (name) DO UPDATE SET value = value + excluded.value", (name, delta))

    def _count(self, name: str) -> int:
        row = self.c.execute("SELECT value FROM counters WHERE name = ?", (name,)).fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def _filter_sql(f: ReadFilter, alias: str = "r") -> tuple[str, list[Any]]:
        a = alias
        conds = [f"{a}.agent = ?"]
        args: list[Any] = [f.agent]
        levels = []
        for level in f.levels:
            if level == "agent":
                levels.append(f"({a}.level = 'agent' AND {a}.actor IS NULL AND {a}.session IS NULL)")
            elif level == "actor" and f.actor is not None:
                levels.append(f"({a}.level = 'actor' AND {a}.actor = ? AND {a}.session IS NULL)")
                args.append(f.actor)
            elif level == "session" and f.session is not None:
                levels.append(f"({a}.level = 'session' AND {a}.actor IS ? AND {a}.session = ?)")
                args += [f.actor, f.session]
        conds.append("(" + (" OR ".join(levels) or "0") + ")")
        conds.append(f"{a}.status IN ({','.join('?' * len(f.statuses))})")
        args += list(f.statuses)
        if not f.include_preview:
            conds.append(f"{a}.preview = 0")
        if f.kinds is not None:
            conds.append(f"{a}.kind IN ({','.join('?' * len(f.kinds))})" if f.kinds else "0")
            args += list(f.kinds)
        for name, value in f.labels:
            conds.append(f"EXISTS (SELECT 1 FROM record_labels l WHERE l.record_id = {a}.id "
                         "AND l.name = ? AND l.value = ?)")
            args += [name, value]
        if f.namespace_prefix:
            conds.append(f"substr({a}.namespace, 1, ?) = ?")
            args += [len(f.namespace_prefix), f.namespace_prefix]
        return " AND ".join(conds), args

    @staticmethod
    def _parts(f: ReadFilter) -> list[str]:
        parts = []
        if "agent" in f.levels:
            parts.append(record_part(f.agent, None))
        if f.actor is not None and ("actor" in f.levels or "session" in f.levels):
            parts.append(record_part(f.agent, f.actor))
        elif f.actor is None and f.session is not None and "session" in f.levels:
            parts.append(record_part(f.agent, None, f.session))
        return parts

    # -- meta / config ------------------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        row = self.c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def meta_items(self, prefix: str) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self._all("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? ORDER BY key",
                                                (len(prefix), prefix))]

    def delete_meta(self, key: str) -> bool:
        return self.c.execute("DELETE FROM meta WHERE key = ?", (key,)).rowcount > 0

    def set_meta(self, key: str, value: str) -> None:
        self.c.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    def latest_config(self, agent: str | None = None) -> tuple[int, dict[str, Any]] | None:
        row = self.c.execute("SELECT version, doc FROM configs WHERE agent = ? ORDER BY version DESC LIMIT 1",
                             (agent or "",)).fetchone()
        return (row[0], json.loads(row[1])) if row else None

    def add_config(self, doc: dict[str, Any], at: datetime, agent: str | None = None) -> int:
        row = self.c.execute("SELECT coalesce(max(version), 0) + 1 FROM configs").fetchone()
        self.c.execute("INSERT INTO configs (version, at_us, doc, agent) VALUES (?, ?, ?, ?)",
                       (row[0], to_us(at), json.dumps(doc, sort_keys=True), agent or ""))
        return int(row[0])

    def config_history(self, agent: str | None = None) -> list[tuple[int, datetime, dict[str, Any]]]:
        return [(r[0], from_us(r[1]), json.loads(r[2])) for r in self._all(
            "SELECT version, at_us, doc FROM configs WHERE agent = ? ORDER BY version", (agent or "",))]

    def config_agents(self) -> list[str]:
        return [r[0] for r in self._all("SELECT DISTINCT agent FROM configs WHERE agent <> '' ORDER BY agent")]

    # -- events -------------------------------------------------------------------------------------------
    @staticmethod
    def _event(r: sqlite3.Row) -> Event:
        return Event(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], seq=r["n"],
            role=r["role"], content=r["content"], at=from_us(r["at_us"]),
            metadata=json.loads(r["metadata"]),
            tool_calls=tuple(ToolCall(c["id"], c["name"], c["arguments"]) for c in json.loads(r["tool_calls"])),
            tool_call_id=r["tool_call_id"], name=r["name"], turn_id=r["turn_id"], preview=bool(r["preview"]),
            stored_at=from_us(r["stored_us"]),
        )

    def _session_numbers(self, events: Sequence[Event]) -> list[int]:
        """Each event's number within its session (``session_seqs`` counts up; deleted numbers are not reused).
        Callers see these, never the store-wide ``seq``, which would tell one tenant the others' volume."""
        counts: dict[tuple[str, str, str], int] = {}
        for e in events:
            key = (e.agent, e.actor or "", e.session or "")
            counts[key] = counts.get(key, 0) + 1
        nxt = {}
        for key, k in counts.items():
            top = self.c.execute("INSERT INTO session_seqs (agent, actor, session, n) VALUES (?, ?, ?, ?) "
                                 "ON CONFLICT (agent, actor, session) DO UPDATE SET n = n + excluded.n RETURNING n",
                                 (*key, k)).fetchone()[0]
            nxt[key] = int(top) - k + 1
        out = []
        for e in events:
            key = (e.agent, e.actor or "", e.session or "")
            out.append(nxt[key])
            nxt[key] += 1
        return out

    def insert_events(self, events: Sequence[Event], chunks: Sequence[Chunk]) -> list[Event]:
        out = []
        for e, n in zip(events, self._session_numbers(events), strict=True):
            self.c.execute(
                "INSERT INTO events (id, agent, actor, session, role, content, at_us, metadata, tool_calls, "
                "tool_call_id, name, turn_id, preview, n, stored_us) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (e.id, e.agent, e.actor, e.session, e.role, e.content, to_us(e.at),
                 json.dumps(e.metadata), json.dumps([{"id": c.id, "name": c.name, "arguments": c.arguments}
                                                     for c in e.tool_calls]),
                 e.tool_call_id, e.name, e.turn_id, int(e.preview), n, to_us(e.stored_at or e.at)))
            out.append(replace(e, seq=n))
        by_id = {e.id: e for e in events}
        for ch in chunks:
            e = by_id[ch.event_id]
            part = event_part(e.agent, e.actor, e.session)
            cur = self.c.execute(
                "INSERT INTO event_chunks (event_id, ordinal, part, is_tool, at_us, text, terms, vec, stored_us) "
                "VALUES (?,?,?,?,?,?,?,?,?)",
                (ch.event_id, ch.ordinal, part, int(e.is_tool), to_us(e.at), ch.text, part + " " + ch.terms,
                 ch.vector.astype(np.float32).tobytes() if ch.vector is not None else None,
                 to_us(e.stored_at or e.at)))
            rowid = cur.lastrowid
            self.c.execute("INSERT INTO event_fts (rowid, terms) VALUES (?, ?)", (rowid, part + " " + ch.terms))
            if ch.vector is not None:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'add')", (part, str(rowid)))
        if chunks:
            self._counter("event_chunks", len(chunks))
        return out

    def list_events(self, agent: str, actor: str | None, session: str | None, *, limit: int,
                    before: datetime | None = None, after: datetime | None = None,
                    not_before: datetime | None = None, preview: bool = False) -> list[Event]:
        conds = ["agent = ?", "actor IS ?", "session IS ?"] + ([] if preview else ["preview = 0"])
        args: list[Any] = [agent, actor, session]
        if not_before is not None:
            conds.append("stored_us >= ?")
            args.append(to_us(not_before))
        if after is not None:
            conds.append("at_us > ?")
            args.append(to_us(after))
            order = "ASC"
        else:
            order = "DESC"
        if before is not None:
            conds.append("at_us < ?")
            args.append(to_us(before))
        rows = self._all(f"SELECT * FROM events WHERE {' AND '.join(conds)} "
                         f"ORDER BY at_us {order}, seq {order} LIMIT ?", [*args, limit])
        events = [self._event(r) for r in rows]
        return events if order == "ASC" else events[::-1]

    def get_events(self, agent: str, actor: str | None, session: str | None,
                   ids: Sequence[str], *, preview: bool = False) -> list[Event]:
        if not ids:
            return []
        rows = self._all(f"SELECT * FROM events WHERE id IN ({','.join('?' * len(ids))}) "
                         "AND agent = ? AND actor IS ? AND session IS ? "
                         f"{'' if preview else 'AND preview = 0 '}ORDER BY at_us, seq",
                         [*ids, agent, actor, session])
        return [self._event(r) for r in rows]

    def _delete_chunks(self, where: str, args: Sequence[Any]) -> int:
        rows = self._all(f"SELECT rowid, part, terms, vec IS NOT NULL AS has_vec FROM event_chunks WHERE {where}",
                         args)
        for r in rows:
            self.c.execute("INSERT INTO event_fts (event_fts, rowid, terms) VALUES ('delete', ?, ?)",
                           (r["rowid"], r["terms"]))
            if r["has_vec"]:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'del')",
                               (r["part"], str(r["rowid"])))
        self.c.execute(f"DELETE FROM event_chunks WHERE {where}", args)
        if rows:
            self._counter("event_chunks", -len(rows))
        return len(rows)

    def delete_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        marks = ",".join("?" * len(ids))
        found = [r[0] for r in self._all(
            f"SELECT id FROM events WHERE id IN ({marks}) AND agent = ? AND actor IS ? AND session IS ?",
            [*ids, agent, actor, session])]
        if not found:
            return 0
        fm = ",".join("?" * len(found))
        self._delete_chunks(f"event_id IN ({fm})", found)
        return self.c.execute(f"DELETE FROM events WHERE id IN ({fm})", found).rowcount

    def expire_events(self, cutoff: datetime, *, agent: str | None = None, exclude: Sequence[str] = (),
                      dry_run: bool = False) -> tuple[int, int]:
        conds: list[str] = ["stored_us < ?"]
        args: list[Any] = [to_us(cutoff)]
        if agent is not None:
            conds.append("agent = ?")
            args.append(agent)
        if exclude:
            conds.append(f"agent NOT IN ({','.join('?' * len(exclude))})")
            args += list(exclude)
        ids = [r[0] for r in self._all(f"SELECT id FROM events WHERE {' AND '.join(conds)}", args)]
        total = 0
        touched: set[str] = set()
        for i in range(0, len(ids), 500):
            batch = ids[i:i + 500]
            marks = ",".join("?" * len(batch))
            touched.update(r[0] for r in self._all(
                f"SELECT DISTINCT record_id FROM record_sources WHERE event_id IN ({marks})", batch))
            if dry_run:
                continue
            self._delete_chunks(f"event_id IN ({marks})", batch)
            total += self.c.execute(f"DELETE FROM events WHERE id IN ({marks})", batch).rowcount
            self.c.execute(f"DELETE FROM record_sources WHERE event_id IN ({marks})", batch)
        if not dry_run and touched:
            gone = set(ids)
            for table, key in (("records", "id"), ("versions", "record_id")):
                for rid in touched:
                    for row in self._all(f"SELECT rowid, source_ids FROM {table} WHERE {key} = ?", (rid,)):
                        kept = [e for e in json.loads(row[1]) if e not in gone]
                        self.c.execute(f"UPDATE {table} SET source_ids = ? WHERE rowid = ?",
                                       (json.dumps(kept), row[0]))
        return (len(ids) if dry_run else total), len(touched)

    def list_sessions(self, agent: str, actor: str | None, *, limit: int) -> list[dict[str, Any]]:
        conds, args = ["agent = ?", "preview = 0"], [agent]  # preview events are no live session
        if actor is not None:
            conds.append("actor = ?")
            args.append(actor)
        rows = self._all(f"SELECT actor, session, count(*) AS n, max(at_us) AS last_us, min(at_us) AS first_us "
                         f"FROM events WHERE {' AND '.join(conds)} GROUP BY actor, session "
                         f"ORDER BY last_us DESC LIMIT ?", [*args, limit])
        return [{"actor": r["actor"], "session": r["session"], "events": r["n"],
                 "first_at": from_us(r["first_us"]), "last_at": from_us(r["last_us"])} for r in rows]

    def _term_stats(self, vocab: str, counter: str, terms: Sequence[str]) -> TermStats:
        if not terms:
            return TermStats(self._count(counter), {})
        n = self._count(counter)
        df: dict[str, int] = {}
        cache = self.s.df_cache
        for t in dict.fromkeys(terms):
            hit = cache.get((vocab, t))
            # document frequencies only weight and prune terms: reuse one while the corpus grew < 2%
            if hit is not None and abs(n - hit[1]) <= 0.02 * max(n, 1) and n >= 1000:
                value = hit[0]
            else:
                row = self.c.execute(f"SELECT doc FROM {vocab} WHERE term = ?", (t,)).fetchone()
                value = int(row[0]) if row else 0
                if len(cache) > 100_000:
                    cache.clear()
                cache[(vocab, t)] = (value, n)
            if value:
                df[t] = value
        return TermStats(n, df)

    def event_term_stats(self, agent: str, actor: str | None, session: str | None,
                         terms: Sequence[str]) -> TermStats:
        return self._term_stats("event_vocab", "event_chunks", terms)

    def _fts_ranked(self, table: str, terms: Sequence[str], parts: Sequence[str], *, share: float,
                    df: dict[str, int]) -> list[int]:
        """Rowids holding any of the terms, best first: by the summed ``core.fusion.term_rarity`` of the terms a
        row holds (document frequencies over the whole index, as PostgreSQL uses, so both backends pick the same
        candidates), newest first on ties. Rows of other partitions may be among them when the partitions hold
        at least half the index (``share``): callers filter by partition.

        Reads at most ``FTS_TERM_POSTINGS`` postings per term and never asks FTS5 to rank: its bm25 first counts
        every posting of every phrase, the partition token's included, which grows with the partition (about
        3 ms per query at 100k records). The real BM25 is computed in core over the candidates.
        Within a large partition, ANDing each term with the partition token costs more than it saves.
        """
        ids: list[np.ndarray] = []
        weights: list[np.ndarray] = []
        for term in dict.fromkeys(terms):
            match = _fts_query([term], parts) if share < 0.5 else _fts_query([term], [])
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

    def _part_share(self, vocab: str, counter: str, parts: Sequence[str]) -> float:
        """The share of indexed rows in these partitions (each partition token is a term of the index)."""
        stats = self._term_stats(vocab, counter, parts)
        return sum(stats.doc_freq.values()) / max(stats.doc_count, 1)

    def events_lexical(self, agent: str, actor: str | None, session: str | None, terms: Sequence[str], *,
                       limit: int, include_tools: bool, not_before: datetime | None) -> list[LexicalCandidate]:
        if not terms:
            return []
        part = event_part(agent, actor, session)
        ranked = self._fts_ranked("event_fts", terms, [part],
                                  share=self._part_share("event_vocab", "event_chunks", [part]),
                                  df=dict(self._term_stats("event_vocab", "event_chunks", terms).doc_freq))
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

    def events_vector(self, agent: str, actor: str | None, session: str | None, query: np.ndarray, *,
                      limit: int, include_tools: bool, not_before: datetime | None) -> list[VectorCandidate]:
        part = event_part(agent, actor, session)
        cache = self.s.vectors(query.shape[0])
        k = limit
        while True:
            hits, live = cache.search(self.c, part, query, k, source=EVENT_VECTORS, include_tools=include_tools)
            if not_before is not None and hits:
                ok = {r[0] for r in self._all(
                    f"SELECT id FROM events WHERE id IN ({','.join('?' * len(hits))}) AND stored_us >= ?",
                    [h[0] for h in hits] + [to_us(not_before)])}
                kept = [h for h in hits if h[0] in ok]
            else:
                kept = hits
            if len(kept) >= limit or k >= live:
                return [VectorCandidate(i, s) for i, s in kept[:limit]]
            k *= 4

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

    # -- records ------------------------------------------------------------------------------------------
    @staticmethod
    def _record(r: sqlite3.Row) -> Record:
        return Record(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], level=r["level"],
            namespace=r["namespace"], kind=r["kind"], summary=r["summary"], content=r["content"],
            labels=json.loads(r["labels"]), status=r["status"], preview=bool(r["preview"]),
            created_at=from_us(r["created_us"]), updated_at=from_us(r["updated_us"]), version=r["version"],
            replaces=r["replaces"], superseded_by=r["superseded_by"], deletes=r["deletes"],
            pinned=bool(r["pinned"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"],
                                  session=r["prov_session"], actor=r["prov_actor"], strategy=r["strategy"],
                                  source_event_ids=tuple(json.loads(r["source_ids"])),
                                  config_version=r["config_version"]),
        )

    def insert_record(self, record: Record, terms: str, vector: np.ndarray | None) -> None:
        r = record
        part = record_part(r.agent, r.actor, r.session)
        fts_terms = part + " " + terms
        cur = self.c.execute(
            "INSERT INTO records (id, agent, actor, session, level, namespace, kind, summary, content, labels, "
            "status, preview, created_us, updated_us, version, replaces, superseded_by, deletes, pinned, turn_id, "
            "agent_version, prov_session, prov_actor, strategy, source_ids, part, fts_terms, vec, config_version) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (r.id, r.agent, r.actor, r.session, r.level, r.namespace, r.kind, r.summary, r.content,
             json.dumps(r.labels, sort_keys=True), r.status, int(r.preview), to_us(r.created_at),
             to_us(r.updated_at), r.version, r.replaces, r.superseded_by, r.deletes, int(r.pinned),
             r.provenance.turn_id, r.provenance.agent_version, r.provenance.session, r.provenance.actor,
             r.provenance.strategy, json.dumps(list(r.provenance.source_event_ids)), part, fts_terms,
             vector.astype(np.float32).tobytes() if vector is not None else None, r.provenance.config_version))
        for name, value in r.labels.items():
            self.c.execute("INSERT INTO record_labels (record_id, name, value) VALUES (?, ?, ?)", (r.id, name, value))
        for ev in r.provenance.source_event_ids:
            self.c.execute("INSERT INTO record_sources (record_id, strategy, event_id) VALUES (?, ?, ?)",
                           (r.id, r.provenance.strategy or "", ev))
        if r.status == "active":
            self.c.execute("INSERT INTO record_fts (rowid, fts_terms) VALUES (?, ?)", (cur.lastrowid, fts_terms))
            self._counter("records_indexed", 1)
            if vector is not None:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'add')", (part, r.id))

    def update_record(self, record_id: str, *, status: str | None = None, superseded_by: str | None = None,
                      pinned: bool | None = None, version: int | None = None, updated_at: datetime) -> None:
        row = self.c.execute("SELECT rowid, status, part, fts_terms, vec IS NOT NULL FROM records WHERE id = ?",
                             (record_id,)).fetchone()
        if row is None:
            return
        sets: list[str] = ["updated_us = ?"]
        args: list[Any] = [to_us(updated_at)]
        if status is not None:
            sets.append("status = ?")
            args.append(status)
        if superseded_by is not None:
            sets.append("superseded_by = ?")
            args.append(superseded_by)
        if pinned is not None:
            sets.append("pinned = ?")
            args.append(int(pinned))
        if version is not None:
            sets.append("version = ?")
            args.append(version)
        self.c.execute(f"UPDATE records SET {', '.join(sets)} WHERE id = ?", [*args, record_id])
        if status is not None and status != "active" and row[1] == "active":
            self.c.execute("INSERT INTO record_fts (record_fts, rowid, fts_terms) VALUES ('delete', ?, ?)",
                           (row[0], row[3]))
            self._counter("records_indexed", -1)
            if row[4]:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'del')", (row[2], record_id))

    def insert_version(self, version: Version) -> None:
        v = version
        p = v.provenance
        self.c.execute(
            "INSERT INTO versions (record_id, version, op, summary, content, kind, labels, status, at_us, turn_id, "
            "agent_version, session, actor, strategy, source_ids, config_version) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (v.record_id, v.version, v.op, v.summary, v.content, v.kind, json.dumps(v.labels, sort_keys=True),
             v.status, to_us(v.at), p.turn_id, p.agent_version, p.session, p.actor, p.strategy,
             json.dumps(list(p.source_event_ids)), p.config_version))

    def get_record(self, flt: ReadFilter, record_id: str) -> Record | None:
        got = self.get_records(flt, [record_id])
        return got[0] if got else None

    def get_records(self, flt: ReadFilter, ids: Sequence[str]) -> list[Record]:
        # Look rows up by their unique id, then apply the filter: the same rule as _filter_sql, stated once in
        # ReadFilter.allows. (With the filter in SQL the planner may walk the agent's index instead of the ids.)
        out: list[Record] = []
        for i in range(0, len(ids), 500):
            batch = list(ids[i:i + 500])
            rows = self._all(f"SELECT * FROM records WHERE id IN ({','.join('?' * len(batch))})", batch)
            out += [rec for rec in map(self._record, rows) if flt.allows(rec)]
        return out

    def list_records(self, flt: ReadFilter, *, limit: int, before: tuple[datetime, str] | None = None,
                     pinned: bool | None = None) -> list[Record]:
        # One query per (level, status) walks records_order newest first and stops at ``limit``; an OR over
        # levels would walk the whole agent. Pins are filtered with a literal so the partial index applies.
        groups = [replace(flt, levels=(level,), statuses=(status,)) for level in flt.levels for status in flt.statuses]
        rows: list[sqlite3.Row] = []
        for g in groups:
            where, args = self._filter_sql(g)
            if before is not None:
                where += " AND (r.created_us < ? OR (r.created_us = ? AND r.id < ?))"
                us = to_us(before[0])
                args += [us, us, before[1]]
            if pinned is not None:
                where += " AND r.pinned = 1" if pinned else " AND r.pinned = 0"
            rows += self._all(f"SELECT * FROM records r WHERE {where} ORDER BY r.created_us DESC, r.id DESC "
                              "LIMIT ?", [*args, limit])
        rows.sort(key=lambda r: (r["created_us"], r["id"]), reverse=True)
        return [self._record(r) for r in rows[:limit]]

    def versions(self, flt: ReadFilter, record_id: str) -> list[Version]:
        wide = ReadFilter(**{**{f: getattr(flt, f) for f in flt.__dataclass_fields__},
                             "statuses": ("active", "superseded", "deleted")})
        if self.get_record(wide, record_id) is None:
            return []
        rows = self._all("SELECT * FROM versions WHERE record_id = ? ORDER BY version", (record_id,))
        return [Version(
            record_id=r["record_id"], version=r["version"], op=r["op"], summary=r["summary"], content=r["content"],
            kind=r["kind"], labels=json.loads(r["labels"]), status=r["status"], at=from_us(r["at_us"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"], session=r["session"],
                                  actor=r["actor"], strategy=r["strategy"],
                                  source_event_ids=tuple(json.loads(r["source_ids"])),
                                  config_version=r["config_version"]),
        ) for r in rows]

    def record_term_stats(self, flt: ReadFilter, terms: Sequence[str]) -> TermStats:
        return self._term_stats("record_vocab", "records_indexed", terms)

    def records_lexical(self, flt: ReadFilter, terms: Sequence[str], *, limit: int) -> list[LexicalCandidate]:
        parts = self._parts(flt)
        if not terms or not parts:
            return []
        ranked = self._fts_ranked("record_fts", terms, parts,
                                  share=self._part_share("record_vocab", "records_indexed", parts),
                                  df=dict(self._term_stats("record_vocab", "records_indexed", terms).doc_freq))
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

    def records_vector(self, flt: ReadFilter, query: np.ndarray, *, limit: int) -> list[VectorCandidate]:
        cache = self.s.vectors(query.shape[0])
        merged: list[tuple[str, float]] = []
        for part in self._parts(flt):
            k = limit
            while True:
                hits, live = cache.search(self.c, part, query, k, source=RECORD_VECTORS)
                visible = {r.id for r in self.get_records(flt, [h[0] for h in hits])}
                kept = [h for h in hits if h[0] in visible]
                if len(kept) >= limit or k >= live:
                    merged += kept[:limit]
                    break
                k *= 4
        merged.sort(key=lambda h: -h[1])
        return [VectorCandidate(i, s) for i, s in merged[:limit]]

    def record_vectors(self, flt: ReadFilter, ids: Sequence[str]) -> dict[str, np.ndarray]:
        if not ids:
            return {}
        where, args = self._filter_sql(flt)
        rows = self._all(f"SELECT r.id, r.vec FROM records r WHERE r.id IN ({','.join('?' * len(ids))}) "
                         f"AND r.vec IS NOT NULL AND {where}", [*ids, *args])
        return {r[0]: np.frombuffer(r[1], dtype=np.float32) for r in rows}

    def record_context(self, flt: ReadFilter, ids: Sequence[str], *, window: int) -> list[Neighbourhood]:
        anchors: list[sqlite3.Row] = []
        for i in range(0, len(ids), 500):
            batch = list(ids[i:i + 500])
            anchors += self._all(f"SELECT rowid, id, part, turn_id FROM records WHERE id IN "
                                 f"({','.join('?' * len(batch))}) AND status = 'active'", batch)
        # A turn's records are written in one transaction, so they hold consecutive rowids: read the active
        # rows within 2 x window rowids of every anchor in one query, then walk out from each anchor until a
        # row of another turn (rows of other partitions written by the same turn are stepped over).
        span = 2 * window if window > 0 else 0
        wanted = sorted({r for a in anchors if a["turn_id"] is not None
                         for r in range(a["rowid"] - span, a["rowid"] + span + 1)})
        near: dict[int, tuple[str, str | None, str]] = {}
        for i in range(0, len(wanted), 500):
            rowids = wanted[i:i + 500]
            for r in self._all(f"SELECT rowid, id, turn_id, part FROM records WHERE rowid IN "
                               f"({','.join('?' * len(rowids))}) AND status = 'active'", rowids):
                near[r[0]] = (r[1], r[2], r[3])
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
                        if row[2] == a["part"]:
                            side.append(row[0])
                    pos += step
            sides[a["id"]] = got
        need = list(dict.fromkeys([*sides, *(i for b, f in sides.values() for i in (*b, *f))]))
        where, args = self._filter_sql(flt)
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

    def preview_targets(self, flt: ReadFilter) -> list[str]:
        wide = replace(flt, include_preview=True, statuses=("active", "superseded", "deleted"), kinds=None,
                       labels=(), namespace_prefix=None)
        where, args = self._filter_sql(wide)
        rows = self._all(f"SELECT r.replaces, r.deletes FROM records r WHERE {where} AND r.preview = 1 "
                         "AND (r.replaces IS NOT NULL OR r.deletes IS NOT NULL)", args)
        return [x for r in rows for x in (r[0], r[1]) if x]

    def records_from_sources(self, flt: ReadFilter, strategy: str, source_event_ids: Sequence[str]
                             ) -> list[Record]:
        if not source_event_ids:
            return []
        ids = [r[0] for r in self._all(
            f"SELECT DISTINCT record_id FROM record_sources WHERE strategy = ? AND event_id IN "
            f"({','.join('?' * len(source_event_ids))})", [strategy, *source_event_ids])]
        return self.get_records(flt, ids)

    # -- re-embedding ----------------------------------------------------------------------------------------
    def texts_to_embed(self, kind: str, *, after: str | None, limit: int) -> list[tuple[str, str]]:
        if kind == "records":
            rows = self._all("SELECT id, summary, content FROM records WHERE id > ? ORDER BY id LIMIT ?",
                             (after or "", limit))
            return [(r[0], r[1] if not r[2] else f"{r[1]}\n{r[2]}") for r in rows]
        rows = self._all("SELECT rowid, text FROM event_chunks WHERE rowid > ? ORDER BY rowid LIMIT ?",
                         (int(after or 0), limit))
        return [(str(r[0]), r[1]) for r in rows]

    def set_vectors(self, kind: str, vectors: Sequence[tuple[str, np.ndarray]]) -> None:
        table, key = ("records", "id") if kind == "records" else ("event_chunks", "rowid")
        parts: set[str] = set()
        for k, v in vectors:
            row = self.c.execute(f"UPDATE {table} SET vec = ? WHERE {key} = ? RETURNING part",
                                 (v.astype(np.float32).tobytes(), k if kind == "records" else int(k))).fetchone()
            if row:
                parts.add(row[0])
        for p in parts:  # every process's cache reloads these partitions
            self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, '', 'reset')", (p,))

    # -- the history indexer --------------------------------------------------------------------------------
    def unembedded_chunks(self, session: tuple[str, str | None, str | None] | None, *, limit: int
                          ) -> list[tuple[str, str]]:
        if session is None:
            rows = self._all("SELECT rowid, text FROM event_chunks WHERE vec IS NULL ORDER BY rowid LIMIT ?",
                             (limit,))
        else:
            rows = self._all("SELECT rowid, text FROM event_chunks WHERE vec IS NULL AND part = ? "
                             "ORDER BY rowid LIMIT ?", (event_part(*session), limit))
        return [(str(r[0]), r[1]) for r in rows]

    def fill_chunk_vectors(self, vectors: Sequence[tuple[str, np.ndarray]]) -> int:
        filled = 0
        for k, v in vectors:
            row = self.c.execute("UPDATE event_chunks SET vec = ? WHERE rowid = ? AND vec IS NULL RETURNING part",
                                 (v.astype(np.float32).tobytes(), int(k))).fetchone()
            if row:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'add')", (row[0], k))
                filled += 1
        return filled

    # -- uses ---------------------------------------------------------------------------------------------
    def insert_uses(self, uses: Sequence[Use]) -> None:
        self.c.executemany(
            "INSERT INTO uses (record_id, agent, actor, session, turn_id, call_index, score, at_us) "
            "VALUES (?,?,?,?,?,?,?,?)",
            [(u.record_id, u.agent, u.actor, u.session, u.turn_id, u.call_index, u.score, to_us(u.at))
             for u in uses])

    def list_uses(self, flt: ReadFilter, record_id: str, *, limit: int) -> list[Use]:
        wide = ReadFilter(**{**{f: getattr(flt, f) for f in flt.__dataclass_fields__},
                             "statuses": ("active", "superseded", "deleted")})
        if self.get_record(wide, record_id) is None:
            return []
        rows = self._all("SELECT * FROM uses WHERE record_id = ? ORDER BY at_us DESC, id DESC LIMIT ?",
                         (record_id, limit))
        return [Use(record_id=r["record_id"], turn_id=r["turn_id"], call_index=r["call_index"], score=r["score"],
                    at=from_us(r["at_us"]), agent=r["agent"], actor=r["actor"], session=r["session"])
                for r in rows]

    # -- jobs ---------------------------------------------------------------------------------------------
    @staticmethod
    def _job(r: sqlite3.Row) -> Job:
        return Job(id=r["id"], kind=r["kind"], agent=r["agent"], actor=r["actor"], session=r["session"],
                   status=r["status"], attempts=r["attempts"], error=r["error"], payload=json.loads(r["payload"]),
                   created_at=from_us(r["created_us"]), updated_at=from_us(r["updated_us"]))

    def enqueue_job(self, job: Job) -> None:
        self.c.execute(
            "INSERT INTO jobs (id, kind, agent, actor, session, status, attempts, error, payload, created_us, "
            "updated_us) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (job.id, job.kind, job.agent, job.actor, job.session, job.status, job.attempts, job.error,
             json.dumps(job.payload), to_us(job.created_at), to_us(job.updated_at)))

    def claim_job(self, worker: str, now: datetime, lease_seconds: float) -> Job | None:
        n = to_us(now)
        # one live job per session at a time: two workers must never extract the same events twice
        row = self.c.execute(
            "SELECT * FROM jobs j WHERE (j.status = 'pending' OR (j.status = 'running' AND j.lease_until_us < ?)) "
            "AND NOT EXISTS (SELECT 1 FROM jobs o WHERE o.status = 'running' AND o.lease_until_us >= ? "
            "AND o.id != j.id AND o.agent = j.agent AND o.actor IS j.actor AND o.session IS j.session) "
            "ORDER BY j.created_us LIMIT 1", (n, n)).fetchone()
        if row is None:
            return None
        self.c.execute("UPDATE jobs SET status = 'running', worker = ?, lease_until_us = ?, attempts = attempts + 1, "
                       "updated_us = ? WHERE id = ?", (worker, n + int(lease_seconds * 1e6), n, row["id"]))
        got = self.c.execute("SELECT * FROM jobs WHERE id = ?", (row["id"],)).fetchone()
        return self._job(got)

    def finish_job(self, job_id: str, now: datetime) -> None:
        self.c.execute("UPDATE jobs SET status = 'done', error = NULL, lease_until_us = NULL, updated_us = ? "
                       "WHERE id = ?", (to_us(now), job_id))

    def fail_job(self, job_id: str, error: str, now: datetime, *, retry: bool) -> None:
        self.c.execute("UPDATE jobs SET status = ?, error = ?, lease_until_us = NULL, updated_us = ? WHERE id = ?",
                       ("pending" if retry else "failed", error, to_us(now), job_id))

    def list_jobs(self, agent: str, *, status: str | None, limit: int) -> list[Job]:
        sql, args = "SELECT * FROM jobs WHERE agent = ?", [agent]
        if status is not None:
            sql += " AND status = ?"
            args.append(status)
        rows = self._all(sql + " ORDER BY created_us DESC, id DESC LIMIT ?", [*args, limit])
        return [self._job(r) for r in rows]

    def get_job(self, agent: str, job_id: str) -> Job | None:
        row = self.c.execute("SELECT * FROM jobs WHERE id = ? AND agent = ?", (job_id, agent)).fetchone()
        return self._job(row) if row else None

    def retry_job(self, agent: str, job_id: str, now: datetime) -> bool:
        cur = self.c.execute("UPDATE jobs SET status = 'pending', updated_us = ? WHERE id = ? AND agent = ? "
                             "AND status = 'failed'", (to_us(now), job_id, agent))
        return cur.rowcount > 0

    # -- erase ---------------------------------------------------------------------------------------------
    def erase_actor(self, agent: str, actor: str) -> EraseReport:
        """Hard-delete the actor's events, records and everything derived from them (see EraseReport).

        Runs with ``secure_delete`` so freed pages are zeroed, merges the text indexes (FTS5 keeps deleted
        terms in its segments until a merge), and, once committed, checkpoints the WAL and drops the
        partitions' saved HNSW files (see ``SqliteStore._after_erase``)."""
        self.c.execute("PRAGMA secure_delete = ON")
        ev_ids = [r[0] for r in self._all("SELECT id FROM events WHERE agent = ? AND actor = ?", (agent, actor))]
        parts = {r[0] for r in self._all("SELECT DISTINCT part FROM event_chunks WHERE event_id IN "
                                         "(SELECT id FROM events WHERE agent = ? AND actor = ?)", (agent, actor))}
        derived = {r[0] for r in self._all(
            "SELECT id FROM records WHERE part = ? AND agent = ? AND prov_actor = ?",
            (record_part(agent, None), agent, actor))}
        derived |= {r[0] for r in _rows(self.c, "SELECT DISTINCT s.record_id, r.actor FROM record_sources s JOIN "
                                        "records r ON r.id = s.record_id WHERE s.event_id IN ({marks})", ev_ids)
                    if r[1] != actor}
        for i in range(0, len(ev_ids), 500):
            batch = ev_ids[i:i + 500]
            self._delete_chunks(f"event_id IN ({','.join('?' * len(batch))})", batch)
        n_events = self.c.execute("DELETE FROM events WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        recs = self._all("SELECT rowid, id, status, fts_terms, part, actor FROM records WHERE agent = ? AND actor = ?",
                         (agent, actor))
        recs += _rows(self.c, "SELECT rowid, id, status, fts_terms, part, actor FROM records WHERE id IN ({marks})",
                      sorted(derived))
        recs = list({r["id"]: r for r in recs}.values())
        ids = [r["id"] for r in recs]
        for r in recs:
            if r["status"] == "active":
                self.c.execute("INSERT INTO record_fts (record_fts, rowid, fts_terms) VALUES ('delete', ?, ?)",
                               (r["rowid"], r["fts_terms"]))
                self._counter("records_indexed", -1)
            parts.add(r["part"])
        n_versions = n_uses = 0
        for i in range(0, len(ids), 500):
            batch = ids[i:i + 500]
            m = ",".join("?" * len(batch))
            n_versions += self.c.execute(f"DELETE FROM versions WHERE record_id IN ({m})", batch).rowcount
            self.c.execute(f"DELETE FROM record_labels WHERE record_id IN ({m})", batch)
            self.c.execute(f"DELETE FROM record_sources WHERE record_id IN ({m})", batch)
            n_uses += self.c.execute(f"DELETE FROM uses WHERE record_id IN ({m})", batch).rowcount
            self.c.execute(f"DELETE FROM records WHERE id IN ({m})", batch)
        n_uses += self.c.execute("DELETE FROM uses WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        # versions of records that stay (another author's) name the actor where the actor changed them
        n_prov = self.c.execute(
            "UPDATE versions SET actor = NULL, session = NULL, turn_id = NULL WHERE actor = ? AND record_id IN "
            "(SELECT id FROM records WHERE agent = ?)", (actor, agent)).rowcount
        n_jobs = self.c.execute("DELETE FROM jobs WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        prefix = f"extract_cursor:{agent}\x1f{actor}\x1f"
        n_cursors = self.c.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)).rowcount
        n_cursors += self.c.execute("DELETE FROM session_seqs WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        for p in parts:
            self.c.execute("DELETE FROM vec_changes WHERE part = ?", (p,))
            self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, '', 'reset')", (p,))
        if n_events or recs:  # merge the segments: a deleted row's terms stay in them until then
            self.c.execute("INSERT INTO event_fts (event_fts) VALUES ('optimize')")
            self.c.execute("INSERT INTO record_fts (record_fts) VALUES ('optimize')")
        self.erased_parts |= parts
        return EraseReport(agent=agent, actor=actor, events=n_events, records=len(recs) - len(derived),
                           versions=n_versions, uses=n_uses, jobs=n_jobs, derived_records=len(derived),
                           provenance=n_prov, cursors=n_cursors)

    # -- keys ---------------------------------------------------------------------------------------------
    @staticmethod
    def _key(r: sqlite3.Row) -> ApiKey:
        return ApiKey(id=r["id"], key_hash=r["key_hash"], agent=r["agent"], actor=r["actor"],
                      read_levels=tuple(json.loads(r["read_levels"])),
                      write_levels=tuple(json.loads(r["write_levels"])), can_delete=bool(r["can_delete"]),
                      can_admin=bool(r["can_admin"]), created_at=from_us(r["created_us"]),
                      revoked_at=from_us(r["revoked_us"]) if r["revoked_us"] is not None else None, name=r["name"])

    def insert_key(self, key: ApiKey) -> None:
        self.c.execute(
            "INSERT INTO api_keys (id, key_hash, name, agent, actor, read_levels, write_levels, can_delete, "
            "can_admin, created_us) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (key.id, key.key_hash, key.name, key.agent, key.actor, json.dumps(list(key.read_levels)),
             json.dumps(list(key.write_levels)), int(key.can_delete), int(key.can_admin), to_us(key.created_at)))

    def find_key(self, key_hash: str) -> ApiKey | None:
        row = self.c.execute("SELECT * FROM api_keys WHERE key_hash = ?", (key_hash,)).fetchone()
        return self._key(row) if row else None

    def list_keys(self) -> list[ApiKey]:
        return [self._key(r) for r in self._all("SELECT * FROM api_keys ORDER BY created_us")]

    def revoke_key(self, key_id: str, at: datetime) -> bool:
        return self.c.execute("UPDATE api_keys SET revoked_us = ? WHERE id = ? AND revoked_us IS NULL",
                              (to_us(at), key_id)).rowcount > 0


class SqliteStore:
    """Opens transactions on a SQLite file (WAL) or on a shared in-memory database."""

    dialect = "sqlite"

    def __init__(self, path: str, *, synchronous: str = "normal") -> None:
        self.path = path
        self.synchronous = synchronous.upper()  # see stores/sqlite/url.py: NORMAL, FULL or EXTRA
        if self.synchronous not in ("NORMAL", "FULL", "EXTRA"):
            raise ValidationError(f"unknown synchronous mode {synchronous!r}", field="url.synchronous")
        self.memory = path == ":memory:"
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        self._shared_lock = threading.RLock()
        self._vectors: VectorCache | None = None
        self.df_cache: dict[tuple[str, str], tuple[int, int]] = {}  # (vocab, term) -> (doc freq, doc count)
        if not self.memory:
            parent = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(parent):
                raise StoreError(f"directory {parent} does not exist", field="url")
        self._migrate()

    def vectors(self, dim: int) -> VectorCache:
        """This process's vector cache; HNSW indexes of large partitions are saved in ``<db>.ann/``."""
        if self._vectors is None or self._vectors.dim != dim:
            self._vectors = VectorCache(dim, ann_dir=None if self.memory else self.path + ".ann",
                                        ann_threshold=vectors_mod.ANN_THRESHOLD)
        return self._vectors

    def maintain_vectors(self, dim: int, *, save: bool = True) -> dict[str, str]:
        """Bring the large vector partitions up to date now (build, grow and, with ``save``, save their HNSW
        indexes) instead of on the next search that needs them; small ones stay exact and are not loaded.
        Returns each partition's kind (exact | hnsw)."""
        cache = self.vectors(dim)
        held = cache.kinds()
        out: dict[str, str] = {}
        with self.read() as tx:
            sizes = tx.c.execute("SELECT part, count(*) FROM records WHERE status = 'active' AND vec IS NOT NULL "
                                 "GROUP BY part").fetchall()
            sizes += tx.c.execute("SELECT part, count(*) FROM event_chunks WHERE vec IS NOT NULL "
                                  "GROUP BY part").fetchall()
            for part, n in sizes:
                if part in held or (cache.ann_threshold is not None and n > cache.ann_threshold):
                    out[part] = cache.maintain(tx.c, part, EVENT_VECTORS if part.startswith("e") else RECORD_VECTORS,
                                               save=save)
                else:
                    out[part] = "exact"
        return out

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        if self.memory:
            with self._conns_lock:
                if self._conns:
                    return self._conns[0]
        try:
            # check_same_thread off: per-thread use is ours to enforce, and close() may run on any thread
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open SQLite database: {exc}", field="url") from exc
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if not self.memory:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(f"PRAGMA synchronous = {self.synchronous}")
        with self._conns_lock:
            self._conns.append(conn)
        if not self.memory:
            self._local.conn = conn
        return conn

    def _migrate(self) -> None:
        with self.write() as tx:
            c = tx.c
            c.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_us INTEGER)")
            row = c.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
            for n, script in enumerate(MIGRATIONS[row[0]:], start=row[0] + 1):
                for stmt in script.split(";\n"):
                    if stmt.strip():
                        c.execute(stmt)
                c.execute("INSERT INTO schema_version (version, applied_us) VALUES (?, ?)",
                          (n, int(time.time() * 1e6)))

    @contextmanager
    def _tx(self, begin: str) -> Iterator[SqliteTx]:
        conn = self._connect()
        lock = self._shared_lock if self.memory else None
        if lock is not None:
            lock.acquire()
        try:
            self._begin(conn, begin)
            tx = SqliteTx(self, conn)
            try:
                yield tx
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                self._commit(conn)
            if tx.erased_parts:
                tx.erased_index_files = self._after_erase(conn, tx.erased_parts)
        except sqlite3.Error as exc:  # driver errors leave typed; the caller's own exceptions pass unchanged
            raise map_error(exc) from exc
        finally:
            if lock is not None:
                lock.release()

    def _after_erase(self, conn: sqlite3.Connection, parts: set[str]) -> int:
        """After an erase committed: forget what this process cached of the erased partitions, drop their saved
        HNSW files (rebuilt without the actor's vectors when next needed), and checkpoint the WAL so the
        pre-erase page images leave it (a reader still open elsewhere can hold them until it finishes).
        Returns how many index files went."""
        conn.execute("PRAGMA secure_delete = OFF")
        self.df_cache.clear()
        if self._vectors is not None:
            self._vectors.forget(parts)
        if self.memory:
            return 0
        dropped = vectors_mod.drop_saved(self.path + ".ann", parts)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return dropped

    @staticmethod
    def _begin(conn: sqlite3.Connection, begin: str) -> None:
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                conn.execute(begin)
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise StoreError(f"SQLite could not start a transaction: {exc}") from exc
                time.sleep(0.01)

    @staticmethod
    def _commit(conn: sqlite3.Connection) -> None:
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                conn.execute("COMMIT")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    conn.execute("ROLLBACK")
                    raise StoreError(f"SQLite could not commit: {exc}") from exc
                time.sleep(0.01)

    def write(self) -> Any:
        return self._tx("BEGIN IMMEDIATE")

    def read(self) -> Any:
        return self._tx("BEGIN")

    def close(self) -> None:
        with self._conns_lock:
            for c in self._conns:
                c.close()
            self._conns.clear()
        self._local = threading.local()
