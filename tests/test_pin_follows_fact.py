"""A pin follows its fact: a pinned record replaced by its new value passes the pin to its successor (within
``pinned.max_tokens``, else the replace is refused and nothing changes); a forgotten record leaves the pins.
Every path that supersedes goes through ``Turn.remember``: the library call, ``batch`` (HTTP and AgentCore
updates) and extraction's consolidation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engram import Memory, Scope
from engram.errors import PinBudgetExceeded

S1 = Scope("bot", "u1", "s1")
S2 = Scope("bot", "u1", "s2")


def config(budget: int = 200, *, extract: bool = False) -> dict[str, Any]:
    """Session and actor levels, a pin budget; ``extract``: the SEMANTIC strategy at turn end."""
    return {"harness": {"memory": {"enabled": True, "pinned": {"max_tokens": budget},
                                   "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                   "strategies": [{"type": "SEMANTIC"}] if extract else []}}}


def ops(mem: Memory, record_id: str) -> list[str]:
    return [v.op for v in mem.history(S1, record_id)]


def test_replacing_a_pinned_record_pins_its_successor(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(config())
    a = mem.remember(S1, "Prefers aisle seats", kind="guidance", scope="actor")
    mem.pin(S1, a.id)
    b = mem.remember(S1, "Prefers window seats", kind="guidance", scope="actor", replaces=a.id)
    assert b.pinned and mem.get(S1, b.id).pinned
    old = mem.get(S1, a.id)
    assert old.status == "superseded" and not old.pinned and old.superseded_by == b.id
    assert [r.id for r in mem.pinned(S2)] == [b.id]
    assert ops(mem, a.id) == ["create", "pin", "supersede"]


def test_a_successor_over_the_budget_is_refused_and_changes_nothing(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(config(budget=8))
    a = mem.remember(S1, "Greet in Portuguese", kind="guidance", scope="actor")
    mem.pin(S1, a.id)
    before = (mem.get(S1, a.id), mem.list(S1, status=["active", "superseded", "deleted"]))
    with pytest.raises(PinBudgetExceeded) as err:
        mem.remember(S1, "Greet in Portuguese, then switch to English when the customer answers in English",
                     kind="guidance", scope="actor", replaces=a.id)
    assert err.value.field == "pinned.max_tokens" and "consolidate" in err.value.message
    assert (mem.get(S1, a.id), mem.list(S1, status=["active", "superseded", "deleted"])) == before
    # a successor that fits is fine: the old pin's tokens are released by the same change
    b = mem.remember(S1, "Greet in Spanish", kind="guidance", scope="actor", replaces=a.id)
    assert [r.id for r in mem.pinned(S1)] == [b.id]


def test_batch_update_keeps_the_pin(make_memory: Callable[..., Memory]) -> None:
    """``batch`` is what HTTP's and AgentCore's record updates call."""
    mem = make_memory(config())
    a = mem.remember(S1, "Card ends in 4242", scope="actor")
    mem.pin(S1, a.id)
    out = mem.batch(S1, update=[{"id": a.id, "summary": "Card ends in 9999"}])
    [b] = out["updated"]
    assert mem.get(S1, b.id).pinned and not mem.get(S1, a.id).pinned
    assert [r.summary for r in mem.pinned(S1)] == ["Card ends in 9999"]


def test_forgetting_a_pinned_record_unpins_it(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(config(budget=10))
    a = mem.remember(S1, "Always answer in French", kind="guidance", scope="actor")
    mem.pin(S1, a.id)
    mem.forget(S1, a.id)
    gone = mem.get(S1, a.id)
    assert gone.status == "deleted" and not gone.pinned
    assert mem.pinned(S1) == [] and mem.pin_budget(S1)[0] == 0
    assert ops(mem, a.id) == ["create", "pin", "delete"]
    other = mem.remember(S1, "Write in short sentences", kind="guidance", scope="actor")
    assert mem.pin(S1, other.id).pinned  # the budget it held is free again


def test_unpin_is_a_version(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(config())
    a = mem.remember(S1, "Prefers email", scope="actor")
    mem.pin(S1, a.id)
    mem.pin(S1, a.id)  # already pinned: no new version
    mem.unpin(S1, a.id)
    mem.unpin(S1, a.id)  # not pinned: nothing changes
    assert ops(mem, a.id) == ["create", "pin", "unpin"] and mem.get(S1, a.id).version == 3


def test_extraction_superseding_a_pinned_fact_keeps_it_pinned(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(config(extract=True))
    mem.append(S1, [{"role": "user", "content": "I live in Lisbon."}])
    [lisbon] = [r for r in mem.list(S1) if r.summary == "Lives in Lisbon"]
    mem.pin(S1, lisbon.id)
    mem.append(S2, [{"role": "user", "content": "I moved to Porto."}])
    [porto] = [r for r in mem.pinned(S2)]
    assert "Porto" in porto.summary and porto.replaces == lisbon.id
    assert mem.get(S1, lisbon.id).status == "superseded" and not mem.get(S1, lisbon.id).pinned


def test_extraction_keeps_a_pinned_fact_whose_successor_does_not_fit(make_memory: Callable[..., Memory],
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    """The user's turn is never failed for it: the pinned record stays as it was; the turn's events commit."""
    mem = make_memory(config(budget=5, extract=True))
    mem.append(S1, [{"role": "user", "content": "I live in Lisbon."}])
    [lisbon] = [r for r in mem.list(S1) if r.summary == "Lives in Lisbon"]
    mem.pin(S1, lisbon.id)
    with caplog.at_level("WARNING", logger="engram.extraction"):
        mem.append(S2, [{"role": "user", "content": "I moved to Vila Nova de Gaia near Porto last spring."}])
    assert f"extraction kept pinned record {lisbon.id}" in caplog.text
    assert len(mem.events(S2)) == 1
    assert [r.id for r in mem.pinned(S2)] == [lisbon.id] and mem.get(S1, lisbon.id).status == "active"


def test_a_store_whose_deleted_records_kept_their_pin_is_mended_on_open(make_memory: Callable[..., Memory],
                                                                        backend: str) -> None:
    """Records an earlier engram deleted or replaced while pinned kept ``pinned``; opening the store clears it
    (SQLite step 11, PostgreSQL step 15), and active pins stay."""
    mem = make_memory(config())
    kept = mem.remember(S1, "Allergic to penicillin", scope="actor", pin=True)
    gone = mem.remember(S1, "Uses a wheelchair on long trips", scope="actor")
    mem.forget(S1, gone.id)
    true, step = ("1", 11) if backend == "sqlite" else ("true", 15)
    with mem.store.write() as tx:  # as an earlier engram left it
        tx.c.execute(f"UPDATE records SET pinned = {true} WHERE id = '{gone.id}'")
        tx.c.execute(f"DELETE FROM schema_version WHERE version >= {step}")
    mem.close()
    again = make_memory(config())
    assert again.get(S1, gone.id).pinned is False and again.get(S1, kept.id).pinned is True
