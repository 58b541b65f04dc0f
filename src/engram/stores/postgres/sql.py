"""SQL building blocks the PostgreSQL transaction modules share: partition keys, the postings queries, batched
inserts of arrays, time zones, and the driver error mapping."""

from __future__ import annotations

import hashlib
import json
import select
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
import psycopg
from psycopg import errors as pgerr
from psycopg.rows import DictRow

from ...core import partition
from ...core.fusion import CANDIDATE_POSTINGS, SELECT_KEEP_AT_LEAST, SELECT_MAX_DF_RATIO
from ...errors import ConflictError, EngramError, StoreError, ValidationError
from ...types import Event

Conn = psycopg.Connection[DictRow]

# meta keys written once and then only by this process's own set_meta (a re-embedding): cached per store
ONCE_META = ("embedder",)
SHARDS = 16  # stats rows per key: concurrent writers rarely share a counter row
HNSW_MAX_DIM = 4000  # pgvector's HNSW limit for halfvec (2,000 for vector)
RECORD_FIELDS = ("id", "agent", "actor", "session", "level", "namespace", "kind", "summary", "content", "labels",
                  "status", "preview", "created_at", "updated_at", "version", "replaces", "superseded_by",
                  "deletes", "pinned", "turn_id", "agent_version", "prov_session", "prov_actor", "strategy",
                  "source_ids", "config_version", "fact_key")


RECORD_COLS = ", ".join(f"r.{f}" for f in RECORD_FIELDS)
# what a search reads of its candidates (stores.base.RecordStamp, plus the terms of a lexical one): of some fifty,
# about ten become hits, and only those are loaded whole
STAMP_COLS = "r.id, r.created_at, r.turn_id, r.deletes"
EVENT_COLS = ("seq, n, id, agent, actor, session, role, content, at, metadata, tool_calls, tool_call_id, name, "
              "turn_id, preview, stored_at")


def lock_key(*parts: str) -> int:
    """A signed 64-bit advisory lock key for a name (stable across processes and versions)."""
    digest = hashlib.blake2b("\x1f".join(("engram", *parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def aware(dt: datetime) -> datetime:
    """Naive datetimes are UTC (as everywhere in engram); never let the session time zone decide."""
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt


def utc(dt: datetime) -> datetime:
    return dt.astimezone(UTC)


def vector_text(vec: np.ndarray | None) -> str | None:
    """pgvector's text form (exact: float32 printed with repr precision), for arrays of vectors."""
    if vec is None:
        return None
    return "[" + ",".join(map(repr, np.asarray(vec, np.float32).tolist())) + "]"


def json_text(value: Any) -> str:
    """A JSON column's value as text, for binary arrays cast to ``jsonb[]`` by the statement: psycopg's Jsonb
    wrapper costs about as much per value as the rest of a record row together (measured on batches of 100)."""
    return "{}" if value == {} else "[]" if value == [] else json.dumps(value)


def split_terms(terms: str) -> list[str]:
    return [t for t in terms.split(" ") if t]


def event_part(agent: str, actor: str | None, session: str | None) -> str:
    """A session's partition key: agent, actor and session joined by a separator no id can contain."""
    return f"{agent}\x1f{actor or ''}\x1f{session or ''}"


def session_key(e: Event) -> tuple[str, str, str]:
    """The ``session_seqs`` key of an event's session (ids are never empty, so '' stands for none)."""
    return e.agent, e.actor or "", e.session or ""


def part_key(p: partition.Partition) -> str:
    """A record partition (core.partition) as the ``part`` column holds it: the agent, then the actor or
    (after an empty actor) the session, joined by a separator no id can contain."""
    if p.actor is not None:
        return f"{p.agent}\x1f{p.actor}"
    return f"{p.agent}\x1f\x1f{p.session}" if p.session is not None else p.agent


def record_part(agent: str, actor: str | None, session: str | None = None) -> str:
    """The partition of a record keyed by (actor, session) (core.partition.record_partition)."""
    return part_key(partition.record_partition(agent, actor, session))


def indexable(term: str) -> bool:
    """Whether a query term can match: ``posting_terms`` indexes non-empty terms under 2,048 bytes."""
    return 0 < len(term.encode()) < 2048


# Lexical candidates, chosen as SqliteTx._fts_ranked chooses them: for each query term, its newest
# CANDIDATE_POSTINGS matches (in the searched partitions, or anywhere when those hold at least half the
# index; other rows are filtered afterwards), then ranked by the summed core.fusion.term_rarity of the terms
# that matched (rounded to 1e-9 as numpy rounds, half to even, in float8: a numeric sort cost 7 ms at 100k),
# newest first on ties. Reading a bounded number of
# postings per term keeps a search of a large partition from ranking every row that holds a common term;
# reading them from the postings btrees (index-only, newest first) keeps it from visiting every match.
POSTINGS_SQL = (
    "SELECT h.seq, round(sum(q.w) * 1e9) AS score FROM {terms} "
    "CROSS JOIN LATERAL ({scan}) h GROUP BY h.seq "
    "ORDER BY score DESC, h.seq DESC")  # sorted here, so the join below stops once it has its limit
# the query terms and their weights, as chosen in Python (core.fusion.select_terms, term_rarity) ...
GIVEN_TERMS = "json_to_recordset(%s::json) AS q(t text, w float8)"
# The term statistics of the searched partitions and of nothing else (a tenant's scores, and the terms and
# candidates it searches by, never move with another tenant's writes): ``pp`` the partitions (a JSON array),
# ``pn`` their document count (their ``p{kind}`` statistics), ``whole`` whether they are the kind's whole index
# (a store of one tenant; only in a read transaction, whose statistics rows hold every write it can see), and
# SCOPED_DF a term's document frequency within them: the index's own ``df{kind}`` row when they are the whole
# index, else a count of the term's postings in each partition (``postings_part``, by the partition's hash: a
# hash shared by two partitions, about one chance in 10^15 among 100,000, would count the other's too).
SCOPE_CTES = (
    "pp AS (SELECT DISTINCT x.part FROM json_array_elements_text(%s::json) AS x(part)), "
    "pn AS (SELECT coalesce((SELECT sum(s.n) FROM stats s WHERE s.kind = 'p{kind}' "
    "  AND s.key IN (SELECT pp.part FROM pp)), 0)::float8 AS n), "
    "whole AS (SELECT {whole} AND pn.n = coalesce((SELECT sum(s.n) FROM stats s WHERE s.kind = 'n' "
    "  AND s.key = '{kind}'), 0)::float8 AS yes FROM pn)")
SCOPED_DF = (
    "CASE WHEN (SELECT whole.yes FROM whole) THEN coalesce((SELECT sum(s.n) FROM stats s "
    "  WHERE s.kind = 'df{kind}' AND s.key = {term}), 0) "
    "ELSE (SELECT count(*) FROM pp CROSS JOIN LATERAL (SELECT 1 FROM postings p WHERE p.kind = '{kind}' "
    "  AND p.term = {term} AND p.ph = hashtextextended(pp.part, 0) OFFSET 0) AS x) END")
# each term of a JSON array with its document frequency in the partitions (``SearchTx._scope_df_later``); the
# parameters: the partitions, whether they may be the whole index (a read transaction), the terms
SCOPE_DF_SQL = (f"WITH {SCOPE_CTES.replace('{whole}', '%s::bool')} "
                f"SELECT u.t, ({SCOPED_DF.replace('{term}', 'u.t')})::bigint AS df "
                "FROM json_array_elements_text(%s::json) AS u(t)")
# ... or chosen here from the statistics of the transaction's snapshot, by the same rules in the same float8
# arithmetic (so the same terms and the same weights): the query's terms that some document of the partitions
# holds; of those the ones at most SELECT_MAX_DF_RATIO of the partitions' documents hold, unless fewer than
# SELECT_KEEP_AT_LEAST (or all of them, if fewer) are, then the rarest SELECT_KEEP_AT_LEAST (query order on
# ties); each weighted by term_rarity, and only those posting_terms can index. The parameters: the partitions
# and the terms in query order, as JSON arrays.
PICKED_TERMS = (
    f"(WITH {SCOPE_CTES.replace('{whole}', 'true')}, "
    f"  d AS (SELECT u.t, u.o, ({SCOPED_DF.replace('{term}', 'u.t')})::float8 AS df "
    "    FROM json_array_elements_text(%s::json) WITH ORDINALITY AS u(t, o)), "
    "  n AS (SELECT pn.n FROM pn), "
    "  present AS (SELECT d.* FROM d WHERE d.df > 0), "
    f"  rare AS (SELECT p.* FROM present p, n WHERE n.n <= 0 OR p.df <= {SELECT_MAX_DF_RATIO!r}::float8 * n.n), "
    f"  enough AS (SELECT (SELECT count(*) FROM rare) >= least({SELECT_KEEP_AT_LEAST}, "
    "    (SELECT count(*) FROM present)) AS yes), "
    "  pick AS (SELECT r.t, r.df FROM rare r, enough WHERE enough.yes UNION ALL "
    "    (SELECT p.t, p.df FROM present p, enough WHERE NOT enough.yes "
    f"     ORDER BY p.df, p.o LIMIT {SELECT_KEEP_AT_LEAST})) "
    f"SELECT pick.t, ln(1.0::float8 + {CANDIDATE_POSTINGS}::float8 / greatest(1.0::float8, "
    f"  least({CANDIDATE_POSTINGS}::float8, pick.df))) AS w FROM pick "
    "WHERE octet_length(pick.t) BETWEEN 1 AND 2047) AS q")
# one term's newest postings anywhere (postings_term) ...
TERM_SCAN = ("SELECT p.seq FROM postings p WHERE p.kind = '{kind}' AND p.term = q.t "
              f"ORDER BY p.seq DESC LIMIT {CANDIDATE_POSTINGS}")
# ... or in the searched partitions: the newest of each partition's newest (postings_part)
PART_SCAN = ("SELECT s.seq FROM json_array_elements_text(%s::json) AS pp(part) CROSS JOIN LATERAL "
              "(SELECT p.seq FROM postings p WHERE p.kind = '{kind}' AND p.term = q.t "
              "AND p.ph = hashtextextended(pp.part, 0) "
              f"ORDER BY p.seq DESC LIMIT {CANDIDATE_POSTINGS}) s ORDER BY s.seq DESC LIMIT {CANDIDATE_POSTINGS}")

# A candidate's row by its unique key (``k.seq``: a record's seq, a chunk's id), planned on its own: OFFSET 0
# keeps the planner from flattening it into a join, which on a table with no statistics yet (a fresh load
# before autovacuum analyzes it) it ran as a scan of the whole partition per candidate (5,000 records: 167 ms
# per recall instead of 14)
SEQ_LOOKUP = "SELECT * FROM {table} x WHERE x.{key} = k.seq OFFSET 0"

# Delete the postings of the rows ``d(seq, terms)`` listed in ``{rows}``: each posting found by one probe of
# postings_term on (kind, term, seq). OFFSET 0 keeps the planner from flattening the probe into a join that
# reads every posting of a common term (or of the whole kind) and filters on seq.
UNPOST_SQL = ("DELETE FROM postings WHERE ctid = ANY(ARRAY(SELECT x.ctid FROM {rows} "
               "CROSS JOIN LATERAL posting_terms(d.terms) AS u(t) CROSS JOIN LATERAL (SELECT p.ctid FROM postings p "
               "WHERE p.kind = '{kind}' AND p.term = u.t AND p.seq = d.seq OFFSET 0) AS x))")


# Where a replica must have replayed to show a commit just made: the flushed WAL position (a synchronous commit
# has flushed its record), or where WAL is being inserted when commits are asynchronous. Both may include
# other sessions' later records, so they are upper bounds: a read may wait a little longer than it must.
COMMITTED_AT = ("SELECT (CASE WHEN current_setting('synchronous_commit') = 'off' THEN pg_current_wal_insert_lsn() "
                 "ELSE pg_current_wal_flush_lsn() END)::text AS at")


def hung_up(conn: Conn) -> bool:
    """Whether an idle connection's socket is readable: the server has closed it (or sent its last word)."""
    try:
        return bool(select.select([conn.fileno()], [], [], 0)[0])
    except (OSError, ValueError, psycopg.Error):
        return True


def unnest_insert(table: str, cols: Sequence[tuple[str, str]], rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    """``INSERT INTO table (cols) SELECT … FROM unnest(arrays)`` for rows queued one by one, in their order."""
    names = ", ".join(c for c, _ in cols)
    arrays = ", ".join(f"%b::{t}[]" for _, t in cols)  # binary arrays: no text escaping of every value
    sql = (f"INSERT INTO {table} ({names}) SELECT {names} FROM unnest({arrays}) WITH ORDINALITY "
           f"AS u({names}, o) ORDER BY o")
    return sql, [list(col) for col in zip(*rows, strict=True)]


RECORD_TYPES = (("id", "text"), ("agent", "text"), ("actor", "text"), ("session", "text"), ("level", "text"),
                 ("namespace", "text"), ("kind", "text"), ("summary", "text"), ("content", "text"),
                 ("labels", "jsonb"), ("status", "text"), ("preview", "bool"), ("created_at", "timestamptz"),
                 ("updated_at", "timestamptz"), ("version", "int4"), ("replaces", "text"), ("superseded_by", "text"),
                 ("deletes", "text"), ("pinned", "bool"), ("turn_id", "text"), ("agent_version", "text"),
                 ("prov_session", "text"), ("prov_actor", "text"), ("strategy", "text"), ("source_ids", "jsonb"),
                 ("part", "text"), ("terms", "text"), ("vec", "vector"), ("config_version", "int4"),
                 ("fact_key", "text"))
VERSION_TYPES = (("record_id", "text"), ("version", "int4"), ("op", "text"), ("summary", "text"),
                  ("content", "text"), ("kind", "text"), ("labels", "jsonb"), ("status", "text"),
                  ("at", "timestamptz"), ("turn_id", "text"), ("agent_version", "text"), ("session", "text"),
                  ("actor", "text"), ("strategy", "text"), ("source_ids", "jsonb"), ("config_version", "int4"))


def records_sql(rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    """A batch of records, seqs in call order, with the postings of the active ones (one statement). Postings
    go in in index order (term, then seq): a term's postings of the batch land on its index pages one after
    the other instead of a random page each (measured on 18,000 postings into 100k records' indexes: about
    30% less time)."""
    insert, args = unnest_insert("records", RECORD_TYPES, rows)
    return ("WITH r AS (" + insert + " RETURNING seq, part, terms, status) "
            "INSERT INTO postings (seq, ph, kind, term) SELECT r.seq, hashtextextended(r.part, 0), 'r', t "
            "FROM r CROSS JOIN LATERAL posting_terms(r.terms) AS t WHERE r.status = 'active' ORDER BY t, r.seq"), args


def versions_sql(rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    return unnest_insert("versions", VERSION_TYPES, rows)


def created_versions_sql(rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    """The first version of records queued just before in this transaction, copied from their rows by id
    (``RecordsTx.insert_version``): the row's values are sent once, not a second time for its version."""
    names = ", ".join(c for c, _ in VERSION_TYPES)
    return (f"INSERT INTO versions ({names}) SELECT r.id, 1, 'create', r.summary, r.content, r.kind, r.labels, "
            "'active', r.created_at, r.turn_id, r.agent_version, r.prov_session, r.prov_actor, r.strategy, "
            "r.source_ids, r.config_version FROM unnest(%b::text[]) WITH ORDINALITY AS u(id, o) "
            "JOIN records r ON r.id = u.id ORDER BY u.o"), [[r[0] for r in rows]]


def sources_sql(rows: list[tuple[Any, ...]]) -> tuple[str, list[Any]]:
    return unnest_insert("record_sources", (("record_id", "text"), ("strategy", "text"), ("event_id", "text")),
                          rows)


def eq_cond(col: str, value: str | None) -> tuple[str, list[Any]]:
    return (f"{col} = %s", [value]) if value is not None else (f"{col} IS NULL", [])


def reason(exc: psycopg.Error) -> str:
    """The first line of a psycopg error (libpq's hints on the next lines are left out)."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def map_error(exc: psycopg.Error) -> EngramError:
    """A psycopg error as engram's error tree (data problems are the caller's; the rest the store's)."""
    msg = reason(exc)
    if isinstance(exc, psycopg.DataError):
        return ValidationError(f"PostgreSQL rejected a value: {msg}")
    if isinstance(exc, psycopg.IntegrityError):
        return ConflictError(f"PostgreSQL refused a duplicate or dangling row: {msg}")
    if isinstance(exc, (pgerr.SerializationFailure, pgerr.DeadlockDetected)):
        return StoreError(f"PostgreSQL aborted the transaction under contention, retry: {msg}")
    if isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)):
        return StoreError(f"PostgreSQL connection failed: {msg}")
    return StoreError(f"PostgreSQL failed: {msg}")
