"""The AgentCore lists of memories and harnesses: one meta row per entry, so concurrent creates keep every
entry (on PostgreSQL two writers no longer read-modify-write one JSON list)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from engram import Memory
from engram.agentcore import erase, harnesses, idempotency, memories, registry, state
from engram.embedders import HashingEmbedder
from engram.engine import open_store
from engram.errors import ConflictError
from engram.grants import LOCAL_GRANT

ROLE = "arn:aws:iam::123456789012:role/harness"
N = 8


def _together(n: int, fn: Callable[[int], Any]) -> list[BaseException]:
    """Run ``fn(0..n-1)`` on n threads released at once; the errors they raised."""
    gate = threading.Barrier(n)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        gate.wait()
        try:
            fn(i)
        except BaseException as exc:  # noqa: BLE001 - collected and asserted empty below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_concurrent_memory_creates_keep_every_entry(db_url: str) -> None:
    store = open_store(db_url)
    try:
        made: list[str] = []
        errors = _together(N, lambda i: made.append(registry.create(store, f"agent{i}", f"Mem{i}").id))
        assert errors == []
        assert sorted(m.id for m in registry.list_all(store)) == sorted(made)
        registry.delete(store, made[0])
        assert sorted(m.id for m in registry.list_all(store)) == sorted(made[1:])
    finally:
        store.close()


def test_concurrent_create_harness_keeps_every_entry(db_url: str) -> None:
    mem = Memory.open(db_url, embedder=HashingEmbedder())
    try:
        made: list[str] = []

        def create(i: int) -> None:
            doc = harnesses.create(mem, LOCAL_GRANT, {"harnessName": f"H{i}", "executionRoleArn": ROLE,
                                                      "memory": {"disabled": {}}},
                                   region="us-east-1", account="123456789012")
            made.append(doc["harnessId"])

        assert _together(N, create) == []
        listed = harnesses.list_page(mem, LOCAL_GRANT, None, None)["harnesses"]
        assert sorted(h["harnessId"] for h in listed) == sorted(made)
        harnesses.delete(mem, LOCAL_GRANT, made[0], None)
        listed = harnesses.list_page(mem, LOCAL_GRANT, None, None)["harnesses"]
        assert sorted(h["harnessId"] for h in listed) == sorted(made[1:])
    finally:
        mem.close()


def test_rows_keep_creation_order(db_url: str) -> None:
    store = open_store(db_url)
    try:
        for name, day in (("Z", 2), ("A", 3), ("M", 1)):
            registry.create(store, f"agent{name}", f"Mem{name}", now=datetime(2026, 1, day, tzinfo=UTC))
        assert [m.name for m in registry.list_all(store)] == ["MemM", "MemZ", "MemA"]
        registry.delete(store, registry.list_all(store)[1].id)
        assert [m.name for m in registry.list_all(store)] == ["MemM", "MemA"]
    finally:
        store.close()


def test_concurrent_owner_notes_keep_every_pair_and_erase_purges_one_actor(db_url: str) -> None:
    store = open_store(db_url)
    try:
        def note(i: int) -> None:
            state.note_owner(store, "bot", f"u{i}", f"s{i}" if i % 2 else None, datetime.now(UTC))

        assert _together(N, note) == []
        got = state.owners(store, "bot")
        assert set(got) == {(f"u{i}", f"s{i}" if i % 2 else None) for i in range(N)} and len(got) == N
        with store.write() as tx:
            assert erase.purge(tx, "bot", "u1") == 1
        assert ("u1", "s1") not in state.owners(store, "bot") and len(state.owners(store, "bot")) == N - 1
    finally:
        store.close()


def test_concurrent_creates_with_one_client_token_make_one_resource(db_url: str) -> None:
    """The token is claimed before the resource is made, so racing retries of one create make one resource:
    each call answers it, or says the first is still in progress (a ConflictError to retry)."""
    mem = Memory.open(db_url, embedder=HashingEmbedder())
    try:
        got: list[str] = []

        def create_harness(i: int) -> None:
            try:
                doc = harnesses.create(mem, LOCAL_GRANT, {"harnessName": "Same", "executionRoleArn": ROLE,
                                                          "memory": {"disabled": {}}, "clientToken": "h" * 40},
                                       region="us-east-1", account="123456789012")
                got.append(doc["harnessId"])
            except ConflictError as exc:
                assert exc.field == "clientToken"

        assert _together(N, create_harness) == []
        listed = [h["harnessId"] for h in harnesses.list_page(mem, LOCAL_GRANT, None, None)["harnesses"]]
        assert len(listed) == 1 and got and set(got) == set(listed)

        ids: list[str] = []

        def create_memory(i: int) -> None:
            try:
                res = memories.create(mem, LOCAL_GRANT, {"name": "SameMem", "eventExpiryDuration": 30,
                                                         "clientToken": "m" * 40},
                                      region="us-east-1", account="123456789012")
                ids.append(res.id)
            except ConflictError as exc:
                assert exc.field == "clientToken"

        assert _together(N, create_memory) == []
        made = [m.id for m in registry.list_all(mem.store) if m.name == "SameMem"]
        assert len(made) == 1 and ids and set(ids) == set(made)
    finally:
        mem.close()


def test_a_failed_create_gives_its_client_token_back(db_url: str) -> None:
    store = open_store(db_url)
    try:
        assert idempotency.begin(store, "create-memory", "bot", "t", "p") is None  # this call claims it
        idempotency.settle(store, "create-memory", "bot", "t", "p", "m-1")
        assert idempotency.begin(store, "create-memory", "bot", "t", "p") == "m-1"  # the first call's answer holds
        assert idempotency.begin(store, "create-memory", "other", "t", "p") is None  # tokens are the owner's
        with pytest.raises(idempotency.IdempotentParameterMismatch):
            idempotency.begin(store, "create-memory", "bot", "t", "other parameters")
        idempotency.release(store, "create-memory", "bot", "t")
        assert idempotency.begin(store, "create-memory", "bot", "t", "p") is None  # given back: a retry runs
    finally:
        store.close()
