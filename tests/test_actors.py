"""Memory.actors: who has events under an agent, aggregated in the store, on both backends."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from engram import Memory, Scope
from engram.errors import PermissionDenied
from tests.support.configs import WIDE


def at(day: int) -> datetime:
    return datetime(2026, 11, day, 12, tzinfo=UTC)


def test_actors_newest_first_with_their_sessions_and_events(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    mem.append(Scope(agent="bot", actor="ana", session="a1"), [{"role": "user", "content": "hi", "at": at(1)}])
    mem.append(Scope(agent="bot", actor="ana", session="a2"), [{"role": "user", "content": "again", "at": at(2)},
                                                               {"role": "assistant", "content": "yes", "at": at(2)}])
    mem.append(Scope(agent="bot", actor="bob", session="b1"), [{"role": "user", "content": "hello", "at": at(5)}])
    mem.append(Scope(agent="other", actor="cy", session="c1"), [{"role": "user", "content": "elsewhere"}])
    with mem.turn(Scope(agent="bot", actor="dee", session="d1"), preview=True) as t:  # preview: no live actor
        t.append([{"role": "user", "content": "just trying"}])
    got = mem.actors(Scope(agent="bot"))
    assert [(a["actor"], a["sessions"], a["events"]) for a in got] == [("bob", 1, 1), ("ana", 2, 3)]
    assert got[1]["first_at"] == at(1) and got[1]["last_at"] == at(2)
    assert [a["actor"] for a in mem.actors(Scope(agent="bot"), limit=1)] == ["bob"]
    # a scope with an actor sees only that actor
    own = mem.actors(Scope(agent="bot", actor="ana"))
    assert [(a["actor"], a["sessions"], a["events"]) for a in own] == [("ana", 2, 3)]
    assert mem.actors(Scope(agent="bot", actor="nobody")) == []


def test_actors_needs_the_right_to_read_events(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"memory": {"scope": {"read": ["actor"], "write": ["actor"]}}}})
    with pytest.raises(PermissionDenied):
        mem.actors(Scope(agent="bot"))
