"""The PostgreSQL backend: psycopg 3 with a connection pool, a postings table for terms, pgvector for vectors.

Several engram processes (servers, extraction workers) can share one database:

* migrations run under an advisory lock, so processes starting together apply each step once;
* write transactions are READ COMMITTED; a record about to change is read ``FOR UPDATE``, and the
  check-then-insert of a configuration version runs under an advisory lock, so concurrent writers
  behave as SQLite's one-writer-at-a-time does (a second supersede of one record gets a ConflictError);
* read transactions are REPEATABLE READ READ ONLY: one snapshot for every query of a recall;
* extraction jobs are claimed with ``FOR UPDATE SKIP LOCKED`` and a lease, so no two workers run one job
  and the job of a killed worker is taken again once its lease has expired.

Each transaction starts with ``SET LOCAL search_path`` (sent with ``BEGIN`` in one round trip), so no
session state is kept on a connection and transaction-mode poolers such as PgBouncer work.
"""

from __future__ import annotations

import hashlib
import logging
import math
import select
import threading
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import psycopg
from psycopg import errors as pgerr
from psycopg.adapt import AdaptersMap
from psycopg.rows import DictRow, dict_row
from psycopg.types import TypeInfo
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from ...core.fusion import CANDIDATE_POSTINGS, LexicalCandidate, TermStats, VectorCandidate, term_rarity
from ...core.scope import ReadFilter
from ...errors import ConflictError, EngramError, StoreError, ValidationError
from ...types import EraseReport, Event, Job, Provenance, Record, ToolCall, Use, Version
from ..base import ApiKey, Chunk, ContextItem, Neighbourhood
from . import url as urlmod
from . import vectors
from .pipe import Pipe
from .replica import ReadYourWrites
from .schema import MIGRATIONS
from .vectors import VectorBinaryLoader, VectorTextLoader, choose_plan, dumper_for

log = logging.getLogger("engram.postgres")

Conn = psycopg.Connection[DictRow]

# meta keys written once and then only by this process's own set_meta (a re-embedding): cached per store
ONCE_META = ("embedder",)
SHARDS = 16  # stats rows per key: concurrent writers rarely share a counter row
HNSW_MAX_DIM = 4000  # pgvector's HNSW limit for halfvec (2,000 for vector)
_RECORD_FIELDS = ("id", "agent", "actor", "session", "level", "namespace", "kind", "summary", "content", "labels",
                  "status", "preview", "created_at", "updated_at", "version", "replaces", "superseded_by",
                  "deletes", "pinned", "turn_id", "agent_version", "prov_session", "prov_actor", "strategy",
                  "source_ids", "config_version")


def _record_cols(alias: str) -> str:
    return ", ".join(f"{alias}.{f}" for f in _RECORD_FIELDS)


RECORD_COLS = _record_cols("r")
EVENT_COLS = ("seq, n, id, agent, actor, session, role, content, at, metadata, tool_calls, tool_call_id, name, "
              "turn_id, preview, stored_at")


def _lock_key(*parts: str) -> int:
    """A signed 64-bit advisory lock key for a name (stable across processes and versions)."""
    digest = hashlib.blake2b("\x1f".join(("engram", *parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _aware(dt: datetime) -> datetime:
    """Naive datetimes are UTC (as everywhere in engram); never let the session time zone decide."""
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt


def _utc(dt: datetime) -> datetime:
    return dt.astimezone(UTC)


def _vector_text(vec: np.ndarray | None) -> str | None:
    """pgvector's text form (exact: float32 printed with repr precision), for arrays of vectors."""
    if vec is None:
        return None
    return "[" + ",".join(map(repr, np.asarray(vec, np.float32).tolist())) + "]"


def _terms(terms: str) -> list[str]:
    return [t for t in terms.split(" ") if t]


def _event_part(agent: str, actor: str | None, session: str | None) -> str:
    """A session's partition key: agent, actor and session joined by a separator no id can contain."""
    return f"{agent}\x1f{actor or ''}\x1f{session or ''}"


def _session_key(e: Event) -> tuple[str, str, str]:
    """The ``session_seqs`` key of an event's session (ids are never empty, so '' stands for none)."""
    return e.agent, e.actor or "", e.session or ""


def _record_part(agent: str, actor: str | None, session: str | None = None) -> str:
    """One partition per actor (its actor- and session-level records), one per session of the agent alone
    (``actor`` None, ``session`` given), one for agent-level records."""
    if actor is not None:
        return f"{agent}\x1f{actor}"
    return f"{agent}\x1f\x1f{session}" if session is not None else agent


def _indexable(term: str) -> bool:
    """Whether a query term can match: ``posting_terms`` indexes non-empty terms under 2,048 bytes."""
    return 0 < len(term.encode()) < 2048


# Lexical candidates, chosen as SqliteTx._fts_ranked chooses them: for each query term, its newest
# CANDIDATE_POSTINGS matches (in the searched partitions, or anywhere when those hold at least half the
# index; other rows are filtered afterwards), then ranked by the summed core.fusion.term_rarity of the terms
# that matched (rounded to 1e-9 as numpy rounds, half to even, in float8: a numeric sort cost 7 ms at 100k),
# newest first on ties. Reading a bounded number of
# postings per term keeps a search of a large partition from ranking every row that holds a common term;
# reading them from the postings btrees (index-only, newest first) keeps it from visiting every match.
_POSTINGS_SQL = (
    "SELECT h.seq, round(sum(q.w) * 1e9) AS score FROM unnest(%s::text[], %s::float8[]) AS q(t, w) "
    "CROSS JOIN LATERAL ({scan}) h GROUP BY h.seq "
    "ORDER BY score DESC, h.seq DESC")  # sorted here, so the join below stops once it has its limit
# one term's newest postings anywhere (postings_term) ...
_TERM_SCAN = ("SELECT p.seq FROM postings p WHERE p.kind = '{kind}' AND p.term = q.t "
              f"ORDER BY p.seq DESC LIMIT {CANDIDATE_POSTINGS}")
# ... or in the searched partitions: the newest of each partition's newest (postings_part)
_PART_SCAN = ("SELECT s.seq FROM unnest(%s::text[]) AS pp(part) CROSS JOIN LATERAL "
              "(SELECT p.seq FROM postings p WHERE p.kind = '{kind}' AND p.term = q.t "
              "AND p.ph = hashtextextended(pp.part, 0) "
              f"ORDER BY p.seq DESC LIMIT {CANDIDATE_POSTINGS}) s ORDER BY s.seq DESC LIMIT {CANDIDATE_POSTINGS}")

# Delete the postings of the rows ``d(seq, terms)`` listed in ``{rows}``: each posting found by one probe of
# postings_term on (kind, term, seq). OFFSET 0 keeps the planner from flattening the probe into a join that
# reads every posting of a common term (or of the whole kind) and filters on seq.
_UNPOST_SQL = ("DELETE FROM postings WHERE ctid = ANY(ARRAY(SELECT x.ctid FROM {rows} "
               "CROSS JOIN LATERAL posting_terms(d.terms) AS u(t) CROSS JOIN LATERAL (SELECT p.ctid FROM postings p "
               "WHERE p.kind = '{kind}' AND p.term = u.t AND p.seq = d.seq OFFSET 0) AS x))")


# Where a replica must have replayed to show a commit just made: the flushed WAL position (a synchronous commit
# has flushed its record), or where WAL is being inserted when commits are asynchronous. Both may include
# other sessions' later records, so they are upper bounds: a read may wait a little longer than it must.
_COMMITTED_AT = ("SELECT (CASE WHEN current_setting('synchronous_commit') = 'off' THEN pg_current_wal_insert_lsn() "
                 "ELSE pg_current_wal_flush_lsn() END)::text AS at")


def _hung_up(conn: Conn) -> bool:
    """Whether an idle connection's socket is readable: the server has closed it (or sent its last word)."""
    try:
        return bool(select.select([conn.fileno()], [], [], 0)[0])
    except (OSError, ValueError, psycopg.Error):
        return True


def _unnest_insert(table: str, cols: Sequence[tuple[str, str]], rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    """``INSERT INTO table (cols) SELECT … FROM unnest(arrays)`` for rows queued one by one, in their order."""
    names = ", ".join(c for c, _ in cols)
    arrays = ", ".join(f"%b::{t}[]" for _, t in cols)  # binary arrays: no text escaping of every value
    sql = (f"INSERT INTO {table} ({names}) SELECT {names} FROM unnest({arrays}) WITH ORDINALITY "
           f"AS u({names}, o) ORDER BY o")
    return sql, [list(col) for col in zip(*rows, strict=True)]


_RECORD_TYPES = (("id", "text"), ("agent", "text"), ("actor", "text"), ("session", "text"), ("level", "text"),
                 ("namespace", "text"), ("kind", "text"), ("summary", "text"), ("content", "text"),
                 ("labels", "jsonb"), ("status", "text"), ("preview", "bool"), ("created_at", "timestamptz"),
                 ("updated_at", "timestamptz"), ("version", "int4"), ("replaces", "text"), ("superseded_by", "text"),
                 ("deletes", "text"), ("pinned", "bool"), ("turn_id", "text"), ("agent_version", "text"),
                 ("prov_session", "text"), ("prov_actor", "text"), ("strategy", "text"), ("source_ids", "jsonb"),
                 ("part", "text"), ("terms", "text"), ("vec", "vector"), ("config_version", "int4"))
_VERSION_TYPES = (("record_id", "text"), ("version", "int4"), ("op", "text"), ("summary", "text"),
                  ("content", "text"), ("kind", "text"), ("labels", "jsonb"), ("status", "text"),
                  ("at", "timestamptz"), ("turn_id", "text"), ("agent_version", "text"), ("session", "text"),
                  ("actor", "text"), ("strategy", "text"), ("source_ids", "jsonb"), ("config_version", "int4"))


def _records_sql(rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    """A batch of records, seqs in call order, with the postings of the active ones (one statement)."""
    insert, args = _unnest_insert("records", _RECORD_TYPES, rows)
    return ("WITH r AS (" + insert + " RETURNING seq, part, terms, status) "
            "INSERT INTO postings (seq, ph, kind, term) SELECT r.seq, hashtextextended(r.part, 0), 'r', t "
            "FROM r CROSS JOIN LATERAL posting_terms(r.terms) AS t WHERE r.status = 'active'"), args


def _versions_sql(rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    return _unnest_insert("versions", _VERSION_TYPES, rows)


def _sources_sql(rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    return _unnest_insert("record_sources", (("record_id", "text"), ("strategy", "text"), ("event_id", "text")),
                          rows)


def _eq(col: str, value: str | None) -> tuple[str, list[Any]]:
    return (f"{col} = %s", [value]) if value is not None else (f"{col} IS NULL", [])


def _map_error(exc: psycopg.Error) -> EngramError:
    """A psycopg error as engram's error tree (data problems are the caller's; the rest the store's)."""
    msg = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    if isinstance(exc, psycopg.DataError):
        return ValidationError(f"PostgreSQL rejected a value: {msg}")
    if isinstance(exc, psycopg.IntegrityError):
        return ConflictError(f"PostgreSQL refused a duplicate or dangling row: {msg}")
    if isinstance(exc, (pgerr.SerializationFailure, pgerr.DeadlockDetected)):
        return StoreError(f"PostgreSQL aborted the transaction under contention, retry: {msg}")
    if isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)):
        return StoreError(f"PostgreSQL connection failed: {msg}")
    return StoreError(f"PostgreSQL failed: {msg}")


class PgTx:
    """A transaction on one pooled connection; see :class:`engram.stores.base.Tx` for the contract."""

    def __init__(self, store: PostgresStore, conn: Conn, *, write: bool) -> None:
        self.s = store
        self.c = Pipe(conn)  # statements nobody reads the result of go out with the next one (pipe.py)
        self.write = write
        self._delta: dict[tuple[str, str], int] = {}
        self._stat_cache: dict[tuple[str, str], int] = {}
        # a read transaction's record rows fetched with its candidates (one snapshot: they cannot change)
        self._rows: dict[str, DictRow] = {}
        self._meta_set: set[str] = set()
        self.erased = False  # an erase deleted rows: vacuum and analyze once committed (PostgresStore._tx)
        self.erased_index_files = 0  # vector indexes live in the tables here: VACUUM purges them
        self.plans: list[tuple[str, str]] = []  # (partition, plan) of each vector query, for diagnostics

    # -- helpers ------------------------------------------------------------------------------------------
    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[DictRow]:
        return self.c.execute(sql, args).fetchall()

    def _one(self, sql: str, args: Sequence[Any] = ()) -> DictRow | None:
        return self.c.execute(sql, args).fetchone()

    def _binary(self, sql: str, args: Sequence[Any] = ()) -> list[DictRow]:
        """Rows in binary format: vectors arrive as exact float32 without text parsing."""
        return self.c.execute(sql, args, binary=True).fetchall()

    def _lock(self, name: str) -> None:
        self.c.execute("SELECT pg_advisory_xact_lock(%s)", [_lock_key(self.s.schema, name)])

    def _post_record(self, record_id: str, seq: int, part: str, terms: str) -> None:
        """Add an active record's postings: one per distinct indexed term (``posting_terms``)."""
        del record_id  # found again by its seq
        self.c.later("INSERT INTO postings (seq, ph, kind, term) "
                     "SELECT %s, hashtextextended(%s, 0), 'r', t FROM posting_terms(%s) AS t", [seq, part, terms])

    def _unpost_records(self, rows: Sequence[tuple[int, str]]) -> None:
        """Delete the postings of records given as (seq, terms), each through the (kind, term, seq) index."""
        if rows:
            self.c.later(_UNPOST_SQL.format(rows="unnest(%s::bigint[], %s::text[]) AS d(seq, terms)", kind="r"),
                           [[s for s, _ in rows], [t for _, t in rows]])

    def _index_doc(self, kind: str, part: str, terms: str, sign: int) -> None:
        """Count a document in (sign +1) or out of (-1) the text index statistics of ``kind`` (e | r)."""
        toks = _terms(terms)
        d = self._delta
        for key in (("n", kind), ("p" + kind, part)):
            d[key] = d.get(key, 0) + sign
        d[("tok", kind)] = d.get(("tok", kind), 0) + sign * (len(toks) + 1)
        for t in set(toks):
            d[("df" + kind, t)] = d.get(("df" + kind, t), 0) + sign

    def _add_deltas(self, rows: Iterable[DictRow]) -> None:
        for r in rows:
            key = (str(r["kind"]), str(r["key"]))
            self._delta[key] = self._delta.get(key, 0) - int(r["n"])

    def flush(self) -> None:
        """Apply the statistics changes in one statement, keys sorted so writers lock rows in one order."""
        items = sorted((k, v) for k, v in self._delta.items() if v)
        self._delta.clear()
        if not items:
            return
        self.c.later(
            "INSERT INTO stats (kind, key, shard, n) "
            "SELECT u.k, u.t, (pg_backend_pid() %% %s)::smallint, u.n "
            "FROM unnest(%s::text[], %s::text[], %s::bigint[]) WITH ORDINALITY AS u(k, t, n, o) ORDER BY u.o "
            "ON CONFLICT (kind, key, shard) DO UPDATE SET n = stats.n + excluded.n",
            [SHARDS, [k[0] for k, _ in items], [k[1] for k, _ in items], [v for _, v in items]])

    def _stats(self, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], int]:
        """Current totals of stats keys (summed over shards, plus this transaction's pending changes).

        A read transaction sees one snapshot, so its totals are cached for the next query of a recall."""
        keys = list(dict.fromkeys(keys))
        cache = self._stat_cache if not self.write else {}
        want = [k for k in keys if k not in cache]
        if want:
            got = {(r["kind"], r["key"]): int(r["n"]) for r in self._all(
                "SELECT s.kind, s.key, sum(s.n) AS n FROM stats s "
                "JOIN unnest(%s::text[], %s::text[]) AS u(k, t) ON s.kind = u.k AND s.key = u.t "
                "GROUP BY s.kind, s.key", [[k[0] for k in want], [k[1] for k in want]])}
            cache.update({k: got.get(k, 0) for k in want})
        return {k: cache[k] + self._delta.get(k, 0) for k in keys}

    @staticmethod
    def _filter_sql(f: ReadFilter, a: str = "r") -> tuple[str, list[Any]]:
        conds = [f"{a}.agent = %s"]
        args: list[Any] = [f.agent]
        levels = []
        for level in f.levels:
            if level == "agent":
                levels.append(f"{a}.level = 'agent'")
            elif level == "actor" and f.actor is not None:
                levels.append(f"({a}.level = 'actor' AND {a}.actor = %s)")
                args.append(f.actor)
            elif level == "session" and f.session is not None and f.actor is not None:
                levels.append(f"({a}.level = 'session' AND {a}.actor = %s AND {a}.session = %s)")
                args += [f.actor, f.session]
            elif level == "session" and f.session is not None:
                levels.append(f"({a}.level = 'session' AND {a}.actor IS NULL AND {a}.session = %s)")
                args.append(f.session)
        conds.append("(" + (" OR ".join(levels) or "false") + ")")
        conds.append(f"{a}.status = ANY(%s)")
        args.append(list(f.statuses))
        if not f.include_preview:
            conds.append(f"NOT {a}.preview")
        if f.kinds is not None:
            conds.append(f"{a}.kind = ANY(%s)")
            args.append(list(f.kinds))
        if f.labels:
            conds.append(f"{a}.labels @> %s")
            args.append(Jsonb(dict(f.labels)))
        if f.namespace_prefix:
            conds.append(f"starts_with({a}.namespace, %s)")
            args.append(f.namespace_prefix)
        return " AND ".join(conds), args

    @staticmethod
    def _parts(f: ReadFilter) -> list[str]:
        parts = []
        if "agent" in f.levels:
            parts.append(_record_part(f.agent, None))
        if f.actor is not None and ("actor" in f.levels or "session" in f.levels):
            parts.append(_record_part(f.agent, f.actor))
        elif f.actor is None and f.session is not None and "session" in f.levels:
            parts.append(_record_part(f.agent, None, f.session))
        return parts

    # -- meta / config ------------------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        if key in self.s.meta_once:
            return self.s.meta_once[key]
        row = self._one("SELECT value FROM meta WHERE key = %s", [key])
        if row and key in ONCE_META and key not in self._meta_set:  # committed and set once: later turns'
            self.s.meta_once[key] = str(row["value"])                 # checks cost no round trip
        return str(row["value"]) if row else None

    def meta_items(self, prefix: str) -> list[tuple[str, str]]:
        return [(str(r["key"]), str(r["value"])) for r in self._all(
            "SELECT key, value FROM meta WHERE left(key, %s) = %s ORDER BY key", [len(prefix), prefix])]

    def delete_meta(self, key: str) -> bool:
        self.s.meta_once.pop(key, None)
        return self.c.execute("DELETE FROM meta WHERE key = %s", [key]).rowcount > 0

    def set_meta(self, key: str, value: str) -> None:
        self.s.meta_once.pop(key, None)
        self._meta_set.add(key)
        self.c.later("INSERT INTO meta (key, value) VALUES (%s, %s) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [key, value])

    def latest_config(self, agent: str | None = None) -> tuple[int, dict[str, Any]] | None:
        if self.write:
            self._lock("config")  # check-then-add_config is atomic across processes
        row = self._one("SELECT version, doc FROM configs WHERE agent = %s ORDER BY version DESC LIMIT 1",
                        [agent or ""])
        return (int(row["version"]), dict(row["doc"])) if row else None

    def add_config(self, doc: dict[str, Any], at: datetime, agent: str | None = None) -> int:
        self._lock("config")
        row = self._one("INSERT INTO configs (version, at, doc, agent) "
                        "SELECT coalesce(max(version), 0) + 1, %s, %s, %s FROM configs RETURNING version",
                        [_aware(at), Jsonb(doc), agent or ""])
        assert row is not None
        return int(row["version"])

    def config_history(self, agent: str | None = None) -> list[tuple[int, datetime, dict[str, Any]]]:
        return [(int(r["version"]), _utc(r["at"]), dict(r["doc"])) for r in self._all(
            "SELECT version, at, doc FROM configs WHERE agent = %s ORDER BY version", [agent or ""])]

    def config_agents(self) -> list[str]:
        return [str(r["agent"]) for r in self._all(
            "SELECT DISTINCT agent FROM configs WHERE agent <> '' ORDER BY agent")]

    # -- events -------------------------------------------------------------------------------------------
    @staticmethod
    def _event(r: DictRow) -> Event:
        return Event(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], seq=int(r["n"]),
            role=r["role"], content=r["content"], at=_utc(r["at"]), metadata=r["metadata"],
            tool_calls=tuple(ToolCall(c["id"], c["name"], c["arguments"]) for c in r["tool_calls"]),
            tool_call_id=r["tool_call_id"], name=r["name"], turn_id=r["turn_id"], preview=bool(r["preview"]),
            stored_at=_utc(r["stored_at"]),
        )

    def insert_events(self, events: Sequence[Event], chunks: Sequence[Chunk]) -> list[Event]:
        if not events:
            return []
        # global append order (``seq``, internal) and the number within the session (``n``, what callers see:
        # a global counter would tell one tenant how much every other tenant writes), in one round trip per session
        counts = Counter(_session_key(e) for e in events)
        seqs: list[int] = []
        next_n: dict[tuple[str, str, str], int] = {}
        for key, k in counts.items():
            rows = self._all(
                "WITH c AS (INSERT INTO session_seqs (agent, actor, session, n) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (agent, actor, session) DO UPDATE SET n = session_seqs.n + excluded.n RETURNING n) "
                "SELECT nextval(pg_get_serial_sequence('events', 'seq')) AS s, (SELECT n FROM c) AS top "
                "FROM generate_series(1, %s)", [*key, k, k])
            seqs += [int(r["s"]) for r in rows]
            next_n[key] = int(rows[0]["top"]) - k + 1
        numbers = []
        for e in events:
            numbers.append(next_n[_session_key(e)])
            next_n[_session_key(e)] += 1
        seqs.sort()
        out = [replace(e, seq=n) for e, n in zip(events, numbers, strict=True)]
        # queued: sent with the next query or the COMMIT (an INSERT of arrays, since COPY cannot be pipelined)
        self.c.later(
            "INSERT INTO events (seq, n, id, agent, actor, session, role, content, at, metadata, tool_calls, "
            "tool_call_id, name, turn_id, preview, stored_at) SELECT * FROM unnest(%s::bigint[], %s::bigint[], "
            "%s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::timestamptz[], %s::jsonb[], "
            "%s::jsonb[], %s::text[], %s::text[], %s::text[], %s::boolean[], %s::timestamptz[])",
            [seqs, numbers, [e.id for e in out], [e.agent for e in out], [e.actor for e in out],
             [e.session for e in out], [e.role for e in out], [e.content for e in out], [_aware(e.at) for e in out],
             [Jsonb(e.metadata) for e in out],
             [Jsonb([{"id": c.id, "name": c.name, "arguments": c.arguments} for c in e.tool_calls]) for e in out],
             [e.tool_call_id for e in out], [e.name for e in out], [e.turn_id for e in out],
             [e.preview for e in out], [_aware(e.stored_at or e.at) for e in out]])
        if chunks:
            by_id = {e.id: e for e in out}
            parts = []
            for ch in chunks:
                e = by_id[ch.event_id]
                parts.append(_event_part(e.agent, e.actor, e.session))
                self._index_doc("e", parts[-1], ch.terms, +1)
            # chunk ids follow the array order (append order), and each chunk's postings come in the same statement
            self.c.later(
                "WITH c AS (INSERT INTO event_chunks (event_id, ordinal, part, is_tool, at, text, terms, vec, "
                "stored_at) SELECT * FROM unnest(%s::text[], %s::int[], %s::text[], %s::bool[], %s::timestamptz[], "
                "%s::text[], %s::text[], %s::text[]::vector[], %s::timestamptz[]) RETURNING id, event_id, part, terms) "
                "INSERT INTO postings (seq, ph, kind, term) SELECT c.id, hashtextextended(c.part, 0), 'e', t FROM c "
                "CROSS JOIN LATERAL posting_terms(c.terms) AS t",
                [[ch.event_id for ch in chunks], [ch.ordinal for ch in chunks], parts,
                 [by_id[ch.event_id].is_tool for ch in chunks], [_aware(by_id[ch.event_id].at) for ch in chunks],
                 [ch.text for ch in chunks], [ch.terms for ch in chunks],
                 [_vector_text(ch.vector) for ch in chunks],
                 [_aware(by_id[ch.event_id].stored_at or by_id[ch.event_id].at) for ch in chunks]])
        return out

    def list_events(self, agent: str, actor: str | None, session: str | None, *, limit: int,
                    before: datetime | None = None, after: datetime | None = None,
                    not_before: datetime | None = None, preview: bool = False) -> list[Event]:
        conds: list[str] = ["agent = %s"] + ([] if preview else ["NOT preview"])
        args: list[Any] = [agent]
        for col, val in (("actor", actor), ("session", session)):
            c, a = _eq(col, val)
            conds.append(c)
            args += a
        if not_before is not None:
            conds.append("stored_at >= %s")
            args.append(_aware(not_before))
        if after is not None:
            conds.append("at > %s")
            args.append(_aware(after))
            order = "ASC"
        else:
            order = "DESC"
        if before is not None:
            conds.append("at < %s")
            args.append(_aware(before))
        rows = self._all(f"SELECT {EVENT_COLS} FROM events WHERE {' AND '.join(conds)} "
                         f"ORDER BY at {order}, seq {order} LIMIT %s", [*args, limit])
        events = [self._event(r) for r in rows]
        return events if order == "ASC" else events[::-1]

    def get_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str], *,
                   preview: bool = False) -> list[Event]:
        """By id through the unique index only, then kept when they belong to the session."""
        if not ids:
            return []
        rows = self._all(f"SELECT {EVENT_COLS} FROM events WHERE id = ANY(%s)", [list(dict.fromkeys(ids))])
        got = [self._event(r) for r in rows if (r["agent"], r["actor"], r["session"]) == (agent, actor, session)
               and (preview or not r["preview"])]
        return sorted(got, key=lambda e: (e.at, e.seq))

    def _unindex_chunks(self, cond: str, args: Sequence[Any]) -> None:
        """Delete chunks matching ``cond`` with their postings and take them out of the statistics, in SQL."""
        self._add_deltas(self._all(
            f"WITH d AS (DELETE FROM event_chunks c WHERE {cond} RETURNING c.id AS seq, c.part, c.terms), "
            f"dp AS ({_UNPOST_SQL.format(rows='d', kind='e')}) "
            "SELECT 'dfe' AS kind, u.t AS key, count(*) AS n FROM d, "
            "  LATERAL (SELECT DISTINCT x FROM unnest(string_to_array(d.terms, ' ')) AS x WHERE x <> '') AS u(t) "
            "  GROUP BY u.t "
            "UNION ALL SELECT 'pe', d.part, count(*) FROM d GROUP BY d.part "
            "UNION ALL SELECT 'n', 'e', count(*) FROM d "
            "UNION ALL SELECT 'tok', 'e', coalesce(sum(cardinality(array_remove(string_to_array(d.terms, ' '), '')) "
            "  + 1), 0) FROM d", args))

    def delete_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> int:
        if not ids:
            return 0
        c1, a1 = _eq("actor", actor)
        c2, a2 = _eq("session", session)
        found = [r["id"] for r in self._all(
            f"SELECT id FROM events WHERE id = ANY(%s) AND agent = %s AND {c1} AND {c2} FOR UPDATE",
            [list(ids), agent, *a1, *a2])]
        if not found:
            return 0
        self._unindex_chunks("c.event_id = ANY(%s)", [found])
        return self.c.execute("DELETE FROM events WHERE id = ANY(%s)", [found]).rowcount

    def expire_events(self, cutoff: datetime, *, agent: str | None = None, exclude: Sequence[str] = (),
                      dry_run: bool = False) -> tuple[int, int]:
        conds: list[str] = ["stored_at < %s"]
        args: list[Any] = [_aware(cutoff)]
        if agent is not None:
            conds.append("agent = %s")
            args.append(agent)
        if exclude:
            conds.append("agent <> ALL(%s)")
            args.append(list(exclude))
        lock = "" if dry_run else " FOR UPDATE"
        ids = [r["id"] for r in self._all(f"SELECT id FROM events WHERE {' AND '.join(conds)}{lock}", args)]
        if not ids:
            return 0, 0
        touched = [r["record_id"] for r in self._all(
            "SELECT DISTINCT record_id FROM record_sources WHERE event_id = ANY(%s)", [ids])]
        if dry_run:
            return len(ids), len(touched)
        self._unindex_chunks("c.event_id = ANY(%s)", [ids])
        total = self.c.execute("DELETE FROM events WHERE id = ANY(%s)", [ids]).rowcount
        self.c.execute("DELETE FROM record_sources WHERE event_id = ANY(%s)", [ids])
        if touched:  # no source_event_ids may name an event that is gone
            trim = ("source_ids = coalesce((SELECT jsonb_agg(t.x ORDER BY t.n) FROM "
                    "jsonb_array_elements_text(source_ids) WITH ORDINALITY AS t(x, n) WHERE t.x <> ALL(%s)), "
                    "'[]'::jsonb)")
            self.c.execute(f"UPDATE records SET {trim} WHERE id = ANY(%s)", [ids, touched])
            self.c.execute(f"UPDATE versions SET {trim} WHERE record_id = ANY(%s)", [ids, touched])
        return total, len(touched)

    def list_sessions(self, agent: str, actor: str | None, *, limit: int) -> list[dict[str, Any]]:
        conds, args = ["agent = %s", "NOT preview"], [agent]  # preview events are no live session
        if actor is not None:
            conds.append("actor = %s")
            args.append(actor)
        rows = self._all(f"SELECT actor, session, count(*) AS n, max(at) AS last_at, min(at) AS first_at "
                         f"FROM events WHERE {' AND '.join(conds)} GROUP BY actor, session "
                         "ORDER BY last_at DESC LIMIT %s", [*args, limit])
        return [{"actor": r["actor"], "session": r["session"], "events": int(r["n"]),
                 "first_at": _utc(r["first_at"]), "last_at": _utc(r["last_at"])} for r in rows]

    def event_term_stats(self, agent: str, actor: str | None, session: str | None,
                         terms: Sequence[str]) -> TermStats:
        if not self.write:
            self._stats([("pe", _event_part(agent, actor, session))] + [("dfe", t) for t in terms] + [("n", "e")])
        return self._term_stats("e", terms)  # from the cache just filled (one query for the whole search)

    def _term_stats(self, kind: str, terms: Sequence[str]) -> TermStats:
        got = self._stats([("n", kind), *[("df" + kind, t) for t in terms]])
        return TermStats(got[("n", kind)], {t: got[("df" + kind, t)] for t in terms if got[("df" + kind, t)] > 0})

    def _rarity(self, kind: str, terms: Sequence[str]) -> list[float]:
        """Each query term's candidate weight, from its document frequency over the whole index."""
        df = self._term_stats(kind, terms).doc_freq
        return [term_rarity(df.get(t, 0)) for t in terms]

    def events_lexical(self, agent: str, actor: str | None, session: str | None, terms: Sequence[str], *,
                       limit: int, include_tools: bool, not_before: datetime | None) -> list[LexicalCandidate]:
        part = _event_part(agent, actor, session)
        extra, xargs = "", []
        if not include_tools:
            extra += " AND NOT c.is_tool"
        if not_before is not None:
            extra += " AND c.stored_at >= %s"
            xargs.append(_aware(not_before))
        rows = self._lexical("e", [part], terms, "SELECT c.event_id AS id, c.terms FROM ({postings}) k "
                             f"JOIN event_chunks c ON c.id = k.seq WHERE c.part = %s{extra}", [part, *xargs], limit)
        return [LexicalCandidate(r["id"], _terms(r["terms"])) for r in rows]

    def _lexical(self, kind: str, parts: list[str], terms: Sequence[str], sql: str, args: Sequence[Any],
                 limit: int) -> list[DictRow]:
        """Run ``sql`` (its ``{postings}`` the ranked candidates ``k``: seq, score) best first, up to ``limit``.

        ``k.seq`` is the record's seq or the chunk's id. The
        partition condition goes into each term's postings scan unless the partitions hold at least half the
        index, as SQLite does (there the scan of a term's matches is cheaper than the condition).
        """
        kept = [t for t in dict.fromkeys(terms) if _indexable(t)]
        if not kept or not parts:
            return []
        rarity = self._rarity(kind, kept)
        got = self._stats([("n", kind), *[("p" + kind, p) for p in parts]])
        share = sum(got[("p" + kind, p)] for p in parts) / max(got[("n", kind)], 1)
        pargs: list[Any] = []
        if share < 0.5:
            scan = _PART_SCAN.format(kind=kind)
            pargs.append(list(dict.fromkeys(parts)))
        else:
            scan = _TERM_SCAN.format(kind=kind)
        postings = _POSTINGS_SQL.format(scan=scan)
        # A bitmap scan reads every match of a term and visits its heap page before sorting: the plan the
        # btrees exist to avoid, chosen when postings has no statistics yet (after a bulk load, before
        # autovacuum analyzes it). Switched off for this statement; a failed one rolls the setting back.
        old = self.c.later("SELECT current_setting('enable_bitmapscan') AS b, "
                           "set_config('enable_bitmapscan', 'off', true)")  # sent with the query below
        rows = self._all(sql.format(postings=postings) + " ORDER BY k.score DESC, k.seq DESC LIMIT %s",
                         [kept, rarity, *pargs, *args, limit])
        row = old.fetchone()
        self.c.later("SELECT set_config('enable_bitmapscan', %s, true)", [row["b"] if row else "on"])
        return rows

    def _ann_order(self, table: str, alias: str, dim: int) -> str:
        """The ORDER BY of an HNSW scan: the index's own expression (``ensure_hnsw``), so the planner uses it."""
        cast = self.s.hnsw_cast.get((table, dim), "halfvec")
        return f"({alias}.vec::{cast}({dim})) <=> %s::{cast}({dim})"

    def _ann(self, part: str, sql: str, args: Sequence[Any], k: int, part_rows: int) -> list[DictRow]:
        """Run an ``ORDER BY (vec::halfvec(d)) <=> q`` query (``_ann_order``) through the HNSW index, iteratively.

        The planner underestimates partitions (it guesses 0.5% for ``vector_dims(vec) = d``) and would sort
        them through the btree instead; this plan is chosen for partitions too large for that, so sorting is
        switched off for this one statement and restored after it. ``ef_search`` grows with the partition
        (``vectors.ef_search_for``).
        """
        old = self.c.later(  # sent with the query below, in one round trip
            "SELECT current_setting('enable_sort') AS sort, set_config('enable_sort', 'off', true), "
            "set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', %s, true), "
            "set_config('hnsw.max_scan_tuples', %s, true)",
            [str(vectors.ef_search_for(part_rows, k)), str(vectors.HNSW_MAX_SCAN)])
        self.plans.append((part, "hnsw"))
        rows = self._all(sql, args)
        row = old.fetchone()
        self.c.later("SELECT set_config('enable_sort', %s, true)", [row["sort"] if row else "on"])
        return rows

    def _plan(self, kind: str, part: str, k: int, dim: int) -> tuple[str, int]:
        """The plan for a top-``k`` search of a partition; asks for the HNSW index the first time it would
        pay off (the search stays exact until the index is built)."""
        got = self._stats([("p" + kind, part), ("n", kind)])
        rows = got[("p" + kind, part)]
        if not self.s.settings.hnsw or choose_plan(rows, got[("n", kind)], k, has_index=True) == "exact":
            return "exact", rows
        table = "event_chunks" if kind == "e" else "records"
        if (table, dim) in self.s.hnsw_ready:
            return "hnsw", rows
        self.s.request_hnsw(table, dim)
        return "exact", rows

    def events_vector(self, agent: str, actor: str | None, session: str | None, query: np.ndarray, *,
                      limit: int, include_tools: bool, not_before: datetime | None) -> list[VectorCandidate]:
        part = _event_part(agent, actor, session)
        q = query.astype(np.float32)
        dim = int(q.shape[0])
        extra, xargs = "", []
        if not include_tools:
            extra += " AND NOT c.is_tool"
        if not_before is not None:
            extra += " AND c.stored_at >= %s"
            xargs.append(_aware(not_before))
        plan, part_rows = self._plan("e", part, limit, dim)
        if plan == "hnsw":
            k = limit * 3
            while True:
                rows = self._ann(part,
                                 f"SELECT c.event_id, -(c.vec <#> %s) AS s FROM event_chunks c WHERE c.part = %s "
                                 f"AND vector_dims(c.vec) = {dim}{extra} "
                                 f"ORDER BY {self._ann_order('event_chunks', 'c', dim)} LIMIT %s",
                                 [q, part, *xargs, q, k], k, part_rows)
                best: dict[str, float] = {}
                for r in rows:
                    best[r["event_id"]] = max(best.get(r["event_id"], -math.inf), float(r["s"]))
                if len(best) >= limit:
                    top = sorted(best.items(), key=lambda h: -h[1])[:limit]
                    return [VectorCandidate(i, s) for i, s in top]
                if len(rows) < k or k >= part_rows:
                    break  # the scan ran dry before finding enough: search the partition exactly
                k *= 4
        self.plans.append((part, "exact"))
        rows = self._all(
            f"SELECT c.event_id, max(-(c.vec <#> %s)) AS s, min(c.id) AS first FROM event_chunks c "
            f"WHERE c.part = %s AND c.vec IS NOT NULL AND vector_dims(c.vec) = {dim}{extra} "
            "GROUP BY c.event_id ORDER BY s DESC, first LIMIT %s", [q, part, *xargs, limit])
        return [VectorCandidate(r["event_id"], float(r["s"])) for r in rows]

    def event_context(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str], *,
                      window: int, include_tools: bool, not_before: datetime | None) -> list[Neighbourhood]:
        """Each indexed event of the session with up to ``window`` indexed events before and after it.

        Append order is the chunk id; the neighbours of every anchor come from one LATERAL query that walks
        ``(part, id)`` both ways from each anchor, and the items' chunks from one more.
        """
        if not ids:
            return []
        part = _event_part(agent, actor, session)
        cond, cargs = "", []
        if not include_tools:
            cond += " AND NOT c.is_tool"
        if not_before is not None:
            cond += " AND c.stored_at >= %s"
            cargs.append(_aware(not_before))
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
            items[eid] = ContextItem(id=eid, at=_utc(rows_[0]["at"]), group=session or "",
                                     terms=tuple(t for r in rows_ for t in _terms(r["terms"])),
                                     vectors=np.stack(vecs) if vecs else None)
        return [Neighbourhood(items[eid], tuple(items[e] for e in b if e in items),
                              tuple(items[e] for e in a if e in items))
                for eid, (b, a) in sides.items() if eid in items]

    # -- records ------------------------------------------------------------------------------------------
    @staticmethod
    def _record(r: DictRow) -> Record:
        return Record(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], level=r["level"],
            namespace=r["namespace"], kind=r["kind"], summary=r["summary"], content=r["content"],
            labels=dict(r["labels"]), status=r["status"], preview=bool(r["preview"]),
            created_at=_utc(r["created_at"]), updated_at=_utc(r["updated_at"]), version=int(r["version"]),
            replaces=r["replaces"], superseded_by=r["superseded_by"], deletes=r["deletes"],
            pinned=bool(r["pinned"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"],
                                  session=r["prov_session"], actor=r["prov_actor"], strategy=r["strategy"],
                                  source_event_ids=tuple(r["source_ids"]), config_version=r["config_version"]),
        )

    def insert_record(self, record: Record, terms: str, vector: np.ndarray | None) -> None:
        r = record
        p = r.provenance
        part = _record_part(r.agent, r.actor, r.session)
        vec = vector.astype(np.float32) if vector is not None else None
        self.c.later_row("records", _records_sql, (  # with its postings, in one statement per batch
            r.id, r.agent, r.actor, r.session, r.level, r.namespace, r.kind, r.summary, r.content,
            Jsonb(r.labels), r.status, r.preview, _aware(r.created_at), _aware(r.updated_at), r.version,
            r.replaces, r.superseded_by, r.deletes, r.pinned, p.turn_id, p.agent_version, p.session, p.actor,
            p.strategy, Jsonb(list(p.source_event_ids)), part, terms, vec, p.config_version))
        for ev in p.source_event_ids:
            self.c.later_row("record_sources", _sources_sql, (r.id, p.strategy or "", ev))
        if r.status == "active":
            self._index_doc("r", part, terms, +1)

    def update_record(self, record_id: str, *, status: str | None = None, superseded_by: str | None = None,
                      pinned: bool | None = None, version: int | None = None, updated_at: datetime) -> None:
        row = self._one("SELECT status, seq, part, terms FROM records WHERE id = %s FOR UPDATE", [record_id])
        if row is None:
            return
        sets: list[str] = ["updated_at = %s"]
        args: list[Any] = [_aware(updated_at)]
        for col, val in (("status", status), ("superseded_by", superseded_by), ("pinned", pinned),
                         ("version", version)):
            if val is not None:
                sets.append(f"{col} = %s")
                args.append(val)
        self.c.execute(f"UPDATE records SET {', '.join(sets)} WHERE id = %s", [*args, record_id])
        if status is not None and status != "active" and row["status"] == "active":
            self._index_doc("r", row["part"], row["terms"], -1)
            self._unpost_records([(int(row["seq"]), row["terms"])])
        elif status == "active" and row["status"] != "active":  # searchable again, as its tsv was
            self._post_record(record_id, int(row["seq"]), row["part"], row["terms"])

    def insert_version(self, version: Version) -> None:
        v = version
        p = v.provenance
        self.c.later_row("versions", _versions_sql, (
            v.record_id, v.version, v.op, v.summary, v.content, v.kind, Jsonb(v.labels), v.status, _aware(v.at),
            p.turn_id, p.agent_version, p.session, p.actor, p.strategy, Jsonb(list(p.source_event_ids)),
            p.config_version))

    def get_record(self, flt: ReadFilter, record_id: str) -> Record | None:
        """By id (primary key only, whatever the planner's statistics say), then ``flt.allows``: the same
        rule as the SQL filter. A write transaction locks the row: it is about to change it."""
        lock = " FOR UPDATE" if self.write else ""
        row = self._one(f"SELECT {RECORD_COLS} FROM records r WHERE r.id = %s{lock}", [record_id])
        rec = self._record(row) if row else None
        return rec if rec is not None and flt.allows(rec) else None

    def get_records(self, flt: ReadFilter, ids: Sequence[str]) -> list[Record]:
        if not ids:
            return []
        want = list(dict.fromkeys(ids))
        rows = [self._rows[i] for i in want if i in self._rows]  # candidates of this read transaction
        if len(rows) < len(want):
            rows += self._all(f"SELECT {RECORD_COLS} FROM records r WHERE r.id = ANY(%s)",
                              [[i for i in want if i not in self._rows]])
        return [rec for rec in map(self._record, rows) if flt.allows(rec)]

    def list_records(self, flt: ReadFilter, *, limit: int, before: tuple[datetime, str] | None = None,
                     pinned: bool | None = None) -> list[Record]:
        """Newest first: each partition is read in (created_at, id) order through its index, then merged."""
        where, args = self._filter_sql(flt)
        if before is not None:
            where += " AND (r.created_at, r.id) < (%s, %s)"
            args += [_aware(before[0]), before[1]]
        if pinned is not None:
            where += " AND r.pinned = %s"
            args.append(pinned)
        rows: list[DictRow] = []
        for part in self._parts(flt):
            rows += self._all(f"SELECT {RECORD_COLS} FROM records r WHERE r.part = %s AND {where} "
                              "ORDER BY r.created_at DESC, r.id DESC LIMIT %s", [part, *args, limit])
        rows.sort(key=lambda r: (r["created_at"], r["id"]), reverse=True)
        return [self._record(r) for r in rows[:limit]]

    def _visible_any_status(self, flt: ReadFilter, record_id: str) -> bool:
        wide = replace(flt, statuses=("active", "superseded", "deleted"))
        row = self._one(f"SELECT {RECORD_COLS} FROM records r WHERE r.id = %s", [record_id])
        return row is not None and wide.allows(self._record(row))

    def versions(self, flt: ReadFilter, record_id: str) -> list[Version]:
        if not self._visible_any_status(flt, record_id):
            return []
        rows = self._all("SELECT * FROM versions WHERE record_id = %s ORDER BY version", [record_id])
        return [Version(
            record_id=r["record_id"], version=int(r["version"]), op=r["op"], summary=r["summary"],
            content=r["content"], kind=r["kind"], labels=dict(r["labels"]), status=r["status"], at=_utc(r["at"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"], session=r["session"],
                                  actor=r["actor"], strategy=r["strategy"], source_event_ids=tuple(r["source_ids"]),
                                  config_version=r["config_version"]),
        ) for r in rows]

    def record_term_stats(self, flt: ReadFilter, terms: Sequence[str]) -> TermStats:
        if not self.write:
            self._stats([("pr", p) for p in self._parts(flt)] + [("dfr", t) for t in terms] + [("n", "r")])
        return self._term_stats("r", terms)  # from the cache just filled (one query for the whole recall)

    def records_lexical(self, flt: ReadFilter, terms: Sequence[str], *, limit: int) -> list[LexicalCandidate]:
        parts = self._parts(flt)
        where, args = self._filter_sql(flt)
        rows = self._lexical("r", parts, terms, f"SELECT {RECORD_COLS}, r.terms FROM ({{postings}}) k JOIN records r "
                             f"ON r.seq = k.seq WHERE r.part = ANY(%s::text[]) AND {where}", [parts, *args], limit)
        self._keep(rows)
        return [LexicalCandidate(r["id"], _terms(r["terms"])) for r in rows]

    def _keep(self, rows: Iterable[DictRow]) -> None:
        """Remember candidate rows in a read transaction, so get_records of them needs no query."""
        if not self.write:
            self._rows.update((r["id"], r) for r in rows)

    def records_vector(self, flt: ReadFilter, query: np.ndarray, *, limit: int) -> list[VectorCandidate]:
        q = query.astype(np.float32)
        dim = int(q.shape[0])
        where, args = self._filter_sql(flt)
        base = (f"SELECT {RECORD_COLS}, -(r.vec <#> %s) AS s FROM records r WHERE r.part = %s AND r.status = 'active' "
                f"AND r.vec IS NOT NULL AND vector_dims(r.vec) = {dim} AND {where} ")
        merged: list[tuple[str, float]] = []
        for part in self._parts(flt):
            plan, part_rows = self._plan("r", part, limit, dim)
            rows: list[DictRow] = []
            if plan == "hnsw":
                rows = self._ann(part, base + f"ORDER BY {self._ann_order('records', 'r', dim)} LIMIT %s",
                                 [q, part, *args, q, limit], limit, part_rows)
            if len(rows) < limit:  # exact: the partition's visible rows, all of them considered
                self.plans.append((part, "exact"))
                rows = self._all(base + "ORDER BY s DESC, r.id LIMIT %s", [q, part, *args, limit])
            self._keep(rows)
            merged += [(r["id"], float(r["s"])) for r in rows]
        merged.sort(key=lambda h: -h[1])
        return [VectorCandidate(i, s) for i, s in merged[:limit]]

    def record_vectors(self, flt: ReadFilter, ids: Sequence[str]) -> dict[str, np.ndarray]:
        if not ids:
            return {}
        rows = self._binary(f"SELECT {RECORD_COLS}, r.vec FROM records r WHERE r.id = ANY(%s) AND r.vec IS NOT NULL",
                            [list(dict.fromkeys(ids))])
        return {r["id"]: np.asarray(r["vec"], dtype=np.float32) for r in rows if flt.allows(self._record(r))}

    @staticmethod
    def _context_item(r: DictRow) -> ContextItem:
        vec = r["vec"]
        return ContextItem(id=r["id"], at=_utc(r["created_at"]), group=r["turn_id"] or r["id"],
                           terms=tuple(_terms(r["terms"])),
                           vectors=np.asarray(vec, dtype=np.float32)[None, :] if vec is not None else None)

    def record_context(self, flt: ReadFilter, ids: Sequence[str], *, window: int) -> list[Neighbourhood]:
        """Each active, visible record with up to ``window`` visible active records the same turn wrote
        right before and after it (append order ``seq`` within the partition; one LATERAL query)."""
        if not ids:
            return []
        cols = ", r.seq, r.part, r.terms, r.vec"
        xcols = _record_cols("x") + ", x.seq, x.part, x.terms, x.vec"
        # the anchors (dir -1) and their neighbours in append order, both ways, in one statement
        fetched = self._binary(
            f"WITH a AS MATERIALIZED (SELECT {RECORD_COLS}{cols}, u.o FROM unnest(%s::text[]) "
            "  WITH ORDINALITY AS u(id, o) JOIN records r ON r.id = u.id) "
            f"SELECT NULL::text AS anchor, -1 AS dir, a.o, 0::bigint AS ord, {_record_cols('a')}, a.seq, a.part, "
            "  a.terms, a.vec FROM a "
            "UNION ALL SELECT a.id, s.dir, a.o, CASE WHEN s.dir = 0 THEN -s.seq ELSE s.seq END, "
            f"{_record_cols('s')}, s.seq, s.part, s.terms, s.vec FROM a "
            "CROSS JOIN LATERAL ("
            f"  (SELECT 0 AS dir, {xcols} FROM records x WHERE x.part = a.part AND x.status = 'active' "
            "    AND x.seq < a.seq ORDER BY x.seq DESC LIMIT %s) UNION ALL "
            f"  (SELECT 1 AS dir, {xcols} FROM records x WHERE x.part = a.part AND x.status = 'active' "
            "    AND x.seq > a.seq ORDER BY x.seq ASC LIMIT %s)) AS s "
            "WHERE a.status = 'active' AND a.turn_id IS NOT NULL AND %s > 0 "
            "ORDER BY o, dir, ord", [list(dict.fromkeys(ids)), window * 2, window * 2, window])
        found = {r["id"]: r for r in fetched if r["dir"] == -1}
        anchors = [found[i] for i in dict.fromkeys(ids)
                   if i in found and found[i]["status"] == "active" and flt.allows(self._record(found[i]))]
        sides: dict[str, tuple[list[ContextItem], list[ContextItem]]] = {a["id"]: ([], []) for a in anchors}
        walk = [a for a in anchors if a["turn_id"] is not None]
        rows = [r for r in fetched if r["dir"] != -1 and r["anchor"] in sides]
        if window > 0 and walk:
            turn = {a["id"]: a["turn_id"] for a in walk}
            stopped: set[tuple[str, int]] = set()
            for r in rows:
                key = (r["anchor"], int(r["dir"]))
                got = sides[r["anchor"]][int(r["dir"])]
                if key in stopped or len(got) >= window:
                    continue
                if r["turn_id"] != turn[r["anchor"]]:
                    stopped.add(key)  # a turn's records are adjacent: the run ends at another turn's record
                elif flt.allows(self._record(r)):
                    got.append(self._context_item(r))
        return [Neighbourhood(self._context_item(a), tuple(sides[a["id"]][0]), tuple(sides[a["id"]][1]))
                for a in anchors]

    def preview_targets(self, flt: ReadFilter) -> list[str]:
        wide = replace(flt, include_preview=True, statuses=("active", "superseded", "deleted"), kinds=None,
                       labels=(), namespace_prefix=None)
        where, args = self._filter_sql(wide)
        rows = self._all(f"SELECT r.replaces, r.deletes FROM records r WHERE {where} AND r.preview "
                         "AND (r.replaces IS NOT NULL OR r.deletes IS NOT NULL)", args)
        return [x for r in rows for x in (r["replaces"], r["deletes"]) if x]

    def records_from_sources(self, flt: ReadFilter, strategy: str, source_event_ids: Sequence[str]
                             ) -> list[Record]:
        if not source_event_ids:
            return []
        ids = [r["record_id"] for r in self._all(
            "SELECT DISTINCT record_id FROM record_sources WHERE strategy = %s AND event_id = ANY(%s)",
            [strategy, list(source_event_ids)])]
        return self.get_records(flt, ids)

    # -- re-embedding ----------------------------------------------------------------------------------------
    def texts_to_embed(self, kind: str, *, after: str | None, limit: int) -> list[tuple[str, str]]:
        """A page of (key, text) in key order: records by id, chunks by their (append-order) id."""
        if kind == "records":
            rows = self._all("SELECT id, summary, content FROM records WHERE id > %s ORDER BY id LIMIT %s",
                             [after or "", limit])
            return [(r["id"], r["summary"] if not r["content"] else f"{r['summary']}\n{r['content']}")
                    for r in rows]
        rows = self._all("SELECT id, text FROM event_chunks WHERE id > %s ORDER BY id LIMIT %s",
                         [int(after or 0), limit])
        return [(str(r["id"]), r["text"]) for r in rows]

    def set_vectors(self, kind: str, vectors: Sequence[tuple[str, np.ndarray]]) -> None:
        """Replace vectors by key. Rows of a new dimension leave the old dimension's partial HNSW index by
        its predicate; an index for the new one is built on demand like the first."""
        if not vectors:
            return
        keys: list[str] | list[int]
        if kind == "records":
            sql, keys = "UPDATE records SET vec = %s WHERE id = %s", [k for k, _ in vectors]
        else:
            sql, keys = "UPDATE event_chunks SET vec = %s WHERE id = %s", [int(k) for k, _ in vectors]
        self.c.cursor().executemany(sql, [(v.astype(np.float32), k) for (_, v), k in zip(vectors, keys, strict=True)])

    # -- the history indexer --------------------------------------------------------------------------------
    def unembedded_chunks(self, session: tuple[str, str | None, str | None] | None, *, limit: int
                          ) -> list[tuple[str, str]]:
        if session is None:
            rows = self._all("SELECT id, text FROM event_chunks WHERE vec IS NULL ORDER BY id LIMIT %s", [limit])
        else:
            rows = self._all("SELECT id, text FROM event_chunks WHERE vec IS NULL AND part = %s ORDER BY id "
                             "LIMIT %s", [_event_part(*session), limit])
        return [(str(r["id"]), r["text"]) for r in rows]

    def fill_chunk_vectors(self, vectors: Sequence[tuple[str, np.ndarray]]) -> int:
        if not vectors:
            return 0
        cur = self.c.cursor()
        cur.executemany("UPDATE event_chunks SET vec = %s WHERE id = %s AND vec IS NULL",
                        [(v.astype(np.float32), int(k)) for k, v in vectors])
        return max(cur.rowcount, 0)  # summed over the statements

    # -- uses ---------------------------------------------------------------------------------------------
    def insert_uses(self, uses: Sequence[Use]) -> None:
        if not uses:
            return
        self.c.later(
            "INSERT INTO uses (record_id, agent, actor, session, turn_id, call_index, score, at) "
            "SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::int[], "
            "%s::float8[], %s::timestamptz[])",
            [[u.record_id for u in uses], [u.agent for u in uses], [u.actor for u in uses],
             [u.session for u in uses], [u.turn_id for u in uses], [u.call_index for u in uses],
             [u.score for u in uses], [_aware(u.at) for u in uses]])

    def list_uses(self, flt: ReadFilter, record_id: str, *, limit: int) -> list[Use]:
        if not self._visible_any_status(flt, record_id):
            return []
        rows = self._all("SELECT * FROM uses WHERE record_id = %s ORDER BY at DESC, id DESC LIMIT %s",
                         [record_id, limit])
        return [Use(record_id=r["record_id"], turn_id=r["turn_id"], call_index=int(r["call_index"]),
                    score=float(r["score"]), at=_utc(r["at"]), agent=r["agent"], actor=r["actor"],
                    session=r["session"]) for r in rows]

    # -- jobs ---------------------------------------------------------------------------------------------
    @staticmethod
    def _job(r: DictRow) -> Job:
        return Job(id=r["id"], kind=r["kind"], agent=r["agent"], actor=r["actor"], session=r["session"],
                   status=r["status"], attempts=int(r["attempts"]), error=r["error"], payload=dict(r["payload"]),
                   created_at=_utc(r["created_at"]), updated_at=_utc(r["updated_at"]))

    def enqueue_job(self, job: Job) -> None:
        self.c.execute(
            "INSERT INTO jobs (id, kind, agent, actor, session, status, attempts, error, payload, created_at, "
            "updated_at) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            [job.id, job.kind, job.agent, job.actor, job.session, job.status, job.attempts, job.error,
             Jsonb(job.payload), _aware(job.created_at), _aware(job.updated_at)])

    def claim_job(self, worker: str, now: datetime, lease_seconds: float) -> Job | None:
        """Take the oldest pending (or lease-expired) job whose session has no other job running.

        ``FOR UPDATE SKIP LOCKED`` keeps two workers off one job without waiting on each other. A session
        is extracted by one worker at a time: the candidate's session is locked (advisory, for this
        transaction, without waiting: a session being claimed elsewhere is skipped) and checked again for
        a job claimed meanwhile, so two jobs of one session never run together and extract the same events
        twice.
        """
        n = _aware(now)
        live = ("SELECT 1 FROM jobs r WHERE r.status = 'running' AND r.lease_until >= %s AND r.id <> j.id "
                "AND r.agent = j.agent AND r.actor IS NOT DISTINCT FROM j.actor "
                "AND r.session IS NOT DISTINCT FROM j.session")
        skipped: list[str] = []
        for _ in range(20):
            cand = self._one(
                "SELECT j.id, j.agent, j.actor, j.session FROM jobs j "
                "WHERE j.status IN ('pending', 'running') AND (j.status = 'pending' OR j.lease_until < %s) "
                f"AND NOT j.id = ANY(%s) AND NOT EXISTS ({live}) "
                "ORDER BY j.created_at, j.id LIMIT 1 FOR UPDATE SKIP LOCKED", [n, skipped, n])
            if cand is None:
                return None
            key = _lock_key(self.s.schema, "job-scope", cand["agent"], cand["actor"] or "", cand["session"] or "")
            got = self._one("SELECT pg_try_advisory_xact_lock(%s) AS ok", [key])
            # another worker is claiming this session right now, or claimed it while we looked: skip it
            if not (got and got["ok"]) or self._one(
                    f"SELECT 1 FROM jobs j WHERE j.id = %s AND EXISTS ({live})", [cand["id"], n]):
                skipped.append(cand["id"])
                continue
            row = self._one(
                "UPDATE jobs SET status = 'running', worker = %s, lease_until = %s, attempts = attempts + 1, "
                "updated_at = %s WHERE id = %s RETURNING *",
                [worker, n + timedelta(seconds=lease_seconds), n, cand["id"]])
            return self._job(row) if row else None
        return None

    def finish_job(self, job_id: str, now: datetime) -> None:
        self.c.execute("UPDATE jobs SET status = 'done', error = NULL, lease_until = NULL, updated_at = %s "
                       "WHERE id = %s", [_aware(now), job_id])

    def fail_job(self, job_id: str, error: str, now: datetime, *, retry: bool) -> None:
        self.c.execute("UPDATE jobs SET status = %s, error = %s, lease_until = NULL, updated_at = %s WHERE id = %s",
                       ["pending" if retry else "failed", error, _aware(now), job_id])

    def list_jobs(self, agent: str, *, status: str | None, limit: int) -> list[Job]:
        sql, args = "SELECT * FROM jobs WHERE agent = %s", [agent]
        if status is not None:
            sql += " AND status = %s"
            args.append(status)
        rows = self._all(sql + " ORDER BY created_at DESC, id DESC LIMIT %s", [*args, limit])
        return [self._job(r) for r in rows]

    def get_job(self, agent: str, job_id: str) -> Job | None:
        row = self._one("SELECT * FROM jobs WHERE id = %s AND agent = %s", [job_id, agent])
        return self._job(row) if row else None

    def retry_job(self, agent: str, job_id: str, now: datetime) -> bool:
        cur = self.c.execute("UPDATE jobs SET status = 'pending', updated_at = %s WHERE id = %s AND agent = %s "
                             "AND status = 'failed'", [_aware(now), job_id, agent])
        return cur.rowcount > 0

    # -- erase ---------------------------------------------------------------------------------------------
    def erase_actor(self, agent: str, actor: str) -> EraseReport:
        ev_ids = [r["id"] for r in self._all("SELECT id FROM events WHERE agent = %s AND actor = %s", [agent, actor])]
        self._unindex_chunks("c.event_id = ANY(%s)", [ev_ids])
        n_events = self.c.execute("DELETE FROM events WHERE agent = %s AND actor = %s", [agent, actor]).rowcount
        # the actor's records, and records of other levels written in the actor's sessions or from its events
        recs = self._all("DELETE FROM records WHERE agent = %s AND ((part = %s AND actor = %s) OR "
                         "(part = %s AND prov_actor = %s) OR id IN "
                         "(SELECT record_id FROM record_sources WHERE event_id = ANY(%s))) "
                         "RETURNING id, seq, status, part, terms, actor",
                         [agent, _record_part(agent, actor), actor, _record_part(agent, None), actor, ev_ids])
        for r in recs:
            if r["status"] == "active":
                self._index_doc("r", r["part"], r["terms"], -1)
        self._unpost_records([(int(r["seq"]), r["terms"]) for r in recs if r["status"] == "active"])
        ids = [r["id"] for r in recs]
        n_derived = sum(1 for r in recs if r["actor"] != actor)
        n_versions = self.c.execute("DELETE FROM versions WHERE record_id = ANY(%s)", [ids]).rowcount
        self.c.execute("DELETE FROM record_sources WHERE record_id = ANY(%s)", [ids])
        n_uses = self.c.execute("DELETE FROM uses WHERE record_id = ANY(%s) OR (agent = %s AND actor = %s)",
                                [ids, agent, actor]).rowcount
        n_prov = self.c.execute("UPDATE versions SET actor = NULL, session = NULL, turn_id = NULL WHERE actor = %s "
                                "AND record_id IN (SELECT id FROM records WHERE agent = %s)", [actor, agent]).rowcount
        n_jobs = self.c.execute("DELETE FROM jobs WHERE agent = %s AND actor = %s", [agent, actor]).rowcount
        prefix = f"extract_cursor:{agent}\x1f{actor}\x1f"
        n_cursors = self.c.execute("DELETE FROM meta WHERE left(key, %s) = %s", [len(prefix), prefix]).rowcount
        n_cursors += self.c.execute("DELETE FROM session_seqs WHERE agent = %s AND actor = %s",
                                    [agent, actor]).rowcount
        # statistics rows of terms (and partitions) nobody else uses any more would still name the actor's words
        touched = [k for k in self._delta if k[0] in ("dfe", "dfr", "pe", "pr")]
        self.flush()
        n_terms = self.c.execute(
            "DELETE FROM stats s USING (SELECT kind, key FROM stats WHERE (kind, key) IN (SELECT * FROM "
            "unnest(%s::text[], %s::text[])) GROUP BY kind, key HAVING sum(n) <= 0) z "
            "WHERE s.kind = z.kind AND s.key = z.key", [[k[0] for k in touched], [k[1] for k in touched]]).rowcount
        if n_events or recs:
            self.erased = True
        return EraseReport(agent=agent, actor=actor, events=n_events, records=len(recs) - n_derived,
                           versions=n_versions, uses=n_uses, jobs=n_jobs, derived_records=n_derived,
                           provenance=n_prov, cursors=n_cursors, term_stats=n_terms)

    # -- keys ---------------------------------------------------------------------------------------------
    @staticmethod
    def _key(r: DictRow) -> ApiKey:
        return ApiKey(id=r["id"], key_hash=r["key_hash"], agent=r["agent"], actor=r["actor"],
                      read_levels=tuple(r["read_levels"]), write_levels=tuple(r["write_levels"]),
                      can_delete=bool(r["can_delete"]), can_admin=bool(r["can_admin"]),
                      created_at=_utc(r["created_at"]),
                      revoked_at=_utc(r["revoked_at"]) if r["revoked_at"] is not None else None, name=r["name"])

    def insert_key(self, key: ApiKey) -> None:
        self.c.execute(
            "INSERT INTO api_keys (id, key_hash, name, agent, actor, read_levels, write_levels, can_delete, "
            "can_admin, created_at) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            [key.id, key.key_hash, key.name, key.agent, key.actor, list(key.read_levels), list(key.write_levels),
             key.can_delete, key.can_admin, _aware(key.created_at)])

    def find_key(self, key_hash: str) -> ApiKey | None:
        row = self._one("SELECT * FROM api_keys WHERE key_hash = %s", [key_hash])
        return self._key(row) if row else None

    def list_keys(self) -> list[ApiKey]:
        return [self._key(r) for r in self._all("SELECT * FROM api_keys ORDER BY created_at, id")]

    def revoke_key(self, key_id: str, at: datetime) -> bool:
        return self.c.execute("UPDATE api_keys SET revoked_at = %s WHERE id = %s AND revoked_at IS NULL",
                              [_aware(at), key_id]).rowcount > 0


class PostgresStore:
    """Opens transactions on a pooled PostgreSQL database; migrates it on open.

    ``url`` is a ``postgresql://`` URL; engram's own query parameters are listed in
    :mod:`engram.stores.postgres.url`. ``schema`` overrides the URL's ``schema`` parameter.
    """

    dialect = "postgresql"

    def __init__(self, url: str, *, schema: str | None = None) -> None:
        self.settings = urlmod.parse(url, schema=schema)
        self.schema = self.settings.schema
        self.vector_schema = self.settings.vector_schema
        self.vector_oid = 0
        self.vector_array_oid = 0
        self.hnsw_ready: set[tuple[str, int]] = set()  # (table, dim) with a valid HNSW index
        self.hnsw_cast: dict[tuple[str, int], str] = {}  # the type its expression casts to: halfvec | vector
        self.meta_once: dict[str, str] = {}  # ONCE_META values already committed
        self._hnsw_lock = threading.Lock()
        self._hnsw_pending: set[tuple[str, int]] = set()
        self._builder: threading.Thread | None = None
        self._closing = False
        self.ryw = ReadYourWrites()
        self._migrate()
        self._begin_sql = {True: "BEGIN", False: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"}
        self._search_path = f'"{self.schema}", "{self.vector_schema}"'
        self._context = AdaptersMap(psycopg.adapters)
        self._context.register_dumper(np.ndarray, dumper_for(self.vector_oid))
        # lists of vectors as binary vector[] parameters (batched inserts)
        self._context.types.add(TypeInfo("vector", self.vector_oid, self.vector_array_oid))
        self._context.register_dumper(None, dumper_for(self.vector_oid))
        self._context.register_loader(self.vector_oid, VectorTextLoader)
        self._context.register_loader(self.vector_oid, VectorBinaryLoader)
        self._pool = self._make_pool(self.settings.conninfo, "engram-write")
        self._read_pool = (self._make_pool(self.settings.read_conninfo, "engram-read")
                           if self.settings.read_conninfo else None)

    # -- connections ----------------------------------------------------------------------------------------
    def _make_pool(self, conninfo: str, name: str) -> ConnectionPool[Conn]:
        kwargs: dict[str, Any] = {"autocommit": True, "row_factory": dict_row, "context": self._context,
                                  "prepare_threshold": self.settings.prepare_threshold}
        pool = ConnectionPool(conninfo, connection_class=psycopg.Connection[DictRow], kwargs=kwargs,
                              min_size=self.settings.pool_min, max_size=self.settings.pool_max,
                              timeout=self.settings.pool_timeout, name=name, open=False)
        try:
            pool.open(wait=self.settings.pool_min > 0, timeout=self.settings.pool_timeout)
        except PoolTimeout as exc:
            pool.close()
            raise StoreError(f"cannot open a PostgreSQL connection pool ({name})", field="url") from exc
        return pool

    def _migrate(self) -> None:
        """Create pgvector and the schema if needed, then apply missing steps under an advisory lock."""
        try:
            conn = psycopg.connect(self.settings.direct_conninfo, autocommit=True, row_factory=dict_row)
        except psycopg.OperationalError as exc:
            raise StoreError(f"cannot connect to PostgreSQL: {_map_error(exc).message}", field="url") from exc
        try:
            with conn:
                self._ensure_vector(conn)
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", [_lock_key(self.schema, "migrate")])
                    if conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [self.schema]).fetchone() is None:
                        conn.execute(f'CREATE SCHEMA "{self.schema}"')
                    conn.execute(f'SET LOCAL search_path TO "{self.schema}", "{self.vector_schema}"')
                    conn.execute("CREATE TABLE IF NOT EXISTS schema_version "
                                 "(version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
                    row = conn.execute("SELECT coalesce(max(version), 0) AS v FROM schema_version").fetchone()
                    have = int(row["v"]) if row else 0
                    if have > len(MIGRATIONS):
                        raise StoreError(f"the database schema is at version {have}, newer than this engram "
                                         f"({len(MIGRATIONS)}); upgrade engram", field="url")
                    for n, script in enumerate(MIGRATIONS[have:], start=have + 1):
                        conn.execute(script)
                        conn.execute("INSERT INTO schema_version (version) VALUES (%s)", [n])
                    # HNSW indexes built so far and valid (a build may still be in progress)
                    found = conn.execute(
                        "SELECT substring(c.relname from '^(.*)_hnsw_') AS t, "
                        "substring(c.relname from '[0-9]+$') AS d, pg_get_indexdef(c.oid) ~ 'halfvec' AS half "
                        "FROM pg_class c "
                        "JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_namespace n ON n.oid = c.relnamespace "
                        "WHERE n.nspname = %s AND i.indisvalid AND c.relname ~ '^(records|event_chunks)_hnsw_[0-9]+$'",
                        [self.schema]).fetchall()
                    self.hnsw_ready = {(str(r["t"]), int(r["d"])) for r in found}
                    self.hnsw_cast = {(str(r["t"]), int(r["d"])): "halfvec" if r["half"] else "vector"
                                      for r in found}
                # reads wait for the replica to have the schema as this process left it (replica.py)
                at = conn.execute(_COMMITTED_AT).fetchone()
                self.ryw.committed(at["at"] if at else None)
        except psycopg.Error as exc:
            raise _map_error(exc) from exc

    def _ensure_vector(self, conn: Conn) -> None:
        """Find (or create, database-wide and once) the pgvector extension; remember its schema and type."""
        with conn.transaction():
            found = conn.execute(
                "SELECT n.nspname, t.oid, t.typarray FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
                "JOIN pg_type t ON t.typnamespace = n.oid AND t.typname = 'vector' WHERE e.extname = 'vector'"
            ).fetchone()
            if found is None:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", [_lock_key("extension", "vector")])
                try:
                    conn.execute(f'CREATE EXTENSION IF NOT EXISTS vector SCHEMA "{self.vector_schema}"')
                except (pgerr.InsufficientPrivilege, pgerr.FeatureNotSupported, pgerr.UndefinedFile) as exc:
                    raise StoreError(
                        "the pgvector extension is not installed in this database and engram may not create "
                        f"it ({_map_error(exc).message}); run CREATE EXTENSION vector as an administrator",
                        field="url") from exc
                found = conn.execute(
                    "SELECT n.nspname, t.oid, t.typarray FROM pg_extension e "
                    "JOIN pg_namespace n ON n.oid = e.extnamespace "
                    "JOIN pg_type t ON t.typnamespace = n.oid AND t.typname = 'vector' WHERE e.extname = 'vector'"
                ).fetchone()
            assert found is not None
            self.vector_schema = str(found["nspname"])
            self.vector_oid = int(found["oid"])
            self.vector_array_oid = int(found["typarray"])

    def request_hnsw(self, table: str, dim: int) -> None:
        """Queue an HNSW index build; one background thread per store runs the queue."""
        key = (table, dim)
        with self._hnsw_lock:
            if key in self.hnsw_ready or key in self._hnsw_pending or self._closing:
                return
            self._hnsw_pending.add(key)
            if self._builder is None:
                self._builder = threading.Thread(target=self._build_loop, name="engram-hnsw", daemon=True)
                self._builder.start()

    def _build_loop(self) -> None:
        while True:
            with self._hnsw_lock:
                if not self._hnsw_pending or self._closing:
                    self._hnsw_pending.clear()
                    self._builder = None
                    return
                table, dim = min(self._hnsw_pending)
            try:
                self.ensure_hnsw(table, dim)
            except StoreError as exc:
                log.warning("could not build the HNSW index on %s for %d-d vectors (%s); search stays exact",
                            table, dim, exc)
            with self._hnsw_lock:
                self._hnsw_pending.discard((table, dim))

    def maintain_vectors(self, dim: int, *, save: bool = True, k: int = 30) -> dict[str, str]:
        """Refresh the planner's statistics, then build now, and wait for, every HNSW index a top-``k`` search
        of ``dim``-d vectors would use. Meant for after a bulk load.

        Searches otherwise ask for an index the first time it would pay off and stay exact until the
        background build ends, which after a bulk load means exact scans of the largest partitions, the
        slowest moment to be exact; and until autovacuum comes by, the planner takes a large partition for
        a small one (measured: a 100k-row partition's text search walked every row instead of the GIN
        index, 130 ms instead of 20). Returns each partition's plan (exact | hnsw), as SQLite's
        ``maintain_vectors`` does; ``save`` is accepted for that signature only (an index here is durable).
        ``k`` is the candidate count a search asks for (the engine's default). ``postings`` is vacuumed too:
        until its pages are marked all-visible, each posting a text search reads also visits the table.
        """
        del save
        try:
            with psycopg.connect(self.settings.direct_conninfo, autocommit=True) as conn:
                conn.execute(f'VACUUM (ANALYZE) "{self.schema}".postings')
                conn.execute(f'ANALYZE "{self.schema}".records, "{self.schema}".event_chunks, "{self.schema}".stats')
        except psycopg.Error as exc:
            raise _map_error(exc) from exc
        with self.read() as tx:
            rows = tx._all("SELECT kind, key, sum(n) AS n FROM stats WHERE kind IN ('pe', 'pr', 'n') "
                           "AND (kind <> 'n' OR key IN ('e', 'r')) GROUP BY kind, key HAVING sum(n) > 0")
        totals = {str(r["key"]): int(r["n"]) for r in rows if r["kind"] == "n"}
        plans: dict[str, tuple[str, str]] = {}  # part -> (table, plan)
        for r in rows:
            if r["kind"] == "n":
                continue
            kind = str(r["kind"])[1]
            plan = (choose_plan(int(r["n"]), totals.get(kind, 0), k, has_index=True)
                    if self.settings.hnsw else "exact")
            plans[str(r["key"])] = ("event_chunks" if kind == "e" else "records", plan)
        built = {table: self.ensure_hnsw(table, dim) for table in sorted({t for t, p in plans.values() if p == "hnsw"})}
        return {part: plan if plan == "exact" or built[table] else "exact" for part, (table, plan) in plans.items()}

    def _after_erase(self) -> None:
        """After an erase committed: vacuum the tables it deleted from (dead rows keep the actor's text, and the
        HNSW and btree indexes their entries, until then) and analyze them (pg_stats keeps sampled values)."""
        tables = ("events", "event_chunks", "records", "versions", "record_sources", "postings", "stats", "uses",
                  "jobs", "meta", "session_seqs")
        with psycopg.connect(self.settings.direct_conninfo, autocommit=True) as conn:
            conn.execute(f"VACUUM (ANALYZE) {', '.join(f'{chr(34)}{self.schema}{chr(34)}.{t}' for t in tables)}")

    def ensure_hnsw(self, table: str, dim: int) -> bool:
        """Build the partial HNSW index of ``table`` for ``dim``-d vectors unless it exists; True when usable.

        Runs ``CREATE INDEX CONCURRENTLY`` on its own connection, so writers are never blocked and no lock
        cycle with a writing transaction is possible; a session advisory lock keeps two processes from
        building one index, and an index left invalid by an interrupted build is built again. The indexed
        expression is ``vec::halfvec(d)`` over rows of that dimension only, so a table can hold the vectors
        of a new embedder while the old one's index stays valid. Half precision, as SQLite's usearch index
        stores its vectors: the graph is half the size (at 100k 384-d records, ~120 MB instead of 204) and
        only chooses candidates, whose scores are computed from the full vectors. An index built by an
        earlier engram (``vec::vector(d)``) is used as it is.
        """
        where = {"event_chunks": f"vector_dims(vec) = {dim}",
                 "records": f"status = 'active' AND vector_dims(vec) = {dim}"}.get(table)
        if where is None or not 0 < dim <= HNSW_MAX_DIM:
            return False
        name = f"{table}_hnsw_{dim}"
        cast = "halfvec"
        try:
            with psycopg.connect(self.settings.direct_conninfo, autocommit=True) as conn:
                conn.execute(f'SET search_path TO "{self.schema}", "{self.vector_schema}"')
                conn.execute("SELECT pg_advisory_lock(%s)", [_lock_key(self.schema, "hnsw", name)])
                row = conn.execute(
                    "SELECT i.indisvalid, pg_get_indexdef(c.oid) ~ 'halfvec' FROM pg_class c "
                    "JOIN pg_index i ON i.indexrelid = c.oid "
                    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname = %s",
                    [self.schema, name]).fetchone()
                if row is None or not row[0]:
                    if row is not None:
                        conn.execute(f'DROP INDEX CONCURRENTLY IF EXISTS "{name}"')
                    conn.execute(f'CREATE INDEX CONCURRENTLY IF NOT EXISTS "{name}" ON {table} USING hnsw '
                                 f"((vec::halfvec({dim})) halfvec_cosine_ops) WITH (m = {vectors.HNSW_M}, "
                                 f"ef_construction = {vectors.HNSW_EF_CONSTRUCTION}) WHERE {where}")
                elif not row[1]:
                    cast = "vector"  # built by an earlier engram
        except psycopg.Error as exc:
            raise _map_error(exc) from exc
        with self._hnsw_lock:
            self.hnsw_cast[(table, dim)] = cast
            self.hnsw_ready.add((table, dim))
        return True

    @contextmanager
    def _tx(self, write: bool) -> Iterator[PgTx]:
        """One transaction: commit on normal exit (after the statistics flush), roll back on any exception.
        psycopg errors leave as engram errors; the caller's own exceptions pass through unchanged."""
        if write or self._read_pool is None:
            pool, conn = self._pool, self._checkout(self._pool)
        else:
            pool, conn = self._read_conn(self._read_pool)
        try:
            tx = PgTx(self, conn, write=write)
            # queued: BEGIN goes out with the transaction's first query, in the same round trip
            tx.c.later(self._begin_sql[write])
            tx.c.later("SELECT set_config('search_path', %s, true)", [self._search_path])
            try:
                yield tx
                if write:
                    tx.flush()
                if write and self._read_pool is not None:  # where the replica must be before reading us
                    tx.c.later("COMMIT")
                    at = tx.c.execute(_COMMITTED_AT).fetchone()
                    self.ryw.committed(at["at"] if at else None)
                else:
                    tx.c.execute("COMMIT")  # with the queued writes, in one round trip
                if tx.erased:
                    self._after_erase()
            except BaseException:
                if not conn.closed:
                    # a lost connection cannot roll back, but the server already has
                    with suppress(psycopg.OperationalError):
                        conn.execute("ROLLBACK")
                raise
        except psycopg.Error as exc:
            raise _map_error(exc) from exc
        finally:
            pool.putconn(conn)

    def _read_conn(self, read_pool: ConnectionPool[Conn]) -> tuple[ConnectionPool[Conn], Conn]:
        """A replica connection once the replica has replayed this process's last commit, else a primary
        one (replica.py). The replay position is asked only while a commit may not be there yet, and polled
        for up to ``read_wait`` (on loopback a commit is replayed within a millisecond or two)."""
        conn = self._checkout(read_pool)
        if self.ryw.behind():
            waited, pause = 0.0, 0.0005
            while True:
                try:
                    row = conn.execute("SELECT pg_last_wal_replay_lsn()::text AS at").fetchone()
                except psycopg.Error as exc:
                    read_pool.putconn(conn)
                    raise _map_error(exc) from exc
                if self.ryw.replayed(row["at"] if row else None):
                    break
                if waited >= self.settings.read_wait:  # still behind: the primary answers this read
                    read_pool.putconn(conn)
                    self.ryw.count("primary")
                    return self._pool, self._checkout(self._pool)
                pause = min(pause, self.settings.read_wait - waited + 1e-4)
                time.sleep(pause)
                waited += pause
                pause *= 2
        self.ryw.count("replica")
        return read_pool, conn

    def _checkout(self, pool: ConnectionPool[Conn]) -> Conn:
        """A pooled connection that is still alive, checked without a round trip: an idle connection has
        nothing to read, so a readable socket means the server closed it (a restart, a failover, a killed
        backend) and it is dropped for another one before any work is done on it."""
        for _ in range(self.settings.pool_max + 1):
            try:
                conn = pool.getconn()
            except PoolTimeout as exc:
                raise StoreError(f"no PostgreSQL connection free within {self.settings.pool_timeout:g}s "
                                 "(raise pool_max or pool_timeout)") from exc
            except psycopg.Error as exc:
                raise _map_error(exc) from exc
            if not conn.closed and not _hung_up(conn):
                return conn
            conn.close()
            pool.putconn(conn)  # closed: the pool discards it and opens a new one
        raise StoreError("every pooled PostgreSQL connection was closed by the server; is it restarting?")

    def write(self) -> Any:
        return self._tx(True)

    def read(self) -> Any:
        return self._tx(False)

    def close(self) -> None:
        """Close the pools; a running index build finishes first (it is short on a young table)."""
        with self._hnsw_lock:
            self._closing = True
            builder = self._builder
        if builder is not None:
            builder.join(timeout=60)
        self._pool.close()
        if self._read_pool is not None:
            self._read_pool.close()
