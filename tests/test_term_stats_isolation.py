"""Term statistics are the searching scope's own (a cross-tenant side channel, closed).

The document count N and each query term's document frequency df that rank records (``record_term_stats``)
and history events (``event_term_stats``), weigh lexical candidates and pick the terms to retrieve by
(``fusion.select_terms``) were the whole store's: tenant B's scores moved when tenant A wrote, and the lexical
part B got back told the df of any word across the store. They are now counted over the partitions the search
reads (``core.partition.read_partitions`` for records, the session's partition for events) and nothing else,
on both backends, with the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram import Memory, Scope
from engram.core.text import index_terms
from engram.embedders import HashingEmbedder
from engram.stores.sqlite.sql import event_part, part_counter, record_part
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE

T0 = datetime(2024, 5, 1, 12, tzinfo=UTC)
B = Scope("beta", "bea", "s1")  # the tenant whose results must not move
B_OTHER = Scope("beta", "bob", "s9")  # another actor of B's own agent
A = Scope("alpha", "ana", "sa")  # another tenant (agent)

B_RECORDS = [  # (summary, level)
    ("Bea paddles her kayak around the harbour on Sundays", "actor"),
    ("Bea keeps the kayak in a shed near the lighthouse", "actor"),
    ("The team meets at the harbour cafe on Fridays", "agent"),
    ("Bea prefers green tea over coffee", "session"),
    ("Bea booked a trip to Lisbon for June", "actor"),
    ("The kayak club opens in April", "agent"),
]
B_MESSAGES = ["I bought a new kayak last week", "We paddled along the harbour wall at dawn",
              "My sister lives in Lisbon now", "The lighthouse tour was cancelled because of rain",
              "Tea at the harbour cafe afterwards was lovely"]
# what B asks: words B holds, and "zeppelin", which only A's memory holds (B must not learn that from its scores)
QUERIES = ["kayak harbour", "where does Bea keep the kayak", "Lisbon trip", "kayak zeppelin",
           "harbour cafe tea", "zeppelin"]
# what the others write: B's query words, again and again, and one B never wrote
NOISE = ["kayak harbour zeppelin lighthouse", "Lisbon kayak trip harbour", "zeppelin over the harbour cafe",
         "tea kayak Lisbon zeppelin", "harbour harbour kayak"]


def _clock(now: list[datetime]) -> Callable[[], datetime]:
    return lambda: now[0]


def _fill_b(mem: Memory) -> None:
    mem.remember_many(B, [{"summary": s, "scope": level} for s, level in B_RECORDS])
    old = mem.remember(B, "Bea used to paddle a kayak in the harbour daily", scope="actor")
    mem.remember(B, "Bea paddles a canoe now", scope="actor", replaces=old.id)  # the old one leaves the index
    mem.append(B, [{"role": "user" if i % 2 == 0 else "assistant", "content": m} for i, m in enumerate(B_MESSAGES)])


def _noise(mem: Memory, scope: Scope, n: int, *, levels: tuple[str, ...]) -> None:
    for level in levels:
        mem.remember_many(scope, [{"summary": f"{NOISE[i % len(NOISE)]} note {i}", "scope": level}
                                  for i in range(n)])
    mem.append(scope, [{"role": "user", "content": f"{NOISE[i % len(NOISE)]} message {i}"} for i in range(n)])


def _results(mem: Memory) -> dict[str, Any]:
    """Everything B can see of its searches: hits, scores and their parts, for every mode."""
    out: dict[str, Any] = {}
    for q in QUERIES:
        for mode in ("hybrid", "lexical"):
            out[f"recall {mode} {q}"] = [(h.record.summary if h.record else None, h.score, h.parts)
                                         for h in mem.recall(B, q, limit=10, mode=mode)]
            out[f"history {mode} {q}"] = [(h.event.content if h.event else None, h.score, h.parts)
                                          for h in mem.search_history(B, q, limit=10, mode=mode)]
    return out


def _stats(mem: Memory, terms: list[str]) -> tuple[tuple[int, dict[str, int]], tuple[int, dict[str, int]]]:
    flt = mem.policy.read_filter(B)
    with mem.store.read() as tx:
        r = tx.record_term_stats(flt, terms)
        e = tx.event_term_stats(B.agent, B.actor, B.session, terms)
    return (r.doc_count, dict(r.doc_freq)), (e.doc_count, dict(e.doc_freq))


KAYAK = index_terms("kayak")[0]
QUERY_TERMS = list(dict.fromkeys(t for q in QUERIES for t in index_terms(q)))


def _by_hand(terms: list[str]) -> tuple[tuple[int, dict[str, int]], tuple[int, dict[str, int]]]:
    """B's statistics counted from what B wrote: its active records (all in partitions B reads) and the
    messages of its session (one index chunk each)."""
    docs = [set(index_terms(s)) for s, _ in B_RECORDS] + [set(index_terms("Bea paddles a canoe now"))]
    msgs = [set(index_terms(m)) for m in B_MESSAGES]

    def count(ds: list[set[str]]) -> tuple[int, dict[str, int]]:
        df = {t: sum(t in d for d in ds) for t in terms}
        return len(ds), {t: n for t, n in df.items() if n}
    return count(docs), count(msgs)


@pytest.fixture
def fixed(make_memory: Callable[..., Memory]) -> Iterator[tuple[Memory, list[datetime]]]:
    now = [T0]
    mem = make_memory(WIDE, clock=_clock(now))
    _fill_b(mem)
    yield mem, now


def test_another_tenants_writes_move_nothing_b_sees(fixed: tuple[Memory, list[datetime]]) -> None:
    mem, _ = fixed
    before = _results(mem)
    stats = _stats(mem, QUERY_TERMS)
    assert stats == _by_hand(QUERY_TERMS)
    assert any(hits for hits in before.values())
    _noise(mem, A, 150, levels=("actor", "agent", "session"))  # another agent, full of B's words
    assert _results(mem) == before
    assert _stats(mem, QUERY_TERMS) == stats


def test_another_actor_of_the_same_agent_moves_nothing_either(fixed: tuple[Memory, list[datetime]]) -> None:
    mem, _ = fixed
    before = _results(mem)
    stats = _stats(mem, QUERY_TERMS)
    # actor- and session-level records of bob (his partition), and messages of his sessions, one named like B's
    _noise(mem, B_OTHER, 150, levels=("actor", "session"))
    _noise(mem, Scope("beta", "bob", B.session), 40, levels=("actor",))
    assert _results(mem) == before
    assert _stats(mem, QUERY_TERMS) == stats
    # what the agent shares with all its actors is B's to count: an agent-level record moves B's statistics
    mem.remember(B_OTHER, "The kayak club moved to the harbour", scope="agent")
    (n, df), events = _stats(mem, QUERY_TERMS)
    assert (n, df[KAYAK], events) == (stats[0][0] + 1, stats[0][1][KAYAK] + 1, stats[1])


def test_b_cannot_tell_whether_a_word_is_in_anyone_elses_memory(fixed: tuple[Memory, list[datetime]]) -> None:
    """The old probe: a two-term query, one term B holds, one it does not; the share of the lexical coverage
    the first term got told the second's store-wide idf, so whether (and how often) A had written it."""
    mem, _ = fixed
    seen = [_results(mem)]
    for n in (1, 5, 200):  # A writes "zeppelin" once, a few times, very often
        mem.remember_many(A, [{"summary": f"zeppelin sighting {i}", "scope": "actor"} for i in range(n)])
        mem.append(A, [{"role": "user", "content": f"a zeppelin again {i}"} for i in range(n)])
        seen.append(_results(mem))
    assert all(got == seen[0] for got in seen[1:])
    probe = seen[0]["recall lexical kayak zeppelin"]
    assert probe and all(parts.lexical is not None and parts.lexical > 0 for _, _, parts in probe)


def test_a_forged_partition_token_counts_for_no_one(fixed: tuple[Memory, list[datetime]]) -> None:
    """A partition's FTS token is a hash anyone can compute; text holding B's tokens is still A's."""
    mem, _ = fixed
    before, stats = _results(mem), _stats(mem, QUERY_TERMS)
    tokens = [record_part("beta", "bea"), record_part("beta", None), record_part("beta", None, "s1"),
              event_part("beta", "bea", "s1")]
    forged = " ".join(tokens)
    mem.remember_many(A, [{"summary": f"{forged} kayak harbour {i}", "scope": "actor"} for i in range(60)])
    mem.append(A, [{"role": "user", "content": f"{forged} kayak zeppelin {i}"} for i in range(60)])
    assert _results(mem) == before
    assert _stats(mem, QUERY_TERMS) == stats


def test_the_statistics_are_b_partitions_as_counted_by_hand(fixed: tuple[Memory, list[datetime]]) -> None:
    mem, _ = fixed
    _noise(mem, A, 30, levels=("actor", "agent"))
    _noise(mem, B_OTHER, 30, levels=("actor",))
    assert _stats(mem, QUERY_TERMS) == _by_hand(QUERY_TERMS)
    # a session of the agent alone is its own partition: only a search of that session counts it
    mem.remember(Scope("beta", None, "s1"), "A kayak harbour notice for the session", scope="session")
    with mem.store.read() as tx:
        alone = tx.record_term_stats(mem.policy.read_filter(Scope("beta", None, "s1")), [KAYAK])
    assert (alone.doc_count, dict(alone.doc_freq)) == (3, {KAYAK: 2})  # 2 agent-level records + the notice
    assert _stats(mem, QUERY_TERMS) == _by_hand(QUERY_TERMS)


def test_erasing_another_actor_leaves_b_alone_and_drops_its_counters(fixed: tuple[Memory, list[datetime]]) -> None:
    mem, _ = fixed
    _noise(mem, B_OTHER, 20, levels=("actor",))
    before, stats = _results(mem), _stats(mem, QUERY_TERMS)
    mem.erase(B_OTHER, actor="bob")
    assert _results(mem) == before and _stats(mem, QUERY_TERMS) == stats
    from engram.stores.sqlite.store import SqliteStore
    if isinstance(mem.store, SqliteStore):
        with mem.store.read() as tx:
            names = {r[0] for r in tx.c.execute("SELECT name FROM counters")}
        assert part_counter(record_part("beta", "bob")) not in names
        assert part_counter(event_part("beta", "bob", "s9")) not in names
        assert part_counter(record_part("beta", "bea")) in names


# -- both backends give the same statistics and the same scores ---------------------------------------------------
@pytest.mark.skipif("postgres" not in BACKENDS, reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)")
def test_both_backends_agree(tmp_path: Any, request: pytest.FixtureRequest) -> None:
    from tests.support.pg import fresh_url

    got = []
    for url in (f"sqlite:///{tmp_path / 'engram.db'}", fresh_url(request)):
        mem = Memory.open(url, config=WIDE, embedder=HashingEmbedder(), clock=_clock([T0]))
        try:
            _fill_b(mem)
            _noise(mem, A, 40, levels=("actor", "agent"))
            _noise(mem, B_OTHER, 40, levels=("actor",))
            got.append((_stats(mem, QUERY_TERMS), _results(mem)))
        finally:
            mem.close()
    assert got[0][0] == got[1][0] == _by_hand(QUERY_TERMS)
    for key, hits in got[0][1].items():  # the same hits in the same order, scores equal to float32 precision
        other = got[1][1][key]
        assert [t for t, _, _ in hits] == [t for t, _, _ in other], key
        assert [s for _, s, _ in hits] == pytest.approx([s for _, s, _ in other], abs=1e-6), key


def test_the_sqlite_migration_counts_every_partition(tmp_path: Any) -> None:
    """Step 10 fills the partitions' document counters from the rows of a store written before it."""
    import sqlite3

    url = f"sqlite:///{tmp_path / 'old.db'}"
    mem = Memory.open(url, config=WIDE, embedder=HashingEmbedder(), clock=_clock([T0 + timedelta(days=1)]))
    _fill_b(mem)
    _noise(mem, A, 10, levels=("actor", "agent"))
    with mem.store.read() as tx:
        want = sorted(tuple(r) for r in tx.c.execute("SELECT name, value FROM counters WHERE name LIKE 'part:%'"))
    stats = _stats(mem, QUERY_TERMS)
    mem.close()
    conn = sqlite3.connect(tmp_path / "old.db")
    conn.execute("DELETE FROM counters WHERE name LIKE 'part:%'")
    conn.execute("DELETE FROM schema_version WHERE version >= 10")  # as before step 10 (later steps run again)
    conn.commit()
    conn.close()
    again = Memory.open(url, config=WIDE, embedder=HashingEmbedder())
    try:
        with again.store.read() as tx:
            assert sorted(tuple(r) for r in tx.c.execute(
                "SELECT name, value FROM counters WHERE name LIKE 'part:%'")) == want
        assert _stats(again, QUERY_TERMS) == stats
    finally:
        again.close()


def test_another_tenants_newest_postings_take_none_of_bs_candidate_slots(make_memory: Callable[..., Memory]) -> None:
    """A term's postings were read anywhere once B's partitions held half the index: the newest
    ``FTS_TERM_POSTINGS`` of them, filtered to B's afterwards. A's newer writes then filled those slots and B's
    own matches were never read (and A's volume flipped the choice). They are read within B's partitions unless
    those hold the whole index."""
    now = [T0]
    mem = make_memory(WIDE, embedder=HashingEmbedder(), clock=_clock(now))
    for start in (0, 600):
        mem.remember_many(B, [{"summary": f"kayak trip number {i}"} for i in range(start, start + 600)])
    before = [(h.record.summary if h.record else None, h.score) for h in
              mem.recall(B, "kayak", limit=10, mode="lexical")]
    assert len(before) == 10
    now[0] = T0 + timedelta(days=1)  # A writes later: its postings are the newest
    mem.remember_many(A, [{"summary": f"kayak rental {i}"} for i in range(1000)])
    after = [(h.record.summary if h.record else None, h.score) for h in
             mem.recall(B, "kayak", limit=10, mode="lexical")]
    assert after == before
