"""Extraction jobs: listing, retrying, and the worker that runs them.

A job is an extraction kept for later: enqueued by a turn (``extraction.trigger`` ``async``, or a turn whose
limits left no room for it) or kept after a model failed. :meth:`JobRunner.run` claims pending jobs one at a
time under a lease, so several workers (threads or processes sharing one database) never run the same job,
extracts in a turn of its own, and finishes the job or fails it (retried up to ``max_attempts``; bad input,
never). :meth:`JobRunner.start` runs that loop on a background thread.
"""

from __future__ import annotations

import threading
from datetime import datetime

from .core import validate
from .errors import EngramError, NotFound, ValidationError
from .extraction import Extraction
from .lifecycle import stop_at_exit
from .policy import Policy
from .runtime import Runtime
from .turn import new_id
from .types import Job, Scope, check_id


class JobRunner:
    """The jobs of one store and its background worker: ``extraction`` runs them, ``policy`` checks who lists."""

    def __init__(self, runtime: Runtime, policy: Policy, extraction: Extraction) -> None:
        self.runtime = runtime
        self.policy = policy
        self.extraction = extraction
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def jobs(self, scope: Scope, *, status: str | None = None, limit: int = 50, actor: str | None = None,
             session: str | None = None, before: tuple[datetime, str] | None = None) -> list[Job]:
        """The agent's jobs, newest first, ``status``, ``actor`` and ``session`` filtered in the store before
        ``limit``; ``before`` continues after that job (keyset paging: stable while new jobs arrive)."""
        self.policy.read_filter(scope)
        if actor is not None or session is not None:
            Scope(agent=scope.agent, actor=actor, session=session)  # validates the ids
        status = validate.job_status(status)
        last = validate.cursor(before, what="job") if before is not None else None
        with self.runtime.store.read() as tx:
            return tx.list_jobs(scope.agent, status=status, limit=validate.limit(limit), actor=actor,
                                session=session, before=last)

    def retry(self, scope: Scope, job_id: str) -> Job:
        """Put a failed job back to pending."""
        validate.caller_id(job_id, "id", "job")
        self.policy.read_filter(scope)
        with self.runtime.store.write() as tx:
            if not tx.retry_job(scope.agent, job_id, self.runtime.now()):
                job = tx.get_job(scope.agent, job_id)
                if job is None:
                    raise NotFound(f"no job {job_id} for this agent", field="id")
                raise ValidationError(f"job {job_id} is {job.status}; only failed jobs can be retried", field="id")
            job = tx.get_job(scope.agent, job_id)
        assert job is not None
        return job

    def run(self, *, agent: str | None = None, worker: str | None = None, max_jobs: int = 100,
            lease_seconds: float = 300.0, max_attempts: int = 3) -> int:
        """Process pending extraction jobs (``agent``'s alone, unless None) until none is left (or ``max_jobs``);
        returns how many ran."""
        if agent is not None:
            check_id(agent, "agent")
        rt = self.runtime
        worker = worker or new_id("w_")
        ran = 0
        while ran < max_jobs:
            with rt.store.write() as tx:
                job = tx.claim_job(worker, rt.now(), lease_seconds, agent=agent)
            if job is None:
                break
            ran += 1
            scope = Scope(agent=job.agent, actor=job.actor, session=job.session)
            try:
                self.extraction.extract_now(scope, preview=bool(job.payload.get("preview")))
            except EngramError as exc:
                with rt.store.write() as tx:
                    tx.fail_job(job.id, f"{type(exc).__name__}: {exc}", rt.now(),
                                retry=job.attempts < max_attempts and not isinstance(exc, ValidationError))
                continue
            with rt.store.write() as tx:
                tx.finish_job(job.id, rt.now())
        return ran

    def start(self, *, interval: float = 0.5) -> None:
        """Process jobs on a background thread until :meth:`stop` (which finishes the job in hand)."""
        if self._thread is not None:
            return
        self._stop.clear()

        def loop() -> None:
            while not self._stop.is_set():
                if self.run(max_jobs=10) == 0:
                    self._stop.wait(interval)

        self._thread = threading.Thread(target=loop, name="engram-jobs", daemon=True)
        self._thread.start()
        stop_at_exit(self)

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None

    def stop_threads(self) -> None:
        """The interpreter-exit hook (see :mod:`engram.lifecycle`)."""
        self.stop()
