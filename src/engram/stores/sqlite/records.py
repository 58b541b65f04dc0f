"""SQLite records: write, version, read through a ReadFilter, and their uses."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import numpy as np

from ...core.scope import ReadFilter
from ...types import STATUSES, Provenance, Record, Use, Version
from .sql import (
    from_us,
    part_counter,
    record_part,
    to_us,
)
from .txbase import TxBase


class RecordsTx(TxBase):
    """Records, their versions and their uses (RETRIEVED audit) in a transaction."""

    def insert_record(self, record: Record, terms: tuple[str, ...], vector: np.ndarray | None) -> None:
        r = record
        part = record_part(r.agent, r.actor, r.session)
        fts_terms = " ".join((part, *terms))
        cur = self.c.execute(
            "INSERT INTO records (id, agent, actor, session, level, namespace, kind, summary, content, labels, "
            "status, preview, created_us, updated_us, version, replaces, superseded_by, deletes, pinned, turn_id, "
            "agent_version, prov_session, prov_actor, strategy, source_ids, part, fts_terms, vec, config_version, "
            "fact_key) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (r.id, r.agent, r.actor, r.session, r.level, r.namespace, r.kind, r.summary, r.content,
             json.dumps(r.labels, sort_keys=True), r.status, int(r.preview), to_us(r.created_at),
             to_us(r.updated_at), r.version, r.replaces, r.superseded_by, r.deletes, int(r.pinned),
             r.provenance.turn_id, r.provenance.agent_version, r.provenance.session, r.provenance.actor,
             r.provenance.strategy, json.dumps(list(r.provenance.source_event_ids)), part, fts_terms,
             vector.astype(np.float32).tobytes() if vector is not None else None, r.provenance.config_version,
             r.fact_key))
        for name, value in r.labels.items():
            self.c.execute("INSERT INTO record_labels (record_id, name, value) VALUES (?, ?, ?)", (r.id, name, value))
        for ev in r.provenance.source_event_ids:
            self.c.execute("INSERT INTO record_sources (record_id, strategy, event_id) VALUES (?, ?, ?)",
                           (r.id, r.provenance.strategy or "", ev))
        if r.status == "active":
            self.c.execute("INSERT INTO record_fts (rowid, fts_terms) VALUES (?, ?)", (cur.lastrowid, fts_terms))
            self._counter("records_indexed", 1)
            self._counter(part_counter(part), 1)
            if vector is not None:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'add')", (part, r.id))

    def update_record(self, record_id: str, *, status: str | None = None, superseded_by: str | None = None,
                      pinned: bool | None = None, version: int | None = None, updated_at: datetime) -> None:
        row = self.c.execute("SELECT rowid, status, part, fts_terms, vec IS NOT NULL FROM records WHERE id = ?",
                             (record_id,)).fetchone()
        if row is None:
            return
        sets: list[str] = ["updated_us = ?"]
        args: list[Any] = [to_us(updated_at)]
        if status is not None:
            sets.append("status = ?")
            args.append(status)
        if superseded_by is not None:
            sets.append("superseded_by = ?")
            args.append(superseded_by)
        if pinned is not None:
            sets.append("pinned = ?")
            args.append(int(pinned))
        if version is not None:
            sets.append("version = ?")
            args.append(version)
        self.c.execute(f"UPDATE records SET {', '.join(sets)} WHERE id = ?", [*args, record_id])
        if status is None or (status == "active") == (row[1] == "active"):
            return
        # leaving active takes the record out of the text and vector indexes; coming back puts it in again
        if status == "active":
            self.c.execute("INSERT INTO record_fts (rowid, fts_terms) VALUES (?, ?)", (row[0], row[3]))
        else:
            self.c.execute("INSERT INTO record_fts (record_fts, rowid, fts_terms) VALUES ('delete', ?, ?)",
                           (row[0], row[3]))
        self._counter("records_indexed", 1 if status == "active" else -1)
        self._counter(part_counter(row[2]), 1 if status == "active" else -1)
        if row[4]:
            self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, ?)",
                           (row[2], record_id, "add" if status == "active" else "del"))

    def insert_version(self, version: Version) -> None:
        v = version
        p = v.provenance
        self.c.execute(
            "INSERT INTO versions (record_id, version, op, summary, content, kind, labels, status, at_us, turn_id, "
            "agent_version, session, actor, strategy, source_ids, config_version) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (v.record_id, v.version, v.op, v.summary, v.content, v.kind, json.dumps(v.labels, sort_keys=True),
             v.status, to_us(v.at), p.turn_id, p.agent_version, p.session, p.actor, p.strategy,
             json.dumps(list(p.source_event_ids)), p.config_version))

    def get_record(self, flt: ReadFilter, record_id: str) -> Record | None:
        got = self.get_records(flt, [record_id])
        return got[0] if got else None

    def list_records(self, flt: ReadFilter, *, limit: int, before: tuple[datetime, str] | None = None,
                     pinned: bool | None = None) -> list[Record]:
        # One query per (level, status) walks records_order newest first and stops at ``limit``; an OR over
        # levels would walk the whole agent. Pins are filtered with a literal so the partial index applies.
        groups = [replace(flt, levels=(level,), statuses=(status,)) for level in flt.levels for status in flt.statuses]
        rows: list[sqlite3.Row] = []
        for g in groups:
            where, args = self._filter_sql(g)
            if before is not None:
                where += " AND (r.created_us < ? OR (r.created_us = ? AND r.id < ?))"
                us = to_us(before[0])
                args += [us, us, before[1]]
            if pinned is not None:
                where += " AND r.pinned = 1" if pinned else " AND r.pinned = 0"
            rows += self._all(f"SELECT * FROM records r WHERE {where} ORDER BY r.created_us DESC, r.id DESC "
                              "LIMIT ?", [*args, limit])
        rows.sort(key=lambda r: (r["created_us"], r["id"]), reverse=True)
        return [self._record(r) for r in rows[:limit]]

    def versions(self, flt: ReadFilter, record_id: str) -> list[Version]:
        wide = ReadFilter(**{**{f: getattr(flt, f) for f in flt.__dataclass_fields__},
                             "statuses": STATUSES})
        if self.get_record(wide, record_id) is None:
            return []
        rows = self._all("SELECT * FROM versions WHERE record_id = ? ORDER BY version", (record_id,))
        return [Version(
            record_id=r["record_id"], version=r["version"], op=r["op"], summary=r["summary"], content=r["content"],
            kind=r["kind"], labels=json.loads(r["labels"]), status=r["status"], at=from_us(r["at_us"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"], session=r["session"],
                                  actor=r["actor"], strategy=r["strategy"],
                                  source_event_ids=tuple(json.loads(r["source_ids"])),
                                  config_version=r["config_version"]),
        ) for r in rows]

    def preview_targets(self, flt: ReadFilter) -> list[str]:
        wide = replace(flt, include_preview=True, statuses=STATUSES, kinds=None,
                       labels=(), namespace_prefix=None)
        where, args = self._filter_sql(wide)
        rows = self._all(f"SELECT r.replaces, r.deletes FROM records r WHERE {where} AND r.preview = 1 "
                         "AND (r.replaces IS NOT NULL OR r.deletes IS NOT NULL)", args)
        return [x for r in rows for x in (r[0], r[1]) if x]

    def records_from_sources(self, flt: ReadFilter, strategy: str, source_event_ids: Sequence[str]
                             ) -> list[Record]:
        if not source_event_ids:
            return []
        ids = [r[0] for r in self._all(
            f"SELECT DISTINCT record_id FROM record_sources WHERE strategy = ? AND event_id IN "
            f"({','.join('?' * len(source_event_ids))})", [strategy, *source_event_ids])]
        return self.get_records(flt, ids)

    def insert_uses(self, uses: Sequence[Use]) -> None:
        self.c.executemany(
            "INSERT INTO uses (record_id, agent, actor, session, turn_id, call_index, score, at_us) "
            "VALUES (?,?,?,?,?,?,?,?)",
            [(u.record_id, u.agent, u.actor, u.session, u.turn_id, u.call_index, u.score, to_us(u.at))
             for u in uses])

    def list_uses(self, flt: ReadFilter, record_id: str, *, limit: int) -> list[Use]:
        wide = ReadFilter(**{**{f: getattr(flt, f) for f in flt.__dataclass_fields__},
                             "statuses": STATUSES})
        if self.get_record(wide, record_id) is None:
            return []
        rows = self._all("SELECT * FROM uses WHERE record_id = ? ORDER BY at_us DESC, id DESC LIMIT ?",
                         (record_id, limit))
        return [Use(record_id=r["record_id"], turn_id=r["turn_id"], call_index=r["call_index"], score=r["score"],
                    at=from_us(r["at_us"]), agent=r["agent"], actor=r["actor"], session=r["session"])
                for r in rows]
