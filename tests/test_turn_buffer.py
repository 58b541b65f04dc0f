"""A turn's typed buffer: savepoints, the strategy view sharing it, drafts, and a refused pin changing nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from engram import Memory, Scope
from engram.buffer import TurnBuffer
from engram.errors import PermissionDenied, PinBudgetExceeded
from engram.types import Job

S = Scope(agent="bot", actor="ana", session="s1")
SESSION_ONLY = {"harness": {"memory": {"pinned": {"max_tokens": 8},
                                       "scope": {"read": ["session", "actor", "agent"], "write": ["session"]}}}}


def job(i: int) -> Job:
    now = datetime(2026, 12, 1, tzinfo=UTC)
    return Job(id=f"j_{i}", kind="extract", agent="bot", actor="ana", session="s1", status="pending", attempts=0,
               error=None, payload={}, created_at=now, updated_at=now)


def test_roll_back_drops_what_came_after_the_savepoint(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SESSION_ONLY)
    with mem.turn(S, extract=False) as t:
        kept = t.remember("Prefers tea")
        t.set_meta("cursor", "1")
        sp = t.buffer.savepoint()
        t.remember("Prefers coffee")
        t.set_meta("cursor", "2")
        t.set_meta("other", "x")
        t.buffer.enqueue(job(1))
        t.buffer.roll_back(sp)
        assert [p.record.id for p in t.pending_records] == [kept.id]
        assert t.buffer.meta == {"cursor": "1"} and t.buffer.jobs == []
    assert [r.summary for r in mem.list(S)] == ["Prefers tea"]
    with mem.store.read() as tx:
        assert tx.get_meta("cursor") == "1" and tx.get_meta("other") is None


def test_the_strategy_view_writes_every_level_into_the_same_buffer(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SESSION_ONLY)
    with mem.turn(S, extract=False) as t:
        with pytest.raises(PermissionDenied):
            t.remember("Lives in Porto", scope="actor")  # callers write at scope.write only
        view = t.as_strategy()
        rec = view.remember("Lives in Porto", scope="actor")
        assert view.buffer is t.buffer and [p.record.id for p in t.pending_records] == [rec.id]
        assert [h.record.id for h in t.recall("Porto") if h.record] == [rec.id]  # the turn's reads see it
    assert [r.level for r in mem.list(S)] == ["actor"]


def test_a_rolled_back_turn_clears_the_shared_buffer(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SESSION_ONLY)
    with pytest.raises(RuntimeError), mem.turn(S, extract=False) as t:
        t.as_strategy().remember("Lives in Porto", scope="actor")
        t.append([{"role": "user", "content": "hi"}])
        raise RuntimeError("the caller fails")
    assert t.buffer == TurnBuffer() and mem.list(S) == [] and mem.events(S) == []


def test_drafted_events_are_checked_but_not_buffered(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SESSION_ONLY)
    with mem.turn(S, extract=False) as t:
        drafted = t.draft_events([{"role": "user", "content": "hello"}])
        assert [e.content for e in drafted] == ["hello"] and t.pending_events == []
    assert mem.events(S) == []


def test_a_pin_over_the_budget_buffers_nothing(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SESSION_ONLY)
    with mem.turn(S, extract=False) as t:
        with pytest.raises(PinBudgetExceeded):
            t.remember("A summary far longer than the eight tokens the pinned budget allows", pin=True)
        assert t.pending_records == [] and t.written == []
        t.remember("Short", pin=True)
    assert [(r.summary, r.pinned) for r in mem.list(S)] == [("Short", True)]
