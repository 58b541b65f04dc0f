"""SQLite erasure of an actor (hard delete of everything the actor wrote or caused)."""

from __future__ import annotations

from ...types import EraseReport
from .sql import (
    part_counter,
    record_part,
    rows_in,
)
from .txbase import TxBase


class EraseTx(TxBase):
    """Erasure of one actor in a transaction."""

    def erase_actor(self, agent: str, actor: str) -> EraseReport:
        """Hard-delete the actor's events, records and everything derived from them (see EraseReport).

        Runs with ``secure_delete`` so freed pages are zeroed, merges the text indexes (FTS5 keeps deleted
        terms in its segments until a merge), and, once committed, checkpoints the WAL and drops the
        partitions' saved HNSW files (see ``SqliteStore._after_erase``)."""
        self.c.execute("PRAGMA secure_delete = ON")
        ev_ids = [r[0] for r in self._all("SELECT id FROM events WHERE agent = ? AND actor = ?", (agent, actor))]
        parts = {r[0] for r in self._all("SELECT DISTINCT part FROM event_chunks WHERE event_id IN "
                                         "(SELECT id FROM events WHERE agent = ? AND actor = ?)", (agent, actor))}
        derived = {r[0] for r in self._all(
            "SELECT id FROM records WHERE part = ? AND agent = ? AND prov_actor = ?",
            (record_part(agent, None), agent, actor))}
        derived |= {r[0] for r in rows_in(self.c, "SELECT DISTINCT s.record_id, r.actor FROM record_sources s JOIN "
                                        "records r ON r.id = s.record_id WHERE s.event_id IN ({marks})", ev_ids)
                    if r[1] != actor}
        for i in range(0, len(ev_ids), 500):
            batch = ev_ids[i:i + 500]
            self._delete_chunks(f"event_id IN ({','.join('?' * len(batch))})", batch)
        n_events = self.c.execute("DELETE FROM events WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        recs = self._all("SELECT rowid, id, status, fts_terms, part, actor FROM records WHERE agent = ? AND actor = ?",
                         (agent, actor))
        recs += rows_in(self.c, "SELECT rowid, id, status, fts_terms, part, actor FROM records WHERE id IN ({marks})",
                      sorted(derived))
        recs = list({r["id"]: r for r in recs}.values())
        ids = [r["id"] for r in recs]
        for r in recs:
            if r["status"] == "active":
                self.c.execute("INSERT INTO record_fts (record_fts, rowid, fts_terms) VALUES ('delete', ?, ?)",
                               (r["rowid"], r["fts_terms"]))
                self._counter("records_indexed", -1)
                self._counter(part_counter(r["part"]), -1)
            parts.add(r["part"])
        n_versions = n_uses = 0
        for i in range(0, len(ids), 500):
            batch = ids[i:i + 500]
            m = ",".join("?" * len(batch))
            n_versions += self.c.execute(f"DELETE FROM versions WHERE record_id IN ({m})", batch).rowcount
            self.c.execute(f"DELETE FROM record_labels WHERE record_id IN ({m})", batch)
            self.c.execute(f"DELETE FROM record_sources WHERE record_id IN ({m})", batch)
            n_uses += self.c.execute(f"DELETE FROM uses WHERE record_id IN ({m})", batch).rowcount
            self.c.execute(f"DELETE FROM records WHERE id IN ({m})", batch)
        n_uses += self.c.execute("DELETE FROM uses WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        # versions of records that stay (another author's) name the actor where the actor changed them
        n_prov = self.c.execute(
            "UPDATE versions SET actor = NULL, session = NULL, turn_id = NULL WHERE actor = ? AND record_id IN "
            "(SELECT id FROM records WHERE agent = ?)", (actor, agent)).rowcount
        n_jobs = self.c.execute("DELETE FROM jobs WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        n_cursors = self.c.execute("DELETE FROM session_seqs WHERE agent = ? AND actor = ?", (agent, actor)).rowcount
        for p in parts:
            # an emptied partition's document counter goes too (its name is a hash of the actor's ids)
            self.c.execute("DELETE FROM counters WHERE name = ? AND value = 0", (part_counter(p),))
            self.c.execute("DELETE FROM vec_changes WHERE part = ?", (p,))
            self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, '', 'reset')", (p,))
        if n_events or recs:  # merge the segments: a deleted row's terms stay in them until then
            self.c.execute("INSERT INTO event_fts (event_fts) VALUES ('optimize')")
            self.c.execute("INSERT INTO record_fts (record_fts) VALUES ('optimize')")
        self.erased_parts |= parts
        return EraseReport(agent=agent, actor=actor, events=n_events, records=len(recs) - len(derived),
                           versions=n_versions, uses=n_uses, jobs=n_jobs, derived_records=len(derived),
                           provenance=n_prov, cursors=n_cursors)
