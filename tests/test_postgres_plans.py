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
from datetime import UTC, datetime
from typing import Any

import numpy as np
import psycopg
import pytest

from engram.core.scope import ReadFilter
from engram.stores.postgres import vectors
from engram.stores.postgres.store import PgTx, PostgresStore

pytestmark = pytest.mark.skipif("postgres" not in __import__("tests.conftest").conftest.BACKENDS,
                                reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)")

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def unit_rows(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    m = rng.standard_normal((n, dim)).astype(np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def clustered_rows(rng: np.random.Generator, n: int, dim: int, *, topics: int = 500, noise: float = 0.6
                   ) -> np.ndarray:
    """Unit vectors around a few hundred topic centres: closer to real text embeddings than uniform noise
    (which is the worst case for any ANN index: every point is almost equally far from every other)."""
    centres = unit_rows(np.random.default_rng(1234), topics, dim)
    m = centres[rng.integers(0, topics, n)] + noise * unit_rows(rng, n, dim)
    return (m / np.linalg.norm(m, axis=1, keepdims=True)).astype(np.float32)


def load_records(store: PostgresStore, parts: dict[str, int], dim: int, *, seed: int = 1,
                 kinds: tuple[str, ...] = ("fact",), clustered: bool = False) -> None:
    """Bulk-load active agent/actor-level records with random unit vectors, and their statistics."""
    rng = np.random.default_rng(seed)
    with store.write() as tx:
        with tx.c.cursor().copy(
                "COPY records (id, agent, actor, level, namespace, kind, summary, status, created_at, updated_at, "
                "part, terms, vec) FROM STDIN (FORMAT BINARY)") as cp:
            cp.set_types(["text", "text", "text", "text", "text", "text", "text", "text", "timestamptz",
                          "timestamptz", "text", "text", store.vector_oid])
            for actor, n in parts.items():
                mat = clustered_rows(rng, n, dim) if clustered else unit_rows(rng, n, dim)
                for i in range(n):
                    kind = kinds[i % len(kinds)]
                    cp.write_row((f"r_{actor}_{i:07d}", "bot", actor, "actor", f"/actors/{actor}/", kind,
                                  f"{actor} {i}", "active", T0, T0, f"bot\x1f{actor}", "", mat[i]))
        for actor, n in parts.items():
            tx._delta[("pr", f"bot\x1f{actor}")] = n
        total = sum(parts.values())
        tx._delta[("n", "r")] = total
        tx._delta[("tok", "r")] = total
    with store.write() as tx:
        tx.c.execute("ANALYZE records")


def actor_filter(actor: str, kinds: tuple[str, ...] | None = None) -> ReadFilter:
    return ReadFilter(agent="bot", actor=actor, session=None, levels=("actor",), kinds=kinds)


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
    parts = {f"big{i}": 1500 for i in range(8)} | {"small": 12, "tiny": 3}
    load_records(store, parts, dim, kinds=("fact",) * 299 + ("x",))  # 5 "x" rows in each 1500
    assert store.ensure_hnsw("records", dim)
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
            # a filter that leaves 1 row in 300 of a large partition: the ANN scan runs dry, exact fills
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
    assert ("records", dim) not in store.hnsw_ready
    kinds = store.maintain_vectors(dim)
    assert kinds == {"bot\x1fbig": "hnsw", "bot\x1fsmall": "exact"}
    assert ("records", dim) in store.hnsw_ready
    with store.read() as tx:
        valid = tx._one("SELECT i.indisvalid AS ok FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                        "WHERE c.relname = %s AND c.relnamespace = %s::regnamespace",
                        [f"records_hnsw_{dim}", store.schema])
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
    assert f"records_hnsw_{dim}" in shown
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
        assert ("records", 10) not in s.hnsw_ready
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
    plan = vectors.choose_plan
    assert plan(10, 1_000_000, 50, has_index=True) == "exact"
    assert plan(vectors.ANN_MIN_ROWS - 1, vectors.ANN_MIN_ROWS, 50, has_index=True) == "exact"
    assert plan(500_000, 1_000_000, 50, has_index=True) == "hnsw"
    assert plan(500_000, 1_000_000, 50, has_index=False) == "exact"
    # 100k rows, k = 50: a 10k partition is still cheaper exactly (~20 ms), a 20k one by HNSW
    assert plan(10_000, 100_000, 50, has_index=True) == "exact"
    assert plan(20_000, 100_000, 50, has_index=True) == "hnsw"
    # a large partition that is a sliver of a huge table: an ANN scan would wade through other scopes
    assert plan(30_000, 100_000_000, 250, has_index=True) == "exact"


# -- measurement ---------------------------------------------------------------------------------------------
def _timed(tx: PgTx, sql: str, args: list[Any]) -> tuple[float, list[str]]:
    t = time.perf_counter()
    rows = tx.c.execute(sql, args).fetchall()
    return (time.perf_counter() - t) * 1000, [r["id"] for r in rows]


def measure(url: str, rows: int, dim: int, nq: int, k: int, *, clustered: bool = True) -> None:
    """Latency and recall of each plan per partition size, on ``rows`` random records."""
    sizes = [s for s in (100, 1000, 5000, 10_000, 20_000, 40_000) if s <= rows // 2]
    parts = {f"p{s}": s for s in sizes}
    rest = rows - sum(sizes)
    parts |= {f"f{i}": 100 for i in range(rest // 100)}
    store = PostgresStore(url)
    try:
        t = time.perf_counter()
        load_records(store, parts, dim, clustered=clustered)
        print(f"loaded {sum(parts.values())} records (dim {dim}) in {time.perf_counter() - t:.1f}s")
        t = time.perf_counter()
        store.ensure_hnsw("records", dim)
        print(f"HNSW build {time.perf_counter() - t:.1f}s")
        qs = (clustered_rows if clustered else unit_rows)(np.random.default_rng(11), nq, dim)
        print(f"{'part rows':>10} {'exact ms':>9} {'naive rows':>10} {'naive ms':>8} {'iter ms':>8} "
              f"{'iter recall':>11} {'engram ms':>9} {'plan':>5}")
        for s in sizes:
            part = f"bot\x1fp{s}"
            ex_ms, naive_n, naive_ms, it_ms, recall, eng_ms = [], [], [], [], [], []
            for q in qs:
                with store.read() as tx:
                    base = (f"SELECT r.id FROM records r WHERE r.part = %s AND r.status = 'active' "
                            f"AND vector_dims(r.vec) = {dim} ")
                    ms, exact = _timed(tx, base + "ORDER BY r.vec <#> %s LIMIT %s", [part, q, k])
                    ex_ms.append(ms)
                    # the trap: the ANN index walked without iterative scan, other scopes filtered out after
                    tx.c.execute("SELECT set_config('enable_sort', 'off', true), "
                                 "set_config('hnsw.iterative_scan', 'off', true)")
                    ms, naive = _timed(tx, base + f"ORDER BY (r.vec::vector({dim})) <=> %s LIMIT %s", [part, q, k])
                    tx.c.execute("SELECT set_config('enable_sort', 'on', true)")
                    naive_ms.append(ms)
                    naive_n.append(len(naive))
                    t = time.perf_counter()
                    it = [r["id"] for r in tx._ann(part, base + f"ORDER BY (r.vec::vector({dim})) <=> %s LIMIT %s",
                                                     [part, q, k], k)]
                    ms = (time.perf_counter() - t) * 1000
                    it_ms.append(ms)
                    recall.append(len(set(it) & set(exact)) / max(1, len(exact)))
                with store.read() as tx:
                    t = time.perf_counter()
                    tx.records_vector(actor_filter(f"p{s}"), q, limit=k)
                    eng_ms.append((time.perf_counter() - t) * 1000)
                    plan = tx.plans[-1][1]
            print(f"{s:>10} {statistics.median(ex_ms):>9.1f} {statistics.mean(naive_n):>10.2f} "
                  f"{statistics.median(naive_ms):>8.1f} {statistics.median(it_ms):>8.1f} "
                  f"{statistics.mean(recall):>11.2f} {statistics.median(eng_ms):>9.1f} {plan:>5}")
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
