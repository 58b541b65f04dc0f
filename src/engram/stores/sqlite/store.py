"""The SQLite backend: one file (or memory), WAL, FTS5 for terms, NumPy for vectors.

Concurrency: one connection per thread; write transactions start with ``BEGIN IMMEDIATE`` and wait on a
busy timeout, so several threads and processes share a file without "database is locked" reaching
callers under normal contention. ``sqlite://:memory:`` uses one shared connection behind a lock.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from ...errors import StoreError, ValidationError
from ..base import ApiKey, Store
from . import vectors as vectors_mod
from .embedding import EmbeddingTx
from .erase import EraseTx
from .events import EventsTx
from .jobs import JobsTx
from .meta import MetaTx
from .reanalyse import ReanalyseTx
from .records import RecordsTx
from .schema import MIGRATIONS
from .search import SearchTx
from .sql import (
    BUSY_TIMEOUT_MS,
    EVENT_VECTORS,
    RECORD_VECTORS,
    map_error,
)
from .vectors import VectorCache


class SqliteTx(MetaTx, EventsTx, RecordsTx, SearchTx, ReanalyseTx, EmbeddingTx, JobsTx, EraseTx):
    """A transaction on one connection; see :class:`engram.stores.base.Tx` for the contract."""


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
        # ((kind, *partitions), term) -> (doc freq, doc count) within those partitions (SearchTx._scope_stats)
        self.df_cache: dict[tuple[tuple[str, ...], str], tuple[int, int]] = {}
        self._synced_files: tuple[tuple[int, int] | None, ...] | None = None  # see _sync_directory
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
        try:  # the first statements read the file: not a database, locked exclusively elsewhere, unreadable
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA foreign_keys = ON")
            if not self.memory:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute(f"PRAGMA synchronous = {self.synchronous}")
        except sqlite3.Error as exc:
            conn.close()
            raise StoreError(f"cannot open SQLite database: {exc}", field="url") from exc
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
                if conn.in_transaction:  # SQLite rolls back by itself on some errors (disk full, I/O)
                    conn.execute("ROLLBACK")
                raise
            else:
                self._commit(conn)
                if self.synchronous == "EXTRA" and not self.memory:
                    self._sync_directory()
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

    def _sync_directory(self) -> None:
        """``synchronous=extra``: SQLite syncs what a WAL file holds, never the directory entry of a database or
        WAL file it has just created (in WAL mode its EXTRA is FULL), so after a power loss a new WAL file and
        the commits in it could be missing. The directory is synced after a commit whenever either file is
        new since the last sync (one ``fsync`` per new file, none per commit otherwise)."""
        found: list[tuple[int, int] | None] = []
        for name in (self.path, self.path + "-wal"):
            try:
                st = os.stat(name)
                found.append((st.st_dev, st.st_ino))
            except FileNotFoundError:
                found.append(None)
        if tuple(found) == self._synced_files:
            return
        fd = os.open(os.path.dirname(os.path.abspath(self.path)), os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        self._synced_files = tuple(found)

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
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise StoreError(f"SQLite could not commit: {exc}") from exc
                time.sleep(0.01)

    def write(self) -> AbstractContextManager[SqliteTx]:
        return self._tx("BEGIN IMMEDIATE")

    def find_key(self, key_hash: str) -> ApiKey | None:
        with self.read() as tx:  # in-process: a transaction costs no round trip here
            return tx.find_key(key_hash)

    def read(self) -> AbstractContextManager[SqliteTx]:
        return self._tx("BEGIN")

    def close(self) -> None:
        with self._conns_lock:
            for c in self._conns:
                c.close()
            self._conns.clear()
        self._local = threading.local()


# mypy checks the backend, and through its read()/write() its transactions, against the protocols
_CHECKED: type[Store] = SqliteStore
