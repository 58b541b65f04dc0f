"""PostgreSQL records: write, version, read through a ReadFilter, and their uses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import numpy as np
from psycopg.rows import DictRow

from ...core.scope import ReadFilter
from ...types import STATUSES, Provenance, Record, Use, Version
from .sql import (
    RECORD_COLS,
    aware,
    created_versions_sql,
    json_text,
    record_part,
    records_sql,
    sources_sql,
    utc,
    versions_sql,
)
from .txbase import TxBase


class RecordsTx(TxBase):
    """Records, their versions and their uses (RETRIEVED audit) in a transaction."""

    def insert_record(self, record: Record, terms: tuple[str, ...], vector: np.ndarray | None) -> None:
        r = record
        text = " ".join(terms)  # the terms column: posting_terms() splits it again
        p = r.provenance
        part = record_part(r.agent, r.actor, r.session)
        vec = vector.astype(np.float32) if vector is not None else None
        self.c.later_row("records", records_sql, (  # with its postings, in one statement per batch
            r.id, r.agent, r.actor, r.session, r.level, r.namespace, r.kind, r.summary, r.content,
            json_text(r.labels), r.status, r.preview, aware(r.created_at), aware(r.updated_at), r.version,
            r.replaces, r.superseded_by, r.deletes, r.pinned, p.turn_id, p.agent_version, p.session, p.actor,
            p.strategy, json_text(list(p.source_event_ids)), part, text, vec, p.config_version,
            r.fact_key))
        for ev in p.source_event_ids:
            self.c.later_row("record_sources", sources_sql, (r.id, p.strategy or "", ev))
        if r.status == "active":
            self._index_doc("r", part, text, +1)
        self._last_record = (r, len(self.c.queue))

    def update_record(self, record_id: str, *, status: str | None = None, superseded_by: str | None = None,
                      pinned: bool | None = None, version: int | None = None, updated_at: datetime) -> None:
        row = self._one("SELECT status, seq, part, terms FROM records WHERE id = %s FOR UPDATE", [record_id])
        if row is None:
            return
        sets: list[str] = ["updated_at = %s"]
        args: list[Any] = [aware(updated_at)]
        for col, val in (("status", status), ("superseded_by", superseded_by), ("pinned", pinned),
                         ("version", version)):
            if val is not None:
                sets.append(f"{col} = %s")
                args.append(val)
        self.c.execute(f"UPDATE records SET {', '.join(sets)} WHERE id = %s", [*args, record_id])
        if status is not None and status != "active" and row["status"] == "active":
            self._index_doc("r", row["part"], row["terms"], -1)
            self._unpost_records([(int(row["seq"]), row["terms"])])
        elif status == "active" and row["status"] != "active":  # searchable again, as its tsv was
            self._index_doc("r", row["part"], row["terms"], +1)
            self._post_record(record_id, int(row["seq"]), row["part"], row["terms"])

    def insert_version(self, version: Version) -> None:
        v = version
        p = v.provenance
        last, self._last_record = self._last_record, None
        if last is not None and last[1] == len(self.c.queue) and v == self._created(last[0]):
            # the first version of the record queued last, nothing queued since: its statement runs after
            # the record's (a kind's rows go where its first row went, and a run's records come first)
            self.c.later_row("versions_created", created_versions_sql, (v.record_id,))
            return
        self.c.later_row("versions", versions_sql, (
            v.record_id, v.version, v.op, v.summary, v.content, v.kind, json_text(v.labels), v.status,
            aware(v.at), p.turn_id, p.agent_version, p.session, p.actor, p.strategy,
            json_text(list(p.source_event_ids)), p.config_version))

    @staticmethod
    def _created(r: Record) -> Version:
        """The version ``created_versions_sql`` copies from the row of ``r``."""
        return Version(record_id=r.id, version=1, op="create", summary=r.summary, content=r.content, kind=r.kind,
                       labels=r.labels, status="active", at=r.created_at, provenance=r.provenance)

    def get_record(self, flt: ReadFilter, record_id: str) -> Record | None:
        """By id (primary key only, whatever the planner's statistics say), then ``flt.allows``: the same
        rule as the SQL filter. A write transaction locks the row: it is about to change it."""
        lock = " FOR UPDATE" if self.write else ""
        row = self._one(f"SELECT {RECORD_COLS} FROM records r WHERE r.id = %s{lock}", [record_id])
        rec = self._record(row) if row else None
        return rec if rec is not None and flt.allows(rec) else None

    def get_records(self, flt: ReadFilter, ids: Sequence[str]) -> list[Record]:
        if not ids:
            return []
        rows = self._all(f"SELECT {RECORD_COLS} FROM records r WHERE r.id = ANY(%s)", [list(dict.fromkeys(ids))])
        return [rec for rec in map(self._record, rows) if flt.allows(rec)]

    def list_records(self, flt: ReadFilter, *, limit: int, before: tuple[datetime, str] | None = None,
                     pinned: bool | None = None) -> list[Record]:
        """Newest first: each partition is read in (created_at, id) order through its index, then merged."""
        where, args = self._filter_sql(flt)
        if before is not None:
            where += " AND (r.created_at, r.id) < (%s, %s)"
            args += [aware(before[0]), before[1]]
        if pinned is not None:
            where += " AND r.pinned = %s"
            args.append(pinned)
        rows: list[DictRow] = []
        for part in self._parts(flt):
            rows += self._all(f"SELECT {RECORD_COLS} FROM records r WHERE r.part = %s AND {where} "
                              "ORDER BY r.created_at DESC, r.id DESC LIMIT %s", [part, *args, limit])
        rows.sort(key=lambda r: (r["created_at"], r["id"]), reverse=True)
        return [self._record(r) for r in rows[:limit]]

    def _visible_any_status(self, flt: ReadFilter, record_id: str) -> bool:
        wide = replace(flt, statuses=STATUSES)
        row = self._one(f"SELECT {RECORD_COLS} FROM records r WHERE r.id = %s", [record_id])
        return row is not None and wide.allows(self._record(row))

    def versions(self, flt: ReadFilter, record_id: str) -> list[Version]:
        if not self._visible_any_status(flt, record_id):
            return []
        rows = self._all("SELECT * FROM versions WHERE record_id = %s ORDER BY version", [record_id])
        return [Version(
            record_id=r["record_id"], version=int(r["version"]), op=r["op"], summary=r["summary"],
            content=r["content"], kind=r["kind"], labels=dict(r["labels"]), status=r["status"], at=utc(r["at"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"], session=r["session"],
                                  actor=r["actor"], strategy=r["strategy"], source_event_ids=tuple(r["source_ids"]),
                                  config_version=r["config_version"]),
        ) for r in rows]

    def preview_targets(self, flt: ReadFilter) -> list[str]:
        wide = replace(flt, include_preview=True, statuses=STATUSES, kinds=None,
                       labels=(), namespace_prefix=None)
        where, args = self._filter_sql(wide)
        rows = self._all(f"SELECT r.replaces, r.deletes FROM records r WHERE {where} AND r.preview "
                         "AND (r.replaces IS NOT NULL OR r.deletes IS NOT NULL)", args)
        return [x for r in rows for x in (r["replaces"], r["deletes"]) if x]

    def records_from_sources(self, flt: ReadFilter, strategy: str, source_event_ids: Sequence[str]
                             ) -> list[Record]:
        if not source_event_ids:
            return []
        ids = [r["record_id"] for r in self._all(
            "SELECT DISTINCT record_id FROM record_sources WHERE strategy = %s AND event_id = ANY(%s)",
            [strategy, list(source_event_ids)])]
        return self.get_records(flt, ids)

    def insert_uses(self, uses: Sequence[Use]) -> None:
        if not uses:
            return
        self.c.later(
            "INSERT INTO uses (record_id, agent, actor, session, turn_id, call_index, score, at) "
            "SELECT * FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::int[], "
            "%s::float8[], %s::timestamptz[])",
            [[u.record_id for u in uses], [u.agent for u in uses], [u.actor for u in uses],
             [u.session for u in uses], [u.turn_id for u in uses], [u.call_index for u in uses],
             [u.score for u in uses], [aware(u.at) for u in uses]])

    def list_uses(self, flt: ReadFilter, record_id: str, *, limit: int) -> list[Use]:
        if not self._visible_any_status(flt, record_id):
            return []
        rows = self._all("SELECT * FROM uses WHERE record_id = %s ORDER BY at DESC, id DESC LIMIT %s",
                         [record_id, limit])
        return [Use(record_id=r["record_id"], turn_id=r["turn_id"], call_index=int(r["call_index"]),
                    score=float(r["score"]), at=utc(r["at"]), agent=r["agent"], actor=r["actor"],
                    session=r["session"]) for r in rows]
