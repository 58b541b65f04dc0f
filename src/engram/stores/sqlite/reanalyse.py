"""SQLite: re-derive every stored term list when the analyser changes (see ``SearchTx.reanalyse``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .embedding import EmbeddingTx

BATCH = 2_000

# each term list is led by its row's partition token, as the write paths store it
_UPDATE = {"records": "UPDATE records SET fts_terms = rtrim(part || ' ' || ?) WHERE id = ?",
           "chunks": "UPDATE event_chunks SET terms = rtrim(part || ' ' || ?) WHERE rowid = ?"}


class ReanalyseTx(EmbeddingTx):
    """Term lists re-derived in place from the text each row is indexed and embedded by (``texts_to_embed``):
    records' ``fts_terms`` and event chunks' ``terms``; then both FTS5 indexes rebuilt from them."""

    def reanalyse(self, version: str, analyse: Callable[[str], Sequence[str]]) -> int:
        row = self.c.execute("SELECT value FROM meta WHERE key = 'analyzer'").fetchone()
        if row is not None and row[0] == version:
            return 0  # a write transaction holds SQLite's one write lock: no one else is doing this now
        done = 0
        for kind in ("records", "chunks"):
            after: str | None = None
            while page := self.texts_to_embed(kind, after=after, limit=BATCH):
                self.c.executemany(_UPDATE[kind], [(" ".join(analyse(text)), key if kind == "records" else int(key))
                                                   for key, text in page])
                done += len(page)
                after = page[-1][0]
        # only active records are in record_fts; every chunk is in event_fts
        self.c.execute("INSERT INTO record_fts (record_fts) VALUES ('delete-all')")
        self.c.execute("INSERT INTO record_fts (rowid, fts_terms) SELECT rowid, fts_terms FROM records "
                       "WHERE status = 'active'")
        self.c.execute("INSERT INTO event_fts (event_fts) VALUES ('rebuild')")
        self.c.execute("INSERT INTO meta (key, value) VALUES ('analyzer', ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (version,))
        self.s.df_cache.clear()
        return done
