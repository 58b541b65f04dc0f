"""Exact vector search for SQLite: per-partition matrices kept in memory, synced through ``vec_changes``.

This Python's sqlite3 cannot load extensions, so vectors live as float32 blobs and are searched with
NumPy. A partition is one agent's agent-level records, one actor's records, or one session's events, so a
query never touches other scopes' vectors. Every process keeps its own cache and catches up by reading
the ``vec_changes`` log (adds, deletes, resets) past the last sequence it saw, so writers in other
processes are seen on the next query.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

# part -> rows (item, owner, vector, is_tool) for a full load
Loader = Callable[[sqlite3.Connection, str], list[tuple[str, str, bytes, int]]]
# (conn, items) -> rows for items added since the last sync
Fetcher = Callable[[sqlite3.Connection, list[str]], list[tuple[str, str, bytes, int]]]


@dataclass
class _Partition:
    dim: int
    seq: int = 0
    items: list[str] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    pos: dict[str, int] = field(default_factory=dict)
    mat: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    alive: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    tool: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    n: int = 0

    def add(self, rows: list[tuple[str, str, bytes, int]]) -> None:
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
        for item, owner, blob, is_tool in rows:
            vec = np.frombuffer(blob, dtype=np.float32)
            if vec.shape[0] != self.dim:
                continue
            if item in self.pos:
                i = self.pos[item]
            else:
                i = self.n
                self.n += 1
                self.items.append(item)
                self.owners.append(owner)
                self.pos[item] = i
            self.mat[i] = vec
            self.alive[i] = True
            self.tool[i] = bool(is_tool)

    def remove(self, items: list[str]) -> None:
        for item in items:
            i = self.pos.get(item)
            if i is not None:
                self.alive[i] = False


class VectorCache:
    """Per-process cache of partition matrices; thread-safe; bounded by total rows kept."""

    def __init__(self, dim: int, *, max_rows: int = 5_000_000) -> None:
        self.dim = dim
        self.max_rows = max_rows
        self._parts: OrderedDict[str, _Partition] = OrderedDict()
        self._lock = threading.Lock()

    def _sync(self, conn: sqlite3.Connection, part: str, load: Loader, fetch: Fetcher) -> _Partition:
        p = self._parts.get(part)
        if p is not None:
            changes = conn.execute(
                "SELECT seq, item, op FROM vec_changes WHERE part = ? AND seq > ? ORDER BY seq", (part, p.seq)
            ).fetchall()
            if any(op == "reset" for _, _, op in changes):
                p = None
            elif changes:
                adds = [item for _, item, op in changes if op == "add"]
                dels = [item for _, item, op in changes if op == "del"]
                # apply in order: an item deleted after being added stays deleted
                last: dict[str, str] = {}
                for _, item, op in changes:
                    last[item] = op
                if adds:
                    p.add(fetch(conn, [i for i in dict.fromkeys(adds) if last.get(i) == "add"]))
                p.remove([i for i in dels if last.get(i) == "del"])
                p.seq = changes[-1][0]
        if p is None:
            row = conn.execute("SELECT max(seq) FROM vec_changes WHERE part = ?", (part,)).fetchone()
            p = _Partition(dim=self.dim, seq=row[0] or 0)
            p.add(load(conn, part))
        self._parts[part] = p
        self._parts.move_to_end(part)
        total = sum(x.n for x in self._parts.values())
        while total > self.max_rows and len(self._parts) > 1:
            _, old = self._parts.popitem(last=False)
            total -= old.n
        return p

    def search(self, conn: sqlite3.Connection, part: str, query: np.ndarray, k: int, *, load: Loader,
               fetch: Fetcher, include_tools: bool = True) -> tuple[list[tuple[str, float]], int]:
        """Top ``k`` owners by cosine (best chunk per owner) and the partition's live size."""
        with self._lock:
            p = self._sync(conn, part, load, fetch)
            if p.n == 0:
                return [], 0
            scores = p.mat[: p.n] @ query.astype(np.float32)
            mask = p.alive[: p.n] if include_tools else (p.alive[: p.n] & ~p.tool[: p.n])
            live = int(mask.sum())
            scores = np.where(mask, scores, -np.inf)
            owners = p.owners
        fetch_n = min(p.n, max(k * 3, k + 16))
        idx = np.argpartition(-scores, fetch_n - 1)[:fetch_n] if fetch_n < scores.shape[0] else np.arange(
            scores.shape[0])
        idx = idx[np.argsort(-scores[idx], kind="stable")]
        out: dict[str, float] = {}
        for i in idx:
            s = float(scores[i])
            if s == -np.inf:
                break
            owner = owners[i]
            if owner not in out:
                out[owner] = s
                if len(out) >= k:
                    break
        return list(out.items()), live
