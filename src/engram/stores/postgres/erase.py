"""PostgreSQL erasure of an actor (hard delete of everything the actor wrote or caused)."""

from __future__ import annotations

from ...types import EraseReport
from .sql import (
    record_part,
    split_terms,
)
from .txbase import TxBase


class EraseTx(TxBase):
    """Erasure of one actor in a transaction."""

    def erase_actor(self, agent: str, actor: str) -> EraseReport:
        ev_ids = [r["id"] for r in self._all("SELECT id FROM events WHERE agent = %s AND actor = %s", [agent, actor])]
        self._unindex_chunks("c.event_id = ANY(%s)", [ev_ids])
        n_events = self.c.execute("DELETE FROM events WHERE agent = %s AND actor = %s", [agent, actor]).rowcount
        # the actor's records, and records of other levels written in the actor's sessions or from its events
        recs = self._all("DELETE FROM records WHERE agent = %s AND ((part = %s AND actor = %s) OR "
                         "(part = %s AND prov_actor = %s) OR id IN "
                         "(SELECT record_id FROM record_sources WHERE event_id = ANY(%s))) "
                         "RETURNING id, seq, status, part, terms, actor",
                         [agent, record_part(agent, actor), actor, record_part(agent, None), actor, ev_ids])
        for r in recs:
            if r["status"] == "active":
                self._index_doc("r", r["part"], r["terms"], -1)
        self._unpost_records([(int(r["seq"]), r["terms"]) for r in recs if r["status"] == "active"])
        ids = [r["id"] for r in recs]
        n_derived = sum(1 for r in recs if r["actor"] != actor)
        n_versions = self.c.execute("DELETE FROM versions WHERE record_id = ANY(%s)", [ids]).rowcount
        self.c.execute("DELETE FROM record_sources WHERE record_id = ANY(%s)", [ids])
        n_uses = self.c.execute("DELETE FROM uses WHERE record_id = ANY(%s) OR (agent = %s AND actor = %s)",
                                [ids, agent, actor]).rowcount
        n_prov = self.c.execute("UPDATE versions SET actor = NULL, session = NULL, turn_id = NULL WHERE actor = %s "
                                "AND record_id IN (SELECT id FROM records WHERE agent = %s)", [actor, agent]).rowcount
        n_jobs = self.c.execute("DELETE FROM jobs WHERE agent = %s AND actor = %s", [agent, actor]).rowcount
        n_cursors = self.c.execute("DELETE FROM session_seqs WHERE agent = %s AND actor = %s",
                                    [agent, actor]).rowcount
        # statistics rows of terms (and partitions) nobody else uses any more would still name the actor's words:
        # those this erase counted out, and those of its superseded and forgotten records (counted out when
        # they stopped being active, their rows left at n = 0)
        touched = set(k for k in self._delta if k[0] in ("dfe", "dfr", "pe", "pr"))
        for r in recs:
            touched.add(("pr", r["part"]))
            touched.update(("dfr", t) for t in split_terms(r["terms"]))
        self.flush()
        n_terms = self.c.execute(
            "DELETE FROM stats s USING (SELECT kind, key FROM stats WHERE (kind, key) IN (SELECT * FROM "
            "unnest(%s::text[], %s::text[])) GROUP BY kind, key HAVING sum(n) <= 0) z "
            "WHERE s.kind = z.kind AND s.key = z.key", [[k[0] for k in touched], [k[1] for k in touched]]).rowcount
        self.erased = True  # vacuum and analyze once committed, whatever went (PostgresStore._after_erase)
        return EraseReport(agent=agent, actor=actor, events=n_events, records=len(recs) - n_derived,
                           versions=n_versions, uses=n_uses, jobs=n_jobs, derived_records=n_derived,
                           provenance=n_prov, cursors=n_cursors, term_stats=n_terms)
