"""Event expiry (issue 13 item 4, issue 14): from storage time, only when asked, counted and logged, per agent,
and no record keeps naming an event that is gone. Both backends."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from engram import Memory, Scope
from engram.expiry import Schedule
from engram.http.app import create_app
from tests.support.servers import uvicorn_thread

T0 = datetime(2026, 6, 1, tzinfo=UTC)
S = Scope("bot", "ana", "s1")


def _clock() -> tuple[list[datetime], Callable[[], datetime]]:
    now = [T0]
    return now, lambda: now[0]


def _stored(mem: Memory, scope: Scope) -> int:
    with mem.store.read() as tx:
        return len(tx.list_events(scope.agent, scope.actor, scope.session, limit=1000))


def test_an_imported_2023_conversation_is_kept_and_open_deletes_nothing(make_memory: Callable[..., Memory]) -> None:
    now, clock = _clock()
    mem = make_memory(clock=clock)
    old = [{"role": "user", "content": f"2023 message {i}", "at": datetime(2023, 3, 1, tzinfo=UTC) + timedelta(
        minutes=i)} for i in range(5)]
    mem.append(S, old)
    assert [e.content for e in mem.events(S)] == [m["content"] for m in old]  # `at` kept for display
    assert all(e.stored_at == T0 for e in mem.events(S))
    make_memory(clock=clock).close()  # reopening (the old code expired here) deletes nothing
    assert _stored(mem, S) == 5
    now[0] += timedelta(days=31)
    make_memory(clock=clock)  # nor after the expiry: only a sweep deletes
    assert _stored(mem, S) == 5 and mem.events(S) == []  # hidden at once
    assert make_memory(clock=clock, expire_on_open=True) and _stored(mem, S) == 0  # unless asked to


def test_sweep_counts_logs_and_trims_source_event_ids(make_memory: Callable[..., Memory],
                                                     caplog: pytest.LogCaptureFixture) -> None:
    now, clock = _clock()
    mem = make_memory({"harness": {"memory": {"scope": {"read": ["session", "actor"],
                                                        "write": ["session", "actor"]}}}}, clock=clock)
    first = mem.append(S, [{"role": "user", "content": "I moved to Porto"}])
    now[0] += timedelta(days=20)
    second = mem.append(S, [{"role": "user", "content": "and I work in Braga"}])
    with mem.turn(S, extract=False) as t:
        both = t.remember("Lives in Porto, works in Braga", scope="actor",
                          source_event_ids=[first[0].id, second[0].id], strategy="semantic")
        only_old = t.remember("Lives in Porto", scope="actor", source_event_ids=[first[0].id], strategy="semantic")
    now[0] += timedelta(days=15)  # the first event was stored 35 days ago, the second 15
    assert mem.expire(dry_run=True) == 1 and _stored(mem, S) == 2
    with caplog.at_level(logging.INFO, logger="engram.expiry"):
        assert mem.expire() == 1
    assert "expired 1 events" in caplog.text and "2 records' source_event_ids trimmed" in caplog.text
    assert [e.id for e in mem.events(S)] == [second[0].id]
    assert mem.get(S, both.id).provenance.source_event_ids == (second[0].id,)
    assert mem.get(S, only_old.id).provenance.source_event_ids == ()
    assert [v.provenance.source_event_ids for v in mem.history(S, both.id)] == [(second[0].id,)]
    assert mem.expire() == 0


def test_each_agent_expires_by_its_own_configuration(make_memory: Callable[..., Memory]) -> None:
    now, clock = _clock()
    mem = make_memory(clock=clock)
    mem.configure("short", {"harness": {"history": {"eventExpiryDuration": 3}}})  # the service model's least
    mem.configure("long", {"managedMemoryConfiguration": {"eventExpiryDuration": 60}})
    scopes = {a: Scope(a, "ana", "s1") for a in ("short", "long", "default-user")}
    for s in scopes.values():
        mem.append(s, [{"role": "user", "content": "hello"}])
    now[0] += timedelta(days=4)
    assert mem.expire() == 1
    assert {a: _stored(mem, s) for a, s in scopes.items()} == {"short": 0, "long": 1, "default-user": 1}
    now[0] += timedelta(days=29)  # 33 days: past the default's 30, not the 60 of "long"
    assert mem.expire() == 1
    assert {a: _stored(mem, s) for a, s in scopes.items()} == {"short": 0, "long": 1, "default-user": 0}


def test_server_start_deletes_nothing_and_the_schedule_is_opt_in(make_memory: Callable[..., Memory]) -> None:
    now, clock = _clock()
    mem = make_memory(clock=clock)
    mem.append(S, [{"role": "user", "content": "kept until a sweep"}])
    now[0] += timedelta(days=40)
    with uvicorn_thread(create_app(mem)) as base:
        assert httpx.get(base + "/v1/health").status_code == 200
    assert _stored(mem, S) == 1
    with uvicorn_thread(create_app(mem, expire_every=3600)) as base:  # opt in: a sweep at start-up
        assert httpx.get(base + "/v1/health").status_code == 200
        deadline = time.monotonic() + 30
        while _stored(mem, S) and time.monotonic() < deadline:
            time.sleep(0.05)
    assert _stored(mem, S) == 0


def test_schedule_runs_until_stopped(make_memory: Callable[..., Memory]) -> None:
    now, clock = _clock()
    mem = make_memory(clock=clock)
    sched = Schedule(mem, 0.05).start()
    try:
        mem.append(S, [{"role": "user", "content": "one"}])
        now[0] += timedelta(days=31)
        deadline = time.monotonic() + 30
        while sched.removed < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        sched.stop()
    assert sched.removed == 1 and sched.runs >= 1
    with pytest.raises(Exception, match="positive"):
        Schedule(mem, 0)
