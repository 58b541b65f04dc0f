"""What every area of a SQLite transaction shares: the connection's helpers and counters, the read filter as SQL,
chunk deletion, and records by id."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

from ...core import partition
from ...core.scope import ReadFilter
from ...types import Provenance, Record
from ..base import RecordStamp
from .sql import (
    from_us,
    part_counter,
    part_token,
)
from .vectors import VectorCache


class StoreState(Protocol):
    """What a transaction reads of its store (``SqliteStore``, whose module imports every area: they never
    import it back)."""

    df_cache: dict[tuple[tuple[str, ...], str], tuple[int, int]]

    def vectors(self, dim: int) -> VectorCache: ...


class TxBase:
    """The state and helpers of one SQLite transaction; the areas (meta.py, events.py, records.py, search.py,
    embedding.py, jobs.py, erase.py) add the contract's methods."""

    def __init__(self, store: StoreState, conn: sqlite3.Connection) -> None:
        self.s = store
        self.c = conn
        self.erased_parts: set[str] = set()  # partitions an erase emptied: their index files go after commit
        self.erased_index_files = 0  # set once an erase committed: saved HNSW files dropped
        # document frequencies counted in this transaction, by ((kind, *partitions), term) -> (df, N): a search asks
        # the statistics, then picks candidates with them (SearchTx._scope_stats), and counts each once
        self.tx_df: dict[tuple[tuple[str, ...], str], tuple[int, int]] = {}

    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return self.c.execute(sql, args).fetchall()

    def _counter(self, name: str, delta: int) -> None:
        self.c.execute("INSERT INTO counters (name, value) VALUES (?, ?) "
                       "ON CONFLICT (name) DO UPDATE SET value = value + excluded.value", (name, delta))

    def _count(self, name: str) -> int:
        row = self.c.execute("SELECT value FROM counters WHERE name = ?", (name,)).fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def _filter_sql(f: ReadFilter, alias: str = "r") -> tuple[str, list[Any]]:
        a = alias
        conds = [f"{a}.agent = ?"]
        args: list[Any] = [f.agent]
        levels = []
        for key in f.owner_keys():  # the visibility rule is core's (ReadFilter.owner_keys)
            one = [f"{a}.level = '{key.level}'"]  # one of three literals (types.Level)
            for col, value in (("actor", key.actor), ("session", key.session)):
                if value is None:
                    one.append(f"{a}.{col} IS NULL")
                else:
                    one.append(f"{a}.{col} = ?")
                    args.append(value)
            levels.append("(" + " AND ".join(one) + ")")
        conds.append("(" + (" OR ".join(levels) or "0") + ")")
        conds.append(f"{a}.status IN ({','.join('?' * len(f.statuses))})")
        args += list(f.statuses)
        if not f.include_preview:
            conds.append(f"{a}.preview = 0")
        if f.kinds is not None:
            conds.append(f"{a}.kind IN ({','.join('?' * len(f.kinds))})" if f.kinds else "0")
            args += list(f.kinds)
        for name, value in f.labels:
            conds.append(f"EXISTS (SELECT 1 FROM record_labels l WHERE l.record_id = {a}.id "
                         "AND l.name = ? AND l.value = ?)")
            args += [name, value]
        if f.namespace_prefix:
            conds.append(f"substr({a}.namespace, 1, ?) = ?")
            args += [len(f.namespace_prefix), f.namespace_prefix]
        return " AND ".join(conds), args

    @staticmethod
    def _parts(f: ReadFilter) -> list[str]:
        """The FTS tokens (and vector cache keys) of the record partitions ``f`` reads (core.partition)."""
        return [part_token(p) for p in partition.read_partitions(f)]

    def _delete_chunks(self, where: str, args: Sequence[Any]) -> int:
        rows = self._all(f"SELECT rowid, part, terms, vec IS NOT NULL AS has_vec FROM event_chunks WHERE {where}",
                         args)
        for r in rows:
            self.c.execute("INSERT INTO event_fts (event_fts, rowid, terms) VALUES ('delete', ?, ?)",
                           (r["rowid"], r["terms"]))
            if r["has_vec"]:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'del')",
                               (r["part"], str(r["rowid"])))
        self.c.execute(f"DELETE FROM event_chunks WHERE {where}", args)
        if rows:
            self._counter("event_chunks", -len(rows))
            for part, n in Counter(r["part"] for r in rows).items():
                self._counter(part_counter(part), -n)
        return len(rows)

    @staticmethod
    def _record(r: sqlite3.Row) -> Record:
        return Record(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], level=r["level"],
            namespace=r["namespace"], kind=r["kind"], summary=r["summary"], content=r["content"],
            labels=json.loads(r["labels"]), status=r["status"], preview=bool(r["preview"]),
            created_at=from_us(r["created_us"]), updated_at=from_us(r["updated_us"]), version=r["version"],
            replaces=r["replaces"], superseded_by=r["superseded_by"], deletes=r["deletes"],
            pinned=bool(r["pinned"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"],
                                  session=r["prov_session"], actor=r["prov_actor"], strategy=r["strategy"],
                                  source_event_ids=tuple(json.loads(r["source_ids"])),
                                  config_version=r["config_version"]),
            fact_key=r["fact_key"],
        )

    def record_stamps(self, flt: ReadFilter, ids: Sequence[str]) -> dict[str, RecordStamp]:
        where, args = self._filter_sql(flt)
        want = list(dict.fromkeys(ids))
        out: dict[str, RecordStamp] = {}
        for i in range(0, len(want), 500):  # CROSS JOIN: the ids stay the outer loop (see get_records)
            for r in self._all("SELECT r.id, r.created_us, r.turn_id, r.deletes FROM (SELECT value AS id FROM "
                               f"json_each(?)) AS x CROSS JOIN records r ON r.id = x.id WHERE {where}",
                               [json.dumps(want[i:i + 500]), *args]):
                out[r[0]] = RecordStamp(from_us(r[1]), r[2], r[3])
        return out

    def get_records(self, flt: ReadFilter, ids: Sequence[str]) -> list[Record]:
        # Look rows up by their unique id, then apply the filter: the same rule as _filter_sql, stated once in
        # ReadFilter.allows. (With the filter in SQL the planner may walk the agent's index instead of the ids.)
        out: list[Record] = []
        for i in range(0, len(ids), 500):
            batch = list(ids[i:i + 500])
            rows = self._all(f"SELECT * FROM records WHERE id IN ({','.join('?' * len(batch))})", batch)
            out += [rec for rec in map(self._record, rows) if flt.allows(rec)]
        return out
