"""The PostgreSQL backend: psycopg 3 with a connection pool, a postings table for terms, pgvector for vectors.

Several engram processes (servers, extraction workers) can share one database:

* migrations run under an advisory lock, so processes starting together apply each step once;
* write transactions are READ COMMITTED; a record about to change is read ``FOR UPDATE``, and the
  check-then-insert of a configuration version runs under its agent's advisory lock (agents never wait for
  each other), so concurrent writers behave as SQLite's one-writer-at-a-time does (a second supersede of
  one record gets a ConflictError, two writers of one agent's configuration never share a number);
* read transactions are REPEATABLE READ READ ONLY: one snapshot for every query of a recall;
* extraction jobs are claimed with ``FOR UPDATE SKIP LOCKED`` and a lease, so no two workers run one job
  and the job of a killed worker is taken again once its lease has expired.

Each transaction starts with ``SET LOCAL search_path`` (sent with ``BEGIN`` in one round trip), so no
session state is kept on a connection and transaction-mode poolers such as PgBouncer work.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import Any

import numpy as np
import psycopg
from psycopg import errors as pgerr
from psycopg import sql
from psycopg.adapt import AdaptersMap
from psycopg.rows import DictRow, dict_row
from psycopg.types import TypeInfo
from psycopg_pool import ConnectionPool, PoolTimeout

from ...errors import StoreError
from ..base import ApiKey, Store
from . import url as urlmod
from . import vectors
from .embedding import EmbeddingTx
from .erase import EraseTx
from .events import EventsTx
from .jobs import JobsTx
from .meta import MetaTx
from .reanalyse import ReanalyseTx
from .records import RecordsTx
from .replica import ReadYourWrites
from .schema import MIGRATIONS
from .search import SearchTx
from .sql import (
    COMMITTED_AT,
    HNSW_MAX_DIM,
    Conn,
    hung_up,
    lock_key,
    map_error,
    reason,
)
from .vectors import VectorBinaryLoader, VectorTextLoader, choose_plan, dumper_for

log = logging.getLogger("engram.postgres")


class PgTx(MetaTx, EventsTx, RecordsTx, SearchTx, ReanalyseTx, EmbeddingTx, JobsTx, EraseTx):
    """A transaction on one pooled connection; see :class:`engram.stores.base.Tx` for the contract."""


PROBE_TIMEOUT = 5  # seconds a connection attempt may take that asks why the pool had no connection (_unreachable)
FIRST_PASS_KEPT = 10_000  # sets of partitions whose last recall's choices are remembered


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
        self.hnsw_ready: set[str] = set()  # the partitions' valid HNSW indexes, by name (vectors.hnsw_name)
        self.meta_once: dict[str, str] = {}  # ONCE_META values already committed
        self._hnsw_lock = threading.Lock()
        self._hnsw_pending: set[tuple[str, int, str]] = set()  # (table, dim, part) to build
        self._builder: threading.Thread | None = None
        self._closing = False
        self.ryw = ReadYourWrites()
        # how the last recall of each set of partitions searched them (SearchTx.records_first_pass)
        self.first_pass: dict[tuple[tuple[str, ...], int, int], tuple[bool, tuple[tuple[str, str, int, int], ...]]] = {}
        self._migrate()
        self.begin_sql = {True: "BEGIN", False: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"}
        self.search_path = f'"{self.schema}", "{self.vector_schema}"'
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
        # a lost server is tried again at least every pool_timeout / 2 (psycopg_pool's default backs off for up to
        # 5 minutes), so once it is back the next request waits at most that long for a connection
        pool = ConnectionPool(conninfo, connection_class=psycopg.Connection[DictRow], kwargs=kwargs,
                              min_size=self.settings.pool_min, max_size=self.settings.pool_max,
                              timeout=self.settings.pool_timeout, reconnect_timeout=self.settings.pool_timeout / 2,
                              name=name, open=False)
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
            raise StoreError(f"cannot connect to PostgreSQL: {reason(exc)}", field="url") from exc
        try:
            with conn:
                self._ensure_vector(conn)
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", [lock_key(self.schema, "migrate")])
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
                    # the partitions' HNSW indexes built so far and valid (a build may still be in progress)
                    found = conn.execute(
                        "SELECT c.relname FROM pg_class c "
                        "JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_namespace n ON n.oid = c.relnamespace "
                        "WHERE n.nspname = %s AND i.indisvalid AND c.relname ~ %s",
                        [self.schema, vectors.HNSW_INDEX]).fetchall()
                    self.hnsw_ready = {str(r["relname"]) for r in found}
                # reads wait for the replica to have the schema as this process left it (replica.py)
                at = conn.execute(COMMITTED_AT).fetchone()
                self.ryw.committed(at["at"] if at else None)
        except psycopg.Error as exc:
            raise map_error(exc) from exc

    def _ensure_vector(self, conn: Conn) -> None:
        """Find (or create, database-wide and once) the pgvector extension; remember its schema and type."""
        with conn.transaction():
            found = conn.execute(
                "SELECT n.nspname, t.oid, t.typarray FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
                "JOIN pg_type t ON t.typnamespace = n.oid AND t.typname = 'vector' WHERE e.extname = 'vector'"
            ).fetchone()
            if found is None:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", [lock_key("extension", "vector")])
                try:
                    conn.execute(f'CREATE EXTENSION IF NOT EXISTS vector SCHEMA "{self.vector_schema}"')
                except (pgerr.InsufficientPrivilege, pgerr.FeatureNotSupported, pgerr.UndefinedFile) as exc:
                    raise StoreError(
                        "the pgvector extension is not installed in this database and engram may not create "
                        f"it ({map_error(exc).message}); run CREATE EXTENSION vector as an administrator",
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

    def remember_first_pass(self, key: tuple[tuple[str, ...], int, int],
                            choice: tuple[bool, tuple[tuple[str, str, int, int], ...]]) -> None:
        if len(self.first_pass) >= FIRST_PASS_KEPT:
            self.first_pass.clear()
        self.first_pass[key] = choice

    def request_hnsw(self, table: str, dim: int, part: str) -> None:
        """Queue the build of a partition's HNSW index; one background thread per store runs the queue."""
        key = (table, dim, part)
        with self._hnsw_lock:
            if vectors.hnsw_name(*key) in self.hnsw_ready or key in self._hnsw_pending or self._closing:
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
                key = min(self._hnsw_pending)
            try:
                self.ensure_hnsw(*key)
            except StoreError as exc:
                log.warning("could not build the HNSW index %s (%s); search stays exact", vectors.hnsw_name(*key), exc)
            with self._hnsw_lock:
                self._hnsw_pending.discard(key)

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
        until its pages are marked all-visible, each posting a text search reads also visits the table. Its
        btree indexes are rebuilt first (``REINDEX … CONCURRENTLY``: writers are not blocked): every write adds
        postings at the right end of each of its terms' runs, which splits pages half-full that nothing fills
        again, so after a load they are 54-64% full (at 100k records 219 MB; rebuilt, 140 MB). The btrees of
        ``records`` and ``event_chunks`` are rebuilt too, for the same reason: a partition's rows go in at the end
        of its run in ``(part, …)`` order, in the middle of the index (1,000 actors' 100k records: the
        partition indexes were 25 MB, rebuilt 12 MB). HNSW indexes are left as they are.

        A partition's plan depends on its own size only, and each ``hnsw`` partition has an index of its own
        (``ensure_hnsw``), built here one after the other.
        """
        del save
        try:
            with psycopg.connect(self.settings.direct_conninfo, autocommit=True) as conn:
                # an interrupted rebuild leaves its new index invalid but still written to: drop it first
                found = conn.execute(
                    "SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                    "JOIN pg_am a ON a.oid = c.relam JOIN pg_class t ON t.oid = i.indrelid "
                    "JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = %s AND a.amname = 'btree' "
                    "AND t.relname IN ('postings', 'records', 'event_chunks') ORDER BY t.relname, c.relname",
                    [self.schema]).fetchall()
                for name, valid in found:
                    if not valid and "ccnew" in name:
                        conn.execute(f'DROP INDEX CONCURRENTLY IF EXISTS "{self.schema}"."{name}"')
                for name, valid in found:
                    if valid:
                        conn.execute(f'REINDEX INDEX CONCURRENTLY "{self.schema}"."{name}"')
                conn.execute(f'VACUUM (ANALYZE) "{self.schema}".postings')
                conn.execute(f'ANALYZE "{self.schema}".records, "{self.schema}".event_chunks, "{self.schema}".stats')
        except psycopg.Error as exc:
            raise map_error(exc) from exc
        with self.read() as tx:
            rows = tx.c.execute("SELECT kind, key, sum(n) AS n FROM stats WHERE kind IN ('pe', 'pr') "
                                "GROUP BY kind, key HAVING sum(n) > 0").fetchall()
        plans: dict[str, str] = {}
        for r in rows:
            part, table = str(r["key"]), "event_chunks" if r["kind"] == "pe" else "records"
            hnsw = self.settings.hnsw and choose_plan(int(r["n"]), k, has_index=True) == "hnsw"
            plans[part] = "hnsw" if hnsw and self.ensure_hnsw(table, dim, part) else "exact"
        return plans

    def _after_erase(self) -> None:
        """After an erase committed: vacuum the tables it deleted from (dead rows keep the actor's text, and the
        HNSW and btree indexes their entries, until then) and analyze them (pg_stats keeps sampled values).

        ANALYZE writes no statistics from a table with no rows: it keeps the old ones, sampled from the rows
        just erased. For a table the erase emptied, its columns' statistics are dropped instead, by altering
        each to its own type (no rewrite; PostgreSQL discards a column's statistics when its type is set)."""
        tables = ("events", "event_chunks", "records", "versions", "record_sources", "postings", "stats", "uses",
                  "jobs", "meta", "session_seqs")
        with psycopg.connect(self.settings.direct_conninfo, autocommit=True) as conn:
            self._drop_emptied_hnsw(conn)
            conn.execute(f"VACUUM (ANALYZE) {', '.join(f'{chr(34)}{self.schema}{chr(34)}.{t}' for t in tables)}")
            kept = conn.execute(
                "SELECT s.tablename, s.attname, format_type(a.atttypid, a.atttypmod) FROM pg_stats s "
                "JOIN pg_namespace n ON n.nspname = s.schemaname "
                "JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename "
                "JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = s.attname "
                "WHERE s.schemaname = %s AND s.tablename = ANY(%s) ORDER BY 1, 2",
                [self.schema, list(tables)]).fetchall()
            by_table: dict[str, list[tuple[str, str]]] = {}
            for table, column, type_name in kept:
                by_table.setdefault(table, []).append((column, type_name))
            for table, columns in by_table.items():
                name = f'"{self.schema}"."{table}"'
                if conn.execute(f"SELECT NOT EXISTS (SELECT 1 FROM {name})").fetchone() == (True,):
                    conn.execute(f"ALTER TABLE {name} " + ", ".join(
                        f'ALTER COLUMN "{column}" TYPE {type_name}' for column, type_name in columns))

    def _drop_emptied_hnsw(self, conn: psycopg.Connection[Any]) -> None:
        """Drop the HNSW index of every partition that no longer has a row it would hold (after an erase): it
        would otherwise stay forever, and its predicate names the partition (the erased actor) in the catalog.

        Each index's predicate, as the server prints it, is asked whether any row still meets it (a probe of
        the ``part`` btree); the index's advisory lock keeps a build of the same index out meanwhile."""
        found = conn.execute(
            "SELECT c.relname, t.relname, pg_get_expr(i.indpred, i.indrelid) FROM pg_index i "
            "JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname ~ %s",
            [self.schema, vectors.HNSW_INDEX]).fetchall()
        for name, table, pred in found:
            if pred is None:  # not one of ensure_hnsw's (they are all partial)
                continue
            key = lock_key(self.schema, "hnsw", name)
            conn.execute("SELECT pg_advisory_lock(%s)", [key])
            try:
                alive = conn.execute(sql.SQL("SELECT EXISTS (SELECT 1 FROM {} WHERE {})").format(
                    sql.Identifier(self.schema, table), sql.SQL(pred))).fetchone()
                if alive is not None and not alive[0]:
                    conn.execute(sql.SQL("DROP INDEX CONCURRENTLY IF EXISTS {}").format(
                        sql.Identifier(self.schema, name)))
                    with self._hnsw_lock:
                        self.hnsw_ready.discard(name)
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", [key])

    def ensure_hnsw(self, table: str, dim: int, part: str) -> bool:
        """Build the HNSW index of partition ``part``'s ``dim``-d vectors in ``table`` unless it exists; True
        when usable.

        One index per partition, partial on its key (``vectors.hnsw_name``): it holds that partition's rows
        and nobody else's, so what an approximate search returns never depends on another tenant's vectors.
        Runs ``CREATE INDEX CONCURRENTLY`` on its own connection, so writers are never blocked and no lock
        cycle with a writing transaction is possible; a session advisory lock keeps two processes from
        building one index, and an index left invalid by an interrupted build is built again. The indexed
        expression is ``vec::halfvec(d)`` over rows of that dimension only, so a table can hold the vectors
        of a new embedder while the old one's index stays valid. Half precision, as SQLite's usearch index
        stores its vectors: the graph is half the size and only chooses candidates, whose scores are
        computed from the full vectors.
        """
        cond = {"event_chunks": sql.SQL(""), "records": sql.SQL("status = 'active' AND ")}.get(table)
        if cond is None or not 0 < dim <= HNSW_MAX_DIM:
            return False
        name = vectors.hnsw_name(table, dim, part)
        try:
            with psycopg.connect(self.settings.direct_conninfo, autocommit=True) as conn:
                conn.execute(f'SET search_path TO "{self.schema}", "{self.vector_schema}"')
                conn.execute("SELECT pg_advisory_lock(%s)", [lock_key(self.schema, "hnsw", name)])
                row = conn.execute(
                    "SELECT i.indisvalid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid "
                    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname = %s",
                    [self.schema, name]).fetchone()
                if row is None or not row[0]:
                    ident = sql.Identifier(name)
                    if row is not None:
                        conn.execute(sql.SQL("DROP INDEX CONCURRENTLY IF EXISTS {}").format(ident))
                    conn.execute(sql.SQL(
                        "CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} USING hnsw "
                        "((vec::halfvec({dim})) halfvec_cosine_ops) WITH (m = {m}, ef_construction = {ef}) "
                        "WHERE {cond}part = {part} AND vector_dims(vec) = {dim}").format(
                        name=ident, table=sql.Identifier(table), dim=sql.Literal(dim), m=sql.Literal(vectors.HNSW_M),
                        ef=sql.Literal(vectors.HNSW_EF_CONSTRUCTION), cond=cond, part=sql.Literal(part)))
        except psycopg.Error as exc:
            raise map_error(exc) from exc
        with self._hnsw_lock:
            self.hnsw_ready.add(name)
        return True

    @contextmanager
    def _tx(self, write: bool) -> Iterator[PgTx]:
        """One transaction: commit on normal exit (after the statistics flush), roll back on any exception.
        psycopg errors leave as engram errors; the caller's own exceptions pass through unchanged."""
        if write or self._read_pool is None:
            pool, conn = self._pool, self._checkout(self._pool)
        else:
            pool, conn = self._read_conn(self._read_pool)
        tx: PgTx | None = None

        def replace(dead: Conn) -> Conn:
            """A fresh primary connection for a transaction whose connection died before anything of it ran
            (pipe.py); a primary one, since it has every commit where a replica may lag."""
            nonlocal pool, conn
            fresh = self._checkout(self._pool)
            dead.close()
            pool.putconn(dead)  # closed: the pool discards it
            pool, conn = self._pool, fresh
            return fresh

        try:
            tx = PgTx(self, conn, write=write)  # its BEGIN is queued: it goes out with the first query
            tx.c.reconnect = replace
            try:
                yield tx
                if write:
                    tx.flush()
                if write and self._read_pool is not None:  # where the replica must be before reading us
                    tx.c.later("COMMIT")
                    at = tx.c.execute(COMMITTED_AT).fetchone()
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
            raise map_error(exc) from exc
        finally:
            if tx is not None:
                tx.c.release()
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
                    raise map_error(exc) from exc
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
                why = self._unreachable(pool)
                if why is not None:
                    raise StoreError(f"cannot reach PostgreSQL: {why}") from exc
                raise StoreError(f"no PostgreSQL connection free within {self.settings.pool_timeout:g}s "
                                 "(raise pool_max or pool_timeout)") from exc
            except psycopg.Error as exc:
                raise map_error(exc) from exc
            if not conn.closed and not hung_up(conn):
                return conn
            conn.close()
            pool.putconn(conn)  # closed: the pool discards it and opens a new one
        raise StoreError("every pooled PostgreSQL connection was closed by the server; is it restarting?")

    def _unreachable(self, pool: ConnectionPool[Conn]) -> str | None:
        """Why no connection came from ``pool`` in time, when it is the server's fault: one direct connection
        attempt, made only after a timeout. A server that is down or refusing (its error, e.g. "Connection
        refused") is not an exhausted pool, and raising ``pool_max`` would not help; None when it answers."""
        conninfo = pool.conninfo if isinstance(pool.conninfo, str) else pool.conninfo()
        try:
            psycopg.connect(conninfo, connect_timeout=PROBE_TIMEOUT).close()
        except psycopg.Error as exc:
            return reason(exc)
        return None

    def write(self) -> AbstractContextManager[PgTx]:
        return self._tx(True)

    def read(self) -> AbstractContextManager[PgTx]:
        return self._tx(False)

    def find_key(self, key_hash: str) -> ApiKey | None:
        """One round trip on the primary (a revocation shows at once), where a read transaction takes two:
        the pooled connections are in autocommit, so the statement is its own transaction."""
        conn = self._checkout(self._pool)
        try:
            row = conn.execute(f'SELECT * FROM "{self.schema}".api_keys WHERE key_hash = %s', [key_hash]).fetchone()
        except psycopg.Error as exc:
            raise map_error(exc) from exc
        finally:
            self._pool.putconn(conn)
        return MetaTx.key_of(row) if row else None

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


# mypy checks the backend, and through its read()/write() its transactions, against the protocols
_CHECKED: type[Store] = PostgresStore
