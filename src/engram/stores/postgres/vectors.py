"""pgvector glue: NumPy arrays on the wire, and the choice of plan for a scoped nearest-neighbour search.

Tenants never meet, so a partition's (``part``) vector search depends on that partition alone: its plan on
its own row count, an approximate answer on its own rows. One HNSW index over every tenant did neither: a
partition's share of the table chose its plan, and ``WHERE part = $1 ORDER BY vec <=> $2 LIMIT k`` walked a
graph of everybody's vectors, dropping other partitions' rows afterwards (measured: 0.46 of 10 rows on
average for an actor holding 1% of 100k rows; iterative scans fill ``k`` but which rows come back depended on
the other tenants' vectors). So each partition large enough to gain has an HNSW index of its own, partial
on its key (``hnsw_name``, ``PostgresStore.ensure_hnsw``), and every other partition is searched exactly:

* ``exact``: ``ORDER BY vec <#> q`` over the partition. This expression is *not* the indexed one, so the
  planner cannot pick HNSW; it reads the partition through ``part`` and sorts.
* ``hnsw``: ``ORDER BY (vec::halfvec(d)) <=> q`` with the partition key as a literal (the planner uses a
  partial index only where it can prove the predicate, which a bound parameter under a generic plan does
  not allow), run with ``hnsw.iterative_scan = relaxed_order`` for filters within the partition. If it
  returns too few rows the caller falls back to ``exact``, so a search always fills ``limit`` when that
  many visible rows exist.
"""

from __future__ import annotations

import hashlib
import struct
from typing import Any

import numpy as np
from psycopg.adapt import Buffer, Dumper, Loader
from psycopg.pq import Format

# Costs measured on 100k records of 384-d vectors on a 2-core machine (docs/scaling.md): an exact scan reads
# and scores a partition row in about 2 us (it is I/O: a 384-d row is ~1.7 kB); an HNSW scan spends about
# 30 us per tuple it visits, and a scan of a partition's own index visits about ``ef_search`` tuples (more
# when a filter within the partition drops some). Exact gets a 2x benefit of the doubt: it has recall 1.0,
# the ANN scan 0.93-1.0.
EXACT_ROW_US = 2.0
ANN_VISIT_US = 30.0
EXACT_BIAS = 2.0
# A partition below this size is always searched exactly (a few ms at most).
ANN_MIN_ROWS = 2_000
# hnsw.max_scan_tuples for iterative scans: past it a filtered scan stops and the search falls back to exact.
HNSW_MAX_SCAN = 20_000
# hnsw.ef_search floor (pgvector's default is 40). Measured on 100k clustered 384-d records in one partition,
# 30 candidates: the true top 10 among them 0.89 of the time at 40, 0.97 at 80, 0.985 at 120, at no
# measurable extra latency (about 5 ms per scan either way).
# Probed on 1M clustered records in one partition (20 questions, top 10 among 30 candidates): built with
# pgvector's default ef_construction 64 the true top 10 were found 0.64 / 0.69 / 0.85 of the time at ef_search
# 100 / 200 / 400; built with 200 (2.6x the build time, in the background) 0.82 / 0.88 / 0.98, about 5 ms per
# scan at 400.
# At 1M rows (bench/scale.py's recipe vectors, top 10 among the 50 candidates a search takes, 300 LoCoMo
# questions per set): ef_search 400 / 500 / 600 / 800 found the true top 10 0.969 / 0.976 / 0.980 / 0.988 of
# the time on questions 300-600, 0.960 / 0.969 / 0.970 / 0.975 on the first 300. 800 was chosen on those two
# sets; on questions 600-900, tried only afterwards, it reached 0.989 (400: 0.981). Recall p50 at 1M went from
# 28.5 to 36 ms. At 100k rows 126 already found 0.983. ef_search_for interpolates between the two measured
# sizes on a log-log line (exponent 0.8): 800 at 1M, 127 at 100k.
HNSW_EF_SEARCH = 800
HNSW_EF_ROWS = 1_000_000
HNSW_EF_POWER = 0.8
HNSW_EF_MIN = 40
HNSW_M = 16
HNSW_EF_CONSTRUCTION = 200


def ef_search_for(part_rows: int, k: int) -> int:
    """hnsw.ef_search for a top-``k`` scan of a partition of ``part_rows``: HNSW_EF_SEARCH at 1M rows, scaled
    by the size to the power HNSW_EF_POWER, never below ``2k`` or HNSW_EF_MIN, never above pgvector's 1,000."""
    ef = round(HNSW_EF_SEARCH * (max(part_rows, 1) / HNSW_EF_ROWS) ** HNSW_EF_POWER)
    return min(1000, max(ef, 2 * k, HNSW_EF_MIN))


def choose_plan(part_rows: int, k: int, *, has_index: bool) -> str:
    """``"exact"`` or ``"hnsw"`` for a top-``k`` search of a partition of ``part_rows``, from that partition alone
    (its own index visits about ``ef_search`` tuples; exact reads them all)."""
    if not has_index or part_rows < ANN_MIN_ROWS:
        return "exact"
    return "hnsw" if EXACT_BIAS * ef_search_for(part_rows, k) * ANN_VISIT_US < part_rows * EXACT_ROW_US else "exact"


def hnsw_name(table: str, dim: int, part: str) -> str:
    """The name of the HNSW index of one partition's ``dim``-d vectors in ``table``: bounded and safe whatever
    the key holds (a hash of the three; ``HNSW_INDEX`` matches it, never an index of the old shared form)."""
    digest = hashlib.sha256(f"{table}\x00{dim}\x00{part}".encode()).hexdigest()[:16]
    return f"{table}_hnsw_{dim}_{digest}"


# every partition's HNSW index (``hnsw_name``), as a PostgreSQL regular expression over index names
HNSW_INDEX = "^(records|event_chunks)_hnsw_[0-9]+_[0-9a-f]{16}$"


class VectorBinaryDumper(Dumper):
    """Sends a float vector in pgvector's binary format: int16 dim, int16 unused, float32 big-endian."""

    format = Format.BINARY
    oid = 0  # set on the per-store subclass once the type's oid is known

    def dump(self, obj: Any) -> Buffer:
        arr = np.asarray(obj, dtype=">f4").reshape(-1)
        return struct.pack(">HH", arr.shape[0], 0) + arr.tobytes()


class VectorTextLoader(Loader):
    """Reads pgvector's text form ``[0.1,0.2,...]`` into a float32 array."""

    format = Format.TEXT

    def load(self, data: Buffer) -> np.ndarray:
        text = bytes(data).decode()
        body = text.strip()[1:-1]
        if not body:
            return np.zeros(0, np.float32)
        return np.array(body.split(","), dtype=np.float32)


class VectorBinaryLoader(Loader):
    """Reads pgvector's binary form (exact float32, no parsing): used where vectors are fetched in bulk."""

    format = Format.BINARY

    def load(self, data: Buffer) -> np.ndarray:
        dim = struct.unpack_from(">H", data)[0]
        return np.frombuffer(bytes(data), dtype=">f4", count=dim, offset=4).astype(np.float32)


def dumper_for(oid: int) -> type[VectorBinaryDumper]:
    """A dumper class bound to this database's ``vector`` type oid."""
    return type("BoundVectorDumper", (VectorBinaryDumper,), {"oid": oid})
