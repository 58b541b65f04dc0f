"""The history indexer: appends commit chunks unembedded; searches never miss them; the backlog survives."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.errors import StoreError, ValidationError

S = Scope(agent="bot", actor="u", session="s")
OTHER = Scope(agent="bot", actor="u", session="t")


class GatedEmbedder(HashingEmbedder):
    """Hashing vectors; calls made on the indexer thread wait for ``gate`` (or fail when ``fail`` is set)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.fail = False
        self.thread_calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if threading.current_thread().name == "engram-indexer":
            self.thread_calls += 1
            self.entered.set()
            if self.fail:
                raise StoreError("embedding service unavailable", field="embedder")
            self.gate.wait(30)
        return super().embed(texts)


def pending(mem: Memory, scope: Scope | None = None) -> list[str]:
    with mem.store.read() as tx:
        key = (scope.agent, scope.actor, scope.session) if scope else None
        return [k for k, _ in tx.unembedded_chunks(key, limit=10_000)]


def test_an_append_commits_before_its_chunks_are_embedded(make_memory: Callable[..., Memory]) -> None:
    emb = GatedEmbedder()
    mem = make_memory(embedder=emb)
    [ev] = mem.append(S, [{"role": "user", "content": "my parrot is called Captain Flint"}])
    assert emb.entered.wait(10), "the indexer thread never started"
    assert len(pending(mem, S)) == 1  # stored and findable by keyword, not yet by meaning
    assert [h.event.id for h in mem.search_history(S, "parrot", mode="lexical") if h.event] == [ev.id]
    threading.Timer(0.3, emb.gate.set).start()
    hits = mem.search_history(S, "parrot Captain Flint", mode="vector")  # waits for the chunk in flight
    assert [h.event.id for h in hits if h.event] == [ev.id]
    assert pending(mem) == []


def test_appends_close_together_share_one_background_batch(make_memory: Callable[..., Memory],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Notifications that arrive before the thread takes its batch are one entry of its queue, so a stream of
    appends costs one embedding call and one transaction, not one of each per append; and a batch that was not
    full is not read again. The thread is held at its queue (the test owns the queue's lock while appending),
    so the outcome does not depend on how fast this machine appends."""
    emb = RecordingEmbedder()
    mem = make_memory(embedder=emb)
    assert mem.indexer is not None
    reads = 0
    step = mem.indexer._step

    def counted(session: Any, limit: int) -> tuple[int, set[str]]:
        nonlocal reads
        if threading.current_thread().name == "engram-indexer":
            reads += 1
        return step(session, limit)
    monkeypatch.setattr(mem.indexer, "_step", counted)
    with mem.indexer._cond:  # re-entrant: notify() takes it on this thread; the indexer thread waits for it
        for i in range(5):
            mem.append(S, [{"role": "user", "content": f"message {i} about the allotment"}])
    deadline = time.monotonic() + 30
    while pending(mem, S) and time.monotonic() < deadline:
        time.sleep(0.01)
    mem.indexer.close()  # joins the thread: whatever it was going to read, it has read
    assert pending(mem, S) == [] and len(emb.by_thread) == 5
    assert reads == 1


def test_a_search_embeds_its_own_session_and_leaves_others_to_the_thread(make_memory: Callable[..., Memory]
                                                                        ) -> None:
    mem = make_memory()
    assert mem.indexer is not None
    mem.indexer.notify = lambda session: None  # type: ignore[method-assign]  # as if the thread were far behind
    mem.append(S, [{"role": "user", "content": f"note {i} about the garden shed"} for i in range(5)])
    mem.append(OTHER, [{"role": "user", "content": "the other session's note"}])
    hits = mem.search_history(S, "garden shed", mode="vector", limit=5)
    assert len(hits) == 5
    assert pending(mem, S) == [] and len(pending(mem, OTHER)) == 1
    assert mem.wait_indexed() == 1 and pending(mem) == []
    assert mem.wait_indexed() == 0


class RecordingEmbedder(HashingEmbedder):
    """Hashing vectors; remembers what the indexer thread embedded."""

    def __init__(self) -> None:
        super().__init__()
        self.by_thread: list[str] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if threading.current_thread().name == "engram-indexer":
            self.by_thread += texts
        return super().embed(texts)


def test_each_process_embeds_the_sessions_it_wrote(make_memory: Callable[..., Memory]) -> None:
    """Two servers on one database: neither thread takes the other's backlog, so no row is embedded twice."""
    slow, quick = GatedEmbedder(), RecordingEmbedder()
    first, second = make_memory(embedder=slow), make_memory(embedder=quick)
    first.append(S, [{"role": "user", "content": "written by the first server"}])
    assert slow.entered.wait(10)  # the first server's thread holds it, still embedding
    second.append(OTHER, [{"role": "user", "content": "written by the second server"}])
    deadline = time.monotonic() + 10
    while pending(second, OTHER) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pending(second, OTHER) == [] and len(pending(second, S)) == 1
    assert quick.by_thread == ["written by the second server"]
    slow.gate.set()


def test_filling_never_overwrites_or_resurrects(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    assert mem.indexer is not None
    mem.indexer.notify = lambda session: None  # type: ignore[method-assign]
    gone, kept = mem.append(S, [{"role": "user", "content": "delete me"}, {"role": "user", "content": "keep me"}])
    keys = dict(zip(["gone", "kept"], sorted(pending(mem, S), key=int), strict=True))
    mem.delete_events(S, [gone.id])
    vec = mem.embedder.embed(["x"])[0]
    with mem.store.write() as tx:
        assert tx.fill_chunk_vectors([(keys["gone"], vec)]) == 0  # deleted meanwhile: nothing comes back
        assert tx.fill_chunk_vectors([(keys["kept"], vec)]) == 1
        assert tx.fill_chunk_vectors([(keys["kept"], -vec)]) == 0  # already embedded: the first vector stays
    assert [h.event.id for h in mem.search_history(S, "x", mode="vector") if h.event] == [kept.id]
    assert mem.search_history(S, "x", mode="vector")[0].parts.vector == pytest.approx(1.0, abs=1e-5)


def test_inline_mode_embeds_inside_the_turn(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(embed_history="inline")
    assert mem.indexer is None
    mem.append(S, [{"role": "user", "content": "embedded before the commit"}])
    assert pending(mem) == [] and mem.wait_indexed() == 0


def test_a_bad_mode_is_refused(db_url: str) -> None:
    with pytest.raises(ValidationError) as err:
        Memory.open(db_url, embedder=HashingEmbedder(), embed_history="later")
    assert err.value.field == "embed_history"


def test_a_failing_background_batch_is_kept_and_retried_by_the_search(make_memory: Callable[..., Memory]) -> None:
    emb = GatedEmbedder()
    emb.fail = True
    mem = make_memory(embedder=emb)
    [ev] = mem.append(S, [{"role": "user", "content": "the boiler was serviced in March"}])
    assert emb.entered.wait(10)
    deadline = time.monotonic() + 10
    while mem.indexer is not None and mem.indexer.last_error is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert mem.indexer is not None and isinstance(mem.indexer.last_error, StoreError)
    assert len(pending(mem, S)) == 1  # nothing was lost
    hits = mem.search_history(S, "boiler serviced", mode="vector")  # the search embeds it on its own thread
    assert [h.event.id for h in hits if h.event] == [ev.id]


KILLED = textwrap.dedent("""
    import sys, threading, time
    from engram import Memory, Scope
    from engram.embedders import HashingEmbedder

    class Stuck(HashingEmbedder):
        def embed(self, texts):
            if threading.current_thread().name == "engram-indexer":
                time.sleep(600)
            return super().embed(texts)

    mem = Memory.open(sys.argv[1], embedder=Stuck())
    mem.append(Scope(agent="bot", actor="u", session="s"),
               [{"role": "user", "content": f"line {i}: the lighthouse keeper rows out at dawn"} for i in range(4)])
    print("APPENDED", flush=True)
    time.sleep(600)
""")


def test_a_killed_process_leaves_its_backlog_to_the_next(db_url: str, make_memory: Callable[..., Memory]) -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.Popen([sys.executable, "-c", KILLED, db_url], stdout=subprocess.PIPE, text=True, cwd=root,
                            env={**os.environ,  # this checkout's tests, the parent's engram
                                 "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "APPENDED"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    mem = make_memory()
    assert len(pending(mem, S)) == 4
    hits = mem.search_history(S, "lighthouse keeper at dawn", mode="vector", limit=10)
    assert len(hits) == 4 and pending(mem) == []


def test_a_view_under_another_config_shares_the_one_indexer(make_memory: Callable[..., Memory]) -> None:
    """The HTTP server narrows the config per request: those views must not each start an indexer thread."""
    def threads() -> int:
        return sum(t.name == "engram-indexer" for t in threading.enumerate())

    mem = make_memory()
    before = threads()
    view = mem.with_config(mem.config)
    assert view.indexer is mem.indexer and view.store is mem.store
    [ev] = view.append(S, [{"role": "user", "content": "written through a view"}])
    assert [h.event.id for h in mem.search_history(S, "written through a view", mode="vector") if h.event] == [ev.id]
    for _ in range(3):
        mem.with_config(mem.config).append(S, [{"role": "user", "content": "and another"}])
    assert threads() <= before + 1  # the base memory's own thread, at most
