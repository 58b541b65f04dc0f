"""SQLite events: append, read, delete and expire a session's history."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import numpy as np

from ...types import Event, ToolCall
from ..base import Chunk
from .sql import (
    event_part,
    from_us,
    part_counter,
    to_us,
)
from .txbase import TxBase


class EventsTx(TxBase):
    """The events of a transaction (their index chunks are written with them)."""

    @staticmethod
    def _event(r: sqlite3.Row) -> Event:
        return Event(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], seq=r["n"],
            role=r["role"], content=r["content"], at=from_us(r["at_us"]),
            metadata=json.loads(r["metadata"]),
            tool_calls=tuple(ToolCall(c["id"], c["name"], c["arguments"]) for c in json.loads(r["tool_calls"])),
            tool_call_id=r["tool_call_id"], name=r["name"], turn_id=r["turn_id"], preview=bool(r["preview"]),
            stored_at=from_us(r["stored_us"]),
        )

    def _session_numbers(self, events: Sequence[Event]) -> list[int]:
        """Each event's number within its session (``session_seqs`` counts up; deleted numbers are not reused).
        Callers see these, never the store-wide ``seq``, which would tell one tenant the others' volume."""
        counts: dict[tuple[str, str, str], int] = {}
        for e in events:
            key = (e.agent, e.actor or "", e.session or "")
            counts[key] = counts.get(key, 0) + 1
        nxt = {}
        for key, k in counts.items():
            top = self.c.execute("INSERT INTO session_seqs (agent, actor, session, n) VALUES (?, ?, ?, ?) "
                                 "ON CONFLICT (agent, actor, session) DO UPDATE SET n = n + excluded.n RETURNING n",
                                 (*key, k)).fetchone()[0]
            nxt[key] = int(top) - k + 1
        out = []
        for e in events:
            key = (e.agent, e.actor or "", e.session or "")
            out.append(nxt[key])
            nxt[key] += 1
        return out

    def insert_events(self, events: Sequence[Event], chunks: Sequence[Chunk]) -> list[Event]:
        out = []
        for e, n in zip(events, self._session_numbers(events), strict=True):
            self.c.execute(
                "INSERT INTO events (id, agent, actor, session, role, content, at_us, metadata, tool_calls, "
                "tool_call_id, name, turn_id, preview, n, stored_us) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (e.id, e.agent, e.actor, e.session, e.role, e.content, to_us(e.at),
                 json.dumps(e.metadata), json.dumps([{"id": c.id, "name": c.name, "arguments": c.arguments}
                                                     for c in e.tool_calls]),
                 e.tool_call_id, e.name, e.turn_id, int(e.preview), n, to_us(e.stored_at or e.at)))
            out.append(replace(e, seq=n))
        by_id = {e.id: e for e in events}
        per_part: Counter[str] = Counter()
        for ch in chunks:
            e = by_id[ch.event_id]
            part = event_part(e.agent, e.actor, e.session)
            per_part[part] += 1
            cur = self.c.execute(
                "INSERT INTO event_chunks (event_id, ordinal, part, is_tool, at_us, text, terms, vec, stored_us) "
                "VALUES (?,?,?,?,?,?,?,?,?)",
                (ch.event_id, ch.ordinal, part, int(e.is_tool), to_us(e.at), ch.text, " ".join((part, *ch.terms)),
                 ch.vector.astype(np.float32).tobytes() if ch.vector is not None else None,
                 to_us(e.stored_at or e.at)))
            rowid = cur.lastrowid
            self.c.execute("INSERT INTO event_fts (rowid, terms) VALUES (?, ?)", (rowid, " ".join((part, *ch.terms))))
            if ch.vector is not None:
                self.c.execute("INSERT INTO vec_changes (part, item, op) VALUES (?, ?, 'add')", (part, str(rowid)))
        if chunks:
            self._counter("event_chunks", len(chunks))
            for part, n in per_part.items():
                self._counter(part_counter(part), n)
        return out

    def list_events(self, agent: str, actor: str | None, session: str | None, *, limit: int,
                    before: datetime | None = None, after: datetime | None = None,
                    not_before: datetime | None = None, preview: bool = False) -> list[Event]:
        conds = ["agent = ?", "actor IS ?", "session IS ?"] + ([] if preview else ["preview = 0"])
        args: list[Any] = [agent, actor, session]
        if not_before is not None:
            conds.append("stored_us >= ?")
            args.append(to_us(not_before))
        if after is not None:
            conds.append("at_us > ?")
            args.append(to_us(after))
            order = "ASC"
        else:
            order = "DESC"
        if before is not None:
            conds.append("at_us < ?")
            args.append(to_us(before))
        rows = self._all(f"SELECT * FROM events WHERE {' AND '.join(conds)} "
                         f"ORDER BY at_us {order}, seq {order} LIMIT ?", [*args, limit])
        events = [self._event(r) for r in rows]
        return events if order == "ASC" else events[::-1]

    def get_events(self, agent: str, actor: str | None, session: str | None,
                   ids: Sequence[str], *, preview: bool = False) -> list[Event]:
        if not ids:
            return []
        rows = self._all(f"SELECT * FROM events WHERE id IN ({','.join('?' * len(ids))}) "
                         "AND agent = ? AND actor IS ? AND session IS ? "
                         f"{'' if preview else 'AND preview = 0 '}ORDER BY at_us, seq",
                         [*ids, agent, actor, session])
        return [self._event(r) for r in rows]

    def delete_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> int:
        found = self._of_session(agent, actor, session, ids)
        if not found:
            return 0
        went = self._remove(found)
        self._drop_sources(found)
        return went

    def event_chunks(self, agent: str, actor: str | None, session: str | None, event_id: str) -> list[Chunk]:
        rows = self._all("SELECT ordinal, text, terms, vec FROM event_chunks WHERE event_id = ? AND part = ? "
                         "ORDER BY ordinal", (event_id, event_part(agent, actor, session)))
        return [Chunk(event_id, r["ordinal"], r["text"], tuple(r["terms"].split()[1:]),  # the first: the partition
                      None if r["vec"] is None else np.frombuffer(r["vec"], dtype=np.float32).copy())
                for r in rows]

    def hold_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> list[str]:
        return self._of_session(agent, actor, session, ids)  # a write transaction holds the database already

    def replace_event(self, agent: str, actor: str | None, session: str | None, old_id: str, new_id: str) -> bool:
        found = self._of_session(agent, actor, session, [old_id])
        if not found:
            return False
        place = self.c.execute("SELECT seq, n, at_us FROM events WHERE id = ?", (old_id,)).fetchone()
        touched = self._sourcing(found)
        self.c.execute("UPDATE record_sources SET event_id = ? WHERE event_id = ?", (new_id, old_id))
        self._edit_sources(touched, lambda ids: [new_id if e == old_id else e for e in ids])
        self._remove(found)
        # at the old one's instant, the new form takes its place among that instant's events: its order and number
        self.c.execute("UPDATE events SET seq = ?, n = ? WHERE id = ? AND at_us = ?",
                       (place["seq"], place["n"], new_id, place["at_us"]))
        return True

    def _of_session(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> list[str]:
        """Those of ``ids`` that are events of the session."""
        if not ids:
            return []
        return [r[0] for r in self._all(
            f"SELECT id FROM events WHERE id IN ({','.join('?' * len(ids))}) AND agent = ? AND actor IS ? "
            "AND session IS ?", [*ids, agent, actor, session])]

    def _remove(self, ids: Sequence[str]) -> int:
        """Delete these events and their chunks (their ids stay in provenance: the caller's to change)."""
        marks = ",".join("?" * len(ids))
        self._delete_chunks(f"event_id IN ({marks})", ids)
        return int(self.c.execute(f"DELETE FROM events WHERE id IN ({marks})", ids).rowcount)

    def expire_events(self, cutoff: datetime, *, agent: str | None = None, exclude: Sequence[str] = (),
                      dry_run: bool = False) -> tuple[int, int]:
        conds: list[str] = ["stored_us < ?"]
        args: list[Any] = [to_us(cutoff)]
        if agent is not None:
            conds.append("agent = ?")
            args.append(agent)
        if exclude:
            conds.append(f"agent NOT IN ({','.join('?' * len(exclude))})")
            args += list(exclude)
        ids = [r[0] for r in self._all(f"SELECT id FROM events WHERE {' AND '.join(conds)}", args)]
        if dry_run:
            return len(ids), len(self._sourcing(ids))
        total = 0
        for i in range(0, len(ids), 500):
            total += self._remove(ids[i:i + 500])
        return total, self._drop_sources(ids)

    def _sourcing(self, ids: Sequence[str]) -> set[str]:
        """The records whose provenance names any of these events."""
        out: set[str] = set()
        for i in range(0, len(ids), 500):
            batch = ids[i:i + 500]
            out.update(r[0] for r in self._all(
                f"SELECT DISTINCT record_id FROM record_sources WHERE event_id IN ({','.join('?' * len(batch))})",
                batch))
        return out

    def _drop_sources(self, ids: Sequence[str]) -> int:
        """Take deleted events out of records' provenance (``record_sources``, and the ``source_event_ids`` of
        records and their versions), so no record names an event that is gone; returns how many records did.
        Every deletion of events (``delete_events``, ``expire_events``) ends with it."""
        touched = self._sourcing(ids)
        for i in range(0, len(ids), 500):
            batch = ids[i:i + 500]
            self.c.execute(f"DELETE FROM record_sources WHERE event_id IN ({','.join('?' * len(batch))})", batch)
        gone = set(ids)
        self._edit_sources(touched, lambda kept: [e for e in kept if e not in gone])
        return len(touched)

    def _edit_sources(self, records: Collection[str], edit: Callable[[list[str]], list[str]]) -> None:
        """Rewrite the ``source_event_ids`` of these records and of their versions with ``edit``."""
        for table, key in (("records", "id"), ("versions", "record_id")):
            for rid in records:
                for row in self._all(f"SELECT rowid, source_ids FROM {table} WHERE {key} = ?", (rid,)):
                    self.c.execute(f"UPDATE {table} SET source_ids = ? WHERE rowid = ?",
                                   (json.dumps(edit(json.loads(row[1]))), row[0]))

    def list_sessions(self, agent: str, actor: str | None, *, limit: int) -> list[dict[str, Any]]:
        conds, args = ["agent = ?", "preview = 0"], [agent]  # preview events are no live session
        if actor is not None:
            conds.append("actor = ?")
            args.append(actor)
        rows = self._all(f"SELECT actor, session, count(*) AS n, max(at_us) AS last_us, min(at_us) AS first_us "
                         f"FROM events WHERE {' AND '.join(conds)} GROUP BY actor, session "
                         f"ORDER BY last_us DESC LIMIT ?", [*args, limit])
        return [{"actor": r["actor"], "session": r["session"], "events": r["n"],
                 "first_at": from_us(r["first_us"]), "last_at": from_us(r["last_us"])} for r in rows]

    def list_actors(self, agent: str, *, limit: int) -> list[dict[str, Any]]:
        rows = self._all("SELECT actor, count(DISTINCT coalesce(session, '')) AS sessions, count(*) AS n, "
                         "max(at_us) AS last_us, min(at_us) AS first_us FROM events "
                         "WHERE agent = ? AND actor IS NOT NULL AND preview = 0 GROUP BY actor "
                         "ORDER BY last_us DESC, actor LIMIT ?", (agent, limit))
        return [{"actor": r["actor"], "sessions": r["sessions"], "events": r["n"],
                 "first_at": from_us(r["first_us"]), "last_at": from_us(r["last_us"])} for r in rows]
