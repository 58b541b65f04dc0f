"""SQLite: re-derive every stored term list when the analyser changes (see ``SearchTx.reanalyse``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...types import record_text
from .txbase import TxBase

BATCH = 2_000


class ReanalyseTx(TxBase):
    """Term lists re-derived in place: records' ``fts_terms`` and event chunks' ``terms`` (each led by its
    partition token, as written), then both FTS5 indexes rebuilt from them."""

    def reanalyse(self, version: str, analyse: Callable[[str], Sequence[str]]) -> int:
        row = self.c.execute("SELECT value FROM meta WHERE key = 'analyzer'").fetchone()
        if row is not None and row[0] == version:
            return 0  # a write transaction holds SQLite's one write lock: no one else is doing this now
        changed = self._rewrite(
            "SELECT rowid, part, summary, content, fact_key, fts_terms FROM records WHERE rowid > ? ORDER BY rowid "
            "LIMIT ?", "UPDATE records SET fts_terms = ? WHERE rowid = ?",
            lambda r: " ".join((str(r[1]), *analyse(record_text(str(r[2]), _opt(r[3]), _opt(r[4]))))), 5)
        changed += self._rewrite(
            "SELECT rowid, part, text, terms FROM event_chunks WHERE rowid > ? ORDER BY rowid LIMIT ?",
            "UPDATE event_chunks SET terms = ? WHERE rowid = ?",
            lambda r: " ".join((str(r[1]), *analyse(str(r[2])))), 3)
        # only active records are in record_fts; every chunk is in event_fts
        self.c.execute("INSERT INTO record_fts (record_fts) VALUES ('delete-all')")
        self.c.execute("INSERT INTO record_fts (rowid, fts_terms) SELECT rowid, fts_terms FROM records "
                       "WHERE status = 'active'")
        self.c.execute("INSERT INTO event_fts (event_fts) VALUES ('rebuild')")
        self.c.execute("INSERT INTO meta (key, value) VALUES ('analyzer', ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (version,))
        self.s.df_cache.clear()
        return changed

    def _rewrite(self, select: str, update: str, terms_of: Callable[[tuple[object, ...]], str], old: int) -> int:
        """Rewrite the term column (at index ``old`` of ``select``'s rows) of the rows whose terms change."""
        changed, last = 0, 0
        while True:
            rows = self.c.execute(select, (last, BATCH)).fetchall()
            if not rows:
                return changed
            todo = [(new, r[0]) for r in rows if (new := terms_of(tuple(r))) != r[old]]
            self.c.executemany(update, todo)
            changed += len(todo)
            last = rows[-1][0]


def _opt(value: object) -> str | None:
    return None if value is None else str(value)
