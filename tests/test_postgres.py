"""PostgreSQL-only concerns: URL settings, migrations under concurrent start, job claims across processes,
a killed worker, exact BM25 statistics under concurrent writers, and the same ranking as SQLite.

The store suite (tests/test_store.py, tests/test_invariants.py, …) already runs on PostgreSQL through the
``backend`` fixture; this file covers what only a server database has.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.errors import ConfigError, StoreError, ValidationError
from engram.stores.postgres import url as urlmod
from engram.stores.postgres import vectors
from engram.stores.postgres.schema import MIGRATIONS
from engram.stores.postgres.sql import lock_key as _lock_key
from engram.stores.postgres.store import PostgresStore
from engram.types import Job
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE
from tests.support.pg import admin_connect, schema_of, with_params

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _env() -> dict[str, str]:
    """The child imports this checkout's tests and the engram the parent imports (a worktree's src first)."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)}
pg_only = pytest.mark.parametrize("backend", ["postgres"], indirect=True)
pytestmark = pytest.mark.skipif("postgres" not in BACKENDS, reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)")


def run_py(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(script), *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())


def finish(procs: list[subprocess.Popen[str]], timeout: float = 240) -> list[str]:
    outs = [p.communicate(timeout=timeout) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-3000:] for o in outs]
    return [o[0] for o in outs]


def stats_drift(url: str) -> list[tuple[str, str, int, int]]:
    """(kind, key, kept, true) for every statistics row that differs from a recount of the data."""
    truth_sql = """
        WITH ch AS (SELECT id, part, terms FROM event_chunks),
             rc AS (SELECT id, part, terms FROM records WHERE status = 'active')
        SELECT 'n' AS kind, 'e' AS key, count(*) AS n FROM ch
        UNION ALL SELECT 'tok', 'e', coalesce(sum(cardinality(array_remove(string_to_array(terms, ' '), '')) + 1), 0)
                  FROM ch
        UNION ALL SELECT 'pe', part, count(*) FROM ch GROUP BY part
        UNION ALL SELECT 'dfe', t, count(DISTINCT ch.id) FROM ch, unnest(string_to_array(ch.terms, ' ')) t
                  WHERE t <> '' GROUP BY t
        UNION ALL SELECT 'n', 'r', count(*) FROM rc
        UNION ALL SELECT 'tok', 'r', coalesce(sum(cardinality(array_remove(string_to_array(terms, ' '), '')) + 1), 0)
                  FROM rc
        UNION ALL SELECT 'pr', part, count(*) FROM rc GROUP BY part
        UNION ALL SELECT 'dfr', t, count(DISTINCT rc.id) FROM rc, unnest(string_to_array(rc.terms, ' ')) t
                  WHERE t <> '' GROUP BY t
    """
    with admin_connect(url) as conn:
        conn.execute(f'SET search_path TO "{schema_of(url)}", public')
        truth = {(k, key): int(n) for k, key, n in conn.execute(truth_sql).fetchall()}
        kept = {(k, key): int(n) for k, key, n in conn.execute(
            "SELECT kind, key, sum(n) FROM stats GROUP BY kind, key").fetchall()}
    return [(k[0], k[1], kept.get(k, 0), truth.get(k, 0)) for k in set(truth) | set(kept)
            if kept.get(k, 0) != truth.get(k, 0)]


# -- settings --------------------------------------------------------------------------------------------------
def test_url_settings_split_engram_params_from_libpq_ones() -> None:
    read = "postgresql://ro@replica:5432/db?sslmode=require"
    got = urlmod.parse("postgresql://u:p@h:6543/db?schema=mem&pool_max=20&pool_min=2&sslmode=require"
                       f"&pool_timeout=5&prepare=0&options=-c%20work_mem%3D8MB&read_url={quote(read, safe='')}")
    assert got.schema == "mem" and got.pool_max == 20 and got.pool_min == 2 and got.pool_timeout == 5
    assert got.prepare_threshold is None
    assert got.conninfo.startswith("postgresql://u:p@h:6543/db?sslmode=require&options=-c%20work_mem%3D8MB")
    assert "schema" not in got.conninfo and "pool_max" not in got.conninfo
    assert "connect_timeout=10" in got.conninfo and "application_name=engram" in got.conninfo
    assert got.read_conninfo is not None and got.read_conninfo.startswith("postgresql://ro@replica:5432/db?")
    assert got.direct_conninfo == got.conninfo
    direct = urlmod.parse(f"postgresql://u@bouncer:6432/db?direct_url={quote('postgresql://u@pg:5432/db', safe='')}")
    assert direct.conninfo.startswith("postgresql://u@bouncer:6432/db?")
    assert direct.direct_conninfo.startswith("postgresql://u@pg:5432/db?")
    assert urlmod.parse("postgres://h/db").schema == "engram"
    assert urlmod.parse("postgres://h/db?schema=a", schema="b").schema == "b"


def test_synchronous_commit_becomes_a_session_setting_kept_with_the_callers_options() -> None:
    got = urlmod.parse("postgresql://h/db?options=-c%20work_mem%3D8MB&synchronous_commit=off")
    assert "options=-c%20work_mem%3D8MB%20-c%20synchronous_commit%3Doff" in got.conninfo
    assert "synchronous_commit" not in urlmod.parse("postgresql://h/db").conninfo  # the server's own by default


@pg_only
def test_synchronous_commit_off_applies_to_every_engram_session(db_url: str) -> None:
    with Memory.open(db_url + "&synchronous_commit=off", embedder=HashingEmbedder()) as mem:
        mem.append(Scope("bot", "u", "s"), [{"role": "user", "content": "hello"}])
        with mem.store.write() as tx:
            assert tx.c.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"] == "off"
        with mem.store.read() as tx:
            assert tx.c.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"] == "off"
        assert [e.content for e in mem.events(Scope("bot", "u", "s"))] == ["hello"]


@pytest.mark.parametrize("query, field", [("schema=Bad-Name", "schema"), ("schema=a;drop", "schema"),
                                          ("pool_max=0", "pool_max"), ("pool_max=x", "pool_max"),
                                          ("pool_min=5&pool_max=2", "pool_max"), ("pool_timeout=-1", "pool_timeout"),
                                          ("vector_schema=x y", "vector_schema"),
                                          ("synchronous_commit=maybe", "synchronous_commit")])
def test_bad_url_settings_name_the_parameter(query: str, field: str) -> None:
    with pytest.raises(ConfigError) as err:
        urlmod.parse(f"postgresql://h/db?{query}")
    assert err.value.field == field


def test_unreachable_server_is_a_store_error() -> None:
    t = time.monotonic()
    with pytest.raises(StoreError) as err:
        Memory.open("postgresql://postgres@127.0.0.1:1/none?connect_timeout=2", embedder=HashingEmbedder())
    assert err.value.field == "url" and time.monotonic() - t < 10


# -- migrations ------------------------------------------------------------------------------------------------
@pg_only
def test_processes_starting_together_migrate_once(db_url: str) -> None:
    script = """
        import sys, time
        from engram import Memory, Scope
        from engram.embedders import HashingEmbedder
        time.sleep(max(0.0, float(sys.argv[2]) - time.time()))  # start together
        cfg = {"harness": {"memory": {"kinds": ["fact", "x"]}}}
        mem = Memory.open(sys.argv[1], embedder=HashingEmbedder(), config=cfg)
        mem.append(Scope("bot", "u", "s"), [{"role": "user", "content": "hello from " + sys.argv[3]}])
        mem.close()
    """
    at = str(time.time() + 1.5)
    finish([run_py(script, db_url, at, str(i)) for i in range(5)])
    with admin_connect(db_url) as conn:
        conn.execute(f'SET search_path TO "{schema_of(db_url)}", public')
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_version ORDER BY version")]
        configs = conn.execute("SELECT count(*) FROM configs").fetchone()
        events = conn.execute("SELECT count(*) FROM events").fetchone()
    assert versions == list(range(1, len(MIGRATIONS) + 1))
    assert configs == (1,) and events == (5,)


@pg_only
def test_migration_waits_for_the_advisory_lock(db_url: str) -> None:
    schema = schema_of(db_url)
    opened: list[PostgresStore] = []
    with admin_connect(db_url) as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", [_lock_key(schema, "migrate")])
        t = threading.Thread(target=lambda: opened.append(PostgresStore(db_url)))
        t.start()
        time.sleep(1.0)
        assert not opened  # blocked behind the lock another migrator holds
    t.join(30)
    assert opened
    opened[0].close()


@pg_only
def test_a_newer_schema_is_refused(db_url: str) -> None:
    PostgresStore(db_url).close()
    with admin_connect(db_url) as conn:
        conn.execute(f'INSERT INTO "{schema_of(db_url)}".schema_version (version) VALUES (%s)', [len(MIGRATIONS) + 1])
    with pytest.raises(StoreError, match="newer than this engram"):
        PostgresStore(db_url)


# -- jobs ------------------------------------------------------------------------------------------------------
def _job(i: int, session: str) -> Job:
    at = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(milliseconds=i)
    return Job(id=f"j_{i:04d}", kind="extract", agent="bot", actor="u", session=session, status="pending",
               attempts=0, error=None, payload={}, created_at=at, updated_at=at)


@pg_only
def test_jobs_are_claimed_once_across_processes(db_url: str, make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    with mem.store.write() as tx:
        for i in range(80):
            tx.enqueue_job(_job(i, f"s{i}"))
    script = """
        import sys, time
        from datetime import UTC, datetime
        from engram.stores.postgres.store import PostgresStore
        store = PostgresStore(sys.argv[1])
        got = []
        while True:
            with store.write() as tx:
                job = tx.claim_job("w" + sys.argv[2], datetime.now(UTC), 60)
            if job is None:
                break
            got.append(job.id)
            time.sleep(0.002)
            with store.write() as tx:
                tx.finish_job(job.id, datetime.now(UTC))
        print(" ".join(got))
        store.close()
    """
    outs = finish([run_py(script, db_url, str(w)) for w in range(4)])
    claimed = [j for out in outs for j in out.split()]
    assert sorted(claimed) == [f"j_{i:04d}" for i in range(80)]  # every job once, none twice
    assert sum(1 for out in outs if out.split()) >= 2  # the work was shared
    jobs = mem.jobs(Scope("bot"), limit=100)
    assert {j.status for j in jobs} == {"done"} and {j.attempts for j in jobs} == {1}


@pg_only
def test_one_session_runs_one_job_at_a_time(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    now = datetime.now(UTC)
    with mem.store.write() as tx:
        for i, session in enumerate(["a", "a", "b"]):
            tx.enqueue_job(_job(i, session))
    with mem.store.write() as tx:
        first = tx.claim_job("w1", now, 60)
    with mem.store.write() as tx:
        second = tx.claim_job("w2", now, 60)
    with mem.store.write() as tx:
        third = tx.claim_job("w3", now, 60)
    assert first is not None and second is not None
    assert (first.id, first.session, second.id, second.session) == ("j_0000", "a", "j_0002", "b")
    assert third is None  # j_0001 waits while session a is being extracted
    with mem.store.write() as tx:
        tx.finish_job(first.id, now)
    with mem.store.write() as tx:
        fourth = tx.claim_job("w3", now, 60)
    assert fourth is not None and fourth.id == "j_0001"


ASYNC = {"harness": {"memory": {"enabled": True, "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                "strategies": [{"type": "SEMANTIC"}], "extraction": {"trigger": "async"}}}}


@pg_only
def test_a_killed_workers_job_is_taken_again(db_url: str, make_memory: Callable[..., Memory],
                                             tmp_path: Path) -> None:
    pytest.importorskip("engram.strategies.pipeline")
    mem = make_memory(ASYNC)
    s = Scope("bot", "ana", "s1")
    mem.append(s, [{"role": "user", "content": "I live in Lisbon and I'm vegetarian."}])
    [job] = mem.jobs(s)
    assert job.status == "pending"
    flag = tmp_path / "claimed"
    script = """
        import sys, time, pathlib
        from engram import Memory
        from engram.embedders import HashingEmbedder
        class Stuck:  # a model that hangs mid-extraction, as a worker killed there would
            model_id = "test:stuck"
            def complete(self, messages, **kw):
                pathlib.Path(sys.argv[2]).write_text("1")
                time.sleep(600)
        mem = Memory.open(sys.argv[1], embedder=HashingEmbedder(), model=Stuck())
        mem.run_jobs(lease_seconds=3)
    """
    worker = run_py(script, db_url, str(flag))
    deadline = time.monotonic() + 60
    while not flag.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert flag.exists(), worker.stderr.read() if worker.stderr else ""
    worker.send_signal(signal.SIGKILL)
    worker.wait(30)
    [job] = mem.jobs(s)
    assert job.status == "running" and job.attempts == 1
    assert mem.run_jobs() == 0  # its lease still runs: nobody else takes it yet
    time.sleep(3.2)
    assert mem.run_jobs() == 1
    [job] = mem.jobs(s)
    assert job.status == "done" and job.attempts == 2
    facts = [r.summary for r in mem.list(s, limit=50)]
    assert any("Lisbon" in f for f in facts) and len(facts) == len(set(facts))


@pg_only
def test_workers_in_several_processes_never_extract_twice(db_url: str, make_memory: Callable[..., Memory]) -> None:
    pytest.importorskip("engram.strategies.pipeline")
    mem = make_memory(ASYNC)
    lines = ["I live in Lisbon.", "I'm vegetarian.", "My dog is called Rex.", "I work as a nurse."]
    for i in range(3):
        s = Scope("bot", f"u{i}", "s1")
        for line in lines:
            mem.append(s, [{"role": "user", "content": line}])  # four jobs per session
    script = """
        import sys
        from engram import Memory
        from engram.embedders import HashingEmbedder
        mem = Memory.open(sys.argv[1], embedder=HashingEmbedder())
        print(mem.run_jobs(worker="w" + sys.argv[2]))
    """
    outs = finish([run_py(script, db_url, str(w)) for w in range(3)])
    assert sum(int(o.strip()) for o in outs) + mem.run_jobs() == 12
    for i in range(3):
        s = Scope("bot", f"u{i}", "s1")
        assert {j.status for j in mem.jobs(s)} == {"done"}
        facts = [r.summary for r in mem.list(s, limit=50)]
        assert facts and len(facts) == len(set(facts)), facts


# -- concurrent writers and statistics -------------------------------------------------------------------------
@pg_only
def test_writers_in_several_processes_lose_nothing_and_keep_exact_stats(db_url: str,
                                                                        make_memory: Callable[..., Memory]) -> None:
    make_memory(WIDE)
    script = """
        import sys
        from engram import Memory, Scope
        from engram.embedders import HashingEmbedder
        w = sys.argv[2]
        mem = Memory.open(sys.argv[1], embedder=HashingEmbedder())
        shared = Scope("bot", "shared", "s-" + w)
        for j in range(25):
            with mem.turn(shared) as t:
                t.append([{"role": "user", "content": f"writer {w} says parcel {j} refund invoice"},
                          {"role": "assistant", "content": f"noted parcel {j} for writer {w}"}])
                rec = t.remember(f"writer {w} fact {j} about the parcel refund", scope="actor")
            if j % 5 == 0:
                mem.remember(shared, f"writer {w} fact {j} corrected", scope="actor", replaces=rec.id)
            if j % 7 == 0 and j % 5 != 0:
                mem.forget(shared, rec.id)
        print("ok")
    """
    finish([run_py(script, db_url, str(w)) for w in range(4)])
    mem = make_memory(WIDE)
    for w in range(4):
        s = Scope("bot", "shared", f"s-{w}")
        events = mem.events(s, limit=200)
        assert len(events) == 50
        assert [e.seq for e in events] == sorted({e.seq for e in events})
    active = mem.list(Scope("bot", "shared", "s-0"), limit=1000)
    # per writer: 25 records, 5 superseded by corrections, 3 forgotten (j = 7, 14, 21)
    assert len(active) == 4 * (25 - 5 + 5 - 3)
    assert stats_drift(db_url) == []
    hits = mem.search_history(Scope("bot", "shared", "s-2"), "parcel refund", limit=5)
    assert len(hits) == 5 and all(h.event is not None and h.event.session == "s-2" for h in hits)


@pg_only
def test_statistics_follow_every_change(make_memory: Callable[..., Memory], db_url: str) -> None:
    a, b = Scope("bot", "ana", "s1"), Scope("bot", "ben", "s2")
    now = [datetime.now(UTC) - timedelta(days=400)]
    mem = make_memory(WIDE, clock=lambda: now[0])
    mem.append(a, [{"role": "user", "content": "an old parcel about refunds"}])  # stored 400 days ago
    now[0] = datetime.now(UTC)
    mem.append(a, [
                   {"role": "tool", "content": "refund " * 900, "tool_call_id": "c1", "name": "lookup"}])
    mem.append(b, [{"role": "user", "content": "the parcel arrived"}])
    r1 = mem.remember(a, "Prefers refunds by email", scope="actor")
    mem.remember(a, "Prefers refunds by phone", scope="actor", replaces=r1.id)
    r3 = mem.remember(b, "Ships parcels to Paris", scope="agent")
    assert stats_drift(db_url) == []
    mem.forget(b, r3.id)
    assert stats_drift(db_url) == []
    assert mem.expire() == 1
    assert stats_drift(db_url) == []
    mem.erase(a)
    assert stats_drift(db_url) == []
    with mem.store.read() as tx:
        st = tx.event_term_stats("bot", "ben", "s2", ["parcel", "refund"])
    assert st.doc_count == 1 and dict(st.doc_freq) == {"parcel": 1}


@pg_only
def test_query_terms_never_reach_tsquery_syntax(mem: Memory) -> None:
    s = Scope("bot", "ana", "s1")
    mem.append(s, [{"role": "user", "content": "it's a can't-miss deal"}])
    with mem.store.read() as tx:
        for terms in (["a'b"], ["\\"], ["x & y", "!z", "w:*", "(", "'"], ["é" * 1500], [""]):
            assert tx.events_lexical("bot", "ana", "s1", terms, limit=5, include_tools=True, not_before=None) == []
    assert mem.search_history(s, "can't & | ! miss:* deal", limit=3)


@pg_only
def test_a_value_postgres_cannot_store_is_a_validation_error(mem: Memory) -> None:
    s = Scope("bot", "ana", "s1")
    with pytest.raises(ValidationError):
        mem.append(s, [{"role": "user", "content": "hi", "metadata": {"k": "nul \x00 inside"}}])
    assert mem.events(s) == []


# -- same ranking as SQLite ------------------------------------------------------------------------------------
Corpus = tuple[list[tuple[str, str, str]], list[str], list[str]]


def _corpus(seed: int = 7, n: int = 300) -> Corpus:
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(120)] + ["refund", "order", "parcel", "invoice", "email", "phone", "paris",
                                             "london", "coffee", "tea", "dog", "cat"]

    def sentence(k: int) -> str:
        return " ".join(rng.choice(vocab) for _ in range(k))

    recs = [(sentence(rng.randint(3, 12)), rng.choice(["session", "actor", "agent"]), rng.choice(["u1", "u2"]))
            for _ in range(n)]
    msgs = [sentence(rng.randint(3, 20)) for _ in range(n)]
    queries = [sentence(rng.randint(1, 4)) for _ in range(15)]
    return recs, msgs, queries


def _fill(url: str, recs: list[tuple[str, str, str]], msgs: list[str]) -> Memory:
    t0 = datetime(2026, 11, 1, tzinfo=UTC)
    clock = [t0]
    mem = Memory.open(url, config=WIDE, embedder=HashingEmbedder(), clock=lambda: clock[0])
    for i, (text, level, actor) in enumerate(recs):
        clock[0] = t0 + timedelta(seconds=i)
        mem.remember(Scope("a", actor, "s1"), text, scope=level)
    mem.append(Scope("a", "u1", "s1"), [{"role": "user" if i % 2 else "assistant", "content": m,
                                         "at": t0 + timedelta(seconds=i)} for i, m in enumerate(msgs)])
    return mem


def _orders(mem: Memory, queries: list[str]) -> list[list[tuple[str, float]]]:
    s = Scope("a", "u1", "s1")
    out = []
    for mode in ("lexical", "vector", "hybrid"):
        for q in queries:
            out.append([(h.record.summary, h.score) for h in mem.recall(s, q, limit=10, mode=mode) if h.record])
            out.append([(h.event.content, h.score) for h in mem.search_history(s, q, limit=10, mode=mode)
                        if h.event])
    return out


@pg_only
def test_same_order_as_sqlite_on_the_same_data(db_url: str, tmp_path: Path) -> None:
    recs, msgs, queries = _corpus()
    lite = _fill(f"sqlite:///{tmp_path / 'same.db'}", recs, msgs)
    pg = _fill(db_url, recs, msgs)
    try:
        a, b = _orders(lite, queries), _orders(pg, queries)
    finally:
        lite.close()
        pg.close()
    assert sum(len(x) for x in a) > 500  # the comparison is not vacuous
    # more matches than the 50 candidates a search asks for: the candidate choice is compared too
    assert [[doc for doc, _ in hits] for hits in a] == [[doc for doc, _ in hits] for hits in b]
    # pgvector sums float32 products in another order than NumPy: scores agree to float32 precision
    assert all(abs(x[1] - y[1]) < 1e-5 for ha, hb in zip(a, b, strict=True) for x, y in zip(ha, hb, strict=True))


# -- pool, replicas, indexes -----------------------------------------------------------------------------------
@pg_only
def test_hnsw_is_built_when_a_partition_would_gain(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "ANN_MIN_ROWS", 5)
    monkeypatch.setattr(vectors, "EXACT_ROW_US", 1000.0)  # pretend exact scans are slow
    mem = Memory.open(db_url, config=WIDE, embedder=HashingEmbedder())
    try:
        s = Scope("bot", "ana", "s1")
        mem.remember_many(s, [{"summary": f"fact {i} about tea", "scope": "actor"} for i in range(40)])
        store = mem.store
        assert isinstance(store, PostgresStore)
        assert store.hnsw_ready == set()  # nothing is built before a search needs it: inserts stay cheap
        assert len(mem.recall(s, "tea", limit=5, mode="vector")) == 5  # exact, and asks for the index
        name = vectors.hnsw_name("records", 256, "bot\x1fana")  # the actor's own index
        deadline = time.monotonic() + 60
        while name not in store.hnsw_ready and time.monotonic() < deadline:
            time.sleep(0.05)
        with admin_connect() as conn:
            rows = conn.execute(
                "SELECT c.relname, i.indisvalid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid "
                "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relname LIKE '%%hnsw%%'",
                [store.schema]).fetchall()
        assert rows == [(name, True)]
        hits = mem.recall(s, "tea", limit=5, mode="vector")
        assert len(hits) == 5
        flt = mem.policy.read_filter(s)  # here: once closed, mem cannot re-read its configuration (a 1 s cache)
        with store.read() as tx:
            q = mem.embedder.embed(["tea"])[0]
            tx.records_vector(flt, q, limit=5)
            assert ("hnsw" in [p for _, p in tx.plans])
    finally:
        mem.close()
    off = PostgresStore(with_params(db_url, hnsw="off"))
    try:
        with off.read() as tx:
            tx.records_vector(flt, q, limit=5)
            assert [p for _, p in tx.plans] == ["exact", "exact"]
    finally:
        off.close()


@pg_only
def test_reads_go_to_the_read_url(db_url: str, make_memory: Callable[..., Memory]) -> None:
    replica = with_params(db_url, application_name="engram-replica")
    mem = make_memory(WIDE)
    mem.remember(Scope("bot", "ana", "s1"), "Prefers tea", scope="actor")
    store = PostgresStore(with_params(db_url, read_url=replica))
    try:
        with store.read() as tx:
            row = tx._one("SELECT current_setting('application_name') AS app")
        with store.write() as tx:
            wrow = tx._one("SELECT current_setting('application_name') AS app")
    finally:
        store.close()
    assert row is not None and row["app"] == "engram-replica"
    assert wrow is not None and wrow["app"] == "engram"


def _terminate(db_url: str, where: str, arg: Any) -> list[int]:
    """pg_terminate_backend the matching backends and return once pg_stat_activity no longer lists them (the
    backend has exited and closed its socket): the outcome never depends on how long a sleep was."""
    with admin_connect(db_url) as conn:
        pids = [r[0] for r in conn.execute(f"SELECT pid FROM pg_stat_activity WHERE {where}", [arg]).fetchall()]
        for pid in pids:
            conn.execute("SELECT pg_terminate_backend(%s)", [pid])
        deadline = time.monotonic() + 30
        while conn.execute("SELECT 1 FROM pg_stat_activity WHERE pid = ANY(%s)", [pids]).fetchone():
            assert time.monotonic() < deadline, "the killed backends did not exit"
            time.sleep(0.005)
    return pids


@pg_only
def test_a_connection_killed_while_idle_is_replaced(db_url: str) -> None:
    app = "engram-kill-" + schema_of(db_url)
    store = PostgresStore(with_params(db_url, application_name=app, pool_max="2"))
    try:
        with store.write() as tx:
            tx.set_meta("k", "1")
        assert _terminate(db_url, "application_name = %s", app)
        with store.read() as tx:  # the dead pooled connection is dropped at checkout, or retried (below)
            assert tx.get_meta("k") == "1"
    finally:
        store.close()


@pg_only
def test_a_connection_killed_after_checkout_is_retried_on_a_fresh_one(db_url: str) -> None:
    """The kill lands after the checkout's check and before the transaction's first statement (a restart,
    a failover, an idle timeout at the wrong moment): nothing of it ran, so it runs again on a fresh
    connection, for reads and for a write whose first round trip is not its commit."""
    store = PostgresStore(with_params(db_url, pool_max="2"))
    try:
        with store.write() as tx:
            tx.set_meta("k", "1")
        with store.read() as tx:
            dead = tx.c.conn.info.backend_pid
            _terminate(db_url, "pid = %s", dead)
            assert tx.get_meta("k") == "1"
            assert tx.c.conn.info.backend_pid != dead
        with store.write() as tx:
            _terminate(db_url, "pid = %s", tx.c.conn.info.backend_pid)
            assert tx.get_meta("k") == "1"
            tx.set_meta("k", "2")
        with store.read() as tx:
            assert tx.get_meta("k") == "2"
        # a round trip that carries COMMIT is never sent twice: it fails as a StoreError, and nothing is doubled
        with pytest.raises(StoreError), store.write() as tx:
            _terminate(db_url, "pid = %s", tx.c.conn.info.backend_pid)
            tx.set_meta("k", "3")
        with store.read() as tx:
            assert tx.get_meta("k") == "2"
    finally:
        store.close()


@pg_only
def test_an_exhausted_pool_is_a_store_error(db_url: str) -> None:
    store = PostgresStore(with_params(db_url, pool_max="1", pool_timeout="0.5"))
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with store.read():
            held.set()
            release.wait(10)

    t = threading.Thread(target=hold)
    t.start()
    try:
        held.wait(10)
        with pytest.raises(StoreError, match="pool_max"), store.read():
            pass
    finally:
        release.set()
        t.join()
        store.close()



@pg_only
def test_an_append_is_one_round_trip_and_numbers_its_events(make_memory: Callable[..., Memory],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """BEGIN, the numbering insert, the chunks with their postings, the statistics and COMMIT leave together;
    the events come back numbered per session all the same."""
    from engram.stores.postgres.pipe import Pipe

    mem = make_memory(WIDE, embed_history="inline")
    s, other = Scope("bot", "ana", "s1"), Scope("bot", "ana", "s2")
    for n in (1, 2):  # the first append stores the embedder's name; the second reads (and caches) it
        assert [e.seq for e in mem.append(s, [{"role": "user", "content": "warm the caches up"}])] == [n]
    sent: list[int] = []
    flush, execute = Pipe.flush, Pipe.execute

    def counted_flush(self: Pipe) -> None:
        sent.extend([1] if self.queue else [])
        flush(self)

    def counted_execute(self: Pipe, *a: Any, **kw: Any) -> Any:
        sent.append(1)
        return execute(self, *a, **kw)
    monkeypatch.setattr(Pipe, "flush", counted_flush)
    monkeypatch.setattr(Pipe, "execute", counted_execute)
    got = mem.append(s, [{"role": "user", "content": "tea in Porto"}, {"role": "assistant", "content": "noted"}])
    assert len(sent) == 1
    assert [e.seq for e in got] == [3, 4] and [e.content for e in got] == ["tea in Porto", "noted"]
    assert [e.seq for e in mem.append(other, [{"role": "user", "content": "another session"}])] == [1]
    assert [e.seq for e in mem.events(s)] == [1, 2, 3, 4]
    assert [h.event.id for h in mem.search_history(s, "porto", mode="lexical") if h.event] == [got[0].id]


@pg_only
def test_events_of_a_transaction_that_failed_before_sending_are_never_sent(db_url: str) -> None:
    """The numbered list of a transaction that raised before its queue went out stays empty, and reading it
    later sends nothing on the connection, which is back in the pool by then."""
    from engram.stores.base import Chunk
    from engram.types import Event

    store = PostgresStore(with_params(db_url, pool_max="1"))
    at = datetime(2026, 12, 1, tzinfo=UTC)
    ev = Event(id="e_lost", agent="bot", actor="ana", session="s1", seq=0, role="user", content="never stored",
               at=at)
    try:
        with pytest.raises(RuntimeError), store.write() as tx:
            got = tx.insert_events([ev], [Chunk("e_lost", 0, "never stored", ("never", "store"), None)])
            raise RuntimeError("the caller fails before the commit")
        with store.write() as tx:  # the same (only) connection: nothing of the failed transaction is left
            kept = tx.insert_events([replace(ev, id="e_kept")], [])
        assert list(got) == [] and [e.seq for e in kept] == [1]
        with store.read() as tx:
            assert [e.id for e in tx.list_events("bot", "ana", "s1", limit=10)] == ["e_kept"]
    finally:
        store.close()


@pg_only
def test_an_api_key_check_is_one_statement_and_sees_a_revocation_at_once(db_url: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The HTTP server checks the key of every request: one statement on a pooled connection (a read
    transaction sent BEGIN, the search path, the query and COMMIT in two round trips), never cached."""
    import psycopg

    from engram.keys import check_key, create_key, revoke_key

    store = PostgresStore(db_url)
    try:
        key, grant = create_key(store, "bot", "ana")
        sent: list[str] = []
        execute = psycopg.Cursor.execute

        def counted(self: psycopg.Cursor[Any], query: Any, *a: Any, **kw: Any) -> Any:
            sent.append(str(query))
            return execute(self, query, *a, **kw)
        monkeypatch.setattr(psycopg.Cursor, "execute", counted)
        assert check_key(store, key) == grant
        assert len(sent) == 1 and "api_keys" in sent[0]
        monkeypatch.undo()
        revoke_key(store, grant.id)
        assert check_key(store, key) is None
    finally:
        store.close()


@pg_only
def test_appends_and_recalls_keep_generic_plans(db_url: str) -> None:
    """No estimate of the append's insert, the term statistics or the lexical candidates depends on a
    parameter's value (rows travel as JSON, not arrays whose length the planner reads), so once psycopg has
    prepared them PostgreSQL runs their generic plans instead of planning them again at every call."""
    mem = Memory.open(with_params(db_url, pool_max="1", hnsw="off"), config=WIDE, embedder=HashingEmbedder(),
                      embed_history="inline")
    try:
        s = Scope("bot", "ana", "s1")
        for n in range(20):
            mem.append(s, [{"role": "user", "content": f"message {n} about the plum tree"}])
            mem.remember(s, f"fact {n}: the plum tree needs pruning in {n % 3 + 1} places", scope="actor")
        for q in ["plum tree", "pruning the plum tree", "tree", "how many places need pruning"] * 5:
            assert mem.recall(s, q, limit=3)
        with mem.store.read() as tx:  # the pool's only connection: the one that prepared them
            rows = tx.c.execute("SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements").fetchall()
        plans = {key: [(r["generic_plans"], r["custom_plans"]) for r in rows if key in r["statement"]]
                 for key in ("INSERT INTO events", "FROM stats s JOIN", "FROM (SELECT h.seq", "a AS MATERIALIZED",
                             "-(r.vec <#>")}
        for key, got in plans.items():
            assert got and all(generic >= 5 and custom <= 5 for generic, custom in got), (key, got)
    finally:
        mem.close()


def _relation_scans(plan: dict[str, Any], relation: str) -> list[tuple[str, str | None]]:
    """(node type, index) of every scan of ``relation`` in an EXPLAIN (FORMAT JSON) plan."""
    found = [(plan["Node Type"], plan.get("Index Name"))] if plan.get("Relation Name") == relation else []
    for sub in plan.get("Plans", []):
        found += _relation_scans(sub, relation)
    return found


@pg_only
def test_vectors_stay_in_their_rows(db_url: str) -> None:
    """A 384-d vector is 1.5 kB: with pgvector's EXTERNAL storage, a record or chunk row over 2 kB had it moved to
    the TOAST table, and each cosine computed on it paid a TOAST lookup. Schema step 10 keeps it inline (MAIN);
    the row's text goes out of line instead (the 5 kB content here, a 1 kB summary), the vector stays."""
    import psycopg

    mem = Memory.open(with_params(db_url, hnsw="off"), config=WIDE, embedder=HashingEmbedder(384),
                      embed_history="inline")
    try:
        s = Scope("bot", "ana", "s1")
        def words(i: int) -> str:  # about 1 kB of distinct terms: with its vector, a row of about 3.5 kB
            return " ".join(f"w{i}x{j}" for j in range(150))
        mem.remember_many(s, [{"summary": f"note {i}: {words(i)}", "scope": "actor"} for i in range(50)])
        mem.append(s, [{"role": "user", "content": f"message {i}: {words(i)}"} for i in range(50)])
        mem.remember(s, "a long one", content=" ".join(f"word{i}" for i in range(700)), scope="actor")
    finally:
        mem.close()
    with psycopg.connect(urlsplit(db_url)._replace(query="").geturl()) as conn:
        schema = schema_of(db_url)
        for table in ("event_chunks", "records"):
            [toast] = conn.execute("SELECT reltoastrelid::regclass::text FROM pg_class WHERE oid = %s::regclass",
                                   [f'"{schema}".{table}']).fetchone() or [""]
            # an out-of-line value is its chunks in the TOAST table; a 384-d vector's are 4 + 4 x 384 bytes in all
            sizes = [n for (n,) in conn.execute(f"SELECT sum(octet_length(chunk_data)) FROM {toast} GROUP BY chunk_id")]
            rows = conn.execute(f'SELECT count(*) FROM "{schema}".{table} WHERE vec IS NOT NULL').fetchone()
            assert rows and rows[0] >= 50 and 4 + 4 * 384 not in sizes, (table, sizes)
            assert sizes or table == "event_chunks"  # the long content went out of line


@pg_only
def test_lexical_candidates_are_looked_up_by_key_before_any_analyze(db_url: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """On a table nothing has analysed yet, the planner joined the ranked postings to the records by scanning
    the whole partition once per candidate (5,000 records: 167 ms per recall instead of 14); each candidate
    is now fetched by its unique key, whatever the statistics say."""
    import psycopg

    mem = Memory.open(with_params(db_url, hnsw="off"), config=WIDE, embedder=HashingEmbedder())
    try:
        s = Scope("bot", "ana", "s1")
        mem.remember_many(s, [{"summary": f"the plum tree in the garden, note {i}", "scope": "actor"}
                              for i in range(600)])
        seen: list[tuple[str, Any]] = []
        execute = psycopg.Cursor.execute

        def spy(self: psycopg.Cursor[Any], query: Any, params: Any = None, **kw: Any) -> Any:
            seen.append((str(query), params))
            return execute(self, query, params, **kw)
        monkeypatch.setattr(psycopg.Cursor, "execute", spy)
        assert len(mem.recall(s, "plum tree garden", mode="lexical", limit=10)) == 10
        monkeypatch.undo()
        [(sql, params)] = [(q, p) for q, p in seen if "FROM (SELECT h.seq" in q and "records" in q]
        with mem.store.read() as tx:
            tx.c.execute("SELECT set_config('enable_bitmapscan', 'off', true)")
            [row] = tx.c.execute("EXPLAIN (FORMAT JSON) " + sql, params).fetchall()
        scans = _relation_scans(row["QUERY PLAN"][0]["Plan"], "records")
        assert scans == [("Index Scan", "records_seq")]
    finally:
        mem.close()
