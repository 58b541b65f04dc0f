"""PostgreSQL events: append, read, delete and expire a session's history."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from psycopg.rows import DictRow

from ...types import Event, ToolCall
from ..base import Chunk
from .sql import (
    EVENT_COLS,
    aware,
    eq_cond,
    event_part,
    session_key,
    split_terms,
    utc,
    vector_text,
)
from .txbase import TxBase


class EventsTx(TxBase):
    """The events of a transaction (their index chunks are written with them)."""

    @staticmethod
    def _event(r: DictRow) -> Event:
        return Event(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], seq=int(r["n"]),
            role=r["role"], content=r["content"], at=utc(r["at"]), metadata=r["metadata"],
            tool_calls=tuple(ToolCall(c["id"], c["name"], c["arguments"]) for c in r["tool_calls"]),
            tool_call_id=r["tool_call_id"], name=r["name"], turn_id=r["turn_id"], preview=bool(r["preview"]),
            stored_at=utc(r["stored_at"]),
        )

    def insert_events(self, events: Sequence[Event], chunks: Sequence[Chunk]) -> list[Event]:
        """One statement, queued with the transaction's next query or its ``COMMIT`` (a one-message append is one
        round trip): the events come back numbered once that has gone (``Pipe.later_list``).

        The rows travel as one JSON document (``json_to_recordset``): psycopg adapts a Python list per column
        in Python, about 0.2 ms for the 25 arrays of a one-message append, where ``json.dumps`` takes a few us.
        No estimate in the statement depends on a parameter's value (the sequence values are drawn per element
        of the document, not from ``generate_series(1, n)``), so PostgreSQL keeps its generic plan of the
        prepared statement instead of planning it again at every append (about 0.25 ms).
        """
        if not events:
            return []
        # global append order (``seq``, internal: the k smallest of k fresh sequence values, in call order) and
        # the number within the session (``n``, what callers see: a global counter would tell one tenant how much
        # every other tenant writes): each session's counter moves by its count of events here (rows locked in
        # key order), and its i-th event here gets the new value - count + i
        keys = [session_key(e) for e in events]
        counts = Counter(keys)
        seen: Counter[tuple[str, str, str]] = Counter()
        rows: list[dict[str, Any]] = []
        for e, key in zip(events, keys, strict=True):
            seen[key] += 1
            rows.append({
                "i": seen[key], "k": counts[key], "id": e.id, "agent": e.agent, "actor": e.actor,
                "session": e.session, "role": e.role, "content": e.content, "at": aware(e.at).isoformat(),
                "metadata": e.metadata, "tool_calls": [{"id": c.id, "name": c.name, "arguments": c.arguments}
                                                       for c in e.tool_calls],
                "tool_call_id": e.tool_call_id, "name": e.name, "turn_id": e.turn_id, "preview": e.preview,
                "stored_at": aware(e.stored_at or e.at).isoformat()})
        sessions = sorted(counts)
        doc: dict[str, Any] = {"s": [{"agent": k[0], "actor": k[1], "session": k[2], "n": counts[k]}
                                     for k in sessions], "e": rows}
        chunk_sql = ""
        if chunks:
            by_id = {e.id: (e, row) for e, row in zip(events, rows, strict=True)}
            doc["c"] = []
            for ch in chunks:
                e, row = by_id[ch.event_id]
                part = event_part(e.agent, e.actor, e.session)
                terms = " ".join(ch.terms)
                self._index_doc("e", part, terms, +1)
                doc["c"].append({"event_id": ch.event_id, "ordinal": ch.ordinal, "part": part, "is_tool": e.is_tool,
                                 "at": row["at"], "text": ch.text, "terms": terms, "vec": vector_text(ch.vector),
                                 "stored_at": row["stored_at"]})
            # chunk ids follow the document's order (append order); postings go in index order (sql.records_sql)
            chunk_sql = (
                ", ch AS (INSERT INTO event_chunks (event_id, ordinal, part, is_tool, at, text, terms, vec, stored_at) "
                "  SELECT event_id, ordinal, part, is_tool, at, text, terms, vec::vector, stored_at "
                "  FROM json_to_recordset(%(d)s::json -> 'c') AS x(event_id text, ordinal int, part text, "
                "    is_tool bool, at timestamptz, text text, terms text, vec text, stored_at timestamptz) "
                "  RETURNING id, part, terms), "
                "p AS (INSERT INTO postings (seq, ph, kind, term) SELECT ch.id, hashtextextended(ch.part, 0), 'e', t "
                "  FROM ch CROSS JOIN LATERAL posting_terms(ch.terms) AS t ORDER BY t, ch.id)")
        return self.c.later_list(
            "WITH c AS (INSERT INTO session_seqs (agent, actor, session, n) "
            "  SELECT * FROM json_to_recordset(%(d)s::json -> 's') "
            "  AS k(agent text, actor text, session text, n bigint) "
            "  ORDER BY agent, actor, session "
            "  ON CONFLICT (agent, actor, session) DO UPDATE SET n = session_seqs.n + excluded.n "
            "  RETURNING agent, actor, session, n), "
            "s AS MATERIALIZED (SELECT row_number() OVER (ORDER BY x.seq) AS o, x.seq FROM (SELECT "
            "  nextval(pg_get_serial_sequence('events', 'seq')) AS seq "
            "  FROM json_array_elements(%(d)s::json -> 'e')) AS x), "
            "e AS (INSERT INTO events (seq, n, id, agent, actor, session, role, content, at, metadata, tool_calls, "
            "  tool_call_id, name, turn_id, preview, stored_at) SELECT s.seq, c.n - u.k + u.i, u.id, u.agent, u.actor, "
            "  u.session, u.role, u.content, u.at, u.metadata, u.tool_calls, u.tool_call_id, u.name, u.turn_id, "
            "  u.preview, u.stored_at "
            "  FROM ROWS FROM (json_to_recordset(%(d)s::json -> 'e') AS (i bigint, k bigint, id text, agent text, "
            "    actor text, session text, role text, content text, at timestamptz, metadata jsonb, tool_calls jsonb, "
            "    tool_call_id text, name text, turn_id text, preview bool, stored_at timestamptz)) "
            "    WITH ORDINALITY AS u(i, k, id, agent, actor, session, role, content, at, metadata, tool_calls, "
            "    tool_call_id, name, turn_id, preview, stored_at, o) "
            "  JOIN s ON s.o = u.o JOIN c ON (c.agent, c.actor, c.session) "
            "    = (u.agent, coalesce(u.actor, ''), coalesce(u.session, '')) "
            "  ORDER BY u.o RETURNING id, n)"
            f"{chunk_sql} SELECT id, n FROM e",
            {"d": json.dumps(doc)},
            lambda got: self._numbered(events, got))

    @staticmethod
    def _numbered(events: Sequence[Event], rows: Sequence[DictRow]) -> list[Event]:
        n = {r["id"]: int(r["n"]) for r in rows}
        return [replace(e, seq=n[e.id]) for e in events]

    def list_events(self, agent: str, actor: str | None, session: str | None, *, limit: int,
                    before: datetime | None = None, after: datetime | None = None,
                    not_before: datetime | None = None, preview: bool = False) -> list[Event]:
        conds: list[str] = ["agent = %s"] + ([] if preview else ["NOT preview"])
        args: list[Any] = [agent]
        for col, val in (("actor", actor), ("session", session)):
            c, a = eq_cond(col, val)
            conds.append(c)
            args += a
        if not_before is not None:
            conds.append("stored_at >= %s")
            args.append(aware(not_before))
        if after is not None:
            conds.append("at > %s")
            args.append(aware(after))
            order = "ASC"
        else:
            order = "DESC"
        if before is not None:
            conds.append("at < %s")
            args.append(aware(before))
        rows = self._all(f"SELECT {EVENT_COLS} FROM events WHERE {' AND '.join(conds)} "
                         f"ORDER BY at {order}, seq {order} LIMIT %s", [*args, limit])
        events = [self._event(r) for r in rows]
        return events if order == "ASC" else events[::-1]

    def get_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str], *,
                   preview: bool = False) -> list[Event]:
        """By id through the unique index only, then kept when they belong to the session."""
        if not ids:
            return []
        rows = self._all(f"SELECT {EVENT_COLS} FROM events WHERE id = ANY(%s)", [list(dict.fromkeys(ids))])
        got = [self._event(r) for r in rows if (r["agent"], r["actor"], r["session"]) == (agent, actor, session)
               and (preview or not r["preview"])]
        return sorted(got, key=lambda e: (e.at, e.seq))

    def delete_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> int:
        found = self._of_session(agent, actor, session, ids)
        if not found:
            return 0
        went = self._remove(found)
        self._drop_sources(found)
        return went

    def event_chunks(self, agent: str, actor: str | None, session: str | None, event_id: str) -> list[Chunk]:
        rows = self._binary("SELECT ordinal, text, terms, vec FROM event_chunks WHERE event_id = %s AND part = %s "
                            "ORDER BY ordinal", [event_id, event_part(agent, actor, session)])
        return [Chunk(event_id, int(r["ordinal"]), r["text"], tuple(split_terms(r["terms"])), r["vec"]) for r in rows]

    def hold_events(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> list[str]:
        if not ids:
            return []
        c1, a1 = eq_cond("actor", actor)
        c2, a2 = eq_cond("session", session)
        return [r["id"] for r in self._all(  # FOR SHARE: a replace, delete or expiry (FOR UPDATE) waits for it
            f"SELECT id FROM events WHERE id = ANY(%s) AND agent = %s AND {c1} AND {c2} ORDER BY id FOR SHARE",
            [list(ids), agent, *a1, *a2])]

    def replace_event(self, agent: str, actor: str | None, session: str | None, old_id: str, new_id: str) -> bool:
        found = self._of_session(agent, actor, session, [old_id])
        if not found:
            return False
        place = self._one("SELECT seq, n, at FROM events WHERE id = %s", [old_id])
        touched = self._sourcing(found)
        self.c.execute("UPDATE record_sources SET event_id = %s WHERE event_id = %s", [new_id, old_id])
        if touched:
            swap = ("source_ids = (SELECT jsonb_agg(CASE WHEN t.x = %s THEN %s ELSE t.x END ORDER BY t.n) "
                    "FROM jsonb_array_elements_text(source_ids) WITH ORDINALITY AS t(x, n))")
            has = "source_ids @> jsonb_build_array(%s::text)"
            self.c.execute(f"UPDATE records SET {swap} WHERE id = ANY(%s) AND {has}", [old_id, new_id, touched, old_id])
            self.c.execute(f"UPDATE versions SET {swap} WHERE record_id = ANY(%s) AND {has}",
                           [old_id, new_id, touched, old_id])
        self._remove(found)
        # at the old one's instant, the new form takes its place among that instant's events: its order and number
        if place is not None:  # it is: locked by _of_session
            self.c.execute("UPDATE events SET seq = %s, n = %s WHERE id = %s AND at = %s",
                           [place["seq"], place["n"], new_id, place["at"]])
        return True

    def _of_session(self, agent: str, actor: str | None, session: str | None, ids: Sequence[str]) -> list[str]:
        """Those of ``ids`` that are events of the session, locked until the transaction ends."""
        if not ids:
            return []
        c1, a1 = eq_cond("actor", actor)
        c2, a2 = eq_cond("session", session)
        return [r["id"] for r in self._all(
            f"SELECT id FROM events WHERE id = ANY(%s) AND agent = %s AND {c1} AND {c2} FOR UPDATE",
            [list(ids), agent, *a1, *a2])]

    def _remove(self, ids: Sequence[str]) -> int:
        """Delete these events and their chunks (their ids stay in provenance: the caller's to change)."""
        self._unindex_chunks("c.event_id = ANY(%s)", [list(ids)])
        return int(self.c.execute("DELETE FROM events WHERE id = ANY(%s)", [list(ids)]).rowcount)

    def expire_events(self, cutoff: datetime, *, agent: str | None = None, exclude: Sequence[str] = (),
                      dry_run: bool = False) -> tuple[int, int]:
        conds: list[str] = ["stored_at < %s"]
        args: list[Any] = [aware(cutoff)]
        if agent is not None:
            conds.append("agent = %s")
            args.append(agent)
        if exclude:
            conds.append("agent <> ALL(%s)")
            args.append(list(exclude))
        lock = "" if dry_run else " FOR UPDATE"
        ids = [r["id"] for r in self._all(f"SELECT id FROM events WHERE {' AND '.join(conds)}{lock}", args)]
        if not ids:
            return 0, 0
        if dry_run:
            return len(ids), len(self._sourcing(ids))
        total = self._remove(ids)
        return total, self._drop_sources(ids)

    def _sourcing(self, ids: Sequence[str]) -> list[str]:
        """The records whose provenance names any of these events."""
        return [r["record_id"] for r in self._all(
            "SELECT DISTINCT record_id FROM record_sources WHERE event_id = ANY(%s)", [list(ids)])]

    def _drop_sources(self, ids: Sequence[str]) -> int:
        """Take deleted events out of records' provenance (``record_sources``, and the ``source_event_ids`` of
        records and their versions), so no record names an event that is gone; returns how many records did.
        Every deletion of events (``delete_events``, ``expire_events``) ends with it."""
        touched = self._sourcing(ids)
        self.c.execute("DELETE FROM record_sources WHERE event_id = ANY(%s)", [list(ids)])
        if touched:
            trim = ("source_ids = coalesce((SELECT jsonb_agg(t.x ORDER BY t.n) FROM "
                    "jsonb_array_elements_text(source_ids) WITH ORDINALITY AS t(x, n) WHERE t.x <> ALL(%s)), "
                    "'[]'::jsonb)")
            self.c.execute(f"UPDATE records SET {trim} WHERE id = ANY(%s)", [list(ids), touched])
            self.c.execute(f"UPDATE versions SET {trim} WHERE record_id = ANY(%s)", [list(ids), touched])
        return len(touched)

    def list_sessions(self, agent: str, actor: str | None, *, limit: int) -> list[dict[str, Any]]:
        conds, args = ["agent = %s", "NOT preview"], [agent]  # preview events are no live session
        if actor is not None:
            conds.append("actor = %s")
            args.append(actor)
        rows = self._all(f"SELECT actor, session, count(*) AS n, max(at) AS last_at, min(at) AS first_at "
                         f"FROM events WHERE {' AND '.join(conds)} GROUP BY actor, session "
                         "ORDER BY last_at DESC LIMIT %s", [*args, limit])
        return [{"actor": r["actor"], "session": r["session"], "events": int(r["n"]),
                 "first_at": utc(r["first_at"]), "last_at": utc(r["last_at"])} for r in rows]

    def list_actors(self, agent: str, *, limit: int) -> list[dict[str, Any]]:
        rows = self._all("SELECT actor, count(DISTINCT coalesce(session, '')) AS sessions, count(*) AS n, "
                         "max(at) AS last_at, min(at) AS first_at FROM events "
                         "WHERE agent = %s AND actor IS NOT NULL AND NOT preview GROUP BY actor "
                         "ORDER BY last_at DESC, actor LIMIT %s", [agent, limit])
        return [{"actor": r["actor"], "sessions": int(r["sessions"]), "events": int(r["n"]),
                 "first_at": utc(r["first_at"]), "last_at": utc(r["last_at"])} for r in rows]
