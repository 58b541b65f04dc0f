"""Vector search for SQLite: exact NumPy search per partition, HNSW (usearch) for large partitions.

This Python's sqlite3 cannot load extensions, so vectors live as float32 blobs in the tables and are searched
here. A partition is one agent's agent-level records, one actor's records, or one session's events, so a
query never touches other scopes' vectors. Every process keeps its own cache and catches up by reading the
``vec_changes`` log (adds, deletes, resets) past the last sequence it saw, so writers in other processes are
seen on the next query.

* Up to ``ANN_THRESHOLD`` live vectors a partition is an exact float32 matrix (about 12 ms per query at 100k
  x 384 on one core, linear in size).
* Above it, when ``usearch`` is installed (the ``ann`` extra), the partition becomes an HNSW index in float16
  (cosine via inner product of unit vectors): built once from the matrix, then grown incrementally. Changes
  since the index was last brought up to date stay beside it (added vectors searched exactly, deleted keys
  filtered out) until ``ANN_FOLD`` of them are folded in. For a file database the index is saved next to it
  (``<db>.ann/<partition>.usearch``, with the ``vec_changes`` sequence it covers) and memory-mapped when a
  process opens it, so a restart does not rebuild it. Without usearch every partition stays exact.

Keys are the rows' SQLite rowids; the store resolves the few keys a search returns to owners (record or event
ids) with one indexed query.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

ANN_THRESHOLD = 20_000  # live vectors above which a partition is searched with HNSW (when usearch is installed)
ANN_FOLD = 5_000  # pending changes beside an index before they are folded into it
ANN_SAVE = 0.25  # a search saves a folded index once this share of it (and ANN_FOLD x 4 rows) is unsaved
ANN_CONNECTIVITY = 16
ANN_EXPANSION_ADD = 128
ANN_EXPANSION_SEARCH = 128

# (key = rowid, item as logged in vec_changes, owner = record or event id, float32 blob, is_tool)
Row = tuple[int, str, str, bytes, int]


@dataclass(frozen=True, slots=True)
class Source:
    """How the cache reads one kind of vectors (records or event chunks) from the database."""

    load: Callable[[sqlite3.Connection, str], Iterable[Row]]  # every live row of a partition
    fetch: Callable[[sqlite3.Connection, list[str]], list[Row]]  # the live rows of these logged items
    resolve: Callable[[sqlite3.Connection, list[int]], dict[int, tuple[str, bool]]]  # key -> (owner, is_tool)
    keys: Callable[[sqlite3.Connection, list[str]], dict[str, int]]  # logged item -> key


def _usearch() -> Any:
    """The usearch Index class. onnxruntime (the default embedder) is imported first when installed: importing
    it after usearch crashes the process (usearch 2.26 with onnxruntime 1.32, Linux)."""
    with contextlib.suppress(ImportError):
        import onnxruntime  # noqa: F401
    from usearch.index import Index

    return Index


def drop_saved(ann_dir: str | os.PathLike[str], parts: Iterable[str]) -> int:
    """Delete the saved HNSW files (every dimension, temporaries too) of these partitions; returns how many."""
    root = Path(ann_dir)
    if not root.is_dir():
        return 0
    wanted = set(parts)
    n = 0
    for path in root.iterdir():
        if path.name.split("-", 1)[0] in wanted:
            path.unlink(missing_ok=True)
            n += 1
    return n


def usearch_available() -> bool:
    try:
        _usearch()
    except ImportError:
        return False
    return True


@dataclass
class _Exact:
    """A partition held as a float32 matrix; also the "added since the index" part of an HNSW partition."""

    dim: int
    seq: int = 0
    keys: list[int] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    pos: dict[int, int] = field(default_factory=dict)
    mat: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    alive: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    tool: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    n: int = 0
    live: int = 0

    def add(self, rows: Iterable[Row]) -> None:
        rows = list(rows)
        need = self.n + len(rows)
        if need > self.mat.shape[0]:
            cap = max(need, 2 * self.mat.shape[0], 64)
            mat = np.zeros((cap, self.dim), np.float32)
            if self.n:
                mat[: self.n] = self.mat[: self.n]
            alive = np.zeros(cap, bool)
            alive[: self.n] = self.alive[: self.n]
            tool = np.zeros(cap, bool)
            tool[: self.n] = self.tool[: self.n]
            self.mat, self.alive, self.tool = mat, alive, tool
        for key, _item, owner, blob, is_tool in rows:
            vec = np.frombuffer(blob, dtype=np.float32)
            if vec.shape[0] != self.dim:
                continue
            i = self.pos.get(key)
            if i is None:
                i = self.n
                self.n += 1
                self.keys.append(key)
                self.owners.append(owner)
                self.pos[key] = i
            if not self.alive[i]:
                self.live += 1
            self.mat[i] = vec
            self.alive[i] = True
            self.tool[i] = bool(is_tool)

    def remove(self, keys: Iterable[int]) -> None:
        for key in keys:
            i = self.pos.get(key)
            if i is not None and self.alive[i]:
                self.alive[i] = False
                self.live -= 1

    def scores(self, query: np.ndarray, include_tools: bool) -> np.ndarray:
        if self.n == 0:
            return np.zeros(0, np.float32)
        mask = self.alive[: self.n] if include_tools else (self.alive[: self.n] & ~self.tool[: self.n])
        return np.where(mask, self.mat[: self.n] @ query, -np.inf)

    def rows(self) -> list[tuple[int, str, np.ndarray, bool]]:
        """Live (key, owner, vector, is_tool) rows."""
        return [(self.keys[i], self.owners[i], self.mat[i], bool(self.tool[i])) for i in range(self.n)
                if self.alive[i]]


def _top(scores: np.ndarray, n: int) -> np.ndarray:
    n = min(n, scores.shape[0])
    if n <= 0:
        return np.zeros(0, np.int64)
    idx = np.argpartition(-scores, n - 1)[:n] if n < scores.shape[0] else np.arange(scores.shape[0])
    return idx[np.argsort(-scores[idx], kind="stable")]


@dataclass
class _Ann:
    """A large partition: an HNSW index plus the changes not yet folded into it."""

    dim: int
    index: Any  # usearch.index.Index
    seq: int  # vec_changes sequence the caches has caught up with
    index_seq: int  # sequence the index itself covers
    delta: _Exact
    dead: set[int] = field(default_factory=set)  # keys deleted since index_seq that are still in the index
    viewed: bool = False  # memory-mapped, read-only: load before adding
    unsaved: int = 0  # rows folded in since the index file was written
    size: int = 0  # keys in the index, dead ones included
    origin: str = ""  # the partition's first logged change: another database (or an erased one) has another

    @property
    def live(self) -> int:
        return self.size - len(self.dead) + self.delta.live

    @property
    def pending(self) -> int:
        return self.delta.live + len(self.dead)


def _origin(conn: sqlite3.Connection, part: str) -> str:
    """The partition's first logged change, which identifies its history in this database."""
    row = conn.execute("SELECT seq, item FROM vec_changes WHERE part = ? ORDER BY seq LIMIT 1", (part,)).fetchone()
    return f"{row[0]}:{row[1]}" if row else ""


def _new_index(dim: int) -> Any:
    return _usearch()(ndim=dim, metric="ip", dtype="f16", connectivity=ANN_CONNECTIVITY,
                 expansion_add=ANN_EXPANSION_ADD, expansion_search=ANN_EXPANSION_SEARCH)


class VectorCache:
    """Per-process cache of partitions; thread-safe; exact matrices bounded by ``max_rows`` in total.

    ``ann_dir`` is where HNSW indexes are saved (None: kept in memory only); ``ann_threshold`` None or
    usearch missing: every partition stays exact.
    """

    def __init__(self, dim: int, *, max_rows: int = 5_000_000, ann_dir: str | os.PathLike[str] | None = None,
                 ann_threshold: int | None = ANN_THRESHOLD) -> None:
        self.dim = dim
        self.max_rows = max_rows
        self.ann_dir = Path(ann_dir) if ann_dir is not None else None
        self.ann_threshold = ann_threshold if ann_threshold is not None and usearch_available() else None
        self._parts: OrderedDict[str, _Exact | _Ann] = OrderedDict()
        self._lock = threading.Lock()

    # -- files ---------------------------------------------------------------------------------------------
    def _paths(self, part: str) -> tuple[Path, Path] | None:
        if self.ann_dir is None:
            return None
        return self.ann_dir / f"{part}-{self.dim}.usearch", self.ann_dir / f"{part}-{self.dim}.json"

    def _save(self, part: str, p: _Ann) -> None:
        paths = self._paths(part)
        if paths is None or p.viewed:
            return
        index_path, meta_path = paths
        index_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = index_path.with_suffix(f".tmp{os.getpid()}")
        p.index.save(str(tmp))
        os.replace(tmp, index_path)  # index first: a reader pairing a newer index with an older seq only replays
        meta_tmp = meta_path.with_suffix(f".tmp{os.getpid()}")
        meta_tmp.write_text(json.dumps({"seq": p.index_seq, "dim": self.dim, "size": p.size, "origin": p.origin}))
        os.replace(meta_tmp, meta_path)
        p.unsaved = 0

    def forget(self, parts: Iterable[str]) -> None:
        """Drop these partitions from the cache (an erase emptied them); the next search reloads them."""
        with self._lock:
            for part in parts:
                self._parts.pop(part, None)

    def _drop_files(self, part: str) -> None:
        for path in self._paths(part) or ():
            path.unlink(missing_ok=True)

    def _open_saved(self, conn: sqlite3.Connection, part: str, source: Source) -> _Ann | None:
        paths = self._paths(part)
        if paths is None or self.ann_threshold is None or not paths[0].exists() or not paths[1].exists():
            return None
        try:
            meta = json.loads(paths[1].read_text())
            index = _usearch().restore(str(paths[0]), view=True)
        except (OSError, ValueError, RuntimeError) as exc:
            log.warning("ignoring unreadable HNSW index for %s: %s", part, exc)
            return None
        if index is None or meta.get("dim") != self.dim or index.ndim != self.dim:
            return None
        seq = int(meta["seq"])
        origin = _origin(conn, part)
        if meta.get("origin") != origin or conn.execute(
                "SELECT 1 FROM vec_changes WHERE part = ? AND seq > ? AND op = 'reset'", (part, seq)).fetchone():
            return None  # another database at this path, or erased since: rebuild
        p = _Ann(dim=self.dim, index=index, seq=seq, index_seq=seq, delta=_Exact(self.dim), viewed=True,
                 size=len(index), origin=origin)
        self._catch_up(conn, part, p, source)
        return p

    # -- sync ----------------------------------------------------------------------------------------------
    def _catch_up(self, conn: sqlite3.Connection, part: str, p: _Exact | _Ann, source: Source) -> bool:
        """Apply logged changes past ``p.seq``; False when a reset means the partition must be reloaded."""
        changes = conn.execute("SELECT seq, item, op FROM vec_changes WHERE part = ? AND seq > ? ORDER BY seq",
                               (part, p.seq)).fetchall()
        if not changes:
            return True
        if any(op == "reset" for _, _, op in changes):
            return False
        last: dict[str, str] = {}
        for _, item, op in changes:
            last[item] = op  # applied in order: an item deleted after being added stays deleted
        adds = [i for i, op in last.items() if op == "add"]
        dels = [i for i, op in last.items() if op == "del"]
        rows = source.fetch(conn, adds) if adds else []
        gone = list(source.keys(conn, dels).values()) if dels else []
        if isinstance(p, _Exact):
            p.add(rows)
            p.remove(gone)
        else:
            p.delta.add(rows)
            for key in gone:
                if key in p.delta.pos:
                    p.delta.remove([key])
                else:
                    p.dead.add(key)
        p.seq = changes[-1][0]
        return True

    def _load(self, conn: sqlite3.Connection, part: str, source: Source) -> _Exact | _Ann:
        p = self._open_saved(conn, part, source)
        if p is not None:
            return p
        row = conn.execute("SELECT max(seq) FROM vec_changes WHERE part = ?", (part,)).fetchone()
        exact = _Exact(dim=self.dim, seq=row[0] or 0)
        exact.add(source.load(conn, part))
        return exact

    def _sync(self, conn: sqlite3.Connection, part: str, source: Source, *, save: bool = True) -> _Exact | _Ann:
        p = self._parts.get(part)
        if p is not None and not self._catch_up(conn, part, p, source):
            self._drop_files(part)
            p = None
        if p is None:
            p = self._load(conn, part, source)
        if isinstance(p, _Exact) and self.ann_threshold is not None and p.live > self.ann_threshold:
            p = self._promote(part, p, _origin(conn, part), save=save)
        elif isinstance(p, _Ann) and p.pending >= ANN_FOLD:
            self._fold(part, p, save=save)
        self._parts[part] = p
        self._parts.move_to_end(part)
        total = sum(x.n for x in self._parts.values() if isinstance(x, _Exact))
        while total > self.max_rows and len(self._parts) > 1:
            _, old = self._parts.popitem(last=False)
            total -= old.n if isinstance(old, _Exact) else 0
        return p

    def _promote(self, part: str, exact: _Exact, origin: str, *, save: bool = True) -> _Ann:
        """Build the HNSW index of a partition that grew past the threshold (once; then it grows)."""
        p = _Ann(dim=self.dim, index=_new_index(self.dim), seq=exact.seq, index_seq=exact.seq,
                 delta=_Exact(self.dim), origin=origin)
        rows = exact.rows()
        if rows:
            p.index.add(np.array([r[0] for r in rows], np.uint64), np.stack([r[2] for r in rows]), threads=2)
        p.size = len(rows)
        p.unsaved = p.size
        if save:
            self._save(part, p)
        return p

    def _fold(self, part: str, p: _Ann, *, save: bool = True) -> None:
        """Fold the pending changes into the index; save it when enough is unsaved (and ``save``)."""
        if p.viewed:
            paths = self._paths(part)
            loaded = _usearch().restore(str(paths[0])) if paths is not None else None
            if loaded is None:
                return
            p.index, p.viewed = loaded, False
        rows = p.delta.rows()
        keys = np.array([r[0] for r in rows], np.uint64)
        stale = sorted(p.dead | {int(k) for k, there in zip(keys, p.index.contains(keys), strict=True) if there}
                       if rows else p.dead)  # a replayed add the saved index already holds is re-added
        if stale:
            p.size -= int(p.index.remove(np.array(stale, np.uint64)))
        if rows:
            p.index.add(keys, np.stack([r[2] for r in rows]), threads=2)
            p.size += len(rows)
        p.unsaved += len(rows) + len(p.dead)
        p.delta, p.dead, p.index_seq = _Exact(self.dim), set(), p.seq
        if save and p.unsaved >= max(ANN_FOLD * 4, ANN_SAVE * p.size):
            self._save(part, p)

    # -- public --------------------------------------------------------------------------------------------
    def search(self, conn: sqlite3.Connection, part: str, query: np.ndarray, k: int, *, source: Source,
               include_tools: bool = True) -> tuple[list[tuple[str, float]], int]:
        """Top ``k`` owners by cosine (best chunk per owner) and the partition's live size."""
        q = query.astype(np.float32)
        fetch_n = max(k * 3, k + 16)
        with self._lock:
            p = self._sync(conn, part, source)
            if isinstance(p, _Exact):
                scores = p.scores(q, include_tools)
                idx = _top(scores, fetch_n)
                pairs = [(p.owners[i], float(scores[i])) for i in idx if scores[i] != -np.inf]
                return _best_per_owner(pairs, k), p.live
            found: list[tuple[int, float]] = []
            if p.size:
                res = p.index.search(q, min(p.size, fetch_n + len(p.dead)))
                found = [(int(key), 1.0 - float(d)) for key, d in zip(res.keys, res.distances, strict=True)
                         if int(key) not in p.dead]
            if p.delta.n:
                scores = p.delta.scores(q, True)
                found += [(p.delta.keys[i], float(scores[i])) for i in _top(scores, fetch_n) if scores[i] != -np.inf]
            live = p.live
        found.sort(key=lambda kv: -kv[1])
        owners = source.resolve(conn, [key for key, _ in found])
        pairs = [(owners[key][0], s) for key, s in found
                 if key in owners and (include_tools or not owners[key][1])]
        return _best_per_owner(pairs, k), live

    def maintain(self, conn: sqlite3.Connection, part: str, source: Source, *, save: bool = True) -> str:
        """Catch a partition up now (promote it, fold pending changes, save it); return its kind."""
        with self._lock:
            p = self._sync(conn, part, source, save=save)
            if isinstance(p, _Ann):
                if p.pending:
                    self._fold(part, p, save=save)
                if save and p.unsaved:
                    self._save(part, p)
                return "hnsw"
            return "exact"

    def kinds(self) -> dict[str, str]:
        """The partitions this process holds and how each is searched (exact | hnsw)."""
        with self._lock:
            return {part: "hnsw" if isinstance(p, _Ann) else "exact" for part, p in self._parts.items()}


def _best_per_owner(pairs: Iterable[tuple[str, float]], k: int) -> list[tuple[str, float]]:
    out: dict[str, float] = {}
    for owner, s in pairs:
        if owner not in out:
            out[owner] = s
            if len(out) >= k:
                break
    return list(out.items())
