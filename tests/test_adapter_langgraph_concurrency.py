"""Concurrent writers of one ``EngramStore`` key end as LangGraph's own stores end them: two puts that create a
key leave one item (and one stored record), two overwrites raise nothing and leave one item holding one of the
values written, a delete leaves nothing. With threads sharing one store and with two processes on one database,
on SQLite files and PostgreSQL.

The writers race every time, not by chance: a put embeds its record between reading the key and committing, so
:class:`Gated` holds each writer's first embedding at a barrier until the other writer has read the key too."""

from __future__ import annotations

import json
import multiprocessing
import threading
from collections.abc import Callable, Sequence
from multiprocessing.synchronize import Barrier as ProcessBarrier
from typing import Any

import numpy as np
import pytest

pytest.importorskip("langgraph")

from engram import Memory, Scope
from engram.adapters.langgraph import TAG, EngramStore
from engram.embedders import HashingEmbedder
from tests.support.configs import WIDE

ADA = Scope("cook", "ada", "s-1")
NS = ("prefs",)
HANG = 120  # seconds: only a guard against a hung writer, never a measurement


class Gated(HashingEmbedder):
    """The test embedder, whose first embedding after :meth:`arm` (per thread) waits at ``barrier``: a put embeds
    after it has read the key and before it commits, so two armed writers have both read before either commits."""

    def __init__(self, barrier: threading.Barrier | ProcessBarrier) -> None:
        super().__init__()
        self.barrier = barrier
        self.armed = threading.local()

    def arm(self) -> None:
        self.armed.on = True

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if getattr(self.armed, "on", False):
            self.armed.on = False
            self.barrier.wait(HANG)
        return super().embed(texts)


def path(store: EngramStore, key: str) -> str:
    """The engram namespace of ``key``'s records."""
    return f"{store.root}{NS[0]}/{key}/"


def assert_one_item(mem: Memory, store: EngramStore, key: str, values: list[Any]) -> None:
    """``key`` reads as one item holding one of ``values``, and one active record is stored for it."""
    items = [i for i in store.search(NS) if i.key == key]
    assert len(items) == 1 and items[0].value["v"] in values, items
    got = store.get(NS, key)
    assert got is not None and got.value == items[0].value
    assert len(mem.list(ADA, namespace=path(store, key))) == 1


def assert_deleted(mem: Memory, store: EngramStore, key: str) -> None:
    """``store.delete`` of ``key`` leaves no item and no active record behind."""
    store.delete(NS, key)
    assert store.get(NS, key) is None and [i for i in store.search(NS) if i.key == key] == []
    assert mem.list(ADA, namespace=path(store, key)) == []


def race(gate: Gated, put: Callable[[int], None]) -> None:
    """Two threads each run ``put(i)``, both reading the key before either commits; raises what one raised."""
    errors: list[BaseException] = []

    def run(i: int) -> None:
        gate.arm()
        try:
            put(i)
        except BaseException as exc:  # noqa: BLE001 - re-raised below, in the test's thread
            errors.append(exc)
            gate.barrier.abort()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


def test_threads_creating_one_key_leave_one_item(make_memory: Callable[..., Memory]) -> None:
    gate = Gated(threading.Barrier(2))
    mem = make_memory(WIDE, embedder=gate)
    store = EngramStore(mem, ADA)  # one store, shared by the threads
    race(gate, lambda i: store.put(NS, "diet", {"v": i}))
    assert_one_item(mem, store, "diet", [0, 1])  # was two items
    assert_deleted(mem, store, "diet")  # was the other item, left behind


def test_threads_overwriting_one_key_raise_nothing(make_memory: Callable[..., Memory]) -> None:
    gate = Gated(threading.Barrier(2))
    mem = make_memory(WIDE, embedder=gate)
    store = EngramStore(mem, ADA)
    store.put(NS, "diet", {"v": "first"})
    race(gate, lambda i: store.put(NS, "diet", {"v": i}))  # was a ConflictError
    assert_one_item(mem, store, "diet", [0, 1])
    assert_deleted(mem, store, "diet")


def test_a_put_racing_a_read_that_refreshes_the_ttl_keeps_the_put(make_memory: Callable[..., Memory]) -> None:
    gate = Gated(threading.Barrier(2))
    mem = make_memory(WIDE, embedder=gate)
    store = EngramStore(mem, ADA, ttl={"default_ttl": 60, "refresh_on_read": True})
    store.put(NS, "diet", {"v": "first"})

    def put_or_read(i: int) -> None:
        if i == 0:
            store.put(NS, "diet", {"v": "put"})
        else:
            store.get(NS, "diet")  # refreshes the TTL: writes the item again

    race(gate, put_or_read)
    assert_one_item(mem, store, "diet", ["put"])  # whichever commits first; the loser raised ConflictError


def writer(url: str, gate: ProcessBarrier, phase: ProcessBarrier) -> None:
    """The other process: overwrite ``diet`` racing the test, wait while it looks, create ``allergy`` racing it."""
    embedder = Gated(gate)
    mem = Memory.open(url, embedder=embedder)
    try:
        store = EngramStore(mem, ADA)
        embedder.arm()
        store.put(NS, "diet", {"v": "child"})
        phase.wait(HANG)
        embedder.arm()
        store.put(NS, "allergy", {"v": "child"})
    except BaseException:
        gate.abort()
        phase.abort()
        raise
    finally:
        mem.close()


def test_two_processes_on_one_database_keep_one_item_per_key(db_url: str,
                                                              make_memory: Callable[..., Memory]) -> None:
    ctx = multiprocessing.get_context("spawn")
    gate, phase = ctx.Barrier(2), ctx.Barrier(2)
    embedder = Gated(gate)
    mem = make_memory(WIDE, embedder=embedder)  # the schema and the configuration first, as a deployment would
    store = EngramStore(mem, ADA)
    store.put(NS, "diet", {"v": "first"})
    child = ctx.Process(target=writer, args=(db_url, gate, phase))
    child.start()
    try:
        embedder.arm()
        store.put(NS, "diet", {"v": "parent"})  # both processes overwrite it: the later one raised ConflictError
        phase.wait(HANG)  # the child's put has returned too
        assert_one_item(mem, store, "diet", ["parent", "child"])
        embedder.arm()
        store.put(NS, "allergy", {"v": "parent"})  # both create it: was two items, one from each process
        child.join(HANG)
    finally:
        if child.is_alive():
            child.kill()
            child.join()
    assert child.exitcode == 0
    assert_one_item(mem, store, "allergy", ["parent", "child"])
    assert_deleted(mem, store, "allergy")
    assert_one_item(mem, store, "diet", ["parent", "child"])


def duplicate(mem: Memory, store: EngramStore, key: str, value: dict[str, Any]) -> None:
    """A second, newer record of ``key``: what two racing creates leave until the later one settles (or for good,
    if its process died in between)."""
    [rec] = mem.list(ADA, namespace=path(store, key))
    content = json.loads(rec.content or "")
    content[TAG]["value"] = value
    mem.remember(ADA, rec.summary, json.dumps(content), kind=rec.kind, scope=rec.level, namespace=rec.namespace)


def test_a_key_left_with_two_records_reads_as_the_newest_and_its_next_write_folds_them(mem: Memory) -> None:
    store = EngramStore(mem, ADA)
    store.put(NS, "diet", {"text": "vegetarian, eats pasta"})
    duplicate(mem, store, "diet", {"text": "vegan, eats pasta"})
    assert store.get(NS, "diet").value["text"].startswith("vegan")  # type: ignore[union-attr]
    assert [i.value["text"][:5] for i in store.search(NS)] == ["vegan"]
    assert [i.value["text"][:5] for i in store.search(NS, query="what does she eat, pasta")] == ["vegan"]
    store.put(NS, "diet", {"text": "pescatarian"})
    assert [r.summary for r in mem.list(ADA, namespace=path(store, "diet"))] == ["pescatarian"]
    duplicate(mem, store, "diet", {"text": "omnivore"})
    assert_deleted(mem, store, "diet")
