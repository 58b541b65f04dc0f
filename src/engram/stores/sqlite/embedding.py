"""SQLite stored vectors: re-embedding after a change of embedder, and the history indexer (chunks committed before
they are embedded)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...types import record_text
from ..base import VectorKind
from .sql import (
    event_part,
)
from .txbase import TxBase


class EmbeddingTx(TxBase):
    """Reads and writes of stored vectors by key."""

    def texts_to_embed(self, kind: VectorKind, *, after: str | None, limit: int) -> list[tuple[str, str]]:
        if kind == "records":
            rows = self._all("SELECT id, summary, content, fact_key FROM records WHERE id > ? ORDER BY id LIMIT ?",
                             (after or "", limit))
            return [(r[0], record_text(r[1], r[2], r[3])) for r in rows]
        rows = self._all("SELECT rowid, text FROM event_chunks WHERE rowid > ? ORDER BY rowid LIMIT ?",
                         (int(after or 0), limit))
        return [(str(r[0]), r[1]) for r in rows]

    def set_vectors(self, kind: VectorKind, vectors: Sequence[tuple[str, np.ndarray]]) -> None:
        table, key = ("records", "id") if kind == "records" else ("event_chunks", "rowid")
        parts: set[str] = set()
        for k, v in vectors:
            row = self.c.execute(f"UPDATE {table} SET vec = ? WHERE {key} = ? RETURNING part",
                                 (v.astype(np.float32).tobytes(), k if kind == "records" else int(k))).fetchone()
            if row:
                parts.add(row[0])
        for p in parts:  # every process's cache reloads these partitions
            self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, '', 'reset')", (p,))

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
