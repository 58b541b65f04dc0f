"""Scoped vector search on PostgreSQL: a small scope among large ones always gets its full ``limit``.

Also the measurement tool docs/scaling.md quotes::

    .venv/bin/python -m tests.test_postgres_plans plans --rows 100000 --dim 384 --k 50   # plan costs
    .venv/bin/python -m tests.test_postgres_plans api --rows 100000                      # ingest, latency
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import psycopg
import pytest

from engram.stores.postgres import vectors
from engram.stores.postgres.store import PgTx, PostgresStore
from tests.support.pgvectors import actor_filter, clustered_rows, load_records, unit_rows

pytestmark = pytest.mark.skipif("postgres" not in __import__("tests.conftest").conftest.BACKENDS,
                                reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)")

@pytest.fixture
def store(db_url: str, backend: str) -> Iterator[PostgresStore]:
    if backend != "postgres":
        pytest.skip("PostgreSQL only")
    s = PostgresStore(db_url)
    yield s
    s.close()


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_small_scope_among_large_ones_gets_full_limit(store: PostgresStore, monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    dim = 16
    parts = {f"big{i}": 1500 for i in range(8)} | {"big5": 6000, "small": 12, "tiny": 3}
    load_records(store, parts, dim, kinds=("fact",) * 1199 + ("x",))  # 5 "x" rows in big5's 6000
    for i in range(8):  # each large partition has an index of its own
        assert store.ensure_hnsw("records", dim, f"bot\x1fbig{i}")
    # make the 1500-row partitions take the HNSW plan (at this size exact is cheaper in reality)
    monkeypatch.setattr(vectors, "ANN_MIN_ROWS", 1000)
    monkeypatch.setattr(vectors, "EXACT_ROW_US", 100.0)
    monkeypatch.setattr(vectors, "HNSW_MAX_SCAN", 1000)
    monkeypatch.setattr(vectors, "HNSW_EF_SEARCH", 40)  # a narrow scan, so the rare filter below runs it dry
    rng = np.random.default_rng(5)
    for q in unit_rows(rng, 20, dim):
        with store.read() as tx:
            assert isinstance(tx, PgTx)
            small = tx.records_vector(actor_filter("small"), q, limit=10)
            tiny = tx.records_vector(actor_filter("tiny"), q, limit=10)
            big = tx.records_vector(actor_filter("big3"), q, limit=10)
            # a filter that leaves 1 row in 1200 of a large partition: the ANN scan runs dry, exact fills
            rare = tx.records_vector(actor_filter("big5", ("x",)), q, limit=5)
            plans = list(tx.plans)
        assert len(small) == 10 and {c.id.split("_")[1] for c in small} == {"small"}
        assert len(tiny) == 3
        assert len(big) == 10 and {c.id.split("_")[1] for c in big} == {"big3"}
        assert len(rare) == 5
        assert [p for _, p in plans] == ["exact", "exact", "hnsw", "hnsw", "exact"]
        assert [c.cosine for c in small] == sorted((c.cosine for c in small), reverse=True)


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_maintain_vectors_builds_the_index_a_large_partition_uses(store: PostgresStore) -> None:
    """After a bulk load, ``maintain_vectors`` builds the HNSW index before any search asks for it, and the
    large partition's next search goes through it (not an exact scan while a background build runs)."""
    dim = 12
    load_records(store, {"big": 3000, "small": 40}, dim, clustered=True)
    name = vectors.hnsw_name("records", dim, "bot\x1fbig")
    assert not store.hnsw_ready
    kinds = store.maintain_vectors(dim)
    assert kinds == {"bot\x1fbig": "hnsw", "bot\x1fsmall": "exact"}
    assert store.hnsw_ready == {name}  # the large partition's own index, none for the small one
    with store.read() as tx:
        valid = tx._one("SELECT i.indisvalid AS ok FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                        "WHERE c.relname = %s AND c.relnamespace = %s::regnamespace",
                        [name, store.schema])
    assert valid is not None and valid["ok"]
    q = unit_rows(np.random.default_rng(2), 1, dim)[0]
    with store.read() as tx:
        assert isinstance(tx, PgTx)
        big = tx.records_vector(actor_filter("big"), q, limit=10)
        small = tx.records_vector(actor_filter("small"), q, limit=10)
        plans = [p for _, p in tx.plans]
        shown = "\n".join(str(r["QUERY PLAN"]) for r in tx._all(
            f"EXPLAIN SELECT id FROM records r WHERE r.part = 'bot\x1fbig' AND r.status = 'active' "
            f"AND vector_dims(r.vec) = {dim} ORDER BY (r.vec::halfvec({dim})) <=> %s::halfvec({dim}) LIMIT 10",
            [q]))
    assert plans == ["hnsw", "exact"]
    assert len(big) == 10 and len(small) == 10
    assert name in shown
    assert store.maintain_vectors(dim) == kinds  # idempotent: the index is there


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_maintain_vectors_rebuilds_postings_indexes_and_drops_an_interrupted_rebuild(store: PostgresStore) -> None:
    """The postings indexes (and the btrees of records and chunks) come back compact and valid; an invalid
    index an interrupted ``REINDEX … CONCURRENTLY`` left behind (still written to by every insert) is dropped."""
    sizes = "SELECT c.relname, i.indisvalid AS ok FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid " \
            "JOIN pg_class t ON t.oid = i.indrelid WHERE t.relname = 'postings' AND t.relnamespace = %s::regnamespace"
    with psycopg.connect(store.settings.direct_conninfo, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{store.schema}"')
        conn.execute("INSERT INTO postings (seq, ph, kind, term) VALUES (-1, 0, 'e', 'x'), (-2, 0, 'e', 'x')")
        with pytest.raises(psycopg.errors.UniqueViolation):  # fails half-way: leaves an invalid index
            conn.execute("CREATE UNIQUE INDEX CONCURRENTLY postings_term_ccnew ON postings (kind)")
    with store.read() as tx:
        before = {r["relname"]: r["ok"] for r in tx._all(sizes, [store.schema])}
    assert before == {"postings_term": True, "postings_part": True, "postings_term_ccnew": False}
    files = ("SELECT c.relname, c.relfilenode FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
             "JOIN pg_class t ON t.oid = i.indrelid WHERE t.relname IN ('records', 'event_chunks') "
             "AND t.relnamespace = %s::regnamespace")
    with store.read() as tx:
        old_files = {r["relname"]: r["relfilenode"] for r in tx._all(files, [store.schema])}
    store.maintain_vectors(8)
    with store.read() as tx:
        after = {r["relname"]: r["ok"] for r in tx._all(sizes, [store.schema])}
        new_files = {r["relname"]: r["relfilenode"] for r in tx._all(files, [store.schema])}
    assert after == {"postings_term": True, "postings_part": True}
    # the records' and chunks' btrees are rebuilt too (a new file each)
    assert old_files.keys() == new_files.keys() and {"records_part_time", "event_chunks_part"} <= old_files.keys()
    assert all(new_files[k] != old_files[k] for k in old_files)


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_maintain_vectors_builds_nothing_with_hnsw_off(db_url: str, backend: str) -> None:
    sep = "&" if "?" in db_url else "?"
    s = PostgresStore(db_url + sep + "hnsw=off")
    try:
        load_records(s, {"big": 3000}, 10)
        assert s.maintain_vectors(10) == {"bot\x1fbig": "exact"}
        assert not s.hnsw_ready
    finally:
        s.close()


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_exact_plan_is_exact(store: PostgresStore) -> None:
    """The exact plan returns the true top-k by inner product, as SQLite's NumPy search does."""
    dim = 24
    load_records(store, {"a": 400, "b": 300}, dim, seed=3)
    rng = np.random.default_rng(3)
    mat = unit_rows(rng, 400, dim)  # the same draws as actor "a"
    for q in unit_rows(np.random.default_rng(9), 5, dim):
        with store.read() as tx:
            got = tx.records_vector(actor_filter("a"), q, limit=15)
        want = np.argsort(-(mat @ q), kind="stable")[:15]
        assert [c.id for c in got] == [f"r_a_{i:07d}" for i in want]
        assert np.allclose([c.cosine for c in got], (mat @ q)[want], atol=1e-5)


def test_plan_choice() -> None:
    """A partition's plan depends on its own size and ``k`` only (there is no store-wide count to pass)."""
    plan = vectors.choose_plan
    assert plan(10, 50, has_index=True) == "exact"
    assert plan(vectors.ANN_MIN_ROWS - 1, 50, has_index=True) == "exact"
    assert plan(500_000, 50, has_index=True) == "hnsw"
    assert plan(500_000, 50, has_index=False) == "exact"
    # k = 50 (ef_search 100): a 2,500-row partition is still cheaper exactly (~5 ms), a 10k one by HNSW
    assert plan(2_500, 50, has_index=True) == "exact"
    assert plan(10_000, 50, has_index=True) == "hnsw"


# -- measurement ---------------------------------------------------------------------------------------------
def _timed(tx: PgTx, sql: str, args: list[Any]) -> tuple[float, list[str]]:
    t = time.perf_counter()
    rows = tx.c.execute(sql, args).fetchall()
    return (time.perf_counter() - t) * 1000, [r["id"] for r in rows]


def measure(url: str, rows: int, dim: int, nq: int, k: int, *, clustered: bool = True) -> None:
    """Latency and recall of each plan per partition size, on ``rows`` random records; each measured partition
    searched exactly and through its own HNSW index."""
    sizes = [s for s in (100, 1000, 5000, 10_000, 20_000, 40_000) if s <= rows // 2]
    parts = {f"p{s}": s for s in sizes}
    rest = rows - sum(sizes)
    parts |= {f"f{i}": 100 for i in range(rest // 100)}
    store = PostgresStore(url)
    try:
        t = time.perf_counter()
        load_records(store, parts, dim, clustered=clustered)
        print(f"loaded {sum(parts.values())} records (dim {dim}) in {time.perf_counter() - t:.1f}s")
        for s in sizes:
            t = time.perf_counter()
            store.ensure_hnsw("records", dim, f"bot\x1fp{s}")
            print(f"HNSW build of the {s}-row partition {time.perf_counter() - t:.1f}s")
        qs = (clustered_rows if clustered else unit_rows)(np.random.default_rng(11), nq, dim)
        print(f"{'part rows':>10} {'exact ms':>9} {'HNSW ms':>8} {'its recall':>10} {'engram ms':>9} {'plan':>5}")
        for s in sizes:
            part = f"bot\x1fp{s}"
            ex_ms, ann_ms, recall, eng_ms = [], [], [], []
            for q in qs:
                with store.read() as tx:
                    cond = f"r.status = 'active' AND vector_dims(r.vec) = {dim} "
                    ms, exact = _timed(tx, f"SELECT r.id FROM records r WHERE r.part = %s AND {cond}"
                                       "ORDER BY r.vec <#> %s LIMIT %s", [part, q, k])
                    ex_ms.append(ms)
                    t = time.perf_counter()
                    ann = [r["id"] for r in tx._ann(
                        part, f"SELECT r.id FROM records r WHERE r.part = {tx._part_sql(part)} AND {cond}"
                        f"ORDER BY {tx._ann_order('r', dim)} LIMIT %s", [q, k], k, s)]
                    ann_ms.append((time.perf_counter() - t) * 1000)
                    recall.append(len(set(ann) & set(exact)) / max(1, len(exact)))
                with store.read() as tx:
                    t = time.perf_counter()
                    tx.records_vector(actor_filter(f"p{s}"), q, limit=k)
                    eng_ms.append((time.perf_counter() - t) * 1000)
                    plan = tx.plans[-1][1]
            print(f"{s:>10} {statistics.median(ex_ms):>9.1f} {statistics.median(ann_ms):>8.1f} "
                  f"{statistics.mean(recall):>10.2f} {statistics.median(eng_ms):>9.1f} {plan:>5}")
    finally:
        store.close()


def measure_api(url: str, rows: int, dim: int) -> None:
    """Ingest rate and search latency through the public API: ``rows`` messages and ``rows`` records over
    100 actors (one session each), then recall / history search / single appends from random actors."""
    import random

    from engram import Memory, Scope
    from engram.embedders import HashingEmbedder

    rng = random.Random(1)
    words = [f"w{i}" for i in range(20_000)]

    def sentence() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randint(6, 18)))

    cfg = {"harness": {"memory": {"scope": {"read": ["session", "actor", "agent"],
                                            "write": ["session", "actor", "agent"]}}}}
    mem = Memory.open(url, config=cfg, embedder=HashingEmbedder(dim))
    try:
        actors = [f"u{i}" for i in range(100)]
        t = time.perf_counter()
        for n in range(0, rows, 500):
            mem.append(Scope("bot", actors[(n // 500) % 100], "s1"),
                       [{"role": "user", "content": sentence()} for _ in range(500)])
        print(f"append, batches of 500: {rows / (time.perf_counter() - t):.0f} messages/s")
        t = time.perf_counter()
        for n in range(0, rows, 500):
            mem.remember_many(Scope("bot", actors[(n // 500) % 100], "s1"),
                              [{"summary": sentence(), "scope": "actor"} for _ in range(500)])
        print(f"remember_many, batches of 500: {rows / (time.perf_counter() - t):.0f} records/s")

        def timed(call: Any, n: int = 200) -> str:
            lat = []
            for _ in range(n):
                t0 = time.perf_counter()
                call()
                lat.append((time.perf_counter() - t0) * 1000)
            lat.sort()
            return f"p50 {statistics.median(lat):.1f} ms, p95 {lat[int(n * 0.95) - 1]:.1f} ms"

        def scope() -> Scope:
            return Scope("bot", rng.choice(actors), "s1")

        print("recall", timed(lambda: mem.recall(scope(), sentence()[:60], limit=10)))
        print("search_history", timed(lambda: mem.search_history(scope(), sentence()[:60], limit=5)))
        print("append one message", timed(lambda: mem.append(Scope("bot", rng.choice(actors), "s2"),
                                                             [{"role": "user", "content": sentence()}])))
    finally:
        mem.close()


def main() -> None:
    from tests.support.pg import base_url, drop_schema, with_params

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["plans", "api"], nargs="?", default="plans")
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--dim", type=int, default=384)
    ap.add_argument("--queries", type=int, default=20)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--uniform", action="store_true", help="uniform random vectors (ANN worst case)")
    ap.add_argument("--build-mem", default="1GB", help="maintenance_work_mem for the HNSW build")
    ap.add_argument("--keep", action="store_true", help="keep the schema engram_plans afterwards")
    a = ap.parse_args()
    url = with_params(base_url(), schema="engram_plans", options=f"-c maintenance_work_mem={a.build_mem}")
    drop_schema(url, "engram_plans")
    try:
        if a.what == "plans":
            measure(url, a.rows, a.dim, a.queries, a.k, clustered=not a.uniform)
        else:
            measure_api(url, a.rows, a.dim)
    finally:
        if not a.keep:
            drop_schema(url, "engram_plans")


if __name__ == "__main__":
    main()
