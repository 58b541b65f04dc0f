"""PostgreSQL: re-derive every stored term list when the analyser changes (see ``SearchTx.reanalyse``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .embedding import EmbeddingTx

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


# the term column of each kind's rows, by the key ``texts_to_embed`` gives them
_UPDATE = {"records": "UPDATE records t SET terms = d.terms FROM unnest(%s::text[], %s::text[]) AS d(k, terms) "
                      "WHERE t.id = d.k",
           "chunks": "UPDATE event_chunks t SET terms = d.terms FROM unnest(%s::bigint[], %s::text[]) AS d(k, terms) "
                     "WHERE t.id = d.k"}


class ReanalyseTx(EmbeddingTx):
    """Term lists re-derived in place from the text each row is indexed and embedded by (``texts_to_embed``):
    records' and event chunks' ``terms``; then the postings and the document frequencies rebuilt from them,
    with the tables locked against writers, so concurrent openers do it once and no write lands between the
    rebuild's statements."""

    def reanalyse(self, version: str, analyse: Callable[[str], Sequence[str]]) -> int:
        # writers wait (their rows and postings would race the rebuild); readers go on; a second caller waits here
        self.c.execute("LOCK TABLE records, event_chunks, postings, stats IN SHARE ROW EXCLUSIVE MODE")
        row = self._one("SELECT value FROM meta WHERE key = 'analyzer'")
        if row is not None and row["value"] == version:
            return 0
        done = 0
        for kind in ("records", "chunks"):
            after: str | None = None
            while page := self.texts_to_embed(kind, after=after, limit=BATCH):
                keys = [k for k, _ in page] if kind == "records" else [int(k) for k, _ in page]
                self.c.execute(_UPDATE[kind], [keys, [" ".join(analyse(text)) for _, text in page]])
                done += len(page)
                after = page[-1][0]
        for statement in _REBUILD.split(";\n"):
            if statement.strip():
                self.c.execute(statement)
        self.c.execute("INSERT INTO meta (key, value) VALUES ('analyzer', %s) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [version])
        return done
