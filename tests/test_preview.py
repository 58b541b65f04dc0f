"""Preview never leaks into live (invariant 5), on both backends.

"Preview history is likewise searched only by preview turns." A preview turn stores its events marked
preview (so a preview session can resume), preview reads see live + preview history, live reads never see
preview events, extraction from preview events writes only preview records, and nothing a preview turn does
moves live state (extraction cursors, counters, session state). Issue 13 item 2: a preview ``forget`` hides
the record from preview recall in every mode, and after a preview ``replaces`` no mode returns the old
record to preview reads, while live reads still do.
"""

from __future__ import annotations

from typing import Any

import pytest

from engram import Memory, Scope
from engram.extraction import cursor_key
from engram.harness.agent import Agent

S = Scope("bot", "u1", "s1")
T = Scope("reviewer", session="acct-991")  # a Twisp session (no actor) behaves the same
MODES = ("hybrid", "lexical", "vector")
EXTRACTING = {"harness": {"memory": {"enabled": True,
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "strategies": [{"type": "SEMANTIC"}]}, "history": {"index": "messages_and_tools"}}}


@pytest.fixture(params=[S, T], ids=["actor-session", "twisp-session"])
def scope(request: pytest.FixtureRequest) -> Scope:
    return request.param  # type: ignore[no-any-return]


def test_preview_turn_events_are_kept_apart_from_live(mem: Memory, scope: Scope) -> None:
    mem.append(scope, [{"role": "user", "content": "the live invoice number is INV-1000"}])
    with mem.turn(scope, preview=True) as t:
        t.append([{"role": "user", "content": "a preview refund of 77 EUR was promised"}])
    assert all(e.preview for e in t.appended)
    assert [e.content for e in mem.events(scope)] == ["the live invoice number is INV-1000"]
    both = mem.events(scope, preview=True)
    assert [e.content for e in both] == ["the live invoice number is INV-1000",
                                         "a preview refund of 77 EUR was promised"]
    assert [e.preview for e in both] == [False, True]
    for mode in MODES:
        live = [h.event.content for h in mem.search_history(scope, "preview refund 77 EUR promised", 10, mode=mode)
                if h.event]
        assert "a preview refund of 77 EUR was promised" not in live, mode
        seen = [h.event.content for h in mem.search_history(scope, "preview refund 77 EUR promised", 10, mode=mode,
                                                            preview=True) if h.event]
        assert seen[0] == "a preview refund of 77 EUR was promised", mode
        also = [h.event.content for h in mem.search_history(scope, "live invoice INV-1000", 10, mode=mode,
                                                            preview=True) if h.event]
        assert also[0] == "the live invoice number is INV-1000", mode
    with pytest.raises(Exception):  # noqa: B017  (NotFound: a live read cannot fetch a preview event)
        mem.get_event(scope, t.appended[0].id)
    assert mem.get_event(scope, t.appended[0].id, preview=True).preview


def test_preview_extraction_writes_only_preview_records_and_moves_no_live_cursor(make_memory: Any) -> None:
    mem = make_memory(EXTRACTING)
    with mem.turn(S, preview=True) as t:
        t.append([{"role": "user", "content": "I moved to Porto last month."}])
    assert t.written and all(r.preview for r in t.written)
    assert mem.recall(S, "where does the user live", min_score=0.0) == []
    assert any("Porto" in (h.record.summary if h.record else "")
               for h in mem.recall(S, "where does the user live", min_score=0.0, preview=True))
    with mem.store.read() as tx:
        assert tx.get_meta(cursor_key(S)) is None  # the live cursor never moved
    # a live turn later extracts its own events, and never the preview ones
    with mem.turn(S) as live:
        live.append([{"role": "user", "content": "I work as a nurse."}])
    assert live.written and not any(r.preview for r in live.written)
    assert not any("Porto" in r.summary for r in live.written)
    assert mem.extract(S) == []  # nothing live left to extract
    assert mem.extract(S, preview=True) == []  # and nothing preview either


def test_preview_every_n_counter_is_its_own(make_memory: Any) -> None:
    cfg = {"harness": {"memory": {**EXTRACTING["harness"]["memory"],
                                  "extraction": {"trigger": "every_n", "every_n": 3}}}}
    mem = make_memory(cfg)
    with mem.turn(S, preview=True) as t:
        t.append([{"role": "user", "content": "I moved to Lisbon."}, {"role": "user", "content": "ok"}])
    with mem.store.read() as tx:
        assert tx.get_meta(cursor_key(S) + ":pending") is None
        assert tx.get_meta(cursor_key(S, True) + ":pending") == "2"


@pytest.mark.parametrize("mode", MODES)
def test_preview_forget_hides_the_record_from_preview_recall(mem: Memory, scope: Scope, mode: str) -> None:
    x = mem.remember(scope, "The refund limit is 200 EUR", kind="fact")
    mem.forget(scope, x.id, preview=True)
    ids = [h.record.id for h in mem.recall(scope, "refund limit 200 EUR", mode=mode, min_score=0.0, preview=True)
           if h.record]
    assert x.id not in ids
    live = [h.record.id for h in mem.recall(scope, "refund limit 200 EUR", mode=mode, min_score=0.0) if h.record]
    assert live == [x.id]
    assert mem.get(scope, x.id).status == "active"


@pytest.mark.parametrize("mode", MODES)
def test_preview_replace_hides_the_old_record_from_preview_reads(mem: Memory, scope: Scope, mode: str) -> None:
    old = mem.remember(scope, "The refund limit is 200 EUR", kind="fact")
    new = mem.remember(scope, "The refund limit is 300 EUR", kind="fact", replaces=old.id, preview=True)
    seen = [h.record.id for h in mem.recall(scope, "refund limit 200 EUR", mode=mode, min_score=0.0, preview=True)
            if h.record]
    assert old.id not in seen and new.id in seen
    live = [h.record.id for h in mem.recall(scope, "refund limit 200 EUR", mode=mode, min_score=0.0) if h.record]
    assert live == [old.id]
    assert mem.get(scope, old.id).status == "active"


def test_preview_forget_hides_even_under_a_kind_filter(mem: Memory, scope: Scope) -> None:
    x = mem.remember(scope, "Call the customer before noon", kind="guidance")
    with mem.turn(scope, preview=True) as t:
        t.forget(x.id)
        hits = t.recall("call customer noon", kind="guidance", min_score=0.0)
    assert [h.record.id for h in hits if h.record] == []
    assert [h.record.id for h in mem.recall(scope, "call customer noon", kind="guidance", min_score=0.0,
                                            preview=True) if h.record] == []


def test_a_preview_session_resumes_and_live_state_never_moves(mem: Memory, scope: Scope) -> None:
    agent = Agent(mem)
    live = agent.invoke(scope, [{"role": "user", "content": "Live hello"}], state={"step": "live"})
    preview = agent.invoke(scope, [{"role": "user", "content": "Preview hello"}], preview=True,
                           state={"step": "preview"})
    assert preview.events and all(e.preview for e in preview.events)
    assert [e.content for e in mem.events(scope) if e.role == "user"] == ["Live hello"]
    again = agent.invoke(scope, [{"role": "user", "content": "Preview again"}], preview=True)
    assert again.state == {"step": "preview"}  # the preview session resumed from its own state
    back = agent.invoke(scope, [{"role": "user", "content": "Live again"}])
    assert back.state == {"step": "live"}  # live state never saw the preview turns
    assert live.state == {"step": "live"}
    users = [e.content for e in mem.events(scope, preview=True) if e.role == "user"]
    assert users == ["Live hello", "Preview hello", "Preview again", "Live again"]


def test_a_preview_only_session_is_no_live_session(mem: Memory, scope: Scope) -> None:
    with mem.turn(scope, preview=True) as t:
        t.append([{"role": "user", "content": "only in preview"}])
    assert mem.sessions(Scope(scope.agent)) == []
