"""PostgreSQL: re-derive every stored term list when the analyser changes (see ``SearchTx.reanalyse``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from psycopg.rows import DictRow

from ...types import record_text
from .txbase import TxBase

BATCH = 2_000

# the postings and document frequencies, rebuilt from the term columns as the write paths keep them: records'
# only while active, every chunk's (the other statistics, document counts and lengths, do not change)
_REBUILD = """
DELETE FROM postings;
INSERT INTO postings (seq, ph, kind, term)
    SELECT x.seq, x.ph, x.kind, x.term FROM (
        SELECT r.seq, hashtextextended(r.part, 0) AS ph, 'r'::"char" AS kind, t AS term
            FROM records r CROSS JOIN LATERAL posting_terms(r.terms) AS t WHERE r.status = 'active'
        UNION ALL
        SELECT c.id, hashtextextended(c.part, 0), 'e'::"char", t
            FROM event_chunks c CROSS JOIN LATERAL posting_terms(c.terms) AS t) AS x
    ORDER BY x.kind, x.term, x.seq;
DELETE FROM stats WHERE kind IN ('dfr', 'dfe');
INSERT INTO stats (kind, key, shard, n)
    SELECT 'dfr', u.t, 0, count(*) FROM records r,
        LATERAL (SELECT DISTINCT x FROM unnest(string_to_array(r.terms, ' ')) AS x WHERE x <> '') AS u(t)
        WHERE r.status = 'active' GROUP BY u.t
    UNION ALL
    SELECT 'dfe', u.t, 0, count(*) FROM event_chunks c,
        LATERAL (SELECT DISTINCT x FROM unnest(string_to_array(c.terms, ' ')) AS x WHERE x <> '') AS u(t)
        GROUP BY u.t;
"""


class ReanalyseTx(TxBase):
    """Term lists re-derived in place (records' and event chunks' ``terms``), then the postings and the
    document frequencies rebuilt from them, with the tables locked against writers, so concurrent openers do
    it once and no write lands between the rebuild's statements."""

    def reanalyse(self, version: str, analyse: Callable[[str], Sequence[str]]) -> int:
        # writers wait (their rows and postings would race the rebuild); readers go on; a second caller waits here
        self.c.execute("LOCK TABLE records, event_chunks, postings, stats IN SHARE ROW EXCLUSIVE MODE")
        row = self._one("SELECT value FROM meta WHERE key = 'analyzer'")
        if row is not None and row["value"] == version:
            return 0
        changed = self._rewrite("SELECT seq AS k, summary, content, fact_key, terms FROM records WHERE seq > %s "
                                "ORDER BY seq LIMIT %s", "records", "seq",
                                lambda r: record_text(r["summary"], r["content"], r["fact_key"]), analyse)
        changed += self._rewrite("SELECT id AS k, text, terms FROM event_chunks WHERE id > %s ORDER BY id LIMIT %s",
                                 "event_chunks", "id", lambda r: str(r["text"]), analyse)
        for statement in _REBUILD.split(";\n"):
            if statement.strip():
                self.c.execute(statement)
        self.c.execute("INSERT INTO meta (key, value) VALUES ('analyzer', %s) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [version])
        return changed

    def _rewrite(self, select: str, table: str, key: str, text_of: Callable[[DictRow], str],
                 analyse: Callable[[str], Sequence[str]]) -> int:
        """Rewrite ``table``'s ``terms`` where ``analyse`` of its row's text gives other terms; ``select`` reads
        the rows (their ``key`` as ``k``) after a key, in key order."""
        changed, last = 0, 0
        while True:
            rows = self._all(select, [last, BATCH])
            if not rows:
                return changed
            todo = [(r["k"], new) for r in rows if (new := " ".join(analyse(text_of(r)))) != r["terms"]]
            if todo:
                self.c.execute(f"UPDATE {table} t SET terms = d.terms FROM unnest(%s::bigint[], %s::text[]) "
                               f"AS d(k, terms) WHERE t.{key} = d.k", [[k for k, _ in todo], [t for _, t in todo]])
            changed += len(todo)
            last = rows[-1]["k"]
