"""The store contract (stores/base.py), exercised on Store and Tx directly on every backend.

The Memory-level suite (test_store.py) proves what callers see; this one pins what a backend must do, so a
new backend, or a change to one, is checked against the same rules without the engine in between. Real
SQLite files and the real PostgreSQL (tests/conftest.py BACKENDS).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from engram.core import partition
from engram.core.scope import OwnerKey, ReadFilter
from engram.embedders.hashing import HashingEmbedder
from engram.engine import open_store
from engram.errors import ConflictError
from engram.stores.base import ApiKey, Chunk, Store, Tx
from engram.types import LEVELS, Event, Job, Level, Provenance, Record, Status, Use, Version

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
EMB = HashingEmbedder()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = open_store(db_url)
    yield s
    s.close()


def record(rid: str, *, level: Level, actor: str | None, session: str | None, agent: str = "bot",
           summary: str = "shared word", at: datetime = T0, status: Status = "active", preview: bool = False,
           turn: str | None = None) -> Record:
    return Record(id=rid, agent=agent, actor=actor, session=session, level=level, namespace="/facts", kind="fact",
                  summary=summary, content=None, labels={}, status=status, preview=preview,
                  created_at=at, updated_at=at, provenance=Provenance(turn_id=turn or rid))


def put(tx: Tx, rec: Record) -> None:
    """Insert a record the way a turn does: terms and a vector, then its first version."""
    terms = ("share", "word", *rec.id.split("-"))
    tx.insert_record(rec, terms, EMB.embed([rec.summary])[0])
    tx.insert_version(Version(record_id=rec.id, version=1, op="create", summary=rec.summary, content=rec.content,
                              kind=rec.kind, labels=rec.labels, status=rec.status, at=rec.created_at,
                              provenance=rec.provenance))


def event(eid: str, *, actor: str | None, session: str | None, at: datetime, agent: str = "bot",
          content: str = "hello there", role: str = "user", preview: bool = False) -> Event:
    return Event(id=eid, agent=agent, actor=actor, session=session, seq=0, role=role, content=content, at=at,
                 preview=preview, stored_at=at)


# -- the read rule: one rule (core.scope.ReadFilter.owner_keys) on every read path ------------------------------

# Every (level, actor, session) shape, including records whose ids do not fit their level (a writer bug, an
# import): the rule must hide those from everybody on every path, on every backend.
SHAPES = [(level, actor, session) for level in LEVELS for actor in (None, "a1", "a2") for session in (None, "s1")]


def _shape_id(level: str, actor: str | None, session: str | None) -> str:
    return f"{level}-{actor or 'x'}-{session or 'x'}"


FILTERS = [ReadFilter(agent="bot", actor=actor, session=session, levels=levels)
           for actor in (None, "a1") for session in (None, "s1")
           for n in (1, 2, 3) for levels in itertools.combinations(LEVELS, n)]


def test_the_read_rule_is_cores_on_every_read_path(store: Store) -> None:
    recs = [record(_shape_id(*s), level=s[0], actor=s[1], session=s[2], at=T0 + timedelta(seconds=i))
            for i, s in enumerate(SHAPES)]
    recs.append(record("other-agent", level="agent", actor=None, session=None, agent="bot2"))
    with store.write() as tx:
        for r in recs:
            put(tx, r)
    ids = [r.id for r in recs]
    query = EMB.embed(["shared word"])[0]
    with store.read() as tx:
        for flt in FILTERS:
            want = {r.id for r in recs if flt.allows(r)}
            assert {r.id for r in tx.list_records(flt, limit=100)} == want, flt
            assert {r.id for r in tx.get_records(flt, ids)} == want, flt
            assert {i for i in ids if tx.get_record(flt, i) is not None} == want, flt
            assert {c.id for c in tx.records_lexical(flt, ["word"], limit=100)} == want, flt
            assert {c.id for c in tx.records_vector(flt, query, limit=100)} == want, flt
            assert {i for i in ids if tx.versions(flt, i)} == want, flt
            assert {n.item.id for n in tx.record_context(flt, ids, window=0)} == want, flt
            lexical, vector = tx.records_candidates(flt, ["word"], query, limit=100)  # the two at once
            assert {c.id for c in lexical} == want and {c.id for c in vector} == want, flt
            # stamps of candidates a search already found, and of ids it did not: the same rule either way
            assert set(tx.record_stamps(flt, ids)) == want, flt
    with store.read() as tx:
        assert set(tx.record_stamps(FILTERS[0], ids)) == {r.id for r in recs if FILTERS[0].allows(r)}


def test_the_read_rule_shows_a_record_only_to_the_ids_it_is_keyed_by() -> None:
    """The rule itself, pinned: the level's owner ids (core.scope.owner_ids) and nothing looser."""
    flt = ReadFilter(agent="bot", actor="a1", session="s1", levels=("session", "actor", "agent"))
    assert flt.owner_keys() == (OwnerKey("session", "a1", "s1"), OwnerKey("actor", "a1", None),
                                OwnerKey("agent", None, None))
    seen = {_shape_id(*s) for s in SHAPES
            if flt.allows(record("x", level=s[0], actor=s[1], session=s[2]))}
    assert seen == {"session-a1-s1", "actor-a1-x", "agent-x-x"}
    alone = ReadFilter(agent="bot", actor=None, session="s1", levels=("session", "actor", "agent"))
    assert alone.owner_keys() == (OwnerKey("session", None, "s1"), OwnerKey("agent", None, None))


def test_search_reads_only_the_partitions_of_the_filter(store: Store) -> None:
    """Candidates come from the filter's partitions (core.partition) even when the index is mostly elsewhere,
    and over-fetching finds the visible few behind many hidden ones."""
    with store.write() as tx:
        for i in range(40):  # another actor's records dominate the index and the vector space
            put(tx, record(f"noise-{i}", level="actor", actor="a2", session=None, at=T0 + timedelta(seconds=i)))
        for i in range(30):  # hidden inside the searched partition: another session of a1
            put(tx, record(f"hidden-{i}", level="session", actor="a1", session="s9", at=T0 + timedelta(seconds=i)))
        put(tx, record("mine", level="session", actor="a1", session="s1", at=T0))
    flt = ReadFilter(agent="bot", actor="a1", session="s1", levels=("session",))
    assert partition.read_partitions(flt) == [partition.Partition("bot", "a1", None)]
    with store.read() as tx:
        assert [c.id for c in tx.records_lexical(flt, ["word"], limit=5)] == ["mine"]
        assert [c.id for c in tx.records_vector(flt, EMB.embed(["shared word"])[0], limit=1)] == ["mine"]


def test_record_terms_are_a_tuple_and_come_back_as_candidate_terms(store: Store) -> None:
    r = record("r1", level="agent", actor=None, session=None, summary="blue kettle")
    with store.write() as tx:
        tx.insert_record(r, ("blue", "kettl"), None)
    flt = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",))
    with store.read() as tx:
        got = tx.records_lexical(flt, ["kettl"], limit=5)
        assert [(c.id, list(c.terms)) for c in got] == [("r1", ["blue", "kettl"])]
        assert tx.record_term_stats(flt, ["kettl", "nowhere"]).doc_freq == {"kettl": 1}


def test_a_failed_write_leaves_nothing(store: Store) -> None:
    with pytest.raises(RuntimeError), store.write() as tx:
        put(tx, record("r1", level="agent", actor=None, session=None))
        tx.set_meta("k", "v")
        raise RuntimeError("boom")
    flt = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",))
    with store.read() as tx:
        assert tx.get_record(flt, "r1") is None and tx.get_meta("k") is None
    with store.write() as tx:
        put(tx, record("r1", level="agent", actor=None, session=None))
    with pytest.raises(ConflictError), store.write() as tx:  # a duplicate id is a typed error
        put(tx, record("r1", level="agent", actor=None, session=None))


# -- events ----------------------------------------------------------------------------------------------------


def test_events_number_per_session_and_read_back_in_order(store: Store) -> None:
    evs = [event(f"e{i}", actor="a1", session="s1", at=T0 + timedelta(minutes=i)) for i in range(4)]
    other = event("o1", actor="a1", session="s2", at=T0)
    with store.write() as tx:
        got = tx.insert_events([*evs[:2], other], [Chunk("e0", 0, "hello there", ("hello",), None)])
        assert [e.seq for e in got] == [1, 2, 1]
        assert [e.seq for e in tx.insert_events(evs[2:], [])] == [3, 4]
    with store.read() as tx:
        assert [e.id for e in tx.list_events("bot", "a1", "s1", limit=10)] == ["e0", "e1", "e2", "e3"]
        assert [e.id for e in tx.list_events("bot", "a1", "s1", limit=2)] == ["e2", "e3"]
        assert [e.id for e in tx.list_events("bot", "a1", "s1", limit=2, after=T0)] == ["e1", "e2"]
        assert [e.id for e in tx.get_events("bot", "a1", "s1", ["o1", "e3", "e1"])] == ["e1", "e3"]
        assert [c.id for c in tx.events_lexical("bot", "a1", "s1", ["hello"], limit=5, include_tools=True,
                                                not_before=None)] == ["e0"]
    with store.write() as tx:
        assert tx.delete_events("bot", "a1", "s2", ["e0", "o1"]) == 1  # e0 is of another session
    with store.read() as tx:
        assert tx.list_events("bot", "a1", "s2", limit=10) == []


def test_sessions_and_actors_are_aggregated_in_the_store(store: Store) -> None:
    rows = [("a1", "s1", 0), ("a1", "s1", 1), ("a1", "s2", 2), ("a1", None, 3), ("a2", "s1", 9), (None, "t1", 12)]
    with store.write() as tx:
        tx.insert_events([event(f"e{i}", actor=a, session=s, at=T0 + timedelta(minutes=m))
                          for i, (a, s, m) in enumerate(rows)], [])
        tx.insert_events([event("p1", actor="a3", session="s1", at=T0 + timedelta(hours=1), preview=True)], [])
        tx.insert_events([event("x1", actor="a4", session="s1", at=T0, agent="bot2")], [])
    with store.read() as tx:
        actors = tx.list_actors("bot", limit=10)
        assert [(a["actor"], a["sessions"], a["events"]) for a in actors] == [("a2", 1, 1), ("a1", 3, 4)]
        assert actors[1]["first_at"] == T0 and actors[1]["last_at"] == T0 + timedelta(minutes=3)
        assert [a["actor"] for a in tx.list_actors("bot", limit=1)] == ["a2"]
        sessions = tx.list_sessions("bot", "a1", limit=10)
        assert [(s["session"], s["events"]) for s in sessions] == [(None, 1), ("s2", 1), ("s1", 2)]
        assert len(tx.list_sessions("bot", None, limit=10)) == 5  # every actor's, the preview one left out


# -- jobs ------------------------------------------------------------------------------------------------------


def _job(jid: str, actor: str | None, session: str | None, at: datetime) -> Job:
    return Job(id=jid, kind="extract", agent="bot", actor=actor, session=session, status="pending", attempts=0,
               error=None, payload={}, created_at=at, updated_at=at)


def test_list_jobs_filters_before_the_limit_and_pages(store: Store) -> None:
    with store.write() as tx:
        for i in range(5):  # a1's jobs are older than every one of a2's
            tx.enqueue_job(_job(f"j-a1-{i}", "a1", "s1" if i % 2 else "s2", T0 + timedelta(seconds=i)))
        for i in range(5):
            tx.enqueue_job(_job(f"j-a2-{i}", "a2", "s1", T0 + timedelta(minutes=1, seconds=i)))
    with store.read() as tx:
        assert [j.id for j in tx.list_jobs("bot", status=None, limit=3, actor="a1")] == ["j-a1-4", "j-a1-3",
                                                                                        "j-a1-2"]
        assert [j.id for j in tx.list_jobs("bot", status=None, limit=9, actor="a1", session="s1")] == [
            "j-a1-3", "j-a1-1"]
        seen: list[str] = []
        before = None
        while page := tx.list_jobs("bot", status="pending", limit=4, before=before):
            seen += [j.id for j in page]
            before = (page[-1].created_at, page[-1].id)
        assert seen == [f"j-a2-{i}" for i in range(4, -1, -1)] + [f"j-a1-{i}" for i in range(4, -1, -1)]
    with store.write() as tx:
        got = tx.claim_job("w1", T0 + timedelta(hours=1), 60)
        assert got is not None and got.id == "j-a1-0" and got.status == "running"
        # one job of a session at a time: the next claim skips a1/s2 while j-a1-0 runs
        nxt = tx.claim_job("w2", T0 + timedelta(hours=1), 60)
        assert nxt is not None and nxt.id == "j-a1-1"
        tx.fail_job("j-a1-0", "bad", T0 + timedelta(hours=1), retry=False)
    with store.read() as tx:
        assert [j.id for j in tx.list_jobs("bot", status="failed", limit=5, actor="a1")] == ["j-a1-0"]
        assert tx.list_jobs("bot", status="failed", limit=5, actor="a2") == []
    with store.write() as tx:
        assert tx.retry_job("bot", "j-a1-0", T0 + timedelta(hours=2)) is True
        assert tx.retry_job("bot2", "j-a1-1", T0) is False
        job = tx.get_job("bot", "j-a1-0")
        assert job is not None and job.status == "pending"


# -- meta, config, keys, vectors, uses -------------------------------------------------------------------------


def test_meta_config_and_keys(store: Store) -> None:
    key = ApiKey(id="k1", key_hash="h1", agent="bot", actor="a1", read_levels=("session",),
                 write_levels=(), can_delete=False, can_admin=False, created_at=T0, name="ci")
    with store.write() as tx:
        tx.set_meta("p:b", "2")
        tx.set_meta("p:a", "1")
        tx.set_meta("q", "3")
        assert tx.add_config({"x": 1}, T0) == 1
        assert tx.add_config({"x": 2}, T0, agent="bot") == 2
        tx.insert_key(key)
    assert store.find_key("h1") == key  # one statement, outside any transaction
    with store.write() as tx:
        assert tx.meta_items("p:") == [("p:a", "1"), ("p:b", "2")]
        assert tx.delete_meta("q") is True and tx.get_meta("q") is None
        assert tx.latest_config() == (1, {"x": 1}) and tx.latest_config("bot") == (2, {"x": 2})
        assert [v for v, _, _ in tx.config_history("bot")] == [2] and tx.config_agents() == ["bot"]
        assert tx.find_key("h1") == key and [k.id for k in tx.list_keys()] == ["k1"]
        assert tx.revoke_key("k1", T0) is True and tx.revoke_key("k1", T0) is False
    got = store.find_key("h1")  # the revocation is seen by the very next lookup
    assert got is not None and got.revoked_at == T0 and store.find_key("h2") is None


def test_vectors_by_key_for_reembedding_and_the_indexer(store: Store) -> None:
    with store.write() as tx:
        put(tx, record("r1", level="agent", actor=None, session=None, summary="old"))
        tx.insert_events([event("e1", actor="a1", session="s1", at=T0)],
                         [Chunk("e1", 0, "hello there", ("hello",), None)])
    with store.write() as tx:
        assert tx.texts_to_embed("records", after=None, limit=10) == [("r1", "old")]
        chunks = tx.unembedded_chunks(("bot", "a1", "s1"), limit=10)
        assert [t for _, t in chunks] == ["hello there"]
        assert [t for _, t in tx.texts_to_embed("chunks", after=None, limit=10)] == ["hello there"]
        assert tx.fill_chunk_vectors([(chunks[0][0], EMB.embed(["hello there"])[0])]) == 1
        assert tx.fill_chunk_vectors([(chunks[0][0], EMB.embed(["other"])[0])]) == 0  # filled already
        tx.set_vectors("records", [("r1", EMB.embed(["new text"])[0])])
    flt = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",))
    with store.read() as tx:
        assert tx.unembedded_chunks(None, limit=10) == []
        hit = tx.records_vector(flt, EMB.embed(["new text"])[0], limit=1)
        assert [h.id for h in hit] == ["r1"] and hit[0].cosine == pytest.approx(1.0, abs=1e-3)
        ev = tx.events_vector("bot", "a1", "s1", EMB.embed(["hello there"])[0], limit=3, include_tools=True,
                              not_before=None)
        assert [c.id for c in ev] == ["e1"]
        lexical, vector = tx.events_candidates("bot", "a1", "s1", ["hello"], EMB.embed(["hello there"])[0],
                                               limit=3, include_tools=True, not_before=None)
        assert [c.id for c in lexical] == ["e1"] and [c.id for c in vector] == ["e1"]
        assert tx.events_candidates("bot", "a1", "s1", [], None, limit=3, include_tools=True,
                                    not_before=None) == ([], [])


def test_uses_follow_the_visibility_of_their_record(store: Store) -> None:
    with store.write() as tx:
        put(tx, record("r1", level="actor", actor="a1", session=None))
        tx.insert_uses([Use(record_id="r1", turn_id="t1", call_index=0, score=0.5, at=T0, agent="bot", actor="a1",
                            session="s1")])
    mine = ReadFilter(agent="bot", actor="a1", session=None, levels=("actor",))
    theirs = ReadFilter(agent="bot", actor="a2", session=None, levels=("actor",))
    with store.read() as tx:
        assert [u.turn_id for u in tx.list_uses(mine, "r1", limit=5)] == ["t1"]
        assert tx.list_uses(theirs, "r1", limit=5) == []


# -- core policy the backends translate -------------------------------------------------------------------------


def test_overfetch_grows_until_enough_pass_or_the_index_is_dry() -> None:
    asked: list[int] = []

    def fetch(k: int) -> tuple[list[int], bool]:
        asked.append(k)
        return [i for i in range(min(k, 50)) if i % 10 == 0], k >= 50

    assert partition.overfetch(3, fetch) == [0, 10, 20]
    assert asked == [3, 12, 48]
    asked.clear()
    assert partition.overfetch(9, fetch, first=10) == [0, 10, 20, 30, 40]  # dry: fewer than asked
    assert asked == [10, 40, 160]
    assert partition.scan_within(0.49) and partition.scan_within(0.99) and not partition.scan_within(1.0)


# -- neighbourhoods, provenance, lifecycle ---------------------------------------------------------------------


def test_record_context_walks_the_same_turn_and_steps_over_what_the_filter_hides(store: Store) -> None:
    with store.write() as tx:  # write order: r1, hidden (another session of a1), r2, r3 by turn t1; r4 by t2
        put(tx, record("r1", level="actor", actor="a1", session=None, turn="t1"))
        put(tx, record("hid", level="session", actor="a1", session="s9", turn="t1"))
        put(tx, record("r2", level="actor", actor="a1", session=None, turn="t1"))
        put(tx, record("r3", level="actor", actor="a1", session=None, turn="t1"))
        put(tx, record("r4", level="actor", actor="a1", session=None, turn="t2"))
    flt = ReadFilter(agent="bot", actor="a1", session=None, levels=("actor",))
    with store.read() as tx:
        got = {n.item.id: ([i.id for i in n.before], [i.id for i in n.after])
               for n in tx.record_context(flt, ["r2", "r3", "hid", "nope"], window=1)}
        assert got == {"r2": (["r1"], ["r3"]), "r3": (["r2"], [])}
        wide = {n.item.id: ([i.id for i in n.before], [i.id for i in n.after])
                for n in tx.record_context(flt, ["r3"], window=3)}
        assert wide == {"r3": (["r2", "r1"], [])}  # nearest first; r4 is another turn's
        item = tx.record_context(flt, ["r1"], window=0)[0].item
        assert item.group == "t1" and "word" in item.terms and item.vectors is not None
        # with the query, each item brings its cosine to it, or its vectors for the caller to score
        query = EMB.embed(["shared word r2"])[0]
        hood = tx.record_context(flt, ["r2"], window=1, query=query)[0]
        for it in (hood.item, *hood.before, *hood.after):
            got = it.cosine if it.cosine is not None else float((it.vectors @ query).max())
            assert got == pytest.approx(float(EMB.embed(["shared word"])[0] @ query), abs=1e-5), it.id


def test_record_stamps_say_when_which_turn_and_what_a_record_deletes(store: Store) -> None:
    tomb = Record(id="del-1", agent="bot", actor="a1", session=None, level="actor", namespace="/facts", kind="fact",
                  summary="gone", content=None, labels={}, status="active", preview=True, deletes="r1",
                  created_at=T0 + timedelta(hours=1), updated_at=T0, provenance=Provenance(turn_id="t9"))
    with store.write() as tx:
        put(tx, record("r1", level="actor", actor="a1", session=None, turn="t1"))
        put(tx, tomb)
    seen = ReadFilter(agent="bot", actor="a1", session=None, levels=("actor",), include_preview=True)
    with store.read() as tx:
        got = tx.record_stamps(seen, ["r1", "del-1", "nope"])
        assert got["r1"] == (T0, "t1", None) and got["del-1"] == (T0 + timedelta(hours=1), "t9", "r1")
        assert set(got) == {"r1", "del-1"}
        assert set(tx.record_stamps(ReadFilter(agent="bot", actor="a1", session=None, levels=("actor",)),
                                    ["r1", "del-1"])) == {"r1"}  # a preview record is hidden without preview


def test_event_context_and_its_filters(store: Store) -> None:
    evs = [event(f"e{i}", actor="a1", session="s1", at=T0 + timedelta(minutes=i), role="tool" if i == 2 else "user")
           for i in range(5)]
    with store.write() as tx:
        tx.insert_events(evs, [Chunk(e.id, 0, e.content, ("hello",), None) for e in evs])
    with store.read() as tx:
        def ctx(ids: list[str], **kw: object) -> dict[str, tuple[list[str], list[str]]]:
            got = tx.event_context("bot", "a1", "s1", ids, **{"window": 2, "include_tools": True,
                                                              "not_before": None, **kw})  # type: ignore[arg-type]
            return {n.item.id: ([i.id for i in n.before], [i.id for i in n.after]) for n in got}

        assert ctx(["e3"]) == {"e3": (["e2", "e1"], ["e4"])}
        assert ctx(["e3"], include_tools=False) == {"e3": (["e1", "e0"], ["e4"])}
        assert ctx(["e3", "e0"], not_before=T0 + timedelta(minutes=1)) == {"e3": (["e2", "e1"], ["e4"])}
        assert ctx(["e2"], include_tools=False) == {}  # a tool event is no anchor without tools
        assert tx.event_context("bot", "a1", "s2", ["e3"], window=2, include_tools=True, not_before=None) == []


def test_status_changes_take_a_record_out_of_search_but_not_out_of_history(store: Store) -> None:
    with store.write() as tx:
        put(tx, record("r1", level="agent", actor=None, session=None))
        put(tx, record("r2", level="agent", actor=None, session=None))
    live = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",))
    every = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",),
                       statuses=("active", "superseded", "deleted"))
    with store.write() as tx:
        tx.update_record("r1", status="superseded", superseded_by="r2", version=2, updated_at=T0 + timedelta(1))
        tx.update_record("nope", status="deleted", updated_at=T0)  # unknown ids are ignored
    with store.read() as tx:
        assert [c.id for c in tx.records_lexical(live, ["word"], limit=5)] == ["r2"]
        assert [c.id for c in tx.records_vector(live, EMB.embed(["shared word"])[0], limit=5)] == ["r2"]
        assert tx.record_term_stats(live, ["word"]).doc_freq == {"word": 1}
        old = tx.get_record(every, "r1")
        assert old is not None and (old.status, old.superseded_by, old.version) == ("superseded", "r2", 2)
        assert tx.get_record(live, "r1") is None and [v.version for v in tx.versions(live, "r1")] == [1]
    with store.write() as tx:  # back to active: searchable again, by text, by vector and in the statistics
        tx.update_record("r1", status="active", version=3, updated_at=T0 + timedelta(2))
    with store.read() as tx:
        assert sorted(c.id for c in tx.records_lexical(live, ["word"], limit=5)) == ["r1", "r2"]
        assert sorted(c.id for c in tx.records_vector(live, EMB.embed(["shared word"])[0], limit=5)) == ["r1", "r2"]
        assert tx.record_term_stats(live, ["word"]).doc_freq == {"word": 2}


def test_preview_records_and_their_targets(store: Store) -> None:
    with store.write() as tx:
        put(tx, record("live", level="agent", actor=None, session=None))
        prev = record("prev", level="agent", actor=None, session=None, preview=True)
        put(tx, Record(**{**{f: getattr(prev, f) for f in prev.__dataclass_fields__}, "replaces": "live"}))
    flt = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",))
    with store.read() as tx:
        assert [r.id for r in tx.list_records(flt, limit=5)] == ["live"]
        assert tx.preview_targets(flt) == ["live"]  # what a preview read must leave out
        pflt = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",), include_preview=True)
        other = ReadFilter(agent="bot", actor="a1", session=None, levels=("actor",), include_preview=True)
        assert tx.preview_targets(other) == []
        assert {r.id for r in tx.list_records(pflt, limit=5)} == {"live", "prev"}


def test_records_from_sources_expiry_and_erase(store: Store) -> None:
    old, new = T0, T0 + timedelta(days=10)
    with store.write() as tx:
        tx.insert_events([event("e1", actor="a1", session="s1", at=old), event("e2", actor="a1", session="s1", at=new),
                          event("f1", actor="a2", session="s1", at=old)],
                         [Chunk("e1", 0, "hello there", ("hello",), None)])
        r = record("r1", level="agent", actor=None, session=None)
        put(tx, Record(**{**{f: getattr(r, f) for f in r.__dataclass_fields__},
                          "provenance": Provenance(turn_id="t1", strategy="facts", actor="a1",
                                                   source_event_ids=("e1", "e2"))}))
        put(tx, record("r2", level="actor", actor="a1", session=None))
        put(tx, record("r3", level="actor", actor="a2", session=None))
        tx.enqueue_job(_job("j1", "a1", "s1", old))
    agent = ReadFilter(agent="bot", actor=None, session=None, levels=("agent",))
    with store.write() as tx:
        assert [x.id for x in tx.records_from_sources(agent, "facts", ["e2"])] == ["r1"]
        assert tx.records_from_sources(agent, "other", ["e2"]) == []
        assert tx.expire_events(old + timedelta(days=1), agent="bot", exclude=(), dry_run=True) == (2, 1)
        assert tx.expire_events(old + timedelta(days=1), agent="bot") == (2, 1)
        got = tx.get_record(agent, "r1")
        assert got is not None and got.provenance.source_event_ids == ("e2",)
    with store.write() as tx:
        report = tx.erase_actor("bot", "a1")
    assert (report.events, report.records, report.derived_records, report.jobs) == (1, 1, 1, 1)
    every = ReadFilter(agent="bot", actor="a2", session=None, levels=("actor", "agent"))
    with store.read() as tx:
        assert [x.id for x in tx.list_records(every, limit=5)] == ["r3"]  # a1's own and derived records went
        assert tx.list_events("bot", "a1", "s1", limit=5) == [] and tx.list_actors("bot", limit=5) == []
        assert tx.get_job("bot", "j1") is None
