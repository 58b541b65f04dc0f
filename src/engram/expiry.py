"""Event expiry: explicit sweeps, counted and logged; never a side effect of opening a memory.

An event expires ``eventExpiryDuration`` days after engram *stored* it (``Event.stored_at``), whatever its
``at`` says: an imported 2023 conversation is kept as long as one appended today. Expired events are hidden
from reads at once; only a sweep deletes them: :meth:`engram.Memory.expire` (``engram expire``), opening with
``expire_on_open=True``, or the opt-in schedule :class:`Schedule` (``engram serve --expire-every SECONDS``).
Each agent's own configuration sets its duration; agents without one use the database-wide default. A sweep
also drops the removed ids from records' ``source_event_ids``, so no record names an event that is gone.
"""

from __future__ import annotations

import logging
import threading
from typing import Protocol

from .policy import Policy
from .stores.base import Store

log = logging.getLogger("engram.expiry")


def sweep(store: Store, policy: Policy, *, dry_run: bool = False) -> int:
    """One sweep over every agent of ``store``, each at the cutoff ``policy`` gives it; returns how many events
    it removed (or would, with ``dry_run``)."""
    with store.read() as tx:
        own = tx.config_agents()
    plan = [(agent, policy.expiry_cutoff(agent)) for agent in own] + [(None, policy.expiry_cutoff(None))]
    total = 0
    with store.write() as tx:
        for agent, cutoff in plan:
            events, records = tx.expire_events(cutoff, agent=agent, exclude=own if agent is None else (),
                                               dry_run=dry_run)
            total += events
            if events:
                log.info("%s %d events of %s stored before %s; %d records' source_event_ids %s",
                         "would expire" if dry_run else "expired", events,
                         f"agent {agent!r}" if agent else "agents using the default configuration",
                         cutoff.isoformat(), records, "name them" if dry_run else "trimmed")
    return total


class Expires(Protocol):
    """What a schedule sweeps: ``Memory.expire``."""

    def expire(self, *, dry_run: bool = False) -> int: ...


class Schedule:
    """Sweep every ``every_seconds`` on a daemon thread until :meth:`stop` (opt-in; ``engram serve
    --expire-every``). A failed sweep is logged and retried at the next tick, never raised into the server."""

    def __init__(self, mem: Expires, every_seconds: float) -> None:
        if not every_seconds > 0:
            from .errors import ValidationError

            raise ValidationError("must be a positive number of seconds", field="expire_every")
        self.mem = mem
        self.every = float(every_seconds)
        self.runs = 0
        self.removed = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="engram-expiry", daemon=True)

    def start(self) -> Schedule:
        self._thread.start()
        return self

    def _loop(self) -> None:
        from .errors import EngramError

        while not self._stop.is_set():
            try:
                self.removed += self.mem.expire()
                self.runs += 1
            except EngramError as exc:  # typed store errors only: a bug still surfaces in the log as a crash
                log.warning("expiry sweep failed: %s", exc)
            self._stop.wait(self.every)

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
