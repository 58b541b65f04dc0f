"""The PostgreSQL postings table (schema steps 3 and 5): exact on every write path, backfilled by the migrations.

``postings`` holds one row per distinct indexed term of each active record and of each event chunk; text
candidates are read from it, so a posting missing or left behind would change what a search finds. The
expected rows are recomputed here in Python from the rows' ``terms`` (not with the SQL that writes them).
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE
from tests.support.pg import admin_connect, fresh_url, schema_at_step, schema_of

pytestmark = [pytest.mark.skipif("postgres" not in BACKENDS, reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)"),
              pytest.mark.parametrize("backend", ["postgres"], indirect=True)]

Posting = tuple[str, str, int, int]  # kind, term, partition hash, seq
ANA1, ANA2, BOB = Scope("bot", "ana", "s1"), Scope("bot", "ana", "s2"), Scope("bot", "bob", "s1")
LONG = "z" * 2100  # longer than a tsvector lexeme may be: never indexed


def _distinct_terms(terms: str) -> set[str]:
    return {t for t in terms.split(" ") if t and len(t.encode()) < 2048}


def _postings(url: str) -> tuple[Counter[Posting], Counter[Posting]]:
    """(rows of the postings table, rows expected from the records and chunks), as multisets."""
    with admin_connect(url) as conn:
        conn.execute(f'SET search_path TO "{schema_of(url)}", public')
        have: Counter[Posting] = Counter(
            (str(k), t, int(p), int(s)) for k, t, p, s in conn.execute(
                "SELECT kind, term, ph, seq FROM postings").fetchall())
        want: Counter[Posting] = Counter()
        for ph, seq, terms in conn.execute(
                "SELECT hashtextextended(part, 0), seq, terms FROM records WHERE status = 'active'").fetchall():
            want.update(("r", t, int(ph), int(seq)) for t in _distinct_terms(terms))
        for ph, cid, terms in conn.execute(
                "SELECT hashtextextended(part, 0), id, terms FROM event_chunks").fetchall():
            want.update(("e", t, int(ph), int(cid)) for t in _distinct_terms(terms))
    return have, want


def _assert_exact(url: str) -> Counter[Posting]:
    have, want = _postings(url)
    assert have == want, (sorted((have - want).elements())[:5], sorted((want - have).elements())[:5])
    return have


def _fill(mem: Memory, now: datetime) -> dict[str, Any]:
    """Records at every level, events in three sessions (one of them old enough to expire)."""
    old = now - timedelta(days=10)
    e1 = mem.append(ANA1, [{"role": "user", "content": "Tea tea and more tea with lemon in Porto"},
                           {"role": "assistant", "content": f"Noted: green tea {LONG} and a lemon cake",
                            "tool_calls": [{"id": "c1", "name": "note", "arguments": {"what": "tea"}}]},
                           {"role": "tool", "content": "saved tea note", "tool_call_id": "c1", "name": "note"}])
    mem.append(ANA2, [{"role": "user", "content": "an old message about llamas and tea", "at": old},
                      {"role": "user", "content": "a new message about llamas"}])
    mem.append(BOB, [{"role": "user", "content": "Bob likes coffee, not tea"}])
    recs = mem.remember_many(ANA1, [
        {"summary": "Lives in Porto near the river", "scope": "actor"},
        {"summary": "Drinks tea tea tea every morning", "scope": "actor"},
        {"summary": "Session note about the lemon cake order", "scope": "session"},
        {"summary": "All customers get tea on arrival", "scope": "agent"},
    ])
    bob = mem.remember_many(BOB, [{"summary": "Bob drinks coffee in Porto", "scope": "actor"},
                                  {"summary": "Bob's ticket about tea", "scope": "actor"}])
    return {"e1": e1, "recs": recs, "bob": bob}


def _lexical(mem: Memory, s: Scope, q: str) -> list[str]:
    return sorted(h.record.summary for h in mem.recall(s, q, limit=20, mode="lexical") if h.record)


def test_postings_follow_every_write(db_url: str) -> None:
    now = [datetime(2026, 11, 30, 12, tzinfo=UTC)]
    cfg = {**WIDE, "harness": {**WIDE["harness"], "history": {**WIDE["harness"]["history"],
                                                              "eventExpiryDuration": 3}}}
    mem = Memory.open(db_url, config=cfg, embedder=HashingEmbedder(), clock=lambda: now[0])
    try:
        now[0] -= timedelta(days=10)  # expiry counts from when engram stored an event: this one, long ago
        mem.append(ANA2, [{"role": "user", "content": "stored long ago, about llamas and tea"}])
        now[0] += timedelta(days=10)
        got = _fill(mem, now[0])
        have = _assert_exact(db_url)
        assert {k for k, *_ in have} == {"r", "e"}
        assert not any(len(t) > 2047 for _, t, *_ in have)
        # one posting per distinct term: "tea" three times in a record is one row
        tea = [p for p in have if p[0] == "r" and p[1] == "tea" and p[3] == _seq(db_url, got["recs"][1].id)]
        assert len(tea) == 1 and have[tea[0]] == 1
        assert "Drinks tea tea tea every morning" in _lexical(mem, ANA1, "tea")

        porto = got["recs"][0]
        new = mem.remember(ANA1, "Lives in Lisbon by the sea", scope="actor", replaces=porto.id)  # supersede
        _assert_exact(db_url)
        assert _lexical(mem, ANA1, "lives") == [new.summary]
        mem.forget(ANA1, got["recs"][1].id)  # leaves 'active': out of the text index
        _assert_exact(db_url)
        assert "Drinks tea tea tea every morning" not in _lexical(mem, ANA1, "tea drinks")

        assert mem.delete_events(ANA1, [got["e1"][0].id]) == 1
        _assert_exact(db_url)
        assert all("lemon in Porto" not in h.event.content
                   for h in mem.search_history(ANA1, "tea lemon", limit=10, mode="lexical") if h.event)

        assert mem.expire() == 1
        _assert_exact(db_url)

        report = mem.erase(Scope("bot", "bob", "s1"), actor="bob")
        assert report.records == 2 and report.events == 1
        have = _assert_exact(db_url)
        assert not {p[2] for p in have} & _part_hashes(db_url, "bob")
        assert _lexical(mem, ANA1, "coffee") == []
    finally:
        mem.close()


def _seq(url: str, record_id: str) -> int:
    with admin_connect(url) as conn:
        row = conn.execute(f'SELECT seq FROM "{schema_of(url)}".records WHERE id = %s', [record_id]).fetchone()
    assert row is not None
    return int(row[0])


def _part_hashes(url: str, actor: str) -> set[int]:
    """The partition hashes of an actor's records and sessions (as postings hold them)."""
    with admin_connect(url) as conn:
        return {int(r[0]) for r in conn.execute(
            "SELECT hashtextextended(p, 0) FROM unnest(%s::text[]) AS p",
            [[f"bot\x1f{actor}", f"bot\x1f{actor}\x1fs1"]]).fetchall()}


def _columns(conn: Any, schema: str, table: str) -> list[str]:
    return [r[0] for r in conn.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = %s AND table_name = %s "
        "AND is_generated = 'NEVER' ORDER BY ordinal_position", [schema, table]).fetchall()]


def test_migration_backfills_postings_as_writes_would(db_url: str, request: pytest.FixtureRequest) -> None:
    """A database at step 2 holding data gets, from steps 3 and 5, exactly the postings its writes would make."""
    now = datetime(2026, 11, 30, 12, tzinfo=UTC)
    mem = Memory.open(db_url, config=WIDE, embedder=HashingEmbedder(), clock=lambda: now)
    try:
        got = _fill(mem, now)
        mem.remember(ANA1, "Lives in Lisbon by the sea", scope="actor", replaces=got["recs"][0].id)
        mem.forget(ANA1, got["recs"][1].id)
        mem.delete_events(ANA1, [got["e1"][0].id])
    finally:
        mem.close()
    fresh = _assert_exact(db_url)

    # the same rows in a schema built by steps 1 and 2 only (where tsv and the GIN indexes still exist)
    old_url = fresh_url(request)
    src, dst = schema_of(db_url), schema_of(old_url)
    with admin_connect() as conn, conn.transaction():
        schema_at_step(conn, dst, 2)
        for table in ("meta", "configs", "stats", "events", "event_chunks", "records", "record_sources",
                      "versions", "uses", "jobs", "api_keys"):  # the columns step 2 has (later steps add some)
            old_cols = set(_columns(conn, dst, table))
            cols = ", ".join(c for c in _columns(conn, src, table) if c in old_cols)
            conn.execute(f'INSERT INTO "{dst}".{table} ({cols}) SELECT {cols} FROM "{src}".{table}')
        for table, col in (("events", "seq"), ("event_chunks", "id"), ("records", "seq"), ("uses", "id")):
            conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{col}'), "
                         f"(SELECT coalesce(max({col}), 0) + 1 FROM {table}), false)")
        hit = conn.execute("SELECT count(*) FROM records WHERE tsv @@ 'tea'::tsquery").fetchone()
        assert hit is not None and hit[0] > 0  # a working step-2 text index

    old = Memory.open(old_url, config=WIDE, embedder=HashingEmbedder(), clock=lambda: now)  # runs steps 3 on
    new = Memory.open(db_url, config=WIDE, embedder=HashingEmbedder(), clock=lambda: now)
    try:
        assert _assert_exact(old_url) == fresh
        for s in (ANA1, ANA2, BOB):
            for q in ("tea", "lemon cake", "porto lisbon", "llamas", "coffee tea"):
                assert _lexical(old, s, q) == _lexical(new, s, q)
                assert ([h.event.id for h in old.search_history(s, q, limit=10, mode="lexical") if h.event]
                        == [h.event.id for h in new.search_history(s, q, limit=10, mode="lexical") if h.event])
        old.remember(ANA1, "A fresh fact about tea after the migration", scope="actor")
        _assert_exact(old_url)
        assert "A fresh fact about tea after the migration" in _lexical(old, ANA1, "tea")
    finally:
        old.close()
        new.close()
    with admin_connect() as conn:
        left = conn.execute(
            "SELECT count(*) FROM information_schema.columns WHERE table_schema = %s AND column_name = 'tsv'",
            [dst]).fetchone()
        gin = conn.execute("SELECT count(*) FROM pg_indexes WHERE schemaname = %s AND indexdef ILIKE '%%gin%%'",
                           [dst]).fetchone()
    assert left == (0,) and gin == (0,)


FULL = {"postings_term", "postings_part", "records_part_time", "records_active", "records_seq", "event_chunks_part"}


def _fillfactors(url: str) -> dict[str, str | None]:
    with admin_connect(url) as conn:
        return {str(name): next((o.split("=")[1] for o in opts or [] if o.startswith("fillfactor=")), None)
                for name, opts in conn.execute(
                    "SELECT c.relname, c.reloptions FROM pg_class c WHERE c.relkind = 'i' "
                    "AND c.relnamespace = %s::regnamespace", [schema_of(url)]).fetchall()}


def test_step_8_builds_growing_indexes_full_on_a_database_that_has_data(db_url: str,
                                                                        request: pytest.FixtureRequest) -> None:
    """A database at step 7 holding data gets fillfactor 100 on the btrees whose runs only grow at their end,
    and nowhere else; the next maintain_vectors rebuilds them full, and searches find the same rows."""
    now = datetime(2026, 11, 30, 12, tzinfo=UTC)
    url = fresh_url(request)
    with admin_connect() as conn, conn.transaction():
        schema_at_step(conn, schema_of(url), 7)
        conn.execute("INSERT INTO records (id, agent, actor, level, namespace, kind, summary, status, created_at, "
                     "updated_at, part, terms) VALUES ('r_old', 'bot', 'ana', 'actor', '/', 'fact', "
                     "'Drinks tea every morning', 'active', now(), now(), 'bot\x1fana', 'drink tea everi morn')")
        conn.execute("INSERT INTO postings (seq, ph, kind, term) SELECT r.seq, hashtextextended(r.part, 0), 'r', t "
                     "FROM records r, posting_terms(r.terms) AS t")
        conn.execute("INSERT INTO stats (kind, key, shard, n) VALUES ('n', 'r', 0, 1), ('pr', 'bot\x1fana', 0, 1), "
                     "('tok', 'r', 0, 5)")
    assert not {k for k, v in _fillfactors(url).items() if v is not None}
    mem = Memory.open(url, config=WIDE, embedder=HashingEmbedder(), clock=lambda: now)  # runs step 8
    try:
        assert {k for k, v in _fillfactors(url).items() if v == "100"} == FULL
        assert all(v is None for k, v in _fillfactors(url).items() if k not in FULL)
        mem.remember(ANA1, "Drinks green tea at noon", scope="actor")
        _assert_exact(url)
        store = mem.store
        assert hasattr(store, "maintain_vectors")
        store.maintain_vectors(HashingEmbedder().dim)
        assert {k for k, v in _fillfactors(url).items() if v == "100"} == FULL
        _assert_exact(url)
        assert "Drinks tea every morning" in _lexical(mem, ANA1, "tea")
        assert "Drinks green tea at noon" in _lexical(mem, ANA1, "tea")
    finally:
        mem.close()
