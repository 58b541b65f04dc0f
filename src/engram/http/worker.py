"""The extraction job worker of ``engram serve``, and the route that says whether one runs.

Jobs are extractions kept for later (``extraction.trigger: async``, a turn that had no room for its
extraction, a job retried from the inspector). Without a worker they stay ``pending`` forever, so the server
runs one by default: :class:`ServeWorker` starts :meth:`engram.Memory.start_worker` (a background thread of
this process, see :mod:`engram.jobs`) when the app starts and stops it, after the job in hand, when the app
shuts down. ``engram serve --no-worker`` turns it off (when other processes work the same database's queue,
or ``engram jobs run`` is run by hand). ``GET /v1/worker`` tells a signed-in client which it is, so the inspector can
say so instead of leaving a retried job looking stuck.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import FastAPI, Security
from pydantic import BaseModel

from ..engine import Memory
from .auth import GrantDep
from .routes import ERRORS, bearer

DEFAULT_INTERVAL = 0.5  # seconds the worker sleeps when the queue is empty


class WorkerOut(BaseModel):
    """Whether this server runs an extraction job worker, and how often an idle one looks for jobs."""

    running: bool
    interval_seconds: float | None


@dataclass(slots=True)
class ServeWorker:
    """The job worker of one app: started and stopped by the app's lifespan, queried by ``GET /v1/worker``."""

    memory: Memory
    enabled: bool
    interval: float = DEFAULT_INTERVAL
    running: bool = False

    def start(self) -> None:
        if self.enabled and not self.running:
            self.memory.start_worker(interval=self.interval)
            self.running = True

    def stop(self) -> None:
        """Finish the job in hand and stop (blocking: call it off the event loop)."""
        self.memory.stop_worker()
        self.running = False

    def status(self) -> WorkerOut:
        return WorkerOut(running=self.running, interval_seconds=self.interval if self.running else None)


def mount_worker(app: FastAPI, worker: ServeWorker) -> None:
    """Keep ``worker`` on ``app.state`` and add ``GET /v1/worker`` (any live key may ask)."""
    app.state.worker = worker

    async def worker_status(grant: GrantDep) -> WorkerOut:
        """Whether this server runs an extraction job worker (``engram serve --no-worker`` turns it off)."""
        return worker.status()

    app.add_api_route("/v1/worker", worker_status, methods=["GET"], response_model=WorkerOut,
                      tags=["extraction"], name="worker_status", dependencies=[Security(bearer)],
                      responses={401: ERRORS[401]})
