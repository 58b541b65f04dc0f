"""PostgreSQL stored vectors: re-embedding after a change of embedder, and the history indexer (chunks committed
before they are embedded)."""

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
        """A page of (key, text) in key order: records by id, chunks by their (append-order) id."""
        if kind == "records":
            rows = self._all("SELECT id, summary, content, fact_key FROM records WHERE id > %s ORDER BY id "
                             "LIMIT %s", [after or "", limit])
            return [(r["id"], record_text(r["summary"], r["content"], r["fact_key"])) for r in rows]
        rows = self._all("SELECT id, text FROM event_chunks WHERE id > %s ORDER BY id LIMIT %s",
                         [int(after or 0), limit])
        return [(str(r["id"]), r["text"]) for r in rows]

    def set_vectors(self, kind: VectorKind, vectors: Sequence[tuple[str, np.ndarray]]) -> None:
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

    def unembedded_chunks(self, session: tuple[str, str | None, str | None] | None, *, limit: int
                          ) -> list[tuple[str, str]]:
        if session is None:
            rows = self._all("SELECT id, text FROM event_chunks WHERE vec IS NULL ORDER BY id LIMIT %s", [limit])
        else:
            rows = self._all("SELECT id, text FROM event_chunks WHERE vec IS NULL AND part = %s ORDER BY id "
                             "LIMIT %s", [event_part(*session), limit])
        return [(str(r["id"]), r["text"]) for r in rows]

    def fill_chunk_vectors(self, vectors: Sequence[tuple[str, np.ndarray]]) -> int:
        """Fill chunks still without a vector: one ``UPDATE`` over binary arrays, sent with the transaction's
        ``BEGIN`` (an indexer pass costs two round trips, not one per chunk plus two)."""
        first = {int(k): v for k, v in reversed(vectors)}  # a key given twice: its first vector, as before
        if not first:
            return 0
        ids = sorted(first)
        # a fill lost in a crash leaves its chunks without vectors, and they are embedded again (the backlog is
        # the NULL vectors): its commit need not wait for the WAL flush, nor hold up the appends' commits
        self.c.later("SELECT set_config('synchronous_commit', 'off', true)")
        cur = self.c.execute("UPDATE event_chunks c SET vec = u.v FROM unnest(%b::bigint[], %b::vector[]) "
                             "AS u(id, v) WHERE c.id = u.id AND c.vec IS NULL",
                             [ids, [first[i].astype(np.float32) for i in ids]])
        return max(cur.rowcount, 0)
