"""SQL building blocks the SQLite transaction modules share: time as integer microseconds, partition keys, FTS5
query strings, batched IN lists, the driver error mapping, and where the vector cache loads each corpus from."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from ...core import partition
from ...core.fusion import CANDIDATE_POSTINGS
from ...errors import ConflictError, EngramError, StoreError, ValidationError
from .vectors import Source

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
    p = partition.event_partition(agent, actor, session)
    return "e" + _h(p.agent, p.actor, p.session)


def part_token(p: partition.Partition) -> str:
    """A record partition (core.partition) as its vector cache key and FTS token."""
    if p.actor is not None:
        return "r" + _h(p.agent, p.actor)
    return "s" + _h(p.agent, p.session) if p.session is not None else "g" + _h(p.agent)


def record_part(agent: str, actor: str | None, session: str | None = None) -> str:
    """The partition of a record keyed by (actor, session) (core.partition.record_partition)."""
    return part_token(partition.record_partition(agent, actor, session))


def part_counter(part: str) -> str:
    """The ``counters`` row holding how many documents a partition (its FTS token) has in its text index: the
    term statistics of a search count only the partitions it reads (``SearchTx._scope_stats``)."""
    return "part:" + part


def fts_query(terms: Sequence[str], parts: Sequence[str]) -> str:
    """An FTS5 MATCH string built only from quoted tokens; user text never reaches FTS syntax.

    A partition matches as the *first* token of a row (``^``), where the write paths put it: a tenant whose
    text holds another partition's token (it is a hash anyone can compute) cannot count as that partition's.
    """
    def q(t: str) -> str:
        return '"' + t.replace('"', '""') + '"'
    body = " OR ".join(q(t) for t in terms)
    if not parts:
        return f"({body})"
    scope = " OR ".join("^" + q(p) for p in parts)
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


def placeholders(n: int) -> str:
    return ",".join("?" * n)


def rows_in(conn: sqlite3.Connection, sql: str, items: Sequence[Any]) -> list[Any]:
    """Run ``sql`` (one ``IN ({marks})``) over ``items`` in batches of 500."""
    out: list[Any] = []
    for i in range(0, len(items), 500):
        batch = list(items[i:i + 500])
        out += conn.execute(sql.format(marks=placeholders(len(batch))), batch).fetchall()
    return out


EVENT_VECTORS = Source(
    load=lambda conn, part: ((r[0], str(r[0]), r[1], r[2], r[3]) for r in conn.execute(
        "SELECT rowid, event_id, vec, is_tool FROM event_chunks WHERE part = ? AND vec IS NOT NULL", (part,))),
    fetch=lambda conn, items: [(r[0], str(r[0]), r[1], r[2], r[3]) for r in rows_in(
        conn, "SELECT rowid, event_id, vec, is_tool FROM event_chunks WHERE rowid IN ({marks}) AND vec IS NOT NULL",
        [int(i) for i in items])],
    resolve=lambda conn, keys: {r[0]: (r[1], bool(r[2])) for r in rows_in(
        conn, "SELECT rowid, event_id, is_tool FROM event_chunks WHERE rowid IN ({marks})", keys)},
    keys=lambda conn, items: {i: int(i) for i in items},
)

RECORD_VECTORS = Source(
    load=lambda conn, part: ((r[0], r[1], r[1], r[2], 0) for r in conn.execute(
        "SELECT rowid, id, vec FROM records WHERE part = ? AND status = 'active' AND vec IS NOT NULL", (part,))),
    fetch=lambda conn, items: [(r[0], r[1], r[1], r[2], 0) for r in rows_in(
        conn, "SELECT rowid, id, vec FROM records WHERE id IN ({marks}) AND status = 'active' AND vec IS NOT NULL",
        items)],
    resolve=lambda conn, keys: {r[0]: (r[1], False) for r in rows_in(
        conn, "SELECT rowid, id FROM records WHERE rowid IN ({marks}) AND status = 'active'", keys)},
    keys=lambda conn, items: {r[0]: r[1] for r in rows_in(conn, "SELECT id, rowid FROM records WHERE id IN ({marks})",
                                                        items)},
)

