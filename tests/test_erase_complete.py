"""Issue 13, item 3: an erase leaves no byte of the subject, in rows, files, indexes or planner samples.

The subject's text, actor id and session id are distinctive markers; after the erase the database files
(SQLite: main file, WAL, HNSW files beside it) or every table and pg_stats (PostgreSQL) are searched for them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from engram import Memory, NotFound, Scope
from engram.agentcore import idempotency, state
from engram.agentcore.records import BATCH_TOKEN_OP
from engram.embedders import HashingEmbedder

MARK = "zqxwvmarkerword"
ACTOR = "subjactorqq"
SESSION = "subjsessionqq"
ME = Scope("bot", ACTOR, SESSION)
OTHER = Scope("bot", "keeper", "k1")
CONFIG = {"harness": {"memory": {"enabled": True,
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."}},
    "strategies": [{"type": "SEMANTIC"}],
}, "history": {"index": "messages_and_tools"}}}
NEEDLES = [MARK.encode(), ACTOR.encode(), SESSION.encode()]


def _fill(mem: Memory) -> dict[str, Any]:
    """The subject's data at every level, derived data, and another actor's data that must survive."""
    admin = Scope("bot")
    shared = mem.remember(admin, "The office opens at nine", scope="agent")
    events = mem.append(ME, [{"role": "user", "content": f"I live in {MARK}ville and my dog is {MARK}dog",
                              "metadata": {"note": MARK}},
                             {"role": "assistant", "content": f"Noted, {MARK}ville."}])
    mem.extract(ME)  # extraction cursor + extracted actor-level records
    mem.remember(ME, f"Session note {MARK}", scope="session", labels={"customer_id": MARK})
    mem.remember(ME, f"Actor fact {MARK}", scope="actor")
    written_in_session = mem.remember(ME, f"Agent fact from {MARK} conversation", scope="agent")
    mem.forget(ME, shared.id)  # a version of another author's record now names the subject
    # the subject's own superseded and forgotten records: their words were counted out of the text statistics
    # when they stopped being active (rows left at n = 0 on PostgreSQL), under words no active record has
    old = mem.remember(ME, f"Prefers {MARK}supersededword", scope="actor")
    mem.remember(ME, "Prefers the newer thing", scope="actor", replaces=old.id)
    mem.forget(ME, mem.remember(ME, f"Was {MARK}forgottenword", scope="actor").id)
    # IngestData client tokens keep the sessionId they made (agentcore/idempotency.py)
    idempotency.settle(mem.store, "ingest", f"bot\x1f{ACTOR}", "tok-1", "digest", SESSION)
    idempotency.settle(mem.store, "ingest", "bot\x1fkeeper", "tok-1", "digest", "k1")
    mem.log_uses(ME, mem.recall(ME, f"{MARK} fact"))
    t = mem.turn(OTHER, extract=False).as_strategy()  # extracted elsewhere from the subject's events
    from_events = t.remember(f"Agent lesson about {MARK}", scope="agent", strategy="semantic",
                             source_event_ids=[events[0].id])
    t.commit()
    mem.append(OTHER, [{"role": "user", "content": "keeper likes green tea"}])
    # what the AgentCore face notes about actors (agentcore/erase.py)
    for actor, session in ((ACTOR, SESSION), ("keeper", "k1")):
        state.note_owner(mem.store, "bot", actor, session, datetime.now(UTC))
    idempotency.settle(mem.store, BATCH_TOKEN_OP, "bot", "tok", "digest",
                       json.dumps({"successfulRecords": [{"namespace": f"/facts/{ACTOR}/", "content": MARK}]}))
    idempotency.settle(mem.store, BATCH_TOKEN_OP, "bot", "kept", "digest", json.dumps({"successfulRecords": []}))
    kept = mem.remember(OTHER, "Keeper likes green tea", scope="actor")
    for text in ("Refunds take five days", "Parking is free on weekends", "Support answers within a day"):
        mem.remember(admin, text, scope="agent")
    return {"derived": [written_in_session.id, from_events.id], "kept": kept.id, "shared": shared.id}


def _check_rows_gone(mem: Memory, ids: dict[str, Any]) -> None:
    for rid in ids["derived"]:
        with pytest.raises(NotFound):
            mem.get(OTHER, rid, preview=True)
    assert all(MARK not in h.record.summary for h in mem.recall(OTHER, f"{MARK} fact lesson") if h.record)
    assert mem.get(OTHER, ids["kept"]).summary == "Keeper likes green tea"
    assert mem.events(OTHER)[0].content == "keeper likes green tea"
    assert all(v.provenance.actor != ACTOR and v.provenance.session != SESSION
               for v in mem.history(OTHER, ids["shared"]))
    assert state.owners(mem.store, "bot") == [("keeper", "k1")]
    assert idempotency.lookup(mem.store, BATCH_TOKEN_OP, "bot", "tok", "digest") is None
    assert idempotency.lookup(mem.store, BATCH_TOKEN_OP, "bot", "kept", "digest") == json.dumps(
        {"successfulRecords": []})
    assert idempotency.lookup(mem.store, "ingest", f"bot\x1f{ACTOR}", "tok-1", "digest") is None
    assert idempotency.lookup(mem.store, "ingest", "bot\x1fkeeper", "tok-1", "digest") == "k1"


def _files(db: Path) -> list[Path]:
    out = [p for p in db.parent.iterdir() if p.name.startswith(db.name) and p.is_file()]
    ann = Path(str(db) + ".ann")
    return out + (list(ann.iterdir()) if ann.is_dir() else [])


def test_sqlite_erase_leaves_no_byte(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from engram.stores.sqlite import vectors

    monkeypatch.setattr(vectors, "ANN_THRESHOLD", 2)  # every partition of a few vectors gets an HNSW file
    db = tmp_path / "engram.db"
    mem = Memory.open(f"sqlite:///{db}", config=CONFIG, embedder=HashingEmbedder())
    ids = _fill(mem)
    mem.wait_indexed()
    store: Any = mem.store
    store.maintain_vectors(mem.embedder.dim)
    saved = list(Path(str(db) + ".ann").iterdir())
    assert saved
    assert any(MARK.encode() in p.read_bytes() for p in _files(db))  # the test can see the marker at all
    report = mem.erase(Scope("bot"), actor=ACTOR)
    assert report.events == 2 and report.records >= 2 and report.derived_records == 2
    assert report.provenance >= 1 and report.cursors >= 1 and report.uses >= 1 and report.index_files >= 1
    _check_rows_gone(mem, ids)
    store.maintain_vectors(mem.embedder.dim)  # rebuilt without the subject's vectors
    from engram.stores.sqlite.sql import event_part, record_part

    gone = {event_part("bot", ACTOR, SESSION), record_part("bot", ACTOR)}
    left = list(Path(str(db) + ".ann").iterdir())
    assert not [p for p in left if p.name.split("-")[0] in gone]
    from usearch.index import Index

    agent_files = [p for p in left if p.name.startswith(record_part("bot", None)) and p.suffix == ".usearch"]
    assert len(agent_files) == 1  # rebuilt, holding only the agent-level records that stay
    assert len(Index.restore(str(agent_files[0]), view=True)) == len(mem.list(Scope("bot"), limit=100)) == 3
    mem.close()
    for path in _files(db):  # after the erase alone (and the last connection's checkpoint)
        data = path.read_bytes()
        assert not [n for n in NEEDLES if n in data], path
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("VACUUM")
    conn.close()
    for path in _files(db):
        assert not [n for n in NEEDLES if n in path.read_bytes()], path
    again = Memory.open(f"sqlite:///{db}", embedder=HashingEmbedder())
    try:
        _check_rows_gone(again, ids)
        with pytest.raises(NotFound):
            again.erase(Scope("bot"), actor=ACTOR)  # nothing left about the subject: says so
    finally:
        again.close()


def test_postgres_erase_leaves_no_row_or_sample(request: pytest.FixtureRequest) -> None:
    pytest.importorskip("psycopg")
    from tests.support.pg import admin_connect, fresh_url, schema_of

    url = fresh_url(request)
    schema = schema_of(url)
    mem = Memory.open(url, config=CONFIG, embedder=HashingEmbedder())
    try:
        ids = _fill(mem)
        mem.wait_indexed()
        with admin_connect() as conn:
            conn.execute(f'ANALYZE "{schema}".events, "{schema}".records, "{schema}".postings, "{schema}".stats')
            assert _pg_hits(conn, schema, MARK)  # the test can see the marker at all
        report = mem.erase(Scope("bot"), actor=ACTOR)
        assert report.events == 2 and report.records >= 2 and report.derived_records == 2
        assert report.provenance >= 1 and report.cursors >= 1 and report.term_stats >= 1
        _check_rows_gone(mem, ids)
        with admin_connect() as conn:
            for needle in (MARK, ACTOR, SESSION):
                assert _pg_hits(conn, schema, needle) == []
        with pytest.raises(NotFound):
            mem.erase(Scope("bot"), actor=ACTOR)
    finally:
        mem.close()


def test_postgres_erase_that_empties_tables_leaves_no_sample(request: pytest.FixtureRequest) -> None:
    """ANALYZE writes no statistics from an empty table: it kept the ones sampled from the erased rows."""
    pytest.importorskip("psycopg")
    from tests.support.pg import admin_connect, fresh_url, schema_of

    url = fresh_url(request)
    schema = schema_of(url)
    mem = Memory.open(url, config=CONFIG, embedder=HashingEmbedder())
    try:
        for n in range(30):
            mem.append(ME, [{"role": "user", "content": f"{MARK} message {n}", "metadata": {"n": MARK}}])
            mem.remember(ME, f"Actor fact {n} {MARK}", scope="actor", labels={"customer_id": MARK})
        mem.extract(ME)
        mem.wait_indexed()
        with admin_connect() as conn:
            conn.execute(f'ANALYZE "{schema}".events, "{schema}".records, "{schema}".versions, "{schema}".uses, '
                         f'"{schema}".event_chunks, "{schema}".session_seqs, "{schema}".jobs')
            assert [h for h in _pg_hits(conn, schema, ACTOR) if h.startswith("pg_stats:")]
        mem.erase(Scope("bot"), actor=ACTOR)
        with admin_connect() as conn:
            for needle in (MARK, ACTOR, SESSION):
                assert _pg_hits(conn, schema, needle) == [], needle
        assert mem.recall(ME, MARK) == [] and mem.events(ME) == []
        mem.append(ME, [{"role": "user", "content": "a new start"}])  # the emptied tables still work
        assert [e.content for e in mem.events(ME)] == ["a new start"]
    finally:
        mem.close()


def _pg_hits(conn: Any, schema: str, needle: str) -> list[str]:
    """Tables of ``schema`` with a row whose text holds ``needle``, and pg_stats columns sampling it."""
    like = f"%{needle}%"
    hits = []
    tables = [r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
                                         "AND table_type = 'BASE TABLE'", [schema])]
    for t in tables:
        n = conn.execute(f'SELECT count(*) FROM "{schema}"."{t}" AS x WHERE x::text LIKE %s', [like]).fetchone()[0]
        if n:
            hits.append(t)
    for r in conn.execute("SELECT tablename, attname FROM pg_stats WHERE schemaname = %s AND "
                          "(coalesce(most_common_vals::text, '') LIKE %s OR coalesce(histogram_bounds::text, '') "
                          "LIKE %s)", [schema, like, like]):
        hits.append(f"pg_stats:{r[0]}.{r[1]}")
    return hits


def test_erasing_nobody_says_so(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    mem.remember(OTHER, "Keeper likes tea", scope="actor")
    with pytest.raises(NotFound) as err:
        mem.erase(Scope("bot"), actor="never-was")
    assert err.value.field == "actor"
    assert mem.list(OTHER)


@pytest.mark.anyio
async def test_http_erase_of_nobody_is_404_and_lists_each_kind(make_memory: Callable[..., Memory]) -> None:
    from tests.support.http_app import make_env

    env = make_env(make_memory(CONFIG))
    env.mem.remember(Scope("bot", "u1", "s1"), "u1 fact", scope="actor")
    async with env.client("admin") as c:
        r = await c.delete("/v1/agents/bot/actors/never-was")
        assert r.status_code == 404 and r.json()["error"]["field"] == "actor", r.text
        r = await c.delete("/v1/agents/bot/actors/u1")
        assert r.status_code == 200, r.text
        assert {"derived_records", "provenance", "cursors", "term_stats", "index_files"} <= set(r.json())
        assert r.json()["records"] == 1
