"""The history indexer: embeds event chunks after their turn committed, so appending stays cheap.

A turn stores its events and their text chunks at once (keywords find them immediately) and leaves the
chunk vectors empty. A background thread embeds the backlog in batches, oldest first, outside any lock,
and fills the vectors in short transactions. Before a history search ranks a session by meaning,
:meth:`Indexer.complete` embeds whatever of that session is still pending (waiting for chunks this process
is already embedding), so a search never misses a committed event, whichever process appended it.

The backlog lives in the store (chunks whose vector is NULL), not in memory. Each process's thread embeds
the sessions that process wrote to, taking turns between them, so several servers sharing one database do
not all embed the same rows. What a killed process left behind is embedded by the next search of its
session or by :meth:`Indexer.complete` (``Memory.wait_indexed``). A chunk filled twice keeps the first
vector; the second write is a no-op.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

from .embedders.base import Embedder
from .errors import EngramError
from .lifecycle import stop_at_exit
from .stores.base import Store

log = logging.getLogger("engram.indexer")

BATCH = 64  # chunks per background embedding call: large enough to batch well, short enough to yield
SESSION_BATCH = 256  # chunks per call when a search completes its session
RETRY_SECONDS = 5.0  # pause after a failed background batch (the embedder may be a remote service)
# pause between a wake-up and the batch it starts: appends arriving meanwhile share one embedding call and one
# transaction instead of costing one each (a stream of appends 2 ms apart: about a tenth of the transactions).
# A search never waits for it: it embeds its own session's backlog (``complete``).
GATHER_SECONDS = 0.02

Session = tuple[str, str | None, str | None]


class Indexer:
    """Fills missing chunk vectors of one store, in the background and on demand for a search."""

    def __init__(self, store: Store, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder
        self.last_error: EngramError | OSError | None = None  # of the latest failed background batch
        self._cond = threading.Condition()
        self._inflight: set[str] = set()
        self._finished = 0  # batches this process has written: a read older than the latest may be stale
        self._one_at_a_time = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._queue: dict[Session, int] = {}  # sessions with chunks to embed -> notifications so far
        stop_at_exit(self)

    def stop_threads(self) -> None:
        """Stop and join the background thread (the interpreter-exit hook, see :mod:`engram.lifecycle`)."""
        self.close()

    # -- the background thread ----------------------------------------------------------------------------
    def notify(self, session: Session) -> None:
        """Chunks of ``session`` were committed: queue it, start the thread if needed and wake it."""
        with self._cond:
            self._queue[session] = self._queue.pop(session, 0) + 1
            if (self._thread is None or not self._thread.is_alive()) and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, name="engram-indexer", daemon=True)
                self._thread.start()
        self._wake.set()

    def close(self) -> None:
        """Stop the thread after the batch in hand; what is still pending stays in the store."""
        self._stop.set()
        self._wake.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait()
            if self._stop.wait(GATHER_SECONDS):
                return
            self._wake.clear()
            try:
                while not self._stop.is_set() and self._next_batch():
                    pass
            except (EngramError, OSError) as exc:  # a thread has no caller: keep and log it, retry later
                self.last_error = exc
                log.warning("history indexer: %s: %s; retrying in %.0f s", type(exc).__name__, exc, RETRY_SECONDS)
                if not self._stop.wait(RETRY_SECONDS):
                    self._wake.set()

    def _next_batch(self) -> bool:
        """Embed one batch of the first queued session, then send it to the back of the queue, or drop it when
        the batch was not full (nothing else was pending) and it was not notified meanwhile. False when the
        queue is empty."""
        with self._cond:
            if not self._queue:
                return False
            session, seen = next(iter(self._queue.items()))
        done, _ = self._step(session, BATCH)
        with self._cond:
            now = self._queue.pop(session, 0)
            if done >= BATCH or now != seen:
                self._queue[session] = now
        return True

    # -- shared work ------------------------------------------------------------------------------------------
    def _step(self, session: Session | None, limit: int) -> tuple[int, set[str]]:
        """Embed one batch of pending chunks not already in flight here. Returns how many were embedded and,
        when none was, the pending keys seen (all in flight here; empty: nothing is pending)."""
        while True:
            with self._cond:
                finished = self._finished
            with self.store.read() as tx:
                rows = tx.unembedded_chunks(session, limit=limit + len(self._inflight))
            with self._cond:
                if self._finished != finished:  # a batch left _inflight while we read: its rows may look pending
                    continue
                mine = [(k, t) for k, t in rows if k not in self._inflight][:limit]
                self._inflight.update(k for k, _ in mine)
                break
        if not mine:
            return 0, {k for k, _ in rows}
        try:
            self._embed(mine)
        finally:
            with self._cond:
                self._inflight.difference_update(k for k, _ in mine)
                self._finished += 1
                self._cond.notify_all()
        return len(mine), set()

    def _embed(self, rows: Sequence[tuple[str, str]]) -> None:
        with self._one_at_a_time:  # two model runs at once on a few cores are slower than one after the other
            vectors = self.embedder.embed([t for _, t in rows])
        with self.store.write() as tx:
            tx.fill_chunk_vectors([(k, v) for (k, _), v in zip(rows, vectors, strict=True)])

    def complete(self, session: Session | None) -> int:
        """Return once every committed chunk of ``session`` (of every session with None) has its vector,
        embedding here what no thread of this process is embedding; returns how many were embedded here.
        With nothing pending it costs one indexed read."""
        done = 0
        while True:
            n, in_flight = self._step(session, SESSION_BATCH)
            done += n
            if n:
                continue
            if not in_flight:
                return done
            with self._cond:  # the rest is being embedded by this process's thread: wait for it
                while in_flight & self._inflight:
                    self._cond.wait()
