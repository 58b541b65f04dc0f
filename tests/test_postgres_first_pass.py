"""A recall's first pass on PostgreSQL in one round trip (SearchTx.records_first_pass): the same statistics and
the same candidates as asking for the statistics first, with the choices the previous recall made checked."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engram import Memory, Scope
from engram.core.fusion import select_terms
from engram.core.text import index_terms
from engram.embedders import HashingEmbedder
from engram.stores.postgres import pipe
from engram.stores.postgres.store import PostgresStore
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE
from tests.support.pg import with_params

pytestmark = [pytest.mark.skipif("postgres" not in BACKENDS, reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)"),
              pytest.mark.parametrize("backend", ["postgres"], indirect=True)]

S = Scope("bot", "ana", "s1")
# 60 records over the agent's and the actor's partitions: "tree" in all of them, "plum" in 12 and "apple" in 6
# (more than 5% of the documents: common), "pear" in 2 and "ladder" in 1 (rare)
QUERIES = ["plum tree", "tree", "apple pear tree", "ladder pear apple", "ladder", "nothing matches zzz",
           "x" * 3000 + " ladder", "when was the plum tree pruned with a ladder"]


def _text(i: int) -> str:
    words = ["tree", f"note{i}"]
    if i % 5 == 0:
        words.append("plum")
    if i % 10 == 1:
        words.append("apple")
    if i in (7, 40):
        words.append("pear")
    if i == 33:
        words.append("ladder")
    return " ".join(words)


@pytest.fixture
def mem(db_url: str) -> Iterator[Memory]:
    m = Memory.open(with_params(db_url, hnsw="off"), config=WIDE, embedder=HashingEmbedder())
    for k, level in enumerate(("session", "actor", "agent")):
        m.remember_many(S, [{"summary": _text(i), "scope": level} for i in range(k, 60, 3)])
    yield m
    m.close()


def _store(m: Memory) -> PostgresStore:
    assert isinstance(m.store, PostgresStore)
    return m.store


def _hits(m: Memory, q: str, mode: str = "hybrid") -> list[tuple[str, float]]:
    return [(h.record.id, round(h.score, 9)) for h in m.recall(S, q, limit=10, mode=mode) if h.record]


def _sends(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count what reaches the server: every flush of a queue and every statement run on its own."""
    sent = [0]
    flush, run = pipe.Pipe.flush, pipe.Pipe._run

    def counted_flush(self: pipe.Pipe) -> None:
        sent[0] += bool(self.queue)
        flush(self)

    def counted_run(self: pipe.Pipe, cur: Any, sql: str, args: Any) -> Any:
        sent[0] += 1
        return run(self, cur, sql, args)
    monkeypatch.setattr(pipe.Pipe, "flush", counted_flush)
    monkeypatch.setattr(pipe.Pipe, "_run", counted_run)
    return sent


def test_the_second_recall_of_partitions_needs_one_round_trip_less_for_the_same_hits(
        mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = _sends(monkeypatch)
    for q in QUERIES:
        for mode in ("hybrid", "lexical", "vector"):
            _store(mem).first_pass.clear()
            sent[0] = 0
            first = _hits(mem, q, mode)  # statistics, then candidates; remembers the choices
            first_sent, sent[0] = sent[0], 0
            again = _hits(mem, q, mode)  # statistics and candidates together
            assert again == first, (q, mode)
            if mode != "vector" and first:  # vector mode reads no statistics; with nothing to find, two steps
                assert sent[0] == first_sent - 1, (q, mode)  # may send nothing for the candidates either
            assert sent[0] <= first_sent, (q, mode)
    assert any(_hits(mem, q) for q in QUERIES)


def test_choices_that_no_longer_hold_are_made_again(mem: Memory) -> None:
    store = _store(mem)
    want = {q: _hits(mem, q) for q in QUERIES}
    assert store.first_pass
    for key, (within, plans) in list(store.first_pass.items()):  # as if the partitions had all changed size
        store.first_pass[key] = (not within, tuple((p, "hnsw", 50_000, 99) for p, _, _, _ in plans))
    for q in QUERIES:
        assert _hits(mem, q) == want[q], q
    assert all(not any(plan == "hnsw" for _, plan, _, _ in plans) for _, plans in store.first_pass.values())


def test_the_server_picks_and_weighs_the_terms_as_select_terms_does(mem: Memory) -> None:
    store = _store(mem)
    flt = mem.policy.read_filter(S)
    q = mem.embedder.embed(["tree"])[0]
    cases = [["plum", "tree"], ["tree", "pear"], ["ladder", "pear", "tree"], ["ladder"], ["zzz"], [],
             ["x" * 3000, "ladder"], ["tree"], ["ladder", "pear", "apple"], ["apple", "plum", "tree"]]
    for words in cases:
        terms = [t for w in words for t in index_terms(w)] if words != ["x" * 3000, "ladder"] else words
        with store.read() as tx:  # statistics first, the terms picked in Python
            stats = tx.record_term_stats(flt, terms)
            want = (stats, *tx.records_candidates(flt, select_terms(terms, stats), q, limit=50))
        with store.read() as tx:  # the first time: the same two steps, and the choices remembered
            assert tx.records_first_pass(flt, terms, q, limit=50) == want, terms
        with store.read() as tx:  # now in one round trip, the terms picked by the server
            assert tx.records_first_pass(flt, terms, q, limit=50) == want, terms
    assert select_terms(index_terms("plum tree"), stats) == index_terms("plum tree")  # the "rarest two" rule


def test_a_read_transactions_text_search_sets_bitmap_scans_off_with_its_search_path(
        mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bitmap scan of postings is the plan the btrees exist to avoid (chosen before any ANALYZE). A read
    transaction that searches text turns bitmap scans off in the statement that sets its search_path, where a
    statement before and one after each text search used to set and restore the setting; a write transaction
    still restores it after its search."""
    sent: list[list[str]] = []
    send = pipe.Pipe._send

    def seen(conn: Any, queue: list[Any]) -> None:
        sent.append([str(sql) for _, sql, _ in queue])
        send(conn, queue)
    monkeypatch.setattr(pipe.Pipe, "_send", staticmethod(seen))
    want = _hits(mem, "plum tree")
    sent.clear()
    assert _hits(mem, "plum tree") == want and want
    [first] = sent  # the statistics and the candidates in one round trip (the choices are remembered)
    bitmaps = [sql for sql in first if "enable_bitmapscan" in sql]
    assert len(bitmaps) == 1 and "search_path" in bitmaps[0], first
    flt = mem.policy.read_filter(S)

    def setting(tx: Any) -> str:
        return str(tx.c.execute("SELECT current_setting('enable_bitmapscan') AS v").fetchone()["v"])
    with _store(mem).read() as tx:
        assert setting(tx) == "on"
        tx.c.execute("SELECT 1")  # the settings have gone: the search queues its own
        assert tx.records_lexical(flt, ["plum"], limit=5) and setting(tx) == "off"
    with _store(mem).write() as tx:
        assert tx.records_lexical(flt, ["plum"], limit=5) and setting(tx) == "on"
