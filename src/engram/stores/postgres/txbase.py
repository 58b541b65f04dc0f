"""What every area of a PostgreSQL transaction shares: the pooled connection's helpers, the text-index statistics
and postings upkeep, the read filter as SQL, and the record row mapping."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from ...core import partition
from ...core.scope import ReadFilter
from ...types import Provenance, Record
from .pipe import Pipe
from .sql import (
    SHARDS,
    UNPOST_SQL,
    Conn,
    lock_key,
    part_key,
    split_terms,
    utc,
)
from .url import Settings

FirstPassKey = tuple[tuple[str, ...], int, int]
FirstPassChoice = tuple[bool, tuple[tuple[str, str, int, int], ...]]


class StoreState(Protocol):
    """What a transaction reads of its store (``PostgresStore``, whose module imports every area: they never
    import it back)."""

    settings: Settings
    schema: str
    search_path: str
    begin_sql: dict[bool, str]
    meta_once: dict[str, str]
    hnsw_ready: set[str]  # the partitions' valid HNSW indexes, by name (vectors.hnsw_name)
    first_pass: dict[FirstPassKey, FirstPassChoice]

    def remember_first_pass(self, key: FirstPassKey, choice: FirstPassChoice) -> None: ...

    def request_hnsw(self, table: str, dim: int, part: str) -> None: ...


# totals of stats keys, summed over shards; the keys as JSON: see insert_events
STATS_SQL = ("SELECT s.kind, s.key, sum(s.n) AS n FROM stats s "
             "JOIN json_array_elements(%s::json) AS u(x) ON s.kind = u.x ->> 0 AND s.key = u.x ->> 1 "
             "GROUP BY s.kind, s.key")


# the transaction's search_path, set first (a search may add settings to the same statement), and JIT off: every
# statement here is short, and a plan whose costs a branch never taken inflates (a term statistics count of
# postings, SCOPED_DF, costed for the many terms and partitions a JSON array may hold) crossed jit_above_cost
# and spent 20-30 ms compiling a statement that runs in 0.2 ms (at 100k records in one partition)
SEARCH_PATH = "set_config('search_path', %s, true), set_config('jit', 'off', true)"


class TxBase:
    """The state and helpers of one PostgreSQL transaction; the areas (meta.py, events.py, records.py, search.py,
    embedding.py, jobs.py, erase.py) add the contract's methods."""

    def __init__(self, store: StoreState, conn: Conn, *, write: bool) -> None:
        self.s = store
        self.c = Pipe(conn)  # statements nobody reads the result of go out with the next one (pipe.py)
        self.write = write
        self._delta: dict[tuple[str, str], int] = {}
        self._stat_cache: dict[tuple[str, str], int] = {}
        # a read transaction's document frequencies within partitions, by ((kind, *partitions), term)
        self._scope_cache: dict[tuple[tuple[str, ...], str], int] = {}
        # a read transaction's candidate stamps, by (read filter, record id) (SearchTx._keep)
        self._stamps: dict[tuple[ReadFilter, str], DictRow] = {}
        self._meta_set: set[str] = set()
        self._last_record: tuple[Record, int] | None = None  # the record queued last, and the queue's length then
        self.erased = False  # an erase deleted rows: vacuum and analyze once committed (PostgresStore._tx)
        self.erased_index_files = 0  # vector indexes live in the tables here: VACUUM purges them
        self.plans: list[tuple[str, str]] = []  # (partition, plan) of each vector query, for diagnostics
        # BEGIN and the transaction's settings leave with its first query; while they wait, a search may add
        # its own to the same statement (SearchTx._lexical_later)
        self.c.later(store.begin_sql[write])
        self.settings = self.c.later(f"SELECT {SEARCH_PATH}", [store.search_path])
        self.bitmaps_off = False  # a read transaction's bitmap scans are off once it has searched text

    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[DictRow]:
        return self.c.execute(sql, args).fetchall()

    def _one(self, sql: str, args: Sequence[Any] = ()) -> DictRow | None:
        return self.c.execute(sql, args).fetchone()

    def _binary(self, sql: str, args: Sequence[Any] = ()) -> list[DictRow]:
        """Rows in binary format: vectors arrive as exact float32 without text parsing."""
        return self.c.execute(sql, args, binary=True).fetchall()

    def _lock(self, name: str) -> None:
        self.c.execute("SELECT pg_advisory_xact_lock(%s)", [lock_key(self.s.schema, name)])

    def _post_record(self, record_id: str, seq: int, part: str, terms: str) -> None:
        """Add an active record's postings: one per distinct indexed term (``posting_terms``)."""
        del record_id  # found again by its seq
        self.c.later("INSERT INTO postings (seq, ph, kind, term) "
                     "SELECT %s, hashtextextended(%s, 0), 'r', t FROM posting_terms(%s) AS t", [seq, part, terms])

    def _unpost_records(self, rows: Sequence[tuple[int, str]]) -> None:
        """Delete the postings of records given as (seq, terms), each through the (kind, term, seq) index."""
        if rows:
            self.c.later(UNPOST_SQL.format(rows="unnest(%s::bigint[], %s::text[]) AS d(seq, terms)", kind="r"),
                           [[s for s, _ in rows], [t for _, t in rows]])

    def _index_doc(self, kind: str, part: str, terms: str, sign: int) -> None:
        """Count a document in (sign +1) or out of (-1) the text index statistics of ``kind`` (e | r)."""
        toks = split_terms(terms)
        d = self._delta
        for key in (("n", kind), ("p" + kind, part)):
            d[key] = d.get(key, 0) + sign
        d[("tok", kind)] = d.get(("tok", kind), 0) + sign * (len(toks) + 1)
        for t in set(toks):
            d[("df" + kind, t)] = d.get(("df" + kind, t), 0) + sign

    def _add_deltas(self, rows: Iterable[DictRow]) -> None:
        for r in rows:
            key = (str(r["kind"]), str(r["key"]))
            self._delta[key] = self._delta.get(key, 0) - int(r["n"])

    def flush(self) -> None:
        """Apply the statistics changes in one statement, keys sorted so writers lock rows in one order."""
        items = sorted((k, v) for k, v in self._delta.items() if v)
        self._delta.clear()
        if not items:
            return
        self.c.later(  # as JSON: a few us to dump, where three Python lists take psycopg about 40
            "INSERT INTO stats (kind, key, shard, n) "
            "SELECT u.x ->> 0, u.x ->> 1, (pg_backend_pid() %% %s)::smallint, (u.x ->> 2)::bigint "
            "FROM json_array_elements(%s::json) WITH ORDINALITY AS u(x, o) ORDER BY u.o "
            "ON CONFLICT (kind, key, shard) DO UPDATE SET n = stats.n + excluded.n",
            [SHARDS, json.dumps([[k[0], k[1], v] for k, v in items])])

    def _stats(self, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], int]:
        """Current totals of stats keys (summed over shards, plus this transaction's pending changes).

        A read transaction sees one snapshot, so its totals are cached for the next query of a recall."""
        keys = list(dict.fromkeys(keys))
        cache = self._stat_cache if not self.write else {}
        want = [k for k in keys if k not in cache]
        if want:
            cache.update(self._totals(self._all(STATS_SQL, [json.dumps(want)]), want))
        return {k: cache[k] + self._delta.get(k, 0) for k in keys}

    @staticmethod
    def _totals(rows: Iterable[DictRow], want: Sequence[tuple[str, str]]) -> dict[tuple[str, str], int]:
        """``STATS_SQL``'s rows as a total for each key asked for (0 where no row counts it)."""
        got = {(r["kind"], r["key"]): int(r["n"]) for r in rows}
        return {k: got.get(k, 0) for k in want}

    def _stats_later(self, keys: Sequence[tuple[str, str]]) -> Callable[[], None]:
        """Queue a read transaction's statistics query for ``keys``; the function returned, called once the queue
        has gone, puts its totals in the cache ``_stats`` reads."""
        assert not self.write  # a write transaction's totals are not cached (its own changes move them)
        want = [k for k in dict.fromkeys(keys) if k not in self._stat_cache]
        cur = self.c.later(STATS_SQL, [json.dumps(want)]) if want else None

        def fill() -> None:
            if cur is not None:
                self._stat_cache.update(self._totals(cur.fetchall(), want))
        return fill

    @staticmethod
    def _filter_sql(f: ReadFilter, a: str = "r") -> tuple[str, list[Any]]:
        conds = [f"{a}.agent = %s"]
        args: list[Any] = [f.agent]
        levels = []
        for key in f.owner_keys():  # the visibility rule is core's (ReadFilter.owner_keys)
            one = [f"{a}.level = '{key.level}'"]  # one of three literals (types.Level)
            for col, value in (("actor", key.actor), ("session", key.session)):
                if value is None:
                    one.append(f"{a}.{col} IS NULL")
                else:
                    one.append(f"{a}.{col} = %s")
                    args.append(value)
            levels.append("(" + " AND ".join(one) + ")")
        conds.append("(" + (" OR ".join(levels) or "false") + ")")
        conds.append(f"{a}.status = ANY(%s)")
        args.append(list(f.statuses))
        if not f.include_preview:
            conds.append(f"NOT {a}.preview")
        if f.kinds is not None:
            conds.append(f"{a}.kind = ANY(%s)")
            args.append(list(f.kinds))
        if f.labels:
            conds.append(f"{a}.labels @> %s")
            args.append(Jsonb(dict(f.labels)))
        if f.namespace_prefix:
            conds.append(f"starts_with({a}.namespace, %s)")
            args.append(f.namespace_prefix)
        return " AND ".join(conds), args

    @staticmethod
    def _parts(f: ReadFilter) -> list[str]:
        """The ``part`` keys of the record partitions ``f`` reads (core.partition)."""
        return [part_key(p) for p in partition.read_partitions(f)]

    @staticmethod
    def _record(r: DictRow) -> Record:
        return Record(
            id=r["id"], agent=r["agent"], actor=r["actor"], session=r["session"], level=r["level"],
            namespace=r["namespace"], kind=r["kind"], summary=r["summary"], content=r["content"],
            labels=dict(r["labels"]), status=r["status"], preview=bool(r["preview"]),
            created_at=utc(r["created_at"]), updated_at=utc(r["updated_at"]), version=int(r["version"]),
            replaces=r["replaces"], superseded_by=r["superseded_by"], deletes=r["deletes"],
            pinned=bool(r["pinned"]),
            provenance=Provenance(turn_id=r["turn_id"], agent_version=r["agent_version"],
                                  session=r["prov_session"], actor=r["prov_actor"], strategy=r["strategy"],
                                  source_event_ids=tuple(r["source_ids"]),
                                  config_version=r["config_version"]),
            fact_key=r["fact_key"],
        )

    def _unindex_chunks(self, cond: str, args: Sequence[Any]) -> None:
        """Delete chunks matching ``cond`` with their postings and take them out of the statistics, in SQL."""
        self._add_deltas(self._all(
            f"WITH d AS (DELETE FROM event_chunks c WHERE {cond} RETURNING c.id AS seq, c.part, c.terms), "
            f"dp AS ({UNPOST_SQL.format(rows='d', kind='e')}) "
            "SELECT 'dfe' AS kind, u.t AS key, count(*) AS n FROM d, "
            "  LATERAL (SELECT DISTINCT x FROM unnest(string_to_array(d.terms, ' ')) AS x WHERE x <> '') AS u(t) "
            "  GROUP BY u.t "
            "UNION ALL SELECT 'pe', d.part, count(*) FROM d GROUP BY d.part "
            "UNION ALL SELECT 'n', 'e', count(*) FROM d "
            "UNION ALL SELECT 'tok', 'e', coalesce(sum(cardinality(array_remove(string_to_array(d.terms, ' '), '')) "
            "  + 1), 0) FROM d", args))
