"""``Memory.delete_events`` drops the deleted events from records' provenance, as expiry does: no record (nor
any of its versions) keeps naming an event that is gone. Records extracted from real events; both backends."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram import Memory, Scope, ValidationError
from engram.types import Record

ADA = Scope("bot", "ada", "s1")
BOB = Scope("bot", "bob", "s1")  # the same session id, another actor
SEMANTIC = {"harness": {"memory": {"enabled": True,
                                   "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                   "extraction": {"trigger": "off"}, "strategies": [{"type": "SEMANTIC"}]}}}


def _sources(mem: Memory, scope: Scope, rec: Record) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The record's source_event_ids now, and each of its versions'."""
    return (mem.get(scope, rec.id).provenance.source_event_ids,
            [v.provenance.source_event_ids for v in mem.history(scope, rec.id)])


def _extracted(mem: Memory, scope: Scope, text: str) -> tuple[str, Record]:
    """Append ``text`` as a user message, extract, and return the event's id and the one record made from it."""
    event = mem.append(scope, [{"role": "user", "content": text}])[0]
    made = [r for r in mem.extract(scope) if event.id in r.provenance.source_event_ids]
    assert len(made) == 1, made
    return event.id, made[0]


def test_deleting_an_event_drops_it_from_the_provenance_of_records_extracted_from_it(
        make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC)
    ada_event, ada_rec = _extracted(mem, ADA, "I live in Lisbon.")
    bob_event, bob_rec = _extracted(mem, BOB, "I live in Porto.")
    assert _sources(mem, ADA, ada_rec) == ((ada_event,), [(ada_event,)])

    # bad input is typed, names the field and changes nothing; bob's scope cannot reach ada's event
    with pytest.raises(ValidationError) as exc:
        mem.delete_events(ADA, [ada_event, 7])  # type: ignore[list-item]
    assert exc.value.field == "ids[1]"
    assert mem.delete_events(BOB, [ada_event]) == 0
    assert _sources(mem, ADA, ada_rec) == ((ada_event,), [(ada_event,)])

    assert mem.delete_events(ADA, [ada_event]) == 1
    assert _sources(mem, ADA, ada_rec) == ((), [()])  # what an expiry sweep leaves (tests/test_expiry.py)
    assert mem.get(ADA, ada_rec.id).summary == ada_rec.summary  # the record itself stays
    assert _sources(mem, BOB, bob_rec) == ((bob_event,), [(bob_event,)])  # the other actor's is untouched


def test_a_record_from_several_events_keeps_the_ones_still_there(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC)
    first, second = mem.append(ADA, [{"role": "user", "content": "I moved to Porto"},
                                     {"role": "user", "content": "and I work in Braga"}])
    with mem.turn(ADA, extract=False) as t:
        both = t.remember("Lives in Porto, works in Braga", scope="actor", strategy="semantic",
                          source_event_ids=[first.id, second.id])
    assert mem.delete_events(ADA, [first.id]) == 1
    assert _sources(mem, ADA, both) == ((second.id,), [(second.id,)])
