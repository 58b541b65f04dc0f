"""Extracted records carry the declared labels their source events name (Twisp: "Labels are exact values
that searches filter on, such as a customer ID"), so the memory review writes `labels` as well as `kinds`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from engram import Memory, Scope
from engram.core.labels import inherited_labels
from engram.types import Event

TWISP = {"harness": {"memory": {
    "enabled": True, "scope": {"read": ["session"], "write": ["session"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."}}}}}
S = Scope(agent="reviewer", session="acct-991")


def ev(i: int, **metadata: object) -> Event:
    return Event(id=f"e{i}", agent="a", actor=None, session="s", seq=i, role="user", content="x",
                 at=datetime(2026, 1, 1, tzinfo=UTC), metadata=dict(metadata))


def test_inherited_labels_take_only_declared_agreed_values() -> None:
    assert inherited_labels({"customer_id"}, [ev(0, customer_id="42", other="x"), ev(1)]) == {"customer_id": "42"}
    assert inherited_labels({"customer_id"}, [ev(0, customer_id=42)]) == {"customer_id": "42"}
    assert inherited_labels({"customer_id"}, [ev(0, customer_id="42"), ev(1, customer_id="43")]) == {}
    assert inherited_labels({"customer_id"}, [ev(0, customer_id=True), ev(1, customer_id={"a": 1})]) == {}
    assert inherited_labels(set(), [ev(0, customer_id="42")]) == {}


def test_the_review_labels_what_it_writes_from_the_events_metadata(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(TWISP)
    with mem.turn(S) as t:
        t.append([{"role": "user", "content": "I prefer email over phone calls.",
                   "metadata": {"customer_id": "42"}},
                  {"role": "assistant", "content": "Noted, email it is."}])
    records = mem.list(S, limit=20)
    assert records, "the memory review wrote nothing"
    assert all(r.labels == {"customer_id": "42"} for r in records)
    assert [r.id for r in mem.list(S, labels={"customer_id": "42"}, limit=20)] == [r.id for r in records]
    assert mem.list(S, labels={"customer_id": "43"}, limit=20) == []


def test_each_record_carries_the_label_of_its_own_events(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(TWISP)
    with mem.turn(S) as t:
        t.append([{"role": "user", "content": "I live in Porto and I prefer tea.",
                   "metadata": {"customer_id": "42"}}])
    with mem.turn(S) as t:
        t.append([{"role": "user", "content": "I am vegetarian.", "metadata": {"customer_id": "43"}}])
    records = mem.list(S, limit=20)
    vegetarian = [r for r in records if "vegetarian" in r.summary.lower()]
    assert vegetarian and all(r.labels == {"customer_id": "43"} for r in vegetarian)
    assert all(r.labels == {"customer_id": "42"} for r in records if r not in vegetarian)
