"""``POST …/records/batch`` as a call of :meth:`engram.Memory.batch`.

The HTTP body is one ordered list of ops (``create``, ``update``, ``delete``); the library takes three
lists and runs them in that order (creates, then updates, then deletes) in one transaction. A
:class:`BatchPlan` sorts the ops into the three lists, puts the written records back in the order of the
ops, and renames the library's error fields (``update[0].id``) after the op the caller sent
(``ops[2].id``). The library's semantics are the API's: an update keeps every field it does not name and
only an active record can change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..types import Record
from . import schemas as S

_FIELD = re.compile(r"^(create|update|delete)\[(\d+)\]")


@dataclass
class BatchPlan:
    """The three lists :meth:`Memory.batch` takes, and where each op of the request went."""

    create: list[dict[str, Any]] = field(default_factory=list)
    update: list[dict[str, Any]] = field(default_factory=list)
    delete: list[str] = field(default_factory=list)
    slots: list[tuple[str, int]] = field(default_factory=list)  # per op: (list name, index in that list)

    def in_order(self, done: dict[str, list[Record]]) -> list[Record]:
        """The records ``Memory.batch`` returned, in the order of the request's ops."""
        names = {"create": "created", "update": "updated", "delete": "deleted"}
        return [done[names[name]][i] for name, i in self.slots]

    def field(self, got: str | None) -> str | None:
        """A library error field (``create[1].kind``) as the request names it (``ops[3].kind``)."""
        m = _FIELD.match(got or "")
        if m is None:
            return got
        op = self.slots.index((m.group(1), int(m.group(2))))
        rest = (got or "")[m.end():]
        if m.group(1) == "delete" and not rest:  # the library's delete item is the id itself
            rest = ".id"
        return f"ops[{op}]" + rest


def batch_plan(ops: Sequence[S.BatchCreate | S.BatchUpdate | S.BatchDelete],
               level: Callable[[str | None], str]) -> BatchPlan:
    """Sort the request's ops for ``Memory.batch``; ``level`` gives a create's level (the path's default)."""
    plan = BatchPlan()
    for op in ops:
        if isinstance(op, S.BatchCreate):
            plan.slots.append(("create", len(plan.create)))
            plan.create.append({"summary": op.summary, "content": op.content, "kind": op.kind,
                                "labels": op.labels, "scope": level(op.scope), "namespace": op.namespace,
                                "replaces": op.replaces, "pin": op.pin})
        elif isinstance(op, S.BatchUpdate):
            plan.slots.append(("update", len(plan.update)))
            item: dict[str, Any] = {"id": op.id}
            given = op.model_fields_set
            for name in ("summary", "content", "kind", "labels"):
                if name in given and (name == "content" or getattr(op, name) is not None):
                    item[name] = getattr(op, name)
            plan.update.append(item)
        else:
            plan.slots.append(("delete", len(plan.delete)))
            plan.delete.append(op.id)
    return plan
