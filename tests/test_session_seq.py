"""Issue 13, "Also": event numbers count per session, so no tenant learns another's volume; old databases are
renumbered by an append-only migration. On every backend."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder

A = Scope("tenant-a", "u1", "s1")
B = Scope("tenant-b", "u9", "s9")
B2 = Scope("tenant-b", "u9", "s10")


def _msgs(n: int, tag: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": f"{tag} message {i}"} for i in range(n)]


def test_numbers_are_per_session(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    mem.append(A, _msgs(50, "a"))
    got = mem.append(B, _msgs(3, "b"))
    assert [e.seq for e in got] == [1, 2, 3]  # tenant A's 50 events are invisible in B's numbers
    assert [e.seq for e in mem.events(B)] == [1, 2, 3]
    assert [e.seq for e in mem.append(B2, _msgs(2, "c"))] == [1, 2]
    assert [e.seq for e in mem.events(A, limit=1000)] == list(range(1, 51))
    last = mem.events(B)[-1]
    assert mem.delete_events(B, [last.id]) == 1
    assert [e.seq for e in mem.append(B, _msgs(1, "d"))] == [4]  # a deleted number is never reused
    with mem.turn(A) as t:
        t.append(_msgs(2, "turn"))
    assert [e.seq for e in t.appended] == [51, 52]


ROWS = [("tenant-a", "u1", "s1")] * 4 + [("tenant-b", "u9", "s9")] * 2 + [("tenant-a", "u1", "s1")]


def test_sqlite_migration_renumbers(tmp_path: Path) -> None:
    from engram.stores.sqlite.schema import MIGRATIONS

    db = tmp_path / "old.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_us INTEGER)")
    for n, script in enumerate(MIGRATIONS[:_step(MIGRATIONS)], start=1):
        for stmt in script.split(";\n"):
            if stmt.strip():
                conn.execute(stmt)
        conn.execute("INSERT INTO schema_version VALUES (?, 0)", (n,))
    now_us = int(time.time() * 1e6)
    for i, (agent, actor, session) in enumerate(ROWS):
        conn.execute("INSERT INTO events (id, agent, actor, session, role, content, at_us) VALUES (?,?,?,?,?,?,?)",
                     (f"e_{i}", agent, actor, session, "user", f"old {i}", now_us - 1_000_000 + i))
    conn.commit()
    conn.close()
    mem = Memory.open(f"sqlite:///{db}", embedder=HashingEmbedder())
    try:
        _check_renumbered(mem)
    finally:
        mem.close()


def test_postgres_migration_renumbers(request: pytest.FixtureRequest) -> None:
    pytest.importorskip("psycopg")
    from engram.stores.postgres.schema import MIGRATIONS
    from tests.support.pg import admin_connect, fresh_url, schema_at_step, schema_of

    url = fresh_url(request)
    schema = schema_of(url)
    with admin_connect() as conn, conn.transaction():
        schema_at_step(conn, schema, _step(MIGRATIONS))
        for i, (agent, actor, session) in enumerate(ROWS):
            conn.execute("INSERT INTO events (id, agent, actor, session, role, content, at) "
                         "VALUES (%s, %s, %s, %s, 'user', %s, now() - interval '1 hour' + %s * interval '1 ms')",
                         [f"e_{i}", agent, actor, session, f"old {i}", i])
    mem = Memory.open(url, embedder=HashingEmbedder())
    try:
        _check_renumbered(mem)
    finally:
        mem.close()


def _step(migrations: tuple[str, ...]) -> int:
    """How many steps come before the one that numbers events per session (the database to upgrade)."""
    return next(i for i, m in enumerate(migrations) if "session_seqs" in m)


def _check_renumbered(mem: Memory) -> None:
    assert [(e.id, e.seq) for e in mem.events(A)] == [("e_0", 1), ("e_1", 2), ("e_2", 3), ("e_3", 4), ("e_6", 5)]
    assert [e.seq for e in mem.events(B)] == [1, 2]
    assert [e.seq for e in mem.append(A, _msgs(1, "new"))] == [6]
    assert [e.seq for e in mem.append(B, _msgs(1, "new"))] == [3]
