"""Reads of one record, a filtered list of records, and a session's events, under the policy.

The facade's ``get``, ``list``, ``events`` and ``get_event`` are these; a turn carries them too, so the memory
tools read what its scope may see without holding the whole :class:`~engram.engine.Memory`.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from datetime import datetime

from .core import namespace as ns
from .core import validate
from .errors import NotFound, ValidationError
from .policy import Policy
from .runtime import Runtime
from .types import STATUSES, Event, Record, Scope


class Reads:
    """Records and events a scope may read, over one runtime and policy."""

    def __init__(self, runtime: Runtime, policy: Policy) -> None:
        self.runtime = runtime
        self.policy = policy

    def get(self, scope: Scope, record_id: str, *, preview: bool = False) -> Record:
        """See :meth:`engram.engine.Memory.get`."""
        validate.record_id(record_id)
        flt = self.policy.read_filter(scope, preview=preview, statuses=STATUSES)
        with self.runtime.store.read() as tx:
            rec = tx.get_record(flt, record_id)
        if rec is None:
            raise NotFound(f"no record {record_id} visible to this scope", field="id")
        return rec

    def list(self, scope: Scope, *, kind: str | Sequence[str] | None = None, labels: dict[str, str] | None = None,
             namespace: str | None = None, status: str | Sequence[str] = "active", preview: bool = False,
             pinned: bool | None = None, limit: int = 50, before: tuple[datetime, str] | None = None
             ) -> builtins.list[Record]:
        """See :meth:`engram.engine.Memory.list`."""
        if not isinstance(status, (str, list, tuple)):
            raise ValidationError("must be a status or a list of statuses", field="status")
        if pinned is not None and not isinstance(pinned, bool):
            raise ValidationError("must be True, False or None (None: pinned or not)", field="pinned")
        statuses = tuple(dict.fromkeys((status,) if isinstance(status, str) else tuple(status)))
        memory = self.policy.config_for(scope.agent).memory
        kinds = validate.kind_filter(kind, memory.kinds)
        last = validate.cursor(before) if before is not None else None
        prefix = ns.fill(namespace, scope) if namespace else None
        flt = self.policy.read_filter(
            scope, preview=preview, statuses=statuses, kinds=kinds,
            labels=validate.label_filter(labels, memory.labels), namespace_prefix=prefix)
        with self.runtime.store.read() as tx:
            return tx.list_records(flt, limit=validate.limit(limit), before=last, pinned=pinned)

    def events(self, scope: Scope, limit: int = 50, *, before: datetime | None = None,
               after: datetime | None = None, preview: bool = False) -> builtins.list[Event]:
        """See :meth:`engram.engine.Memory.events`."""
        validate.limit(limit)
        self.policy.check_event_rights(scope, write=False)
        b = validate.as_utc(before, "before") if before is not None else None
        a = validate.as_utc(after, "after") if after is not None else None
        cutoff = self.policy.expiry_cutoff(scope.agent)  # before the read: the policy may read the store itself
        with self.runtime.store.read() as tx:
            return tx.list_events(scope.agent, scope.actor, scope.session, limit=limit, before=b, after=a,
                                  not_before=cutoff, preview=preview)

    def get_event(self, scope: Scope, event_id: str, *, preview: bool = False) -> Event:
        """See :meth:`engram.engine.Memory.get_event`."""
        validate.caller_id(event_id, "id", "event")
        self.policy.check_event_rights(scope, write=False)
        with self.runtime.store.read() as tx:
            got = tx.get_events(scope.agent, scope.actor, scope.session, [event_id], preview=preview)
        if not got or (got[0].stored_at or got[0].at) < self.policy.expiry_cutoff(scope.agent):
            raise NotFound(f"no event {event_id} in this session", field="id")
        return got[0]
