"""The extraction worker of the AgentCore face: CreateEvent stores its event and answers at once, and the
memory's strategies run afterwards as an extraction job (as the service extracts asynchronously).

A job that fails (a model error, a model spec without credentials) stays a failed job, listed by
ListMemoryExtractionJobs and retried by StartMemoryExtractionJob; the event it came from is stored either
way. The worker is the base Memory's own job worker (:meth:`engram.engine.Memory.start_worker`), started on
the first write that needs it; the server stops it at shutdown with the rest of the app.
"""

from __future__ import annotations

import threading

from ..engine import Memory

_LOCK = threading.Lock()


def ensure(base: Memory) -> None:
    """Make sure ``base`` runs its job worker (idempotent; one worker per Memory)."""
    with _LOCK:
        base.start_worker()
