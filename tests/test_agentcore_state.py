"""The AgentCore face's own state (issue 29.3): one module opens store transactions over its meta rows, and
its typed API keeps memories, names, harness versions and client tokens as the operations expect."""

from __future__ import annotations

import re
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engram.agentcore import idempotency, state
from engram.engine import open_store
from engram.errors import ConflictError

AT = datetime(2026, 1, 2, tzinfo=UTC)


def test_only_the_state_module_touches_the_store_meta_rows() -> None:
    here = Path(state.__file__).parent
    touching = re.compile(r"\.(read|write)\(\)|\b(get|set|delete|claim)_meta\b|\bmeta_items\b")
    found = [f"{p.name}:{i}" for p in sorted(here.glob("*.py")) if p.name != "state.py"
             for i, line in enumerate(p.read_text().splitlines(), 1) if touching.search(line)]
    assert found == []


def _memory(mid: str, agent: str) -> state.MemoryResource:
    return state.MemoryResource(id=mid, name=mid.split("-")[0], agent=agent, arn=f"arn:{mid}", status="ACTIVE",
                                created_at=AT, updated_at=AT, description=None, doc={"owner": "bot"})


def test_memories_names_and_harness_versions(db_url: str) -> None:
    store = open_store(db_url)
    try:
        state.add_memory(store, _memory("One-0000000001", "a1"))
        with pytest.raises(ConflictError) as exc:
            state.add_memory(store, _memory("Two-0000000002", "a1"))  # one memory per agent
        assert exc.value.field == "name"
        assert state.memory_of_agent(store, "a1") == state.memory(store, "One-0000000001")
        assert state.claim_name(store, "bot", "One", "One-0000000001")
        assert not state.claim_name(store, "bot", "One", "Other-000000003")  # held by a memory that exists
        gone = state.drop_memory(store, "One-0000000001")
        assert gone is not None and state.memories(store) == [] and state.memory_of_agent(store, "a1") is None
        assert state.claim_name(store, "bot", "One", "Other-000000003")  # its memory is gone: free again
        assert state.change_memory(store, "One-0000000001", lambda r: r) is None

        doc = {"harnessId": "H-0000000001", "harnessVersion": "1", "x": 1}
        state.save_harness(store, doc, created=AT)
        state.save_harness(store, {**doc, "harnessVersion": "2", "x": 2})
        state.save_harness(store, {**doc, "harnessVersion": "2", "x": 2, "tags": {"k": "v"}}, versioned=False)
        assert state.harness_ids(store) == ["H-0000000001"]
        assert state.harness(store, "H-0000000001", "1") == doc
        assert state.harness(store, "H-0000000001") == {**doc, "harnessVersion": "2", "x": 2, "tags": {"k": "v"}}
        state.drop_harness(store, "H-0000000001", 2)
        assert state.harness_ids(store) == [] and state.harness(store, "H-0000000001", "1") is None
    finally:
        store.close()


def test_one_token_claim_wins_and_an_erase_purges_by_owner(db_url: str) -> None:
    store = open_store(db_url)
    try:
        n = 6
        gate = threading.Barrier(n)
        outcomes: list[str] = []

        def call() -> None:
            gate.wait()
            try:
                earlier = idempotency.begin(store, "op", "bot\x1fu1", "t", "p")
            except ConflictError:
                outcomes.append("in progress")
                return
            outcomes.append("won" if earlier is None else f"replayed {earlier}")

        threads = [threading.Thread(target=call) for _ in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert outcomes.count("won") == 1 and set(outcomes) <= {"won", "in progress"}
        idempotency.settle(store, "op", "bot\x1fu1", "t", "p", "made")
        assert idempotency.begin(store, "op", "bot\x1fu1", "t", "p") == "made"
        with pytest.raises(idempotency.IdempotentParameterMismatch):
            idempotency.begin(store, "op", "bot\x1fu1", "t", "other")
        idempotency.settle(store, "op", "bot\x1fu2", "t", "p", "theirs")
        with store.write() as tx:
            assert state.purge_tokens(tx, "op", "bot\x1fu1") == 1
        assert idempotency.lookup(store, "op", "bot\x1fu1", "t", "p") is None
        assert idempotency.lookup(store, "op", "bot\x1fu2", "t", "p") == "theirs"
    finally:
        store.close()
