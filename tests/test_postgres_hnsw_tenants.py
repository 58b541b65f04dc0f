"""Tenants never meet in PostgreSQL vector search: a partition's plan and its approximate neighbours come from
that partition alone (its own row count, its own partial HNSW index), whatever another tenant holds."""

from __future__ import annotations

import re
from collections.abc import Iterator

import numpy as np
import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.stores.postgres import vectors
from engram.stores.postgres.schema import MIGRATIONS
from engram.stores.postgres.store import PgTx, PostgresStore
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE
from tests.support.pg import admin_connect
from tests.support.pgvectors import actor_filter, clustered_rows, load_records

pytestmark = pytest.mark.skipif("postgres" not in BACKENDS, reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)")
pg_only = pytest.mark.parametrize("backend", ["postgres"], indirect=True)
DIM = 16
A, B = "bot\x1fa", "bot\x1fb"


@pytest.fixture
def store(db_url: str, backend: str) -> Iterator[PostgresStore]:
    s = PostgresStore(db_url)
    yield s
    s.close()


@pytest.fixture
def small_ann(monkeypatch: pytest.MonkeyPatch) -> None:
    """HNSW from 100 rows, and exact scans taken for slower than they are: a 300-row partition gains from an
    index, so the tests stay small."""
    monkeypatch.setattr(vectors, "ANN_MIN_ROWS", 100)
    monkeypatch.setattr(vectors, "EXACT_ROW_US", 20.0)


def _search(store: PostgresStore, actor: str, queries: np.ndarray) -> tuple[list[list[tuple[str, float]]], list[str]]:
    """Each query's top 10 of ``actor``'s records (id, cosine), and the plans the searches took."""
    hits, plans = [], []
    for q in queries:
        with store.read() as tx:
            assert isinstance(tx, PgTx)
            hits.append([(c.id, c.cosine) for c in tx.records_vector(actor_filter(actor), q, limit=10)])
            plans += [p for _, p in tx.plans]
    return hits, plans


def _index(store: PostgresStore, name: str) -> tuple[float, int, str] | None:
    """(rows it was built over, bytes, predicate) of index ``name``, None when it does not exist."""
    with admin_connect() as conn:
        row = conn.execute(
            "SELECT c.reltuples, pg_relation_size(c.oid), pg_get_expr(i.indpred, i.indrelid) FROM pg_class c "
            "JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = %s AND c.relnamespace = %s::regnamespace",
            [name, store.schema]).fetchone()
    return (float(row[0]), int(row[1]), str(row[2])) if row else None


@pg_only
def test_a_tenants_plan_and_neighbours_do_not_depend_on_another_tenants_rows(store: PostgresStore,
                                                                             small_ann: None) -> None:
    """Tenant a's plan and top 10 for the same queries are the same with tenant b empty and with b holding 13x
    a's rows, drawn around the same topics (in a shared graph they would sit among a's neighbours)."""
    queries = clustered_rows(np.random.default_rng(7), 12, DIM, topics=20)
    load_records(store, {"a": 300}, DIM, clustered=True, seed=1)
    assert store.maintain_vectors(DIM, k=10) == {A: "hnsw"}
    alone = _search(store, "a", queries)
    assert set(alone[1]) == {"hnsw"} and all(len(h) == 10 for h in alone[0])

    load_records(store, {"b": 4000}, DIM, clustered=True, seed=2)
    assert store.maintain_vectors(DIM, k=10) == {A: "hnsw", B: "hnsw"}
    assert _search(store, "a", queries) == alone
    assert store.hnsw_ready == {vectors.hnsw_name("records", DIM, p) for p in (A, B)}


@pg_only
def test_a_partition_is_searched_through_its_own_index(store: PostgresStore, small_ann: None) -> None:
    """The partition's index holds its rows and no other's, and the search's own statement uses it even
    under a generic plan (the partition key is a literal in its text; a parameter would not prove the index's
    predicate). auto_explain reports the plan of the very statement the search ran."""
    load_records(store, {"a": 300, "b": 300}, DIM, clustered=True)
    assert store.ensure_hnsw("records", DIM, A)
    name = vectors.hnsw_name("records", DIM, A)
    built = _index(store, name)
    assert built is not None and built[0] == 300  # a's rows, not the table's 600
    assert "'bot\x1fa'" in built[2] and "status = 'active'" in built[2]
    load_records(store, {"c": 2000}, DIM, clustered=True, seed=3)
    after = _index(store, name)
    assert after is not None and after[1] == built[1]  # another partition's inserts never reach it

    q = clustered_rows(np.random.default_rng(5), 1, DIM)[0]
    notices: list[str] = []
    with store.read() as tx:
        assert isinstance(tx, PgTx)
        tx.c.execute("LOAD 'auto_explain'")
        tx.c.execute("SELECT set_config('auto_explain.log_min_duration', '0', true), "
                     "set_config('auto_explain.log_level', 'notice', true), "
                     "set_config('plan_cache_mode', 'force_generic_plan', true)")
        tx.c.conn.add_notice_handler(lambda d: notices.append(str(d.message_primary)))
        got = tx.records_vector(actor_filter("a"), q, limit=10)
        plans = list(tx.plans)
    shown = [n for n in notices if "records r" in n and "<=>" in n]
    assert plans == [(A, "hnsw")] and len(got) == 10
    assert len(shown) == 1 and f"Index Scan using {name}" in shown[0]


@pg_only
def test_erasing_an_actor_drops_its_partitions_indexes(db_url: str, backend: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Once an erase has taken every row of a partition, its index goes too (its predicate names the actor);
    the other actor's indexes stay and are used."""
    monkeypatch.setattr(vectors, "ANN_MIN_ROWS", 5)
    monkeypatch.setattr(vectors, "EXACT_ROW_US", 1000.0)
    mem = Memory.open(db_url, config=WIDE, embedder=HashingEmbedder())
    try:
        store = mem.store
        assert isinstance(store, PostgresStore)
        dim = mem.embedder.dim
        for actor in ("ana", "bob"):
            s = Scope("bot", actor, "s1")
            mem.remember_many(s, [{"summary": f"fact {i} about tea and {actor}", "scope": "actor"} for i in range(30)])
            mem.append(s, [{"role": "user", "content": f"message {i} about coffee"} for i in range(30)])
        mem.wait_indexed()
        plans = store.maintain_vectors(dim)
        names = {a: {vectors.hnsw_name("records", dim, f"bot\x1f{a}"),
                     vectors.hnsw_name("event_chunks", dim, f"bot\x1f{a}\x1fs1")} for a in ("ana", "bob")}
        assert set(plans.values()) == {"hnsw"} and store.hnsw_ready == names["ana"] | names["bob"]
        mem.erase(Scope("bot", "ana", "s1"))
        assert store.hnsw_ready == names["bob"]
        assert all(_index(store, n) is None for n in names["ana"])
        assert all(_index(store, n) is not None for n in names["bob"])
        bob = Scope("bot", "bob", "s1")
        assert len(mem.recall(bob, "tea", limit=5, mode="vector")) == 5
        assert len(mem.search_history(bob, "coffee", limit=5, mode="vector")) == 5
        with store.read() as tx:
            assert isinstance(tx, PgTx)
            tx.records_vector(mem.policy.read_filter(bob), mem.embedder.embed(["tea"])[0], limit=5)
            assert ("bot\x1fbob", "hnsw") in tx.plans
    finally:
        mem.close()


@pg_only
def test_the_shared_index_of_an_earlier_engram_is_dropped(db_url: str, backend: str) -> None:
    """A store that still has the one ``records_hnsw_<dim>`` index over every tenant opens, drops it, and
    searches as before (exact until a partition's own index exists)."""
    first = PostgresStore(db_url)
    try:
        load_records(first, {"a": 300}, DIM, clustered=True)
    finally:
        first.close()
    with admin_connect(db_url) as conn:
        conn.execute(f'SET search_path TO "{first.schema}", public')
        conn.execute(f"CREATE INDEX records_hnsw_{DIM} ON records USING hnsw ((vec::vector({DIM})) vector_cosine_ops) "
                     f"WHERE status = 'active' AND vector_dims(vec) = {DIM}")
        conn.execute("DELETE FROM schema_version WHERE version >= 14")  # as before step 14 (and any after it)
    again = PostgresStore(db_url)
    try:
        with admin_connect(db_url) as conn:
            left = conn.execute("SELECT c.relname FROM pg_class c WHERE c.relnamespace = %s::regnamespace "
                                "AND c.relname LIKE 'records_hnsw%%'", [again.schema]).fetchall()
            version = conn.execute(f'SELECT max(version) FROM "{again.schema}".schema_version').fetchone()
        assert left == [] and version == (len(MIGRATIONS),)
        q = clustered_rows(np.random.default_rng(5), 1, DIM)[0]
        with again.read() as tx:
            assert len(tx.records_vector(actor_filter("a"), q, limit=10)) == 10
    finally:
        again.close()


def test_index_names_are_bounded_and_distinct() -> None:
    """Any partition key (ids may hold quotes, %, separators, any length) gives a short, plain index name."""
    keys = ["bot\x1fa", "bot\x1fb", "bot\x1fa\x1fs1", "b'o\"t%s\x1f" + "x" * 500]
    names = {vectors.hnsw_name(t, d, k) for t in ("records", "event_chunks") for d in (16, 4000) for k in keys}
    assert len(names) == 2 * 2 * len(keys)
    assert all(len(n) <= 63 and re.fullmatch(vectors.HNSW_INDEX, n) for n in names)
    assert not re.fullmatch(vectors.HNSW_INDEX, f"records_hnsw_{DIM}")  # the old shared form is not one of them
