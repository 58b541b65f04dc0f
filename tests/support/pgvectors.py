"""Vectors for PostgreSQL vector-search tests: random unit rows, records bulk-loaded into partitions, and the read
filter of one actor's partition (shared by tests/test_postgres_plans.py and tests/test_postgres_hnsw_tenants.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from engram.core.scope import ReadFilter
from engram.stores.postgres.store import PostgresStore

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
    """Bulk-load active actor-level records of agent ``bot`` (``parts``: actor -> rows) with random unit
    vectors, and their statistics."""
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
